"""Wakfu for learning agents: the observation vector of a seat's view and the fixed action encoding
(the :class:`allegiance.core.hooks.AgentEncoding` the PettingZoo environment uses).

The observation reads the *view* only (invariant 4): a card in a hidden zone (a Pioche, another
seat's Main) is not in the view, so its slot stays all zeros.  Layout, every number in [0, 1]:

* one slot per card id (50 per seat: a deck is 50 cards with its Héros and Havre Sac, 101.1): where it
  is, seen from the observer (own Main / Monde / Havre Sac / Défausse, another team's Monde / Havre
  Sac / Défausse, a teammate's Monde / Havre Sac / Défausse, the File, banished, a teammate's Main:
  the team's hands are open to the team, WK-COMM-1, and an opposing Main is not in the view), tapped,
  Force, damage, its type and Niveau;
* per seat, starting with the observer and going round the table: XP, Niveau, PV, PA, PM, cards in
  Main and Pioche, Havre Sac resistance, whether it is a teammate, whether it is acting;
* the turn (of the turn limit), the phase, whether a combat is on, the kind of the pending choice, the
  observer's team XP and the other team's, each against the team's goal (WK-WIN-2).

Works over any number of seats in two teams (1v1 to 8v8).  The action space is the duel's
:data:`~allegiance.games.wakfu.encoding.SIZE` indices in 1v1; in team modes the prefix of the team
layout that reaches the mode's highest card id (:func:`action_count`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import numpy as np

from allegiance.core.actions import Action
from allegiance.games.wakfu import encoding
from allegiance.games.wakfu.setup import OPTION_SPECS, table_for
from allegiance.games.wakfu.view import card_catalog

DECK_SIZE: Final = 50
ZONES: Final = ("hand", "monde", "havre", "defausse", "enemy_monde", "enemy_havre", "enemy_defausse",
                "mate_monde", "mate_havre", "mate_defausse", "file", "banished", "mate_hand")
TYPES: Final = ("Allié", "Héros", "Action", "Équipement", "Havre Sac", "Salle", "Zone", "Dofus")
PER_CARD: Final = len(ZONES) + 4 + len(TYPES)
PER_SEAT: Final = 10
PHASES: Final = ("mulligan", "main", "draw", "end", "over")
PENDING: Final = ("mulligan", "recycle_hand", "discard", "place", "x", "target", "pay", "craft", "trigger_order",
                  "extra", "trigger_target", "reaction", "effect", "attack_target", "attacker", "blocker",
                  "duel_target", "riposte", "duel_order", "geant", "reassign", "first_player")
OPTION_NAMES: Final = tuple(spec.name for spec in OPTION_SPECS)


class WakfuAgentEncoding:
    """Observation and action spaces of one mode (the number of seats fixes how many cards exist)."""

    option_names: tuple[str, ...] = OPTION_NAMES

    def __init__(self, mode: str, options: Mapping[str, Any]) -> None:
        table = table_for(mode)  # checks the mode
        self.table = table
        self.seats = len(table.seats)
        self.cards = DECK_SIZE * self.seats
        self.max_turns = int(options.get("max_turns", 200))
        self.card_part = self.cards * PER_CARD
        self.observation_size = self.card_part + self.seats * PER_SEAT + 3 + len(PHASES) + len(PENDING) + 2
        self.action_count = action_count(self.cards)

    # -- observations ---------------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> Any:
        out = np.zeros(self.observation_size, dtype=np.float32)
        me = view.get("seat")
        me = 0 if me is None else int(me)
        mine = self.table.seats[me].team
        catalog = card_catalog()

        def put(card: dict[str, Any], zone: str) -> None:
            c = card["id"]
            if not 0 <= c < self.cards:
                return
            base = c * PER_CARD
            out[base + ZONES.index(zone)] = 1.0
            k = base + len(ZONES)
            out[k] = 1.0 if card.get("tapped") else 0.0
            out[k + 1] = min(card.get("force", 0), 10) / 10
            out[k + 2] = min(card.get("damage", 0), 10) / 10
            fixed = catalog.get(card["name"], {})
            level = fixed.get("level", 0)
            out[k + 3] = min(level, 6) / 6 if isinstance(level, int) else 0.0
            if card.get("type") in TYPES:
                out[k + 4 + TYPES.index(card["type"])] = 1.0

        for p in view["players"]:
            seat = p["seat"]
            prefix = "" if seat == me else ("mate_" if self.table.seats[seat].team == mine else "enemy_")
            if prefix != "enemy_":  # WK-COMM-1: the team's hands, never an opponent's (even if a view held one)
                for card in p["hand"] or []:
                    put(card, "hand" if prefix == "" else "mate_hand")
            sac = p["havre_sac"]
            if sac["card"] is not None:
                put(sac["card"], prefix + "monde")
            for card in sac["cards"]:
                put(card, prefix + "havre")
            for card in p["monde"]:
                put(card, prefix + "monde")
            for card in p["defausse"]:
                put(card, prefix + "defausse")
        for item in view["file"]:
            put(item["card"], "file")
        for card in view["banished"]:
            put(card, "banished")
        k = self.card_part
        for i in range(self.seats):
            p = view["players"][(me + i) % self.seats]
            seat = p["seat"]
            values = (min(p["xp"], 18) / 18, min(p["level"], 3) / 3, min(max(p["pv"], 0), 40) / 40,
                      min(p["pa"], 10) / 10, min(p["pm"], 10) / 10, min(p["hand_count"], 10) / 10,
                      min(p["pioche_count"], DECK_SIZE) / DECK_SIZE, min(p["havre_sac"]["resistance"], 30) / 30,
                      1.0 if self.table.seats[seat].team == mine else 0.0,
                      1.0 if _acting(view, seat) else 0.0)
            out[k:k + PER_SEAT] = values
            k += PER_SEAT
        out[k] = min(view["turn"], self.max_turns) / max(1, self.max_turns)
        out[k + 1] = 1.0 if view["combat"] is not None else 0.0
        out[k + 2] = 1.0 if view["active"] == me else 0.0
        k += 3
        if view["phase"] in PHASES:
            out[k + PHASES.index(view["phase"])] = 1.0
        k += len(PHASES)
        decision = view.get("decision")
        if decision is not None and decision.get("kind") in PENDING:
            out[k + PENDING.index(decision["kind"])] = 1.0
        k += len(PENDING)
        for i, team in enumerate(sorted(view.get("teams") or [], key=lambda t: t["team"] != mine)[:2]):
            out[k + i] = team["xp"] / max(1, team["xp_goal"])
        np.clip(out, 0.0, 1.0, out=out)  # a negative count (a Havre Sac's resistance after damage) reads as 0
        return out

    # -- actions ----------------------------------------------------------------------------------------
    def index_map(self, actions: Iterable[Action]) -> dict[int, Action]:
        out = {encoding.encode(a): a for a in actions}
        if out and max(out) >= self.action_count:  # the card ids of a mode stay below self.cards
            raise ValueError(f"action index {max(out)} ({out[max(out)]}) is outside this mode's "
                             f"{self.action_count} actions")
        return out

    def describe_index(self, index: int) -> str:
        try:
            return str(encoding.decode(index))
        except ValueError:
            return "outside the action space"

    def truncated(self, state: Any) -> bool:
        return bool(state.draw) and state.turn >= state.config.max_turns

    def summary(self, view: dict[str, Any]) -> str:
        players = ", ".join(f"{p['label']} {p['xp']} XP {p['pv']} PV" for p in view["players"])
        return f"turn {view['turn']}, {view['phase']}, seat {view['active']} to act: {players}"


def action_count(cards: int) -> int:
    """How many action indices a game of ``cards`` card ids needs: the duel layout when every id is
    below :data:`~allegiance.games.wakfu.encoding.MAX_CARDS`, else up to the team layout's last index
    naming an id below ``cards`` (its last part, the (blocker, attacker) pairs, grows with the ids)."""
    if cards <= encoding.MAX_CARDS:
        return encoding.SIZE
    if cards > encoding.MAX_TEAM_CARDS:
        raise ValueError(f"{cards} card ids: the Wakfu action encoding holds at most {encoding.MAX_TEAM_CARDS}")
    last_pair = encoding.encode(Action.of("choose", value=cards - 1, amount=cards - 1))
    return last_pair + 1


def _acting(view: dict[str, Any], seat: int) -> bool:
    decision = view.get("decision")
    if decision is not None:
        return bool(decision.get("seat") == seat)
    combat = view.get("combat")
    if combat is not None and combat.get("step") == "actions":
        return bool(combat.get("to_act") == seat)
    return bool(view.get("active") == seat)
