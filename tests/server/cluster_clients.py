"""Scripted seats and spectators for the several-process tests (tests/server/test_cluster.py).

A seat plays over a real WebSocket: on each state where it may act it sends its first legal action
with the version it saw, and counts its acknowledgements; when its server goes away it joins again on
the next server of its list.  Every wait is on a message (progress), bounded by ``RECV_TIMEOUT``.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from allegiance.replay import load_replay, replay_game
from allegiance.server.storage import Storage

#: seconds one receive may wait before the seat gives up (a hung server, not a slow one)
RECV_TIMEOUT = 120.0


class Seat(threading.Thread):
    """One human seat played by a script over WebSockets, on ``bases[0]`` then the next ones."""

    def __init__(self, bases: list[str], table_id: str, seat: int, token: str, answer_windows: bool = True,
                 wander: bool = False) -> None:
        """``answer_windows=False``: the seat never answers a response window (the server passes for
        it at the window's end).  ``wander``: the seat plays a seeded random legal action other than a
        move (a Wakfu seat that always took the first would move back and forth for ever) instead of
        the first."""
        super().__init__(daemon=True)
        self.answer_windows = answer_windows
        self.rng = random.Random(seat) if wander else None
        self.bases, self.table_id, self.seat, self.token = list(bases), table_id, seat, token
        self.acks = 0
        self.refusals: list[str] = []
        self.reconnects = 0
        self.final: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.in_flight = False  # an action was sent and not yet answered

    def run(self) -> None:
        try:
            while self.final is None:
                try:
                    self._play(self.bases[0])
                except (ConnectionClosed, OSError) as exc:
                    self.in_flight = False
                    closed = exc.rcvd if isinstance(exc, ConnectionClosed) else None
                    if closed is not None and closed.code == 1013:
                        time.sleep(0.2)  # "try again later" (the server's per-address load limit): as a page does
                        continue
                    if len(self.bases) < 2:
                        raise
                    self.bases.pop(0)  # that server is gone: join again on the next
                    self.reconnects += 1
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc

    def _play(self, base: str) -> None:
        url = base.replace("http://", "ws://") + f"/ws/tables/{self.table_id}"
        with connect(url, open_timeout=30, max_size=None) as ws:
            ws.send(json.dumps({"type": "join", "token": self.token}))
            latest: dict[str, Any] | None = None
            sent_at = -1
            ref = 0
            while True:
                try:
                    msg = json.loads(ws.recv(timeout=RECV_TIMEOUT))
                except TimeoutError:
                    raise TimeoutError(f"seat {self.seat}: nothing for {RECV_TIMEOUT:g} s; latest version "
                                       f"{latest and latest['version']}, active {latest and latest['active']}, "
                                       f"in flight {self.in_flight}, sent at {sent_at}, last refusals "
                                       f"{self.refusals[-3:]}") from None
                if msg["type"] == "state":
                    latest = msg
                    if msg["status"] != "playing":
                        self.final = msg
                elif msg["type"] == "ack":
                    self.acks += 1
                    self.in_flight = False
                elif msg["type"] == "error":
                    self.refusals.append(f'{msg.get("code")}: {msg["message"]}')
                    self.in_flight = False
                    if msg.get("code") == "rate_limited":  # this script outpaced the server's limit
                        time.sleep(0.1)
                        sent_at = -1
                if self.final is not None:
                    if not self.in_flight:  # the state that ended the game comes before its action's ack
                        return
                    continue
                if latest is not None and not self.in_flight and latest["version"] > sent_at \
                        and self.seat in latest["active"] and latest["legal"] and not self._left_to_window(latest):
                    ref += 1
                    sent_at = latest["version"]
                    self.in_flight = True
                    ws.send(json.dumps({"type": "action", "action": self._choose(latest["legal"]),
                                        "version": latest["version"], "ref": ref}))


    def _choose(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        if self.rng is None:
            return legal[0]["action"]
        return self.rng.choice([a for a in legal if a["action"].get("kind") != "move"] or legal)["action"]

    def _left_to_window(self, state: dict[str, Any]) -> bool:
        return not self.answer_windows and any(w["seat"] == self.seat for w in state.get("windows", []))


class Spectator(threading.Thread):
    """A page watching the table on one server until the game ends; records the versions it was shown."""

    def __init__(self, base: str, table_id: str) -> None:
        super().__init__(daemon=True)
        self.url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        self.versions: list[int] = []
        self.final: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.ready = threading.Event()

    def run(self) -> None:
        try:
            with connect(self.url, open_timeout=30, max_size=None) as ws:
                ws.send(json.dumps({"type": "join"}))
                while self.final is None:
                    msg = json.loads(ws.recv(timeout=RECV_TIMEOUT))
                    if msg["type"] == "state":
                        self.versions.append(msg["version"])
                        self.ready.set()
                        if msg["status"] != "playing":
                            self.final = msg
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc
            self.ready.set()


def log_of(pg_url: str, table_id: str) -> list[tuple[int, dict[str, Any]]]:
    storage = Storage(pg_url)
    try:
        record = storage.load_table(table_id)
        assert record is not None
        return record.actions
    finally:
        storage.close()


def seats_in_log(pg_url: str, table_id: str) -> Counter[int]:
    return Counter(seat for seat, _ in log_of(pg_url, table_id))


def replayed_view(replay_json: dict[str, Any]) -> tuple[Any, Any]:
    """The spectator's view and the outcome of a finished game replayed from its log."""
    game, final = replay_game(load_replay(replay_json))
    outcome = game.outcome(final)
    return json.loads(json.dumps(game.view(final, None))), outcome.to_json() if outcome else None
