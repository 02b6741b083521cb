"""What a tree search needs from Wakfu besides the rules: move keys and a position evaluation.

* :func:`move_key` names an action by what it means: a card in a hidden or private zone (Main,
  Pioche) by its name, so that two copies of a card are one move and an opponent's move means the same
  in every determinisation; a card in play by its id (ids of public cards never change).
* :func:`evaluate` estimates the first team's chance of winning from public progress: XP toward
  Niveau 3, the Héros' PV, the Force of the Alliés on the board, Havre Sac resistance and hand sizes.

Both work over any number of seats in two teams (sums per team, divided by the seats of a team).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any, Final

from allegiance.core.actions import Action
from allegiance.games.wakfu import rules
from allegiance.games.wakfu.state import WakfuState

#: logistic weights of :func:`features`, fitted to the final results of 3,200 noisy greedy duels over every
#: ordered pair of starters (``benchmarks/wakfu_fit_evaluation.py --games 3200 --workers 2``, seed 1, noise
#: 0.1: mean log loss 0.531, where the hand-set weights before, (3, 3, 0.12, 0.15, 0.08, 0.2), gave 0.704).
#: XP is what decides: the PV's weight is a fifth of it, the Alliés count a little, their Force, the Havre
#: Sac and the hand next to nothing once those are known.  ISMCTS against greedy, Iop against Crâ, 200
#: games: 81.5 % with these, 81.0 % with the hand-set ones (docs/figures/wakfu.md)
WEIGHTS = (4.673, 1.064, -0.010, 0.119, -0.013, -0.043)


def card_key(state: WakfuState, c: Any) -> Hashable:
    """A card by name when it is in a Main, Pioche or Défausse (copies are interchangeable), else by id."""
    if not isinstance(c, int) or isinstance(c, bool) or c not in state.cards:
        return c
    for p in state.players:
        if c in p.main or c in p.pioche or c in p.defausse:
            return state.cards[c].name
    return c


def move_key(state: WakfuState, seat: int, action: Action) -> Hashable:
    """The meaning of ``action`` for ``seat`` now: equal keys are interchangeable moves."""
    kind = action.kind
    if kind == "choose":
        pend = state.decision(seat) or state.pending[-1]
        value, amount = action.get("value"), action.get("amount")
        if pend.kind in ("x", "mulligan", "recycle_hand") or (pend.kind == "target" and _seat_slot(state)):
            return (seat, kind, pend.kind, value, amount)
        if isinstance(value, tuple):
            return (seat, kind, pend.kind, tuple(card_key(state, v) for v in value), amount)
        return (seat, kind, pend.kind, card_key(state, value), amount)
    card = action.get("card")
    if card is not None:
        return (seat, kind, card_key(state, card), action.get("power"))
    return (seat, kind)


def _seat_slot(state: WakfuState) -> bool:
    """Whether the target being chosen is a player (its options are seats, not cards)."""
    from allegiance.games.wakfu import choices
    item = next((i for i in reversed(state.file) if not i.paid), None)
    if item is None:
        return False
    spec = choices.spec_of(state, item)
    slots = [spec.targets[0]] * item.x if spec.split else list(spec.targets)
    return len(item.targets) < len(slots) and slots[len(item.targets)] == "player"


def team_index(state: WakfuState, seat: int) -> int:
    """The team index (0 or 1, in order of first appearance) of a seat."""
    return state.table.teams.index(state.table.seats[seat].team)


def features(state: WakfuState) -> tuple[float, ...]:
    """First-team-minus-second-team features, per seat of a team: XP (of 18), PV (fraction of the
    maximum), the Force of characters in play, Alliés in play, Havre Sac resistance, cards in hand."""
    xp = [0.0, 0.0]
    pv = [0.0, 0.0]
    force = [0.0, 0.0]
    allies = [0.0, 0.0]
    sac = [0.0, 0.0]
    hand = [0.0, 0.0]
    cards = state.cards
    for p in state.players:
        t = team_index(state, p.seat)
        xp[t] += min(p.xp, rules.XP_WIN) / rules.XP_WIN
        pv[t] += max(p.pv, 0) / max(1, rules.max_pv(state, p.seat))
        for c in p.monde + p.havre:
            if cards[c].type == "Allié":
                force[t] += rules.force(state, c)
                allies[t] += 1
        sac[t] += p.sac_pr if p.sac in p.monde else 0
        hand[t] += len(p.main)
    per_team = len(state.players) / 2
    return tuple((a[0] - a[1]) / per_team for a in (xp, pv, force, allies, sac, hand))


def evaluate(state: WakfuState) -> float:
    """The first team's estimated chance of winning (the other's is one minus it)."""
    if state.phase == "over":
        if state.draw or state.winner is None:
            return 0.5
        return 1.0 if team_index(state, state.winner) == 0 else 0.0
    z = sum(w * f for w, f in zip(WEIGHTS, features(state), strict=True))
    return 1.0 / (1.0 + math.exp(-z))


#: the choices of a card or power being announced, each of which offers "cancel" (808.2)
ANNOUNCING: Final = frozenset({"place", "x", "target", "extra", "pay", "craft"})


def searched(state: WakfuState, seat: int, legal: list[Action]) -> list[Action]:
    """The actions worth searching: every legal one but the mouvements other than an Allié leaving its
    Havre Sac for the Monde.  Mouvements are free and unlimited (414), so a card moved in and out would
    let a tree search cycle forever within one turn; keeping only one direction makes every turn finite.
    For the same reason an announcement is never cancelled (808.2: the card would go back to the hand)."""
    if state.pending:
        if (state.decision(seat) or state.pending[-1]).kind in ANNOUNCING:
            return [a for a in legal if a.get("value") != "cancel"]
        return legal
    p = state.players[seat]
    return [a for a in legal if a.kind != "move"
            or (a.get("card") in p.havre and state.cards[a.get("card")].type == "Allié")]
