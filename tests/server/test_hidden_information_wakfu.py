"""Invariant 4 over the wire for Wakfu (WK view): in a whole duel played to the end, one seat by a
client that sees only its messages and the other by a server bot, no message to any seat or to a
spectator names a card in a Pioche or in another seat's Main, and events reach only their readers.
Also: a Wakfu table is created with a deck per seat."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from allegiance.server import connections
from allegiance.server.messages import state_message
from tests.server.helpers import server_thread
from tests.server.test_hidden_information import card_ids


def hidden_from(table: Any, seat: int | None) -> set[int]:
    """The cards ``seat`` may not see now: every Pioche and every other seat's Main."""
    # (state internals are read here only to know the truth to compare messages against)
    hidden: set[int] = set()
    for p in table.state.players:
        hidden |= set(p.pioche)
        if p.seat != seat:
            hidden |= set(p.main)
    return hidden


def named_by_actions(legal: list[dict[str, Any]]) -> set[int]:
    """Card ids named by a seat's legal actions (only its own decisions: its hand, cards in play)."""
    found: set[int] = set()
    for item in legal:
        action = item["action"]
        found |= {action[k] for k in ("card", "value", "amount") if isinstance(action.get(k), int)}
    return found


class Checker:
    """Wraps the server's message builder and checks each message as it is built."""

    def __init__(self) -> None:
        self.messages = 0
        self.withheld = 0
        self.problems: list[str] = []

    def __call__(self, table: Any, seat: int | None, events: Any, full_log: bool = False) -> dict[str, Any]:
        events = list(events)
        msg = state_message(table, seat, events, full_log=full_log)
        self.messages += 1
        hidden = hidden_from(table, seat)
        # a seat's own pending choice may show it cards of its Pioche (a search): only to it, as options
        pending = table.state.pending[-1] if table.state.pending else None
        shown = set(pending.options) if pending is not None and pending.seat == seat else set()
        leaked = (card_ids(msg["view"]) | card_ids(msg["events"])) & hidden
        leaked |= named_by_actions(msg["legal"]) & hidden - shown
        if leaked:
            self.problems.append(f"v{msg['version']} seat {seat}: hidden cards {sorted(leaked)} sent")
        if msg["legal"] and seat is None:
            self.problems.append("a spectator was sent legal actions")
        for p in msg["view"]["players"]:
            if (p["hand"] is not None) != (p["seat"] == seat):
                self.problems.append(f"seat {seat} got the hand of seat {p['seat']} wrongly shown/hidden")
        sent = {e["text"] for e in msg["events"]}
        pool = table.events if full_log else events
        readable = {e.text for e in pool if e.visible_for(seat)}
        for e in pool:
            if not e.visible_for(seat):
                self.withheld += 1
                if e.text in sent and e.text not in readable:
                    self.problems.append(f"seat {seat} was sent a private event: {e.text}")
        return msg


#: a quick player that sees only its legal actions: answers, attacks, plays, passes, and ends the turn;
#: never a mouvement, a power or a cancelled payment (free and repeatable: a random client could loop)
RANK = {"choose": 0, "attack": 1, "play": 2, "pass": 3, "end_turn": 4}


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    actions = [item["action"] for item in legal]
    usable = [a for a in actions if a["kind"] in RANK and a.get("value") != "cancel"] or actions
    best = min(RANK.get(a["kind"], 9) for a in usable)
    return rng.choice([a for a in usable if RANK.get(a["kind"], 9) == best])


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


def create_wakfu_table(base: str, decks: list[str], seats: list[str], seed: int | None = 5) -> httpx.Response:
    body: dict[str, Any] = {"game": "wakfu", "mode": "1v1", "seats": seats,
                            "options": {"decks": decks, "max_turns": 120}}
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
            await asyncio.wait_for(asyncio.gather(play_seat(url, token, logs[0], 0),
                                                  play_seat(url, None, logs[None], 1)), timeout=300)

        asyncio.run(main())
    assert not checker.problems, checker.problems[:10]
    assert all(log[-1]["type"] == "state" and log[-1]["outcome"] is not None for log in logs.values())
    assert checker.messages > 50 and checker.withheld > 0
    for seat, log in logs.items():
        for msg in log:
            if msg["type"] == "state":
                assert msg["seat"] == seat


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


def test_the_checker_notices_an_opponents_hand_in_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from allegiance.server import messages
    from allegiance.server.storage import SeatRecord, TableRecord
    from allegiance.server.tables import LiveTable

    table = LiveTable(TableRecord("t1", "wakfu", "1v1", {"decks": ["iop", "cra"]}, 5,
                                  [SeatRecord(i, "human") for i in range(2)]))
    honest = Checker()
    honest(table, 0, [])
    assert not honest.problems

    def leaky(table: Any, seat: Any, events: Any, full_log: bool = False) -> dict[str, Any]:
        msg = messages.state_message(table, seat, events, full_log)
        msg["view"]["players"][1]["hand"] = table.game.view(table.state, 1)["players"][1]["hand"]
        return msg

    monkeypatch.setattr(sys.modules[__name__], "state_message", leaky)
    caught = Checker()
    caught(table, 0, [])
    assert any("hidden cards" in p for p in caught.problems)
