"""Attacks: on the enemy bases (capital ships first) and on galaxy-row targets (bounty hunting and
sabotage), with attack values and their constant modifiers."""

from __future__ import annotations

from typing import Any, Final

from allegiance.games.swdbg.cards import NEUTRAL, card_defs
from allegiance.games.swdbg.effects import ON_DEFEAT, REWARDS, Handler, ask
from allegiance.games.swdbg.rules import (
    damage_base,
    damage_needed,
    damage_ship,
    force_with,
    hp_left,
    label,
    remove_from_row,
    resources_text,
    say,
    team_bases,
    team_has_base,
    team_ships,
    team_units,
)
from allegiance.games.swdbg.state import Attack, Pending, Player, SwdbgState


def attack_value(state: SwdbgState, p: Player, card: int, vs_row: bool = False) -> int:
    """A card's attack now, with every constant modifier ("you" = the team, SW-TEAM-1)."""
    d = state.cards[card]
    value = d.attack + state.bonus.get(card, 0)
    name = d.name
    if name in ("Death Trooper", "Chirrut Imwe") and force_with(state, p.faction):
        value += 2
    elif name == "Darth Vader" and force_with(state, p.faction):
        value += 4
    elif name == "Baze Malbus":
        # Each Rebel base in the opposing team's victory pile.
        value += sum(1 for c in state.victory[1 - p.team] if state.cards[c].faction == p.faction)
    elif name == "Rodian Gunslinger" and vs_row:
        value += 2
    if d.is_ship:
        # SW-CARD-PIETT: each Piett of either teammate gives every team capital ship +1.
        value += sum(1 for u in team_units(state, p.team) if state.name(u) == "Admiral Piett")
    else:
        if "Fighter" in d.traits:
            # SW-CARD-CARRIER: each Imperial Carrier of the team gives every team Fighter +1.
            value += sum(1 for _, s in team_ships(state, p.team) if state.name(s) == "Imperial Carrier")
        if "Trooper" in d.traits or "Vehicle" in d.traits:
            # SW-TEAM-2 / SW-CARD-ENDOR: two Endors give +2.
            value += team_has_base(state, p.team, "Endor")
    return value


def can_attack_bases(state: SwdbgState, team: int) -> bool:
    """There is something to hit: an enemy capital ship or an enemy base (SW-SHARED-5)."""
    enemy = 1 - team
    return any(q.team == enemy and (q.ships or q.base is not None) for q in state.players)


def ord_mantell_ready(state: SwdbgState, p: Player) -> int | None:
    """An unused Ord Mantell of the team (SW-CARD-ORDMANTELL: each copy once per turn, either teammate)."""
    for _, base in team_bases(state, p.team):
        if state.name(base) == "Ord Mantell" and ("base", base) not in state.flags:
            return base
    return None


def row_targets(state: SwdbgState, p: Player) -> list[int]:
    """Bounty hunting / sabotage targets: enemy units in your own region's row (SW-REGION-2)."""
    out = []
    ord_mantell = ord_mantell_ready(state, p) is not None
    for c in state.regions[p.region].row:
        d = state.cards[c]
        if d.kind != "unit":
            continue
        if d.faction not in (p.faction, NEUTRAL) or (d.faction == NEUTRAL and ord_mantell):
            out.append(c)
    return out


def target_value(state: SwdbgState, card: int) -> int:
    d = state.cards[card]
    return d.target_value or d.cost  # Ord Mantell: a neutral unit's cost is its target value


def attackers(state: SwdbgState, p: Player, vs_row: bool) -> list[int]:
    """Cards ``p`` may still commit: units (and, against bases, capital ships) with attack."""
    pool = p.units if vs_row else p.units + p.ships
    committed = state.attack.cards if state.attack is not None else ()
    cards = state.cards
    bonus = state.bonus
    # Every modifier adds attack, so a printed attack above 0 settles it without the full value, and
    # a card no modifier applies to (a shuttle) attacks only with a bonus.
    return [c for c in pool if c not in state.attacked and c not in committed
            and (cards[c].attack > 0 or c in bonus
                 or (may_gain_attack(cards[c].name) and attack_value(state, p, c, vs_row) > 0))]


#: cards whose attack a constant modifier of :func:`attack_value` may raise (besides traits and ships)
_MODIFIED_BY_NAME: Final = ("Death Trooper", "Chirrut Imwe", "Darth Vader", "Baze Malbus", "Rodian Gunslinger")


_may_gain_attack: Final[dict[str, bool]] = {}  # card name -> may_gain_attack(name), filled on first use


def may_gain_attack(name: str) -> bool:
    """Whether :func:`attack_value` may give the card attack beyond its printed attack and bonuses."""
    known = _may_gain_attack.get(name)
    if known is None:
        d = card_defs()[name]
        known = _may_gain_attack[name] = (d.is_ship or name in _MODIFIED_BY_NAME
                                          or any(t in d.traits for t in ("Fighter", "Trooper", "Vehicle")))
    return known


def commit(state: SwdbgState, p: Player, card: int, target: Any) -> None:
    """Commit a card to the attack being declared, opening one if there is none."""
    if state.attack is None:
        if target == "base":
            # SW-ATTACK-1: the team adds up its attack, so every teammate still playing may commit.
            seats = tuple(q.seat for q in state.players if q.team == p.team and not q.ended)
            state.attack = Attack("base", None, None, [], seats)
            say(state, "attack", f"{label(state, p.seat)} attacks the enemy bases", p.seat)
        else:
            state.attack = Attack("row", target, p.region, [], (p.seat,))
            say(state, "attack", f"{label(state, p.seat)} attacks {state.name(target)} in the galaxy row", p.seat)
    state.attack.cards.append(card)
    say(state, "commit", f"{label(state, p.seat)} commits {state.name(card)}", p.seat)


def owner_of(state: SwdbgState, card: int) -> Player | None:
    """The player who has ``card`` in play (None once it has left play)."""
    for q in state.players:
        if card in q.units or card in q.ships:
            return q
    return None


def resolve(state: SwdbgState) -> None:
    """Resolve the declared attack."""
    attack = state.attack
    assert attack is not None
    state.attack = None
    vs_row = attack.target == "row"
    total = 0
    for c in attack.cards:
        owner = owner_of(state, c)
        if owner is None:
            continue  # the card left play after committing (e.g. it exiled itself): it adds nothing
        total += attack_value(state, owner, c, vs_row)
        state.attacked.add(c)
    team = state.players[attack.seats[0]].team
    if vs_row:
        _resolve_row(state, state.players[attack.seats[0]], attack, total)
    else:
        say(state, "attack_total", f"{total} damage against the enemy", None)
        continue_base_attack(state, team, attack.seats, total)


def _resolve_row(state: SwdbgState, p: Player, attack: Attack, total: int) -> None:
    target = attack.row_card
    assert target is not None
    d = state.cards[target]
    if target not in state.regions[p.region].row or total < target_value(state, target):
        say(state, "attack_fails", f"the attack on {d.name} fails ({total} < {target_value(state, target)})", p.seat)
        return
    say(state, "defeat", f"{label(state, p.seat)} defeats {d.name}", p.seat)
    remove_from_row(state, p.region, target, to_discard=True)
    if d.faction == NEUTRAL:
        base = ord_mantell_ready(state, p)
        assert base is not None
        state.flags.add(("base", base))
        p.resources += d.cost  # Ord Mantell: gain resources equal to its cost
        say(state, "resources", f"{label(state, p.seat)} gains {resources_text(d.cost)} (Ord Mantell)", p.seat)
    elif d.name in REWARDS:
        REWARDS[d.name](state, p, target)  # the reward resolves before "when ... defeats" abilities
    for c in attack.cards:
        if state.name(c) in ON_DEFEAT:
            state.queue.append(("defeat", p.seat, c))


def continue_base_attack(state: SwdbgState, team: int, seats: tuple[int, ...], total: int) -> None:
    """SW-ATTACK-2: every enemy capital ship must be destroyed before damage reaches a base."""
    enemy = 1 - team
    ships = team_ships(state, enemy)
    if ships and total > 0:
        need = sum(hp_left(state, c) for _, c in ships)
        if total < need and len(ships) == 1:
            owner, c = ships[0]
            damage_ship(state, owner, c, total)  # one ship it cannot destroy: it takes everything
            return
        if total < need:
            # SW-ATTACK-3: any ship of the opposing shared zone.  A ship receives what destroys it,
            # or everything that remains.
            ask(state, "assign_ship", seats, seats[0], f"Assign {total} damage: which enemy capital ship?",
                [c for _, c in ships], None, remaining=total)
            return
        for owner, c in ships:
            damage_ship(state, owner, c, hp_left(state, c))
        total -= need
    damage_bases(state, team, seats, total)


def damage_bases(state: SwdbgState, team: int, seats: tuple[int, ...], total: int) -> None:
    """SW-ATTACK-1: split the damage between the enemy bases as the team likes; excess is lost.

    SW-FAQ-1: the split may destroy both bases in one attack (each destroyed base leaves the rest to the other).
    """
    if total <= 0 or state.stage == "over":
        return
    bases = team_bases(state, 1 - team)
    if not bases:
        say(state, "damage_lost", f"{total} damage is lost: no enemy base in play")
        return
    if len(bases) == 1:
        damage_base(state, bases[0][0], total, team)
        return
    needs = [damage_needed(state, owner, b) for owner, b in bases]
    if total >= sum(needs):
        for (owner, _), need in zip(bases, needs, strict=True):
            if state.stage != "over":
                damage_base(state, owner, need, team)
        return
    options = [(b, n) for (owner, b), need in zip(bases, needs, strict=True) for n in range(1, min(total, need) + 1)]
    ask(state, "assign_base", seats, seats[0], f"Split {total} damage between the enemy bases: how much where?",
        options, None, remaining=total)


def _h_assign_ship(state: SwdbgState, pend: Pending, value: Any) -> None:
    remaining = pend.get("remaining")
    owner = next(q for q in state.players if value in q.ships)
    amount = min(remaining, hp_left(state, value))
    damage_ship(state, owner, value, amount)
    continue_base_attack(state, owner.team ^ 1, pend.seats, remaining - amount)


def _h_assign_base(state: SwdbgState, pend: Pending, value: Any) -> None:
    base, amount = value
    owner = next(q for q in state.players if q.base == base)
    damage_base(state, owner, amount, owner.team ^ 1)
    damage_bases(state, owner.team ^ 1, pend.seats, pend.get("remaining") - amount)


COMBAT_HANDLERS: Final[dict[str, Handler]] = {"assign_ship": _h_assign_ship, "assign_base": _h_assign_base}
