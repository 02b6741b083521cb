"""Invariant 4 over the wire: in a whole 2v2 game played over WebSockets, no message to any seat (or to a
spectator) holds an opponent's hand card or any deck's content, and events reach only their readers."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from allegiance.server import connections
from tests.server.helpers import create_table, server_thread
from tests.server.leakcheck import MessageChecker, card_ids, play_seat
from tests.server.policy import pick


def action_card_ids(legal: list[dict[str, Any]], pending_kind: str | None) -> set[int]:
    """Card ids named by legal actions (a "who resolves" choice names seats, not cards)."""
    found: set[int] = set()
    for item in legal:
        action = item["action"]
        keys = ("card", "target") if pending_kind == "who" else ("card", "target", "value")
        found |= {action[k] for k in keys if isinstance(action.get(k), int)}
        found |= {item["source"], *item["targets"]} if "source" in item else set()  # a two-click pick's cards
    return found


class Checker(MessageChecker):
    """SWDBG: every deck (player and galaxy) and the other team's hands are hidden (SW-TEAM view)."""

    def hidden_from(self, table: Any, seat: int | None) -> set[int]:
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

    def named(self, msg: dict[str, Any]) -> set[int]:
        pending = msg["view"].get("pending") or {}
        return card_ids(msg) | action_card_ids(msg["legal"], pending.get("kind"))

    def shown(self, table: Any, msg: dict[str, Any], seat: int | None) -> set[int]:
        # a card effect may show a deck's top cards to the seat that answers it (e.g. Coruscant), and only to it
        pending = msg["view"].get("pending") or {}
        return card_ids(pending.get("shown", [])) if seat in pending.get("seats", []) else set()

    def hand_visible(self, table: Any, seat: int | None, player: dict[str, Any]) -> bool:
        return seat is not None and player["team"] == table.state.players[seat].team


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
                *(play_seat(url, tokens.get(s) if s is not None else None, logs[s], s or 0, pick) for s in logs)),
                timeout=240)

        asyncio.run(main())
    assert not checker.problems, checker.problems[:10]
    finals = [log[-1] for log in logs.values()]
    assert all(m["type"] == "state" and m["outcome"] is not None for m in finals)
    assert checker.messages > 100 and checker.withheld > 0
    assert checker.reasons > 0  # the seats were told why cards without an action have none
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


def test_the_checker_notices_an_opponent_hand_in_a_message() -> None:
    from allegiance.server import messages
    from allegiance.server.storage import SeatRecord, TableRecord
    from allegiance.server.tables import LiveTable

    table = LiveTable(TableRecord("t1", "swdbg", "2v2", {}, 5, [SeatRecord(i, "human") for i in range(4)]))
    honest = Checker()
    msg = honest(table, 0, [])
    assert not honest.problems
    assert msg["why"] and all(r for r in msg["why"].values())  # its cards' reasons come with the state
    assert honest(table, None, [])["why"] == {}

    def leaky(table: Any, seat: Any, events: Any, full_log: bool = False) -> dict[str, Any]:
        msg = messages.state_message(table, seat, events, full_log)
        rebel = table.game.view(table.state, 2)["players"][2]
        msg["view"]["players"][2]["hand"] = rebel["hand"]
        return msg

    caught = Checker()
    caught.builder = leaky
    caught(table, 0, [])
    assert any("hidden cards" in p for p in caught.problems)
