"""Why an action is not legal now, in a player's words (``SwdbgGame.explain``), and the action a click
on each of a seat's cards asks for (``SwdbgGame.card_actions``).

``explain`` is called by the core only for a seat that may act now and an action that is not legal, with
every number its view does not hold as a card blinded (:mod:`allegiance.core.refusals`): so a card id
here is either a card the seat sees or no card at all, and the reasons use only the seat's own counts
(resources), the cards shown to it and the turn's public state.
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.swdbg import combat
from allegiance.games.swdbg.cards import NEUTRAL
from allegiance.games.swdbg.effects import ABILITIES
from allegiance.games.swdbg.state import Player, SwdbgState


def _card(state: SwdbgState, value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in state.cards:
        return value
    return None


def explain(state: SwdbgState, seat: int, action: Action) -> str:
    """The reason, "" when there is nothing more specific than the core's generic one."""
    p = state.players[seat]
    if state.pending or state.stage != "main":
        return ""  # a pending choice: the core says to answer it first
    kind = action.kind
    if kind in ("play", "buy", "pay_off", "use", "commit"):
        card = _card(state, action.get("card"))
        if card is None:
            return "that is not a card you can see"
        if kind == "play":
            return "" if card in p.hand else "only a card in your hand can be played"
        if kind == "use":
            return _use(state, p, card)
        if kind == "commit":
            return _commit(state, p, card, action.get("target"))
        return _buy(state, p, card, kind)
    if kind == "resolve":
        if state.attack is None:
            return "no attack is open: commit a card to attack first"
        return "only the attackers resolve their attack"
    if kind == "end_turn" and state.attack is not None and seat in state.attack.seats:
        return "resolve your open attack before you end your turn"
    return ""


def _buy(state: SwdbgState, p: Player, card: int, kind: str) -> str:
    region = state.regions[p.region]
    d = state.cards[card]
    pilot = bool(region.pilots) and card == region.pilots[-1]
    if card not in region.row and not (pilot and kind == "buy"):
        where = "the galaxy row" if len(state.regions) == 1 else "your own region's galaxy row"
        return f"only cards in {where} can be bought" if kind == "buy" else f"only cards in {where} can be paid off"
    # SW-BUY-2: your own faction's cards and neutral ones only
    if kind == "buy" and not pilot and d.faction not in (p.faction, NEUTRAL):
        return f"{d.name} is a {d.faction.capitalize()} card: you buy only {p.faction.capitalize()} and neutral cards"
    if kind == "pay_off" and (d.faction != NEUTRAL or not state.config.pay_off_neutral):
        return "only neutral cards can be paid off" if state.config.pay_off_neutral else \
            "paying off is not allowed in this game"
    if d.cost > p.resources:
        return f"needs {d.cost} resources, you have {p.resources}"
    return ""


def _use(state: SwdbgState, p: Player, card: int) -> str:
    d = state.cards[card]
    if ABILITIES.get(d.name) is None:
        return f"{d.name} has no ability to use"
    mine = card in p.units or any(q.team == p.team and (card in q.ships or card == q.base) for q in state.players)
    if not mine:
        return "you use only your units in play and your team's ships and bases"  # SW-SHARED-4
    if card in state.used:
        return f"{d.name}'s ability was already used this turn"
    return f"{d.name}'s ability cannot be used now (its condition is not met)"


def _commit(state: SwdbgState, p: Player, card: int, target: Any) -> str:
    d = state.cards[card]
    if card not in p.units and card not in p.ships:
        return "only your units and capital ships in play can attack"
    if card in state.attacked or (state.attack is not None and card in state.attack.cards):
        return f"{d.name} has already attacked this turn"
    attack = state.attack
    if attack is not None and p.seat not in attack.seats:
        return "a teammate's attack is open: it must be resolved first"
    vs_row = target != "base"
    if vs_row and card in p.ships:
        return "capital ships attack only bases and capital ships"
    if card not in combat.attackers(state, p, vs_row):
        return f"{d.name} has no attack now"
    if attack is not None:
        return "commit to the open attack, or resolve it first"
    if not vs_row and not combat.can_attack_bases(state, p.team):
        return "the enemy has no base and no capital ship to attack"
    if vs_row:
        return "only an enemy unit in your own region's galaxy row can be attacked"  # SW-REGION-2
    return ""


def card_actions(state: SwdbgState, seat: int) -> dict[int, Action]:
    """A seat's cards and what a click on each asks: play from hand, buy from its region's row and pilot
    stack, attack a base with its units and ships."""
    from allegiance.games.swdbg.game import BUY, COMMIT, PLAY
    p = state.players[seat]
    region = state.regions[p.region]
    out: dict[int, Action] = {c: PLAY[c] for c in p.hand}
    for c in region.row + region.pilots[-1:]:
        out[c] = BUY[c]
    for c in p.units + p.ships:
        out[c] = COMMIT[c, "base"]
    return out
