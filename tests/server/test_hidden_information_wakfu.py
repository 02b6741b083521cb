"""Invariant 4 over the wire for Wakfu (WK view): in a whole duel (and a 2v2) played to the end, seats
played by clients that see only their messages and the others by server bots, no message to any seat or to a
spectator names a card in a Pioche or in another seat's Main, and events reach only their readers.
Also: a Wakfu table is created with a deck per seat."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from allegiance.server import connections
from tests.server.helpers import server_thread
from tests.server.leakcheck import MessageChecker, card_ids, play_seat


def named_by_actions(legal: list[dict[str, Any]]) -> set[int]:
    """Card ids named by a seat's legal actions (only its own decisions: its hand, cards in play)."""
    found: set[int] = set()
    for item in legal:
        action = item["action"]
        found |= {action[k] for k in ("card", "value", "amount") if isinstance(action.get(k), int)}
        found |= {item["source"], *item["targets"]} if "source" in item else set()  # a two-click pick's cards
    return found


class Checker(MessageChecker):
    """Wakfu: every Pioche and the Mains of the other team's players are hidden (WK-COMM-1: a team's
    hands are seen by the whole team; in the duel a team is one player)."""

    def hidden_from(self, table: Any, seat: int | None) -> set[int]:
        # (state internals are read here only to know the truth to compare messages against)
        hidden: set[int] = set()
        for p in table.state.players:
            hidden |= set(p.pioche)
            if not self._friendly(table, seat, p.seat):
                hidden |= set(p.main)
        return hidden

    def named(self, msg: dict[str, Any]) -> set[int]:
        return card_ids(msg["view"]) | card_ids(msg["events"]) | named_by_actions(msg["legal"])

    def shown(self, table: Any, msg: dict[str, Any], seat: int | None) -> set[int]:
        # a seat's own pending choice may show it cards of its Pioche (a search): only to it, as options
        pending = table.state.pending[-1] if table.state.pending else None
        return set(pending.options) if pending is not None and pending.seat == seat else set()

    def hand_visible(self, table: Any, seat: int | None, player: dict[str, Any]) -> bool:
        return self._friendly(table, seat, player["seat"])

    @staticmethod
    def _friendly(table: Any, seat: int | None, other: int) -> bool:
        seats = table.state.table.seats
        return seat is not None and seats[seat].team == seats[other].team


#: a quick player that sees only its legal actions: answers, attacks, plays, passes, and ends the turn;
#: never a mouvement, a power or a cancelled payment (free and repeatable: a random client could loop)
RANK = {"choose": 0, "attack": 1, "play": 2, "pass": 3, "end_turn": 4}


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    actions = [item["action"] for item in legal]
    usable = [a for a in actions if a["kind"] in RANK and a.get("value") != "cancel"] or actions
    best = min(RANK.get(a["kind"], 9) for a in usable)
    return rng.choice([a for a in usable if RANK.get(a["kind"], 9) == best])


def create_wakfu_table(base: str, decks: list[str], seats: list[str], seed: int | None = 5,
                       mode: str = "1v1", max_turns: int = 120) -> httpx.Response:
    body: dict[str, Any] = {"game": "wakfu", "mode": mode, "seats": seats,
                            # no response windows (tests/server/test_response_windows.py): this client
                            # answers every Réaction prompt itself, at once
                            "options": {"decks": decks, "max_turns": max_turns, "reaction_seconds": 0}}
    if seed is not None:
        body["seed"] = seed
    return httpx.post(f"{base}/api/tables", json=body)


@pytest.mark.slow
def test_no_message_of_a_whole_wakfu_duel_reveals_hidden_cards(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    checker = Checker()
    monkeypatch.setattr(connections, "state_message", checker)
    with server_thread(str(tmp_path / "t.db"), rate=(1000.0, 1000)) as base:
        res = create_wakfu_table(base, ["cra", "xelor"], ["human", "greedy"], seed=None)
        assert res.status_code == 201, res.text
        created = res.json()
        tid = created["table"]["id"]
        url = base.replace("http", "ws") + f"/ws/tables/{tid}"
        logs: dict[Any, list[dict[str, Any]]] = {0: [], None: []}
        token = created["links"][0]["token"]

        async def main() -> None:
            await asyncio.wait_for(asyncio.gather(play_seat(url, token, logs[0], 0, pick),
                                                  play_seat(url, None, logs[None], 1, pick)), timeout=300)

        asyncio.run(main())
    assert not checker.problems, checker.problems[:10]
    assert all(log[-1]["type"] == "state" and log[-1]["outcome"] is not None for log in logs.values())
    assert checker.messages > 50 and checker.withheld > 0
    for seat, log in logs.items():
        for msg in log:
            if msg["type"] == "state":
                assert msg["seat"] == seat


@pytest.mark.slow
def test_no_message_of_a_wakfu_2v2_reveals_an_opponents_hand_and_teammates_see_each_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # WK-COMM-1: a team's hands are seen by the whole team, never by the other team or a spectator
    checker = Checker()
    monkeypatch.setattr(connections, "state_message", checker)
    with server_thread(str(tmp_path / "t.db"), rate=(1000.0, 1000)) as base:
        res = create_wakfu_table(base, ["iop", "feca", "cra", "xelor"], ["human", "greedy", "human", "greedy"],
                                 seed=None, mode="2v2", max_turns=24)
        assert res.status_code == 201, res.text
        created = res.json()
        url = base.replace("http", "ws") + f"/ws/tables/{created['table']['id']}"
        tokens = {link["seat"]: link["token"] for link in created["links"]}
        logs: dict[Any, list[dict[str, Any]]] = {0: [], 2: [], None: []}

        async def main() -> None:
            await asyncio.wait_for(asyncio.gather(
                *(play_seat(url, tokens.get(s) if s is not None else None, logs[s], s or 1, pick) for s in logs)),
                timeout=300)

        asyncio.run(main())
    assert not checker.problems, checker.problems[:10]
    assert all(log[-1]["type"] == "state" and log[-1]["outcome"] is not None for log in logs.values())
    assert checker.messages > 50 and checker.withheld > 0
    # a seat's view holds its teammate's hand (a bot's, here) and not the opponents'
    last = {s: [m for m in log if m["type"] == "state"][-2]["view"]["players"] for s, log in logs.items()}
    assert [p["hand"] is not None for p in last[0]] == [True, True, False, False]
    assert [p["hand"] is not None for p in last[2]] == [False, False, True, True]
    assert all(p["hand"] is None for p in last[None])


def test_a_wakfu_table_takes_a_deck_per_seat(tmp_path: Path) -> None:
    from allegiance.games.wakfu.decks import starter
    deck_file = starter("xelor").to_text()  # a deck file's text, as the lobby sends it
    with server_thread(str(tmp_path / "t.db")) as base:
        res = create_wakfu_table(base, ["iop", "feca"], ["human", "human"])
        assert res.status_code == 201, res.text
        table = httpx.get(f"{base}/api/tables/{res.json()['table']['id']}").json()
        assert table["game"] == "wakfu" and table["options"]["decks"] == ["iop", "feca"]
        custom = create_wakfu_table(base, [deck_file, "cra"], ["human", "human"])
        assert custom.status_code == 201, custom.text
        bad = create_wakfu_table(base, ["iop", "dragon"], ["human", "human"])
        assert bad.status_code == 400 and "unknown deck 'dragon'" in bad.text
        too_few = create_wakfu_table(base, ["iop"], ["human", "human"])
        assert too_few.status_code == 400 and "one deck per seat" in too_few.text


def test_the_checker_notices_an_opponents_hand_in_a_message() -> None:
    from allegiance.server import messages
    from allegiance.server.storage import SeatRecord, TableRecord
    from allegiance.server.tables import LiveTable

    table = LiveTable(TableRecord("t1", "wakfu", "1v1", {"decks": ["iop", "cra"]}, 5,
                                  [SeatRecord(i, "human") for i in range(2)]))
    from allegiance.core.actions import Action
    # the winner of the draw chooses who plays first (102.2); then the hands are drawn
    table.game.apply(table.state, table.state.pending[-1].seat, Action.of("choose", value="play_first"))
    assert table.state.players[1].main
    honest = Checker()
    honest(table, 0, [])
    assert not honest.problems

    def leaky(table: Any, seat: Any, events: Any, full_log: bool = False) -> dict[str, Any]:
        msg = messages.state_message(table, seat, events, full_log)
        msg["view"]["players"][1]["hand"] = table.game.view(table.state, 1)["players"][1]["hand"]
        return msg

    caught = Checker()
    caught.builder = leaky
    caught(table, 0, [])
    assert any("hidden cards" in p for p in caught.problems)
