"""Every implemented starter card at work (one test or parametrized case each)."""

from __future__ import annotations

import pytest

from allegiance.games.wakfu import GAME, events, rules
from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.choices import candidates
from allegiance.games.wakfu.decks import STARTERS, starter
from allegiance.games.wakfu.effects import (
    ACTIONS,
    APPEAR,
    HAND_POWERS,
    PLAIN,
    POWERS,
    implemented,
)
from allegiance.games.wakfu.resources import producers
from allegiance.games.wakfu.state import Item, WakfuState
from tests.wakfu.builders import act, board, choose, ids, kinds, one, pass_reactions, pay, play, use

PIOUS = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2
XELOR = dict(heroes=("Aeron Zeklox", "Tirlangue Portey"), sacs=("Havre Sac du Wabbit", "Havre Sac du Tofu"))
CRA = dict(heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
FECA = dict(heroes=("Poum Ondacié", "Bruss Ouilis"), sacs=("Havre Sac du Prespic", "Havre Sac du Bouftou"))
STARTER_CARDS = sorted({n for s in STARTERS for n in dict(starter(s).cards)})
VANILLA_ALLIES = sorted(n for n in STARTER_CARDS if n in PLAIN and CARDS[n].type == "Allié" and n != "Vrombyx")


def rich(**kw):  # type: ignore[no-untyped-def]
    """A board where seat 0 has eight Pious (two of each element) to pay with."""
    monde = kw.pop("monde", {})
    monde = {**monde, 0: PIOUS + monde.get(0, [])}
    return board(monde=monde, **kw)


@pytest.mark.parametrize("name", VANILLA_ALLIES)
def test_plain_ally_appears_with_its_force(name: str) -> None:
    # 303.1: an Allié appears dressé in the Monde or the Havre Sac; 204.3: its Force
    s = rich(hand={0: [name]})
    c = one(s, name)
    play(s, 0, c, "monde")
    assert c in s.players[0].monde and c not in s.tapped
    assert rules.force(s, c) == CARDS[name].force + (0 if "Bouftou" not in CARDS[name].subtypes else 0)


def test_starter_implementation_status() -> None:
    missing = {s: [n for n in dict(starter(s).cards) if not implemented(n)] for s in STARTERS}
    assert missing == {"iop": [], "feca": [], "cra": [], "xelor": []}


# -- Actions --------------------------------------------------------------------------------------------
def test_pain_au_ble_complet_heals_to_max() -> None:
    s = rich(hand={0: ["Pain au Blé Complet"]})
    s.players[0].pv = 16
    play(s, 0, one(s, "Pain au Blé Complet"), s.players[0].hero)
    assert s.players[0].pv == 18  # 410.2: never above the maximum


def test_jeunesse_d_ogrest() -> None:
    s = rich(hand={0: ["Jeunesse d'Ogrest"]}, monde={1: ["Bouftou", "Tofu"]})
    b = one(s, "Bouftou")
    s.tapped.add(b)
    probe = Item("card", 0, one(s, "Jeunesse d'Ogrest"), "")
    assert one(s, "Tofu") not in candidates(s, probe, "tapped_character")  # its ruling: an inclined card
    play(s, 0, one(s, "Jeunesse d'Ogrest"), b)
    assert b not in s.tapped and rules.force(s, b) == 4


def test_pandrista_keeps_the_card_inclined_until_my_next_turn() -> None:
    s = rich(hand={0: ["Pandrista"]}, monde={1: ["Bouftou"]})
    b = one(s, "Bouftou")
    play(s, 0, one(s, "Pandrista"), b)
    act(s, 0, "end_turn")
    assert s.active == 1 and b in s.tapped  # 104.2: it cannot untap
    act(s, 1, "end_turn")
    if s.pending:
        choose(s, "keep")  # the once-per-game hand recycle offer
    assert b in s.tapped  # my next turn: the effect ends (602.1) but the card is not mine to untap
    act(s, 0, "end_turn")
    if s.pending:
        choose(s, "keep")
    assert b not in s.tapped  # its controller's untap


def test_boon_attitude_only_unequipped() -> None:
    s = rich(hand={0: ["Boon Attitude"]}, monde={1: ["Tomla Klass", "Demi Moon", "Coiffe du Bouftou"]})
    t, d, coiffe = one(s, "Tomla Klass"), one(s, "Demi Moon"), one(s, "Coiffe du Bouftou")
    s.attached[coiffe] = d
    act(s, 0, "play", card=one(s, "Boon Attitude"))
    assert t in s.pending[-1].options and d not in s.pending[-1].options
    choose(s, t)
    pay(s)
    assert t in s.tapped


def test_repulsion_returns_to_owner_hand() -> None:
    s = rich(hand={0: ["Répulsion"]}, monde={1: ["Bouftou"]})
    b = one(s, "Bouftou")
    play(s, 0, one(s, "Répulsion"), b)
    assert b in s.players[1].main  # 416.1: the owner's hand, not the player's who played Répulsion


def test_brise_destroys_equipment_and_lowers_pv() -> None:
    s = rich(hand={0: ["Brisé !"]}, monde={1: ["Scaranneau Blanc"]}, hero_in_monde=(1,))
    sc = one(s, "Scaranneau Blanc")
    s.attached[sc] = s.players[1].hero
    s.players[1].pv = 18
    play(s, 0, one(s, "Brisé !"), sc)
    assert sc in s.players[1].defausse and s.players[1].pv == 16  # 403.2


def test_charge_and_geant_for_iop() -> None:
    s = rich(hand={0: ["Charge", "Charge"]}, monde={0: ["Tomla Klass", "Bouftou"]})
    t, b = one(s, "Tomla Klass"), one(s, "Bouftou")
    play(s, 0, s.players[0].main[0], t)
    play(s, 0, s.players[0].main[0], b)
    assert rules.force(s, t) == 3 and rules.has_keyword(s, t, "Géant")
    assert rules.force(s, b) == 4 and not rules.has_keyword(s, b, "Géant")


def test_coup_critique_doubles_once_per_target_105_3() -> None:
    s = rich(hand={0: ["Coup Critique", "Coup Critique", "Charge"]}, monde={0: ["Bwork", "Tomla Klass"]})
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Coup Critique"), bw)
    play(s, 0, one(s, "Charge"), bw)
    assert rules.force(s, bw) == 8  # 3 -> 6 -> 8 (105.3)
    act(s, 0, "play", card=ids(s, "Coup Critique")[1])
    assert bw not in s.pending[-1].options


def test_fleche_chercheuse_reaches_havre_sacs() -> None:
    s = board(hand={0: ["Flèche Chercheuse"]}, havre={1: ["Bouftou"]}, monde={0: ["Tofu", "Tofu"]}, **CRA)
    b = one(s, "Bouftou")
    play(s, 0, one(s, "Flèche Chercheuse"), b)  # 508.4
    assert s.damage.get(b) == 1


def test_fleche_blizzard_hits_the_monde_and_gives_no_xp() -> None:
    s = board(hand={0: ["Flèche Blizzard"]}, monde={0: ["Tofu"] * 5, 1: ["Bwork", "Dragodinde Rousse Sauvage"]},
              havre={1: ["Boufton Blanc"]}, **CRA)
    play(s, 0, one(s, "Flèche Blizzard"))
    assert one(s, "Dragodinde Rousse Sauvage") in s.players[1].defausse and s.players[0].xp == 0
    assert s.damage.get(one(s, "Bwork")) == 2 and one(s, "Boufton Blanc", 1) in s.players[1].havre


def test_exclusion_removes_from_combat() -> None:
    s = rich(hand={0: ["Exclusion"]}, monde={0: ["Bouftou"], 1: ["Bwork"]})
    b, bw = one(s, "Bouftou"), one(s, "Bwork")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, b)
    choose(s, "done")
    choose(s, bw, b)
    play(s, 0, one(s, "Exclusion"), bw)
    assert bw not in s.combat.blockers and bw in s.tapped  # 705.6


def test_prospection_draws_xp_value() -> None:
    s = rich(hand={0: ["Prospection"]}, monde={1: ["Bouftou Royal"]})
    play(s, 0, one(s, "Prospection"), one(s, "Bouftou Royal"))
    assert len(s.players[0].main) == 2


def test_strategie_de_groupe() -> None:
    s = rich(hand={0: ["Stratégie de Groupe", "Akoua Flesh"]}, monde={0: ["Tomla Klass"]}, havre={0: ["Demi Moon"]})
    play(s, 0, one(s, "Stratégie de Groupe"))
    assert rules.force(s, one(s, "Tomla Klass")) == 2 and rules.force(s, one(s, "Demi Moon")) == 1
    # 812.3b: a defined modifier on a group re-evaluates who belongs to it
    play(s, 0, one(s, "Akoua Flesh"), "monde")  # card ruling: an Allié appearing later gets it too
    assert rules.force(s, one(s, "Akoua Flesh")) == 2
    act(s, 0, "move", card=one(s, "Tomla Klass"))  # and one moving into the Havre Sac loses it
    assert rules.force(s, one(s, "Tomla Klass")) == 1


def test_repos_x_heal_only_with_hero_in_havre_sac() -> None:
    s = rich(hand={0: ["Repos"]})
    s.players[0].pv = 10
    act(s, 0, "play", card=one(s, "Repos"))
    choose(s, 3)
    pay(s)
    assert s.players[0].pv == 13
    s = rich(hand={0: ["Repos"]}, hero_in_monde=(0,))
    assert "play" not in kinds(s, 0)


def test_agression_inclines_own_card_as_cost() -> None:
    s = rich(hand={0: ["Agression"]}, monde={0: ["Bwork"], 1: ["Tofu Mutant"]})
    bw, tm = one(s, "Bwork"), one(s, "Tofu Mutant")
    act(s, 0, "play", card=one(s, "Agression"))
    choose(s, tm)
    choose(s, bw)  # additional cost: incline one of your Alliés (418.8)
    pay(s)
    assert bw in s.tapped and tm in s.players[1].defausse and s.players[0].xp == 1


def test_treve_stops_damage_until_next_turn() -> None:
    s = board(hand={0: ["Trêve"]}, monde={0: PIOUS, 1: ["Bwork"]}, **FECA)
    play(s, 0, one(s, "Trêve"))
    assert events.deal_damage(s, 1, None, one(s, "Piou Vert"), 3, "Feu") == 0


def test_glyphe_revigorant_reduces_combat_damage() -> None:
    s = board(hand={0: ["Glyphe Revigorant"]}, monde={0: PIOUS + ["Bwork"], 1: ["Bouftou"]}, **FECA)
    bw, b = one(s, "Bwork"), one(s, "Bouftou")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, bw)
    choose(s, "done")
    choose(s, b, bw)
    play(s, 0, one(s, "Glyphe Revigorant"))
    act(s, 1, "pass")
    act(s, 0, "pass")
    assert s.damage.get(bw) == 1  # 2 - 1


def test_bonne_affaire_shows_two_only_to_its_player() -> None:
    s = rich(hand={0: ["Bonne Affaire !"]}, pioche={0: ["Tofu", "Boo", "Bouftou"]})
    play(s, 0, one(s, "Bonne Affaire !"))
    assert s.pending[-1].kind == "effect" and len(s.pending[-1].options) == 2
    assert "options" not in GAME.view(s, 1)["decision"]
    choose(s, one(s, "Bouftou"))
    assert one(s, "Bouftou") in s.players[0].main and s.players[0].pioche[0] == one(s, "Boo")


@pytest.mark.parametrize("name,element", [("Parchemin de Force", "Terre"), ("Parchemin de Chance", "Eau"),
                                          ("Parchemin d'Intelligence", "Feu"), ("Parchemin d'Agilité", "Air")])
def test_parchemins_recycle_up_to_three(name: str, element: str) -> None:
    filler = {"Terre": "Bouftou", "Eau": "Boo", "Feu": "Bwork", "Air": "Tofu"}[element]
    s = rich(hand={0: [name]}, defausse={0: [filler] * 3}, monde={1: ["Berger Porkass"]})
    target = one(s, "Berger Porkass")
    s.tapped |= {target, s.players[0].hero}
    act(s, 0, "play", card=one(s, name))
    if ACTIONS[name].targets:
        choose(s, target)
    choose(s, s.players[0].defausse[0])
    choose(s, s.players[0].defausse[1])
    choose(s, "done")
    pay(s)
    if name == "Parchemin d'Agilité":
        choose(s, target)
        choose(s, s.players[0].hero)
        assert target not in s.tapped and s.players[0].hero not in s.tapped
    assert len(s.players[0].defausse) == 2  # 2 recycled; the Parchemin itself
    if name == "Parchemin de Force":
        assert rules.force(s, target) == 4
    if name == "Parchemin de Chance":
        assert len(s.players[0].main) == 2
    if name == "Parchemin d'Intelligence":
        assert target in s.players[1].defausse


def test_fletrissement_discard_for_damage() -> None:
    s = board(hand={0: ["Flétrissement", "Boo", "Boo"]}, monde={0: PIOUS, 1: ["Bwork"]}, **XELOR)
    bw = one(s, "Bwork")
    act(s, 0, "play", card=one(s, "Flétrissement"))
    choose(s, bw)
    choose(s, s.players[0].main[0])
    choose(s, s.players[0].main[1])  # no card left: the additional cost is complete
    pay(s)
    assert s.damage.get(bw) == 2 and len(s.players[0].main) == 0


def test_defi_refused_gives_xp_accepted_trades_damage() -> None:
    for answer in ("refuse", "accept"):
        s = rich(hand={0: ["Défi"]}, monde={0: ["Bwork"], 1: ["Bouftou"]})
        bw, b = one(s, "Bwork"), one(s, "Bouftou")
        act(s, 0, "play", card=one(s, "Défi"))
        choose(s, b)
        choose(s, bw)
        pay(s)
        assert s.pending[-1].seat == 1
        choose(s, answer)
        if answer == "refuse":
            assert s.players[0].xp == 1
        else:
            assert b in s.players[1].defausse and s.damage.get(bw) == 2


def test_defi_is_taken_back_when_its_additional_cost_can_no_longer_be_paid() -> None:
    # 808.2: in a random 2v2 game the only Allié Défi could incline (Vrombyx) died as Défi left the hand,
    # and the player was left with an empty choice, no legal action and the game stuck; a step that cannot
    # be done undoes the announcement
    s = rich(hand={0: ["Défi"]}, monde={1: ["Bouftou"]})
    defi, b = one(s, "Défi"), one(s, "Bouftou")
    act(s, 0, "play", card=defi)
    p = s.players[0]
    s.tapped.update(c for c in p.monde + p.havre if rules.is_character(s, c))  # nothing left to incline
    choose(s, b)
    assert defi in p.main and not s.file and not s.pending
    assert GAME.legal_actions(s, 0)


def test_bond_places_a_blocker_beyond_pm() -> None:
    s = board(monde={0: ["Bouftou"], 1: ["Tomla Klass", "Piou Vert", "Piou Vert"]}, hand={1: ["Bond"]},
              heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    b, t = one(s, "Bouftou"), one(s, "Tomla Klass")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, b)
    choose(s, "done")  # no blocker
    act(s, 0, "pass")
    play(s, 1, one(s, "Bond"), t, b)
    assert s.combat.blockers == {t: b}


def test_colere_de_iop_splits_x_damage() -> None:
    s = rich(hand={0: ["Colère de Iop"]}, monde={0: ["Bouftou"], 1: ["Bwork", "Tofu"]})
    b, bw, tofu = one(s, "Bouftou"), one(s, "Bwork"), one(s, "Tofu")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, b)
    choose(s, "done")
    choose(s, bw, b)
    choose(s, tofu, b)
    act(s, 0, "play", card=one(s, "Colère de Iop"))
    choose(s, 3)
    choose(s, bw)  # its ruling: the split is made as it is played (808.2e)
    choose(s, bw)
    choose(s, tofu)
    pay(s)
    assert s.damage.get(bw) == 2 and tofu in s.players[1].defausse


def test_colere_de_iop_x_0_outside_combat() -> None:
    s = rich(hand={0: ["Colère de Iop"]}, monde={0: ["Tomla Klass"]})
    act(s, 0, "play", card=one(s, "Colère de Iop"))
    assert s.pending[-1].kind == "x" and s.pending[-1].options == (0, "cancel")
    choose(s, 0)
    assert one(s, "Colère de Iop") in s.players[0].defausse


def test_choc_temporel_discard_to_incline() -> None:
    s = board(hand={0: ["Choc Temporel", "Boo"]}, monde={0: PIOUS, 1: ["Bwork"]}, **XELOR)
    act(s, 0, "play", card=one(s, "Choc Temporel"))
    choose(s, one(s, "Boo"))
    pay(s)
    choose(s, one(s, "Bwork"))
    assert one(s, "Bwork") in s.tapped


# -- paid powers ------------------------------------------------------------------------------------------
def test_tirlangue_level_2_chooses_the_element() -> None:
    s = board(monde={1: ["Craqueleur"]}, hero_in_monde=(0,), **CRA)
    s.players[0].level = 2
    use(s, 0, s.players[0].hero, one(s, "Craqueleur"), "Terre")
    assert s.damage.get(one(s, "Craqueleur")) == 2  # 3 Terre damage, Résistance Terre 1 (806.12)


@pytest.mark.parametrize("name", ["Aeron Zeklox", "Temple Xélor"])
def test_pa_loss_powers(name: str) -> None:
    s = board(havre={0: ["Temple Xélor"]}, **XELOR)
    card = s.players[0].hero if name == "Aeron Zeklox" else one(s, "Temple Xélor")
    use(s, 0, card, 1)
    assert rules.pa(s, 1) == 5


def test_temples_iop_cra_feca() -> None:
    s = board(havre={0: ["Temple Iop", "Temple Crâ", "Temple Féca"]}, monde={0: ["Bwork"]})
    bw = one(s, "Bwork")
    use(s, 0, one(s, "Temple Iop"), bw)
    assert rules.force(s, bw) == 5
    s.tapped.add(bw)
    use(s, 0, one(s, "Temple Crâ"), bw)
    assert bw not in s.tapped
    use(s, 0, one(s, "Temple Féca"), bw, "Feu")
    assert rules.resistance(s, bw, "Feu") == 1


def test_nomoon_guy_yomtella_demi_finame() -> None:
    s = board(monde={0: ["Guy Yomtella", "Demi Finame", "Tomla Klass", "Nomoon", "Tofu", "Tofu"],
                     1: ["Bwork", "Bouftou"]}, **CRA)
    nomoon, guy, demi = one(s, "Nomoon"), one(s, "Guy Yomtella"), one(s, "Demi Finame")
    s.attached[nomoon] = one(s, "Tomla Klass")
    bw = one(s, "Bwork")
    use(s, 0, nomoon, bw)
    use(s, 0, guy, bw)
    assert s.damage.get(bw) == 2
    use(s, 0, guy, power=1)  # (Air)(Air): untap Guy Yomtella
    assert guy not in s.tapped
    use(s, 0, demi, one(s, "Bouftou"))
    assert rules.force(s, one(s, "Bouftou")) == 4


def test_chauve_souris_ekraz_lenoub() -> None:
    s = board(monde={0: ["Chauve-Souris Vampyre", "Ekraz Lenoub"], 1: ["Boo"]}, **CRA)
    s.players[0].pv = 10
    use(s, 0, one(s, "Chauve-Souris Vampyre"))
    assert s.players[0].pv == 13 and one(s, "Chauve-Souris Vampyre") in s.players[0].defausse
    use(s, 0, one(s, "Ekraz Lenoub"), one(s, "Boo"))
    assert one(s, "Boo") in s.players[1].defausse and one(s, "Ekraz Lenoub") in s.players[0].defausse


def test_bouftou_royal_appears_untaps_and_searches() -> None:
    s = rich(hand={0: ["Bouftou Royal"]}, monde={0: ["Bouftou"]}, pioche={0: ["Tofu", "Boufton Blanc"]})
    b = one(s, "Bouftou")
    s.tapped.add(b)
    play(s, 0, one(s, "Bouftou Royal"), "monde")
    assert b not in s.tapped  # when it appears
    use(s, 0, one(s, "Bouftou Royal"))
    choose(s, one(s, "Boufton Blanc"))
    assert one(s, "Boufton Blanc") in s.players[0].main


def test_katsou_mee_destroyed_after_four_uses() -> None:
    s = board(monde={0: ["Katsou Mee"] + ["Piou Vert"] * 4})
    k = one(s, "Katsou Mee")
    for _ in range(4):
        use(s, 0, k)
    assert rules.force(s, k) == 6
    act(s, 0, "end_turn")
    assert k in s.players[0].defausse


def test_bwork_mage_discard_for_damage_once_per_turn() -> None:
    s = board(monde={0: ["Bwork Mage"], 1: ["Tofu"]}, hand={0: ["Boo", "Boo"]}, **FECA)
    use(s, 0, one(s, "Bwork Mage"), one(s, "Tofu"), s.players[0].main[0])
    assert one(s, "Tofu") in s.players[1].defausse and len(s.players[0].main) == 1
    assert not any(a.kind == "use" for a in GAME.legal_actions(s, 0))


def test_familiers_powers_and_upkeep() -> None:
    s = board(monde={0: ["Bébé Panda", "Tiwabbit", "Tomla Klass", "Marcassin"]}, defausse={0: ["Boo"]})
    panda, tiw, t, marc = one(s, "Bébé Panda"), one(s, "Tiwabbit"), one(s, "Tomla Klass"), one(s, "Marcassin")
    s.attached.update({panda: s.players[0].hero, tiw: t, marc: t})
    use(s, 0, panda)
    assert len(s.players[0].main) == 1
    s.tapped.add(t)
    use(s, 0, tiw)
    assert t not in s.tapped and rules.has_keyword(s, t, "Géant") and rules.force(s, t) == 2
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    # start of turn: recycle a card of the element or the Familier is destroyed (804.8)
    # 602.2 / 804.6: the active player orders his simultaneous triggers
    assert s.pending[-1].kind == "trigger_order" and set(s.pending[-1].options) == {panda, tiw, marc}
    choose(s, tiw)
    choose(s, panda)
    seen = []
    while s.pending and s.pending[-1].kind == "effect":
        seen.append(s.pending[-1].card)
        opts = s.pending[-1].options
        choose(s, opts[0])
    assert seen == [tiw, panda, marc]  # in the chosen order
    assert one(s, "Boo") in s.players[0].pioche  # Bébé Panda recycled the Eau card
    assert tiw in s.players[0].defausse and marc in s.players[0].defausse


def test_dora_only_in_combat() -> None:
    s = board(monde={0: ["Dora", "Bouftou"]})
    dora, b = one(s, "Dora"), one(s, "Bouftou")
    s.attached[dora] = b
    assert not any(a.kind == "use" and a.get("card") == dora for a in GAME.legal_actions(s, 0))
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, b)
    use(s, 0, dora)
    assert len(s.players[0].main) == 1


def test_merelyne_destroys_equipment_of_level_x() -> None:
    s = board(monde={0: ["Merelyne Manro", "Tofu", "Tofu"], 1: ["Tomla Klass", "Coiffe du Bouftou"]}, **CRA)
    coiffe = one(s, "Coiffe du Bouftou")
    s.attached[coiffe] = one(s, "Tomla Klass")
    use(s, 0, one(s, "Merelyne Manro"), 2, coiffe)
    assert coiffe in s.players[1].defausse


def test_merelyne_is_not_offered_when_no_equipment_niveau_is_payable() -> None:
    # 808.2: X must be paid and name an Équipement's Niveau; with one producer left untapped X is at most 1
    # and the Coiffe is Niveau 2, so the power cannot be announced (it used to be offered, then undone for
    # want of a target: a free action that changed nothing, which a tree search repeated forever)
    def position(untapped: int) -> tuple[WakfuState, int]:
        s = board(monde={0: ["Merelyne Manro"], 1: ["Tomla Klass", "Coiffe du Bouftou"]}, **CRA)
        s.attached[one(s, "Coiffe du Bouftou")] = one(s, "Tomla Klass")
        merelyne = one(s, "Merelyne Manro")
        others = [c for c, _ in producers(s, 0) if c != merelyne]
        s.tapped.update(others[untapped:])
        return s, merelyne

    s, merelyne = position(untapped=1)
    assert s.cards[one(s, "Coiffe du Bouftou")].level == 2
    assert not any(a.kind == "use" and a.get("card") == merelyne for a in GAME.legal_actions(s, 0))
    s, merelyne = position(untapped=2)
    assert any(a.kind == "use" and a.get("card") == merelyne for a in GAME.legal_actions(s, 0))


def test_keyss_aouti_repairs_a_havre_sac() -> None:
    s = board(monde={0: ["Keyss Aouti"]}, **XELOR)
    s.players[0].sac_pr = 10
    use(s, 0, one(s, "Keyss Aouti"), s.players[0].sac)
    assert s.players[0].sac_pr == 12


def test_leopardo_and_guma_bobeule() -> None:
    s = board(monde={0: ["Léopardo", "Piou Rouge", "Piou Rouge"]}, **FECA)
    le = one(s, "Léopardo")
    use(s, 0, le)
    assert rules.force(s, le) == 6 and rules.has_keyword(s, le, "Géant")
    s = board(monde={0: ["Guma Bobeule", "Guy Yomtella", "Tofu"], 1: ["Bwork"]}, **CRA)
    use(s, 0, one(s, "Guma Bobeule"))
    use(s, 0, one(s, "Guy Yomtella"), one(s, "Bwork"))
    assert s.damage.get(one(s, "Bwork")) == 2


def test_wa_wabbit_power_and_draw_on_damage() -> None:
    s = board(monde={0: ["Wa Wabbit"], 1: ["Bwork"]}, **XELOR)
    ww = one(s, "Wa Wabbit")
    use(s, 0, ww, one(s, "Bwork"))
    assert s.damage.get(one(s, "Bwork")) == 2
    events.deal_damage(s, 1, None, ww, 1, "Feu")
    from allegiance.games.wakfu import flow
    flow.advance(s)
    choose(s, "draw")
    assert len(s.players[0].main) == 1


def test_akwadala_panoplie_and_powers() -> None:
    s = board(monde={0: ["Amulette Akwadala", "Ceinture Akwadala"]}, hand={0: ["Boo"]}, defausse={0: ["Boo"]},
              hero_in_monde=(0,), **XELOR)
    am, ce = one(s, "Amulette Akwadala"), one(s, "Ceinture Akwadala")
    hero = s.players[0].hero
    s.attached.update({am: hero, ce: hero})
    assert rules.force(s, hero) == 2 and rules.max_pv(s, 0) == 14 + 2 + 3  # Panoplie Akwadala (2)
    use(s, 0, am, s.players[0].main[0])
    assert len(s.players[0].main) == 1 and len(s.players[0].defausse) == 2
    use(s, 0, ce, one(s, "Boo", 0))
    assert len(s.players[0].main) == 2


def test_baguette_du_tofu_and_panoplie_tofu() -> None:
    s = board(monde={0: ["Baguette du Tofu", "Amulette du Tofu", "Pantoufles du Tofu"]}, hero_in_monde=(0,), **CRA)
    hero = s.players[0].hero
    for e in ("Baguette du Tofu", "Amulette du Tofu", "Pantoufles du Tofu"):
        s.attached[one(s, e)] = hero
    assert rules.pm(s, 0) == 4 and rules.max_pv(s, 0) == 16 + 2 + 3 and rules.has_keyword(s, hero, "Agilité")
    s.players[0].pv = 10
    use(s, 0, one(s, "Baguette du Tofu"), hero)
    assert s.players[0].pv == 12


# -- triggered and continuous powers ------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(n for n in APPEAR if CARDS[n].type == "Allié"))  # Équipements, Dofus, La Folle: their own tests
def test_appear_triggers(name: str) -> None:
    s = rich(hand={0: [name]}, monde={1: ["Tomla Klass", "Coiffe du Bouftou"]}, hero_in_monde=(0,))
    coiffe = one(s, "Coiffe du Bouftou")
    s.attached[coiffe] = one(s, "Tomla Klass")
    s.players[0].pv = 10
    play(s, 0, one(s, name), "monde")
    pass_reactions(s)
    if name in ("Gelée Bleue",):
        choose(s, "draw")
        assert len(s.players[0].main) == 1
    elif name == "Amal Odoua":
        assert s.pending[-1].kind == "trigger_target"
        choose(s, s.players[0].hero)
        assert s.players[0].pv == 13
    elif name == "Corailleur":
        assert s.pending[-1].kind == "trigger_target"  # 804.3: chosen as it triggers
        choose(s, coiffe)
        choose(s, "destroy")  # the "may" is decided on resolution
        assert coiffe in s.players[1].defausse
    elif name == "Djakky Chwan":
        assert s.pending[-1].seat == 0 and s.pending[-1].kind == "effect"  # the Pious were inclined
        tapped = len(s.tapped)
        choose(s, s.pending[-1].options[0])
        assert len(s.tapped) == tapped - 1
    elif name == "Smare":
        choose(s, s.pending[-1].options[0])
        assert len(s.players[0].main) == 1
    elif name == "Bouftou Royal":
        assert not s.pending


def test_coffre_malveillant_and_tofu_mutant_when_destroyed() -> None:
    s = board(monde={0: ["Coffre Malveillant", "Tofu Mutant"], 1: ["Tofu"]}, **CRA)
    events.destroy(s, one(s, "Coffre Malveillant"))
    from allegiance.games.wakfu import flow
    flow.advance(s)
    choose(s, "draw")
    choose(s, "draw")
    assert len(s.players[0].main) == 1 and len(s.players[1].main) == 1
    events.destroy(s, one(s, "Tofu Mutant"))
    assert s.pending[-1].kind == "trigger_target"  # 804.3
    choose(s, one(s, "Tofu"))
    assert one(s, "Tofu") in s.players[1].defausse


def test_a_triggered_powers_only_target_is_forced_and_two_targets_are_asked() -> None:
    """804.3: the target is chosen as the power triggers, among cards in play: with one candidate the
    table plays the choice at once (nothing is hidden, nothing to decide); with two it asks."""
    s = board(monde={0: ["Tofu Mutant"], 1: ["Tofu"]}, **CRA)
    events.destroy(s, one(s, "Tofu Mutant"))
    top = s.pending[-1]
    assert top.kind == "trigger_target" and list(top.options) == [one(s, "Tofu")]
    forced = GAME.forced_action(s, top.seat)
    assert forced is not None and forced == GAME.legal_actions(s, top.seat)[0]
    s = board(monde={0: ["Tofu Mutant"], 1: ["Tofu", "Bouftou"]}, **CRA)
    events.destroy(s, one(s, "Tofu Mutant"))
    top = s.pending[-1]
    assert top.kind == "trigger_target" and len(top.options) == 2
    assert GAME.forced_action(s, top.seat) is None


def test_dollarawan_draws_from_the_havre_sac() -> None:
    s = board(havre={1: ["Dollarawan le Banquier"]}, **XELOR)
    act(s, 0, "end_turn")
    choose(s, "draw")
    assert len(s.players[1].main) == 1


def test_zones_appear_inclined_and_need_upkeep() -> None:
    s = rich(hand={0: ["Forêts d'Astrub"]}, defausse={0: ["Bouftou"]})
    z = one(s, "Forêts d'Astrub")
    play(s, 0, z)
    assert z in s.players[0].monde and z in s.tapped
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert s.pending[-1].kind == "effect" and s.pending[-1].card == z
    choose(s, one(s, "Bouftou"))
    assert z in s.players[0].monde and one(s, "Bouftou") in s.players[0].pioche


def test_chef_de_guerre_and_maitre_bolet() -> None:
    s = board(monde={0: ["Chef de Guerre Bouftou", "Bouftou", "Maître Bolet"], 1: ["Bwork"]})
    assert rules.force(s, one(s, "Bouftou")) == 3 and rules.force(s, one(s, "Chef de Guerre Bouftou")) == 3
    s.active = 1
    s.players[1].turns = 5
    from allegiance.games.wakfu import combat
    combat.declare(s, 1)
    s.combat.target = s.players[0].sac
    s.combat.attackers = [one(s, "Bwork")]
    s.combat.blockers = {one(s, "Maître Bolet"): one(s, "Bwork")}
    assert rules.force(s, one(s, "Maître Bolet")) == 5


def test_poum_ondacie_prevents_in_combat() -> None:
    s = board(monde={1: ["Bwork"]}, hero_in_monde=(0,), active=1, turn=4, **FECA)
    s.players[1].turns = 2
    act(s, 1, "attack")
    choose(s, s.players[0].hero)
    choose(s, one(s, "Bwork"))
    act(s, 1, "pass")
    act(s, 0, "pass")
    assert s.players[0].pv == 16 - 2  # 3 Feu damage reduced by 1


def test_vrombyx_force_is_hand_size() -> None:
    s = board(monde={0: ["Vrombyx"]}, hand={0: ["Boo", "Boo"]}, **FECA)
    v = one(s, "Vrombyx")
    assert rules.force(s, v) == 2  # 812.1: an indefinite modifier (105.4 "*"), recomputed as the hand changes
    s.players[0].main.clear()
    from allegiance.games.wakfu import flow
    flow.advance(s)
    assert v in s.players[0].defausse  # 204.6: Force 0


def test_jice_aouaire_cannot_block() -> None:
    s = board(monde={0: ["Bouftou"], 1: ["Jicé Aouaire"]})
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, one(s, "Bouftou"))
    assert s.combat.step == "actions"  # no blocker was possible


def test_equipment_stats() -> None:
    s = rich(hand={0: ["Coiffe du Bouftou", "Arès", "Scaranneau Blanc"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    for name in ("Coiffe du Bouftou", "Arès", "Scaranneau Blanc"):
        play(s, 0, one(s, name))  # the Héros is the only porteur (Pious are Monstres, 305.7)
        assert s.attached[one(s, name)] == hero
    assert rules.force(s, hero) == 3 + 2 + 1  # Coiffe +2, Arès +1 (its card page)
    assert rules.pa(s, 0) == 7 and rules.pm(s, 0) == 4  # 403: PA and PM bonuses go to the player
    # Scaranneau Blanc's Résistance Air 1 is its Panoplie's (3 pieces), not its own (its card page)
    assert s.players[0].pv == 20 and rules.resistance(s, hero, "Air") == 0


def test_prespic_set_and_retaliation() -> None:
    s = board(monde={0: ["Cape du Prespic", "Ceinture du Prespic", "Anneau du Prespic"], 1: ["Bwork"]},
              hero_in_monde=(0,), **FECA)
    hero = s.players[0].hero
    for e in ("Cape du Prespic", "Ceinture du Prespic", "Anneau du Prespic"):
        s.attached[one(s, e)] = hero
    rules.gain_xp(s, 0, 1)
    assert s.players[0].xp == 2  # Panoplie du Prespic: XP gains +1
    events.deal_damage(s, 1, one(s, "Bwork"), hero, 1, "Feu")
    from allegiance.games.wakfu import flow
    flow.advance(s)
    assert s.damage.get(one(s, "Bwork")) == 2  # Cape and Anneau strike back 1 Feu each


def test_every_implemented_card_has_a_registry_entry() -> None:
    for name in STARTER_CARDS:
        if implemented(name):
            assert name in PLAIN or name in ACTIONS or name in POWERS or name in APPEAR or name in HAND_POWERS or name in (
                "Coffre Malveillant", "Tofu Mutant", "Dollarawan le Banquier", "Smare")


# -- Réactions and hand powers --------------------------------------------------------------------------
def test_glyphe_incandescent_burns_combatants_that_incline() -> None:
    s = board(hand={0: ["Glyphe Incandescent"]}, monde={0: PIOUS + ["Bwork"], 1: ["Guy Yomtella", "Tofu"]}, **FECA)
    bw, guy = one(s, "Bwork"), one(s, "Guy Yomtella")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, bw)
    choose(s, "done")
    choose(s, guy, bw)
    choose(s, "done")
    play(s, 0, one(s, "Glyphe Incandescent"))
    use(s, 1, guy, bw)  # Guy inclines for its power while blocking: 2 Feu damage
    assert guy in s.players[1].defausse


def test_fleche_d_immolation_answers_an_inclining() -> None:
    s = board(
        hand={0: ["Charge"], 1: ["Flèche d'Immolation"]}, monde={0: ["Bwork", "Tomla Klass"], 1: ["Tofu", "Tofu"]},
        heroes=("Bruss Ouilis", "Tirlangue Portey"), sacs=("Havre Sac du Bouftou", "Havre Sac du Tofu"))
    bw = one(s, "Bwork")
    act(s, 0, "play", card=one(s, "Charge"))
    choose(s, one(s, "Tomla Klass"))
    choose(s, bw)  # Bwork inclines to pay
    pay(s)
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 1
    choose(s, one(s, "Flèche d'Immolation"))
    assert bw in s.pending[-1].options and s.players[0].sac not in s.pending[-1].options
    choose(s, bw)
    pay(s)
    pass_reactions(s)
    assert s.damage.get(bw) == 2


def test_fecaline_reacts_to_a_parchemin() -> None:
    s = board(hand={0: ["Parchemin Blanc"]}, monde={0: PIOUS + ["Fécaline la Sage"]}, **FECA)
    play(s, 0, one(s, "Parchemin Blanc"))
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 0
    fec = one(s, "Fécaline la Sage")
    choose(s, f"use:{fec}:0")
    pass_reactions(s)
    assert s.players[0].xp == 2 and fec in s.tapped


def test_polter_tofu_from_hand() -> None:
    s = board(hand={0: ["Polter Tofu"]}, monde={0: ["Tofu"]}, **CRA)
    polter, tofu = one(s, "Polter Tofu"), one(s, "Tofu")
    act(s, 0, "use", card=polter, power=0)
    choose(s, tofu)
    assert tofu in s.players[0].defausse and polter in s.players[0].monde and polter in s.tapped


def test_tofu_celeste_when_a_tofu_is_destroyed() -> None:
    s = board(hand={0: ["Tofu Céleste"]}, monde={0: ["Tofu", "Piou Jaune", "Piou Jaune"], 1: ["Bwork"]},
              **CRA)
    tofu, cel = one(s, "Tofu"), one(s, "Tofu Céleste")
    from allegiance.games.wakfu import flow
    events.destroy(s, tofu, 1)
    flow.advance(s)
    assert s.pending[-1].kind == "reaction" and f"hand:{cel}" in s.pending[-1].options
    choose(s, f"hand:{cel}")
    pay(s)
    pass_reactions(s)
    assert cel in s.players[0].monde and cel in s.tapped


def test_kanigrou_chi_fu_mi() -> None:
    outcomes = set()
    for seed in range(8):
        s = board(monde={0: ["Kanigrou"], 1: ["Bwork"]}, seed=seed, **CRA)
        k = one(s, "Kanigrou")
        events.deal_damage(s, 1, one(s, "Bwork"), k, 3, "Feu")
        assert s.pending[-1].kind == "effect" and s.pending[-1].seat == 0
        choose(s, "chifumi")
        outcomes.add("destroyed" if k in s.players[0].defausse else "safe")
        assert s.damage.get(k, 0) == 0 and s.players[1].xp == 0
    assert outcomes == {"destroyed", "safe"}
    s = board(monde={0: ["Kanigrou"]}, **CRA)
    k = one(s, "Kanigrou")
    events.deal_damage(s, 1, None, k, 3, "Feu")
    choose(s, "no")
    assert s.damage.get(k) == 3


def test_crafting_with_a_recette_305_4_418_6() -> None:
    # Temple Xélor: Recette Bricoleur 3 (Eau): incline a Bricoleur (Keyss Aouti), recycle 3 Eau cards
    s = board(hand={0: ["Temple Xélor"]}, monde={0: ["Keyss Aouti"]}, defausse={0: ["Boo", "Boo", "Wabbit", "Tofu"]},
              **XELOR)
    keyss = one(s, "Keyss Aouti")
    act(s, 0, "play", card=one(s, "Temple Xélor"))
    assert "craft" in s.pending[-1].options
    choose(s, "craft")
    assert s.pending[-1].options == (keyss, "cancel")
    choose(s, keyss)
    assert one(s, "Tofu") not in s.pending[-1].options  # Air: not of the Recette's element
    for _ in range(3):
        choose(s, s.pending[-1].options[0])
    assert one(s, "Temple Xélor") in s.players[0].havre and keyss in s.tapped
    assert [s.cards[c].name for c in s.players[0].defausse] == ["Tofu"]
    assert s.players[0].sac not in s.tapped  # no resource was produced


def test_crafting_cancel_gives_everything_back() -> None:
    s = board(hand={0: ["Temple Xélor"]}, monde={0: ["Keyss Aouti"]}, defausse={0: ["Boo", "Boo", "Boo"]}, **XELOR)
    keyss = one(s, "Keyss Aouti")
    act(s, 0, "play", card=one(s, "Temple Xélor"))
    choose(s, "craft")
    choose(s, keyss)
    choose(s, s.pending[-1].options[0])
    choose(s, "cancel")
    assert keyss not in s.tapped and len(s.players[0].defausse) == 3 and one(s, "Temple Xélor") in s.players[0].main


def test_amar_casto_gains_a_metier() -> None:
    s = board(hand={0: ["Cape du Prespic"]}, monde={0: ["Amar Casto", "Piou Rouge"]},
              defausse={0: ["Bwork", "Bwork"]}, hero_in_monde=(0,), **FECA)
    amar = one(s, "Amar Casto")
    use(s, 0, amar, "Armurier")
    assert (amar, "metier", "Armurier", "turn") in s.mods
    act(s, 0, "play", card=one(s, "Cape du Prespic"))
    choose(s, s.players[0].hero)  # the porteur
    choose(s, "craft")  # Recette: Armurier 2 (Feu)
    choose(s, amar)
    choose(s, s.pending[-1].options[0])
    choose(s, s.pending[-1].options[0])
    assert one(s, "Cape du Prespic") in s.attached


def test_trigger_while_paying_waits_for_the_card_804_7() -> None:
    # Wa Wabbit blocks; Glyphe Incandescent burns it when it inclines to pay for Coupure Temporelle; its
    # "may draw" trigger enters the File while the Action is still being paid, and payment goes on.
    s = board(hand={0: ["Glyphe Incandescent"], 1: ["Coupure Temporelle"]},
              monde={0: PIOUS + ["Bwork"], 1: ["Wa Wabbit"]}, heroes=("Poum Ondacié", "Aeron Zeklox"),
              sacs=("Havre Sac du Prespic", "Havre Sac du Wabbit"))
    bw, ww = one(s, "Bwork"), one(s, "Wa Wabbit")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, bw)
    choose(s, "done")
    choose(s, ww, bw)
    play(s, 0, one(s, "Glyphe Incandescent"))
    act(s, 1, "play", card=one(s, "Coupure Temporelle"))
    choose(s, 0)
    choose(s, ww)  # inclining a blocker: 2 Feu damage, Wa Wabbit's trigger goes to the File
    assert s.damage.get(ww) == 2
    choose(s, "draw")  # the trigger resolves first (it entered above the played card)
    assert rules.pa(s, 0) == 5 and len(s.players[1].main) == 2


def test_cannot_beats_can_104_2() -> None:
    # the example of 104.2: Pandrista keeps a card inclined even against Temple Crâ
    s = rich(hand={0: ["Pandrista"]}, havre={0: ["Temple Crâ"]}, monde={0: ["Bwork"]})
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Pandrista"), bw)
    use(s, 0, one(s, "Temple Crâ"), bw)
    assert bw in s.tapped


def test_equipment_slots_305_5_and_monsters_305_7() -> None:
    s = rich(hand={0: ["Marcassin", "Tiwabbit"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    play(s, 0, one(s, "Marcassin"))  # the Héros is the only porteur (Pious are Monstres)
    assert s.attached[one(s, "Marcassin")] == hero
    assert "play" not in {a.kind for a in GAME.legal_actions(s, 0) if a.get("card") == one(s, "Tiwabbit")}


def test_equipment_follows_and_dies_with_its_porteur_305_8_414_1() -> None:
    s = board(monde={0: ["Tomla Klass", "Coiffe du Bouftou"]})
    t, coiffe = one(s, "Tomla Klass"), one(s, "Coiffe du Bouftou")
    s.attached[coiffe] = t
    act(s, 0, "move", card=t)
    assert coiffe in s.players[0].havre  # it follows its porteur (414.1)
    events.destroy(s, t)
    assert coiffe in s.players[0].defausse  # 305.8


def test_modifiers_kept_on_move_lost_on_zone_change_501_5() -> None:
    s = rich(hand={0: ["Charge", "Charge"]}, monde={0: ["Tomla Klass"]})
    t = one(s, "Tomla Klass")
    play(s, 0, one(s, "Charge"), t)
    act(s, 0, "move", card=t)
    assert rules.force(s, t) == 3  # a mouvement keeps modifiers
    rules.remove(s, t)
    s.players[0].main.append(t)
    assert not [m for m in s.mods if m[0] == t]  # a new object


@pytest.mark.parametrize("zone,element,filler", [("Forêts d'Astrub", "Terre", "Bouftou"),
                                                ("Mines d'Astrub", "Feu", "Bwork"),
                                                ("Champs d'Astrub", "Air", "Tofu"),
                                                ("Calanques d'Astrub", "Eau", "Boo")])
def test_astrub_zones(zone: str, element: str, filler: str) -> None:
    # a Zone appears inclined in the Monde, produces its element, and needs its upkeep (804.8)
    s = rich(hand={0: [zone]}, defausse={0: [filler, "Tomla Klass" if element != "Terre" else "Tofu"]})
    z = one(s, zone)
    play(s, 0, z)
    assert z in s.players[0].monde and z in s.tapped and s.cards[z].element == element
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert s.pending[-1].card == z and len(s.pending[-1].options) == 2  # the matching card or "destroy"
    choose(s, "destroy")
    assert z in s.players[0].defausse


@pytest.mark.parametrize("name,bonus", [("Marteau du Bouftou", 1), ("Pelle Mechba", 1), ("Chacha Noir", 2)])
def test_weapon_and_familier_force(name: str, bonus: int) -> None:
    # Force modifiers read on the cards' pages (RULES.md "Card data"); 204.4: the bearer's element stays
    s = rich(hand={0: [name]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    play(s, 0, one(s, name))
    assert s.attached[one(s, name)] == hero and rules.force(s, hero) == 3 + bonus


def test_chacha_noir_upkeep_recycles_feu() -> None:
    s = board(monde={0: ["Chacha Noir", "Tomla Klass"]}, defausse={0: ["Bwork"]})
    chacha = one(s, "Chacha Noir")
    s.attached[chacha] = one(s, "Tomla Klass")
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert s.pending[-1].card == chacha and one(s, "Bwork") in s.pending[-1].options
    choose(s, one(s, "Bwork"))
    assert chacha in s.players[0].monde and one(s, "Bwork") in s.players[0].pioche


def test_panoplie_du_bouftou_needs_three_pieces() -> None:
    s = board(monde={0: ["Tomla Klass", "Coiffe du Bouftou", "Marteau du Bouftou"]})
    t = one(s, "Tomla Klass")
    s.attached.update({one(s, "Coiffe du Bouftou"): t, one(s, "Marteau du Bouftou"): t})
    assert rules.force(s, t) == 1 + 2 + 1  # two pieces: no Panoplie bonus (404)


def test_trigger_without_legal_choice_is_annulled_804() -> None:
    s = rich(hand={0: ["Corailleur"]})  # no Équipement anywhere
    play(s, 0, one(s, "Corailleur"), "monde")
    assert not s.pending and not s.file and one(s, "Corailleur") in s.players[0].monde
