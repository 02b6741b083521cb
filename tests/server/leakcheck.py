"""Invariant 4 over the wire, for any game: a checker that wraps the server's message builder and
checks every message when it is built, and a client that plays a seat seeing only its messages.

Each game's test says what its seats may not see (:meth:`MessageChecker.hidden_from`), which card ids a
message names, which hidden cards a seat is being shown by its own pending choice, and whose hands a
seat's view may hold; the checks themselves (no hidden card named, no legal actions to a spectator,
hands shown exactly to whom the rules show them, private events withheld) are written once here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import websockets

from allegiance.server.messages import state_message

Picker = Callable[[list[dict[str, Any]], random.Random], dict[str, Any]]


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


class MessageChecker:
    """Wraps the server's message builder (patch ``connections.state_message`` with an instance)."""

    #: the builder it wraps (a test may patch this module attribute to prove the checker catches a leak)
    builder: Callable[..., dict[str, Any]] | None = None

    def __init__(self) -> None:
        self.messages = 0
        self.withheld = 0
        self.reasons = 0  # reasons for cards sent (``why``)
        self.problems: list[str] = []

    # -- what each game's test says ------------------------------------------------------------------
    def hidden_from(self, table: Any, seat: int | None) -> set[int]:
        """The card ids ``seat`` (None: a spectator) may not see now, read from the true state."""
        raise NotImplementedError

    def named(self, msg: dict[str, Any]) -> set[int]:
        """Card ids a message names: its card objects and the cards its legal actions refer to."""
        return card_ids(msg)

    def shown(self, table: Any, msg: dict[str, Any], seat: int | None) -> set[int]:
        """Hidden cards the seat is being shown by its own pending choice (a search, a look)."""
        return set()

    def hand_visible(self, table: Any, seat: int | None, player: dict[str, Any]) -> bool:
        """Whether ``seat``'s view may hold the hand of the player ``player`` (a view's player entry)."""
        return seat is not None and player["seat"] == seat

    # -- the checks ----------------------------------------------------------------------------------
    def __call__(self, table: Any, seat: int | None, events: Any, full_log: bool = False) -> dict[str, Any]:
        events = list(events)
        msg = (self.builder or state_message)(table, seat, events, full_log=full_log)
        self.messages += 1
        leaked = self.named(msg) & self.hidden_from(table, seat) - self.shown(table, msg, seat)
        if leaked:
            self.problems.append(f"v{msg['version']} seat {seat}: hidden cards {sorted(leaked)} sent")
        if msg["legal"] and seat is None:
            self.problems.append("a spectator was sent legal actions")
        # the reasons for cards without an action (issue 24 item 5): only the seat's visible cards
        why = {int(card) for card in msg.get("why", {})}
        if why and seat is None:
            self.problems.append("a spectator was sent reasons for cards")
        if why & self.hidden_from(table, seat):
            self.problems.append(f"v{msg['version']} seat {seat}: reasons for hidden cards "
                                 f"{sorted(why & self.hidden_from(table, seat))}")
        if why - card_ids(msg["view"]):
            self.problems.append(f"seat {seat}: reasons for cards its view does not show")
        self.reasons += len(why)
        for p in msg["view"]["players"]:
            if (p["hand"] is not None) != self.hand_visible(table, seat, p):
                self.problems.append(f"seat {seat} got the hand of seat {p['seat']} wrongly shown/hidden")
        pool = table.events if full_log else events
        sent = {e["text"] for e in msg["events"]}
        readable = {e.text for e in pool if e.visible_for(seat)}
        for e in pool:
            if not e.visible_for(seat):
                self.withheld += 1
                if e.text in sent and e.text not in readable:
                    self.problems.append(f"seat {seat} was sent a private event: {e.text}")
        return msg


async def play_seat(url: str, token: str | None, seat_log: list[dict[str, Any]], seed: int, pick: Picker) -> None:
    """Join ``url`` (with ``token``: a seat; without: a spectator), log every message, act with ``pick``
    whenever legal actions arrive, and return when the game is over."""
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
