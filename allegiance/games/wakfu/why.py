"""Why an action is not legal now, in a player's words (``WakfuGame.explain``), and the action a click
on each of a seat's cards asks for (``WakfuGame.card_actions``).

``explain`` is called by the core only for a seat that may act now and an action that is not legal, with
every number its view does not hold as a card blinded (:mod:`allegiance.core.refusals`): a card id here
is a card the seat sees or no card at all.  The reasons use the seat's own cards in play (what they can
produce), the cards shown to it and the turn's public state; the tests are the rules' own predicates
(``choices.can_play`` and its parts, ``combat.can_attack``, ``WakfuGame._movable``), asked one by one to
say which one fails.
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.wakfu import choices, combat, resources, rules
from allegiance.games.wakfu.registry import ACTIONS, DEFAUSSE_POWERS, HAND_POWERS, PERMANENT, SHARED_POWERS
from allegiance.games.wakfu.state import Item, WakfuState


def _card(state: WakfuState, value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in state.cards:
        return value
    return None


def explain(state: WakfuState, seat: int, action: Action) -> str:
    """The reason, "" when there is nothing more specific than the core's generic one."""
    if state.pending or state.file:
        return ""  # a pending choice (the core says to answer it first) or the File resolving
    kind = action.kind
    in_combat = state.combat is not None
    if kind in ("play", "use", "move"):
        card = _card(state, action.get("card"))
        if card is None:
            return "that is not a card you can see"
        if kind == "play":
            return _play(state, seat, card)
        if kind == "move":
            return "no card moves during a combat" if in_combat else _move(state, seat, card)
        return _use(state, seat, card)
    if kind == "attack":
        return "a combat is already on" if in_combat else _attack(state, seat)
    if kind == "pass":
        return "you pass only in a combat's Phase d'Actions" if not in_combat else ""
    if kind == "end_turn" and in_combat:
        return "the combat must end first: play an Action, use a power or pass"
    return ""


def _play(state: WakfuState, seat: int, card: int) -> str:
    p = state.players[seat]
    d = state.cards[card]
    if card not in p.main:
        return "only a card in your hand can be played"
    if d.type == "Action":
        spec = ACTIONS.get(d.name)
        if spec is None:
            return f"{d.name} cannot be played in this engine yet"
        if spec.reaction:
            return f"{d.name} is a Réaction: it is played only when the game offers you a Réaction"
    else:
        if state.combat is not None:  # 303.1, 305.1, 309.1, 310.1
            return f"only Actions can be played during a combat, and {d.name} is a {d.type}"
        spec = PERMANENT
    need = resources.cost_symbols(state, card, 0)
    if spec.extra == "incline_own":
        need = need + ["Neutre"]
    prods = resources.producers(state, seat)
    if not resources.feasible(need, prods) and not (d.recipe is not None and resources.craftable(state, seat, card)):
        if len(need) > len(prods):
            return f"needs {len(need)}, you have {len(prods)}"
        elements = sorted({s for s in need if s != "Neutre"})
        return f"needs {len(need)} with {', '.join(elements)}: your cards in play cannot produce that"
    if d.type == "Action":
        if "Sort" in d.subtypes and d.classes and not rules.has_class(state, seat, d.classes[0]):  # 302.5
            return f"{d.name} is a {d.classes[0]} Sort: your Héros must be a {d.classes[0]}"
        if spec.condition is not None and not spec.condition(state, seat, card):
            return f"{d.name}'s condition is not met now"
    elif not choices.places(state, seat, card, only_one=True):
        if rules.first_turn_of_first_player(state):  # 506.3 / 603.3
            return f"not in the first player's first turn: nothing comes into the Monde, and there is no room for {d.name} in your Havre Sac"
        return f"there is no place where {d.name} can come into play now"
    if not spec.split and spec.targets and not choices.targets_possible(
            state, Item("card", seat, card, d.name), spec.targets):
        return f"{d.name} has no possible target now"
    if not choices.extra_payable(state, seat, card, spec):
        return f"{d.name}'s additional cost cannot be paid now"
    return ""


def _move(state: WakfuState, seat: int, card: int) -> str:
    """414: untapped Héros/Alliés between the Monde and their Havre Sac."""
    p = state.players[seat]
    d = state.cards[card]
    if card not in p.monde and card not in p.havre or not rules.is_character(state, card):
        return "only your Héros and Alliés in the Monde or in your Havre Sac move"
    if rules.first_turn_of_first_player(state):  # 603.3
        return "not in the first player's first turn: nothing moves"
    if p.sac not in p.monde:
        return "your Havre Sac is not in the Monde"
    if card in state.tapped:
        return f"{d.name} is inclined"
    if card in p.monde and not rules.sac_room(state, seat):  # 414.3
        return "your Havre Sac is full"
    return ""


def _attack(state: WakfuState, seat: int) -> str:
    """603.2, 701.1, 701.5 (see ``combat.can_attack``)."""
    p = state.players[seat]
    if p.turns < 2:
        return "not in your first turn"
    if state.attacked:
        return "you have already attacked this turn"
    if not combat.eligible_attackers(state, seat):
        if p.hero not in p.monde:
            return "your Héros must be in the Monde to attack"
        return "none of your Héros and Alliés can attack: each must be in the Monde, untapped, since before this turn"
    if not combat.targets(state, seat):
        return "there is nothing to attack"
    if rules.pm(state, seat) <= 0:
        return "you have no PM to attack with"
    return ""


def _use(state: WakfuState, seat: int, card: int) -> str:
    p = state.players[seat]
    d = state.cards[card]
    if card in p.main:
        return "" if d.name in HAND_POWERS else f"{d.name} has no power to use from your hand"
    shared = d.name in SHARED_POWERS and rules.in_play(state, card)  # Gonard: any player's
    if card not in p.monde and card not in p.havre and not shared:
        if card in p.defausse and d.name in DEFAUSSE_POWERS:  # Flaqueux
            return f"{d.name}'s power cannot be used now"
        return "you use only the powers of your own cards in play"
    if not choices.powers_of(state, card):
        return f"{d.name} has no power to use"
    if card in state.tapped:
        return f"{d.name} is inclined"
    return f"{d.name}'s power cannot be used now"


def card_actions(state: WakfuState, seat: int) -> dict[int, Action]:
    """A seat's cards and what a click on each asks: play from hand; its Héros in the Monde attack; its
    other Héros and Alliés move."""
    p = state.players[seat]
    out: dict[int, Action] = {c: Action.of("play", card=c) for c in p.main}
    for c in p.monde + p.havre:
        if rules.is_character(state, c):
            out[c] = Action.of("attack") if c == p.hero and c in p.monde else Action.of("move", card=c)
    return out
