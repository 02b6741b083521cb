"""Battles (S2): start one with a ready card against an opposing card, then three steps, Support,
Weapons, Power, each an alternation of single actions that ends after every player passes in a row.
Starship battles are fought at the system, character battles at the site (assumed alike, [C])."""

from __future__ import annotations

from allegiance.games.jk import flow
from allegiance.games.jk.rules import clockwise_from, discard_from_play, power, say
from allegiance.games.jk.state import Battle, JKState, Turns

STEPS = ("support", "weapons", "power")


def fighters(state: JKState, kind: str) -> list[int]:
    """The cards that fight in this kind of battle: starships at the system, characters at the site."""
    if kind == "starship":
        return [c for c in state.system if state.cards[c].type == "Starship"]
    return [c for c in state.site if state.cards[c].type == "Character"]


def attackers(state: JKState, seat: int, kind: str) -> list[int]:
    """A player's ready cards that may start a battle (the attacker rotates, S2)."""
    return [c for c in fighters(state, kind) if state.owner[c] == seat and c not in state.rotated]


def defenders(state: JKState, seat: int, kind: str) -> list[int]:
    """JK-3S-6: any card of either opposing side may be attacked (a card that fought may fight again)."""
    mine = state.team(seat)
    live = set(state.live_teams())
    return [c for c in fighters(state, kind) if state.team_of_card(c) != mine and state.team_of_card(c) in live]


def start(state: JKState, seat: int, attacker: int, defender: int) -> None:
    kind = "starship" if state.phase == "starship" else "character"
    b = Battle(kind, attacker, defender, state.team(seat), state.team_of_card(defender))
    state.rotated.add(attacker)
    state.battle = b
    say(state, "battle", f"{state.name(attacker)} ({state.label(seat)}) attacks {state.name(defender)} "
        f"({state.label(state.owner[defender])})", seat, attacker=attacker, defender=defender)
    _begin_step(state, "support")


def participants(state: JKState, first: int) -> list[int]:
    """The players of the two sides in the battle, clockwise from ``first``."""
    b = state.battle
    assert b is not None
    seats = [s for s in state.live_seats() if state.team(s) in (b.att_team, b.def_team)]
    return clockwise_from(state, first, seats)


def _begin_step(state: JKState, step: str) -> None:
    b = state.battle
    assert b is not None
    b.step = step
    # S2: the defending player acts first in the support step; the attacker first in the others (UNSOURCED)
    first = state.owner[b.defender] if step == "support" else state.owner[b.attacker]
    b.turns = Turns(participants(state, first))


def side_of(state: JKState, card: int) -> str:
    b = state.battle
    assert b is not None
    main = b.supporters.get(card, card)
    return b.att_team if main == b.attacker else b.def_team


def supportable(state: JKState, seat: int) -> list[tuple[int, int]]:
    """(supporter, supported) pairs: a ready card of the player's own, not in the battle, backs their
    side's card if that card has a leadership icon to spare (one supporter per icon, option
    supporters_per_icon).  JK-3S-7: only your own or a teammate's card: the side's card in the battle."""
    b = state.battle
    assert b is not None
    mine = state.team(seat)
    main = b.attacker if b.att_team == mine else b.defender if b.def_team == mine else -1
    if main < 0 or state.team_of_card(main) != mine:
        return []
    room = state.cards[main].leadership * state.options["supporters_per_icon"]
    if room <= sum(1 for v in b.supporters.values() if v == main):
        return []
    in_battle = set(b.cards())
    return [(c, main) for c in fighters(state, b.kind)
            if state.owner[c] == seat and c not in state.rotated and c not in in_battle]


def support(state: JKState, seat: int, card: int, main: int) -> None:
    b = state.battle
    assert b is not None
    state.rotated.add(card)
    b.supporters[card] = main
    say(state, "support", f"{state.name(card)} supports {state.name(main)}", seat, card=card)


def tactic_targets(state: JKState, seat: int) -> list[int]:
    """JK-3S-7: a tactic bonus goes only under a card of your own or a teammate's (in the battle)."""
    b = state.battle
    assert b is not None
    return [c for c in b.cards() if state.team_of_card(c) == state.team(seat)]


def weapons(state: JKState, seat: int) -> list[int]:
    """The player's weapons on their side's cards in the battle that have not fired in it."""
    b = state.battle
    assert b is not None
    cards = set(b.cards())
    return [w for w, bearer in state.attached.items()
            if bearer in cards and state.owner[w] == seat and w not in b.fired]


def targets(state: JKState, seat: int) -> list[int]:
    """S2: opposing cards in the battle that have no supporter (a supported card cannot be fired at)."""
    b = state.battle
    assert b is not None
    supported = set(b.supporters.values())
    return [c for c in b.cards() if side_of(state, c) != state.team(seat) and c not in supported]


def resolve_shot(state: JKState, seat: int, weapon: int, target: int, bonuses: list[int]) -> None:
    """The weapon destiny draw (S3): the destiny number of the top card of the shooter's draw pile (then
    discarded, UNSOURCED) plus the to-hit bonuses that count; a hit (option weapon_hit, UNSOURCED)
    discards the target."""
    b = state.battle
    if b is None or target not in b.cards() or weapon not in state.attached:
        return
    p = state.players[seat]
    destiny = 0
    if p.draw:
        top = p.draw.pop()
        destiny = state.cards[top].destiny
        p.discard.append(top)
    total = destiny + sum(bonuses)
    need = power(state, target)
    hit = total > need if state.options["weapon_hit"] == "greater" else total >= need
    say(state, "shot", f"{state.name(weapon)} fires at {state.name(target)}: destiny {destiny} + to-hit "
        f"{sum(bonuses)} = {total} against power {need}: {'hit' if hit else 'miss'}", seat, hit=hit)
    if hit:
        discard_from_play(state, target, "hit by a weapon")
        b.supporters.pop(target, None)


def after(state: JKState, passed: bool) -> None:
    """One action (or pass) in the battle is done: next player, next step, or the power step's result."""
    b = state.battle
    assert b is not None
    if b.attacker not in state.system + state.site or b.defender not in state.system + state.site:
        end(state)  # a card of the battle was hit and discarded: no power step (UNSOURCED)
        return
    if not b.turns.step(passed):
        return
    i = STEPS.index(b.step)
    if i + 1 < len(STEPS):
        _begin_step(state, STEPS[i + 1])
    else:
        power_result(state)


def side_total(state: JKState, main: int) -> int:
    b = state.battle
    assert b is not None
    total = power(state, main)
    if state.options["supporters_add_power"]:  # UNSOURCED
        total += sum(power(state, s) for s, m in b.supporters.items() if m == main)
    return total


def power_result(state: JKState) -> None:
    """The power step's result: the higher total wins; the loser and all its supporters share its fate
    (S2).  A tie: option battle_tie (UNSOURCED)."""
    b = state.battle
    assert b is not None
    att, dfn = side_total(state, b.attacker), side_total(state, b.defender)
    losers: list[int] = []
    if att > dfn:
        losers = [b.defender]
    elif dfn > att:
        losers = [b.attacker]
    elif state.options["battle_tie"] == "both_lose":
        losers = [b.attacker, b.defender]
    say(state, "battle_result", f"Power step: {state.name(b.attacker)} {att} against {state.name(b.defender)} "
        f"{dfn}")
    for main in losers:
        for s in [s for s, m in b.supporters.items() if m == main]:
            discard_from_play(state, s, "it supported the card that lost the battle")
        discard_from_play(state, main, "it lost the battle")
    end(state)


def end(state: JKState) -> None:
    state.battle = None
    flow.after_action(state, False)  # the battle was the attacker's action in the phase
