"""Invariant 4 over the wire: in a whole 2v2 game played over WebSockets, no message to any seat (or to a
spectator) holds an opponent's hand card or any deck's content, and events reach only their readers."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
import websockets

from allegiance.server import connections
from allegiance.server.messages import state_message
from tests.server.helpers import create_table, server_thread
from tests.server.policy import pick


def card_ids(node: Any) -> set[int]:
    """Every card id in a message's card objects (``{"id", "name", ...}``)."""
    found: set[int] = set()
    if isinstance(node, dict):
        if "id" in node and "name" in node and isinstance(node["id"], int):
            found.add(node["id"])
        for value in node.values():
            found |= card_ids(value)
    elif isinstance(node, list):
        for value in node:
            found |= card_ids(value)
    return found


def action_card_ids(legal: list[dict[str, Any]], pending_kind: str | None) -> set[int]:
    """Card ids named by legal actions (a "who resolves" choice names seats, not cards)."""
    found: set[int] = set()
    for item in legal:
        action = item["action"]
        keys = ("card", "target") if pending_kind == "who" else ("card", "target", "value")
        found |= {action[k] for k in keys if isinstance(action.get(k), int)}
    return found


def hidden_from(table: Any, seat: int | None) -> set[int]:
    """The cards ``seat`` may not see now: every deck (player and galaxy) and the other team's hands."""
    # (state internals are read here only to know the truth to compare messages against)
    state = table.state
    team = state.players[seat].team if seat is not None else None
    hidden: set[int] = set()
    for p in state.players:
        hidden |= set(p.deck)
        if team is None or p.team != team:
            hidden |= set(p.hand)
    for region in state.regions:
        hidden |= set(region.galaxy_deck)
    return hidden


class Checker:
    """Wraps the server's message builder and checks each message when it is built (and sent)."""

    def __init__(self) -> None:
        self.messages = 0
        self.withheld = 0
        self.problems: list[str] = []

    def __call__(self, table: Any, seat: int | None, events: Any, full_log: bool = False) -> dict[str, Any]:
        events = list(events)
        msg = state_message(table, seat, events, full_log=full_log)
        self.messages += 1
        pending = msg["view"].get("pending") or {}
        named = card_ids(msg) | action_card_ids(msg["legal"], pending.get("kind"))
        # a card effect may show a deck's top cards to the seat that answers it (e.g. Coruscant), and only to it
        shown = card_ids(pending.get("shown", [])) if seat in pending.get("seats", []) else set()
        leaked = named & hidden_from(table, seat) - shown
        if leaked:
            self.problems.append(f"v{msg['version']} seat {seat}: hidden cards {sorted(leaked)} sent")
        if msg["legal"] and seat is None:
            self.problems.append("a spectator was sent legal actions")
        for p in msg["view"]["players"]:
            friendly = seat is not None and p["team"] == table.state.players[seat].team
            if (p["hand"] is not None) != friendly:
                self.problems.append(f"seat {seat} got the hand of seat {p['seat']} wrongly shown/hidden")
        pool = [e for e in table.events if e.visible_for(seat)] if full_log else events
        sent = {e["text"] for e in msg["events"]}
        readable = {e.text for e in pool if e.visible_for(seat)}
        for e in (table.events if full_log else events):
            if not e.visible_for(seat):
                self.withheld += 1
                if e.text in sent and e.text not in readable:
                    self.problems.append(f"seat {seat} was sent a private event: {e.text}")
        return msg


async def play_seat(url: str, token: str | None, seat_log: list[dict[str, Any]], seed: int) -> None:
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "join", "token": token} if token else {"type": "join"}))
        async for raw in ws:
            msg = json.loads(raw)
            seat_log.append(msg)
            if msg["type"] != "state":
                continue
            if msg["outcome"] is not None:
                return
            if msg["legal"]:
                await ws.send(json.dumps({"type": "action", "action": pick(msg["legal"], rng),
                                          "version": msg["version"]}))


@pytest.mark.slow
def test_no_message_of_a_whole_2v2_game_reveals_hidden_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checker = Checker()
    monkeypatch.setattr(connections, "state_message", checker)
    # bots click faster than people: a higher message rate than the default keeps this game quick
    with server_thread(str(tmp_path / "t.db"), rate=(1000.0, 1000)) as base:
        created = create_table(base, ["human"] * 4, seed=11)
        tid = created["table"]["id"]
        url = base.replace("http", "ws") + f"/ws/tables/{tid}"
        logs: dict[Any, list[dict[str, Any]]] = {s: [] for s in (0, 1, 2, 3, None)}
        tokens = {link["seat"]: link["token"] for link in created["links"]}

        async def main() -> None:
            await asyncio.wait_for(asyncio.gather(
                *(play_seat(url, tokens.get(s) if s is not None else None, logs[s], seed=s or 0) for s in logs)),
                timeout=240)

        asyncio.run(main())
    assert not checker.problems, checker.problems[:10]
    finals = [log[-1] for log in logs.values()]
    assert all(m["type"] == "state" and m["outcome"] is not None for m in finals)
    assert checker.messages > 100 and checker.withheld > 0
    # the clients received exactly what the checked builder produced: no other message carries a view
    for seat, log in logs.items():
        for msg in log:
            assert msg["type"] in ("state", "presence", "ack", "error", "pong", "chat_history"), msg["type"]
            if msg["type"] == "chat_history":  # a seat's own team's chat only, never a spectator's
                assert seat is not None and msg["team"] == created["table"]["seats"][seat]["team"]
            if msg["type"] != "state":
                assert "view" not in msg and "legal" not in msg
            else:
                assert msg["seat"] == seat


def test_the_checker_notices_an_opponent_hand_in_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from allegiance.server import messages
    from allegiance.server.storage import SeatRecord, TableRecord
    from allegiance.server.tables import LiveTable

    table = LiveTable(TableRecord("t1", "swdbg", "2v2", {}, 5, [SeatRecord(i, "human") for i in range(4)]))
    honest = Checker()
    honest(table, 0, [])
    assert not honest.problems

    def leaky(table: Any, seat: Any, events: Any, full_log: bool = False) -> dict[str, Any]:
        msg = messages.state_message(table, seat, events, full_log)
        rebel = table.game.view(table.state, 2)["players"][2]
        msg["view"]["players"][2]["hand"] = rebel["hand"]
        return msg

    monkeypatch.setattr(sys.modules[__name__], "state_message", leaky)
    caught = Checker()
    caught(table, 0, [])
    assert any("hidden cards" in p for p in caught.problems)
