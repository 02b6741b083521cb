"""A greedy heuristic for Jedi Knights: one ply, no look-ahead, reading only what its seat may see.

Force Phase: the highest Force card on a turn a control check follows (or in the Final Conflict), the
lowest before.  Deployment: the dearest character, starship or weapon it can
afford (characters to the site), lasting events.  Battles: attack where its card has at least the
defender's power (the biggest gap first); support; fire at the strongest target; tactic bonuses and
power boosts when its side is not ahead.  Responses: cancel, add to its side's shots, ignore the
others' bonuses.  Shuttle characters down to the site.  Otherwise pass.  Written for any number of
sides: an opponent is any seat of another team.
"""

from __future__ import annotations

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.jk import battle
from allegiance.games.jk.rules import power
from allegiance.games.jk.state import JKState


def greedy_choice(state: JKState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The greedy action among ``legal`` (``rng`` unused: the heuristic is deterministic)."""
    if len(legal) == 1:
        return legal[0]
    pend = state.pending
    if pend is not None:
        weapons = [a for a in legal if isinstance(a.get("value"), int)]
        return weapons[0] if pend.kind == "quick_draw" and weapons else legal[0]
    if state.phase == "force":
        # the high numbers for the turn a control check follows (and the Final Conflict), the low ones before
        deciding = state.final or state.turn_at_planet + 1 >= state.options["turns_per_planet"]
        number = {a: state.cards[a.get("value")].force_number for a in legal}
        return max(legal, key=number.__getitem__) if deciding else min(legal, key=number.__getitem__)
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    passing = by_kind.get("pass", [legal[-1]])[0]
    if state.window is not None:
        return _respond(state, seat, by_kind.get("play", [])) or passing
    if state.battle is not None:
        return _in_battle(state, seat, by_kind) or passing
    if "deploy" in by_kind:
        return max(by_kind["deploy"], key=lambda a: _deploy_rank(state, a))
    lasting = [a for a in by_kind.get("play", []) if state.cards[a.get("card")].timing == "deployment"]
    if lasting:
        return lasting[0]
    fights = [(power(state, a.get("attacker")) - power(state, a.get("defender")), a) for a in by_kind.get("battle", [])]
    fights = [f for f in fights if f[0] > 0]
    if fights:
        return max(fights, key=lambda f: (f[0], -f[1].get("attacker"), -f[1].get("defender")))[1]
    if "intimidate" in by_kind:
        return by_kind["intimidate"][0]
    down = [a for a in by_kind.get("shuttle", []) if a.get("card") in state.system]
    if down:
        return down[0]
    return passing


_TYPE_RANK = {"Character": 2, "Starship": 1, "Weapon": 0}


def _deploy_rank(state: JKState, a: Action) -> tuple[int, int, int, int]:
    """Characters at the site first (they decide control checks), then starships, then weapons; the
    strongest first."""
    d = state.cards[a.get("card")]
    return (_TYPE_RANK.get(d.type, 0), a.get("at") == "site", d.power + d.to_hit, -a.get("card"))


def _respond(state: JKState, seat: int, plays: list[Action]) -> Action | None:
    w = state.window
    assert w is not None
    mine = state.team(w.seat) == state.team(seat)
    for a in plays:
        verbs = {e.verb for f in state.cards[a.get("card")].functions for e in f}
        if "cancel" in verbs:
            return a
        if w.kind == "shot" and (("to_hit" in verbs and mine) or ("ignore_to_hit" in verbs and not mine)):
            return a
    return None


def _in_battle(state: JKState, seat: int, by_kind: dict[str, list[Action]]) -> Action | None:
    b = state.battle
    assert b is not None
    if "support" in by_kind:
        return by_kind["support"][0]
    if "fire" in by_kind:
        return max(by_kind["fire"], key=lambda a: (power(state, a.get("target")), -a.get("target")))
    mine_main = b.attacker if state.team(seat) == b.att_team else b.defender
    other = b.defender if mine_main == b.attacker else b.attacker
    if battle.side_total(state, mine_main) > battle.side_total(state, other):
        return None
    boosts = [a for a in by_kind.get("play", []) if a.get("target") == mine_main]
    if boosts:
        return boosts[0]
    tactics = [a for a in by_kind.get("tactic", []) if a.get("under") == mine_main]
    return tactics[0] if tactics else None
