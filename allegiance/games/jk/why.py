"""Why an action is not legal now, in a player's words (``JKGame.explain``), and the action a click on
each of a seat's cards asks for (``JKGame.card_actions``).

``explain`` is called by the core only for a seat that may act now and an action that is not legal, with
every number its view does not hold as a card blinded (:mod:`allegiance.core.refusals`): a card id here
is a card the seat sees or no card at all.  The reasons use the seat's own credits, the cards shown to
it and the turn's public state, and ask the rules' own predicates (``play.deploy_places`` and its parts,
``play.play_options``, ``battle.attackers``) one by one to say which one fails.
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.jk import battle, play
from allegiance.games.jk.flow import PHASE_NAMES
from allegiance.games.jk.rules import cost, starships_at_system
from allegiance.games.jk.state import JKState

_TIMING_WORDS = {"deployment": "in the Deployment Phase", "battle": "during a battle",
                 "response": "as a response, when the game offers one"}


def _card(state: JKState, value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(state.cards):
        return value
    return None


def _phase(state: JKState) -> str:
    return PHASE_NAMES.get(state.phase, state.phase)


def explain(state: JKState, seat: int, action: Action) -> str:
    """The reason, "" when there is nothing more specific than the core's generic one."""
    if state.pending is not None or state.phase == "force":
        return ""  # a pending choice or the Force pick: the core says what is allowed
    kind = action.kind
    if kind in ("deploy", "play"):
        card = _card(state, action.get("card"))
        if card is None:
            return "that is not a card you can see"
        return _deploy(state, seat, card) if kind == "deploy" else _play(state, seat, card)
    if kind == "battle":
        card = _card(state, action.get("attacker"))
        if card is None:
            return "that is not a card you can see"
        return _battle(state, seat, card)
    if kind == "shuttle" and state.phase != "blockade":
        return "characters shuttle only in the Blockade Phase"
    if kind == "intimidate" and (state.phase != "starship" or state.battle is not None):
        return "intimidation happens only in the Starship Battle Phase, outside a battle"
    if kind in ("support", "fire", "tactic") and state.battle is None:
        return "only during a battle"
    return ""


def _deploy(state: JKState, seat: int, card: int) -> str:
    p = state.players[seat]
    d = state.cards[card]
    if card not in p.hand:
        return "only a card in your hand can be deployed"
    if state.window is not None or state.battle is not None or state.phase != "deploy":
        now = "during a battle" if state.battle is not None else "during a response" if state.window is not None \
            else f"in the {_phase(state)}"
        return f"cards are deployed only in the Deployment Phase, not {now}"
    if d.type not in ("Character", "Starship", "Weapon"):
        return f"{d.name} is played, not deployed"
    need, have = cost(state, seat, card), p.credits
    if need > have:
        return f"needs {need}, you have {have}"
    if d.type == "Character" and not play.can_deploy_character(state, seat, card)[0]:
        return f"{d.title} is already in play: a unique character cannot come into play twice"
    if not play.deploy_places(state, seat, card):
        if d.type == "Weapon":
            where = "at the site" if d.bearer == "Character" else "at the system"
            return f"{d.name} needs a {d.bearer} of yours {where} to bear it"
        return ""
    if d.type == "Character" and not starships_at_system(state, state.team(seat)):
        return "a character goes to the system only aboard a starship of your side"
    return f"{d.name} cannot be deployed there"


def _play(state: JKState, seat: int, card: int) -> str:
    p = state.players[seat]
    d = state.cards[card]
    if not d.timing:
        return f"{d.name} is deployed, not played"
    if d.starting and card not in p.theme_pile:
        return f"{d.name} is a starting card: it is played only from your theme pile"  # JK-START-3
    if card not in p.hand and card not in p.theme_pile:
        return "only a card in your hand can be played"
    now = play.context(state, seat)
    if d.timing != now:  # JK-POWER-2
        return f"{d.name} is played only {_TIMING_WORDS.get(d.timing, d.timing)}"
    need, have = cost(state, seat, card), p.credits
    if need > have:
        return f"needs {need}, you have {have}"
    if not play.play_options(state, seat, card):
        return f"{d.name} has nothing to do now"
    return ""


def _battle(state: JKState, seat: int, card: int) -> str:
    d = state.cards[card]
    if state.phase not in ("starship", "character") or state.battle is not None:
        return "battles start only in the Starship Battle Phase and the Battle Phase, one at a time"
    if state.owner[card] != seat or card not in state.system + state.site:
        return "only your own cards in play start a battle"
    kind = state.phase
    if card not in battle.fighters(state, kind):
        return "only starships at the system battle now" if kind == "starship" \
            else "only characters at the site battle now"
    if card in state.rotated:
        return f"{d.name} is rotated: it has already acted"
    if not battle.defenders(state, seat, kind):
        return "there is no opposing card to battle"
    return ""


def card_actions(state: JKState, seat: int) -> dict[int, Action]:
    """A seat's cards and what a click on each asks: deploy or play from hand (and the starting cards of
    its theme pile); start a battle with its cards in play."""
    p = state.players[seat]
    out: dict[int, Action] = {}
    for c in p.hand + [c for c in p.theme_pile if state.cards[c].starting]:
        d = state.cards[c]
        if d.timing:
            out[c] = Action.of("play", card=c, function=0, target=None)
        else:
            out[c] = Action.of("deploy", card=c, at="system" if d.type == "Starship" else "site")
    for c in state.system + state.site:
        if state.owner[c] == seat and state.cards[c].type in ("Character", "Starship"):
            out[c] = Action.of("battle", attacker=c, defender=None)
    return out
