"""Several ``allegiance serve`` processes over one PostgreSQL serve one site (issue 25).

Real PostgreSQL (tests/server/pg.py) and real server processes started here; every wait is on
progress (messages, log rows), bounded by the test's timeout.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from allegiance.server.storage import Storage
from tests.server.cluster_clients import Seat, Spectator, log_of, replayed_view, seats_in_log
from tests.server.helpers import ROOT, ServerProcess, create_table, wait_until_up

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(600)]



@pytest.fixture
def servers(pg_url: str, request: pytest.FixtureRequest) -> Iterator[list[ServerProcess]]:
    started: list[ServerProcess] = []
    failed_before = request.session.testsfailed
    try:
        yield started
    finally:
        for server in started:
            server.stop()
            if isinstance(server, LoggedServer):
                if request.session.testsfailed > failed_before:  # the test failed: its servers' logs
                    print(f"--- log of {server.base}:\n{server.log_tail()}")
                Path(server.log.name).unlink(missing_ok=True)


class LoggedServer(ServerProcess):
    """A server process whose log goes to a file (read when a test fails), never to a pipe nobody
    reads: a full pipe would stop the server at its next log line."""

    def start(self) -> LoggedServer:
        self.log = tempfile.NamedTemporaryFile(prefix="allegiance-cluster-", suffix=".log", delete=False)  # noqa: SIM115
        code = "from allegiance.cli import app; app()"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", str(self.port), "--db", self.db,
             "--bot-delay", str(self.bot_delay), "--log-level", "warning", *self.extra],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self.log)
        wait_until_up(self.base, proc=self.proc)
        return self

    def log_tail(self, chars: int = 3000) -> str:
        return Path(self.log.name).read_text(errors="replace")[-chars:]


def start(servers: list[ServerProcess], pg_url: str, bot_delay: float = 0.0, extra: list[str] | None = None,
          ) -> LoggedServer:
    server = LoggedServer(pg_url, bot_delay=bot_delay, extra=extra).start()
    servers.append(server)
    return server


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {link["seat"]: link["token"] for link in created["links"]}


def wait_for(check: Any, what: str, limit: float = 120.0) -> Any:
    """Poll ``check`` until it answers something true (a bound for a hung server, not a timing claim)."""
    deadline = time.monotonic() + limit
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def assert_final_states_replay(servers: list[ServerProcess], table_id: str, pg_url: str) -> None:
    """Every process's final state of the table is the replay of the one stored log."""
    replay = httpx.get(f"{servers[0].base}/api/tables/{table_id}/replay", timeout=30).json()
    view, outcome = replayed_view(replay)
    assert outcome is not None
    for server in servers:
        if server.proc is None or server.proc.poll() is not None:
            continue
        state = wait_for(lambda s=server: (st := httpx.get(f"{s.base}/api/tables/{table_id}/state", timeout=30)
                                           .json())["status"] == "finished" and st, f"{server.base} finished")
        assert state["version"] == len(log_of(pg_url, table_id)) == len(replay["actions"])
        assert state["view"] == view and state["outcome"] == outcome


def test_processes_play_one_2v2_table_seats_spread(servers: list[ServerProcess], pg_url: str) -> None:
    """Seat s on process s mod 3 (teammates 0 and 1, 2 and 3 on different processes, who race in the
    team turns; seats 0 and 3, of opposing teams, on one), a spectator on each: the game is played to its
    end, one order, every acknowledgement in the log exactly once, every process's final state equal to
    the replay.  (Two processes were a case of their own: everything they showed, three show too.)"""
    procs = [start(servers, pg_url) for _ in range(3)]
    a, b = procs[0], procs[-1]
    created = create_table(a.base, ["human"] * 4, seed=5)
    table_id = created["table"]["id"]
    # a table created by one process is listed by the others (their lobbies follow the database)
    wait_for(lambda: table_id in [t["id"] for t in httpx.get(f"{b.base}/api/tables").json()], "listed on b")
    watchers = [Spectator(server.base, table_id) for server in procs]
    for watcher in watchers:
        watcher.start()
        watcher.ready.wait(120)
    seats = [Seat([procs[s % 3].base], table_id, s, token) for s, token in tokens_of(created).items()]
    for seat in seats:
        seat.start()
    for seat in seats:
        seat.join(timeout=500)
        assert seat.error is None, repr(seat.error)
        assert seat.final is not None and seat.final["status"] == "finished"
    logged = seats_in_log(pg_url, table_id)
    assert {s.seat: s.acks for s in seats} == dict(logged)  # no duplicate, no lost acknowledgement
    assert sum(logged.values()) > 100
    for watcher in watchers:  # a spectator on either process saw the game to its end, in order
        watcher.join(timeout=120)
        assert watcher.error is None and watcher.final is not None, repr(watcher.error)
        assert watcher.versions == sorted(watcher.versions) and watcher.versions[-1] == sum(logged.values())
    assert_final_states_replay(servers, table_id, pg_url)


def test_one_seat_racing_itself_on_two_processes(servers: list[ServerProcess], pg_url: str) -> None:
    """The same seat's token sends its action to two processes at once, many times: each version is
    stored once, every 200 is in the log and nothing else is, the loser is refused in words or applied
    to the new state, and both processes end at the same state."""
    a, b = start(servers, pg_url), start(servers, pg_url)
    created = create_table(a.base, ["human"] * 4, seed=8)
    table_id, tokens = created["table"]["id"], tokens_of(created)
    accepted: dict[int, int] = {}
    refusals: list[str] = []
    for _ in range(25):
        seat = httpx.get(f"{a.base}/api/tables/{table_id}/state").json()["active"][0]
        for answer in race_once([a, b], table_id, tokens[seat]):
            assert answer.status_code in (200, 409), answer.text
            if answer.status_code == 200:
                accepted[seat] = accepted.get(seat, 0) + 1
            else:
                refusals.append(answer.json()["detail"])
    logged = seats_in_log(pg_url, table_id)
    assert dict(logged) == accepted  # one order: every acknowledged action stored once, nothing else
    assert refusals and all(len(r) > 10 for r in refusals)  # the losers were told why
    versions = {wait_for(lambda s=s: httpx.get(f"{s.base}/api/tables/{table_id}/state").json()["version"]
                         == sum(logged.values()), "followed to the end") and sum(logged.values()) for s in (a, b)}
    assert versions == {sum(logged.values())}
    views = [httpx.get(f"{s.base}/api/tables/{table_id}/state").json()["view"] for s in (a, b)]
    assert views[0] == views[1]


def seat_state(server: ServerProcess, table_id: str, token: str) -> dict[str, Any]:
    return httpx.get(f"{server.base}/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()


def race_once(pair: list[ServerProcess], table_id: str, token: str) -> list[httpx.Response]:
    """Both processes followed to the same version, then the seat's first legal action posted to both
    at once (a barrier releases the two requests together)."""
    target = max(seat_state(s, table_id, token)["version"] for s in pair)
    views = [wait_for(lambda s=s: (st := seat_state(s, table_id, token))["version"] == target and st, "followed")
             for s in pair]
    if not views[0]["legal"]:
        return []
    barrier = threading.Barrier(len(pair))
    answers: list[httpx.Response | None] = [None] * len(pair)

    def post(i: int) -> None:
        barrier.wait()
        answers[i] = httpx.post(f"{pair[i].base}/api/tables/{table_id}/actions", timeout=60,
                                headers={"X-Seat-Token": token},
                                json={"action": views[i]["legal"][0]["action"], "version": views[i]["version"]})

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(pair))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def test_kill_9_of_one_process_mid_game(servers: list[ServerProcess], pg_url: str) -> None:
    """Process A serves a 2v2 table of two people and two bots and an all-bot table, B joins; A is
    killed mid-game: the people's pages join again on B and go on, every acknowledged action is in the
    log, the bots of both tables play on at B within 10 s, both games end equal to their replays."""
    a = start(servers, pg_url, bot_delay=0.02)
    b = start(servers, pg_url, bot_delay=0.005)  # plays the bots only after the kill: the games end sooner
    # B is held still (SIGSTOP) while A takes both tables' leases, so that A holds them whatever the
    # machine's load; the all-bot table begins only once the people's game is under way, so that its
    # game (hundreds of actions at 0.02 s) cannot end before the kill however slowly the people play
    b.proc.send_signal(signal.SIGSTOP)
    try:
        created = create_table(a.base, ["human", "human", "greedy", "greedy"], seed=21)
        people = created["table"]["id"]
        seats = [Seat([a.base, b.base], people, s, token) for s, token in tokens_of(created).items()]
        for seat in seats:
            seat.start()
        wait_for(lambda: len(log_of(pg_url, people)) >= 60, "the people's game is under way")
        bots = create_table(a.base, ["greedy"] * 4, seed=22, options={})["table"]["id"]
        wait_for(lambda: len(log_of(pg_url, bots)) >= 20, "a's bots played")  # a holds both tables' leases
    finally:
        b.proc.send_signal(signal.SIGCONT)
    watcher = Spectator(b.base, bots)  # somebody watches the bots' table on b
    watcher.start()
    watcher.ready.wait(120)
    before = len(log_of(pg_url, bots))
    assert status_in_db(pg_url, bots) == status_in_db(pg_url, people) == "playing", "a game ended before the kill"
    a.kill()
    killed_at = time.monotonic()
    acks_at_kill = {s.seat: s.acks for s in seats}
    # the all-bot table's bots play on at b (its lease taken over) within the 10 s
    wait_for(lambda: len(log_of(pg_url, bots)) > before + 2, "the bots resumed on b", limit=60)
    assert time.monotonic() - killed_at <= 10.0, "bots resumed elsewhere later than 10 s after the kill"
    for seat in seats:
        seat.join(timeout=500)
        assert seat.error is None, repr(seat.error)
        assert seat.final is not None and seat.final["status"] == "finished"
        assert seat.reconnects == 1
    logged = seats_in_log(pg_url, people)
    for seat in seats:  # acknowledged before the kill: in the log; after it, exactly the acknowledged ones
        assert acks_at_kill[seat.seat] <= logged[seat.seat]
        assert seat.acks <= logged[seat.seat] <= seat.acks + 1  # at most one sent as a was killed, unanswered
    assert logged[2] + logged[3] > 0
    watcher.join(timeout=400)
    assert watcher.error is None and watcher.final is not None and watcher.final["status"] == "finished"
    assert_final_states_replay([b], people, pg_url)
    assert_final_states_replay([b], bots, pg_url)


def test_sqlite_serves_one_process_and_says_so(tmp_path: Path) -> None:
    db = str(tmp_path / "one.db")
    cmd = [sys.executable, "-c", "from allegiance.cli import app; app()", "serve", "--db", db, "--port", "1"]
    refused = subprocess.run([*cmd, "--workers", "2"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2
    line = refused.stderr.strip()
    assert "\n" not in line and "SQLite serves one process" in line and "PostgreSQL" in line
    first = ServerProcess(db).start()
    try:
        second = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        line = second.stderr.strip()
        assert "\n" not in line and "another allegiance serve already uses" in line and "PostgreSQL" in line
        assert httpx.get(f"{first.base}/api/games").status_code == 200  # the first goes on
    finally:
        first.stop()


def test_workers_on_one_port_serve_one_site(servers: list[ServerProcess], pg_url: str) -> None:
    """``serve --workers 2`` on PostgreSQL: each request may land on either process (a new connection
    each time); forty actions played over plain HTTP, every 200 stored once."""
    site = start(servers, pg_url, extra=["--workers", "2"])
    created = create_table(site.base, ["human"] * 4, seed=9)
    table_id, tokens = created["table"]["id"], tokens_of(created)
    accepted = 0
    while accepted < 40:
        state = httpx.get(f"{site.base}/api/tables/{table_id}/state", timeout=30).json()
        if not state["active"]:
            continue
        seat = state["active"][0]
        mine = seat_state(site, table_id, tokens[seat])
        if not mine["legal"]:
            continue
        answer = httpx.post(f"{site.base}/api/tables/{table_id}/actions", headers={"X-Seat-Token": tokens[seat]},
                            json={"action": mine["legal"][0]["action"], "version": mine["version"]}, timeout=30)
        assert answer.status_code in (200, 409), answer.text  # 409: that process had not followed yet
        accepted += answer.status_code == 200
    assert accepted == len(log_of(pg_url, table_id))


def test_a_seat_taken_on_one_process_opens_on_the_other_and_a_close_reaches_it(
        servers: list[ServerProcess], pg_url: str) -> None:
    """A link issued by one process (an open seat taken from the lobby) opens the seat on another that
    already holds the table; the creator closing the table on one process closes it for the pages of
    the other."""
    a, b = start(servers, pg_url), start(servers, pg_url)
    res = httpx.post(f"{a.base}/api/tables", json={"game": "swdbg", "mode": "2v2", "seats": ["human"] * 4,
                                                   "seed": 4, "open_seats": [1], "options": {"bases_to_win": 2}})
    assert res.status_code == 201, res.text
    table_id, creator = res.json()["table"]["id"], res.json()["creator_token"]
    assert httpx.get(f"{b.base}/api/tables/{table_id}").status_code == 200  # b holds the table now
    taken = httpx.post(f"{a.base}/api/tables/{table_id}/seats/1/take")
    assert taken.status_code == 200, taken.text
    state = httpx.get(f"{b.base}/api/tables/{table_id}/state", headers={"X-Seat-Token": taken.json()["token"]})
    assert state.status_code == 200 and state.json()["seat"] == 1, state.text
    watcher = Spectator(b.base, table_id)
    watcher.start()
    watcher.ready.wait(120)
    closed = httpx.post(f"{a.base}/api/tables/{table_id}/close", headers={"X-Creator-Token": creator})
    assert closed.status_code == 200, closed.text
    watcher.join(timeout=120)
    assert watcher.error is None and watcher.final is not None and watcher.final["status"] == "abandoned"


def create_wakfu(base: str, mode: str, seats: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    res = httpx.post(f"{base}/api/tables", json={"game": "wakfu", "mode": mode, "seats": seats, "seed": seed,
                                                 "options": options})
    assert res.status_code == 201, res.text
    return res.json()


def test_three_processes_play_one_wakfu_4v4_table_of_eight_people(servers: list[ServerProcess], pg_url: str) -> None:
    """Eight people's seats of a Wakfu 4v4 table, seat s on process s mod 3 (every team spread over the
    three), a spectator on each: the game is played to its end (a short game: a draw after 16 turns, two
    each, at most; every Réaction prompt answered by a click), one order, every acknowledgement in the log once,
    every process's final state equal to the replay."""
    procs = [start(servers, pg_url) for _ in range(3)]
    created = create_wakfu(procs[0].base, "4v4", ["human"] * 8, 31,
                           {"max_turns": 16, "reaction_seconds": 0})
    table_id = created["table"]["id"]
    watchers = [Spectator(server.base, table_id) for server in procs]
    for watcher in watchers:
        watcher.start()
        watcher.ready.wait(120)
    seats = [Seat([procs[s % 3].base], table_id, s, token, wander=True) for s, token in tokens_of(created).items()]
    assert len(seats) == 8
    for seat in seats:
        seat.start()
    for seat in seats:
        seat.join(timeout=500)
        assert seat.error is None, repr(seat.error)
        assert seat.final is not None and seat.final["status"] == "finished"
    logged = seats_in_log(pg_url, table_id)
    assert {s.seat: s.acks for s in seats if s.acks} == dict(logged)
    assert len(logged) == 8 and sum(logged.values()) > 50  # everyone played, on all three processes
    for watcher in watchers:
        watcher.join(timeout=120)
        assert watcher.error is None and watcher.final is not None, repr(watcher.error)
        assert watcher.versions == sorted(watcher.versions) and watcher.versions[-1] == sum(logged.values())
    assert_final_states_replay(servers, table_id, pg_url)


def window_actions(replay_json: dict[str, Any]) -> list[str]:
    """For each logged action, whether its seat's decision was a response window (``"window"``), one the
    table plays at once (``"forced"``: nothing to decide, nothing hidden, ``Game.forced_action``) or
    neither (``""``)."""
    from allegiance.games import get_game
    from allegiance.replay import load_replay

    rep = load_replay(replay_json)
    game = get_game(rep.game)
    state = game.new_game(rep.mode, rep.seed, rep.options, shuffle_key=rep.shuffle_key)
    marks: list[str] = []
    for seat, action in rep.actions:
        marks.append("forced" if game.forced_action(state, seat) is not None
                     else "window" if game.response_window(state, seat) is not None else "")
        game.apply(state, seat, action)
    return marks


def test_a_response_window_is_passed_once_by_the_lease_holder(servers: list[ServerProcess], pg_url: str) -> None:
    """A Wakfu 1v1 of two people, seat 0 on process A, seat 1 on B, each script answering every
    decision but the response windows (Réaction prompts, combat actions): both processes hold the table
    and run its windows, but only the lease holder passes at a window's end — each window's pass is
    logged once, neither process fails a duplicate pass, the game ends equal to its replay."""
    a, b = start(servers, pg_url), start(servers, pg_url)
    created = create_wakfu(a.base, "1v1", ["human"] * 2, 31, {"max_turns": 4, "reaction_seconds": 1})
    table_id = created["table"]["id"]
    tokens = tokens_of(created)
    seats = [Seat([(a, b)[s].base], table_id, s, tokens[s], answer_windows=False, wander=True) for s in (0, 1)]
    for seat in seats:
        seat.start()
    for seat in seats:
        seat.join(timeout=500)
        assert seat.error is None, repr(seat.error)
        assert seat.final is not None and seat.final["status"] == "finished"
    replay = httpx.get(f"{a.base}/api/tables/{table_id}/replay", timeout=30).json()
    marks = window_actions(replay)
    log = log_of(pg_url, table_id)
    passes = [(seat, action) for (seat, action), window in zip(log, marks, strict=True) if window == "window"]
    answered = Counter(seat for (seat, _), window in zip(log, marks, strict=True) if not window)
    assert len(passes) >= 5 and all(action.get("value", "pass") == "pass" for _, action in passes)
    assert {s.seat: s.acks for s in seats} == dict(answered)  # the rest are the scripts' acknowledged clicks
    for server in (a, b):
        assert "could not pass" not in Path(server.log.name).read_text(errors="replace")
    assert_final_states_replay(servers, table_id, pg_url)


def test_a_lost_lease_connection_gives_the_bots_up(servers: list[ServerProcess], pg_url: str) -> None:
    """The connection holding A's bot leases is ended by the database (as by a network failure): A
    notices within seconds, says so, and stops playing; the table's lease is held again (by B or by A's
    new session) and the all-bot game goes on to its end, equal to its replay."""
    import psycopg

    a = start(servers, pg_url, bot_delay=0.05)
    table_id = create_table(a.base, ["greedy"] * 4, seed=23)["table"]["id"]
    wait_for(lambda: len(log_of(pg_url, table_id)) >= 10, "a's bots played")
    b = start(servers, pg_url, bot_delay=0.01)  # when b takes the lease over, the game ends sooner
    watcher = Spectator(b.base, table_id)
    watcher.start()
    watcher.ready.wait(120)
    with psycopg.connect(pg_url, autocommit=True) as db:
        ended = db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                           [f"allegiance leases {a.proc.pid}"]).fetchall()
        assert ended == [(True,)]
        lost_at = time.monotonic()
        wait_for(lambda: "lost the bot leases" in a.log_tail(), "a noticed", limit=30)
        assert time.monotonic() - lost_at <= 10.0
        wait_for(lambda: db.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted")
                 .fetchone()[0] == 1, "the lease held again", limit=30)
    before = len(log_of(pg_url, table_id))
    wait_for(lambda: len(log_of(pg_url, table_id)) > before + 2, "the bots play on", limit=30)
    watcher.join(timeout=400)
    assert watcher.error is None and watcher.final is not None and watcher.final["status"] == "finished"
    assert_final_states_replay([a, b], table_id, pg_url)


def test_an_address_creation_rate_and_table_cap_hold_across_processes(servers: list[ServerProcess],
                                                                      pg_url: str) -> None:
    """An address's limits are counted in PostgreSQL, not per process.  Creating alternately on two
    processes, the address gets its creation burst (10) in all, not 10 on each: the next creation is
    refused (429) on both.  On two other processes, another address gets its table cap (3) in all, not 3
    on each; a table ended frees one place, taken on either process.  (The addresses come through a
    trusted proxy's X-Forwarded-For: the other tests' tables come from 127.0.0.1.)"""
    proxy = ["--trusted-proxies", "127.0.0.1"]
    paced = [start(servers, pg_url, extra=[*proxy, "--tables-per-client", "0", "--creates-per-minute", "0.5"])
             for _ in range(2)]
    one = {"X-Forwarded-For": "203.0.113.7"}
    made = [httpx.post(f"{paced[i % 2].base}/api/tables", json=SMALL_2V2, headers=one) for i in range(10)]
    assert [r.status_code for r in made] == [201] * 10, [r.text for r in made]
    refused = [httpx.post(f"{server.base}/api/tables", json=SMALL_2V2, headers=one) for server in paced]
    assert [r.status_code for r in refused] == [429, 429] and "too many new tables" in refused[0].json()["detail"]
    for server in paced:
        server.stop()
    capped = [start(servers, pg_url, extra=[*proxy, "--tables-per-client", "3"]) for _ in range(2)]
    other = {"X-Forwarded-For": "203.0.113.8"}
    answers = [httpx.post(f"{capped[i % 2].base}/api/tables", json=SMALL_2V2, headers=other) for i in range(5)]
    assert [r.status_code for r in answers] == [201, 201, 201, 429, 429], [r.text for r in answers]
    assert "already has 3 tables" in answers[3].json()["detail"]
    close(capped[0], answers[1].json())  # made on the other process
    assert httpx.post(f"{capped[0].base}/api/tables", json=SMALL_2V2, headers=other).status_code == 201
    assert httpx.post(f"{capped[1].base}/api/tables", json=SMALL_2V2, headers=other).status_code == 429


def close(server: ServerProcess, created: dict[str, Any]) -> None:
    res = httpx.post(f"{server.base}/api/tables/{created['table']['id']}/close",
                     headers={"X-Creator-Token": created["creator_token"]})
    assert res.status_code == 200, res.text


SMALL_2V2 = {"game": "swdbg", "mode": "2v2", "seats": ["human"] * 4, "options": {"bases_to_win": 2}}


def test_kill_9_of_one_process_in_the_middle_of_many_games(servers: list[ServerProcess], pg_url: str) -> None:
    """Process A serves three tables of two people and two bots and three all-bot tables, and holds
    their bots' leases; B and C join, then A is killed mid-game.  Every person's page joins again on B
    or C and goes on; every action acknowledged before the kill is in the log, and after it the log
    holds exactly the acknowledged ones (at most one more, sent as A died); the bots of all six tables
    play on at B or C within 10 s; every game ends equal to its replay on every live process."""
    a = start(servers, pg_url, bot_delay=0.05)
    # B and C play the bots only after the kill: quicker there, the games end sooner (all six tables are
    # played to two bases: a few hundred actions, where a whole galaxy took up to 1,300)
    b, c = start(servers, pg_url, bot_delay=0.01), start(servers, pg_url, bot_delay=0.01)
    # B and C are held still (SIGSTOP) while A takes every lease, and the all-bot tables begin once the
    # people's games are under way, so that A holds them all and they are still played at the kill
    # whatever the machine's load (see test_kill_9_of_one_process_mid_game)
    for server in (b, c):
        server.proc.send_signal(signal.SIGSTOP)
    try:
        people = [create_table(a.base, ["human", "human", "greedy", "greedy"], seed=40 + i) for i in range(3)]
        seats: dict[str, list[Seat]] = {}
        for i, created in enumerate(people):
            table_id = created["table"]["id"]
            fallback = (b, c)[i % 2].base
            seats[table_id] = [Seat([a.base, fallback], table_id, s, token) for s, token in tokens_of(created).items()]
            for seat in seats[table_id]:
                seat.start()
        wait_for(lambda: all(len(log_of(pg_url, t)) >= 40 for t in seats), "the people's games are under way")
        bots = [create_table(a.base, ["greedy"] * 4, seed=50 + i)["table"]["id"] for i in range(3)]
        wait_for(lambda: all(len(log_of(pg_url, t)) >= 10 for t in bots), "a's bots played")
    finally:
        for server in (b, c):
            server.proc.send_signal(signal.SIGCONT)
    before = {t: len(log_of(pg_url, t)) for t in [*seats, *bots]}
    a.kill()
    killed_at = time.monotonic()
    acks_at_kill = {(t, s.seat): s.acks for t, ss in seats.items() for s in ss}
    resumed: dict[str, float] = {}
    every = [*seats, *bots]
    assert all(status_in_db(pg_url, t) == "playing" for t in every), "a game ended before the kill"

    def all_resumed() -> bool:
        for t in every:
            if t not in resumed:
                log = log_of(pg_url, t)
                if any(seat >= 2 for seat, _ in log[before[t]:]) or (t in bots and len(log) > before[t]):
                    resumed[t] = time.monotonic() - killed_at
            if t not in resumed and status_in_db(pg_url, t) != "playing":
                resumed[t] = 0.0  # ended by a person's action before any bot had to act
        return len(resumed) == len(every)

    wait_for(all_resumed, "every table's bots resumed on b or c", limit=60)  # or a game ended by a person
    assert max(resumed.values()) <= 10.0, f"bots resumed later than 10 s after the kill: {resumed}"
    for table_id, table_seats in seats.items():
        for seat in table_seats:
            seat.join(timeout=500)
            assert seat.error is None, repr(seat.error)
            assert seat.final is not None and seat.final["status"] == "finished"
            assert seat.reconnects == 1
        logged = seats_in_log(pg_url, table_id)
        for seat in table_seats:
            assert acks_at_kill[table_id, seat.seat] <= logged[seat.seat]
            assert seat.acks <= logged[seat.seat] <= seat.acks + 1
    for table_id in [*seats, *bots]:
        wait_for(lambda t=table_id: status_in_db(pg_url, t) == "finished", "the game ended", limit=400)
        assert_final_states_replay([b, c], table_id, pg_url)


def status_in_db(pg_url: str, table_id: str) -> str | None:
    storage = Storage(pg_url)
    try:
        return storage.status_of(table_id)
    finally:
        storage.close()


#: a replay the worker rebuilds at once (its deal only)
SHORT_REPLAY = {"game": "swdbg", "mode": "1v1", "seed": 1, "seats": ["human"] * 2, "actions": []}


@pytest.fixture(scope="module")
def long_replay() -> dict[str, Any]:
    """A whole Wakfu 2v2 of greedy bots (about 5000 actions: rebuilding all of it takes a worker most of
    a second); its shortened copies are other replays (each rebuilt from scratch: the cache is keyed by
    the replay)."""
    from allegiance.sim.runner import play_game

    result = play_game("wakfu", "2v2", ["greedy"] * 4, 1, keep_replay=True)
    assert result.error is None and len(result.replay["actions"]) > 2000
    return result.replay


def ask_step(server: ServerProcess, replay: dict[str, Any], address: str) -> httpx.Response:
    """The replay's last step (the whole replay rebuilt, turn markers too) asked by ``address``."""
    return httpx.post(f"{server.base}/api/replays/step", json={"replay": replay, "step": len(replay["actions"]),
                      "turns": True}, headers={"X-Forwarded-For": address}, timeout=120)


def shortened(replay: dict[str, Any], by: int) -> dict[str, Any]:
    return {**replay, "actions": replay["actions"][:len(replay["actions"]) - by], "outcome": None}


def pool_workers(server: ServerProcess) -> list[int]:
    """The process ids of the server's worker processes (its children started by multiprocessing's
    spawn), read from /proc."""
    assert server.proc is not None
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
        if ppid == server.proc.pid and b"spawn_main" in cmdline:
            found.append(int(stat.parent.name))
    return found


def slot_locks(pg_url: str, server: ServerProcess) -> int:
    """The advisory locks the server's slots connection holds (its address slots taken)."""
    import psycopg

    assert server.proc is not None
    with psycopg.connect(pg_url, autocommit=True) as db:
        return db.execute("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                          "WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = %s",
                          [f"allegiance slots {server.proc.pid}"]).fetchone()[0]


def test_an_address_replay_steps_hold_across_processes_and_a_killed_process_frees_them(
        servers: list[ServerProcess], pg_url: str, long_replay: dict[str, Any]) -> None:
    """``--replays-per-client 2`` on two processes: one address gets two replay steps rebuilding at once
    on the whole site, not two on each (issue 25).  Six long steps asked at once, three on each process:
    two are answered, four refused (429 with Retry-After).  While process A rebuilds two of an address's
    steps (behind two of another address), a step of that address is refused on B and on A; A is killed
    (``kill -9``): B answers that address's step within seconds (A's slots went with its connection)."""
    flags = ["--trusted-proxies", "127.0.0.1", "--replays-per-client", "2"]
    a, b = start(servers, pg_url, extra=flags), start(servers, pg_url, extra=flags)
    answers: dict[int, httpx.Response | Exception] = {}

    def ask(i: int, server: ServerProcess, replay: dict[str, Any], address: str,
            barrier: threading.Barrier | None = None) -> threading.Thread:
        def run() -> None:
            if barrier is not None:
                barrier.wait(30)
            try:
                answers[i] = ask_step(server, replay, address)
            except httpx.HTTPError as exc:  # a killed server's connections
                answers[i] = exc
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        return thread

    together = threading.Barrier(6)
    threads = [ask(i, (a, b)[i % 2], shortened(long_replay, i), "203.0.113.20", together) for i in range(6)]
    for thread in threads:
        thread.join(120)
    got = [answers[i] for i in range(6)]
    assert all(isinstance(r, httpx.Response) for r in got), got
    codes = Counter(r.status_code for r in got if isinstance(r, httpx.Response))
    assert codes == {200: 2, 429: 4}, codes
    for r in got:
        if isinstance(r, httpx.Response) and r.status_code == 429:
            assert r.headers["Retry-After"] == "1" and "at most 2 replay step(s) at once" in r.json()["detail"]
    wait_for(lambda: slot_locks(pg_url, a) == slot_locks(pg_url, b) == 0, "every slot given back")

    # A's workers busy with another address's two long steps, then this address's two wait behind them.
    # A's workers are stopped (SIGSTOP) once the first two steps are theirs, so that no step ends before
    # the refusals are checked, however slow the machine (a step used to end first on a busy one).
    busy = [ask(10 + i, a, shortened(long_replay, 10 + i), "203.0.113.21") for i in range(2)]
    wait_for(lambda: slot_locks(pg_url, a) == 2, "a rebuilds the other address's steps")
    wait_for(lambda: bool(pool_workers(a)), "a's replay worker process")
    workers = pool_workers(a)
    for pid in workers:
        os.kill(pid, signal.SIGSTOP)
    try:
        held = [ask(20 + i, a, shortened(long_replay, 20 + i), "203.0.113.22") for i in range(2)]
        wait_for(lambda: slot_locks(pg_url, a) == 4, "a holds the address's two slots too")
        for server in (b, a):
            refused = ask_step(server, SHORT_REPLAY, "203.0.113.22")
            assert refused.status_code == 429 and refused.headers["Retry-After"] == "1", refused.text
        assert ask_step(b, SHORT_REPLAY, "203.0.113.23").status_code == 200  # another address: served
        assert slot_locks(pg_url, a) == 4
        a.kill()
        killed_at = time.monotonic()
    finally:
        for pid in workers:  # a's workers die with it (a stopped process takes SIGKILL too)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    wait_for(lambda: ask_step(b, SHORT_REPLAY, "203.0.113.22").status_code == 200, "b serves the address again",
             limit=60)
    # the slots go with a's database connection, at once; nothing else would free them for minutes
    # (TCP keep-alive), so a generous bound still tells the two apart on a busy machine
    assert time.monotonic() - killed_at <= 15.0, "a killed process's slots were freed later than 15 s after"
    for thread in busy + held:
        thread.join(60)
    assert all(isinstance(answers[i], httpx.HTTPError) for i in (20, 21)), answers  # never answered: a died
