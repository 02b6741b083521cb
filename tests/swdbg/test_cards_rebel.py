"""Every Rebel card of swdbg_cards.csv at work in a 1v1 position: its ability, and its reward when
the Empire player defeats it in the galaxy row (bounty hunting).  Seat 0 is the Empire, seat 1 the
Rebels; the Force track runs from 0 (fully Empire) to 6 (fully Rebel)."""

from __future__ import annotations

from typing import Any

import pytest

from allegiance.games.swdbg.combat import attack_value
from allegiance.games.swdbg.state import SwdbgState
from tests.swdbg.builders import (
    attack_base,
    attack_row,
    build,
    choose,
    cid,
    names,
    options,
    pick,
    play,
    resources,
    usable,
    use,
)

EMPIRE, REBEL = 0, 1


def rebel_turn(**zones: Any) -> SwdbgState:
    """A main-phase position of the Rebel player's turn."""
    return build(active_team=1, **zones)


# -- starters -------------------------------------------------------------------------------------
def test_alliance_shuttle_and_rebel_trooper() -> None:
    s = rebel_turn(hand={1: ["Alliance Shuttle", "Rebel Trooper"]})
    play(s, REBEL, "Alliance Shuttle")
    play(s, REBEL, "Rebel Trooper")
    assert resources(s, REBEL) == 1
    attack_base(s, REBEL, ["Rebel Trooper"])
    assert s.damage[s.players[EMPIRE].base] == 2


@pytest.mark.parametrize("mode, force, res, attack", [
    ("attack1", 3, 0, 1), ("resources1", 3, 1, 0), ("force1", 4, 0, 0),
])
def test_temple_guardian_choose_one(mode: str, force: int, res: int, attack: int) -> None:
    """Temple Guardian: when played, choose +1 attack, +1 resource or +1 Force."""
    s = rebel_turn(hand={1: ["Temple Guardian"]}, force=3)
    play(s, REBEL, "Temple Guardian")
    choose(s, REBEL, mode)
    assert (s.force, resources(s, REBEL)) == (force, res)
    assert attack_value(s, s.players[REBEL], cid(s, "Temple Guardian")) == attack


def test_temple_guardian_no_force_option_when_force_fully_rebel() -> None:
    s = rebel_turn(hand={1: ["Temple Guardian"]}, force=6)
    play(s, REBEL, "Temple Guardian")
    assert set(options(s)) == {"attack1", "resources1"}


# -- rewards (the Empire player defeats the card in the galaxy row) --------------------------------
REWARD_GAINS = [
    ("Y-Wing", 1, 0), ("Baze Malbus", 0, 1), ("Chirrut Imwe", 0, 2), ("Rebel Commando", 0, 2),
    ("X-Wing", 3, 0), ("Jyn Erso", 0, 3), ("Chewbacca", 0, 3), ("U-Wing", 4, 0), ("Han Solo", 3, 2),
    ("Cassian Andor", 3, 2), ("Princess Leia", 3, 3), ("Luke Skywalker", 4, 4),
]


@pytest.mark.parametrize("name, res, force", REWARD_GAINS)
def test_rebel_unit_reward_gains(name: str, res: int, force: int) -> None:
    """Bounty hunting at the target value (= cost) gives the reward to the Empire player."""
    s = build(force=5, units={0: ["Stormtrooper"] * 4}, row={0: ["Bossk", name]})
    target = cid(s, name, s.regions[0].row)
    attack_row(s, EMPIRE, name, ["Stormtrooper"] * ((s.cards[target].cost + 1) // 2))
    assert target in s.regions[0].galaxy_discard
    assert names(s, s.regions[0].row)[:2] == ["Bossk", "Lobot"]
    assert resources(s, EMPIRE) == res
    assert s.force == max(0, 5 - force)


@pytest.mark.parametrize("name, count", [("Snowspeeder", 1), ("Duros Spy", 1), ("B-Wing", 2)])
def test_rebel_unit_reward_exile(name: str, count: int) -> None:
    """Snowspeeder / Duros Spy: exile 1; B-Wing: exile up to 2 cards from hand and/or discard."""
    s = build(units={0: ["Stormtrooper"] * 3}, hand={0: ["Imperial Shuttle", "Imperial Shuttle"]},
              discard={0: ["Imperial Shuttle"]}, row={0: [name]})
    attack_row(s, EMPIRE, name, ["Stormtrooper"] * 3)
    pick(s, EMPIRE, "Imperial Shuttle")
    if count == 2:
        assert s.pending and "done" in options(s)
        pick(s, EMPIRE, "Imperial Shuttle")
    assert not s.pending
    assert names(s, s.exiled) == ["Imperial Shuttle"] * count


def test_millennium_falcon_reward_free_empire_purchase() -> None:
    """Millennium Falcon's reward: the defeating player purchases a card of their own faction free."""
    s = build(units={0: ["Darth Vader", "Stormtrooper"]}, force=2, row={0: ["Millennium Falcon", "X-Wing", "AT-AT"]})
    attack_row(s, EMPIRE, "Millennium Falcon", ["Darth Vader"])
    opts = [o for o in options(s) if o != "decline"]
    assert names(s, opts) == ["AT-AT"]
    pick(s, EMPIRE, "AT-AT")
    assert names(s, s.players[EMPIRE].discard) == ["AT-AT"] and resources(s, EMPIRE) == 0


# -- abilities ------------------------------------------------------------------------------------
def test_y_wing_exiles_itself_to_deal_two_damage_ignoring_ships() -> None:
    """Y-Wing: exile it for 2 damage to the enemy base; "deal damage" ignores capital ships."""
    s = rebel_turn(hand={1: ["Y-Wing"]}, ships={0: ["Star Destroyer"]})
    play(s, REBEL, "Y-Wing")
    use(s, REBEL, "Y-Wing")
    y = cid(s, "Y-Wing")
    assert y in s.exiled and y not in s.players[REBEL].units
    assert s.damage[s.players[EMPIRE].base] == 2
    assert cid(s, "Star Destroyer") not in s.damage


def test_snowspeeder_opponent_discards_a_card_of_their_choice() -> None:
    s = rebel_turn(hand={1: ["Snowspeeder"], 0: ["Stormtrooper", "Imperial Shuttle"]})
    play(s, REBEL, "Snowspeeder")
    use(s, REBEL, "Snowspeeder")
    assert s.pending[-1].seats == (EMPIRE,)
    pick(s, EMPIRE, "Imperial Shuttle")
    assert names(s, s.players[EMPIRE].discard) == ["Imperial Shuttle"]
    assert names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]


def test_snowspeeder_not_usable_against_empty_hand() -> None:
    s = rebel_turn(units={1: ["Snowspeeder"]})
    assert "Snowspeeder" not in usable(s, REBEL)


@pytest.mark.parametrize("answer", ["discard", "force"])
def test_duros_spy_opponent_chooses(answer: str) -> None:
    s = rebel_turn(hand={1: ["Duros Spy"], 0: ["Stormtrooper"]}, force=3)
    play(s, REBEL, "Duros Spy")
    assert resources(s, REBEL) == 2
    use(s, REBEL, "Duros Spy")
    assert s.pending[-1].seats == (EMPIRE,)
    if answer == "force":
        choose(s, EMPIRE, "force")
        assert s.force == 4 and names(s, s.players[EMPIRE].hand) == ["Stormtrooper"]
    else:
        pick(s, EMPIRE, "Stormtrooper")
        assert s.force == 3 and names(s, s.players[EMPIRE].discard) == ["Stormtrooper"]


def test_baze_malbus_gains_one_attack_per_rebel_base_in_opponent_victory_pile() -> None:
    s = rebel_turn(units={1: ["Baze Malbus"]}, victory=[["Dantooine", "Hoth"], ["Lothal"]],
                   base={1: "Sullust"}, base_deck={1: ["Yavin 4", "Mon Cala"]})
    assert attack_value(s, s.players[REBEL], cid(s, "Baze Malbus")) == 4
    s = rebel_turn(units={1: ["Baze Malbus"]}, victory=[[], ["Lothal"]])
    assert attack_value(s, s.players[REBEL], cid(s, "Baze Malbus")) == 2


@pytest.mark.parametrize("choice, res, damage", [("resources1", 1, 3), ("repair2", 0, 1)])
def test_rebel_transport_repair_two_or_one_resource(choice: str, res: int, damage: int) -> None:
    s = rebel_turn(ships={1: ["Rebel Transport"]}, damage={"Dantooine": 3})
    use(s, REBEL, "Rebel Transport")
    choose(s, REBEL, choice)
    assert resources(s, REBEL) == res and s.damage[s.players[REBEL].base] == damage


def test_chirrut_imwe_gains_two_attack_with_the_force() -> None:
    for force, expected in ((3, 0), (4, 2), (6, 2)):
        s = rebel_turn(units={1: ["Chirrut Imwe"]}, force=force)
        assert attack_value(s, s.players[REBEL], cid(s, "Chirrut Imwe")) == expected
    s = rebel_turn(hand={1: ["Chirrut Imwe"]}, force=2)
    play(s, REBEL, "Chirrut Imwe")  # its 2 Force brings the Force to the Rebels: now it attacks for 2
    assert s.force == 4
    attack_base(s, REBEL, ["Chirrut Imwe"])
    assert s.damage[s.players[EMPIRE].base] == 2


def test_rebel_commando_opponent_chooses_without_the_force() -> None:
    s = rebel_turn(hand={1: ["Rebel Commando"], 0: ["Stormtrooper", "Imperial Shuttle"]}, force=3)
    play(s, REBEL, "Rebel Commando")
    use(s, REBEL, "Rebel Commando")
    assert s.pending[-1].seats == (EMPIRE,)
    pick(s, EMPIRE, "Stormtrooper")
    assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"]


def test_rebel_commando_random_discard_with_the_force() -> None:
    """With the Force the discard is at random: no choice, and over seeds either card can go."""
    gone = set()
    for seed in range(12):
        s = rebel_turn(hand={1: ["Rebel Commando"], 0: ["Stormtrooper", "Imperial Shuttle"]}, force=5, seed=seed)
        play(s, REBEL, "Rebel Commando")
        use(s, REBEL, "Rebel Commando")
        assert not s.pending
        assert len(s.players[EMPIRE].discard) == 1 and len(s.players[EMPIRE].hand) == 1
        gone.add(names(s, s.players[EMPIRE].discard)[0])
    assert gone == {"Stormtrooper", "Imperial Shuttle"}


def test_x_wing_draws_with_the_force() -> None:
    s = rebel_turn(units={1: ["X-Wing"]}, force=3)
    assert "X-Wing" not in usable(s, REBEL)
    s = rebel_turn(units={1: ["X-Wing"]}, force=4)
    use(s, REBEL, "X-Wing")
    assert names(s, s.players[REBEL].hand) == ["Alliance Shuttle"]


def test_jyn_erso_looks_at_hand_and_with_the_force_puts_a_card_on_their_deck() -> None:
    s = rebel_turn(units={1: ["Jyn Erso"]}, hand={0: ["Darth Vader", "Imperial Shuttle"]}, force=3)
    use(s, REBEL, "Jyn Erso")
    assert not s.pending and len(s.players[EMPIRE].hand) == 2
    s = rebel_turn(units={1: ["Jyn Erso"]}, hand={0: ["Darth Vader", "Imperial Shuttle"]}, force=4)
    use(s, REBEL, "Jyn Erso")
    assert s.pending[-1].seats == (REBEL,)
    pick(s, REBEL, "Darth Vader")
    assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle"]
    assert names(s, s.players[EMPIRE].deck)[-1] == "Darth Vader"


def test_chewbacca_draws_with_another_unique_unit() -> None:
    s = rebel_turn(units={1: ["Chewbacca", "X-Wing"]})
    assert "Chewbacca" not in usable(s, REBEL)  # Chewbacca himself does not count
    s = rebel_turn(units={1: ["Chewbacca", "Bossk"]})
    use(s, REBEL, "Chewbacca")
    assert len(s.players[REBEL].hand) == 1


def test_u_wing_repairs_three_with_the_force() -> None:
    s = rebel_turn(hand={1: ["U-Wing"]}, damage={"Dantooine": 5}, force=3)
    play(s, REBEL, "U-Wing")
    assert resources(s, REBEL) == 3
    assert "U-Wing" not in usable(s, REBEL)
    s = rebel_turn(units={1: ["U-Wing"]}, damage={"Dantooine": 5}, force=4)
    use(s, REBEL, "U-Wing")
    assert s.damage[s.players[REBEL].base] == 2


@pytest.mark.parametrize("where", ["in play", "galaxy row"])
def test_hammerhead_corvette_exiles_itself_to_destroy_a_capital_ship(where: str) -> None:
    """Hammerhead Corvette: exile it to destroy an enemy ship in play or an Empire ship in the row."""
    if where == "in play":
        s = rebel_turn(ships={1: ["Hammerhead Corvette"], 0: ["Star Destroyer"]}, damage={"Star Destroyer": 2},
                       row={0: ["Blockade Runner"]})
    else:
        s = rebel_turn(ships={1: ["Hammerhead Corvette"]}, row={0: ["Blockade Runner", "Star Destroyer"]})
    use(s, REBEL, "Hammerhead Corvette")
    assert names(s, list(options(s))) == ["Star Destroyer"]  # never a neutral or own ship
    pick(s, REBEL, "Star Destroyer")
    sd = cid(s, "Star Destroyer")
    assert cid(s, "Hammerhead Corvette") in s.exiled
    if where == "in play":
        assert s.players[EMPIRE].discard == [sd] and sd not in s.damage
    else:
        assert s.regions[0].galaxy_discard == [sd] and len(s.regions[0].row) == 6


def test_hammerhead_not_usable_without_target() -> None:
    s = rebel_turn(ships={1: ["Hammerhead Corvette"]}, row={0: ["Blockade Runner", "Mon Calamari Cruiser"]})
    assert "Hammerhead Corvette" not in usable(s, REBEL)


@pytest.mark.parametrize("falcon, drawn", [(False, 1), (True, 2)])
def test_han_solo_draws_two_with_the_falcon(falcon: bool, drawn: int) -> None:
    s = rebel_turn(hand={1: ["Han Solo"]}, units={1: ["Millennium Falcon"] if falcon else []})
    play(s, REBEL, "Han Solo")
    assert resources(s, REBEL) == 2
    use(s, REBEL, "Han Solo")
    assert len(s.players[REBEL].hand) == drawn


def test_cassian_andor_opponent_discards_when_he_defeats_a_target() -> None:
    s = rebel_turn(units={1: ["Cassian Andor"]}, hand={0: ["Stormtrooper"]}, row={0: ["Boba Fett"]}, force=3)
    attack_row(s, REBEL, "Boba Fett", ["Cassian Andor"])
    assert resources(s, REBEL) == 3 and s.force == 5  # Boba's reward first
    assert s.pending[-1].seats == (EMPIRE,)
    pick(s, EMPIRE, "Stormtrooper")
    assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"]


@pytest.mark.parametrize("answer", ["attack", "discard"])
def test_b_wing_opponent_chooses_discard_or_two_attack(answer: str) -> None:
    s = rebel_turn(units={1: ["B-Wing"]}, hand={0: ["Stormtrooper"]}, base={0: "Coruscant"})
    use(s, REBEL, "B-Wing")
    assert s.pending[-1].seats == (EMPIRE,)
    if answer == "attack":
        choose(s, EMPIRE, "attack")
        attack_base(s, REBEL, ["B-Wing"])
        assert s.damage[s.players[EMPIRE].base] == 7
    else:
        pick(s, EMPIRE, "Stormtrooper")
        attack_base(s, REBEL, ["B-Wing"])
        assert s.damage[s.players[EMPIRE].base] == 5


@pytest.mark.parametrize("force, where", [(3, "discard"), (4, "deck")])
def test_princess_leia_free_rebel_card_on_top_of_deck_with_the_force(force: int, where: str) -> None:
    s = rebel_turn(hand={1: ["Princess Leia"]}, row={0: ["X-Wing", "TIE Fighter", "Bossk"]}, force=force - 2)
    play(s, REBEL, "Princess Leia")
    assert s.force == force and resources(s, REBEL) == 2
    use(s, REBEL, "Princess Leia")
    assert names(s, list(options(s))) == ["X-Wing"]
    pick(s, REBEL, "X-Wing")
    assert resources(s, REBEL) == 2
    zone = s.players[REBEL].deck if where == "deck" else s.players[REBEL].discard
    assert s.cards[zone[-1]].name == "X-Wing"


def test_mon_calamari_cruiser_attacks_for_three() -> None:
    s = rebel_turn(ships={1: ["Mon Calamari Cruiser"]})
    attack_base(s, REBEL, ["Mon Calamari Cruiser"])
    assert s.damage[s.players[EMPIRE].base] == 3


def test_millennium_falcon_returns_a_unique_unit_from_discard() -> None:
    s = rebel_turn(units={1: ["Millennium Falcon"]}, discard={1: ["X-Wing", "Han Solo", "Bossk"]})
    use(s, REBEL, "Millennium Falcon")
    assert set(names(s, list(options(s)))) == {"Han Solo", "Bossk"}
    pick(s, REBEL, "Han Solo")
    assert names(s, s.players[REBEL].hand) == ["Han Solo"]


def test_luke_skywalker_destroys_an_enemy_ship_with_the_force() -> None:
    s = rebel_turn(units={1: ["Luke Skywalker"]}, ships={0: ["Star Destroyer"]}, force=3)
    assert "Luke Skywalker" not in usable(s, REBEL)
    s = rebel_turn(units={1: ["Luke Skywalker"]}, ships={0: ["Star Destroyer"]}, force=4)
    use(s, REBEL, "Luke Skywalker")
    pick(s, REBEL, "Star Destroyer")
    assert names(s, s.players[EMPIRE].discard) == ["Star Destroyer"] and not s.players[EMPIRE].ships
