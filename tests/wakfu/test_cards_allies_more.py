"""The Incarnam Alliés beyond the starters (issue 23): each card's powers at work, one test or case each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from allegiance.games.wakfu import GAME, combat, events, flow, rules
from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.resources import artisans
from allegiance.games.wakfu.state import WakfuState
from tests.wakfu import builders
from tests.wakfu.builders import act, board, choose, one, pass_reactions, pay, play, use

PIOUS = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2


def rich(**kw):  # type: ignore[no-untyped-def]
    """Seat 0 has eight Pious (two of each element) to pay with."""
    monde = kw.pop("monde", {})
    monde = {**monde, 0: PIOUS + monde.get(0, [])}
    return board(monde=monde, **kw)


def attack(s: WakfuState, attackers: list[int], blocks: dict[int, int] | None = None, seat: int = 0) -> None:
    """``builders.attack``, then the combat is at its Phase d'Actions."""
    builders.attack(s, attackers, blocks, seat)
    assert s.combat is not None and s.combat.step == "actions", s.pending


def settle(s: WakfuState) -> None:
    flow.advance(s)
    pass_reactions(s)


# -- stats, keywords and continuous powers ---------------------------------------------------------------------
def test_l_homme_ours_is_a_plain_bandit() -> None:
    s = rich(hand={0: ["L'Homme Ours"]})
    c = one(s, "L'Homme Ours")
    play(s, 0, c, "monde")
    assert c in s.players[0].monde and rules.force(s, c) == 2


def test_guerya_wood_and_selk_ator_are_artisans() -> None:
    s = board(monde={0: ["Guerya Wood", "Selk Ator"]})
    assert one(s, "Guerya Wood") in artisans(s, 0, "Forgeron") and one(s, "Guerya Wood") in artisans(s, 0, "Bricoleur")
    assert one(s, "Selk Ator") in artisans(s, 0, "Bricoleur")


@pytest.mark.parametrize(("name", "zone"), [("Pissenlit Diabolique", "Mines d'Astrub"),
                                            ("Tournesol Sauvage", "Forêts d'Astrub")])
def test_fleurs_may_be_recycled_as_another_element(name: str, zone: str) -> None:
    # a Feu (Mines) / Terre (Forêts) Zone's upkeep takes the Air Fleur as a card of its element
    s = board(monde={0: [zone]}, defausse={0: [name]})
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert s.pending[-1].kind == "effect" and one(s, name) in s.pending[-1].options
    choose(s, one(s, name))
    assert one(s, zone) in s.players[0].monde and one(s, name) in s.players[0].pioche


def test_minotoror_cannot_be_blocked_by_force_4_or_less() -> None:
    s = board(monde={0: ["Minotoror"], 1: ["Bwork", "Bouftou Royal"]})
    mino = one(s, "Minotoror")
    assert not combat.can_block(s, one(s, "Bwork"), mino)  # Force 3
    s.cards[one(s, "Bouftou Royal")] = replace(CARDS["Bouftou Royal"], force=5)
    assert combat.can_block(s, one(s, "Bouftou Royal"), mino)


def test_milimulou_gets_2_while_blocked() -> None:
    s = board(monde={0: ["Milimulou"], 1: ["Bwork"]})
    m = one(s, "Milimulou")
    assert rules.force(s, m) == 3
    attack(s, [m], {one(s, "Bwork"): m})
    assert rules.force(s, m) == 5


def test_morora_with_a_dague() -> None:
    s = board(monde={0: ["Morora", "Coiffe du Bouftou"]})
    m, dague = one(s, "Morora"), one(s, "Coiffe du Bouftou")
    s.cards[dague] = replace(CARDS["Coiffe du Bouftou"], subtypes=("Arme", "Dague"), force=0)  # no Incarnam Dague
    assert rules.force(s, m) == 3
    s.attached[dague] = m
    assert rules.force(s, m) == 4


def test_pohn_beche_with_an_eau_zone() -> None:
    s = board(monde={0: ["Pohn Bèche"]})
    p = one(s, "Pohn Bèche")
    assert rules.force(s, p) == 2
    s2 = board(monde={0: ["Pohn Bèche", "Calanques d'Astrub"]})
    assert rules.force(s2, one(s2, "Pohn Bèche")) == 3


def test_chene_mou_pumps_your_other_terre_monstres() -> None:
    s = board(monde={0: ["Chêne Mou", "Bwork", "Tomla Klass", "Boufton Blanc"], 1: ["Bouftou"]}, havre={0: ["Bouftou"]})
    assert rules.force(s, one(s, "Boufton Blanc")) == 2 and rules.force(s, one(s, "Chêne Mou")) == 8
    assert rules.force(s, one(s, "Bouftou", 0)) == 3  # in the Havre Sac too (its note)
    assert rules.force(s, one(s, "Bwork")) == 3 and rules.force(s, one(s, "Tomla Klass")) == 1  # Feu; not a Monstre
    assert rules.force(s, one(s, "Bouftou", 1)) == 2  # not yours


def test_roi_gelax_force_counts_the_gelees() -> None:
    s = board(monde={0: ["Roi Gélax", "Gelée Menthe", "Gelée Citron"], 1: ["Gelée Fraise"]})
    assert rules.force(s, one(s, "Roi Gélax")) == 3


@pytest.mark.parametrize(("name", "drawer", "gain"), [("Gros Smare", 0, 1), ("Gros Smare", 1, 0),
                                                      ("Brelondass", 1, 1), ("Brelondass", 0, 0)])
def test_draw_watchers(name: str, drawer: int, gain: int) -> None:
    s = board(monde={0: [name]})
    c = one(s, name)
    before = rules.force(s, c)
    rules.draw(s, drawer)
    rules.draw(s, drawer)
    assert rules.force(s, c) == before + 2 * gain
    act(s, 0, "end_turn")
    assert rules.force(s, c) == before  # until end of turn


def test_le_bourreau_des_brumes_reduces_damage_while_untapped() -> None:
    s = board(monde={0: ["Le Bourreau des Brumes"]})
    b = one(s, "Le Bourreau des Brumes")
    events.deal_damage(s, 1, None, b, 2, "Feu")
    assert s.damage.get(b, 0) == 0
    s.tapped.add(b)
    events.deal_damage(s, 1, None, b, 1, "Feu")
    assert s.damage.get(b, 0) == 1


def test_arty_reduces_damage_and_strikes_with_its_last_force() -> None:
    s = rich(monde={0: ["Arty", "Bwork"], 1: ["Bouftou Royal"]})
    arty, bw, royal = one(s, "Arty"), one(s, "Bwork"), one(s, "Bouftou Royal")
    events.deal_damage(s, 1, None, arty, 1, "Feu")
    assert s.damage.get(arty, 0) == 0  # reduced by 1
    attack(s, [bw], {royal: bw})
    rules.add_mod(s, arty, "force", 2)
    use(s, 0, arty, royal)
    settle(s)
    assert arty in s.players[0].defausse and royal in s.players[1].defausse  # 4 Feu (its Force when destroyed)


# -- paid powers ---------------------------------------------------------------------------------------------
def test_moon_prespic_ventru_nomekop() -> None:
    s = rich(monde={0: ["Moon", "Prespic Ventru", "Nomekop le Crapoteur"], 1: ["Bwork", "Dragon Cochon", "Tofu"]})
    use(s, 0, one(s, "Moon"), one(s, "Bwork"))
    settle(s)
    assert one(s, "Bwork") in s.players[1].defausse  # 3 Air
    use(s, 0, one(s, "Prespic Ventru"), one(s, "Tofu"))
    settle(s)
    assert one(s, "Tofu") in s.players[1].defausse  # 1 Feu, paid with Feu
    use(s, 0, one(s, "Nomekop le Crapoteur"), one(s, "Dragon Cochon"))
    settle(s)
    assert s.damage[one(s, "Dragon Cochon")] == 3  # four packets, the Terre one stopped by Résistance Terre 1


def test_prespic_and_sylvine_folherbe() -> None:
    s = board(monde={0: ["Prespic", "Sylvine Folherbe"]})
    use(s, 0, one(s, "Prespic"), 1)
    settle(s)
    assert rules.pa(s, 1) == 5
    use(s, 0, one(s, "Sylvine Folherbe"), 0)
    settle(s)
    assert rules.pm(s, 0) == 4
    s.tapped.discard(one(s, "Sylvine Folherbe"))
    use(s, 0, one(s, "Sylvine Folherbe"), 1, power=1)
    settle(s)
    assert rules.pm(s, 1) == 2


def test_ouassingue_gains_geant() -> None:
    s = board(monde={0: ["Ouassingue"]})
    o = one(s, "Ouassingue")
    use(s, 0, o)
    settle(s)
    assert rules.has_keyword(s, o, "Géant")
    act(s, 0, "end_turn")
    assert not rules.has_keyword(s, o, "Géant")


def test_gelees_citron_and_menthe() -> None:
    s = board(monde={0: ["Gelée Citron", "Gelée Menthe", "Bwork"]})
    cit, men = one(s, "Gelée Citron"), one(s, "Gelée Menthe")
    act(s, 0, "use", card=cit, power=0)
    assert one(s, "Bwork") not in s.pending[-1].options  # only Gelées
    choose(s, men)
    settle(s)
    assert rules.has_keyword(s, men, "Agilité")
    use(s, 0, men, cit)
    settle(s)
    assert rules.force(s, cit) == 4


def test_eratz_pumps_a_bandit() -> None:
    s = board(monde={0: ["Eratz Le Revendicateur", "L'Homme Ours", "Bwork"]})
    act(s, 0, "use", card=one(s, "Eratz Le Revendicateur"), power=0)
    assert one(s, "Bwork") not in s.pending[-1].options
    choose(s, one(s, "L'Homme Ours"))
    settle(s)
    assert rules.force(s, one(s, "L'Homme Ours")) == 5


def test_l_homme_louf_inclines_a_small_allie() -> None:
    s = board(monde={0: ["L'Homme Louf"], 1: ["Bwork", "Moon"]})
    act(s, 0, "use", card=one(s, "L'Homme Louf"), power=0)
    assert one(s, "Moon") not in s.pending[-1].options  # Force 4
    choose(s, one(s, "Bwork"))
    settle(s)
    assert one(s, "Bwork") in s.tapped


def test_deyko_nexion_returns_an_allie_to_hand() -> None:
    s = board(monde={0: ["Deyko Nexion"], 1: ["Bwork"]})
    use(s, 0, one(s, "Deyko Nexion"), one(s, "Bwork"))
    settle(s)
    assert one(s, "Bwork") in s.players[1].main and one(s, "Deyko Nexion") in s.players[0].defausse


def test_baba_fatt_destroys_a_non_monstre_of_small_niveau() -> None:
    s = board(monde={0: ["Baba Fatt"], 1: ["Bwork", "Tomla Klass", "Moon"]})
    act(s, 0, "use", card=one(s, "Baba Fatt"), power=0)
    assert s.pending[-1].options == (one(s, "Tomla Klass"), "cancel")  # Bwork is a Monstre; Moon is not Niveau <= 2
    choose(s, one(s, "Tomla Klass"))
    settle(s)
    assert one(s, "Tomla Klass") in s.players[1].defausse and one(s, "Baba Fatt") in s.players[0].defausse


def test_comte_harebourg_discards_for_pa_and_damage() -> None:
    s = board(monde={0: ["Comte Harebourg"], 1: ["Bwork"]}, hand={0: ["Boo", "Boo", "Boo", "Boo"]})
    h = one(s, "Comte Harebourg")
    hand = list(s.players[0].main)
    act(s, 0, "use", card=h, power=0)
    choose(s, 1)
    choose(s, hand[0])
    choose(s, hand[1])
    choose(s, "done")
    settle(s)
    assert rules.pa(s, 1) == 4 and len(s.players[0].main) == 2
    s.tapped.discard(h)
    act(s, 0, "use", card=h, power=1)
    choose(s, one(s, "Bwork"))
    choose(s, hand[2])
    choose(s, hand[3])  # the hand is empty: the additional cost is complete
    settle(s)
    assert s.damage[one(s, "Bwork")] == 2


def test_anerice_destroys_vampyres_for_damage() -> None:
    s = board(monde={0: ["Anerice la Shushess", "Elisabetron", "Goule"], 1: ["Bwork"]})
    ane = one(s, "Anerice la Shushess")
    act(s, 0, "use", card=ane, power=0)
    choose(s, one(s, "Bwork"))
    choose(s, one(s, "Elisabetron"))
    choose(s, one(s, "Goule"))
    choose(s, ane)
    settle(s)
    assert one(s, "Bwork") in s.players[1].defausse  # 3 Air damage
    assert all(c in s.players[0].defausse for c in (ane, one(s, "Elisabetron"), one(s, "Goule")))


def test_elisabetron_destroys_an_allie_once_per_turn() -> None:
    s = board(monde={0: ["Elisabetron", "Tofu", "Tofu"]})
    e = one(s, "Elisabetron")
    use(s, 0, e, s.players[0].monde[-1])
    settle(s)
    assert rules.force(s, e) == 5 and len([c for c in s.players[0].defausse if s.name(c) == "Tofu"]) == 1
    assert not any(a.kind == "use" and a.get("card") == e for a in GAME.legal_actions(s, 0))


def test_tolot_draws_after_an_equipement() -> None:
    s = rich(hand={0: ["Coiffe du Bouftou"]}, monde={0: ["Tolot"]}, hero_in_monde=(0,))
    play(s, 0, one(s, "Coiffe du Bouftou"), s.players[0].hero)
    tolot = one(s, "Tolot")
    assert s.pending[-1].kind == "reaction" and f"use:{tolot}:0" in s.pending[-1].options
    choose(s, f"use:{tolot}:0")
    pay(s)
    pass_reactions(s)
    assert len(s.players[0].main) == 1 and one(s, "Coiffe du Bouftou") in s.players[0].monde


def test_selk_ator_returns_an_equipement_and_itself() -> None:
    s = board(monde={0: ["Selk Ator"], 1: ["Tomla Klass", "Coiffe du Bouftou"]})
    coiffe = one(s, "Coiffe du Bouftou")
    s.attached[coiffe] = one(s, "Tomla Klass")
    use(s, 0, one(s, "Selk Ator"), coiffe)
    settle(s)
    assert coiffe in s.players[1].main and one(s, "Selk Ator") in s.players[0].main


def test_roi_gelax_puts_a_gelee_into_play() -> None:
    s = board(monde={0: ["Roi Gélax"]}, defausse={0: ["Gelée Menthe"]}, pioche={0: ["Bwork", "Gelée Citron"]})
    use(s, 0, one(s, "Roi Gélax"))
    settle(s)
    assert set(s.pending[-1].options) >= {one(s, "Gelée Menthe"), one(s, "Gelée Citron")}
    choose(s, one(s, "Gelée Menthe"))
    settle(s)
    g = one(s, "Gelée Menthe")
    assert g in s.players[0].monde and g in s.tapped and rules.force(s, one(s, "Roi Gélax")) == 2


# -- damage "about to be dealt" (Réactions) ----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Mob l'Éponge", "Gelée Fraise", "Ayron Fan"])
def test_reactions_reduce_the_damage_about_to_be_dealt(name: str) -> None:
    s = board(monde={0: [name, "Gelée Menthe"], 1: ["Wa Wabbit"]}, hand={0: ["Boo", "Boo"]}, active=1, turn=4)
    target = one(s, "Gelée Menthe") if name == "Gelée Fraise" else one(s, name)
    act(s, 1, "use", card=one(s, "Wa Wabbit"), power=0)
    choose(s, target)
    pay(s)
    card = one(s, name)
    assert s.pending[-1].kind == "reaction" and f"use:{card}:0" in s.pending[-1].options
    choose(s, f"use:{card}:0")
    if name == "Gelée Fraise":
        choose(s, target)
    elif name == "Ayron Fan":
        choose(s, s.players[0].main[0])
        choose(s, s.players[0].main[1])  # the hand is empty: the additional cost is complete
    pay(s)
    pass_reactions(s)
    while s.pending and s.pending[-1].kind == "effect":
        choose(s, "no")  # Wa Wabbit's own draw: not here
    expected = {"Mob l'Éponge": 0, "Gelée Fraise": 1, "Ayron Fan": 0}[name]
    assert s.damage.get(target, 0) == expected


# -- combat powers -------------------------------------------------------------------------------------------
def test_dwanlaposh_hits_a_combatant() -> None:
    s = rich(monde={0: ["Dwanlaposh", "Bwork"], 1: ["Tofu"]})
    bw = one(s, "Bwork")
    attack(s, [bw], {one(s, "Tofu"): bw})
    act(s, 0, "use", card=one(s, "Dwanlaposh"), power=0)
    assert set(s.pending[-1].options) == {bw, one(s, "Tofu"), "cancel"}  # attackers and blockers only
    choose(s, one(s, "Tofu"))
    pay(s)
    settle(s)
    assert one(s, "Tofu") in s.players[1].defausse


@pytest.mark.parametrize("name", ["Zatoïshwan", "Chêne Mou"])
def test_up_to_two_combatants(name: str) -> None:
    s = board(monde={0: [name, "Bwork", "Tomla Klass"], 1: ["Bouftou", "Boo"]})
    bw, tomla = one(s, "Bwork"), one(s, "Tomla Klass")
    attack(s, [bw, tomla], {one(s, "Bouftou"): bw, one(s, "Boo"): tomla})
    act(s, 0, "use", card=one(s, name), power=0)
    choose(s, one(s, "Bouftou"))
    assert "none" in s.pending[-1].options and one(s, "Bouftou") not in s.pending[-1].options  # different
    choose(s, one(s, "Boo"))
    settle(s)
    assert one(s, "Bouftou") in s.players[1].defausse and one(s, "Boo") in s.players[1].defausse
    s2 = board(monde={0: [name, "Bwork"], 1: ["Bouftou"]})
    attack(s2, [one(s2, "Bwork")], {one(s2, "Bouftou"): one(s2, "Bwork")})
    use(s2, 0, one(s2, name), one(s2, "Bouftou"), "none")  # up to two: one is enough
    settle(s2)
    assert one(s2, "Bouftou") in s2.players[1].defausse


def test_dark_vlad_burns_every_combatant() -> None:
    s = board(monde={0: ["Dark Vlad", "Bwork"], 1: ["Bouftou"]})
    attack(s, [one(s, "Bwork")], {one(s, "Bouftou"): one(s, "Bwork")})
    use(s, 0, one(s, "Dark Vlad"))
    settle(s)
    assert one(s, "Bouftou") in s.players[1].defausse and s.damage[one(s, "Bwork")] == 2


def test_tiwabbit_kiafin_burns_combatants_that_incline() -> None:
    s = board(monde={0: ["Tiwabbit Kiafin", "Bwork"], 1: ["Guy Yomtella", "Tofu"]})
    bw = one(s, "Bwork")
    attack(s, [bw], {one(s, "Guy Yomtella"): bw})
    use(s, 0, one(s, "Tiwabbit Kiafin"))
    settle(s)
    use(s, 1, one(s, "Guy Yomtella"), bw)  # Guy inclines for its power while blocking: 1 Eau damage
    assert one(s, "Guy Yomtella") in s.players[1].defausse and not s.damage.get(one(s, "Tofu"))


def test_dragon_cochon_hits_the_next_to_incline() -> None:
    s = board(monde={0: ["Dragon Cochon", "Bwork"], 1: ["Guy Yomtella", "Tofu"]})
    use(s, 0, one(s, "Dragon Cochon"))
    settle(s)
    act(s, 0, "end_turn")
    while s.pending:
        choose(s, s.pending[-1].options[-1])
    use(s, 1, one(s, "Guy Yomtella"), one(s, "Bwork"))  # Guy inclines first: 4 Eau damage; then the Tofu
    assert one(s, "Guy Yomtella") in s.players[1].defausse and not s.damage.get(one(s, "Tofu"))
    assert not any(m[1] == "dragon_cochon" for m in s.pmods)


def test_milimulou_and_minotoror_in_a_real_combat() -> None:
    s = board(monde={0: ["Minotoror"], 1: ["Bwork"]})
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, one(s, "Minotoror"))
    assert s.combat.step == "actions" or all(o == "done" for o in s.pending[-1].options)  # Bwork cannot block


# -- triggered powers ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "loss"), [("Corbac", 2), ("Maître Corbac", 4)])
def test_corbacs_take_pa_when_they_appear(name: str, loss: int) -> None:
    s = rich(hand={0: [name]})
    play(s, 0, one(s, name), "monde")
    settle(s)
    assert s.pending[-1].kind == "trigger_target"
    choose(s, 1)
    settle(s)
    assert rules.pa(s, 1) == 6 - loss


def test_demone_xxiv_may_destroy_an_allie_of_force_5_or_less() -> None:
    s = rich(hand={0: ["Démone XXIV"]}, monde={1: ["Bwork", "Chêne Mou"]})
    play(s, 0, one(s, "Démone XXIV"), "monde")
    settle(s)
    assert one(s, "Chêne Mou") not in s.pending[-1].options
    choose(s, one(s, "Bwork"))
    settle(s)
    choose(s, "destroy")
    assert one(s, "Bwork") in s.players[1].defausse


def test_otomai_destroys_on_appearing_and_recycles_a_defausse_when_destroyed() -> None:
    s = rich(hand={0: ["Otomaï"]}, monde={1: ["Mines d'Astrub"]}, defausse={1: ["Bwork", "Tofu"]})
    play(s, 0, one(s, "Otomaï"), "monde")
    settle(s)
    choose(s, one(s, "Mines d'Astrub"))
    settle(s)
    assert one(s, "Mines d'Astrub") in s.players[1].defausse
    events.destroy(s, one(s, "Otomaï"))
    settle(s)
    choose(s, 1)
    settle(s)
    assert s.players[1].defausse == [] and one(s, "Bwork") in s.players[1].pioche[:3]


def test_vener_returns_an_equipement() -> None:
    s = rich(hand={0: ["Vener"]}, defausse={0: ["Coiffe du Bouftou", "Bwork"]})
    play(s, 0, one(s, "Vener"), "monde")
    settle(s)
    assert one(s, "Bwork") not in s.pending[-1].options
    choose(s, one(s, "Coiffe du Bouftou"))
    assert one(s, "Coiffe du Bouftou") in s.players[0].main


def test_demon_vi_reveals_and_discards_two() -> None:
    s = rich(hand={0: ["Démon VI"], 1: ["Bwork", "Tofu", "Boo"]})
    play(s, 0, one(s, "Démon VI"), "monde")
    settle(s)
    choose(s, 1)
    settle(s)
    reveal = [e for e in s.log if e.kind == "reveal"]
    assert [e.visible_to for e in reveal] == [(0, 1)]  # to the Démon's controller only (and the hand's owner)
    assert s.pending[-1].seat == 0 and set(s.pending[-1].options) == set(s.players[1].main)
    choose(s, one(s, "Bwork"))
    choose(s, one(s, "Boo"))
    assert s.players[1].main == [one(s, "Tofu")] and one(s, "Boo") in s.players[1].defausse



@pytest.mark.parametrize(("name", "loss"), [("Chafer", 1), ("Dark Vlad", 3)])
def test_upkeep_in_pv(name: str, loss: int) -> None:
    s = board(monde={0: [name]}, active=1, turn=4)
    act(s, 1, "end_turn")
    assert s.pending[-1].kind == "effect" and s.pending[-1].card == one(s, name)
    choose(s, "lose_pv")
    assert s.players[0].pv == 18 - loss and one(s, name) in s.players[0].monde
    s2 = board(monde={0: [name]}, active=1, turn=4)
    act(s2, 1, "end_turn")
    choose(s2, "destroy")
    assert one(s2, name) in s2.players[0].defausse and s2.players[0].pv == 18


def test_goule_comes_back_from_the_defausse() -> None:
    s = board(defausse={0: ["Goule"]}, active=1, turn=4)
    act(s, 1, "end_turn")
    choose(s, "monde")
    g = one(s, "Goule")
    assert g in s.players[0].monde and g in s.tapped and s.players[0].pv == 17


def test_bowissette_untaps_at_each_turn() -> None:
    s = board(monde={0: ["Bowissette"]})
    b = one(s, "Bowissette")
    s.tapped.add(b)
    act(s, 0, "end_turn")
    assert s.pending[-1].seat == 0 and s.pending[-1].card == b  # at the opponent's turn start
    choose(s, b)
    assert b not in s.tapped


def test_prespic_royal_returns_the_damage() -> None:
    s = board(monde={0: ["Prespic Royal"], 1: ["Bwork"]})
    events.deal_damage(s, 1, None, one(s, "Prespic Royal"), 3, "Eau")
    flow.advance(s)
    assert s.pending[-1].kind == "trigger_target"
    choose(s, one(s, "Bwork"))
    settle(s)
    assert one(s, "Bwork") in s.players[1].defausse  # 3 Feu


def test_crocabulia_strikes_back_at_a_character() -> None:
    s = board(monde={0: ["Crocabulia"], 1: ["Bwork"]})
    events.deal_damage(s, 1, one(s, "Bwork"), one(s, "Crocabulia"), 2, "Eau")
    settle(s)
    assert one(s, "Bwork") in s.players[1].defausse
    events.deal_damage(s, 1, None, one(s, "Crocabulia"), 1, "Eau")  # not from a character: nothing
    settle(s)
    assert not s.file


def test_rolac_strikes_when_destroyed_in_combat() -> None:
    s = board(monde={0: ["Rolac le Bandit", "Bwork"], 1: ["Bouftou", "Tofu"]})
    rolac, bw = one(s, "Rolac le Bandit"), one(s, "Bwork")
    attack(s, [rolac, bw], {one(s, "Tofu"): bw})
    rules.add_mod(s, rolac, "force", 1)
    events.destroy(s, rolac, 1)
    assert s.pending[-1].kind == "trigger_target" and set(s.pending[-1].options) == {bw, one(s, "Tofu")}
    choose(s, one(s, "Tofu"))
    settle(s)
    assert one(s, "Tofu") in s.players[1].defausse
    s2 = board(monde={0: ["Rolac le Bandit"]})
    events.destroy(s2, one(s2, "Rolac le Bandit"))
    assert not s2.file and not s2.pending  # not in combat: nothing


def test_goultard_razes_the_monde_and_costs_pv_when_it_untaps() -> None:
    s = rich(hand={0: ["Goultard le Barbare"]}, monde={1: ["Bwork", "Mines d'Astrub"]}, havre={1: ["Tofu"]})
    g = one(s, "Goultard le Barbare")
    play(s, 0, g, "monde")
    settle(s)
    assert g in s.tapped and g in s.players[0].monde
    assert one(s, "Bwork") in s.players[1].defausse and one(s, "Mines d'Astrub") in s.players[1].defausse
    assert one(s, "Tofu") in s.players[1].havre and all(c not in s.players[0].monde for c in ids_named(s, "Piou"))
    assert s.players[0].xp == 0
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    settle(s)
    assert s.players[0].pv == 15 and g not in s.tapped


def ids_named(s: WakfuState, part: str) -> list[int]:
    return [c for c, d in s.cards.items() if part in d.name]


# -- from the hand -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "victim"), [("Polter Bouftou", "Bouftou"), ("Polter Piou", "Piou Vert")])
def test_polters_from_hand(name: str, victim: str) -> None:
    s = board(hand={0: [name]}, monde={0: [victim, "Tofu"]})
    polter = one(s, name)
    act(s, 0, "use", card=polter, power=0)
    assert s.pending[-1].options == (one(s, victim), "cancel")
    choose(s, one(s, victim))
    assert one(s, victim) in s.players[0].defausse and polter in s.players[0].monde and polter in s.tapped


# -- random games with these Alliés -------------------------------------------------------------------------------
NEW_ALLIES = sorted(n for n in (
    "L'Homme Ours", "Guerya Wood", "Selk Ator", "Pissenlit Diabolique", "Tournesol Sauvage", "Minotoror", "Milimulou",
    "Morora", "Pohn Bèche", "Chêne Mou", "Roi Gélax", "Gros Smare", "Brelondass", "Le Bourreau des Brumes", "Arty",
    "Moon", "Prespic Ventru", "Nomekop le Crapoteur", "Prespic", "Sylvine Folherbe", "Ouassingue", "Gelée Citron",
    "Gelée Menthe", "Gelée Fraise", "Eratz Le Revendicateur", "L'Homme Louf", "Deyko Nexion", "Baba Fatt",
    "Comte Harebourg", "Anerice la Shushess", "Elisabetron", "Tolot", "Mob l'Éponge", "Ayron Fan", "Dwanlaposh",
    "Zatoïshwan", "Dark Vlad", "Tiwabbit Kiafin", "Dragon Cochon", "Corbac", "Maître Corbac", "Démone XXIV", "Otomaï",
    "Vener", "Démon VI", "Chafer", "Goule", "Bowissette", "Prespic Royal", "Crocabulia", "Rolac le Bandit",
    "Goultard le Barbare", "Polter Bouftou", "Polter Piou", "Dodge", "Edasse le Trouble Fête", "Erbus Erport",
    "Le Collectionneur", "Gonard", "Kriss la Krass", "Calt Aclysme", "Lâme Ourduvis", "Shika Ingalsse", "Flaqueux",
    "Lisa Modas"))


def test_every_new_allie_is_implemented() -> None:
    from allegiance.games.wakfu.effects import implemented
    assert all(implemented(n) for n in NEW_ALLIES)


def _deck(hero: str, sac: str, names: list[str]) -> str:
    lines = [f"Héros: {hero}", f"Havre Sac: {sac}"]
    counts = {n: (1 if CARDS[n].unique else 2) for n in names}
    filler = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu", "Bouftou", "Coiffe du Bouftou", "Mines d'Astrub",
              "Calanques d'Astrub"]
    i = 0
    while sum(counts.values()) < 48:
        counts[filler[i % len(filler)]] = counts.get(filler[i % len(filler)], 0) + 1
        i += 1
    while sum(counts.values()) > 48:
        n = next(k for k, v in counts.items() if v > 1)
        counts[n] -= 1
    return "\n".join(lines + [f"{v} {k}" for k, v in counts.items()])


DECK_A = _deck("Bruss Ouilis", "Havre Sac du Bouftou", NEW_ALLIES[: len(NEW_ALLIES) // 2])
DECK_B = _deck("Tirlangue Portey", "Havre Sac du Tofu", NEW_ALLIES[len(NEW_ALLIES) // 2:])


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_the_new_allies(seed: int) -> None:
    """Whole random games with these cards end with every card in one zone, no stuck seat, no leak."""
    from tests.wakfu.test_properties import conserved, no_leak, play_random
    s, _ = play_random(seed, (DECK_A, DECK_B), steps=4000, check_every=13)
    conserved(s)
    no_leak(s)
    s, _ = play_random(seed + 100, (DECK_B, DECK_A), steps=4000, check_every=13)
    conserved(s)
    no_leak(s)


# -- redirections, a tax, shared and reactive powers ----------------------------------------------------------------
def _wa_wabbit_shoots(s: WakfuState, target: int) -> None:
    """Seat 1 (active) uses Wa Wabbit's power on ``target``: a Réaction window opens for seat 0."""
    act(s, 1, "use", card=one(s, "Wa Wabbit"), power=0)
    choose(s, target)
    pay(s)


def _finish(s: WakfuState) -> None:
    pass_reactions(s)
    while s.pending and s.pending[-1].kind == "effect":
        choose(s, "no")


def test_dodge_takes_the_damage_for_arty_and_carries_two_armes() -> None:
    s = board(monde={0: ["Dodge", "Arty"], 1: ["Wa Wabbit"]}, active=1, turn=4)
    dodge, arty = one(s, "Dodge"), one(s, "Arty")
    _wa_wabbit_shoots(s, arty)
    choose(s, f"use:{dodge}:0")
    choose(s, arty)
    pay(s)
    _finish(s)
    assert s.damage.get(arty, 0) == 0 and s.damage.get(dodge) == 2
    arme = replace(CARDS["Coiffe du Bouftou"], subtypes=("Arme",))
    s.cards[len(s.cards)] = arme
    s.cards[len(s.cards)] = arme
    s.owners += [0, 0]
    a1, a2 = len(s.cards) - 2, len(s.cards) - 1
    s.attached[a1] = dodge
    assert rules.slot_free(s, dodge, a2)  # a second Arme fits on Dodge
    s.attached[a1] = arty
    assert not rules.slot_free(s, arty, a2)


def test_edasse_takes_the_damage_for_another_bandit() -> None:
    s = board(monde={0: ["Edasse le Trouble Fête", "L'Homme Ours", "Piou Jaune", "Piou Jaune"], 1: ["Wa Wabbit"]},
              active=1, turn=4)
    ed, ours = one(s, "Edasse le Trouble Fête"), one(s, "L'Homme Ours")
    _wa_wabbit_shoots(s, ours)
    choose(s, f"use:{ed}:0")
    assert ed not in s.pending[-1].options  # another Bandit
    choose(s, ours)
    pay(s)
    _finish(s)
    assert ours in s.players[0].monde and s.damage.get(ed) == 2


def test_erbus_erport_taxes_equipements_while_untapped() -> None:
    from allegiance.games.wakfu.resources import cost_symbols
    s = board(monde={0: ["Erbus Erport"]}, hand={1: ["Coiffe du Bouftou"]})
    coiffe = one(s, "Coiffe du Bouftou")
    assert len(cost_symbols(s, coiffe, 0)) == 3
    s.tapped.add(one(s, "Erbus Erport"))
    assert len(cost_symbols(s, coiffe, 0)) == 2


def test_le_collectionneur_draws_when_another_player_plays_an_equipement() -> None:
    s = rich(hand={0: ["Coiffe du Bouftou"]}, monde={1: ["Le Collectionneur"]}, hero_in_monde=(0,))
    play(s, 0, one(s, "Coiffe du Bouftou"), s.players[0].hero)
    pass_reactions(s)
    assert s.pending[-1].seat == 1
    choose(s, "draw")
    assert len(s.players[1].main) == 1


def test_gonard_copies_a_printed_force_for_any_player() -> None:
    s = rich(monde={0: ["Bwork"], 1: ["Gonard", "Chêne Mou"]})
    gonard = one(s, "Gonard")
    rules.add_mod(s, one(s, "Bwork"), "force", 5)
    assert any(a.kind == "use" and a.get("card") == gonard for a in GAME.legal_actions(s, 0))  # seat 0 too
    use(s, 0, gonard, one(s, "Bwork"))
    settle(s)
    assert rules.force(s, gonard) == 3  # Bwork's printed Force, not its modifier
    use(s, 0, gonard, one(s, "Chêne Mou"))
    settle(s)
    assert rules.force(s, gonard) == 8  # the last copy


def test_kriss_la_krass_swaps_places_and_combat_roles() -> None:
    s = board(monde={0: ["Kriss la Krass", "Bwork"], 1: ["Bouftou"]}, havre={0: ["Tomla Klass"]})
    kriss, bw, tomla = one(s, "Kriss la Krass"), one(s, "Bwork"), one(s, "Tomla Klass")
    attack(s, [bw], {one(s, "Bouftou"): bw})
    act(s, 0, "use", card=kriss, power=0)
    assert kriss not in s.pending[-1].options and one(s, "Bouftou") not in s.pending[-1].options
    choose(s, bw)
    settle(s)
    assert s.combat.attackers == [kriss] and s.combat.blockers == {one(s, "Bouftou"): kriss}
    assert tomla not in s.pending[-1].options if s.pending else True
    # a blocker swapped must be able to block the attacker (its note): Jicé Aouaire cannot block
    s3 = board(monde={0: ["Bwork"], 1: ["Kriss la Krass", "Jicé Aouaire"]}, active=0)
    attack(s3, [one(s3, "Bwork")], {one(s3, "Kriss la Krass"): one(s3, "Bwork")})
    act(s3, 0, "pass")
    use(s3, 1, one(s3, "Kriss la Krass"), one(s3, "Jicé Aouaire"))
    settle(s3)
    assert s3.combat.blockers == {one(s3, "Kriss la Krass"): one(s3, "Bwork")}
    # from its Havre Sac it reaches your cards in the Monde (508.1b): it swaps places with one of them
    s2 = board(monde={0: ["Tomla Klass"]}, havre={0: ["Kriss la Krass"]})
    use(s2, 0, one(s2, "Kriss la Krass"), one(s2, "Tomla Klass"))
    settle(s2)
    assert one(s2, "Kriss la Krass") in s2.players[0].monde and one(s2, "Tomla Klass") in s2.players[0].havre


def test_calt_aclysme_answers_an_opposing_action_in_combat() -> None:
    s = board(monde={0: ["Bwork", "Guy Yomtella", "Tofu"], 1: ["Calt Aclysme", "Bouftou"]})
    calt, bw = one(s, "Calt Aclysme"), one(s, "Bwork")
    s.tapped.add(calt)
    attack(s, [bw], {one(s, "Bouftou"): bw})
    act(s, 0, "use", card=one(s, "Guy Yomtella"), power=0)
    choose(s, one(s, "Bouftou"))
    pay(s)
    assert s.pending[-1].kind == "reaction" and f"use:{calt}:0" in s.pending[-1].options
    choose(s, f"use:{calt}:0")
    choose(s, bw)
    pay(s)
    pass_reactions(s)
    assert calt not in s.tapped and s.damage.get(bw) == 1


def test_lame_ourduvis_hits_a_card_that_moves() -> None:
    s = board(monde={0: ["Tomla Klass"], 1: ["Lâme Ourduvis"]})
    lame, tomla = one(s, "Lâme Ourduvis"), one(s, "Tomla Klass")
    act(s, 0, "move", card=tomla)
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 1
    choose(s, f"use:{lame}:0")
    pay(s)
    pass_reactions(s)
    assert tomla in s.players[0].defausse  # 1 Terre damage in its Havre Sac (no choice: its ruling)
    s2 = board(monde={0: ["Tomla Klass"]})
    act(s2, 0, "move", card=one(s2, "Tomla Klass"))
    assert not s2.file and not s2.pending  # nobody watches: no event


def test_shika_ingalsse_cancels_a_force_bonus() -> None:
    s = board(monde={0: ["Gelée Menthe", "Gelée Citron"], 1: ["Shika Ingalsse"]})
    shika, cit = one(s, "Shika Ingalsse"), one(s, "Gelée Citron")
    act(s, 0, "use", card=one(s, "Gelée Menthe"), power=0)
    choose(s, cit)
    pay(s)
    assert s.pending[-1].kind == "reaction" and f"use:{shika}:0" in s.pending[-1].options
    choose(s, f"use:{shika}:0")
    pay(s)
    pass_reactions(s)
    assert rules.force(s, cit) == 2 and shika in s.tapped


def test_flaqueux_from_the_defausse() -> None:
    s = board(monde={0: ["Piou Bleu", "Flaqueux"]}, defausse={0: ["Flaqueux"]})
    in_play, gone = ids_of(s, "Flaqueux")
    s.players[0].pv = 10
    offered = [a.get("card") for a in GAME.legal_actions(s, 0) if a.kind == "use"]
    assert gone in offered and in_play not in offered  # only from the Défausse
    use(s, 0, gone)
    settle(s)
    assert gone in s.players[0].pioche and s.players[0].pv == 12


def ids_of(s: WakfuState, name: str) -> tuple[int, int]:
    found = sorted(c for c, d in s.cards.items() if d.name == name)
    in_play = next(c for c in found if rules.in_play(s, c))
    return in_play, next(c for c in found if c != in_play)


@pytest.mark.parametrize("side", ["attack", "defend"])
def test_lisa_modas_puts_a_monstre_into_the_combat(side: str) -> None:
    if side == "attack":
        s = board(monde={0: ["Lisa Modas", "Bwork"], 1: ["Bouftou"]}, hand={0: ["Boo", "Moon"]})
        attack(s, [one(s, "Bwork")])
        seat = 0
    else:
        s = board(monde={0: ["Bwork"], 1: ["Lisa Modas"]}, hand={1: ["Boo"]})
        attack(s, [one(s, "Bwork")])
        act(s, 0, "pass")
        seat = 1
    act(s, seat, "use", card=one(s, "Lisa Modas"), power=0)
    pay(s)
    settle(s)
    assert one(s, "Boo") in s.pending[-1].options and (side == "defend" or one(s, "Moon") not in s.pending[-1].options)
    choose(s, one(s, "Boo"))
    boo = one(s, "Boo")
    if side == "attack":
        assert boo in s.combat.attackers
    else:
        # the only attacker it can block: the table plays it at once (nothing hidden decides it)
        assert s.pending[-1].get("fx") == "lisa_block" and list(s.pending[-1].options) == [one(s, "Bwork")]
        assert GAME.forced_action(s, 1) == GAME.legal_actions(s, 1)[0]
        choose(s, one(s, "Bwork"))
        assert s.combat.blockers[boo] == one(s, "Bwork")
    while s.combat is not None:
        act(s, s.pending[-1].seat if s.pending else GAME.active_seats(s)[0], "pass") if not s.pending else choose(
            s, "pass" if "pass" in s.pending[-1].options else s.pending[-1].options[0])
    assert boo not in s.players[seat].monde  # destroyed at the end of combat (or in it)


def test_why_names_the_shared_and_defausse_powers() -> None:
    from allegiance.core.actions import Action
    from allegiance.games.wakfu import why
    s = board(monde={1: ["Gonard"]}, defausse={0: ["Flaqueux"]})  # nothing to pay with
    for card in (one(s, "Gonard"), one(s, "Flaqueux")):
        reason = why.explain(s, 0, Action.of("use", card=card, power=0))
        assert "cannot be used now" in reason, reason


def test_shika_ingalsse_is_not_offered_against_other_effects() -> None:
    s = board(monde={0: ["Moon", "Bwork"], 1: ["Shika Ingalsse", "Tofu"]})
    act(s, 0, "use", card=one(s, "Moon"), power=0)
    choose(s, one(s, "Tofu"))
    pay(s)
    shika = one(s, "Shika Ingalsse")
    assert not (s.pending and s.pending[-1].kind == "reaction" and f"use:{shika}:0" in s.pending[-1].options)
    s2 = rich(hand={0: ["Charge"]}, monde={0: ["Tomla Klass"], 1: ["Shika Ingalsse"]})
    tomla = one(s2, "Tomla Klass")
    play(s2, 0, one(s2, "Charge"), tomla)
    shika = one(s2, "Shika Ingalsse")
    assert s2.pending[-1].kind == "reaction" and f"use:{shika}:0" in s2.pending[-1].options  # an Action's bonus
    choose(s2, f"use:{shika}:0")
    pay(s2)
    pass_reactions(s2)
    assert rules.force(s2, tomla) == 1 and rules.has_keyword(s2, tomla, "Géant")  # Géant stays (RULES.md)


def test_only_prespic_royal_carries_the_damage_in_its_trigger() -> None:
    s = board(monde={0: ["Prespic Royal", "Wa Wabbit"], 1: ["Bwork"]})
    events.deal_damage(s, 1, None, one(s, "Wa Wabbit"), 2, "Feu")
    events.deal_damage(s, 1, None, one(s, "Prespic Royal"), 2, "Eau")
    xs = {s.name(i.card): i.x for i in s.file if i.kind == "trigger"}
    assert xs == {"Wa Wabbit": 0, "Prespic Royal": 2}  # the trace digests keep Wa Wabbit's item unchanged


def test_ayron_fan_discards_at_least_one_card() -> None:
    """Found by random decks (game 1691 of ``wakfu_pairings.py --random-decks --games 10000``, stuck): Ayron
    Fan's "discard X: the next damage to it is reduced by X" at X = 0 was a free Réaction usable any number of
    times, so two Ayron Fans answered each other for ever (809: each Réaction may be answered).  X is at least
    1 (RULES.md): with an empty hand the power is not offered, and "done" comes only after a discard."""
    s = board(monde={0: ["Ayron Fan"], 1: ["Wa Wabbit"]}, hand={0: ["Boo"]}, active=1, turn=4)
    ayron = one(s, "Ayron Fan")
    act(s, 1, "use", card=one(s, "Wa Wabbit"), power=0)
    choose(s, ayron)
    pay(s)
    assert f"use:{ayron}:0" in s.pending[-1].options
    choose(s, f"use:{ayron}:0")
    assert s.pending[-1].kind == "extra" and "done" not in s.pending[-1].options
    empty = board(monde={0: ["Ayron Fan"], 1: ["Wa Wabbit"]}, active=1, turn=4)
    act(empty, 1, "use", card=one(empty, "Wa Wabbit"), power=0)
    choose(empty, one(empty, "Ayron Fan"))
    pay(empty)
    assert not any(str(o).startswith(f"use:{one(empty, 'Ayron Fan')}:") for p in empty.pending for o in p.options)
