"""The Incarnam Actions beyond the starters, each at work (card pages and rulings restated in RULES.md)."""

from __future__ import annotations

from allegiance.games.wakfu import GAME, rules
from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.choices import candidates
from allegiance.games.wakfu.effects import implemented
from allegiance.games.wakfu.state import Item
from tests.wakfu.builders import act, board, choose, kinds, one, pay, play

PIOUS = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2


def rich(**kw):  # type: ignore[no-untyped-def]
    """Seat 0 has eight Pious to pay with, plus ``mine`` (class Alliés for the Sorts, 302.5)."""
    monde = kw.pop("monde", {})
    mine = kw.pop("mine", [])
    return board(monde={**monde, 0: PIOUS + mine + monde.get(0, [])}, **kw)


def start_combat(s, attacker: int, blocker: int | None = None) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 attacks seat 1's Havre Sac with ``attacker``; seat 1 blocks with ``blocker`` (or not)."""
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, attacker)
    choose(s, "done")
    if blocker is None:
        choose(s, "done") if s.pending and s.pending[-1].kind != "reaction" else None
    else:
        choose(s, blocker, attacker)


def playable(s, name: str) -> bool:  # type: ignore[no-untyped-def]
    return any(a.kind == "play" and a.get("card") == one(s, name) for a in GAME.legal_actions(s, 0))


def test_these_actions_are_implemented() -> None:
    for name in ("Banni !", "Ronce", "Pandatak", "Furie", "Mot de Frayeur", "Taclé !", "Tempête de Wakfu",
                 "Espèce en Danger", "Échange", "Savoir des Objets", "Reviens !", "Poudre d'Eniripsa",
                 "Capture d'Âmes", "Malédiction d'Halouine", "Porter", "Art du lancer", "La Sacrifiée",
                 "Mot de Purgation", "Vol de Vie", "Mode Marchand", "Expérience d'Otomaï", "Puissance d'Ogrest",
                 "Vague Tournoyante", "Gambit", "Odorat", "Bouftonik", "Havrasacadabra"):
        assert implemented(name), name


def test_banni_destroys_a_zone() -> None:
    s = rich(hand={0: ["Banni !"]}, monde={1: ["Champs d'Astrub"]})
    z = one(s, "Champs d'Astrub")
    play(s, 0, one(s, "Banni !"), z)
    assert z in s.players[1].defausse


def test_ronce_and_its_element_from_its_page() -> None:
    s = rich(hand={0: ["Ronce"]}, mine=["Shika Ingalsse"], monde={1: ["Bwork"]})
    assert CARDS["Ronce"].element == "Terre"
    b = one(s, "Bwork")
    play(s, 0, one(s, "Ronce"), b)
    assert s.damage.get(b) == 2


def test_sorts_need_their_class_302_5() -> None:
    s = rich(hand={0: ["Ronce"]}, monde={1: ["Bouftou"]})
    assert "play" not in kinds(s, 0)


def test_pandatak_up_to_two_different_targets() -> None:
    s = rich(hand={0: ["Pandatak", "Pandatak"]}, mine=["Bowissette"], monde={1: ["Bouftou", "Bwork"]})
    b, bw = one(s, "Bouftou"), one(s, "Bwork")
    act(s, 0, "play", card=s.players[0].main[0])
    choose(s, b)
    assert b not in s.pending[-1].options and "none" in s.pending[-1].options  # different ones, up to two
    choose(s, bw)
    pay(s)
    assert b in s.players[1].defausse and bw in s.players[1].defausse
    s = rich(hand={0: ["Pandatak"]}, mine=["Bowissette"], monde={1: ["Bouftou"]})
    play(s, 0, one(s, "Pandatak"), one(s, "Bouftou"), "none")
    assert one(s, "Bouftou") in s.players[1].defausse


def test_furie_gives_force_even_when_the_damage_is_prevented() -> None:
    s = rich(hand={0: ["Furie"]}, mine=["Ekraz Lenoub"], monde={1: ["Bwork"]})
    bw = one(s, "Bwork")
    rules.add_mod(s, bw, "resist:Eau", 1)
    play(s, 0, one(s, "Furie"), bw)
    assert s.damage.get(bw) is None and rules.force(s, bw) == 4


def test_mot_de_frayeur_and_tacle_incline_combatants() -> None:
    s = rich(hand={0: ["Taclé !", "Mot de Frayeur"]}, mine=["Shiffer Van Brushing", "Bwork"], monde={1: ["Bouftou"]})
    bw, b = one(s, "Bwork"), one(s, "Bouftou")
    probe = Item("card", 0, one(s, "Taclé !"), "")
    assert not candidates(s, probe, "blocked_attacker")
    start_combat(s, bw, b)
    assert candidates(s, probe, "blocked_attacker") == [bw]
    play(s, 0, one(s, "Taclé !"), bw)
    assert bw in s.tapped


def test_mot_de_frayeur_inclines_a_blocker() -> None:
    s = rich(hand={0: ["Mot de Frayeur"]}, mine=["Shiffer Van Brushing", "Bwork"], monde={1: ["Bouftou"]})
    bw, b = one(s, "Bwork"), one(s, "Bouftou")
    start_combat(s, bw, b)
    play(s, 0, one(s, "Mot de Frayeur"), b)
    assert b in s.tapped


def test_tempete_de_wakfu_inclines_force_3_or_less_in_the_monde() -> None:
    s = rich(hand={0: ["Tempête de Wakfu"]}, monde={1: ["Bouftou", "Bwork", "Tofu"]}, havre={1: ["Boo"]})
    bw, b, t, boo = one(s, "Bwork"), one(s, "Bouftou"), one(s, "Tofu"), one(s, "Boo")
    rules.add_mod(s, bw, "force", 1)  # 4
    play(s, 0, one(s, "Tempête de Wakfu"))
    assert b in s.tapped and t in s.tapped and bw not in s.tapped and boo not in s.tapped


def test_espece_en_danger_names_a_family_and_gives_no_xp() -> None:
    s = rich(hand={0: ["Espèce en Danger"]}, monde={1: ["Tofu", "Tofu", "Bouftou", "Vampyro"]})
    play(s, 0, one(s, "Espèce en Danger"))
    tofus = [c for c in s.players[1].monde if s.name(c) == "Tofu"]
    assert tofus[0] in s.pending[-1].options
    choose(s, tofus[0])
    assert all(t in s.players[1].defausse for t in tofus)
    assert one(s, "Bouftou") in s.players[1].monde and s.players[0].xp == 0


def test_echange_random_discard_then_draw() -> None:
    s = rich(hand={0: ["Échange", "Échange"], 1: ["Boo"]})
    play(s, 0, s.players[0].main[0], 1)
    assert one(s, "Boo") in s.players[1].defausse and len(s.players[0].main) == 2
    play(s, 0, s.players[0].main[0], 1)  # its ruling: nothing discarded, nothing drawn
    assert len(s.players[0].main) == 1


def test_savoir_des_objets_counts_equipments_on_your_cards() -> None:
    s = rich(hand={0: ["Savoir des Objets"]}, mine=["Belgodass", "Coiffe du Bouftou", "Abrabottes"],
             hero_in_monde=(0,))
    s.attached[one(s, "Coiffe du Bouftou")] = s.players[0].hero
    s.attached[one(s, "Abrabottes")] = one(s, "Belgodass")
    play(s, 0, one(s, "Savoir des Objets"))
    assert len(s.players[0].main) == 2


def test_reviens_and_poudre_take_a_card_back_from_the_defausse() -> None:
    s = rich(hand={0: ["Reviens !", "Poudre d'Eniripsa"]}, mine=["Fofy Fafié"],
             defausse={0: ["Bouftou", "Shika Ingalsse", "Bouloute"]})
    play(s, 0, one(s, "Reviens !"))
    assert s.pending[-1].options == (one(s, "Bouftou"),)  # a Monstre only, no failing (its ruling)
    choose(s, one(s, "Bouftou"))
    play(s, 0, one(s, "Poudre d'Eniripsa"))
    choose(s, one(s, "Bouloute"))
    assert {one(s, "Bouftou"), one(s, "Bouloute")} <= set(s.players[0].main)


def test_capture_d_ames_puts_a_monstre_into_play() -> None:
    s = rich(hand={0: ["Capture d'Âmes"]}, defausse={0: ["Bouftou", "Shika Ingalsse"]})
    play(s, 0, one(s, "Capture d'Âmes"))
    choose(s, one(s, "Bouftou"))
    choose(s, "havre")
    assert one(s, "Bouftou") in s.players[0].havre


def test_malediction_d_halouine_destroys_then_brings_another_back_inclined() -> None:
    s = rich(hand={0: ["Malédiction d'Halouine"]}, mine=["Bwork"], defausse={0: ["Bouftou"]})
    bw, b = one(s, "Bwork"), one(s, "Bouftou")
    play(s, 0, one(s, "Malédiction d'Halouine"))
    choose(s, bw)
    assert bw not in s.pending[-1].options  # "another" Allié
    choose(s, b)
    choose(s, "monde")
    assert bw in s.players[0].defausse and b in s.players[0].monde and b in s.tapped


def test_porter_inclines_one_to_untap_another() -> None:
    s = rich(hand={0: ["Porter"]}, mine=["Bowissette", "Bwork"])
    bow, bw = one(s, "Bowissette"), one(s, "Bwork")
    s.tapped.add(bw)
    act(s, 0, "play", card=one(s, "Porter"))
    choose(s, bow)  # the target: untap Bowissette, not dressed: fine (any of yours)
    assert bow not in s.pending[-1].options  # the additional cost inclines another one
    choose(s, one(s, "Piou Vert"))
    pay(s)
    assert one(s, "Piou Vert") in s.tapped


def test_art_du_lancer_discards_an_equipment_for_its_niveau() -> None:
    s = rich(hand={0: ["Art du lancer", "Abraton", "Boo"]}, mine=["Belgodass"], monde={1: ["Bwork"]})
    bw = one(s, "Bwork")
    act(s, 0, "play", card=one(s, "Art du lancer"))
    choose(s, bw)
    assert s.pending[-1].options == (one(s, "Abraton"), "cancel")  # taken back before paying (issue 24 item 4)
    choose(s, one(s, "Abraton"))
    pay(s)
    assert s.damage.get(bw) == 2 and one(s, "Abraton") in s.players[0].defausse
    s = rich(hand={0: ["Art du lancer", "Repos"]}, mine=["Belgodass"], monde={1: ["Bwork"]})
    assert not playable(s, "Art du lancer")  # its ruling: no Équipement to discard, it cannot be played


def test_la_sacrifiee_discards_a_monstre_for_its_force() -> None:
    s = rich(hand={0: ["La Sacrifiée", "Bwork"]}, mine=["Shika Ingalsse", "Bouftou"], monde={1: ["Tofu Mutant"]})
    b, tm = one(s, "Bouftou"), one(s, "Tofu Mutant")
    start_combat(s, b, tm)
    act(s, 0, "play", card=one(s, "La Sacrifiée"))
    choose(s, tm)
    choose(s, one(s, "Bwork"))
    pay(s)
    assert tm in s.players[1].defausse


def test_mot_de_purgation_bounces_and_the_owner_loses_pv() -> None:
    s = rich(hand={0: ["Mot de Purgation"]}, mine=["Shiffer Van Brushing"], monde={1: ["Bwork"]})
    bw = one(s, "Bwork")
    pv = s.players[1].pv
    play(s, 0, one(s, "Mot de Purgation"), bw)
    assert bw in s.players[1].main and s.players[1].pv == pv - CARDS["Bwork"].level


def test_vol_de_vie_x_at_most_the_heros_force() -> None:
    s = rich(hand={0: ["Vol de Vie"]}, mine=["Demi Moon"], hero_in_monde=(1,))
    s.players[0].pv -= 5
    act(s, 0, "play", card=one(s, "Vol de Vie"))
    assert max(o for o in s.pending[-1].options if o != "cancel") == rules.force(s, s.players[0].hero)
    choose(s, 1)
    choose(s, s.players[1].hero)
    pay(s)
    assert s.players[1].pv == CARDS["Tirlangue Portey"].pv - 1 and s.players[0].pv == CARDS["Bruss Ouilis"].pv - 4


def test_mode_marchand_only_with_the_hero_in_its_havre_sac() -> None:
    s = rich(hand={0: ["Mode Marchand", "Boo", "Tofu"]})
    play(s, 0, one(s, "Mode Marchand"))
    choose(s, one(s, "Boo"))
    choose(s, one(s, "Tofu"))
    assert set(s.players[0].defausse) >= {one(s, "Boo"), one(s, "Tofu")} and len(s.players[0].main) == 2
    s = rich(hand={0: ["Mode Marchand"]}, hero_in_monde=(0,))
    assert "play" not in kinds(s, 0)


def test_experience_d_otomai_new_hands_of_pa_cards() -> None:
    s = rich(hand={0: ["Expérience d'Otomaï", "Boo"], 1: ["Tofu"]}, defausse={0: ["Bwork"]})
    play(s, 0, one(s, "Expérience d'Otomaï"))
    assert len(s.players[0].main) == rules.pa(s, 0) and len(s.players[1].main) == rules.pa(s, 1)
    assert s.players[0].defausse == [one(s, "Expérience d'Otomaï")]  # its ruling: it is not recycled


def test_puissance_d_ogrest_once_per_turn() -> None:
    s = rich(hand={0: ["Puissance d'Ogrest", "Puissance d'Ogrest"]}, mine=["Bwork"])
    bw = one(s, "Bwork")
    play(s, 0, s.players[0].main[0], bw)
    assert rules.force(s, bw) == 7 and rules.has_keyword(s, bw, "Géant")
    assert "play" not in kinds(s, 0)


def test_vague_tournoyante_1_2_3_in_the_order_chosen() -> None:
    s = rich(hand={0: ["Vague Tournoyante"]}, mine=["Bowissette", "Bwork", "Bouftou"],
             monde={1: ["Bwork", "Tofu Mutant"]})
    mine_bw, b = one(s, "Bwork", 0), one(s, "Bouftou", 0)
    their_bw, tm = one(s, "Bwork", 1), one(s, "Tofu Mutant")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, mine_bw)
    choose(s, b)
    choose(s, "done")
    choose(s, their_bw, mine_bw)
    choose(s, tm, b)
    play(s, 0, one(s, "Vague Tournoyante"), "none", tm, their_bw)
    assert tm in s.players[1].defausse and their_bw in s.players[1].defausse


def test_gambit_and_odorat_play_chi_fu_mi() -> None:
    for seed in range(1, 5):
        s = rich(hand={0: ["Gambit", "Odorat"]}, mine=["Kristie Endor", "Bwork"], seed=seed)
        bw, k = one(s, "Bwork"), one(s, "Kristie Endor")
        play(s, 0, one(s, "Gambit"), bw, k)
        won = rules.force(s, bw) == 5
        assert rules.force(s, bw) in (4, 5) and rules.force(s, k) == 1 + (2 if won else 1)
        pm = rules.pm(s, 0)
        play(s, 0, one(s, "Odorat"))
        assert rules.pm(s, 0) - pm in (1, 2)
        act(s, 0, "end_turn")
        assert rules.pm(s, 0) - pm in (1, 2)  # until the start of my next turn


def test_bouftonik_every_player_may_draw() -> None:
    s = rich(hand={0: ["Bouftonik"]})
    play(s, 0, one(s, "Bouftonik"))
    assert s.pending[-1].seat == 0
    choose(s, "draw")
    assert s.pending[-1].seat == 1
    choose(s, "no")
    assert len(s.players[0].main) == 1 and len(s.players[1].main) == 0


def test_havrasacadabra_regains_or_loses_x_points() -> None:
    s = rich(hand={0: ["Havrasacadabra", "Havrasacadabra"]})
    sac = s.players[1].sac
    s.players[1].sac_pr -= 2
    full = CARDS[s.name(sac)].resistance
    play(s, 0, s.players[0].main[0], 3, sac)
    choose(s, "regain")
    assert s.players[1].sac_pr == full  # never above its Résistance (410.5)
    play(s, 0, s.players[0].main[0], 2, sac)
    choose(s, "lose")
    assert s.players[1].sac_pr == full - 2


# -- Challenges (302.3, 702.4, 705.5) -------------------------------------------------------------------------
def challenge_combat(s, name: str, attackers: list[int], blocks: list[tuple[int, int]]) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 attacks seat 1's Havre Sac, plays the Challenge ``name`` after choosing the target (702.4)."""
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    assert s.pending[-1].get("fx") == "challenge" and s.pending[-1].seat == 0
    choose(s, one(s, name))
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    for a in attackers:
        choose(s, a)
    if s.pending[-1].kind == "attacker":
        choose(s, "done")
    for b, a in blocks:
        choose(s, b, a)
    if s.pending and s.pending[-1].kind == "blocker":
        choose(s, "done")


def test_a_challenge_is_offered_only_after_the_target_and_never_as_an_action() -> None:
    s = board(hand={0: ["Barbare"]}, monde={0: ["Bwork"]})
    assert not playable(s, "Barbare")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    assert s.pending[-1].options == (one(s, "Barbare"), "no")
    choose(s, "no")
    assert s.pending[-1].kind == "attacker" and one(s, "Barbare") in s.players[0].main


def test_barbare_greatest_force_of_attacking_or_blocking_allies() -> None:
    s = board(hand={0: ["Barbare"]}, monde={0: ["Bwork", "Tofu"], 1: ["Bouftou"]})
    bw, t, b = one(s, "Bwork"), one(s, "Tofu"), one(s, "Bouftou")
    challenge_combat(s, "Barbare", [bw, t], [(b, t)])
    assert one(s, "Barbare") in s.players[0].defausse
    act(s, 0, "pass")
    act(s, 1, "pass")  # 705.5: the end of the Phase d'Actions checks the Challenge
    assert s.players[0].xp >= 2 and s.players[1].xp == 0


def test_les_petits_d_abord_one_xp_per_niveau_1_allie() -> None:
    s = board(hand={0: ["Les Petits d'Abord"]}, monde={0: ["Tofu", "Piou Vert", "Bwork"], 1: ["Arakne"]})
    t, p, bw, a = one(s, "Tofu"), one(s, "Piou Vert"), one(s, "Bwork"), one(s, "Arakne")
    challenge_combat(s, "Les Petits d'Abord", [t, p, bw], [(a, bw)])
    xp0, xp1 = s.players[0].xp, s.players[1].xp
    act(s, 0, "pass")
    act(s, 1, "pass")
    assert s.players[0].xp - xp0 == 2 and s.players[1].xp - xp1 == 1  # Bwork is Niveau 2


def test_mystique_most_cards_played_from_hand_in_the_phase_d_actions() -> None:
    s = board(hand={0: ["Mystique", "Charge"]}, monde={0: ["Bwork"] + PIOUS})
    bw = one(s, "Bwork")
    challenge_combat(s, "Mystique", [bw], [])
    play(s, 0, one(s, "Charge"), bw)
    act(s, 1, "pass")
    act(s, 0, "pass")
    assert s.players[0].xp == 2 and s.players[1].xp == 0


def test_intouchable_and_designe_volontaire() -> None:
    s = board(hand={0: ["Intouchable", "Flèche Chercheuse"]}, monde={0: ["Bwork", "Tofu"] + PIOUS, 1: ["Arakne"]},
              heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    bw, t, b = one(s, "Bwork"), one(s, "Tofu"), one(s, "Arakne")
    challenge_combat(s, "Intouchable", [bw, t], [(b, bw)])
    assert s.pending[-1].seat == 0 and set(s.pending[-1].options) == {bw, t, "none"}
    choose(s, t)
    assert s.pending[-1].seat == 1 and s.pending[-1].options == (b, "none")
    choose(s, b)
    play(s, 0, one(s, "Flèche Chercheuse"), b)  # destroys the Arakne: its designator gains nothing
    act(s, 1, "pass")
    act(s, 0, "pass")
    assert s.players[0].xp == 2 and s.players[1].xp == 0  # Intouchable (the Arakne gives no XP)

    s = board(hand={0: ["Désigné Volontaire", "Flèche Chercheuse"]}, monde={0: ["Bwork"] + PIOUS, 1: ["Arakne"]},
              heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    bw, b = one(s, "Bwork"), one(s, "Arakne")
    challenge_combat(s, "Désigné Volontaire", [bw], [(b, bw)])
    assert s.pending[-1].options == (b, "none")
    choose(s, b)
    choose(s, bw)  # the defender designates the attacking Bwork
    play(s, 0, one(s, "Flèche Chercheuse"), b)
    act(s, 1, "pass")
    act(s, 0, "pass")
    assert s.players[0].xp == 2 and s.players[1].xp == 0


# -- Quêtes (302.2) ----------------------------------------------------------------------------------------------
def test_piou_answers_an_opposing_allie_just_destroyed() -> None:
    s = rich(hand={0: ["Flèche Chercheuse", "Piou ?"]}, monde={1: ["Arakne"]},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    assert not playable(s, "Piou ?")  # only right when its condition happens
    play(s, 0, one(s, "Flèche Chercheuse"), one(s, "Arakne"))
    # the window: asked of every player holding a playable Réaction (the opponent has none here)
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 0 and one(s, "Piou ?") in s.pending[-1].options
    choose(s, one(s, "Piou ?"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert len(s.players[0].main) == 1 and one(s, "Piou ?") in s.players[0].defausse


def test_no_window_without_a_quete_in_hand() -> None:
    s = rich(hand={0: ["Flèche Chercheuse"]}, monde={1: ["Arakne"]},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    play(s, 0, one(s, "Flèche Chercheuse"), one(s, "Arakne"))
    assert not s.pending and not s.file


def test_la_derniere_mode_after_destroying_your_own_allie() -> None:
    s = rich(hand={0: ["Malédiction d'Halouine", "La Dernière Mode"]}, mine=["Bwork"],
             pioche={0: ["Boo", "Coiffe du Bouftou", "Boo"]})
    play(s, 0, one(s, "Malédiction d'Halouine"))
    choose(s, one(s, "Bwork"))
    choose(s, one(s, "La Dernière Mode"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.pending[-1].options == (one(s, "Coiffe du Bouftou"), "none")
    choose(s, one(s, "Coiffe du Bouftou"))
    assert one(s, "Coiffe du Bouftou") in s.players[0].main


def test_premieres_armes_and_a_la_poursuite_d_ogrest() -> None:
    s = rich(hand={0: ["Flèche Chercheuse", "Premières Armes"]}, monde={1: ["Arakne"]},
             pioche={0: ["Abraton", "Boo"]},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    play(s, 0, one(s, "Flèche Chercheuse"), one(s, "Arakne"))
    choose(s, one(s, "Premières Armes"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    choose(s, one(s, "Abraton"))
    assert one(s, "Abraton") in s.players[0].main
    s = rich(hand={0: ["Flèche Chercheuse", "À la poursuite d'Ogrest"]}, monde={1: ["Arakne"]},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    play(s, 0, one(s, "Flèche Chercheuse"), one(s, "Arakne"))
    assert not s.pending  # the Arakne is not Unique: À la poursuite d'Ogrest cannot answer


def test_festin_des_wabbits_and_la_complainte_de_lykhen_answer_the_end_of_turn() -> None:
    s = rich(hand={0: ["Festin des Wabbits"], 1: ["La complainte de Lykhen"]}, hero_in_monde=(0,))
    s.tapped.add(s.players[0].hero)
    s.players[0].pv -= 6
    act(s, 0, "end_turn")
    assert s.pending[-1].seat == 1 and one(s, "La complainte de Lykhen") in s.pending[-1].options
    choose(s, one(s, "La complainte de Lykhen"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction" and one(s, "Festin des Wabbits") not in s.pending[-1].options:
        choose(s, "pass")
    choose(s, one(s, "Festin des Wabbits"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.players[1].xp == 1 and s.players[0].pv == CARDS["Bruss Ouilis"].pv - 1


def test_vacances_sur_l_ile_de_moon_when_your_heros_was_alone_in_the_monde() -> None:
    s = rich(hand={0: ["Vacances sur l'île de Moon"]}, hero_in_monde=(0,), pioche={0: ["Champs d'Astrub", "Boo"]})
    assert not playable(s, "Vacances sur l'île de Moon")
    from allegiance.games.wakfu import events
    events.start_of_turn(s, 0)
    assert playable(s, "Vacances sur l'île de Moon")
    play(s, 0, one(s, "Vacances sur l'île de Moon"))
    choose(s, one(s, "Champs d'Astrub"))
    assert one(s, "Champs d'Astrub") in s.players[0].monde


def test_flamiche_comes_back_from_the_defausse_for_two() -> None:
    s = rich(hand={0: ["Flamiche"]}, monde={1: ["Arakne"]})
    play(s, 0, one(s, "Flamiche"), one(s, "Arakne"))
    assert one(s, "Arakne") in s.players[1].defausse and one(s, "Flamiche") in s.players[0].defausse
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    while s.pending and s.pending[-1].get("fx") != "recall":
        choose(s, s.pending[-1].options[0])
    choose(s, "accept")
    choose(s, s.pending[-1].options[0])
    choose(s, s.pending[-1].options[0])
    assert one(s, "Flamiche") in s.players[0].main and len(s.tapped & set(s.players[0].monde)) == 2


# -- replacement of damage, control, Réactions ----------------------------------------------------------------------
def test_calin_de_bajaah_damage_to_your_allies_goes_to_your_heros() -> None:
    s = rich(hand={0: ["Calin de Bajaah"]}, mine=["Bwork"])
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Calin de Bajaah"))
    pv = s.players[0].pv
    from allegiance.games.wakfu import events
    events.deal_damage(s, 1, None, bw, 2, "Feu")
    assert s.damage.get(bw) is None and s.players[0].pv == pv - 2
    act(s, 0, "end_turn")
    events.deal_damage(s, 1, None, bw, 2, "Feu")  # until end of turn only
    assert s.damage.get(bw) == 2


def test_sacrifice_until_your_next_turn() -> None:
    s = rich(hand={0: ["Sacrifice"]}, mine=["Ekraz Lenoub"], monde={1: ["Bwork"]})
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Sacrifice"), bw)
    pv = s.players[0].pv
    from allegiance.games.wakfu import events
    act(s, 0, "end_turn")
    events.deal_damage(s, 0, None, bw, 3, "Feu")  # the opposing Bwork: its damage goes to my Héros
    assert bw in s.players[1].monde and s.players[0].pv == pv - 3


def test_invocation_a_monstre_that_attacks_at_once_and_dies_at_end_of_turn() -> None:
    s = rich(hand={0: ["Invocation", "Bwork"]}, mine=["Fofy Fafié"])
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Invocation"))
    choose(s, bw)
    assert bw in s.players[0].monde
    from allegiance.games.wakfu import combat
    assert bw in combat.eligible_attackers(s, 0)
    act(s, 0, "end_turn")
    assert bw in s.players[0].defausse


def test_abces_de_wakfu_empties_the_havre_sacs_until_end_of_turn() -> None:
    s = rich(hand={0: ["Abcès de Wakfu", "Bouftou"]}, havre={1: ["Boo"]})
    play(s, 0, one(s, "Abcès de Wakfu"))
    assert s.players[0].hero in s.players[0].monde and one(s, "Boo") in s.players[1].monde
    act(s, 0, "play", card=one(s, "Bouftou"))
    assert not s.pending or s.pending[-1].kind != "place"  # the Havre Sac is not offered
    assert not rules.sac_room(s, 0)


def test_corruption_exchanges_control_owners_unchanged() -> None:
    s = rich(hand={0: ["Corruption"]}, mine=["Belgodass"], monde={1: ["Bwork"]})
    bel, bw = one(s, "Belgodass"), one(s, "Bwork")
    s.tapped.add(bw)
    play(s, 0, one(s, "Corruption"), bw, bel)
    assert bw in s.players[0].monde and bel in s.players[1].monde and bw in s.tapped  # 416.3
    from allegiance.games.wakfu import events
    events.destroy(s, bw)
    assert bw in s.players[1].defausse  # its owner's


def test_vaillance_de_jiva_answers_an_attack() -> None:
    s = rich(hand={1: ["Vaillance de Jiva"]}, monde={0: ["Bwork"], 1: ["Bouftou"] + PIOUS})
    b = one(s, "Bouftou")
    s.tapped.add(b)
    act(s, 0, "attack")
    assert s.pending[-1].seat == 1 and one(s, "Vaillance de Jiva") in s.pending[-1].options
    choose(s, one(s, "Vaillance de Jiva"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert b not in s.tapped


def test_potion_d_oubli_de_sort_cancels_and_forbids_the_sort() -> None:
    s = rich(hand={0: ["Ronce", "Ronce"], 1: ["Potion d'Oubli de Sort"]}, mine=["Shika Ingalsse"],
             monde={1: ["Bwork"] + PIOUS})
    bw = one(s, "Bwork")
    play(s, 0, s.players[0].main[0], bw)
    assert s.pending[-1].seat == 1
    choose(s, one(s, "Potion d'Oubli de Sort"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.damage.get(bw) is None and not playable(s, "Ronce")


def test_passion_d_ulgrude_when_one_of_your_allies_is_destroyed() -> None:
    s = rich(hand={0: ["Flèche Chercheuse"], 1: ["Passion d'Ulgrude"]}, monde={1: ["Arakne"] + PIOUS, 0: ["Bwork"]},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Flèche Chercheuse"), one(s, "Arakne"))
    assert s.pending[-1].seat == 1
    choose(s, one(s, "Passion d'Ulgrude"))
    choose(s, bw)
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert bw in s.players[0].defausse


def test_grippe_de_wakfu_untaps_at_most_pa_cards_until_my_next_turn_included() -> None:
    s = rich(hand={0: ["Grippe de Wakfu"]}, monde={1: PIOUS})
    play(s, 0, one(s, "Grippe de Wakfu"))
    theirs = [c for c in s.players[1].monde if s.name(c).startswith("Piou")]
    s.tapped.update(theirs)
    act(s, 0, "end_turn")
    while s.pending and s.pending[-1].seat == 0:
        choose(s, s.pending[-1].options[-1])
    assert s.pending[-1].seat == 1 and s.pending[-1].get("fx") == "untap_some"
    pa = rules.pa(s, 1)
    for _ in range(pa):
        choose(s, s.pending[-1].options[0])
    assert len([c for c in theirs if c in s.tapped]) == len(theirs) - pa
    s.tapped.update(s.players[0].monde)  # eight Pious and more: above my PA
    act(s, 1, "end_turn")
    while s.pending and s.pending[-1].get("fx") != "untap_some":
        choose(s, s.pending[-1].options[-1])
    assert s.pending[-1].seat == 0  # my next turn's untap is limited too ("inclusive")
    choose(s, "done")
    act(s, 0, "end_turn")
    while s.pending and s.pending[-1].seat == 0:
        choose(s, s.pending[-1].options[-1])
    assert not any(p.get("fx") == "untap_some" for p in s.pending)  # then it is over


def test_romantisme_d_ogrest_gives_another_attack_on_a_heros_or_havre_sac() -> None:
    s = rich(hand={0: ["Romantisme d'Ogrest"]}, mine=["Bwork", "Bouftou"], monde={1: ["Tofu"]}, hero_in_monde=(1,))
    bw, b = one(s, "Bwork"), one(s, "Bouftou")
    assert not playable(s, "Romantisme d'Ogrest")  # an additional attack: once you have attacked
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, bw)
    choose(s, "done")
    while s.pending and s.pending[-1].kind == "blocker":
        choose(s, "done")
    act(s, 0, "pass")
    act(s, 1, "pass")
    while s.pending:
        choose(s, s.pending[-1].options[0])
    assert s.combat is None and s.players[1].sac_pr < CARDS[s.name(s.players[1].sac)].resistance
    play(s, 0, one(s, "Romantisme d'Ogrest"))
    act(s, 0, "attack")
    assert one(s, "Tofu") not in s.pending[-1].options and s.players[1].hero in s.pending[-1].options
    choose(s, s.players[1].sac)
    assert s.players[1].sac_pr == CARDS[s.name(s.players[1].sac)].resistance  # it regains all its points
    assert b in s.pending[-1].options


def test_combat_tactique_plays_another_action_that_no_reaction_answers() -> None:
    s = rich(hand={0: ["Combat Tactique", "Ronce"], 1: ["Échec Critique"]}, mine=["Shika Ingalsse"],
             monde={1: ["Bwork"] + PIOUS})
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Combat Tactique"))
    assert s.pending[-1].seat == 1 and one(s, "Échec Critique") in s.pending[-1].options  # it may answer this one
    choose(s, "pass")
    assert s.pending[-1].options == (one(s, "Ronce"), "none")
    choose(s, one(s, "Ronce"))
    choose(s, one(s, "Ronce"))  # announced now
    choose(s, bw)
    pay(s)
    assert not s.pending and s.damage.get(bw) == 2  # Échec Critique was never offered against the Ronce


def test_reflexes_untaps_a_combatant_and_uses_its_power() -> None:
    s = rich(hand={0: ["Réflexes"]}, mine=["Kristie Endor", "Wa Wabbit"], monde={1: ["Bwork"]})
    ww, bw = one(s, "Wa Wabbit"), one(s, "Bwork")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, ww)
    choose(s, "done")
    choose(s, bw, ww)
    s.tapped.add(ww)
    play(s, 0, one(s, "Réflexes"), ww)
    assert ww not in s.tapped and s.pending[-1].options == (f"use:{ww}:0", "pass")
    choose(s, f"use:{ww}:0")
    choose(s, bw)
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.damage.get(bw) == 2 and ww in s.tapped


# -- damage about to be dealt (Diversion, Protège !, Potion de Rappel) --------------------------------------------------
def test_potion_de_rappel_saves_an_allie_about_to_be_damaged() -> None:
    s = rich(hand={0: ["Flèche Chercheuse"], 1: ["Potion de Rappel"]}, monde={1: ["Bwork"] + PIOUS},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    bw = one(s, "Bwork")
    play(s, 0, one(s, "Flèche Chercheuse"), bw)
    assert s.pending[-1].seat == 1 and "about to take 1" in s.pending[-1].prompt
    choose(s, one(s, "Potion de Rappel"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert bw in s.players[1].main and s.damage.get(bw) is None


def test_diversion_sends_the_damage_to_another_of_your_cards() -> None:
    s = rich(hand={0: ["Flèche Chercheuse"], 1: ["Diversion"]}, monde={1: ["Bwork", "Demi Moon"] + PIOUS},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    dm, bw = one(s, "Demi Moon"), one(s, "Bwork")
    play(s, 0, one(s, "Flèche Chercheuse"), dm)
    choose(s, one(s, "Diversion"))
    assert dm not in s.pending[-1].options
    choose(s, bw)
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert dm in s.players[1].monde and s.damage.get(bw) == 1


def test_protege_sends_damage_to_your_heros_onto_a_monstre_and_passing_deals_it() -> None:
    s = rich(hand={0: ["Flèche Chercheuse", "Flèche Chercheuse"], 1: ["Protège !"]},
             monde={1: ["Fofy Fafié", "Bwork"] + PIOUS},
             heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
    bw, hero = one(s, "Bwork"), s.players[1].hero
    pv = s.players[1].pv
    play(s, 0, s.players[0].main[0], hero)
    choose(s, "pass")  # no answer: the damage is dealt as the window resolves
    assert s.players[1].pv == pv - 1
    play(s, 0, s.players[0].main[0], hero)
    choose(s, one(s, "Protège !"))
    assert bw in s.pending[-1].options and hero not in s.pending[-1].options  # a Monstre of yours (Pious are)
    choose(s, bw)
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.players[1].pv == pv - 1 and s.damage.get(bw) == 1


# -- Réactions to XP and to a mouvement ---------------------------------------------------------------------------------
def test_fourberie_de_djaul_takes_the_xp_about_to_be_gained() -> None:
    s = rich(hand={0: ["Parchemin Blanc"], 1: ["Fourberie de Djaul"]}, monde={1: PIOUS})
    play(s, 0, one(s, "Parchemin Blanc"))
    assert s.pending[-1].seat == 1 and "about to gain 1 XP" in s.pending[-1].prompt
    choose(s, one(s, "Fourberie de Djaul"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.players[0].xp == 0 and s.players[1].xp == 1


def test_curiosite_dangereuse_damages_the_heros_that_just_gained_xp() -> None:
    s = rich(hand={0: ["Parchemin Blanc"], 1: ["Curiosité Dangereuse"]}, monde={1: PIOUS})
    pv = s.players[0].pv
    play(s, 0, one(s, "Parchemin Blanc"))
    assert s.players[0].xp == 1 and s.pending[-1].seat == 1
    choose(s, one(s, "Curiosité Dangereuse"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.players[0].pv == pv - 1


def test_piege_glacial_after_a_mouvement() -> None:
    s = rich(hand={1: ["Piège Glacial"]}, monde={1: ["Demi Moon"] + PIOUS})
    pm = rules.pm(s, 0)
    act(s, 0, "move", card=s.players[0].hero)
    assert s.pending[-1].seat == 1
    choose(s, one(s, "Piège Glacial"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert rules.pm(s, 0) == max(0, pm - 2)


def test_humour_de_pouchecot_draws_a_card_instead_of_another_player() -> None:
    s = rich(hand={0: ["Parchemin de Chance"], 1: ["Humour de Pouchecot"]}, monde={1: PIOUS},
             defausse={0: ["Boo", "Boo"]})
    act(s, 0, "play", card=one(s, "Parchemin de Chance"))
    choose(s, s.players[0].defausse[0])
    choose(s, s.players[0].defausse[1])
    pay(s)
    # two cards to draw: two draw events, each its own window (its ruling); the thief answers the first
    assert s.pending[-1].seat == 1 and "about to draw" in s.pending[-1].prompt
    choose(s, one(s, "Humour de Pouchecot"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert len(s.players[0].main) == 1 and len(s.players[1].main) == 1


def test_emprise_links_the_other_heros_pv_to_yours_until_your_next_turn() -> None:
    s = rich(hand={0: ["Emprise"]}, mine=["Ekraz Lenoub"], hero_in_monde=(0, 1))
    mine, theirs = s.players[0].hero, s.players[1].hero
    play(s, 0, one(s, "Emprise"), theirs)
    assert mine in s.tapped
    from allegiance.games.wakfu import events, flow
    pv0, pv1 = s.players[0].pv, s.players[1].pv
    events.deal_damage(s, 1, None, mine, 3, "Feu")
    flow.advance(s)
    assert s.players[0].pv == pv0 - 3 and s.players[1].pv == pv1 - 3
    rules.heal(s, 0, 2)
    flow.advance(s)
    assert s.players[1].pv == pv1 - 1
    events.deal_damage(s, 0, None, theirs, 2, "Feu")  # one way only: theirs does not move mine
    flow.advance(s)
    assert s.players[0].pv == pv0 - 1


def test_grippe_de_wakfu_survives_a_written_position() -> None:
    from allegiance.games.wakfu import position
    s = rich(hand={0: ["Grippe de Wakfu"]})
    play(s, 0, one(s, "Grippe de Wakfu"))
    assert s.pmods == [(0, "grippe", 1, "after:0")]
    words = position.to_position(s)["player_effects"][0]["until"]
    assert words == "untap of the next turn of seat 0" and position.until_mark(words, "until") == "after:0"


def test_la_ruse_d_allister_attacks_back_right_after_the_combat() -> None:
    s = rich(hand={1: ["La Ruse d'Allister"]}, mine=["Bwork"], monde={1: ["Bouftou", "Tofu"] + PIOUS})
    bw, t = one(s, "Bwork"), one(s, "Tofu")
    act(s, 0, "attack")
    choose(s, s.players[1].sac)
    choose(s, bw)
    choose(s, "done")
    choose(s, t, bw)  # the Tofu blocks; the Bouftou stays dressé
    choose(s, "done") if s.pending and s.pending[-1].kind == "blocker" else None
    act(s, 0, "pass")
    act(s, 1, "pass")
    while s.pending and s.pending[-1].seat == 0:
        choose(s, s.pending[-1].options[0])
    assert s.combat is None and s.pending[-1].seat == 1 and one(s, "La Ruse d'Allister") in s.pending[-1].options
    choose(s, one(s, "La Ruse d'Allister"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert s.combat is not None and s.combat.attacker == 1 and s.active == 0  # in the attacker's turn
    assert s.pending[-1].kind == "attack_target" and s.players[0].sac in s.pending[-1].options
    choose(s, s.players[0].sac)
    assert s.pending[-1].kind == "attacker" and s.pending[-1].seat == 1  # its untapped cards attack


def test_random_games_with_these_actions_end_without_error() -> None:
    """Decks full of the Actions above, played at random to the end: no error, never stuck."""
    import random

    from allegiance.core.rng import Rng
    actions = sorted(n for n, d in CARDS.items() if d.type == "Action" and implemented(n))
    allies = sorted(n for n, d in CARDS.items() if d.type == "Allié" and implemented(n) and not d.unique)

    def deck(rnd: random.Random) -> str:
        pool = rnd.sample(actions, 12) + rnd.sample(allies, 8)
        counts: dict[str, int] = {}
        while sum(counts.values()) < 48:
            n = rnd.choice(pool)
            counts[n] = min(1 if CARDS[n].unique else 3, counts.get(n, 0) + 1)
        return "Héros: Bruss Ouilis\nHavre Sac: Havre Sac du Bouftou\n" + "\n".join(f"{v} {k}" for k, v in counts.items())

    for seed in range(3):
        rnd = random.Random(seed)
        s = GAME.new_game("1v1", seed, {"decks": [deck(rnd), deck(rnd)]})
        pick = Rng(seed)
        for _ in range(30_000):
            if s.phase == "over":
                break
            seat = next(x for x in (0, 1) if GAME.legal_actions(s, x))  # never stuck: someone may act
            legal = GAME.legal_actions(s, seat)
            GAME.apply(s, seat, legal[pick.below(len(legal))])
        assert s.phase == "over"


def test_piege_glacial_on_lame_ourduvis_window_hits_the_mover() -> None:
    """Found by random decks (game 19 of seed 77): a mouvement seen by Lâme Ourduvis opens a "moved" window;
    Piège Glacial answering that window crashed (the window named no player).  The player who made the
    mouvement loses 2 PM (Piège Glacial; 414: a mouvement), even when that player plays it himself."""
    s = rich(hand={0: ["Piège Glacial"]}, mine=["Demi Moon", "Lâme Ourduvis"])
    pm = rules.pm(s, 0)
    act(s, 0, "move", card=one(s, "Demi Moon"))
    assert s.pending[-1].seat == 0 and one(s, "Piège Glacial") in s.pending[-1].options
    choose(s, one(s, "Piège Glacial"))
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert rules.pm(s, 0) == max(0, pm - 2)


def test_one_mouvement_opens_one_window_for_piege_glacial_and_lame_ourduvis() -> None:
    """With a Piège Glacial in an opponent's hand and a Lâme Ourduvis in play, a mouvement opens one window
    (not two), and Lâme Ourduvis answering it hits the card that moved, not its player's Héros (its ruling)."""
    s = rich(hand={1: ["Piège Glacial"]}, monde={1: ["Demi Moon", "Lâme Ourduvis"]}, mine=["Tomla Klass"])
    tomla, lame = one(s, "Tomla Klass"), one(s, "Lâme Ourduvis")
    pv = s.players[0].pv
    act(s, 0, "move", card=tomla)
    assert [i.effect for i in s.file] == ["moved"] and s.file[0].card == tomla
    assert s.pending[-1].seat == 1
    choose(s, f"use:{lame}:0")
    pay(s)
    while s.pending and s.pending[-1].kind == "reaction":
        choose(s, "pass")
    assert tomla in s.players[0].defausse and s.players[0].pv == pv


def test_porter_targets_only_a_card_that_leaves_another_to_incline() -> None:
    """Found by random decks (greedy v random, game 246 of seed 2026, stuck): Porter targeting the only untapped
    Allié/Héros of its player was offered, then its additional cost ("incline *another*") could not be paid, so
    the play was taken back (418.8), and a greedy player did the same for ever.  Such a card is no target."""
    s = rich(hand={0: ["Porter"]}, mine=["Bowissette", "Bwork"])
    bow, bw = one(s, "Bowissette"), one(s, "Bwork")
    p = s.players[0]
    s.tapped.update(c for c in p.monde + p.havre if c != bow)
    probe = Item("card", 0, one(s, "Porter"), "Porter")
    found = candidates(s, probe, "own_character_other_untapped")
    assert bow not in found and bw in found  # a tapped one may be untapped by inclining Bowissette
    s.tapped.discard(bw)
    assert bow in candidates(s, probe, "own_character_other_untapped")
