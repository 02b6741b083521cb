"""Combat (701-708), damage and destruction (409, 410), XP, levels and victory (103, 307, 415)."""

from __future__ import annotations

from allegiance.games.wakfu import GAME, events, rules
from tests.wakfu.builders import act, board, choose, kinds, one, pass_reactions, pay, play


def attack(s, target: int, attackers: list[int], blocks: list[tuple[int, int]] | None = ()) -> None:  # type: ignore[no-untyped-def]
    """Declare an attack by seat 0 and its blockers for seat 1 (``blocks=None``: leave the blocker
    decision open)."""
    act(s, 0, "attack")
    choose(s, target)
    for a in attackers:
        choose(s, a)
    if s.pending and s.pending[-1].kind == "attacker":
        choose(s, "done")
    if blocks is None:
        return
    for b, a in blocks:
        choose(s, b, a)
    if s.pending and s.pending[-1].kind == "blocker":
        choose(s, "done")


def passes(s) -> None:  # type: ignore[no-untyped-def]
    act(s, s.combat.to_act, "pass")
    act(s, s.combat.to_act, "pass")


def test_targets_702() -> None:
    s = board(monde={0: ["Bouftou"], 1: ["Tofu"]}, havre={1: ["Boo"]})
    act(s, 0, "attack")
    options = set(s.pending[-1].options)
    assert options == {s.players[1].sac, one(s, "Tofu")}  # not the Héros in its Havre Sac, nothing inside (702.3)


def test_attackers_limited_by_pm_and_bruss_bonus() -> None:
    # 703.2c: at most PM attackers; Bruss Ouilis attacking gives +1 PM before the check (example of 703.2c)
    s = board(monde={0: ["Piou Vert"] * 3, 1: []}, hero_in_monde=(0,))
    pious = [c for c in s.players[0].monde if s.cards[c].name == "Piou Vert"]
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, s.players[0].hero)
    assert rules.pm(s, 0) == 4 and rules.force(s, s.players[0].hero) == 4
    for c in pious:
        choose(s, c)
    assert len(s.combat.attackers) == 4  # Bruss + 3 Piou Vert: legal with PM 3 + 1


def test_attacker_count_checked_after_the_when_it_attacks_powers_703_2() -> None:
    # 703.2: the attackers are declared, THEN the "quand [nom] attaque" powers apply, THEN their number is
    # checked against the PM.  So Bruss Ouilis declared after three Alliés (PM 3) is legal: his +1 PM counts
    # (703.2c's example: Bruss + 3 Piou Vert); without Bruss a 4th attacker stays illegal
    s = board(monde={0: ["Piou Vert"] * 3 + ["Bouftou"], 1: []}, hero_in_monde=(0,))
    pious = [c for c in s.players[0].monde if s.cards[c].name == "Piou Vert"]
    hero = s.players[0].hero
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    for c in pious:
        choose(s, c)
    assert rules.pm(s, 0) == 3 and s.pending[-1].kind == "attacker"
    assert set(s.pending[-1].options) == {hero, "done"}  # Bruss may still come; the Bouftou may not (4 > 3)
    choose(s, hero)
    assert s.combat.attackers == [*pious, hero] and rules.pm(s, 0) == 4
    assert s.combat.step == "blockers" or s.combat.step == "actions"  # PM 4 reached: the declaration is over


def test_summoning_sickness_303_3_and_agressivite() -> None:
    s = board(hand={0: ["Bouftou", "Chevaucheur Gobelin"]}, monde={0: ["Piou Vert", "Piou Rouge", "Piou Vert"]})
    from tests.wakfu.builders import play
    play(s, 0, one(s, "Bouftou"), "monde")
    play(s, 0, one(s, "Chevaucheur Gobelin"), "monde")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    options = s.pending[-1].options
    assert one(s, "Bouftou") not in options  # appeared this turn (303.3)
    assert one(s, "Chevaucheur Gobelin") in options  # Agressivité (806.2)


def test_blockers_704() -> None:
    s = board(monde={0: ["Bouftou"], 1: ["Tofu", "Boo", "Wabbit", "Moskito", "Arakne"]})
    tofu = one(s, "Tofu")
    s.tapped.add(one(s, "Boo"))
    attack(s, tofu, [one(s, "Bouftou")], None)
    pairs = s.pending[-1].options
    blockers = {p[0] for p in pairs if isinstance(p, tuple)}
    assert tofu not in blockers  # 704.3: the target does not block
    assert one(s, "Boo") not in blockers  # 704.1: only dressé cards
    b = one(s, "Bouftou")
    choose(s, one(s, "Wabbit"), b)
    choose(s, one(s, "Moskito"), b)
    choose(s, one(s, "Arakne"), b)
    assert s.combat.step == "actions"  # defender's PM 3 reached (704.2)


def test_agilite_806_1() -> None:
    s = board(monde={0: ["Djakky Chwan"], 1: ["Tofu", "Djakky Chwan"]}, heroes=("Aeron Zeklox", "Tirlangue Portey"),
              sacs=("Havre Sac du Wabbit", "Havre Sac du Tofu"))
    dj0, dj1 = one(s, "Djakky Chwan", 0), one(s, "Djakky Chwan", 1)
    attack(s, s.players[1].sac, [dj0], None)
    blockers = {p[0] for p in s.pending[-1].options if isinstance(p, tuple)}
    assert blockers == {dj1}


def test_action_phase_alternates_and_two_passes_end_it() -> None:
    s = board(monde={0: ["Bouftou"], 1: ["Tofu"]})
    attack(s, s.players[1].sac, [one(s, "Bouftou")])
    assert s.combat.step == "actions" and s.combat.to_act == 0  # 705.1: the attacker first
    act(s, 0, "pass")
    assert s.combat.to_act == 1
    act(s, 1, "pass")  # 705.5
    assert s.combat is None and s.players[1].sac_pr == 13
    assert one(s, "Bouftou") in s.tapped  # 708.3


def test_duel_simultaneous_damage_and_xp_at_end_of_combat() -> None:
    # 706.2: attacker and blocker hit each other; 708.2: XP for the destroyed opposing Allié at the end
    s = board(monde={0: ["Bouftou"], 1: ["Dragodinde Rousse Sauvage"]})
    b, d = one(s, "Bouftou"), one(s, "Dragodinde Rousse Sauvage")
    attack(s, s.players[1].sac, [b], [(d, b)])
    passes(s)
    assert b in s.players[0].defausse and d in s.players[1].defausse
    assert s.players[1].xp == 0 and s.players[0].xp == 1  # Dragodinde XP 1, Bouftou XP 0 (415.5)
    assert s.players[1].sac_pr == 15  # a blocked attacker does not hit the target


def test_attacker_chooses_which_blocker() -> None:
    s = board(monde={0: ["Bwork"], 1: ["Tofu", "Boo"]})
    bw = one(s, "Bwork")
    attack(s, s.players[1].sac, [bw], [(one(s, "Tofu"), bw), (one(s, "Boo"), bw)])
    passes(s)
    assert s.pending[-1].kind == "duel_target"
    choose(s, one(s, "Boo"))
    assert one(s, "Boo") in s.players[1].defausse and one(s, "Tofu") in s.players[1].monde
    assert s.damage.get(bw) == 2


def test_geant_overflow_706_4() -> None:
    s = board(monde={0: ["Bouftou Royal"], 1: ["Tofu"]}, hero_in_monde=(1,))
    royal, tofu = one(s, "Bouftou Royal"), one(s, "Tofu")
    hero1 = s.players[1].hero
    attack(s, hero1, [royal], [(tofu, royal)])
    passes(s)
    assert s.pending[-1].kind == "geant" and set(s.pending[-1].options) == {tofu, hero1}  # Tofu has lethal
    for _ in range(3):
        choose(s, hero1)
    assert tofu in s.players[1].defausse
    assert s.players[1].pv == 16 - 3  # 4 Force: 1 lethal to Tofu, 3 to the target
    assert s.damage.get(royal) == 1 + 1  # Tofu 1, then the target strikes back with 1


def test_target_strikes_back_707() -> None:
    # 707.1: a free attacker deals its Force to the target, which strikes back with its own
    s = board(monde={0: ["Bouftou"], 1: ["Bwork"]})
    b, bw = one(s, "Bouftou"), one(s, "Bwork")
    attack(s, bw, [b])
    passes(s)
    assert b in s.players[0].defausse and s.damage.get(bw) == 2 and bw in s.players[1].monde


def test_havre_sac_banished_at_0_pr() -> None:
    # 410.7 / 306.3b: Salles destroyed, Alliés and Héros expelled to the Monde
    s = board(monde={0: ["Bouftou"]}, havre={1: ["Tofu", "Temple Crâ"]})
    s.players[1].sac_pr = 2
    attack(s, s.players[1].sac, [one(s, "Bouftou")])
    passes(s)
    p1 = s.players[1]
    assert p1.sac in s.banished and p1.hero in p1.monde and one(s, "Tofu") in p1.monde
    assert one(s, "Temple Crâ") in p1.defausse
    assert "havre" not in str(GAME.legal_actions(s, 0))


def test_hero_destroyed_loses_103_2a() -> None:
    s = board(monde={0: ["Bwork"]}, hero_in_monde=(1,))
    s.players[1].pv = 3
    attack(s, s.players[1].hero, [one(s, "Bwork")])
    passes(s)
    o = GAME.outcome(s)
    assert o is not None and o.winners == ("p0",) and "Combat" in o.reason


def test_both_heroes_at_0_stay_at_1_pv_103_3() -> None:
    s = board(hero_in_monde=(0, 1), heroes=("Bruss Ouilis", "Aeron Zeklox"),
              sacs=("Havre Sac du Bouftou", "Havre Sac du Wabbit"))
    h0, h1 = s.players[0].hero, s.players[1].hero
    s.players[0].pv = 1
    s.players[1].pv = 4
    attack(s, s.players[1].sac, [h0], [(h1, h0)])
    passes(s)
    assert GAME.outcome(s) is None
    assert s.players[0].pv == 1 and s.players[1].pv == 1


def test_levels_and_xp_victory() -> None:
    s = board(hand={0: ["Parchemin Blanc"]})
    s.players[0].xp = 5
    from tests.wakfu.builders import play
    play(s, 0, one(s, "Parchemin Blanc"))
    p = s.players[0]
    assert p.level == 2 and rules.pa(s, 0) == 7 and rules.cd(s, p.hero).hero_side == 2  # 307.4
    assert p.pv == 18  # keeps current PV (415.3)
    s.players[0].xp = 17
    rules.gain_xp(s, 0, 1)
    act(s, 0, "end_turn") if GAME.outcome(s) is None else None
    o = GAME.outcome(s)
    assert o is not None and o.winners == ("p0",) and "Expérience" in o.reason  # 103.2b, 307.5


def test_resistance_806_12() -> None:
    s = board(monde={0: ["Bouftou"], 1: ["Craqueleur"]})
    b, c = one(s, "Bouftou"), one(s, "Craqueleur")
    attack(s, c, [b])
    passes(s)
    assert s.damage.get(c) == 1  # 2 Terre damage, Résistance Terre 1


def test_no_xp_for_own_ally_415_2() -> None:
    s = board(monde={0: ["Tofu Mutant"]}, hand={0: ["Agression"]}, heroes=("Tirlangue Portey", "Bruss Ouilis"),
              sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"), hero_in_monde=(0,))
    tm = one(s, "Tofu Mutant")
    act(s, 0, "use", card=s.players[0].hero, power=0)
    choose(s, tm)
    while s.pending and s.pending[-1].kind == "pay":
        choose(s, [o for o in s.pending[-1].options if o != "cancel"][0])
    assert tm in s.players[0].defausse and s.players[0].xp == 0


def test_attack_once_per_main_phase() -> None:
    s = board(monde={0: ["Bouftou", "Tofu"]})
    attack(s, s.players[1].sac, [one(s, "Bouftou")])
    passes(s)
    assert "attack" not in kinds(s, 0)  # 603.2


def test_both_reach_niveau_3_play_on_until_more_xp_103_4() -> None:
    s = board()
    s.players[0].xp, s.players[1].xp = 18, 18
    s.players[0].level = s.players[1].level = 3
    from allegiance.games.wakfu import flow
    flow.advance(s)
    assert GAME.outcome(s) is None  # equal XP: the game goes on
    rules.gain_xp(s, 1, 1)
    flow.advance(s)
    o = GAME.outcome(s)
    assert o is not None and o.winners == ("p1",)


def test_niveau_3_and_0_pv_together_loses_103_5() -> None:
    # the Défi example of 103.5: 17 XP and 3 PV, the refused/accepted duel brings 18 XP and 0 PV
    s = board(hero_in_monde=(0,))
    s.players[0].xp, s.players[0].pv = 17, 0
    rules.gain_xp(s, 0, 1)
    from allegiance.games.wakfu import flow
    flow.advance(s)
    o = GAME.outcome(s)
    assert o is not None and o.winners == ("p1",)


def test_hero_leaving_play_loses_103_2c() -> None:
    s = board()
    rules.remove(s, s.players[1].hero)
    s.players[1].defausse.append(s.players[1].hero)
    from allegiance.games.wakfu import flow
    flow.advance(s)
    o = GAME.outcome(s)
    assert o is not None and o.winners == ("p0",)


def test_attacker_orders_the_duels_706_1() -> None:
    s = board(monde={0: ["Bouftou", "Bwork"], 1: ["Tofu", "Boo"]})
    b, bw, tofu, boo = one(s, "Bouftou"), one(s, "Bwork"), one(s, "Tofu"), one(s, "Boo")
    attack(s, s.players[1].sac, [b, bw], [(tofu, b), (boo, bw)])
    passes(s)
    assert s.pending[-1].kind == "duel_order" and set(s.pending[-1].options) == {b, bw}
    from allegiance.core.actions import Action
    events = GAME.apply(s, 0, Action.of("choose", value=bw))
    destroyed = [e.data["card"] for e in events if e.kind == "destroy"]
    assert destroyed.index(boo) < destroyed.index(tofu)  # Bwork's duel first


def test_geant_may_put_everything_on_one_blocker() -> None:
    s = board(monde={0: ["Bouftou Royal"], 1: ["Tofu", "Boo"]})
    royal, tofu, boo = one(s, "Bouftou Royal"), one(s, "Tofu"), one(s, "Boo")
    attack(s, s.players[1].sac, [royal], [(tofu, royal), (boo, royal)])
    passes(s)
    for _ in range(4):
        choose(s, tofu)
    assert tofu in s.players[1].defausse and boo in s.players[1].monde and s.players[1].sac_pr == 15


def test_tacle_806_13() -> None:
    # no starter card has Tacle; a Tacle modifier on the attacker shows the rule: its blockers cannot
    # incline for resources during the Phase d'Actions
    from allegiance.games.wakfu.resources import producers
    s = board(monde={0: ["Bouftou"], 1: ["Piou Vert", "Tofu"]})
    b, piou = one(s, "Bouftou"), one(s, "Piou Vert")
    s.mods.append((b, "Tacle", 1, "combat"))
    attack(s, s.players[1].sac, [b], [(piou, b)])
    assert piou not in [c for c, _ in producers(s, 1)] and one(s, "Tofu") in [c for c, _ in producers(s, 1)]


def test_destroying_a_havre_sac_banishes_it_306_5() -> None:
    s = board(havre={1: ["Tofu"]})
    events.destroy(s, s.players[1].sac, 0)
    p1 = s.players[1]
    assert p1.sac in s.banished and p1.hero in p1.monde and one(s, "Tofu") in p1.monde


def test_a_reaction_does_not_take_the_reacting_players_turn_705_3_809_7() -> None:
    # 705.3: a Réaction does not use up one's turn to act in the Phase d'Actions; 809.7: Réactions played
    # in the Phase d'Actions are outside the alternation.  So after the attacker's Action and the
    # defender's Réaction to it, the defender still acts next (809.7's example is this case).
    s = board(monde={0: ["Bouftou"]}, hand={0: ["Charge"], 1: ["Échec Critique"]})
    bouftou, echec = one(s, "Bouftou"), one(s, "Échec Critique")
    attack(s, s.players[1].sac, [bouftou], [])
    assert s.combat.to_act == 0  # 705.1
    play(s, 0, one(s, "Charge"), bouftou)  # the attacker's action
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 1 and echec in s.pending[-1].options
    choose(s, echec)  # the defender's Réaction: it cancels the Charge
    while s.pending and s.pending[-1].kind == "target":
        choose(s, s.pending[-1].options[0])
    pay(s)
    pass_reactions(s)
    assert not s.file and rules.force(s, bouftou) == s.cards[bouftou].force  # the Charge was cancelled
    assert s.combat.step == "actions" and s.combat.to_act == 1  # the defender acts next
    assert GAME.legal_actions(s, 1) and not GAME.legal_actions(s, 0)
    act(s, 1, "pass")
    assert s.combat.to_act == 0
    act(s, 0, "pass")
    assert s.combat is None  # two passes in a row end the phase (705.5)


def test_a_blocker_whose_attacker_left_may_be_reassigned_705_4() -> None:
    # 705.4: in the Phase d'Actions, a blocker whose attacker has left the combat may be assigned by its
    # controller to another attacker (which it must be able to block: Agilité, 704.5), or to none
    s = board(monde={0: ["Bouftou", "Bwork"], 1: ["Tofu"]}, hand={1: ["Exclusion"]})
    bouftou, bwork, tofu = one(s, "Bouftou"), one(s, "Bwork"), one(s, "Tofu")
    attack(s, s.players[1].sac, [bouftou, bwork], [(tofu, bouftou)])
    act(s, 0, "pass")
    play(s, 1, one(s, "Exclusion"), bouftou)  # the Bouftou leaves the combat (705.6)
    pass_reactions(s)
    assert bouftou not in s.combat.attackers
    pend = s.pending[-1]
    assert pend.kind == "reassign" and pend.seat == 1  # the blocker's controller decides
    assert set(pend.options) == {(tofu, bwork), "none"}
    choose(s, tofu, bwork)
    assert s.combat.blockers == {tofu: bwork} and not s.pending
    act(s, 0, "pass")
    act(s, 1, "pass")
    assert s.combat is None
    assert tofu in s.players[1].defausse and s.players[1].sac_pr == 15  # the Bwork fought the Tofu, no free hit


def test_a_blocker_left_without_attacker_may_stay_unassigned_705_4() -> None:
    s = board(monde={0: ["Bouftou", "Bwork"], 1: ["Tofu"]}, hand={1: ["Exclusion"]})
    bouftou, bwork, tofu = one(s, "Bouftou"), one(s, "Bwork"), one(s, "Tofu")
    attack(s, s.players[1].sac, [bouftou, bwork], [(tofu, bouftou)])
    act(s, 0, "pass")
    play(s, 1, one(s, "Exclusion"), bouftou)
    pass_reactions(s)
    choose(s, "none")
    assert not s.pending and s.combat.to_act == 0
    act(s, 0, "pass")
    act(s, 1, "pass")
    assert tofu in s.players[1].monde and s.players[1].sac_pr == 15 - rules.force(s, bwork)


def test_the_attack_declaration_goes_to_the_file_701_2() -> None:
    # 701.2: the declaration of an attack goes to the File d'Attente; each player may answer it with one
    # Réaction (809.6: the defender first); the combat begins once it has resolved.  With reaction_prompts
    # "always" both are asked at once (a round: flow.open_round), the defender first in priority
    s = board(monde={0: ["Bouftou"], 1: ["Tofu"]}, reaction_prompts="always")
    act(s, 0, "attack")
    assert [i.kind for i in s.file] == ["attack"] and s.file[0].seat == 0
    pend = s.pending[-1]
    assert pend.kind == "reaction" and pend.seat == 1 and "attack" in pend.prompt and "pass" in pend.options
    assert [q.seat for q in s.round()] == [1, 0] and GAME.active_seats(s) == (1, 0)
    assert GAME.legal_actions(s, 1) and GAME.legal_actions(s, 0)
    choose(s, "pass")
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 0  # the attacker has still to answer
    choose(s, "pass")
    assert not s.file and s.pending[-1].kind == "attack_target"  # resolved: the combat begins (702)
    choose(s, s.players[1].sac)
    choose(s, one(s, "Bouftou"))
    assert s.combat.attackers == [one(s, "Bouftou")]


def test_a_reaction_answers_the_inclining_at_the_end_of_combat_708_3() -> None:
    # 708.3: at the end of combat every card that was attacking or blocking is inclined; that inclining is
    # an event, so a Réaction to "an Allié or Héros that has just been inclined" answers it: Flèche
    # d'Immolation deals its 2 Feu damage to the attacker inclined at the end of the combat
    s = board(monde={0: ["Bouftou"]}, hand={1: ["Flèche d'Immolation"]})  # seat 1's Héros is a Crâ
    bouftou, fleche = one(s, "Bouftou"), one(s, "Flèche d'Immolation")
    attack(s, s.players[1].sac, [bouftou], [])
    act(s, 0, "pass")
    act(s, 1, "pass")
    assert s.combat is None and bouftou in s.tapped and s.players[1].sac_pr == 13  # 707, then 708.3
    pend = s.pending[-1]
    assert pend.kind == "reaction" and pend.seat == 1 and fleche in pend.options
    choose(s, fleche)
    while s.pending and s.pending[-1].kind == "target":
        assert set(s.pending[-1].options) == {bouftou, "cancel"}  # only what the end of combat inclined
        choose(s, bouftou)
    pay(s)
    pass_reactions(s)
    assert bouftou in s.players[0].defausse  # 2 Feu damage: lethal for the Bouftou (Force 2)
    assert fleche in s.players[1].defausse and s.phase == "main" and s.active == 0
