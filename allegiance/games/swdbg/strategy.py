"""A greedy heuristic for SWDBG: play everything, use what helps, destroy bases when possible, bounty
hunt what pays, buy the best card, end the turn.  It reads only what its seat may see: its hand,
the public zones and its team's hands.

2v2 team sense: damage goes to the base it can destroy; the teammate who benefits resolves shared
abilities; purchases come from its own row (the rules allow nothing else).
"""

from __future__ import annotations

from typing import Any, Final

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.swdbg.cards import NEUTRAL
from allegiance.games.swdbg.combat import attack_value, attackers, target_value
from allegiance.games.swdbg.effects import ship_targets
from allegiance.games.swdbg.rules import damage_needed, force_with, hp_left, team_bases
from allegiance.games.swdbg.state import Player, SwdbgState

STARTER_RANK: Final = {"Imperial Shuttle": 0, "Alliance Shuttle": 0, "Stormtrooper": 1, "Rebel Trooper": 1,
                "Inquisitor": 2, "Temple Guardian": 2, "Outer Rim Pilot": 3}
#: abilities that cost the card itself, used only when they pay off
SELF_EXILING: Final = {"Outer Rim Pilot", "Kel Dor Mystic", "Y-Wing", "HWK-290", "Hammerhead Corvette", "Jawa Scavenger"}


def card_value(state: SwdbgState, c: int) -> float:
    """How much the heuristic likes owning a card."""
    d = state.cards[c]
    if d.name in STARTER_RANK:
        return STARTER_RANK[d.name] - 5.0
    value = d.cost + 0.4 * d.attack + 0.3 * d.resources + 0.3 * d.force
    if d.is_ship:
        value += 1.0 + 0.1 * d.hit_points
    return value


def greedy_choice(state: SwdbgState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The greedy action among ``legal``."""
    if state.pending:
        return _answer(state, seat, legal)
    p = state.players[seat]
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if state.attack is not None and "resolve" in by_kind:
        return _continue_attack(state, p, by_kind)
    if "play" in by_kind:
        return _best_play(state, by_kind["play"])
    for a in by_kind.get("use", []):
        if _worth_using(state, p, a.get("card")):
            return a
    attack = _plan_attack(state, p, by_kind.get("commit", []))
    if attack is not None:
        return attack
    buys = by_kind.get("buy", [])
    if buys:
        best = max(buys, key=lambda a: (card_value(state, a.get("card")), -a.get("card")))
        if card_value(state, best.get("card")) >= 1.5:
            return best
    return by_kind["end_turn"][0]


def _best_play(state: SwdbgState, plays: list[Action]) -> Action:
    """Resources and Force first: the card that gives the most resources (ties: the lowest id), ship or unit.

    A plain loop rather than ``max(plays, key=...)``: this runs for most actions of a greedy game.
    """
    best = plays[0]
    best_card = best.get("card")
    most = state.cards[best_card].resources
    for a in plays[1:]:
        card = a.get("card")
        resources = state.cards[card].resources
        if resources > most or (resources == most and card < best_card):
            best, best_card, most = a, card, resources
    return best


def _worth_using(state: SwdbgState, p: Player, c: int) -> bool:
    name = state.cards[c].name
    if name == "Outer Rim Pilot":
        return not force_with(state, p.faction)
    if name == "HWK-290":
        return any(state.damage.get(b, 0) >= 4 for _, b in team_bases(state, p.team))
    if name == "Jawa Scavenger":
        return False
    if name == "Death Star":
        # Its targets include every ship in the row: pay only to destroy an enemy ship.
        return any(_enemy_ship(state, p, t) for t in ship_targets(state, p, "any"))
    if name == "Kel Dor Mystic":
        # It must exile a card: only worth it with a starter to exile.
        return any(state.cards[x].name in STARTER_RANK and STARTER_RANK[state.cards[x].name] < 2
                   for x in p.hand + p.discard)
    return True


def _enemy_ship(state: SwdbgState, p: Player, ship: int) -> bool:
    """A capital ship of the opposing team in play, or an enemy-faction ship in the galaxy row."""
    return state.cards[ship].faction not in (p.faction, NEUTRAL) or any(
        ship in q.ships for q in state.players if q.team != p.team)


def _continue_attack(state: SwdbgState, p: Player, by_kind: dict[str, list[Action]]) -> Action:
    attack = state.attack
    assert attack is not None
    commits = by_kind.get("commit", [])
    if attack.target == "row" and attack.row_card is not None:
        owner_total = sum(attack_value(state, p, c, True) for c in attack.cards)
        if owner_total >= target_value(state, attack.row_card) or not commits:
            return by_kind["resolve"][0]
        return max(commits, key=lambda a: attack_value(state, p, a.get("card"), True))
    if commits:
        return commits[0]
    return by_kind["resolve"][0]


def _plan_attack(state: SwdbgState, p: Player, commits: list[Action]) -> Action | None:
    """Bounty hunt the best target we can defeat (keeping enough to destroy a base), else hit the bases."""
    if not commits:
        return None
    base_commits = [a for a in commits if a.get("target") == "base"]
    total_base = sum(attack_value(state, p, a.get("card")) for a in base_commits)
    enemy_need = [damage_needed(state, q, b) for q, b in team_bases(state, 1 - p.team)]
    enemy_ships = sum(hp_left(state, c) for q in state.players if q.team != p.team for c in q.ships)
    can_kill = bool(enemy_need) and total_base >= enemy_ships + min(enemy_need)
    if not can_kill:
        row_commits = [a for a in commits if a.get("target") != "base"]
        units = attackers(state, p, vs_row=True)
        unit_total = sum(attack_value(state, p, c, True) for c in units)
        targets = sorted({a.get("target") for a in row_commits},
                         key=lambda t: (-target_value(state, t), t))
        for t in targets:
            if target_value(state, t) <= unit_total and state.cards[t].faction != NEUTRAL:
                best = max((a for a in row_commits if a.get("target") == t),
                           key=lambda a: attack_value(state, p, a.get("card"), True))
                return best
    if base_commits:
        return base_commits[0]
    return None


def _answer(state: SwdbgState, seat: int, legal: list[Action]) -> Action:
    pend = state.pending[-1]
    p = state.players[seat]
    kind = pend.kind

    def value_of(a: Action) -> Any:
        return a.get("value")

    cards = [a for a in legal if isinstance(value_of(a), int) and value_of(a) in state.cards]
    if kind == "exile":
        starters = [a for a in cards if state.cards[value_of(a)].name in STARTER_RANK
                    and STARTER_RANK[state.cards[value_of(a)].name] < 2]
        if starters:
            # Prefer the discard pile (keep the hand to play), then the weakest.
            return min(starters, key=lambda a: (value_of(a) in p.hand, card_value(state, value_of(a))))
        done = [a for a in legal if value_of(a) == "done"]
        return done[0] if done else min(cards, key=lambda a: card_value(state, value_of(a)))
    if kind == "mode":
        names = [value_of(a) for a in legal]
        damaged = max((state.damage.get(b, 0) for _, b in team_bases(state, p.team)), default=0)
        for want in ("repair4", "repair3", "repair2") if damaged >= 3 else ():
            if want in names:
                return legal[names.index(want)]
        for want in ("resources4", "resources3", "resources2", "resources1", "force2", "force1",
                     "attack2", "attack1"):
            if want in names:
                return legal[names.index(want)]
        return legal[0]
    if kind in ("discard", "hand_then"):
        return min(cards, key=lambda a: card_value(state, value_of(a)))
    if kind in ("duros", "bwing"):
        cheap = [a for a in cards if state.cards[value_of(a)].name in STARTER_RANK]
        if cheap:
            return min(cheap, key=lambda a: card_value(state, value_of(a)))
        other = [a for a in legal if not isinstance(value_of(a), int)]
        return other[0] if other else min(cards, key=lambda a: card_value(state, value_of(a)))
    if kind in ("row_discard",):
        enemy = [a for a in cards if state.cards[value_of(a)].faction not in (p.faction, NEUTRAL)]
        return max(enemy or cards, key=lambda a: (state.cards[value_of(a)].cost, -value_of(a)))
    if kind == "destroy_ship":
        # Enemy ships first (in play before the row), never a ship of our own faction if avoidable.
        def target_rank(a: Action) -> tuple[bool, bool, float]:
            c = value_of(a)
            in_play = any(c in q.ships for q in state.players)
            return _enemy_ship(state, p, c), in_play, card_value(state, c)
        return max(cards, key=target_rank)
    if kind in ("free_buy", "to_hand", "jawa", "jyn", "tatooine", "coruscant"):
        pool = cards or legal
        return max(pool, key=lambda a: (card_value(state, value_of(a)) if value_of(a) in state.cards else -99))
    if kind == "tatooine_row":
        return min(cards, key=lambda a: card_value(state, value_of(a)))
    if kind in ("repair",):
        return max(cards, key=lambda a: state.damage.get(value_of(a), 0))
    if kind in ("deal_damage", "rodia"):
        bases = [a for a in cards]
        if not bases:
            return legal[0]
        return min(bases, key=lambda a: hp_left(state, value_of(a)))
    if kind == "assign_ship":
        remaining = pend.get("remaining")
        killable = [a for a in cards if hp_left(state, value_of(a)) <= remaining]
        return max(killable or cards, key=lambda a: (state.cards[value_of(a)].cost, -value_of(a)))
    if kind == "assign_base":
        return _split_damage(state, legal, pend.get("remaining"))
    if kind == "who":
        return _who(state, pend, legal)
    if kind in ("choose_base", "secret_base"):
        return max(cards, key=lambda a: (state.cards[value_of(a)].hit_points, -value_of(a)))
    if kind == "jerjerrod":
        top = pend.shown[0]
        enemy = [a for a in cards if state.cards[value_of(a)].faction not in (p.faction, NEUTRAL)]
        if enemy and state.cards[top].faction in (p.faction, NEUTRAL):
            return max(enemy, key=lambda a: state.cards[value_of(a)].cost)
        return next(a for a in legal if value_of(a) == "keep")
    return legal[0]


def _split_damage(state: SwdbgState, legal: list[Action], remaining: int) -> Action:
    """Destroy a base if possible (the one needing most that still fits), else pile on the weakest."""
    need = {}
    for a in legal:
        base = a.get("value")
        owner = next(q for q in state.players if q.base == base)
        need[base] = damage_needed(state, owner, base)
    exact = [a for a in legal if a.get("amount") == need[a.get("value")]]
    if exact:
        return max(exact, key=lambda a: need[a.get("value")])
    weakest = min(need, key=lambda b: (need[b], b))
    return max((a for a in legal if a.get("value") == weakest), key=lambda a: a.get("amount"))


def _who(state: SwdbgState, pend: Any, legal: list[Action]) -> Action:
    """The teammate who benefits most resolves a shared ability."""
    effect = pend.get("effect")

    def benefit(seat: int) -> float:
        q = state.players[seat]
        row = state.regions[q.region].row
        if effect == "corellia":
            return max((card_value(state, c) for c in row if state.cards[c].faction in (q.faction, NEUTRAL)), default=0)
        if effect == "rodia":
            return sum(1 for c in row if state.cards[c].faction not in (q.faction, NEUTRAL))
        if effect == "tatooine":
            return max((state.cards[c].cost for c in state.regions[q.region].galaxy_discard
                        if state.cards[c].faction == q.faction), default=0)
        return -seat
    return max(legal, key=lambda a: (benefit(a.get("value")), -a.get("value")))
