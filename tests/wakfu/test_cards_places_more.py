"""The Incarnam Zones and Salles beyond the starters (issue 23): each card at work, one test or case each."""

from __future__ import annotations

import pytest

from allegiance.games.wakfu import GAME, flow, rules
from allegiance.games.wakfu.effects.zones import zones_at_start
from allegiance.games.wakfu.resources import ANY, feasible, producers
from allegiance.games.wakfu.state import WakfuState
from tests.wakfu.builders import act, attack, board, choose, kinds, one, pass_reactions, play, use

PIOUS = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2


def rich(**kw):  # type: ignore[no-untyped-def]
    """Seat 0 has eight Pious (two of each element) to pay with."""
    monde = kw.pop("monde", {})
    monde = {**monde, 0: PIOUS + monde.get(0, [])}
    return board(monde=monde, **kw)


def settle(s: WakfuState) -> None:
    flow.advance(s)
    pass_reactions(s)


def next_own_turn(s: WakfuState) -> None:
    """Seat 0 ends its turn, seat 1 ends its own: seat 0's next turn starts (its start-of-turn powers pending)."""
    for seat in (0, 1):
        act(s, seat, "end_turn")
        if s.pending and s.pending[-1].kind == "recycle_hand":  # 604.2: keep the hand
            choose(s, "keep")
        settle(s)



# -- Zones (310) ------------------------------------------------------------------------------------------------
def test_a_zone_is_played_into_the_monde_untapped_310_1() -> None:
    s = rich(hand={0: ["Port de Madrestam"]})
    port = one(s, "Port de Madrestam")
    play(s, 0, port)
    settle(s)
    assert port in s.players[0].monde and port not in s.tapped  # only the Astrub Zones appear inclined
    assert s.cards[port].element == "Eau"  # its page: the top-right symbol


def test_a_zone_is_not_played_on_the_first_players_first_turn_506_3() -> None:
    s = rich(hand={0: ["Zaap"]}, turn=1)
    assert not any(a.kind == "play" for a in GAME.legal_actions(s, 0))


@pytest.mark.parametrize(("zone", "element", "card"), [("Arène des Démons des Heures", "Feu", "Bwork"),
                                                       ("Port de Madrestam", "Eau", "Wabbit"),
                                                       ("Stade de Boufball", "Terre", "Bouftou"),
                                                       ("Village des Katrepats", "Air", "Tofu")])
def test_element_zones_recycle_a_card_of_their_element_or_are_destroyed_310(zone: str, element: str,
                                                                            card: str) -> None:
    s = board(monde={0: [zone]}, defausse={0: [card, "Boo" if element != "Eau" else "Bwork"]})
    z = one(s, zone)
    next_own_turn(s)
    pend = s.pending[-1]
    assert pend.kind == "effect" and pend.card == z and set(pend.options) == {one(s, card), "destroy"}
    choose(s, one(s, card))
    assert z in s.players[0].monde and s.players[0].pioche[0] == one(s, card)
    next_own_turn(s)
    choose(s, "destroy")  # nothing of its element left: the Zone goes
    assert z in s.players[0].defausse


@pytest.mark.parametrize("donjon", ["Donjon des Bouftous", "Donjon des Larves", "Donjon des Tofus",
                                    "Gélaxième Dimension"])
def test_donjons_cost_the_hero_2_pv_each_turn_or_are_destroyed(donjon: str) -> None:
    s = board(monde={0: [donjon]})
    d = one(s, donjon)
    pv = s.players[0].pv
    next_own_turn(s)
    assert s.pending[-1].options == ("lose_pv", "destroy")
    choose(s, "lose_pv")
    assert s.players[0].pv == pv - 2 and d in s.players[0].monde
    next_own_turn(s)
    choose(s, "destroy")
    assert s.players[0].pv == pv - 2 and d in s.players[0].defausse


def test_donjon_des_bouftous_gives_your_bouftous_1_force_and_geant() -> None:
    s = board(monde={0: ["Donjon des Bouftous", "Bouftou", "Bwork"], 1: ["Bouftou"]})
    mine, theirs, bwork = one(s, "Bouftou", 0), one(s, "Bouftou", 1), one(s, "Bwork")
    assert rules.force(s, mine) == 3 and rules.has_keyword(s, mine, "Géant")
    assert rules.force(s, theirs) == 2 and not rules.has_keyword(s, theirs, "Géant")  # only yours
    assert rules.force(s, bwork) == 3 and not rules.has_keyword(s, bwork, "Géant")  # only Bouftous


def test_donjon_des_tofus_gives_your_tofus_1_force_and_agilite() -> None:
    s = board(monde={0: ["Donjon des Tofus", "Tofu"], 1: ["Bwork"]})
    tofu = one(s, "Tofu")
    assert rules.force(s, tofu) == 2 and rules.has_keyword(s, tofu, "Agilité")
    assert not rules.may_block(s, one(s, "Bwork"), tofu)  # 806.1: only an Agilité card blocks it


def test_donjon_des_larves_returns_a_larve_about_to_be_destroyed_to_the_hand() -> None:
    s = board(monde={0: ["Donjon des Larves", "Larve Bleue"], 1: ["Larve Bleue"]})
    mine, theirs = one(s, "Larve Bleue", 0), one(s, "Larve Bleue", 1)
    assert rules.force(s, mine) == 2 and rules.force(s, theirs) == 1
    from allegiance.games.wakfu import events
    events.destroy(s, mine)
    events.destroy(s, theirs)
    assert mine in s.players[0].main and mine not in s.players[0].defausse
    assert theirs in s.players[1].defausse  # its controller has no Donjon


def test_gelaxieme_dimension_puts_a_gelee_of_lower_niveau_into_play_from_the_hand() -> None:
    s = board(monde={0: ["Gélaxième Dimension", "Gelée Bleue"]}, hand={0: ["Gelée Citron", "Roi Gélax"]})
    gx, bleue, citron = one(s, "Gélaxième Dimension"), one(s, "Gelée Bleue"), one(s, "Gelée Citron")
    act(s, 0, "use", card=gx, power=0)
    choose(s, bleue)  # the additional cost: incline one of your Gelées
    settle(s)
    assert s.pending[-1].options == (citron, "none")  # Roi Gélax: Niveau 5 > 2
    choose(s, citron)
    choose(s, "monde")
    assert citron in s.players[0].monde and bleue in s.tapped and gx not in s.tapped  # no Incliner symbol


def test_village_des_katrepats_trades_an_allie_for_another_of_lower_niveau() -> None:
    s = board(monde={0: ["Village des Katrepats", "Bwork"]}, defausse={0: ["Bouftou", "Roi Gélax"]})
    v, bwork, bouftou = one(s, "Village des Katrepats"), one(s, "Bwork"), one(s, "Bouftou")
    use(s, 0, v, bwork)
    settle(s)
    assert bwork in s.players[0].defausse and v in s.tapped
    assert s.pending[-1].options == (bouftou,)  # another (not Bwork), Niveau <= 3 (not Roi Gélax); no "none"
    choose(s, bouftou)
    choose(s, "monde")
    assert bouftou in s.players[0].monde


def test_port_de_madrestam_recycles_then_draws_and_without_a_card_does_nothing() -> None:
    s = board(monde={0: ["Port de Madrestam"]}, defausse={0: ["Bwork"]})
    port, bwork = one(s, "Port de Madrestam"), one(s, "Bwork")
    use(s, 0, port)
    settle(s)
    choose(s, bwork)
    assert s.players[0].pioche[0] == bwork and len(s.players[0].main) == 1
    s2 = board(monde={0: ["Port de Madrestam"]})
    use(s2, 0, one(s2, "Port de Madrestam"))
    settle(s2)
    assert not s2.players[0].main and not s2.pending  # its ruling: nothing recycled, no card drawn


def test_arene_des_demons_des_heures_gives_2_force_to_an_attacking_hero() -> None:
    s = board(monde={0: ["Arène des Démons des Heures"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    attack(s, [hero])
    assert rules.force(s, hero) == 3 + 1 + 2  # Bruss Ouilis' own +1 as it attacks, the Arène's +2
    pv = s.players[0].pv
    while s.combat is not None:  # both pass: the combat ends (705.5, 708)
        if s.pending:
            choose(s, s.pending[-1].options[0])
        else:
            act(s, s.combat.to_act, "pass")
        settle(s)
    act(s, 0, "end_turn")
    settle(s)
    assert s.players[0].pv == pv  # it attacked: no damage at the end of the turn


def test_arene_des_demons_des_heures_burns_a_hero_that_did_not_attack_605_1() -> None:
    s = board(monde={0: ["Arène des Démons des Heures"]})
    pv = s.players[0].pv
    act(s, 0, "end_turn")
    settle(s)
    assert s.players[0].pv == pv - 3  # 3 Feu at the end of your turn (even in its Havre Sac)


def test_stade_de_boufball_gives_1_xp_when_your_hero_attacks_or_blocks() -> None:
    s = board(monde={0: ["Stade de Boufball"], 1: ["Bwork"]}, hero_in_monde=(0,))
    attack(s, [s.players[0].hero])
    assert s.players[0].xp == 1
    s2 = board(monde={0: ["Stade de Boufball"], 1: ["Bwork"]}, hero_in_monde=(0,), active=1, turn=4)
    attack(s2, [one(s2, "Bwork")], {s2.players[0].hero: one(s2, "Bwork")}, seat=1)
    assert s2.players[0].xp == 1 and s2.players[1].xp == 0


def test_incarnam_is_banished_and_stops_every_attack_until_your_next_turn() -> None:
    s = board(monde={0: ["Incarnam", "Bwork"], 1: ["Bwork"]}, hero_in_monde=(0, 1))
    inc = one(s, "Incarnam")
    assert "attack" in kinds(s, 0)
    use(s, 0, inc)
    settle(s)
    assert inc in s.banished and inc not in s.players[0].defausse  # its errata: banished, not destroyed
    assert "attack" not in kinds(s, 0)
    act(s, 0, "end_turn")
    settle(s)
    assert s.active == 1 and "attack" not in kinds(s, 1)
    act(s, 1, "end_turn")
    settle(s)
    assert s.active == 0 and "attack" in kinds(s, 0)


def test_zaap_is_destroyed_to_take_a_zone_of_the_defausse_in_hand() -> None:
    s = board(monde={0: ["Zaap"]}, defausse={0: ["Forêts d'Astrub", "Bwork"]})
    zaap, foret = one(s, "Zaap"), one(s, "Forêts d'Astrub")
    use(s, 0, zaap)
    settle(s)
    assert zaap in s.players[0].defausse
    assert set(s.pending[-1].options) == {foret, zaap}  # Zones only (the Zaap is one, in the Défausse by now)
    choose(s, foret)
    assert foret in s.players[0].main


def test_zones_controlled_at_the_start_of_the_turn_are_remembered() -> None:
    s = board(monde={0: ["Forêts d'Astrub", "Zaap"]}, defausse={0: ["Bouftou"]})
    assert zones_at_start(s, 0) == ()
    next_own_turn(s)
    assert zones_at_start(s, 0) == ("Forêts d'Astrub", "Zaap")  # before the upkeep resolves
    copy = s.copy()
    choose(s, "destroy")
    assert zones_at_start(s, 0) == ("Forêts d'Astrub", "Zaap") == zones_at_start(copy, 0)
    assert zones_at_start(s, 1) == ()


# -- Salles (309) -----------------------------------------------------------------------------------------------
def test_a_salle_needs_room_in_the_havre_sac_306_3_309() -> None:
    s = rich(hand={0: ["Lit Maladorant"]}, havre={0: ["Bouftou", "Bouftou"]})
    lit = one(s, "Lit Maladorant")
    play(s, 0, lit)
    settle(s)
    assert lit in s.players[0].havre  # Héros + 2 Alliés + the Salle: Taille 4
    s2 = rich(hand={0: ["Lit Maladorant"]}, havre={0: ["Bouftou", "Bouftou", "Bouftou"]})
    assert not any(a.kind == "play" for a in GAME.legal_actions(s2, 0))  # full


def test_lit_maladorant_heals_2_while_the_hero_is_in_the_havre_sac() -> None:
    s = board(havre={0: ["Lit Maladorant"]})
    s.players[0].pv -= 5
    pv = s.players[0].pv
    next_own_turn(s)
    settle(s)
    assert s.players[0].pv == pv + 2
    s2 = board(havre={0: ["Lit Maladorant"]}, hero_in_monde=(0,))
    s2.players[0].pv -= 5
    pv = s2.players[0].pv
    next_own_turn(s2)
    settle(s2)
    assert s2.players[0].pv == pv  # in the Monde: nothing


def test_boucherie_heals_a_hero_by_the_destroyed_monstres_force_810_2d() -> None:
    s = board(havre={0: ["Boucherie de Bout d'Chair", "Bwork", "Keyss Aouti"]})
    b, bwork = one(s, "Boucherie de Bout d'Chair"), one(s, "Bwork")
    hero = s.players[0].hero
    s.players[0].pv -= 8
    pv = s.players[0].pv
    rules.add_mod(s, bwork, "force", 2)
    act(s, 0, "use", card=b, power=0)
    choose(s, hero)
    assert one(s, "Keyss Aouti") not in s.pending[-1].options  # a Monstre only
    choose(s, bwork)
    settle(s)
    assert bwork in s.players[0].defausse and s.players[0].pv == pv + 5  # its Force as it was destroyed


def test_salle_des_trophees_de_kabrok_recycles_x_monstres_for_x_pv() -> None:
    s = board(havre={0: ["Salle des Trophées de Kabrok"]}, defausse={0: ["Bwork", "Tofu", "Keyss Aouti"]})
    k = one(s, "Salle des Trophées de Kabrok")
    s.players[0].pv -= 5
    pv = s.players[0].pv
    act(s, 0, "use", card=k, power=0)
    assert one(s, "Keyss Aouti") not in s.pending[-1].options
    choose(s, one(s, "Bwork"))
    choose(s, one(s, "Tofu"))
    choose(s, "done")
    settle(s)
    assert s.players[0].pv == pv + 2 and s.players[0].defausse == [one(s, "Keyss Aouti")]


def test_toilettes_des_miss_moches_recycle_a_card_of_any_players_defausse() -> None:
    s = board(havre={0: ["Toilettes des Miss Moches"]}, defausse={1: ["Bwork"]})
    t, bwork = one(s, "Toilettes des Miss Moches"), one(s, "Bwork")
    use(s, 0, t, 1)
    settle(s)
    choose(s, bwork)
    assert s.players[1].pioche[0] == bwork and t in s.tapped


def test_salle_des_tresors_de_ruel_goes_back_to_hand_to_play_an_equipement_for_free() -> None:
    s = board(havre={0: ["Salle des Trésors de Ruel"]}, hand={0: ["Coiffe du Bouftou"]})
    ruel, coiffe = one(s, "Salle des Trésors de Ruel"), one(s, "Coiffe du Bouftou")
    hero = s.players[0].hero
    use(s, 0, ruel)
    settle(s)
    assert ruel in s.players[0].main
    choose(s, coiffe)
    choose(s, hero)
    settle(s)
    assert s.attached.get(coiffe) == hero and s.players[0].sac not in s.tapped  # nothing paid


def test_forge_de_deudoine_is_inclined_instead_of_a_forgeron_for_an_arme() -> None:
    s = board(havre={0: ["Forge de Deudoiné"]}, hand={0: ["Baguette Larvesque", "Coiffe du Bouftou"]},
              defausse={0: ["Bwork", "Bwork", "Bwork", "Bouftou", "Bouftou"]})
    forge, baguette = one(s, "Forge de Deudoiné"), one(s, "Baguette Larvesque")
    act(s, 0, "play", card=baguette)  # the Héros, its only porteur
    assert "craft" in s.pending[-1].options
    choose(s, "craft")
    assert s.pending[-1].options == (forge, "cancel")
    choose(s, forge)
    for _ in range(3):
        choose(s, s.pending[-1].options[0])
    settle(s)
    assert s.attached.get(baguette) == s.players[0].hero and forge in s.tapped
    # not for an Armure, whose Recette names an Armurier
    act(s, 0, "play", card=one(s, "Coiffe du Bouftou"))
    assert "craft" not in s.pending[-1].options


def test_laboratoire_d_otomai_lets_every_resource_be_of_any_element() -> None:
    s = board(havre={0: ["Laboratoire d'Otomaï"]}, monde={0: ["Piou Vert", "Piou Vert"]}, hand={0: ["Bwork"]})
    assert {e for _, e in producers(s, 0)} == {ANY}
    assert feasible(["Feu", "Eau", "Neutre"], producers(s, 0))
    play(s, 0, one(s, "Bwork"), "monde")  # Feu paid with the Pious and the Havre Sac (Terre)
    settle(s)
    assert one(s, "Bwork") in s.players[0].monde
    s2 = board(monde={0: ["Piou Vert", "Piou Vert"]}, hand={0: ["Bwork"]})
    assert not feasible(["Feu", "Neutre", "Neutre"], producers(s2, 0))


def test_laboratoire_d_otomai_in_the_defausse_may_be_recycled_for_another_card() -> None:
    s = board(defausse={0: ["Laboratoire d'Otomaï", "Bwork"]})
    labo, bwork = one(s, "Laboratoire d'Otomaï"), one(s, "Bwork")
    next_own_turn(s)
    assert s.pending[-1].options == (bwork, "no")
    choose(s, bwork)
    assert bwork in s.players[0].main and s.players[0].pioche[0] == labo


def test_a_power_whose_source_went_back_to_the_hand_names_no_id_invariant_4() -> None:
    s = board(havre={0: ["Salle des Trésors de Ruel"]}, hand={0: ["Coiffe du Bouftou"]}, reaction_prompts="always")
    ruel = one(s, "Salle des Trésors de Ruel")
    act(s, 0, "use", card=ruel, power=0)  # the cost returns it to the hand; the power waits in the File (809)
    assert ruel in s.players[0].main and s.file
    theirs, mine = GAME.view(s, 1)["file"][-1]["card"], GAME.view(s, 0)["file"][-1]["card"]
    assert theirs["id"] == -1 and theirs["name"] == "Salle des Trésors de Ruel"
    assert mine["id"] == ruel  # its owner sees his hand


# -- random games with these cards ------------------------------------------------------------------------------
NEW = ["Arène des Démons des Heures", "Donjon des Bouftous", "Donjon des Larves", "Donjon des Tofus",
       "Gélaxième Dimension", "Incarnam", "Port de Madrestam", "Stade de Boufball", "Village des Katrepats", "Zaap",
       "Boucherie de Bout d'Chair", "Forge de Deudoiné", "Laboratoire d'Otomaï", "Lit Maladorant",
       "Salle des Trésors de Ruel", "Salle des Trophées de Kabrok", "Toilettes des Miss Moches"]


def places_deck(base: str, cards: list[str]) -> str:
    """A starter whose Actions give way to ``cards`` and two Gelées, up to 48 cards (101.1; a Unique once)."""
    from collections import Counter

    from allegiance.games.wakfu.cards import CARDS
    from allegiance.games.wakfu.decks import starter
    d = starter(base)
    kept = [(n, k) for n, k in d.cards if CARDS[n].type != "Action"]
    room = 48 - sum(k for _, k in kept)
    pool = [*cards, "Gelée Bleue", "Gelée Citron"]
    adds: Counter[str] = Counter()
    for i in range(200):
        n = pool[i % len(pool)]
        if room and adds[n] < (1 if CARDS[n].unique else 3):
            adds[n] += 1
            room -= 1
    lines = [f"Héros: {d.hero}", f"Havre Sac: {d.havre_sac}"] + [f"{k} {n}" for n, k in kept + list(adds.items())]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", [3, 8])
def test_random_games_with_the_new_zones_and_salles_keep_the_invariants(seed: int) -> None:
    from allegiance.core.rng import Rng
    from tests.wakfu.test_properties import conserved, no_leak
    decks = [places_deck("iop", NEW[:9]), places_deck("xelor", NEW[9:])]
    s = GAME.new_game("1v1", seed, {"decks": decks, "max_turns": 60})
    rng = Rng(seed)
    for k in range(1500):
        if GAME.outcome(s) is not None:
            break
        seat = GAME.active_seats(s)[0]
        legal = GAME.legal_actions(s, seat)
        assert legal, (s.phase, s.pending)  # never stuck
        GAME.apply(s, seat, rng.choice(legal))
        if k % 10 == 0:
            conserved(s)  # invariant 3
            no_leak(s)  # invariant 4
