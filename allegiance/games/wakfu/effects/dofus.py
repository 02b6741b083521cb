"""The Dofus (304): each may be played only if its restriction held at the start of your turn (304.1), and
does something when it appears.

What a player controlled at the start of the turn is recorded then, as one flag of plain strings
(``("at_start", seat, "M:<name>", "H:<name>", ...)``: M for the Monde, H for the Havre Sac), and only in a game
holding one of these Dofus: state copies stay as cheap as before.  ``flow.start_turn`` clears the flags of the
turn before as each turn starts, so the flag read in a turn is always that turn's.
"""

from __future__ import annotations

from allegiance.games.wakfu import rules
from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.effects.common import alive, untap
from allegiance.games.wakfu.registry import APPEAR, PLAY_CONDITIONS, TRIGGERS, TURN_START
from allegiance.games.wakfu.state import Item, WakfuState

DOFUS = ("Dofawa", "Dofus Cawotte", "Dofus Émeraude", "Dofus Turquoise")
#: the Équipements of the Panoplie Wa (Dofus Cawotte)
WA = frozenset(n for n, d in CARDS.items() if d.type == "Équipement" and "Wa" in d.subtypes)
#: the Unique Bandits (Dofus Émeraude)
UNIQUE_BANDITS = frozenset(n for n, d in CARDS.items() if "Bandit" in d.subtypes and d.unique)


def _record(state: WakfuState, seat: int) -> None:
    """602: what the active player controls as the turn starts, for the Dofus played this turn."""
    if rules.game_names(state).isdisjoint(DOFUS):
        return
    p = state.players[seat]
    names = sorted({"M:" + state.name(c) for c in p.monde} | {"H:" + state.name(c) for c in p.havre})
    state.flags = {f for f in state.flags if f[0] != "at_start"}
    state.flags.add(("at_start", seat, *names))


def at_start(state: WakfuState, seat: int) -> tuple[list[str], list[str]]:
    """(names in the Monde, names in the Havre Sac) the seat controlled at the start of its turn."""
    flag = next((f for f in state.flags if f[0] == "at_start" and f[1] == seat), None)
    if flag is None:
        return [], []
    return [n[2:] for n in flag[2:] if n[:2] == "M:"], [n[2:] for n in flag[2:] if n[:2] == "H:"]


def _two_zones(state: WakfuState, seat: int, card: int) -> bool:
    monde, _ = at_start(state, seat)
    return len({n for n in monde if n in CARDS and CARDS[n].type == "Zone"}) >= 2


def _wa_set(state: WakfuState, seat: int, card: int) -> bool:
    monde, havre = at_start(state, seat)
    return len({n for n in monde + havre if n in WA}) >= 3


def _vlad_or_bandits(state: WakfuState, seat: int, card: int) -> bool:
    monde, _ = at_start(state, seat)
    return "Dark Vlad" in monde or len({n for n in monde if n in UNIQUE_BANDITS}) >= 3


def _chene_or_dragon(state: WakfuState, seat: int, card: int) -> bool:
    monde, _ = at_start(state, seat)
    return "Chêne Mou" in monde or "Dragon Cochon" in monde


def _xp(n: int, heal: bool = False, untap_hero: bool = False):  # type: ignore[no-untyped-def]
    def run(state: WakfuState, item: Item) -> None:
        hero = state.players[item.seat].hero
        if heal:
            rules.heal(state, item.seat, rules.max_pv(state, item.seat))  # regains all its PV
        if untap_hero and alive(state, hero):
            untap(state, hero)
        rules.gain_xp(state, item.seat, n)
    return run


PLAY_CONDITIONS.update({"Dofawa": _two_zones, "Dofus Cawotte": _wa_set, "Dofus Émeraude": _vlad_or_bandits,
                        "Dofus Turquoise": _chene_or_dragon})
TRIGGERS.update({"Dofawa": _xp(1), "Dofus Cawotte": _xp(3), "Dofus Émeraude": _xp(2, heal=True),
                 "Dofus Turquoise": _xp(2, untap_hero=True)})  # Turquoise's Géant: rules.HERO_KEYWORDS
APPEAR.update(DOFUS)
TURN_START.append(_record)
