"""A greedy heuristic for Jedi Knights: one ply, no look-ahead, reading only what its seat may see.

Planets are won by character power at the site (the control check) and the Final Conflict is lost by a
side with no character there, so the heuristic plays for the site:

* Force Phase: the highest Force card on a turn a control check follows (or in the Final Conflict), the
  lowest before;
* Deployment (credits are spent or lost): first the deployment events that give credits or cards and
  the starting events of the theme pile, then the characters at the site that give the most power for
  the credits (the best set the credits buy, dearest first), keeping its two strongest characters in hand
  for the Final Conflict (one when another side has won more planets; never one of power 1) unless another
  side may win the game with this planet and its side does not lead there by far (even then it keeps the
  strongest when the others it deploys already lead there),
  then, with the credits its battle cards do not need, weapons on its characters, then starships and
  their weapons, so that the hand does not fill with cards it never plays (a full hand draws nothing);
* Battles: attack where its side's total beats the defender's once each has the support its leadership
  icons allow (its strongest ready cards outside the battle; the biggest gap first), never with a
  character that the loss of would leave its side without one at the site in the Final Conflict (unless
  it is far stronger); with a clogged hand (more than half battle or response cards, or nearly full
  with no character) also a starship battle it may lose, to play those cards; support; fire at the
  strongest target; response events as tactic bonuses in any battle (they wait for a shot that seldom
  comes); power boosts and tactic bonuses in character battles when its side is not ahead, any of them (a
  draw first) when the hand is clogged;
* Quick-draw (JK-QUICK-1): take the weapon, except in the Final Conflict when paying for it would leave a
  character in hand undeployed;
* Responses: cancel, add to its side's shots, ignore the others' bonuses;
* Blockade: shuttle characters down to the site.  Otherwise pass.

Written for any number of sides: an opponent is any seat of another team.
"""

from __future__ import annotations

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.jk import battle
from allegiance.games.jk.play import can_deploy_character
from allegiance.games.jk.rules import cost, power
from allegiance.games.jk.state import JKState


def greedy_choice(state: JKState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The greedy action among ``legal`` (``rng`` unused: the heuristic is deterministic)."""
    if len(legal) == 1:
        return legal[0]
    pend = state.pending
    if pend is not None:
        weapons = [a for a in legal if isinstance(a.get("value"), int)]
        if pend.kind == "quick_draw" and weapons:
            return weapons[0] if not _weapon_costs_a_character(state, seat, weapons[0].get("value")) else legal[-1]
        return legal[0]
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
    if state.phase == "deploy":
        return _deploy(state, seat, by_kind) or passing
    fights = [(_gap(state, a), a) for a in by_kind.get("battle", []) if _risk_ok(state, seat, a)]
    if state.phase == "starship" and _clogged(state, seat) and fights:
        # a battle lets the hand's battle cards be played (a full hand draws nothing)
        return max(fights, key=lambda f: (f[0], -f[1].get("attacker"), -f[1].get("defender")))[1]
    fights = [f for f in fights if f[0] > 0]
    if fights:
        return max(fights, key=lambda f: (f[0], -f[1].get("attacker"), -f[1].get("defender")))[1]
    if "intimidate" in by_kind:
        return by_kind["intimidate"][0]
    down = [a for a in by_kind.get("shuttle", []) if a.get("card") in state.system]
    if down:
        return down[0]
    return passing


#: from this planet (0-based) on, one character stays in hand for the Final Conflict (the fourth planet)
KEEP_FROM = 0
#: how many characters stay in hand for it, the strongest (two, as one is often lost in the battles there;
#: against random play in AvE it makes no measurable difference: 3,000 games, 94.5 % with two, 94.4 % with
#: one; nor did attacking another side's last character in the Final Conflict at a loss: 93.6 % against
#: 94.3 % in 2,000 games)
KEEP_COUNT = 2
#: a character weaker than this is not kept (a Probe Droid Team, power 1, is worth more at a planet's site
#: than in hand: AvE against random, 2,000 games of seed 7, 95.9 % against 95.3 % keeping any; 3: 94.2 %)
KEEP_MIN_POWER = 2
#: with fewer planets than another side, this many fewer characters are kept (AvE against random, 2,000
#: games each: seed 2026 95.3 % against 94.3 %, seed 7 96.1 % against 95.9 %; 2 fewer: 88.0 %)
BEHIND_KEEP_LESS = 1


#: at a planet another side may win the game with, the strongest character stays in hand when the others
#: give at least this lead (AvE against random, 2,000 games seed 7: 94.3 % won against 93.6 % all in)
DECISIVE_LEAD = 1

#: a lead in power at the site with which a side keeps its character in hand even when the planet may end the game
LEAD_KEPT = 3


def _weapon_costs_a_character(state: JKState, seat: int, weapon: int) -> bool:
    """In the Final Conflict (a side with no character at the site is out, JK-3S-11), whether paying for a
    quick-drawn weapon would leave a character in hand that the credits buy now unaffordable."""
    if not QUICK_DRAW_CHECK or not state.final:
        return False
    credits = state.players[seat].credits
    left = credits - cost(state, seat, weapon)
    return any(left < cost(state, seat, c) <= credits for c in state.players[seat].hand
               if state.cards[c].type == "Character" and can_deploy_character(state, seat, c)[0])


#: a quick-draw weapon is declined in the Final Conflict when it would cost a character its deployment
#: (AvE against random, 2,000 games of seed 2026: 95.6 % against 95.3 %)
QUICK_DRAW_CHECK = True


def _site_lead(state: JKState, seat: int) -> int:
    """The seat's side's character power at the site minus the strongest other side's."""
    totals: dict[str, int] = {t: 0 for t in state.table.teams}
    for c in state.site:
        if state.cards[c].type == "Character":
            totals[state.team_of_card(c)] += power(state, c)
    mine = totals.pop(state.team(seat))
    return mine - max(totals.values(), default=0)


def _effects(state: JKState, a: Action) -> set[str]:
    d = state.cards[a.get("card")]
    return {e.verb for e in d.functions[a.get("function") or 0]} if d.functions else set()


def _deploy(state: JKState, seat: int, by_kind: dict[str, list[Action]]) -> Action | None:
    """The Deployment Phase's pick (see the module doc), or None to pass."""
    plays = [a for a in by_kind.get("play", []) if state.cards[a.get("card")].timing == "deployment"]
    gain = [a for a in plays if _effects(state, a) & {"credits", "draw"} or state.cards[a.get("card")].starting]
    if gain:
        return gain[0]
    deploys = by_kind.get("deploy", [])
    at_site = [a for a in deploys if a.get("at") == "site"]
    # another side may win the game with this planet: every character goes in, unless the side already leads
    # there by far (when the side itself may win with it, the Final Conflict stays its fallback)
    decisive = any(state.controlled.count(t) >= 2 for t in state.table.teams if t != state.team(seat)) \
        and _site_lead(state, seat) < LEAD_KEPT
    if at_site and not state.final and state.planet >= KEEP_FROM and not decisive:
        # the Final Conflict is lost by a side with no character at its site: keep one for it, the strongest
        # (it must survive the battles there)
        ranked = sorted({a.get("card") for a in at_site}, key=lambda c: (state.cards[c].power, c), reverse=True)
        mine = state.controlled.count(state.team(seat))
        behind = any(state.controlled.count(t) > mine for t in state.table.teams if t != state.team(seat))
        count = KEEP_COUNT - (BEHIND_KEEP_LESS if behind else 0)
        keep = {c for c in ranked[:count] if state.cards[c].power >= KEEP_MIN_POWER}
        at_site = [a for a in at_site if a.get("card") not in keep]
    elif at_site and not state.final and decisive:
        # even here the strongest character stays in hand when the others the credits buy already give the
        # side the lead: all in wins the planet but leaves nothing for the Final Conflict, where a side with
        # no character is out (JK-3S-11) and a draw is as good as a loss
        strongest = max({a.get("card") for a in at_site}, key=lambda c: (state.cards[c].power, c))
        rest = [a for a in at_site if a.get("card") != strongest]
        others = sum(power(state, a.get("card")) for a in _best_characters(state, seat, rest)) if rest else 0
        if _site_lead(state, seat) + others >= DECISIVE_LEAD:
            at_site = rest
    if at_site:
        best = _best_characters(state, seat, at_site)
        if best:
            return max(best, key=lambda a: (cost(state, seat, a.get("card")), -a.get("card")))
    # credits kept for the battle cards in hand (a boost decides a character battle), when the hand is not full
    spare = state.players[seat].credits - _reserve(state, seat)
    deploys = [a for a in deploys if cost(state, seat, a.get("card")) <= spare]
    on_characters = [a for a in deploys if a.get("on") is not None and a.get("on") in state.site]
    if on_characters:
        return max(on_characters, key=lambda a: (power(state, a.get("on")), -a.get("on"), -a.get("card")))
    ships = [a for a in deploys if state.cards[a.get("card")].type == "Starship"]
    if ships:
        return max(ships, key=lambda a: (state.cards[a.get("card")].power, -a.get("card")))
    rest = [a for a in deploys if a.get("on") is not None]
    if rest:
        return rest[0]
    return plays[0] if plays else None


#: response events (a to-hit bonus, "ignore the bonuses") wait for a weapon shot that seldom comes: in any
#: battle of its side the heuristic plays them as tactic bonuses under its card, which frees their place in
#: hand for a draw (AvE against random, 2,000 games of seed 7 with the rebalanced Alliance decks: 95.3 %
#: against 95.1 % without; with the hand clogged from 3 or 2 such cards instead of 4: 95.0 %, 93.7 %)
DUMP_RESPONSES = True


def _clogged(state: JKState, seat: int) -> bool:
    """Whether the hand is filling with cards that wait for a battle or a response (a full hand draws
    nothing): nearly full with no character, or more than half of it such cards."""
    p = state.players[seat]
    size = state.options["hand_size"]
    if len(p.hand) >= size - 1 and not any(state.cards[c].type == "Character" for c in p.hand):
        return True
    waiting = sum(1 for c in p.hand if state.cards[c].timing in ("battle", "response"))
    return 2 * waiting > size


def _reserve(state: JKState, seat: int) -> int:
    """The credits to keep for the two cheapest battle cards in hand (none when the hand is full: then
    emptying it matters more)."""
    p = state.players[seat]
    if len(p.hand) >= state.options["hand_size"]:
        return 0
    costs = sorted(cost(state, seat, c) for c in p.hand if state.cards[c].timing == "battle")
    return sum(costs[:2])


def _best_characters(state: JKState, seat: int, options: list[Action]) -> list[Action]:
    """The deployments of the set of characters (one action per card) with the most power the player's
    credits buy; among sets of equal power, the cheapest."""
    by_card = {a.get("card"): a for a in options}
    cards = sorted(by_card)[:10]  # a hand is small; bound the subsets all the same
    credits = state.players[seat].credits
    best: tuple[int, int] = (0, 0)
    chosen: list[int] = []
    for mask in range(1, 1 << len(cards)):
        picked = [c for i, c in enumerate(cards) if mask >> i & 1]
        spend = sum(cost(state, seat, c) for c in picked)
        if spend > credits:
            continue
        titles = [state.cards[c].title for c in picked if state.cards[c].unique]
        if len(titles) != len(set(titles)):
            continue
        score = (sum(state.cards[c].power for c in picked), -spend)
        if score > best:
            best, chosen = score, picked
    return [by_card[c] for c in chosen]


def _backing(state: JKState, card: int) -> int:
    """The power the support step can add to ``card`` in a battle: its side's strongest ready fighters
    outside the battle, one per leadership icon (``battle.supportable``; JK-3S-7: the side's own cards)."""
    room = state.cards[card].leadership * state.options["supporters_per_icon"]
    if room <= 0:
        return 0
    team = state.team_of_card(card)
    kind = "starship" if state.cards[card].type == "Starship" else "character"
    ready = sorted((power(state, c) for c in battle.fighters(state, kind)
                    if c != card and c not in state.rotated and state.team_of_card(c) == team), reverse=True)
    return sum(ready[:room])


def _gap(state: JKState, a: Action) -> int:
    """How far the attacker's side leads the defender's once both have their support (side totals): a
    side of many characters attacks a lone strong one, which comparing single powers never did (a Final
    Conflict stood still to the turn limit)."""
    att, dfn = a.get("attacker"), a.get("defender")
    return power(state, att) + _backing(state, att) - power(state, dfn) - _backing(state, dfn)


def _risk_ok(state: JKState, seat: int, a: Action) -> bool:
    """In the Final Conflict a side keeps its last character at the site out of battles it may lose."""
    if not state.final or state.cards[a.get("attacker")].type != "Character":
        return True
    mine = state.team(seat)
    others = [c for c in state.site if c != a.get("attacker") and state.cards[c].type == "Character"
              and state.team_of_card(c) == mine]
    return bool(others) or _gap(state, a) >= 3


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
    plays = by_kind.get("play", [])
    ahead = battle.side_total(state, mine_main) > battle.side_total(state, other)
    if DUMP_RESPONSES:
        # response events wait for a shot that rarely comes: any battle of the side takes them as tactic bonuses
        dead = [a for a in by_kind.get("tactic", []) if a.get("under") == mine_main
                and state.cards[a.get("card")].timing == "response"]
        if dead:
            return dead[0]
    if _clogged(state, seat):
        # a hand of cards that wait for battles: play them, drawing cards first unless the side is behind
        drawing = [a for a in plays if "draw" in _effects(state, a)]
        boosting = [a for a in plays if a.get("target") == mine_main] \
            + [a for a in by_kind.get("tactic", []) if a.get("under") == mine_main]
        others = [a for a in plays if a.get("target") is None and a not in drawing]
        mine = (drawing + boosting if ahead else boosting + drawing) + others
        return mine[0] if mine else None
    if b.kind == "starship" or ahead:
        return None  # boosts only in a character battle (they decide the planets) that its side is not winning
    boosts = [a for a in by_kind.get("play", []) if a.get("target") == mine_main]
    if boosts:
        return boosts[0]
    tactics = [a for a in by_kind.get("tactic", []) if a.get("under") == mine_main]
    return tactics[0] if tactics else None
