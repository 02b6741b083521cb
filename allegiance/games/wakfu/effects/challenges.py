"""The Challenges (302.3): Actions the attacker may play, one per combat, in the Phase de Déclaration de la
Cible (702.4; ``combat`` asks, the ``challenge`` effect handler plays it), whose conditions are checked at the
start and the end of the Phase d'Actions (705.5).

The Challenge goes to the File like any Action (each player may answer it with a Réaction, 809.6); when it
resolves its condition is remembered for the combat as the flag ``("challenge", name, seat)`` and the card goes
to the Défausse (RULES.md: the face-up card waiting for its check is not kept on the table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allegiance.games.wakfu import rules, teams
from allegiance.games.wakfu.effects.common import may
from allegiance.games.wakfu.registry import (
    ACTIONS,
    CARD_PLAYED,
    EFFECT_HANDLERS,
    END_OF_ACTIONS,
    START_OF_ACTIONS,
    Spec,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def _fx_challenge(state: WakfuState, pend: Pending, value: Any) -> None:
    """702.4: the attacker plays the chosen Challenge (Niveau 0, no target, no additional cost: it is paid at
    once, 808.2) or none."""
    if not isinstance(value, int) or value not in state.players[pend.seat].main:
        return
    p = state.players[pend.seat]
    p.main.remove(value)
    p.drew_or_played = True
    rules.say(state, "announce", f"{rules.label(state, pend.seat)} plays {state.name(value)}", pend.seat, card=value)
    state.file.append(Item("card", pend.seat, value, state.name(value), paid=True, step="done",
                           to_ask=teams.after(state, pend.seat)))
    for watch in CARD_PLAYED:
        watch(state, state.file[-1])


def _never(state: WakfuState, seat: int, card: int) -> bool:
    return False  # 302.3: only through the Challenge step of a combat (combat.challenges)


def _start(name: str) -> Callable[[WakfuState, Item], None]:
    def run(state: WakfuState, item: Item) -> None:
        if state.combat is not None:
            state.flags.add(("challenge", name, item.seat))
    return run


def _active(state: WakfuState, name: str) -> list[int]:
    """The seats that played the Challenge ``name`` in this combat, in seat order."""
    out = []
    for f in state.flags:
        if f[0] == "challenge" and f[1] == name:
            out.append(f[2])
    return sorted(out)


def _players(state: WakfuState) -> list[int]:
    """The players of the combat: every player still in the game, from the attacker in turn order."""
    cb = state.combat
    assert cb is not None
    n = len(state.players)
    return [s for s in ((cb.attacker + i) % n for i in range(n)) if teams.alive(state, s)]


def _combat_allies(state: WakfuState, seat: int) -> list[int]:
    cb = state.combat
    assert cb is not None
    return [c for c in [*cb.attackers, *cb.blockers] if state.cards[c].type == "Allié"
            and rules.controller(state, c) == seat]


def _most(state: WakfuState, score: dict[int, int]) -> None:
    """The player with the highest score gains 2 XP; on a tie each tied player gains 1 XP."""
    top = max(score.values())
    best = [s for s in score if score[s] == top]
    for s in best:
        rules.gain_xp(state, s, 2 if len(best) == 1 else 1)


def _end(state: WakfuState) -> None:
    """705.5: the Challenges' checks at the end of the Phase d'Actions, in the order they were played."""
    cb = state.combat
    if cb is None:
        return
    for _ in _active(state, "Barbare"):
        _most(state, {s: sum(rules.force(state, c) for c in _combat_allies(state, s)) for s in _players(state)})
    for _ in _active(state, "Les Petits d'Abord"):
        for s in _players(state):
            rules.gain_xp(state, s, sum(1 for c in _combat_allies(state, s) if state.cards[c].level == 1))
    for _ in _active(state, "Mystique"):
        _most(state, {s: sum(1 for f in state.flags if f[0] == "mystique" and f[1] == s) for s in _players(state)})
    for f in sorted((f for f in state.flags if f[0] == "designated"), key=repr):
        _, name, seat, card = f
        destroyed = not rules.in_play(state, card) and card in state.players[state.owner(card)].defausse
        if destroyed == (name == "Désigné Volontaire"):
            rules.gain_xp(state, seat, 2)
    state.flags = {f for f in state.flags if f[0] not in ("challenge", "designated", "mystique")}


def _played(state: WakfuState, item: Item) -> None:
    """Mystique counts the cards played from the hand during the Phase d'Actions."""
    cb = state.combat
    if cb is not None and cb.step == "actions" and _active(state, "Mystique"):
        state.flags.add(("mystique", item.seat, item.card))


# -- Intouchable, Désigné Volontaire: each player may designate an Allié as the Phase d'Actions starts ---------
def _start_of_actions(state: WakfuState) -> None:
    asks = [(name, s) for name in ("Intouchable", "Désigné Volontaire") for _ in _active(state, name)
            for s in _players(state)]
    _ask_designate(state, tuple(asks))


def _designable(state: WakfuState, name: str, seat: int) -> list[int]:
    cb = state.combat
    assert cb is not None
    mine = name == "Intouchable"
    return [c for c in dict.fromkeys([*cb.attackers, *cb.blockers]) if state.cards[c].type == "Allié"
            and (rules.controller(state, c) == seat) == mine
            and (mine or not teams.same_team(state, rules.controller(state, c), seat))]


def _ask_designate(state: WakfuState, asks: tuple[tuple[str, int], ...]) -> None:
    while asks:
        (name, seat), asks = asks[0], asks[1:]
        options = _designable(state, name, seat)
        if options:
            what = "one of your attacking or blocking Alliés" if name == "Intouchable" else \
                "an opposing attacking or blocking Allié"
            may(state, seat, state.players[seat].hero, "designate", f"{name}: designate {what}, or none",
                (*options, "none"), challenge=name, rest=asks)
            return


def _fx_designate(state: WakfuState, pend: Pending, value: Any) -> None:
    if isinstance(value, int):
        state.flags.add(("designated", pend.get("challenge"), pend.seat, value))
        rules.say(state, "designate", f"{rules.label(state, pend.seat)} designates {state.name(value)}", pend.seat,
                  card=value)
    _ask_designate(state, pend.get("rest"))


ACTIONS.update({name: Spec(name, _start(name), condition=_never) for name in (
    "Barbare", "Les Petits d'Abord", "Mystique", "Intouchable", "Désigné Volontaire")})
START_OF_ACTIONS.append(_start_of_actions)
END_OF_ACTIONS.append(_end)
CARD_PLAYED.append(_played)
EFFECT_HANDLERS.update({"challenge": _fx_challenge, "designate": _fx_designate})
