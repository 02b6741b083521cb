"""Build SWDBG positions for tests in a few readable lines (cards by name).

>>> s = build(hand={0: ["X-Wing"]})
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games import get_game
from allegiance.games.swdbg.cards import BEGINNER_BASES, STARTING_BASE
from allegiance.games.swdbg.state import SwdbgState

GAME = get_game("swdbg")
FILLER = ["Blockade Runner", "Lando Calrissian", "Jabba the Hutt", "Kel Dor Mystic", "Bossk", "IG-88",
          "Dengar", "Lobot"]


def build(mode: str = "1v1", *, force: int = 3, active_team: int = 0, stage: str = "main",
          options: dict[str, Any] | None = None, seed: int = 1, **zones: dict[int, Any]) -> SwdbgState:
    """A position in the main phase of ``active_team``'s turn.

    ``zones`` maps a zone name to {seat or region: value}: player zones ``hand``, ``deck``, ``discard``,
    ``units``, ``ships``, ``base`` (a name or None), ``base_deck``, ``resources``; region zones ``row``,
    ``galaxy_deck``, ``galaxy_discard``, ``pilots``.  Unset zones get small sensible defaults:
    five shuttles in each deck, the starting base, the other beginner bases, an empty galaxy row,
    a galaxy deck of neutral filler cards, three pilots.
    """
    seats = 2 if mode == "1v1" else 4
    regions = 1 if mode == "1v1" else 2
    players = []
    for seat in range(seats):
        faction = "empire" if (seat == 0 if mode == "1v1" else seat < 2) else "rebel"
        shuttle = "Imperial Shuttle" if faction == "empire" else "Alliance Shuttle"
        start = STARTING_BASE[faction]
        pz: dict[str, Any] = {
            "faction": faction,
            "deck": [shuttle] * 5, "hand": [], "discard": [], "units": [], "ships": [],
            "base": start, "base_deck": [b for b in BEGINNER_BASES[faction] if b != start],
            "resources": 0,
        }
        for zone in ("hand", "deck", "discard", "units", "ships", "base", "base_deck", "resources"):
            if zone in zones and seat in zones[zone]:
                pz[zone] = zones[zone][seat]
        if "base_deck" not in zones or seat not in zones["base_deck"]:
            pz["base_deck"] = [b for b in pz["base_deck"] if b != pz["base"]]  # no second copy of the base
        players.append(pz)
    region_list = []
    for r in range(regions):
        rz: dict[str, Any] = {"row": [], "galaxy_deck": list(FILLER), "galaxy_discard": [],
                              "pilots": ["Outer Rim Pilot"] * 3}
        for zone in ("row", "galaxy_deck", "galaxy_discard", "pilots"):
            if zone in zones and r in zones[zone]:
                rz[zone] = zones[zone][r]
        region_list.append(rz)
    # lenient: tests may hand a player any card, e.g. an Imperial Shuttle to a Rebel as a filler
    data = {"game": "swdbg", "lenient": True, "mode": mode, "options": options or {}, "seed": seed, "stage": stage,
            "active_team": active_team, "force": force, "players": players, "regions": region_list,
            "damage": zones.get("damage", {}), "victory": zones.get("victory", [[], []])}
    return GAME.from_position(data)


def ids(state: SwdbgState, name: str) -> list[int]:
    """Every card id called ``name`` in the state."""
    return [c for c, d in state.cards.items() if d.name == name]


def cid(state: SwdbgState, name: str, zone: list[int] | None = None) -> int:
    """The id of the (first) card called ``name`` (in ``zone`` if given)."""
    pool = zone if zone is not None else list(state.cards)
    for c in pool:
        if state.cards[c].name == name:
            return c
    raise KeyError(name)


def act(state: SwdbgState, seat: int, kind: str, **params: Any) -> list[Any]:
    """Apply a checked action."""
    return GAME.apply(state, seat, Action.of(kind, **params))


def choose(state: SwdbgState, seat: int, value: Any, amount: int | None = None) -> list[Any]:
    params: dict[str, Any] = {"value": value}
    if amount is not None:
        params["amount"] = amount
    return GAME.apply(state, seat, Action.of("choose", **params))


def options(state: SwdbgState) -> tuple[Any, ...]:
    """The options of the pending choice on top."""
    return state.pending[-1].options


def names(state: SwdbgState, zone: list[int]) -> list[str]:
    return [state.cards[c].name for c in zone]


def legal_kinds(state: SwdbgState, seat: int) -> set[str]:
    return {a.kind for a in GAME.legal_actions(state, seat)}


# -- shortcuts for card tests: act on cards by name ------------------------------------------------
def zone_of(state: SwdbgState, seat: int, zone: str) -> list[int]:
    """A player's zone list by name (``hand``, ``deck``, ``discard``, ``units``, ``ships``, ...)."""
    return getattr(state.players[seat], zone)


def play(state: SwdbgState, seat: int, name: str) -> list[Any]:
    """Play the first card called ``name`` from ``seat``'s hand."""
    return act(state, seat, "play", card=cid(state, name, zone_of(state, seat, "hand")))


def use(state: SwdbgState, seat: int, name: str) -> list[Any]:
    """Use the ability of ``seat``'s unit, ship or base called ``name``."""
    p = state.players[seat]
    pool = p.units + p.ships + ([p.base] if p.base is not None else [])
    return act(state, seat, "use", card=cid(state, name, pool))


def usable(state: SwdbgState, seat: int) -> set[str]:
    """Names of the cards whose ability ``seat`` may use now."""
    return {state.cards[a.get("card")].name for a in GAME.legal_actions(state, seat) if a.kind == "use"}


def pick(state: SwdbgState, seat: int, name: str) -> list[Any]:
    """Answer the pending choice with the first option that is a card called ``name``."""
    for o in options(state):
        if isinstance(o, int) and not isinstance(o, bool) and state.cards[o].name == name:
            return choose(state, seat, o)
    raise KeyError(f"{name} is not an option of {state.pending[-1].kind}")


def resources(state: SwdbgState, seat: int) -> int:
    return state.players[seat].resources


def attack_row(state: SwdbgState, seat: int, target: str, attackers: list[str]) -> list[Any]:
    """Commit ``seat``'s units called ``attackers`` (one name per card) against the galaxy-row card
    ``target`` and resolve the attack; returns the events of the resolution."""
    p = state.players[seat]
    tid = cid(state, target, state.regions[p.region].row)
    committed: list[int] = []
    for name in attackers:
        c = next(u for u in p.units if state.cards[u].name == name and u not in committed and u not in state.attacked)
        act(state, seat, "commit", card=c, target=tid)
        committed.append(c)
    return act(state, seat, "resolve")


def attack_base(state: SwdbgState, seat: int, attackers: list[str]) -> list[Any]:
    """Commit ``seat``'s units and ships called ``attackers`` against the enemy base and resolve."""
    p = state.players[seat]
    committed: list[int] = []
    for name in attackers:
        c = next(u for u in p.units + p.ships
                 if state.cards[u].name == name and u not in committed and u not in state.attacked)
        act(state, seat, "commit", card=c, target="base")
        committed.append(c)
    return act(state, seat, "resolve")
