"""Soak test of the online table: hundreds of tables for a bounded time, a restart in the middle, and checks.

Starts ``allegiance serve`` in its own process on a fresh SQLite file and keeps ``--tables`` tables
playing for ``--minutes``: SWDBG 1v1 and 2v2 and Wakfu 1v1 and 2v2, some played by bots only, some
with scripted people (WebSocket clients that pick a legal action from their last state message and send
it with its ``version`` and a ``ref``, recording every ``ack``).  When a game ends, its table is
replaced by a new one, so the count holds for the whole soak.  Meanwhile people drop their connection
at random (a clean close or a cut) and come back with their seat token, going on from the state they
are sent; spectators join tables and leave; and at ``--restart-at`` of the time the server is stopped
(SIGTERM) and started again on the same database, and every client reconnects and goes on.

    .venv/bin/python benchmarks/soak.py                       # 200 tables, 10 minutes
    .venv/bin/python benchmarks/soak.py --tables 6 --minutes 0.7 --think 0.05 --bot-delay 0.05   # CI's

Checks (the exit status is 1 if any fails, and the summary says which):

- **errors**: 0 unexpected error messages (only ``stale`` answers are expected: a teammate or a bot
  acted first, or a teammate's action ended the game: "the game is over"), 0 unexpected close codes or failed connections (outside the restart; ``1013`` "busy"
  while the restarted server rebuilds tables is expected and retried), 0 failed table creations or
  replay downloads, and 0 error lines (tracebacks, errors) in the server's log;
- **acknowledged actions**: every ``ack`` a person received is in the stored log (read from the SQLite
  file once the server is stopped) at the version it was acknowledged for, with that seat and action,
  and no state message ever showed a table behind an action already acknowledged;
- **replays**: every finished game's replay (downloaded from ``/api/tables/{id}/replay``) is the stored
  log, and rebuilt with :mod:`allegiance.replay` it gives the version, view and outcome that every
  page watching the game received live when it ended;
- **memory**: the server's resident memory after the restart (``middle``, just before it; ``end``)
  stays within ``--memory-tolerance`` of its value after warm-up (``start``);

  What grows, measured (a probe counting the server's objects during 20- and 30-table soaks): the
  WebSockets of pages that dropped stayed in memory.  Their objects are reference cycles (the websockets
  library's protocol and its parser generator; the ASGI tasks, the connection and the tracebacks of
  the exceptions that ended it), a page stays connected long enough for them to reach the collector's
  oldest generation, and the server's collector settings (``allegiance.server.gctune``) almost never
  ran a full collection: 20 s into a 20-table soak, 119 protocol objects were in memory for 32 open
  sockets.  Closed sockets now pace full collections (``gctune.SocketGarbage``).  The rest of the
  growth was the live games: a live table kept its whole action log and event list (some hundreds of
  bytes an action); it now keeps a window of its latest events and no log
  (:mod:`allegiance.server.history`).  The last steady growth was the ended tables: every table whose
  game ended stayed in memory for the server's lifetime; at most ``tables.ENDED_IN_MEMORY`` ended
  tables that no page watches now stay (docs/figures/table.md, "Soak").
- **progress**: the restart happened, every table unfinished at the restart went on after it (a person
  had an action acknowledged, an early pass held included, or a bot table moved on, or the game ended), and at least
  ``--min-finished`` games ended.  After ``--minutes`` the soak waits for these (at most
  ``--grace`` seconds more), so a busy machine makes it slower, not wrong.  Then the clients stop
  (within a minute) and the server is stopped: the soak always ends by itself.

The server's default limits for one address are raised for the soak (every client is on 127.0.0.1);
``--server-arg`` passes more options to ``allegiance serve``.  A benchmark, not a timed test:
``tests/test_soak.py`` runs it small and asserts its checks.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from load_tables import cpu_seconds  # noqa: E402
from load_tables import rss_mb as proc_rss_mb  # noqa: E402

from tests.server.helpers import ServerProcess, free_port  # noqa: E402
from tests.server.policy import pick  # noqa: E402

#: the soak's tables: (game, mode, options); short games, so that many end within the soak
TABLE_KINDS: list[tuple[str, str, dict[str, Any]]] = [
    ("swdbg", "2v2", {"bases_to_win": 2, "max_turns": 30}),
    ("swdbg", "1v1", {"bases_to_win": 2, "max_turns": 30}),
    ("wakfu", "1v1", {"max_turns": 12}),
    ("wakfu", "2v2", {"max_turns": 16}),
]
#: the bots that play the bot seats (searching bots are left out: one worker serves them all)
BOTS = ("greedy", "random")
#: a person ends their turn with this chance whenever they may (a Wakfu player may otherwise move back
#: and forth for ever)
END_TURN_CHANCE = 0.25
#: close codes that mean "the server went away" (expected only while it restarts)
GOING_AWAY = {1000, 1001, 1006, 1012}
#: "try again later": the restarted server is rebuilding this address's tables; retried
BUSY = 1013
#: the refusal of an action chosen, still valid, just before a teammate's action ended the game
GAME_OVER = "the game is over"
#: seconds an action may wait for its ack or refusal on an open connection
ACK_TIMEOUT = 60.0
#: a line of the server's log that reports a failure
LOG_ERROR = re.compile(r"Traceback|Error|ERROR|[Ee]xception|failed|cannot|could not|broken|dropping")
#: how many times a replay download answered 429 / 503 with ``Retry-After`` is asked again
REPLAY_RETRIES = 20
#: server options that lift the per-address limits for the soak's single address
SERVER_LIMITS = ["--creates-per-minute", "1000000", "--max-tables", "0", "--replays-per-client", "64",
                 "--tables-per-client", "0", "--sockets-per-client", "0", "--spectators-per-table", "0",
                 "--lobby-per-minute", "1000000", "--ws-per-minute", "1000000"]


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB: psutil if installed, else /proc."""
    try:
        import psutil  # type: ignore[import-untyped]
    except ImportError:
        return proc_rss_mb(pid)
    return float(psutil.Process(pid).memory_info().rss) / 2**20


def person_action(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A scripted person's choice among the ``legal`` items of a state message."""
    ends = [item["action"] for item in legal if item["action"]["kind"] == "end_turn"]
    if ends and rng.random() < END_TURN_CHANCE:
        return ends[0]
    return pick(legal, rng)


def seat_kinds(seats: int, rng: random.Random) -> list[str]:
    """Who plays each seat of a new table: all bots (a third of tables) or some scripted people."""
    if rng.random() < 1 / 3:
        return [rng.choice(BOTS) for _ in range(seats)]
    people = rng.randint(1, seats)
    chosen = set(rng.sample(range(seats), people))
    return ["human" if s in chosen else rng.choice(BOTS) for s in range(seats)]


def plain(value: Any) -> Any:
    """``value`` as it reads after a trip through JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


@dataclass
class Config:
    tables: int = 200
    minutes: float = 10.0
    seed: int = 2026
    restart_at: float = 0.5
    port: int | None = None
    think: float = 1.0
    bot_delay: float = 0.5
    spectators: int | None = None
    disconnect_every: float = 60.0
    warmup: float | None = None
    memory_tolerance: float = 0.25
    min_finished: int = 1
    grace: float | None = None
    server_args: list[str] = field(default_factory=list)
    keep_db: bool = False

    @property
    def seconds(self) -> float:
        return 60.0 * self.minutes

    @property
    def warmup_s(self) -> float:
        return self.warmup if self.warmup is not None else min(60.0, 0.1 * self.seconds)

    @property
    def grace_s(self) -> float:
        return self.grace if self.grace is not None else max(60.0, 0.25 * self.seconds)

    @property
    def spectator_count(self) -> int:
        return self.spectators if self.spectators is not None else max(1, self.tables // 4)


@dataclass
class Run:
    """One game played during the soak: its table, who plays it and what its pages saw."""

    table_id: str
    game: str
    mode: str
    kinds: list[str]
    tokens: dict[int, str]
    #: the final state message each watching page received: seat (None: a spectator) -> message
    finals: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    #: the highest version any page of this table saw
    version: int = 0
    #: acks received (``(idx, seat, action)``: the action was stored at version ``idx``)
    acks: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    #: the highest version acknowledged
    acked_version: int = 0
    #: the version seen when the server was stopped, and whether the table went on after the restart
    version_at_restart: int | None = None
    went_on: bool = False
    replay: dict[str, Any] | None = None

    @property
    def finished(self) -> bool:
        return bool(self.finals)

    @property
    def people(self) -> bool:
        return "human" in self.kinds


class Server:
    """``allegiance serve`` in its own process whose log is read (and kept) as it is written."""

    def __init__(self, db: str, port: int, bot_delay: float, extra: list[str], log_path: Path) -> None:
        self.process = ServerProcess(db, port=port, bot_delay=bot_delay, extra=extra)
        self.log_path = log_path
        self.lines: list[str] = []
        self._reader: threading.Thread | None = None

    @property
    def pid(self) -> int:
        assert self.process.proc is not None
        return self.process.proc.pid

    def start(self) -> None:
        self.process.start()
        assert self.process.proc is not None and self.process.proc.stderr is not None
        stream = self.process.proc.stderr
        self._reader = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._reader.start()

    def _read(self, stream: Any) -> None:
        """Drain the server's stderr (a full pipe would stall the server) into the list and the file."""
        with self.log_path.open("a", encoding="utf-8") as out:
            for raw in iter(stream.readline, b""):
                line = raw.decode("utf-8", "replace").rstrip("\n")
                self.lines.append(line)
                out.write(line + "\n")
                out.flush()

    def stop(self, timeout: float = 30.0) -> tuple[float, int | None, bool]:
        """SIGTERM and wait: (seconds it took, exit code, whether it had to be killed); again: nothing."""
        proc = self.process.proc
        if proc is None:
            return 0.0, None, False
        started = time.monotonic()
        killed = False
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
                killed = True
        if self._reader is not None:
            self._reader.join(timeout=5)
        return time.monotonic() - started, proc.returncode, killed


class Soak:
    """The soak's clients, its server's life and what it recorded."""

    def __init__(self, config: Config) -> None:
        self.cfg = config
        self.rng = random.Random(config.seed)
        self.workdir = Path(tempfile.mkdtemp(prefix="allegiance-soak-"))
        self.db = str(self.workdir / "soak.db")
        self.port = config.port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = self.base.replace("http", "ws", 1)
        self.servers: list[Server] = []
        #: bumped when the server is stopped; a failure on a connection of an older generation is expected
        self.generation = 0
        self.restarting = False
        self.stop = asyncio.Event()
        self.no_new_tables = False
        self.runs: list[Run] = []
        self.live: dict[str, Run] = {}
        self.errors: Counter[str] = Counter()
        self.error_examples: list[str] = []
        self.counts: Counter[str] = Counter()
        self.rss: dict[str, float | None] = {"start": None, "middle": None, "end": None}
        self.rss_timeline: list[tuple[float, int, float]] = []
        self.started = 0.0
        self.restart: dict[str, Any] = {}
        self.http = self.new_http()

    def new_http(self) -> httpx.AsyncClient:
        """An HTTP client for one server process (its pooled connections die with the process); a
        request may wait for a pooled connection as long as it takes (200 tables start at once)."""
        return httpx.AsyncClient(base_url=self.base, timeout=httpx.Timeout(60.0, pool=None),
                                 limits=httpx.Limits(max_connections=20, max_keepalive_connections=20))

    # -- bookkeeping -------------------------------------------------------------------------------
    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.error_examples) < 30:
            self.error_examples.append(f"{self.elapsed():.1f}s {kind}: {detail[:300]}")

    def elapsed(self) -> float:
        return time.monotonic() - self.started if self.started else 0.0

    def expected_failure(self, generation: int) -> bool:
        """Whether a connection or request that failed was cut by the restart."""
        return self.restarting or generation < self.generation

    @property
    def server(self) -> Server:
        return self.servers[-1]

    # -- the server --------------------------------------------------------------------------------
    def start_server(self) -> None:
        server = Server(self.db, self.port, self.cfg.bot_delay, SERVER_LIMITS + self.cfg.server_args,
                        self.workdir / "server.log")
        self.servers.append(server)  # first: one that fails to start is stopped too
        server.start()

    async def restart_server(self) -> None:
        self.rss["middle"] = rss_mb(self.server.pid)
        for run in self.live.values():
            run.version_at_restart = run.version
        self.restarting = True
        self.generation += 1
        old_http = self.http
        took, code, killed = await asyncio.to_thread(self.server.stop)
        self.restart = {"at_s": round(self.elapsed(), 1), "stop_s": round(took, 2), "exit_code": code,
                        "killed": killed, "tables_unfinished": len(self.live)}
        if killed or code not in (0, -signal.SIGTERM):
            self.error("server_stop", f"SIGTERM: exit code {code}, killed after 30 s: {killed}")
        await old_http.aclose()
        self.http = self.new_http()
        started = time.monotonic()
        await asyncio.to_thread(self.start_server)
        self.restart["start_s"] = round(time.monotonic() - started, 2)
        self.restarting = False

    async def sample_memory(self) -> None:
        while not self.stop.is_set():
            with contextlib.suppress(OSError, ValueError, AssertionError):
                if not self.restarting:
                    self.rss_timeline.append((round(self.elapsed(), 1), self.generation,
                                              round(rss_mb(self.server.pid), 1)))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), 5.0)

    # -- HTTP --------------------------------------------------------------------------------------
    async def request(self, method: str, path: str, what: str, after_stop: bool = False,
                      **kwargs: Any) -> httpx.Response | None:
        """One HTTP request, tried again while the server restarts; ``None`` once the soak stops
        (``after_stop``: tried a few times even then, while the server is still up)."""
        tries = 0
        while not self.stop.is_set() or (after_stop and tries < 5):
            tries += 1
            generation, http = self.generation, self.http
            try:
                res = await http.request(method, path, **kwargs)
            except (httpx.HTTPError, RuntimeError) as exc:  # RuntimeError: the client was closed by a restart
                if not self.expected_failure(generation):
                    self.error(f"{what}_failed", f"{path}: {type(exc).__name__}: {exc}")
                await asyncio.sleep(0.5)
                continue
            return res
        return None

    async def create(self, rng: random.Random) -> Run | None:
        game, mode, options = rng.choice(TABLE_KINDS)
        from allegiance.games import get_game

        kinds = seat_kinds(len(get_game(game).table_for(mode)), rng)
        res = await self.request("POST", "/api/tables", "create",
                                 json={"game": game, "mode": mode, "seats": kinds, "options": options})
        if res is None:
            return None
        if res.status_code != 201:
            self.error("create_refused", f"{res.status_code} {res.text}")
            await asyncio.sleep(1.0)
            return None
        body = res.json()
        run = Run(body["table"]["id"], game, mode, kinds, {link["seat"]: link["token"] for link in body["links"]})
        self.runs.append(run)
        self.live[run.table_id] = run
        self.counts["tables_created"] += 1
        return run

    async def fetch_replay(self, run: Run, after_stop: bool = False) -> None:
        """Download a finished game's replay.  A 429 or 503 with ``Retry-After`` is the server's documented
        limit on replay work (one address may have only a few stored tables rebuilt at once, and right
        after a restart every finished table is stored only): the soak waits as told and asks again, as
        a well-behaved client does, up to ``REPLAY_RETRIES`` times; only a refusal past that is an error."""
        for _ in range(REPLAY_RETRIES):
            res = await self.request("GET", f"/api/tables/{run.table_id}/replay", "replay", after_stop=after_stop)
            if res is None:
                return
            if res.status_code == 200:
                run.replay = res.json()
                return
            wait = retry_after(res)
            if wait is None:
                break
            self.counts["replay_throttled"] += 1
            await asyncio.sleep(wait)
        self.error("replay_refused", f"{run.table_id}: {res.status_code} {res.text[:200]}")

    # -- tables ------------------------------------------------------------------------------------
    async def keep_table(self, index: int) -> None:
        """One of the ``--tables`` places: a table at a time, a new one when its game ends."""
        rng = random.Random(self.cfg.seed * 100_003 + index)
        await asyncio.sleep(index * 0.02)  # the first tables are not all created in the same instant
        while not self.no_new_tables and not self.stop.is_set():
            run = await self.create(rng)
            if run is None:
                continue
            clients = [Client(self, run, seat, token, rng.random()) for seat, token in run.tokens.items()]
            if not clients:  # a bot table: one spectator watches it to its end
                clients = [Client(self, run, None, None, rng.random())]
            await asyncio.gather(*(c.run() for c in clients))
            self.live.pop(run.table_id, None)
            if run.finished:
                self.counts["games_finished"] += 1
                await self.fetch_replay(run)

    async def spectate(self, index: int) -> None:
        """A spectator who joins a random table, watches a while, leaves, and comes back elsewhere."""
        rng = random.Random(self.cfg.seed * 7_919 + index)
        while not self.stop.is_set():
            await asyncio.sleep(rng.uniform(0.2, 2.0))
            if self.restarting or not self.live:
                continue
            run = self.live[rng.choice(list(self.live))]
            stay = rng.uniform(1.0, max(2.0, self.cfg.disconnect_every / 4))
            await Client(self, run, None, None, rng.random(), stay=stay).run()
            self.counts["spectator_visits"] += 1

    # -- the whole soak ----------------------------------------------------------------------------
    def progress_met(self) -> bool:
        if not self.restart or self.counts["games_finished"] < self.cfg.min_finished:
            return False
        return all(run.went_on or run.finished for run in self.runs if run.version_at_restart is not None)

    async def run(self) -> dict[str, Any]:
        """The whole soak, its checks and its figures; the server is stopped whatever happens."""
        try:
            return await self._run()
        finally:
            for server in self.servers:
                server.stop()
            if not self.cfg.keep_db:
                shutil.rmtree(self.workdir, ignore_errors=True)

    async def _run(self) -> dict[str, Any]:
        cfg = self.cfg
        await asyncio.to_thread(self.start_server)
        self.started = time.monotonic()
        cpu0 = cpu_seconds(self.server.pid)
        tasks = [asyncio.create_task(self.keep_table(i)) for i in range(cfg.tables)]
        tasks += [asyncio.create_task(self.spectate(i)) for i in range(cfg.spectator_count)]
        sampler = asyncio.create_task(self.sample_memory())
        await asyncio.sleep(cfg.warmup_s)
        self.rss["start"] = rss_mb(self.server.pid)
        self.rss["start_at_s"] = round(self.elapsed(), 1)
        await asyncio.sleep(max(0.0, cfg.restart_at * cfg.seconds - self.elapsed()))
        cpu_first = cpu_seconds(self.server.pid) - cpu0
        self.rss["middle_at_s"] = round(self.elapsed(), 1)
        await self.restart_server()
        cpu1 = cpu_seconds(self.server.pid)
        await asyncio.sleep(max(0.0, cfg.seconds - self.elapsed()))
        deadline = cfg.seconds + cfg.grace_s
        while not self.progress_met() and self.elapsed() < deadline:
            await asyncio.sleep(0.5)
        self.rss["end"] = rss_mb(self.server.pid)
        self.rss["end_at_s"] = round(self.elapsed(), 1)
        server_cpu = cpu_first + cpu_seconds(self.server.pid) - cpu1
        elapsed = self.elapsed()
        self.no_new_tables = True
        self.stop.set()
        done, pending = await asyncio.wait([*tasks, sampler], timeout=60)
        for task in pending:
            task.cancel()
        for task in done:
            if not task.cancelled() and task.exception() is not None:
                exc = task.exception()
                self.error("client_crashed", f"{type(exc).__name__}: {exc}")
        for run in self.runs:  # games that ended as the soak stopped
            if run.finished and run.replay is None:
                await self.fetch_replay(run, after_stop=True)
        await self.http.aclose()
        self.server.stop()
        result = self.check()
        result.update(seconds=round(elapsed, 1), server_cpu_share=round(server_cpu / elapsed, 2),
                      load_average=[round(x, 2) for x in os.getloadavg()])
        if cfg.keep_db:
            result["workdir"] = str(self.workdir)
        return result

    # -- the checks --------------------------------------------------------------------------------
    def check(self) -> dict[str, Any]:
        stored = read_logs(self.db, [run.table_id for run in self.runs])
        for server in self.servers:
            for line in server.lines:
                if LOG_ERROR.search(line):
                    self.error("server_log", line)
        lost = []
        acks = 0
        for run in self.runs:
            log = stored.get(run.table_id, {})
            for idx, seat, action in run.acks:
                acks += 1
                if log.get(idx) != (seat, plain(action)):
                    lost.append(f"{run.table_id} version {idx}: acked {seat} {action}, stored {log.get(idx)}")
        mismatches = []
        finished = [run for run in self.runs if run.finished]
        for run in finished:
            problem = replay_problem(run, stored.get(run.table_id, {}))
            if problem:
                mismatches.append(f"{run.table_id} ({run.game} {run.mode}): {problem}")
        start, middle, end = self.rss["start"], self.rss["middle"], self.rss["end"]
        limit = (start or 0.0) * (1 + self.cfg.memory_tolerance)
        memory_flat = start is not None and middle is not None and end is not None and middle <= limit and end <= limit
        unresumed = [run.table_id for run in self.runs
                     if run.version_at_restart is not None and not (run.went_on or run.finished)]
        checks = {
            "errors": sum(self.errors.values()) == 0,
            "acknowledged_actions_stored": not lost and acks > 0,
            "replays_equal_final_states": not mismatches and all(run.replay is not None for run in finished),
            "memory_flat": memory_flat,
            "restart_and_progress": bool(self.restart) and not unresumed
            and self.counts["games_finished"] >= self.cfg.min_finished,
        }
        people_tables = sum(1 for run in self.runs if run.people)
        return {
            "ok": all(checks.values()), "checks": checks,
            "tables": self.cfg.tables, "minutes": self.cfg.minutes, "seed": self.cfg.seed,
            "tables_created": self.counts["tables_created"], "tables_with_people": people_tables,
            "games_finished": len(finished),
            "games_by_kind": dict(Counter(f"{r.game} {r.mode}" for r in finished)),
            "actions_acknowledged": acks, "actions_stored": sum(len(log) for log in stored.values()),
            "stale_answers": self.counts["stale"], "reconnects": self.counts["reconnects"],
            "people_drops": {"closed": self.counts["drops_closed"], "cut": self.counts["drops_cut"]},
            "busy_retries": self.counts["busy"], "replay_throttled": self.counts["replay_throttled"],
            "restart_close_codes": {k.rsplit("_", 1)[1]: v for k, v in self.counts.items()
                                    if k.startswith("restart_close_")}, "spectator_visits": self.counts["spectator_visits"],
            "restart": self.restart, "tables_not_going_on_after_restart": unresumed[:20],
            "server_rss_mb": {k: (round(v, 1) if isinstance(v, float) else v) for k, v in self.rss.items()},
            "memory_limit_mb": round(limit, 1), "rss_timeline": self.rss_timeline,
            "errors": dict(self.errors), "error_examples": self.error_examples,
            "lost_acknowledged": len(lost), "lost_examples": lost[:10],
            "replay_mismatches": len(mismatches), "replay_examples": mismatches[:10],
            "server_log_lines": sum(len(s.lines) for s in self.servers),
        }


class Client:
    """One page at a table: a scripted person (with a seat token) or a spectator (without).

    A person acts on its latest state message after a think time, one action at a time, drops its
    connection now and then and comes back with its token.  A spectator with no ``stay`` watches the
    table to its end (the keeper of a bot table); with ``stay`` it leaves after that many seconds.
    """

    def __init__(self, soak: Soak, run: Run, seat: int | None, token: str | None, seed: float,
                 stay: float | None = None) -> None:
        self.soak = soak
        self.run_ = run
        self.seat = seat
        self.token = token
        self.stay = stay
        self.rng = random.Random(seed)
        self.done = False
        self.latest: dict[str, Any] | None = None
        #: the action waiting for its answer: (ref, version it was chosen at, action, when sent)
        self.pending: tuple[int, int, dict[str, Any], float] | None = None
        self.refs = 0
        #: the lowest version a state on this connection may have (acks before it opened, and its own)
        self.floor = 0
        #: the version at which this connection's early pass was held (the window's end stores it)
        self.held_at: int | None = None

    @property
    def keeper(self) -> bool:
        return self.stay is None

    async def run(self) -> None:
        soak = self.soak
        first = True
        backoff = 0.2
        while not soak.stop.is_set() and not self.done:
            if not first:
                await asyncio.sleep(self.rng.uniform(backoff, 2 * backoff))
                if soak.stop.is_set():
                    return
                soak.counts["reconnects"] += 1
            first = False
            generation = soak.generation
            # every action acknowledged before this connection opens is stored: no state may be older
            self.floor = self.run_.acked_version
            self.held_at = None  # a held pass is not stored until its window ends: a restart asks again
            try:
                async with websockets.connect(f"{soak.ws_base}/ws/tables/{self.run_.table_id}", max_size=2**23,
                                              open_timeout=60, close_timeout=5, ping_interval=None) as ws:
                    join: dict[str, Any] = {"type": "join"}
                    if self.token is not None:
                        join["token"] = self.token
                    await ws.send(json.dumps(join))
                    how = await self.converse(ws, generation)
                    backoff = 0.2
                    if how in ("cut", "closed"):
                        soak.counts[f"drops_{how}"] += 1
                    if how == "cut":
                        ws.transport.abort()
                    if how in ("left", "stopped") or self.done:
                        return
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else 1006
                if code == BUSY:
                    soak.counts["busy"] += 1
                    backoff = min(2.0, backoff * 2)
                elif code in GOING_AWAY and soak.expected_failure(generation):
                    soak.counts[f"restart_close_{code}"] += 1
                else:
                    soak.error(f"closed_{code}", f"table {self.run_.table_id} seat {self.seat}: "
                                                 f"{exc.rcvd.reason if exc.rcvd else 'no close frame'}")
                    if code >= 4000:
                        return  # the server refuses this page for good (4403, 4404, 4410, 4429, 4500)
            except (OSError, InvalidHandshake, TimeoutError) as exc:
                if not soak.expected_failure(generation):
                    soak.error("connect_failed", f"table {self.run_.table_id}: {type(exc).__name__}: {exc}")
                backoff = min(2.0, backoff * 2)
            self.pending = None  # an action sent on a lost connection may or may not have been stored

    async def converse(self, ws: Any, generation: int) -> str:
        """Read and act until the game ends (``finished``), the page leaves (``left``) or drops its
        connection (``closed`` or ``cut``), or the soak stops (``stopped``)."""
        loop = asyncio.get_running_loop()
        cfg = self.soak.cfg
        now = loop.time()
        leave_at = now + self.stay if self.stay is not None else math.inf
        drop_at = now + self.rng.expovariate(1 / cfg.disconnect_every) if self.seat is not None else math.inf
        act_at: float | None = None
        while True:
            if self.soak.stop.is_set():
                return "stopped"
            now = loop.time()
            wait = min(leave_at, drop_at, act_at if act_at is not None else now + 0.5) - now
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, min(0.5, wait)))
            except TimeoutError:
                raw = None
            if raw is not None:
                self.receive(json.loads(raw), generation)
                if self.done:
                    return "finished"
            now = loop.time()
            if now >= leave_at:
                return "left"
            if now >= drop_at:
                return "cut" if self.rng.random() < 0.5 else "closed"
            if self.pending is not None and now - self.pending[3] > ACK_TIMEOUT:
                self.soak.error("no_answer", f"table {self.run_.table_id} seat {self.seat}: no ack or error "
                                             f"in {ACK_TIMEOUT:g} s")
                self.pending = None
            latest = self.latest
            if self.seat is None or latest is None or self.pending is not None or not latest["legal"] \
                    or latest["version"] == self.held_at:
                act_at = None
                continue
            if act_at is None:
                act_at = now + cfg.think * self.rng.uniform(0.5, 1.5)
            elif now >= act_at:
                act_at = None
                self.refs += 1
                action = person_action(latest["legal"], self.rng)
                self.pending = (self.refs, latest["version"], action, now)
                await ws.send(json.dumps({"type": "action", "action": action, "version": latest["version"],
                                          "ref": self.refs}))

    def receive(self, msg: dict[str, Any], generation: int) -> None:
        run, soak = self.run_, self.soak
        kind = msg.get("type")
        where = f"table {run.table_id} seat {self.seat}"
        if kind == "state":
            if msg["seat"] != self.seat or (self.seat is None and msg["legal"]):
                soak.error("wrong_view", f"{where}: a state for seat {msg['seat']} with {len(msg['legal'])} actions")
            if msg["version"] < self.floor:
                soak.error("behind_ack", f"{where}: version {msg['version']} after an ack of {self.floor}")
            if msg["status"] == "abandoned":
                soak.error("abandoned", f"{where}: the table was closed")
            if generation > 0 and run.version_at_restart is not None and msg["version"] > run.version_at_restart \
                    and not run.people:
                run.went_on = True
            run.version = max(run.version, msg["version"])
            self.latest = msg
            if msg["outcome"] is not None:
                if self.keeper:
                    run.finals[self.seat] = {k: msg[k] for k in ("version", "view", "outcome", "seat")}
                    self.done = True
                self.latest = None
        elif kind == "ack":
            if self.pending is None or msg.get("ref") != self.pending[0]:
                soak.error("unexpected_ack", f"{where}: {msg}")
                return
            _, chosen_at, action, _ = self.pending
            self.pending = None
            held = msg.get("held") is True  # an early pass in a response window: stored at the window's end
            if not isinstance(msg.get("version"), int) or msg["version"] < chosen_at \
                    or (msg["version"] == chosen_at and not held):
                soak.error("bad_ack", f"{where}: ack version {msg.get('version')} for an action chosen at {chosen_at}")
                return
            if held:  # accepted, not stored: the table stores its own pass at the window's end (a restart
                self.floor = max(self.floor, msg["version"])  # opens the window again), so no ack to count
                self.held_at = chosen_at  # said once: not again at this version (a page does not either)
                if generation > 0 and run.version_at_restart is not None:
                    run.went_on = True  # a person's move accepted after the restart (a bot's turn of windows
                return                  # held the game's next stored ack 20-30 s away)
            assert self.seat is not None  # only people act
            run.acks.append((msg["version"] - 1, self.seat, action))
            run.acked_version = max(run.acked_version, msg["version"])
            self.floor = max(self.floor, msg["version"])
            if generation > 0 and run.version_at_restart is not None:
                run.went_on = True
        elif kind == "error":
            if self.pending is not None and msg.get("ref") == self.pending[0]:
                self.pending = None
            if msg.get("code") == "stale":
                soak.counts["stale"] += 1
            elif msg.get("code") == "illegal" and msg.get("message") == GAME_OVER:
                soak.counts["stale"] += 1  # a teammate's action ended the game first
            elif msg.get("code") != "busy":  # busy: the 1013 close that follows is retried
                soak.error(f"error_{msg.get('code')}", f"{where}: {msg.get('message')}")
        elif kind not in ("presence", "pong", "chat", "chat_history"):
            soak.error("unknown_message", f"{where}: {str(msg)[:200]}")


def read_logs(db: str, table_ids: list[str]) -> dict[str, dict[int, tuple[int, Any]]]:
    """Every stored action of these tables, read from the database: table -> version -> (seat, action)."""
    from sqlalchemy import select

    from allegiance.server.storage import Storage, actions_t

    storage = Storage(db)
    wanted = set(table_ids)
    logs: dict[str, dict[int, tuple[int, Any]]] = {t: {} for t in table_ids}
    try:
        with storage.engine.connect() as conn:
            for row in conn.execute(select(actions_t.c.table_id, actions_t.c.idx, actions_t.c.seat,
                                           actions_t.c.action)):
                if row.table_id in wanted:
                    logs[row.table_id][int(row.idx)] = (int(row.seat), json.loads(row.action))
    finally:
        storage.close()
    return logs


def retry_after(res: httpx.Response) -> float | None:
    """Seconds a 429 / 503 answer asks the client to wait (``Retry-After``, capped at 10 s), else ``None``."""
    if res.status_code not in (429, 503):
        return None
    try:
        return min(10.0, max(0.1, float(res.headers.get("Retry-After", "1"))))
    except ValueError:
        return 1.0


def replay_problem(run: Run, stored: dict[int, tuple[int, Any]]) -> str | None:
    """What is wrong with a finished game's replay, or ``None``: it must be the stored log, and rebuilt
    it must give the version, view and outcome each page received when the game ended."""
    from allegiance.core.errors import PositionError
    from allegiance.replay import load_replay, replay_game

    if run.replay is None:
        return "no replay was downloaded"
    actions = run.replay["actions"]
    if [tuple(pair) for pair in actions] != [stored.get(i) for i in range(len(stored))] or len(actions) != len(stored):
        return f"the replay's {len(actions)} actions are not the {len(stored)} stored"
    try:
        game, state = replay_game(load_replay(run.replay))
    except PositionError as exc:
        return f"the replay does not rebuild: {exc}"
    outcome = game.outcome(state)
    rebuilt = plain(outcome.to_json()) if outcome is not None else None
    if rebuilt is None or rebuilt != run.replay["outcome"]:
        return f"rebuilt outcome {rebuilt} differs from the replay file's {run.replay['outcome']}"
    for seat, final in run.finals.items():
        if final["version"] != state.version:
            return f"seat {seat} saw the game end at version {final['version']}, the replay at {state.version}"
        if final["outcome"] != rebuilt:
            return f"seat {seat} saw outcome {final['outcome']}, the replay gives {rebuilt}"
        if final["view"] != plain(game.view(state, seat)):
            return f"seat {seat}'s final view differs from the replay's"
    return None


def summary(result: dict[str, Any]) -> str:
    checks = result["checks"]
    rss = result["server_rss_mb"]
    lines = [
        f"soak: {result['tables']} tables for {result['minutes']:g} min (ran {result['seconds']} s, seed {result['seed']}): "
        f"{result['tables_created']} tables ({result['tables_with_people']} with people), "
        f"{result['games_finished']} games finished {result['games_by_kind']}",
        f"  {result['actions_acknowledged']} actions acknowledged to people, {result['actions_stored']} stored in all, "
        f"{result['stale_answers']} stale answers, people dropped {result['people_drops']}, "
        f"{result['reconnects']} reconnections "
        f"({result['busy_retries']} busy retries), {result['spectator_visits']} spectator visits",
        f"  restart at {result['restart'].get('at_s')} s: stopped in {result['restart'].get('stop_s')} s "
        f"(exit {result['restart'].get('exit_code')}), up again in {result['restart'].get('start_s')} s, "
        f"{result['restart'].get('tables_unfinished')} tables unfinished then, pages closed with "
        f"{result['restart_close_codes']}",
        f"  server memory: start {rss['start']} MB (at {rss.get('start_at_s')} s), middle {rss['middle']} MB "
        f"(at {rss.get('middle_at_s')} s, before the restart), end {rss['end']} MB (at {rss.get('end_at_s')} s); "
        f"limit {result['memory_limit_mb']} MB; server CPU {result['server_cpu_share']} core",
        f"  errors {result['errors'] or 0}, lost acknowledged actions {result['lost_acknowledged']}, "
        f"replay mismatches {result['replay_mismatches']}",
    ]
    for example in result["error_examples"][:10] + result["lost_examples"][:5] + result["replay_examples"][:5]:
        lines.append(f"    {example}")
    lines.append("  checks: " + ", ".join(f"{name} {'ok' if ok else 'FAILED'}" for name, ok in checks.items()))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables kept playing at once")
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the soak runs")
    parser.add_argument("--seed", type=int, default=2026, help="seeds the tables, people's choices and timings")
    parser.add_argument("--restart-at", type=float, default=0.5, help="when the server restarts (fraction of the time)")
    parser.add_argument("--port", type=int, help="the server's port (default: a free one)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a person waits before acting")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="the server's pause before each bot action")
    parser.add_argument("--spectators", type=int, help="spectators coming and going (default: a quarter of --tables)")
    parser.add_argument("--disconnect-every", type=float, default=60.0,
                        help="mean seconds a person stays connected before dropping the connection")
    parser.add_argument("--warmup", type=float, help="seconds before the start memory sample (default: 10%% of "
                        "the time, at most 60)")
    parser.add_argument("--memory-tolerance", type=float, default=0.25,
                        help="how much more memory than at the start the middle and end may hold (fraction)")
    parser.add_argument("--min-finished", type=int, default=1, help="games that must end within the soak")
    parser.add_argument("--grace", type=float, help="seconds past --minutes to wait for the progress checks "
                        "(default: a quarter of --minutes, at least 60)")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="one more argument for `allegiance serve` (repeat for each)")
    parser.add_argument("--keep-db", action="store_true", help="keep the database and server log (path in the JSON)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 0 < args.restart_at < 1:
        parser.error("--restart-at is a fraction between 0 and 1")
    if args.tables < 1 or args.minutes <= 0:
        parser.error("--tables and --minutes must be positive")
    config = Config(tables=args.tables, minutes=args.minutes, seed=args.seed, restart_at=args.restart_at,
                    port=args.port, think=args.think, bot_delay=args.bot_delay, spectators=args.spectators,
                    disconnect_every=args.disconnect_every, warmup=args.warmup,
                    memory_tolerance=args.memory_tolerance, min_finished=args.min_finished, grace=args.grace,
                    server_args=args.server_arg, keep_db=args.keep_db)
    result = asyncio.run(Soak(config).run())
    print(json.dumps(result, indent=2) if args.json else summary(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
