"""Jedi Knights for learning agents: the observation vector of a seat's view and a fixed action numbering
(the :class:`allegiance.core.hooks.AgentEncoding` the PettingZoo environment uses).

The observation reads the *view* only (invariant 4): a hidden card is not in the view, so its slot stays
zeros.  Card ids are dealt seat by seat, ``P`` = 1 theme card + 8 Force cards + the deck per seat, so a
seat's own cards are the ids ``seat * P .. seat * P + P - 1`` and ``id % P`` is a card's place in its
owner's set.  Works for every line-up, two or three sides (a side is "mine", "a teammate's" or "an
opponent's"; the seats are listed from the observer round the table).

Actions: every parameter that names one of the acting seat's own cards is encoded by its place (``id %
P``); a parameter naming any card (a defender, a target, the card a tactic bonus goes under) by its id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import numpy as np

from allegiance.core.actions import Action
from allegiance.games.jk.cards import TYPES, catalog
from allegiance.games.jk.decks import planets
from allegiance.games.jk.lineups import table_for
from allegiance.games.jk.options import OPTION_SPECS

ZONES: Final = ("hand", "theme_pile", "force_deck", "picked", "mate_hand", "mate_theme_pile", "system_mine",
                "system_mate", "system_enemy", "site_mine", "site_mate", "site_enemy", "discard_mine",
                "discard_other", "table_mine", "table_other", "force_card")
PER_CARD: Final = len(ZONES) + 3 + len(TYPES) + 2
PER_SEAT: Final = 11
PHASES: Final = ("location", "force", "deploy", "starship", "blockade", "character", "over")
GLOBAL: Final = 2 + len(PHASES) + 3 + 6 + 1 + 3 + 2
OPTION_NAMES: Final = tuple(spec.name for spec in OPTION_SPECS)


class JKAgentEncoding:
    """Observation and action spaces of one line-up (the seats and the deck size fix how many cards exist)."""

    option_names: tuple[str, ...] = OPTION_NAMES

    def __init__(self, mode: str, options: Mapping[str, Any]) -> None:
        self.table = table_for(mode)  # checks the line-up
        self.seats = len(self.table.seats)
        self.deck = int(options.get("deck_size") or 60)
        self.per_seat = 9 + self.deck
        self.cards = self.per_seat * self.seats
        self.max_turns = int(options.get("max_turns") or 40)
        self.card_part = self.cards * PER_CARD
        self.observation_size = self.card_part + self.seats * PER_SEAT + GLOBAL
        self.planets = planets()
        P, C = self.per_seat, self.cards
        sizes = (("pass", 1), ("choose_card", C), ("choose_text", len(self.planets) + 1), ("deploy_at", 2 * P),
                 ("deploy_on", P * P), ("play", 2 * P * (C + 1)), ("battle", P * C), ("intimidate", 3 * P),
                 ("support", P), ("tactic", P * C), ("fire", P * C), ("shuttle", P))
        self.base: dict[str, int] = {}
        at = 0
        for name, size in sizes:
            self.base[name] = at
            at += size
        self.action_count = at

    # -- observations ---------------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> Any:
        out = np.zeros(self.observation_size, dtype=np.float32)
        me = 0 if view.get("seat") is None else int(view["seat"])
        mine = self.table.seats[me].team
        cards = catalog()

        def rel(seat: int) -> str:
            return "mine" if seat == me else "mate" if self.table.seats[seat].team == mine else "enemy"

        def put(card: dict[str, Any], zone: str) -> None:
            c = card["id"]
            if not 0 <= c < self.cards:
                return
            base = c * PER_CARD
            out[base + ZONES.index(zone)] = 1.0
            k = base + len(ZONES)
            out[k] = 1.0 if card.get("rotated") else 0.0
            out[k + 1] = min(card.get("power", 0), 10) / 10
            out[k + 2] = 1.0 if "on" in card or "under" in card else 0.0
            d = cards.get(card["name"])
            if d is not None:
                out[k + 3 + TYPES.index(d.type)] = 1.0
                out[k + 3 + len(TYPES)] = min(d.deploy, 8) / 8
                out[k + 4 + len(TYPES)] = min(d.destiny, 8) / 8

        for p in view["players"]:
            who = rel(p["seat"])
            if who != "enemy":
                prefix = "" if who == "mine" else "mate_"
                for card in p.get("hand_cards", []):
                    put(card, prefix + "hand")
                for card in p.get("theme_pile_cards", []):
                    put(card, prefix + "theme_pile")
            if who == "mine":
                for card in p.get("force_deck_cards", []):
                    put(card, "force_deck")
                if "picked_card" in p:
                    put(p["picked_card"], "picked")
            for card in p["discard"]:
                put(card, "discard_mine" if who == "mine" else "discard_other")
            for card in p["table"]:
                put(card, "table_mine" if who == "mine" else "table_other")
        for zone in ("system", "site"):
            for card in view[zone]:
                put(card, f"{zone}_{rel(card['owner'])}")
        k = self.card_part
        acting = set(view.get("active", []))
        for i in range(self.seats):
            p = view["players"][(me + i) % self.seats]
            out[k:k + PER_SEAT] = (
                min(p["credits"], 20) / 20, p["force_number"] / 8, min(p["hand"], 15) / 15,
                min(p["draw"], self.deck) / self.deck, min(p["theme_pile"], 10) / 10, min(p["force_deck"], 8) / 8,
                min(p["left"], self.deck) / self.deck, 1.0 if p["out"] else 0.0,
                1.0 if self.table.seats[p["seat"]].team == mine else 0.0, 1.0 if p["seat"] in acting else 0.0,
                1.0 if p["picked"] else 0.0)
            k += PER_SEAT
        out[k] = min(view["turn"], self.max_turns) / max(1, self.max_turns)
        out[k + 1] = 1.0 if view["player_one"] == me else 0.0
        k += 2
        if view["phase"] in PHASES:
            out[k + PHASES.index(view["phase"])] = 1.0
        k += len(PHASES)
        out[k] = min(view["planet"], 3) / 3
        out[k + 1] = 1.0 if view["final"] else 0.0
        out[k + 2] = min(view["turn_at_planet"], 4) / 4
        k += 3
        for i, team in enumerate(view["controlled"][:3]):
            if team:
                out[k + 2 * i + (0 if team == mine else 1)] = 1.0
        k += 6
        out[k] = 1.0 if view.get("windows") else 0.0
        k += 1
        battle = view.get("battle")
        if battle is not None and battle["step"] in ("support", "weapons", "power"):
            out[k + ("support", "weapons", "power").index(battle["step"])] = 1.0
        k += 3
        out[k] = 1.0 if mine in view["intimidated"] else 0.0
        out[k + 1] = 1.0 if view.get("pending") is not None else 0.0
        np.clip(out, 0.0, 1.0, out=out)
        return out

    # -- actions ----------------------------------------------------------------------------------------
    def encode(self, action: Action) -> int:
        """The index of an action (``ValueError`` for one outside this line-up's space)."""
        P, C, b, get = self.per_seat, self.cards, self.base, action.get
        kind = action.kind
        try:
            if kind == "pass":
                return 0
            if kind == "choose":
                v = get("value")
                if isinstance(v, int):
                    return _check(b["choose_card"] + v, v, C)
                return b["choose_text"] + (self.planets.index(v) if v != "decline" else len(self.planets))
            named = next(v for v in (get("card"), get("weapon"), get("attacker")) if v is not None)
            own = named % P
            if kind == "deploy":
                if get("at") is not None:
                    return b["deploy_at"] + 2 * own + (1 if get("at") == "system" else 0)
                return b["deploy_on"] + own * P + get("on") % P
            if kind == "play":
                t = get("target")
                target = 0 if t is None else _check(t + 1, t, C)
                return b["play"] + (own * 2 + get("function")) * (C + 1) + target
            if kind == "battle":
                return b["battle"] + own * C + _check(get("defender"), get("defender"), C)
            if kind == "intimidate":
                return b["intimidate"] + own * 3 + list(self.table.teams).index(get("side"))
            if kind == "support":
                return b["support"] + own
            if kind == "tactic":
                return b["tactic"] + own * C + _check(get("under"), get("under"), C)
            if kind == "fire":
                return b["fire"] + own * C + _check(get("target"), get("target"), C)
            if kind == "shuttle":
                return b["shuttle"] + own
        except (TypeError, ValueError, StopIteration) as exc:
            raise ValueError(f"{action} is outside the Jedi Knights action space: {exc}") from None
        raise ValueError(f"unknown action kind {kind!r}")

    def index_map(self, actions: Iterable[Action]) -> dict[int, Action]:
        out: dict[int, Action] = {}
        for a in actions:
            i = self.encode(a)
            if i in out:
                raise ValueError(f"two legal actions share index {i}: {out[i]} and {a}")
            out[i] = a
        return out

    def describe_index(self, index: int) -> str:
        if not 0 <= index < self.action_count:
            return "outside the action space"
        name = max((n for n, at in self.base.items() if at <= index), key=lambda n: self.base[n])
        return f"{name} #{index - self.base[name]}"

    def truncated(self, state: Any) -> bool:
        return bool(state.draw_game) and "turn limit" in state.end_reason

    def summary(self, view: dict[str, Any]) -> str:
        players = ", ".join(f"{p['label']} {p['credits']} credits" for p in view["players"])
        return (f"turn {view['turn']}, {view['phase']}, planet {view['planet'] + 1}, "
                f"controlled {view['controlled']}: {players}")


def _check(index: int, value: Any, limit: int) -> int:
    if not isinstance(value, int) or not 0 <= value < limit:
        raise ValueError(f"card {value!r} is not a card of this line-up")
    return index
