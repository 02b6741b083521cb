"""Chi-Fu-Mi played for real between two players (Karey Dass, Auberge du Bouftou Croustillant, Dames de
Bouffe): each picks pierre, feuille or ciseaux without seeing the other's pick; a tie is played again
(past :data:`MAX_TIES` ties, a fair coin of the game's RNG decides).

It is two pending decisions (``effect`` of fx ``chifumi``): the player who starts it picks first, then the
other.  The first pick waits in the second Pending's data, which no view shows (a view names only the top
decision's seat, kind and prompt, and its options to that seat alone); it is told to nobody but its picker
until both picks are in, when both are said to everybody.  The winner's card effect then runs by the name
in ``then`` (:data:`WON`), and every "whenever you win a Chi-Fu-Mi" watcher (:data:`registry.CHIFUMI_WON`) sees
the win, as it sees those of the Chi-Fu-Mi that the game draws at random (Gambit, Odorat, Kanigrou).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allegiance.games.wakfu import rules, teams
from allegiance.games.wakfu.effects.common import alive, damage, may
from allegiance.games.wakfu.registry import CHIFUMI_WON, EFFECT_HANDLERS, PLAIN, POWERS, Spec
from allegiance.games.wakfu.state import Item, Pending, WakfuState

PICKS = ("pierre", "feuille", "ciseaux")
#: what each pick beats
BEATS = {"pierre": "ciseaux", "ciseaux": "feuille", "feuille": "pierre"}
#: ``then`` -> (state, winner, loser, pending of the last pick) run once somebody wins
WON: dict[str, Callable[[WakfuState, int, int, Pending], None]] = {}
#: ties played again before the game's RNG decides (two bots that always show the same pick would tie forever)
MAX_TIES = 5


def play(state: WakfuState, seat: int, other: int, card: int, then: str, ties: int = 0) -> None:
    """Start a Chi-Fu-Mi between ``seat`` and ``other``, for ``card``'s effect ``then``."""
    data = (("fx", "chifumi"), ("card", card), ("players", (seat, other)), ("then", then), ("ties", ties))
    who = f"{rules.label(state, seat)} and {rules.label(state, other)}"
    state.pending.append(Pending("effect", other, f"{state.name(card)}: Chi-Fu-Mi between {who}: your pick?",
                                 PICKS, card, data))
    state.pending.append(Pending("effect", seat, f"{state.name(card)}: Chi-Fu-Mi between {who}: your pick?",
                                 PICKS, card, data))
    rules.say(state, "chifumi", f"{state.name(card)}: {who} play Chi-Fu-Mi", seat, card=card)


def _fx_chifumi(state: WakfuState, pend: Pending, value: Any) -> None:
    first = pend.get("first")
    if first is None:  # the first pick: kept in the other player's decision, told only to its picker
        rules.say(state, "chifumi_pick", f"you pick {value}", pend.seat, (pend.seat,))
        a, b = pend.get("players")
        at = next(i for i in range(len(state.pending) - 1, -1, -1) if state.pending[i].seat == b
                  and state.pending[i].get("fx") == "chifumi" and state.pending[i].get("first") is None)
        below = state.pending[at]
        state.pending[at] = Pending(below.kind, below.seat, below.prompt, below.options, below.card,
                                    (*below.data, ("first", value)))
        return
    a, b = pend.get("players")
    rules.say(state, "chifumi", f"Chi-Fu-Mi: {rules.label(state, a)} shows {first}, {rules.label(state, b)} "
              f"shows {value}", a)
    card = int(pend.get("card"))
    ties = int(pend.get("ties", 0))
    if first == value and ties < MAX_TIES:  # a tie is played again
        play(state, a, b, card, pend.get("then"), ties + 1)
        return
    if first == value:  # RULES.md: past MAX_TIES ties the game's RNG decides, a fair coin (as for Kanigrou)
        winner, loser = (a, b) if state.rng.below(2) == 0 else (b, a)
    else:
        winner, loser = (a, b) if BEATS[first] == value else (b, a)
    rules.say(state, "chifumi", f"{rules.label(state, winner)} wins the Chi-Fu-Mi", winner, card=card)
    won(state, winner)
    WON[pend.get("then")](state, winner, loser, pend)


def won(state: WakfuState, seat: int) -> None:
    """The seat just won a Chi-Fu-Mi, of any card: the watchers of a win."""
    for watch in CHIFUMI_WON:
        watch(state, seat)


# -- Karey Dass: whenever you win a Chi-Fu-Mi ---------------------------------------------------------------------
def _karey(state: WakfuState, seat: int) -> None:
    """+1 Force and +1 PM until end of turn (Niveau 2: +2 and +2).  Not for the Chi-Fu-Mi that chooses the first
    player (its ruling: it is played before any turn; that one is the game's RNG, 102.2, and calls no watcher)."""
    hero = state.players[seat].hero
    if state.name(hero) != "Karey Dass" or not alive(state, hero):
        return
    n = rules.cd(state, hero).hero_side
    rules.add_mod(state, hero, "force", n)
    state.pmods.append((seat, "pm", n, "turn"))


# -- Auberge du Bouftou Croustillant: with another player, the winner gains 1 XP ----------------------------------
def _others(state: WakfuState, seat: int) -> list[int]:
    return [p.seat for p in state.players if p.seat != seat and not p.out]


def _auberge(state: WakfuState, item: Item) -> None:
    _start(state, item, _others(state, item.seat), "auberge")


def _auberge_won(state: WakfuState, winner: int, loser: int, pend: Pending) -> None:
    rules.gain_xp(state, winner, 1)


# -- Dames de Bouffe: if you win, 1 Air damage to an Allié or Héros of your choice --------------------------------
def _dames(state: WakfuState, item: Item) -> None:
    _start(state, item, [s for s in teams.opponents(state, item.seat) if not state.players[s].out], "dames")


def _dames_won(state: WakfuState, winner: int, loser: int, pend: Pending) -> None:
    card = int(pend.get("card"))
    me = pend.get("players")[0]
    if winner != me or not alive(state, card):
        return
    options = [c for p in state.players for c in p.monde + p.havre
               if rules.is_character(state, c) and rules.can_affect(state, me, card, c)]
    if options:
        may(state, me, card, "dames_target", "Dames de Bouffe: 1 Air damage to which Allié or Héros?", tuple(options))


def _fx_dames_target(state: WakfuState, pend: Pending, value: Any) -> None:
    if pend.card is not None and alive(state, value):
        damage(state, Item("power", pend.seat, pend.card, "Dames de Bouffe"), value, 1, "Air")


def _start(state: WakfuState, item: Item, others: list[int], then: str) -> None:
    """Against the only other player, or the one its user chooses."""
    if len(others) == 1:
        play(state, item.seat, others[0], item.card, then)
    elif others:
        may(state, item.seat, item.card, "chifumi_with", f"{state.name(item.card)}: Chi-Fu-Mi with which player?",
            tuple(others), then=then)


def _fx_with(state: WakfuState, pend: Pending, value: Any) -> None:
    if pend.card is not None and isinstance(value, int):
        play(state, pend.seat, value, pend.card, pend.get("then"))


WON.update({"auberge": _auberge_won, "dames": _dames_won})
CHIFUMI_WON.append(_karey)
PLAIN.add("Karey Dass")  # its one power is the watcher above
POWERS.update({
    "Auberge du Bouftou Croustillant": (Spec("Auberge du Bouftou Croustillant", _auberge, incline=True,
                                             text="Chi-Fu-Mi with another player: the winner gains 1 XP"),),
    "Dames de Bouffe": (Spec("Dames de Bouffe", _dames, incline=True,
                             text="Chi-Fu-Mi: if you win, 1 Air damage to an Allié or Héros"),),
})
EFFECT_HANDLERS.update({"chifumi": _fx_chifumi, "chifumi_with": _fx_with, "dames_target": _fx_dames_target})
