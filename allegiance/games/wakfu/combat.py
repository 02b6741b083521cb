"""Combat (701-708): the target, attackers (at most PM), blockers (at most the defender's PM), the
alternating Phase d'Actions, duels, damage to the target, and the end of combat (XP, inclining)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from allegiance.games.wakfu import events, rules, teams
from allegiance.games.wakfu.registry import (
    ACTIONS,
    BLOCKS,
    COMBAT_ENDED,
    END_OF_ACTIONS,
    START_OF_ACTIONS,
)
from allegiance.games.wakfu.state import Combat, Item, Pending, WakfuState

#: Alliés that may not block (card text) or neither attack nor block (303.6)
CANNOT_BLOCK = rules.CANNOT_BLOCK
CANNOT_ATTACK = {"Terra", "Aero", "Pyro", "Akwa"}


def targets(state: WakfuState, seat: int) -> list[int]:
    """702.2: the opponent's Havre Sac, their Héros in the Monde, or one of their Alliés in the Monde;
    in teams, those of any opposing player still in the game (WK-COMM-5)."""
    return list(_targets(state, seat))


def _targets(state: WakfuState, seat: int) -> Iterator[int]:
    """The cards of :func:`targets`, one at a time (``can_attack`` needs only the first)."""
    kinds = ("Havre Sac", "Héros") if ("romantisme", seat) in state.flags else ("Havre Sac", "Héros", "Allié")
    opposing = teams.opponents(state, seat)
    against = []  # La Ruse d'Allister (a loop: a comprehension made cells at every call)
    for s in opposing:
        if ("ruse", seat, s) in state.flags:
            against.append(s)
    cards = state.cards
    for s in against or opposing:
        for c in state.players[s].monde:
            if cards[c].type in kinds:
                yield c


def eligible_attackers(state: WakfuState, seat: int, only_one: bool = False) -> list[int]:
    """703.1: untapped Héros/Alliés in the Monde that appeared before this turn (303.3) or have Agressivité.
    ``only_one``: up to the first one only (enough to know whether there is one)."""
    cb = state.combat
    p = state.players[seat]
    cards = state.cards
    tapped = state.tapped
    appeared = state.appeared
    start = _turn_start(state)
    out = []
    for c in p.monde:
        d = cards[c]
        if d.type not in ("Allié", "Héros") or c in tapped or d.name in CANNOT_ATTACK:
            continue
        if cb is not None and c in cb.attackers:
            continue
        if appeared.get(c, 0) >= start and not rules.has_keyword(state, c, "Agressivité"):
            continue
        out.append(c)
        if only_one:
            break
    return out


def _turn_start(state: WakfuState) -> int:
    return state.turn  # a card that appeared during the current game turn has not been there since its start


def can_attack(state: WakfuState, seat: int) -> bool:
    """603.2, 701.1, 701.5: once per Phase Principale, not on one's own first turn, with PM, an empty
    File, and (an engine choice, RULES.md) at least one target and one possible attacker."""
    p = state.players[seat]
    # plain questions about the state, so in any order: the cheapest and most often failing first
    return (state.phase == "main" and state.active == seat and not state.attacked and p.turns >= 2
            and not state.file and state.combat is None and not (state.pmods and _no_attack(state))
            and bool(eligible_attackers(state, seat, only_one=True)) and next(_targets(state, seat), None) is not None
            and rules.pm(state, seat) > 0)


def _no_attack(state: WakfuState) -> bool:
    """Incarnam: until the start of its controller's next turn no player may declare an attack (its ruling: not
    even one a card would allow, La Ruse d'Allister)."""
    return bool(state.pmods) and any(st == "no_attack" for _, st, _, _ in state.pmods)


def declare(state: WakfuState, seat: int) -> None:
    """701.2: the attack is declared and the declaration goes to the File d'Attente, where each player
    may answer it with one Réaction (809.6); once it has resolved the target is chosen (702).  The File
    item names the attacking player's Héros (the declaration has no card of its own)."""
    state.attacked = True
    # the defender is the target's controller, known once the target is chosen (WK-COMBAT-1)
    state.combat = Combat(seat, teams.opposite(state.table, seat), to_act=seat)
    rules.say(state, "attack", f"{rules.label(state, seat)} attacks", seat)
    state.file.append(Item("attack", seat, state.players[seat].hero, "attack", paid=True,
                           to_ask=teams.after(state, seat)))


def can_block(state: WakfuState, blocker: int, attacker: int) -> bool:
    """704.5 / 806.1 (``rules.may_block``)."""
    return rules.may_block(state, blocker, attacker)


def step(state: WakfuState) -> None:
    """Run the automatic part of the current combat step, or ask the seat that decides."""
    cb = state.combat
    assert cb is not None
    if cb.step == "target":
        found_targets = targets(state, cb.attacker)
        if not found_targets:
            return _end(state)
        state.pending.append(Pending("attack_target", cb.attacker, "Choose the target of your attack",
                                     tuple(found_targets)))
        return
    if cb.step == "challenge":
        cb.step = "attackers"
        found = challenges(state, cb.attacker)
        if found:  # 702.4: the attacker may play one Challenge (played by the "challenge" effect handler)
            state.pending.append(Pending("effect", cb.attacker, "Play a Challenge for this combat?", (*found, "no"),
                                         data=(("fx", "challenge"),)))
        return
    if cb.step == "attackers":
        # 703.2: the count is checked against the PM after the "quand [nom] attaque" powers, so a card
        # whose power raises the PM may still come once PM attackers are declared (Bruss Ouilis, 703.2c);
        # a declaration that would be illegal (703.2c) is never offered
        pm = rules.pm(state, cb.attacker)
        n = len(cb.attackers) + 1
        options: list[object] = []  # (a loop: a comprehension made cells at every combat step)
        for c in eligible_attackers(state, cb.attacker):
            if n <= pm or n <= pm + events.attack_pm_bonus(state, c):
                options.append(c)
        if cb.attackers or not options:
            options.append("done")
        if options == ["done"] and not cb.attackers:
            return _end(state)  # 703.2b: nobody can attack, the combat just ends
        if options == ["done"]:
            cb.step = "blockers"
            return
        state.pending.append(Pending("attacker", cb.attacker, "Declare an attacker, or done", tuple(options)))
        return
    if cb.step == "blockers":
        if not teams.alive(state, cb.defender):  # the defender left the game (WK-ELIM-3): no blockers
            _to_actions(state)
            return
        options = []
        if len(cb.blockers) < rules.pm(state, cb.defender):  # 704.2, WK-COMBAT-3: the defender's PM
            # WK-COMBAT-2: the defender's own or a teammate's untapped Alliés/Héros in the Monde
            pool = []
            for s in teams.team_seats(state, cb.defender):
                if teams.alive(state, s):
                    pool += state.players[s].monde
            for b in pool:
                d = state.cards[b]
                if d.type not in ("Allié", "Héros") or b in state.tapped or b == cb.target or b in cb.blockers:
                    continue  # 704.1, 704.3
                for a in cb.attackers:
                    if can_block(state, b, a):
                        options.append((b, a))
        options.append("done")
        if options == ["done"]:
            _to_actions(state)
            return
        state.pending.append(Pending("blocker", cb.defender, "Declare a blocker and the attacker it blocks, or done",
                                     tuple(options)))
        return
    if cb.step == "duels":
        return _duel(state)
    if cb.step == "damage":
        return _target_damage(state)
    if cb.step == "end":
        return _end(state)


def challenges(state: WakfuState, seat: int) -> list[int]:
    """302.3: the Challenge cards of the seat's hand (each may be played in the Phase de Déclaration de la
    Cible of a combat where the seat attacks)."""
    return [c for c in state.players[seat].main
            if "Challenge" in state.cards[c].subtypes and state.cards[c].name in ACTIONS]


def _to_actions(state: WakfuState) -> None:
    cb = state.combat
    assert cb is not None
    cb.blocked = [a for a in cb.attackers if a in cb.blockers.values()]
    cb.step = "actions"
    cb.to_act = cb.attacker  # 705.1: the attacker acts first
    cb.passes = 0
    cb.passed = []
    cb.last_att = cb.last_def = -1
    for start in START_OF_ACTIONS:  # "au début de la phase d'action" (Challenges)
        start(state)


def _end_of_actions(state: WakfuState) -> None:
    """705.5: two passes in a row end the Phase d'Actions; the "à la fin de la phase d'action" Challenges
    are checked, then the duels."""
    cb = state.combat
    assert cb is not None
    cb.step = "duels"
    for end in END_OF_ACTIONS:
        end(state)


def choose(state: WakfuState, pend: Pending, value: object) -> None:
    """Answers to attack_target / attacker / blocker / duel_order / duel_target / geant / riposte."""
    cb = state.combat
    assert cb is not None
    if pend.kind == "attack_target":
        assert isinstance(value, int)
        cb.target = value
        cb.defender = rules.controller(state, value)  # WK-COMBAT-1: the target's controller defends
        cb.step = "challenge" if challenges(state, cb.attacker) else "attackers"  # 702.4
        if ("romantisme", cb.attacker) in state.flags:  # Romantisme d'Ogrest: the target regains everything
            state.flags.discard(("romantisme", cb.attacker))
            q = state.players[cb.defender]
            if state.cards[value].type == "Héros":
                q.pv = rules.max_pv(state, q.seat)
            else:
                q.sac_pr = state.cards[value].resistance
        rules.say(state, "target", f"the target is {state.name(value)}", cb.attacker, card=value)
    elif pend.kind == "attacker":
        if value == "done":
            cb.step = "blockers"
            return
        assert isinstance(value, int)
        cb.attackers.append(value)
        rules.say(state, "attacker", f"{state.name(value)} attacks", cb.attacker, card=value)
        events.on_attacks(state, value)
    elif pend.kind == "blocker":
        if value == "done":
            _to_actions(state)
            return
        assert isinstance(value, tuple)
        b, a = value
        cb.blockers[b] = a
        rules.say(state, "blocker", f"{state.name(b)} blocks {state.name(a)}", cb.defender, card=b)
        if rules.controller(state, b) != cb.defender:
            events.incline(state, b)  # WK-COMBAT-5: a teammate's reinforcement is tapped when placed
        for watch in BLOCKS:
            watch(state, b)
    elif pend.kind == "reassign":
        if value == "none":
            return
        assert isinstance(value, tuple)
        b, a = value
        cb.blockers[b] = a  # 705.4
        if a not in cb.blocked:
            cb.blocked.append(a)
        rules.say(state, "blocker", f"{state.name(b)} now blocks {state.name(a)}", pend.seat, card=b)
    elif pend.kind == "duel_target":
        assert isinstance(value, int) and pend.card is not None
        _fight(state, pend.card, [value] * rules.force(state, pend.card))
    elif pend.kind == "duel_order":
        assert isinstance(value, int)
        cb.blocked.remove(value)
        cb.blocked.insert(0, value)
        state.flags.add(("duel_next", value))
    elif pend.kind == "geant":
        assert isinstance(value, int) and pend.card is not None
        _geant(state, pend.card, pend.get("assigned") + (value,))
    elif pend.kind == "riposte":
        assert isinstance(value, int)
        _apply(state, list(pend.get("hits", ())))  # 707.1: dealt together with the strike back
        _strike_target(state, value, pend.card)


def pass_action(state: WakfuState, seat: int) -> None:
    """705.2 / 705.5: a pass; the Phase d'Actions ends when every player still in the game has passed
    in a row (two passes in a duel; WK-COMBAT-7 in teams)."""
    cb = state.combat
    assert cb is not None
    cb.passes += 1
    if seat not in cb.passed:
        cb.passed.append(seat)
    rules.say(state, "pass", f"{rules.label(state, seat)} passes", seat)
    _next_actor(state, seat)
    if all(s in cb.passed for s in range(len(state.players)) if teams.alive(state, s)):
        _end_of_actions(state)


def acted(state: WakfuState, seat: int) -> None:
    """After an action in the Phase d'Actions the next player acts (705.1, 810.4; WK-COMBAT-6).  A
    Réaction is no action here (705.3, 809.7): its caller does not call this."""
    cb = state.combat
    if cb is not None and cb.step == "actions":
        cb.passes = 0
        cb.passed = []
        _next_actor(state, seat)


def _next_actor(state: WakfuState, seat: int) -> None:
    """WK-COMBAT-6: attacker, defender, then the teams alternate, each in its usual order from the
    attacker (the defender): the player after the attacker, the player after the defender, and so on.
    In a duel this is the other player."""
    cb = state.combat
    assert cb is not None
    if teams.same_team(state, seat, cb.attacker):
        cb.last_att = seat
        last, lead = cb.last_def, cb.defender
    else:
        cb.last_def = seat
        last, lead = cb.last_att, cb.attacker
    if last < 0:  # the defender's first action (or the attacker's if they left)
        seq = teams.team_in_order(state, lead)
    else:  # from ``last``, its teammates still in the game in turn order, ``last`` itself at the end
        seq = teams.team_in_order(state, last)
        seq = seq[1:] + seq[:1]
    cb.to_act = seat
    for s in seq:  # the first of them still in the game
        if teams.alive(state, s):
            cb.to_act = s
            break


def ask_reassign(state: WakfuState) -> bool:
    """705.4: a blocker whose attacker left the combat may be assigned by its controller to another
    attacker it can block (704.5), or to none.  Asked in the Phase d'Actions with an empty File; True
    if a question was asked."""
    cb = state.combat
    assert cb is not None
    unassigned = []
    for f in state.flags:
        if f[0] == "unassigned":
            unassigned.append(f)
    if not unassigned:
        return False
    return _reassign(state, cb, sorted(unassigned, key=repr))


def _reassign(state: WakfuState, cb: Combat, unassigned: list[tuple[Any, ...]]) -> bool:
    """:func:`ask_reassign` of the blockers left without an attacker (their flags, in a fixed order)."""
    for f in unassigned:
        b = f[1]
        state.flags.discard(f)
        seat = rules.controller(state, b)
        if seat < 0 or b in cb.blockers or not teams.alive(state, seat):
            continue
        options: list[object] = [(b, a) for a in cb.attackers if can_block(state, b, a)]
        if options:
            state.pending.append(Pending("reassign", seat, f"{state.name(b)}'s attacker left the combat: "
                                         "block another attacker, or none", (*options, "none"), b))
            return True
    return False


def skip_to_next(state: WakfuState) -> None:
    """The player to act left the game (WK-ELIM-3): the next player acts instead."""
    cb = state.combat
    assert cb is not None
    _next_actor(state, cb.to_act)
    if all(s in cb.passed for s in range(len(state.players)) if teams.alive(state, s)):
        _end_of_actions(state)


def end_now(state: WakfuState) -> None:
    """The attacking player left the game (WK-ELIM-2): their attack ends at once (708)."""
    _end(state)


def _duel(state: WakfuState) -> None:
    """706: the attacker orders the duels (706.1), asked each time more than one is left."""
    cb = state.combat
    assert cb is not None
    cb.blocked = [a for a in cb.blocked if a in cb.attackers and a in cb.blockers.values()]  # 706.3: else free
    if not cb.blocked:
        cb.step = "damage"
        return
    if len(cb.blocked) > 1 and ("duel_next", cb.blocked[0]) not in state.flags:
        state.pending.append(Pending("duel_order", cb.attacker, "Which duel is resolved next?", tuple(cb.blocked)))
        return
    a = cb.blocked.pop(0)
    state.flags.discard(("duel_next", a))
    blockers = [b for b, x in cb.blockers.items() if x == a]
    if rules.has_keyword(state, a, "Géant"):
        _geant(state, a, ())
    elif len(blockers) > 1:
        state.pending.append(Pending("duel_target", cb.attacker, f"{state.name(a)} deals its damage to which blocker?",
                                     tuple(blockers), a))
    else:
        _fight(state, a, [blockers[0]] * rules.force(state, a))


def _geant(state: WakfuState, a: int, assigned: tuple[int, ...]) -> None:
    """706.4 Géant: the attacker splits its Force among its blockers one point at a time; once every
    blocker has lethal damage assigned, points may go to the target."""
    cb = state.combat
    assert cb is not None
    blockers = [b for b, x in cb.blockers.items() if x == a]
    force = rules.force(state, a)
    if len(assigned) >= force or not blockers:
        _fight(state, a, list(assigned))
        return
    options: list[int] = list(blockers)
    lethal = all(state.cards[b].type == "Allié"
                 and assigned.count(b) >= rules.force(state, b) - state.damage.get(b, 0) for b in blockers)
    if lethal and rules.in_play(state, cb.target) and rules.where(state, cb.target) == "monde":
        options.append(cb.target)
    if len(options) == 1:  # no choice for this point
        _geant(state, a, assigned + (options[0],))
        return
    state.pending.append(Pending("geant", cb.attacker, f"{state.name(a)} (Géant): {force - len(assigned)} damage "
                                 "left to assign", tuple(options), a, (("assigned", assigned),)))


def _fight(state: WakfuState, a: int, assignment: list[int]) -> None:
    """706.2: the attacker deals its Force as assigned while each blocker deals its Force to it,
    simultaneously (combat damage)."""
    cb = state.combat
    assert cb is not None
    blockers = [b for b, x in cb.blockers.items() if x == a]
    ea = rules.cd(state, a).element
    hits: list[tuple[int, int, int, str]] = []  # (source, target, amount, element)
    for t in dict.fromkeys(assignment):
        hits.append((a, t, assignment.count(t), ea))
        if t == cb.target:
            state.flags.add(("hit_target", a))
    for b in blockers:
        hits.append((b, a, rules.force(state, b), rules.cd(state, b).element))
    _apply(state, hits)
    cb.dealt.extend([a, *blockers])


def _apply(state: WakfuState, hits: list[tuple[int, int, int, str]]) -> None:
    for src, tgt, amount, element in hits:
        events.deal_damage(state, rules.controller(state, src), src, tgt, amount, element, combat=True)


def _target_damage(state: WakfuState) -> None:
    """707: free attackers that dealt no combat damage hit the target; the target strikes one back."""
    cb = state.combat
    assert cb is not None
    cb.step = "end"
    t = cb.target
    if not rules.in_play(state, t) or rules.where(state, t) != "monde":
        return  # 707.2
    free = [a for a in cb.attackers if a not in cb.dealt and a not in cb.blockers.values()]
    hitters = free + [a for a in cb.attackers if ("hit_target", a) in state.flags and a not in free]
    hits = [(a, t, rules.force(state, a), rules.cd(state, a).element) for a in free]
    cb.dealt.extend(free)
    riposte = state.cards[t].type in ("Allié", "Héros") and t not in cb.dealt and hitters
    if riposte and len(hitters) > 1:
        # 707.1: the target strikes back simultaneously with the free attackers' damage, so the defender
        # chooses whom before any of it is dealt (a target killed by it still strikes back)
        state.pending.append(Pending("riposte", cb.defender, f"{state.name(t)} strikes back at which attacker?",
                                     tuple(hitters), t, (("hits", tuple(hits)),)))
        return
    _apply(state, hits)
    if riposte:
        _strike_target(state, hitters[0], t)


def _strike_target(state: WakfuState, attacker: int, target: int | None = None) -> None:
    cb = state.combat
    assert cb is not None
    t = cb.target if target is None else target
    if rules.in_play(state, t) and rules.in_play(state, attacker):
        _apply(state, [(t, attacker, rules.force(state, t), rules.cd(state, t).element)])
    cb.dealt.append(t)


def _end(state: WakfuState) -> None:
    """708: XP for Alliés destroyed in the duels and on the target (708.2), then every attacker and
    blocker still in play is inclined (708.3); "until end of combat" effects end."""
    cb = state.combat
    assert cb is not None
    for card, seat in cb.destroyed:
        if not teams.same_team(state, seat, state.owner(card)):  # 415.5; a teammate's card gives no XP
            rules.gain_xp(state, seat, state.cards[card].xp)
    inclined = []
    for c in cb.attackers + list(cb.blockers):
        if rules.in_play(state, c) and c not in state.tapped:
            state.tapped.add(c)
            inclined.append(c)
    state.mods = [m for m in state.mods if m[3] != "combat"]
    state.pmods = [m for m in state.pmods if m[3] != "combat"]
    state.flags = {f for f in state.flags if f[0] not in ("hit_target", "unassigned")}
    state.combat = None
    rules.say(state, "combat_end", "the combat ends")
    # Lisa Modas' Monstre is destroyed; La Ruse d'Allister's window goes on the File below the inclining,
    # so it is answered once the inclining has been
    for ended in COMBAT_ENDED:
        ended(state, cb)
    if inclined and teams.alive(state, cb.attacker):
        # 708.3: the inclining is an event the players may answer with a Réaction (Flèche d'Immolation),
        # each once, the defender's side first (809.6)
        state.file.append(Item("trigger", cb.attacker, inclined[0], "combat_inclined", paid=True,
                               to_ask=teams.after(state, cb.attacker), inclined=inclined))
