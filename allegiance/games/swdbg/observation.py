"""SWDBG observations for learning agents: a seat's view as a fixed-size vector of numbers in [0, 1].

The vector is built from :meth:`SwdbgGame.view` only, so it holds nothing the seat may not see
(invariant 4).  Players are listed *relative to the seat*: itself, its teammates, then its opponents,
each in seat order, so one policy can play any seat.

Layout (``P`` seats, ``N`` card ids of the mode; every card id means the same card title in every game
of a mode, since setup numbers cards in a fixed order):

* per card id, :data:`CARD_FEATURES` ``(P)`` numbers: for each relative player, whether the card is in
  that player's hand / discard pile / units / capital ships / base; whether it is in the galaxy row,
  galaxy discard pile or on top of the pilot stack of the seat's region, then of the other region;
  whether it is committed to the current attack, shown by the seat's pending choice, the card of the
  pending choice; its damage (/16), whether its ability was used and whether it attacked this turn.
  A card in a deck or an opponent's hand is all zeros there: its place is hidden.
* then the table: the Force (/6) and who it is with, the turn (/max turns), whether the seat's team is
  active, the stage, per relative player resources, hand, deck and discard sizes, bases left and
  whether it ended its turn, the bases each team destroyed, the attack under way, and the pending
  choice (its kind, one-hot, and whether the seat answers it).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from allegiance.games.swdbg.game import HANDLERS

ZONES = ("hand", "discard", "units", "ships", "base")
REGION_ZONES = ("row", "galaxy_discard", "pilot")
PENDING_KINDS: tuple[str, ...] = tuple(sorted(HANDLERS))
STAGES = ("setup", "start", "main", "over")
#: per-card numbers beyond the per-player zones and region zones
_CARD_EXTRA = ("attack", "shown", "pending_card", "damage", "used", "attacked")
_PLAYER_GLOBALS = ("resources", "hand_count", "deck_count", "discard_count", "bases_left", "ended")
_SCALE = {"resources": 20.0, "hand_count": 20.0, "deck_count": 40.0, "discard_count": 40.0, "bases_left": 10.0}


def card_features(players: int) -> int:
    """How many numbers describe one card id at a table of ``players`` seats."""
    return len(ZONES) * players + 2 * len(REGION_ZONES) + len(_CARD_EXTRA)


def global_features(players: int) -> int:
    """How many numbers describe the table as a whole."""
    return 3 + 1 + 1 + len(STAGES) + len(_PLAYER_GLOBALS) * players + 2 + 4 + len(PENDING_KINDS) + 2


class SwdbgObserver:
    """Turns a seat's view into a vector of :attr:`size` float32 numbers."""

    def __init__(self, players: int, cards: int, max_turns: int) -> None:
        self.players = players
        self.cards = cards
        self.max_turns = max_turns
        self.per_card = card_features(players)
        self.size = cards * self.per_card + global_features(players)

    def relative_order(self, view: dict[str, Any]) -> list[int]:
        """Seat numbers as the viewer sees them: itself, teammates, opponents (each in seat order)."""
        seat = view["seat"]
        team = view["players"][seat]["team"]
        mates = [p["seat"] for p in view["players"] if p["team"] == team and p["seat"] != seat]
        others = [p["seat"] for p in view["players"] if p["team"] != team]
        return [seat, *mates, *others]

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The observation vector of ``view`` (a seat's view, not a spectator's)."""
        out = np.zeros(self.size, dtype=np.float32)
        cards = out[: self.cards * self.per_card].reshape(self.cards, self.per_card)
        order = self.relative_order(view)
        players = view["players"]
        me = players[view["seat"]]

        def mark(card: dict[str, Any] | None, column: int) -> None:
            if card is not None and card["id"] < self.cards:
                cards[card["id"], column] = 1.0

        extra = len(ZONES) * self.players + 2 * len(REGION_ZONES)
        for rel, seat in enumerate(order):
            p = players[seat]
            base_col = rel * len(ZONES)
            for z, zone in enumerate(ZONES):
                found = p[zone]
                for card in ([found] if zone == "base" else found or []):
                    mark(card, base_col + z)
                    if card is not None and zone in ("units", "ships", "base"):
                        self._mark_in_play(cards, card, extra)
        regions = sorted(view["regions"], key=lambda r: r["index"] != me["region"])
        for r_rel, region in enumerate(regions[:2]):
            col = len(ZONES) * self.players + r_rel * len(REGION_ZONES)
            for card in region["row"]:
                mark(card, col)
            for card in region["galaxy_discard"]:
                mark(card, col + 1)
            mark(region["pilot"], col + 2)
        attack = view["attack"]
        if attack is not None:
            for card in attack["cards"]:
                mark(card, extra)
        pending = view["pending"]
        if pending is not None:
            for card in pending.get("shown", []):
                mark(card, extra + 1)
            mark(pending["card"], extra + 2)

        g: list[float] = []
        put = g.append

        my_team = ("empire", "rebel")[me["team"]]
        put(view["force"] / 6)
        put(view["force_with"] == my_team)
        put(view["force_with"] not in (None, my_team))
        put(view["turn"] / self.max_turns)
        put(view["active_team"] == my_team)
        for stage in STAGES:
            put(view["stage"] == stage)
        for seat in order:
            p = players[seat]
            counts = {"resources": p["resources"], "hand_count": p["hand_count"], "deck_count": p["deck_count"],
                      "discard_count": len(p["discard"]), "bases_left": p["bases_left"], "ended": p["ended"]}
            for name in _PLAYER_GLOBALS:
                put(counts[name] / _SCALE.get(name, 1.0))
        theirs = "rebel" if my_team == "empire" else "empire"
        put(len(view["victory"][my_team]) / 5)
        put(len(view["victory"][theirs]) / 5)
        put(attack is None)
        put(attack is not None and attack["target"] == "base")
        put(attack is not None and attack["target"] == "row")
        put(attack is not None and view["seat"] in attack["seats"])
        for kind in PENDING_KINDS:
            put(pending is not None and pending["kind"] == kind)
        put(pending is not None and view["seat"] in pending["seats"])
        put(any(view["seat"] in d["seats"] for d in view["decisions"]))
        out[self.cards * self.per_card:] = np.clip(np.asarray(g, dtype=np.float32), 0.0, 1.0)
        return out

    def _mark_in_play(self, cards: np.ndarray, card: dict[str, Any], extra: int) -> None:
        """Damage, used and attacked flags of a card in play."""
        if card["id"] >= self.cards:
            return
        row = cards[card["id"]]
        row[extra + 3] = min(1.0, card.get("damage", 0) / 16)
        row[extra + 4] = float(card.get("used", False))
        row[extra + 5] = float(card.get("attacked", False))
