"""Every Empire card of swdbg_cards.csv at work in a 1v1 position: its ability, and its reward when
the Rebel player defeats it in the galaxy row (sabotage).  Seat 0 is the Empire, seat 1 the Rebels;
the Force track runs from 0 (fully Empire) to 6 (fully Rebel)."""

from __future__ import annotations

import pytest

from allegiance.core.actions import Action
from allegiance.games.swdbg.combat import attack_value
from allegiance.games.swdbg.state import SwdbgState
from tests.swdbg.builders import (
    GAME,
    act,
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


# -- starters -------------------------------------------------------------------------------------
def test_imperial_shuttle_gives_one_resource() -> None:
    s = build(hand={0: ["Imperial Shuttle"]})
    play(s, EMPIRE, "Imperial Shuttle")
    assert resources(s, EMPIRE) == 1


def test_stormtrooper_attacks_for_two() -> None:
    s = build(hand={0: ["Stormtrooper"]})
    play(s, EMPIRE, "Stormtrooper")
    attack_base(s, EMPIRE, ["Stormtrooper"])
    assert s.damage[s.players[REBEL].base] == 2


@pytest.mark.parametrize("mode, check", [
    ("attack1", lambda s, c: attack_value(s, s.players[EMPIRE], c) == 1),
    ("resources1", lambda s, c: s.players[EMPIRE].resources == 1),
    ("force1", lambda s, c: s.force == 2),
])
def test_inquisitor_choose_attack_resource_or_force(mode, check) -> None:
    """Inquisitor: when played, choose +1 attack, +1 resource or +1 Force."""
    s = build(hand={0: ["Inquisitor"]}, force=3)
    play(s, EMPIRE, "Inquisitor")
    assert set(options(s)) == {"attack1", "resources1", "force1"}
    choose(s, EMPIRE, mode)
    assert check(s, cid(s, "Inquisitor", s.players[EMPIRE].units))


def test_inquisitor_force_option_absent_when_force_fully_empire() -> None:
    """"Choose" offers only options that can resolve: no Force when the track is fully Empire."""
    s = build(hand={0: ["Inquisitor"]}, force=0)
    play(s, EMPIRE, "Inquisitor")
    assert set(options(s)) == {"attack1", "resources1"}


def test_inquisitor_attack_choice_can_commit() -> None:
    s = build(hand={0: ["Inquisitor"]})
    play(s, EMPIRE, "Inquisitor")
    choose(s, EMPIRE, "attack1")
    attack_base(s, EMPIRE, ["Inquisitor"])
    assert s.damage[s.players[REBEL].base] == 1


# -- rewards (the Rebel player defeats the card in the galaxy row) ---------------------------------
REWARD_GAINS = [
    # name, resources gained, Force gained by the Rebel player
    ("TIE Fighter", 1, 0), ("Admiral Piett", 0, 1), ("Death Trooper", 0, 2), ("TIE Interceptor", 3, 0),
    ("Landing Craft", 4, 0), ("Moff Jerjerrod", 0, 3), ("General Veers", 0, 3), ("Boba Fett", 3, 2),
    ("Director Krennic", 3, 2), ("Grand Moff Tarkin", 3, 3), ("Darth Vader", 4, 4),
]


@pytest.mark.parametrize("name, res, force", REWARD_GAINS)
def test_empire_unit_reward_gains(name: str, res: int, force: int) -> None:
    """Sabotage at the target value (= cost): the card goes to the galaxy discard pile, the row is
    refilled, and the Rebel takes the reward (resources and/or Force; the Force clamps at 6)."""
    s = build(active_team=1, force=1, units={1: ["Rebel Trooper"] * 4}, row={0: [name, "Bossk"]})
    target = cid(s, name, s.regions[0].row)
    cost = s.cards[target].cost
    attack_row(s, REBEL, name, ["Rebel Trooper"] * ((cost + 1) // 2))
    assert target in s.regions[0].galaxy_discard
    assert names(s, s.regions[0].row)[:2] == ["Lobot", "Bossk"]  # refilled in place from the galaxy deck
    assert resources(s, REBEL) == res
    assert s.force == min(6, 1 + force)


@pytest.mark.parametrize("name, count", [("TIE Bomber", 1), ("Scout Trooper", 1), ("AT-ST", 2)])
def test_empire_unit_reward_exile(name: str, count: int) -> None:
    """TIE Bomber / Scout Trooper: exile 1 card; AT-ST: exile up to 2, from hand or discard pile."""
    s = build(active_team=1, units={1: ["Rebel Trooper"] * 2}, hand={1: ["Alliance Shuttle"]},
              discard={1: ["Rebel Trooper", "Alliance Shuttle"]}, row={0: [name]})
    attack_row(s, REBEL, name, ["Rebel Trooper"] * 2)
    assert s.pending[-1].kind == "exile" and "done" in options(s)
    pick(s, REBEL, "Alliance Shuttle")  # from hand
    if count == 2:
        pick(s, REBEL, "Rebel Trooper")  # from the discard pile
    assert not s.pending
    assert len(s.exiled) == count
    assert len(s.players[REBEL].hand) + len(s.players[REBEL].discard) == 3 - count


def test_reward_exile_can_be_declined() -> None:
    """Rewards are optional: the exile may be declined."""
    s2 = build(active_team=1, units={1: ["Rebel Trooper"]}, hand={1: ["Alliance Shuttle"]}, row={0: ["TIE Bomber"]})
    attack_row(s2, REBEL, "TIE Bomber", ["Rebel Trooper"])
    choose(s2, REBEL, "done")
    assert not s2.exiled and names(s2, s2.players[REBEL].hand) == ["Alliance Shuttle"]


def test_atat_reward_free_purchase_of_own_faction() -> None:
    """AT-AT reward: the defeating player purchases a card of their faction from the row for free."""
    s = build(active_team=1, units={1: ["Luke Skywalker"]}, row={0: ["AT-AT", "X-Wing", "Bossk", "TIE Fighter"]})
    attack_row(s, REBEL, "AT-AT", ["Luke Skywalker"])
    assert set(names(s, [o for o in options(s) if o != "decline"])) == {"X-Wing"}
    pick(s, REBEL, "X-Wing")
    assert names(s, s.players[REBEL].discard) == ["X-Wing"]
    assert resources(s, REBEL) == 0


def test_sabotage_below_target_value_does_nothing() -> None:
    s = build(active_team=1, units={1: ["Rebel Trooper"]}, row={0: ["TIE Interceptor"]})
    attack_row(s, REBEL, "TIE Interceptor", ["Rebel Trooper"])
    assert names(s, s.regions[0].row) == ["TIE Interceptor"]
    assert resources(s, REBEL) == 0 and not s.damage


# -- abilities ------------------------------------------------------------------------------------
def test_tie_fighter_draws_only_with_a_capital_ship() -> None:
    s = build(hand={0: ["TIE Fighter"]})
    play(s, EMPIRE, "TIE Fighter")
    assert "TIE Fighter" not in usable(s, EMPIRE)
    s = build(hand={0: ["TIE Fighter"]}, ships={0: ["Gozanti Cruiser"]})
    play(s, EMPIRE, "TIE Fighter")
    use(s, EMPIRE, "TIE Fighter")
    assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle"]


@pytest.mark.parametrize("name", ["TIE Bomber", "AT-ST"])
def test_discard_from_galaxy_row(name: str) -> None:
    """TIE Bomber / AT-ST: discard a galaxy-row card: no reward, the row is refilled."""
    s = build(hand={0: [name]}, row={0: ["X-Wing", "Bossk"]})
    play(s, EMPIRE, name)
    use(s, EMPIRE, name)
    pick(s, EMPIRE, "X-Wing")
    assert names(s, s.regions[0].galaxy_discard) == ["X-Wing"]
    assert names(s, s.regions[0].row)[:2] == ["Lobot", "Bossk"]
    assert resources(s, EMPIRE) == 0 and s.force == 3 and not s.pending


@pytest.mark.parametrize("top, force, discarded", [
    ("TIE Fighter", 2, False),  # Empire card: gain 1 Force
    ("X-Wing", 3, True),  # enemy card: discard it
    ("Bossk", 3, False),  # neutral: nothing (FAQ)
])
def test_scout_trooper_reveal(top: str, force: int, discarded: bool) -> None:
    s = build(hand={0: ["Scout Trooper"]}, galaxy_deck={0: ["Lobot", top]})
    play(s, EMPIRE, "Scout Trooper")
    assert resources(s, EMPIRE) == 2
    use(s, EMPIRE, "Scout Trooper")
    assert s.force == force
    deck = names(s, s.regions[0].galaxy_deck)
    if discarded:
        assert deck == ["Lobot"] and names(s, s.regions[0].galaxy_discard) == [top]
    else:
        assert deck == ["Lobot", top]


@pytest.mark.parametrize("top, drawn, discarded", [
    ("Gozanti Cruiser", 1, False), ("Y-Wing", 0, True), ("Jawa Scavenger", 0, False),
])
def test_tie_interceptor_reveal(top: str, drawn: int, discarded: bool) -> None:
    """TIE Interceptor: reveal; Empire card: draw 1; enemy card: discard it."""
    s = build(hand={0: ["TIE Interceptor"]}, galaxy_deck={0: ["Lobot", top]})
    play(s, EMPIRE, "TIE Interceptor")
    use(s, EMPIRE, "TIE Interceptor")
    assert len(s.players[EMPIRE].hand) == drawn
    assert (names(s, s.regions[0].galaxy_discard) == [top]) is discarded


def test_admiral_piett_gives_capital_ships_one_attack() -> None:
    """Admiral Piett: while in play, each of your capital ships gains 1 attack (even a 0-attack ship
    may then commit); it ends when Piett leaves play."""
    s = build(hand={0: ["Admiral Piett"]}, ships={0: ["Star Destroyer", "Gozanti Cruiser"]})
    sd = cid(s, "Star Destroyer")
    goz = cid(s, "Gozanti Cruiser")
    assert attack_value(s, s.players[EMPIRE], sd) == 4
    assert not any(a.kind == "commit" and a.get("card") == goz for a in _legal(s, EMPIRE))
    play(s, EMPIRE, "Admiral Piett")
    assert resources(s, EMPIRE) == 2
    assert attack_value(s, s.players[EMPIRE], sd) == 5
    attack_base(s, EMPIRE, ["Star Destroyer", "Gozanti Cruiser"])
    assert s.damage[s.players[REBEL].base] == 6


@pytest.mark.parametrize("name, base_attack, bonus", [("Death Trooper", 3, 2), ("Darth Vader", 6, 4)])
def test_attack_bonus_while_force_is_with_empire(name: str, base_attack: int, bonus: int) -> None:
    """Death Trooper (+2) and Darth Vader (+4) while the Force is with you (track 0..2)."""
    for force, expected in ((3, base_attack), (2, base_attack + bonus), (0, base_attack + bonus)):
        s = build(units={0: [name]}, force=force)
        assert attack_value(s, s.players[EMPIRE], cid(s, name)) == expected
    s = build(hand={0: [name]}, force=3, base={1: "Yavin 4"})
    play(s, EMPIRE, name)  # Vader's 2 Force moves the marker to 1: the bonus applies at once
    expected = base_attack + bonus if name == "Darth Vader" else base_attack
    attack_base(s, EMPIRE, [name])
    assert s.damage[s.players[REBEL].base] == expected


@pytest.mark.parametrize("choice, res, damage", [("resources4", 4, 5), ("repair4", 0, 1)])
def test_landing_craft_choose_resources_or_repair(choice: str, res: int, damage: int) -> None:
    s = build(hand={0: ["Landing Craft"]}, damage={"Lothal": 5})
    play(s, EMPIRE, "Landing Craft")
    use(s, EMPIRE, "Landing Craft")
    assert set(options(s)) == {"resources4", "repair4"}
    choose(s, EMPIRE, choice)
    assert resources(s, EMPIRE) == res
    assert s.damage.get(s.players[EMPIRE].base, 0) == damage


def test_landing_craft_repair_not_offered_on_undamaged_base() -> None:
    s = build(hand={0: ["Landing Craft"]})
    play(s, EMPIRE, "Landing Craft")
    use(s, EMPIRE, "Landing Craft")
    assert options(s) == ("resources4",)


def test_moff_jerjerrod_looks_and_swaps_only_with_the_force() -> None:
    s = build(hand={0: ["Moff Jerjerrod"]}, row={0: ["X-Wing", "Bossk"]}, galaxy_deck={0: ["Lobot", "Darth Vader"]},
              force=3)
    play(s, EMPIRE, "Moff Jerjerrod")
    assert resources(s, EMPIRE) == 2
    use(s, EMPIRE, "Moff Jerjerrod")
    assert not s.pending and names(s, s.regions[0].galaxy_deck)[-1] == "Darth Vader"
    s = build(hand={0: ["Moff Jerjerrod"]}, row={0: ["X-Wing", "Bossk"]}, galaxy_deck={0: ["Lobot", "Darth Vader"]},
              force=2)
    play(s, EMPIRE, "Moff Jerjerrod")
    use(s, EMPIRE, "Moff Jerjerrod")
    assert names(s, list(s.pending[-1].shown)) == ["Darth Vader"]
    assert "keep" in options(s)
    pick(s, EMPIRE, "X-Wing")
    assert names(s, s.regions[0].row) == ["Darth Vader", "Bossk"]
    assert names(s, s.regions[0].galaxy_deck) == ["Lobot", "X-Wing"]


def test_general_veers_draws_with_a_trooper_or_vehicle() -> None:
    s = build(hand={0: ["General Veers"]})
    play(s, EMPIRE, "General Veers")
    assert "General Veers" not in usable(s, EMPIRE)
    for other in ("Stormtrooper", "AT-ST"):
        s = build(hand={0: ["General Veers"]}, units={0: [other]})
        play(s, EMPIRE, "General Veers")
        use(s, EMPIRE, "General Veers")
        assert len(s.players[EMPIRE].hand) == 1


def test_boba_fett_draws_when_he_defeats_a_target() -> None:
    s = build(units={0: ["Boba Fett"]}, row={0: ["Chewbacca"]})
    attack_row(s, EMPIRE, "Chewbacca", ["Boba Fett"])
    assert s.force == 0  # Chewbacca's reward: 3 Force
    assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle"]


@pytest.mark.parametrize("base, drawn", [("Lothal", 1), ("Death Star", 2)])
def test_director_krennic_draws_two_with_death_star(base: str, drawn: int) -> None:
    s = build(hand={0: ["Director Krennic"]}, base={0: base})
    play(s, EMPIRE, "Director Krennic")
    assert resources(s, EMPIRE) == 2
    use(s, EMPIRE, "Director Krennic")
    assert len(s.players[EMPIRE].hand) == drawn


def test_imperial_carrier_gives_every_fighter_one_attack() -> None:
    """Imperial Carrier: each of your Fighter units (Empire or neutral) gains 1 attack; not others."""
    s = build(hand={0: ["Imperial Carrier"]}, units={0: ["TIE Fighter", "Z-95 Headhunter", "Stormtrooper"]})
    p = s.players[EMPIRE]
    before = [attack_value(s, p, c) for c in p.units]
    play(s, EMPIRE, "Imperial Carrier")
    assert resources(s, EMPIRE) == 3
    assert [attack_value(s, p, c) for c in p.units] == [before[0] + 1, before[1] + 1, before[2]]


def test_gozanti_cruiser_discard_to_draw() -> None:
    s = build(hand={0: ["Stormtrooper"]}, ships={0: ["Gozanti Cruiser"]}, deck={0: ["TIE Fighter"]})
    use(s, EMPIRE, "Gozanti Cruiser")
    pick(s, EMPIRE, "Stormtrooper")
    assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"]
    assert names(s, s.players[EMPIRE].hand) == ["TIE Fighter"]
    assert not s.queue and not s.pending


def test_gozanti_cruiser_needs_a_card_in_hand() -> None:
    s = build(ships={0: ["Gozanti Cruiser"]})
    assert "Gozanti Cruiser" not in usable(s, EMPIRE)


def test_atat_returns_a_trooper_from_discard() -> None:
    s = build(hand={0: ["AT-AT"]}, discard={0: ["TIE Fighter", "Death Trooper", "Imperial Shuttle"]})
    play(s, EMPIRE, "AT-AT")
    use(s, EMPIRE, "AT-AT")
    assert names(s, list(options(s))) == ["Death Trooper"]
    pick(s, EMPIRE, "Death Trooper")
    assert names(s, s.players[EMPIRE].hand) == ["Death Trooper"]
    s = build(hand={0: ["AT-AT"]}, discard={0: ["TIE Fighter"]})
    play(s, EMPIRE, "AT-AT")
    assert "AT-AT" not in usable(s, EMPIRE)


def test_grand_moff_tarkin_free_empire_card_to_hand_exiled_at_end_of_turn() -> None:
    s = build(hand={0: ["Grand Moff Tarkin"]}, row={0: ["X-Wing", "TIE Fighter", "Bossk"]})
    play(s, EMPIRE, "Grand Moff Tarkin")
    assert resources(s, EMPIRE) == 2 and s.force == 1
    use(s, EMPIRE, "Grand Moff Tarkin")
    assert names(s, list(options(s))) == ["TIE Fighter"]  # once started it must resolve: no decline
    pick(s, EMPIRE, "TIE Fighter")
    assert resources(s, EMPIRE) == 2
    assert names(s, s.players[EMPIRE].hand) == ["TIE Fighter"]
    play(s, EMPIRE, "TIE Fighter")
    tie = cid(s, "TIE Fighter", s.players[EMPIRE].units)
    act(s, EMPIRE, "end_turn")
    assert tie in s.exiled
    assert tie not in s.players[EMPIRE].discard


def test_tarkin_not_usable_without_empire_card_in_row() -> None:
    s = build(units={0: ["Grand Moff Tarkin"]}, row={0: ["X-Wing", "Bossk"]})
    assert "Grand Moff Tarkin" not in usable(s, EMPIRE)


def test_star_destroyer_attacks_every_turn_and_gives_no_resources() -> None:
    s = build(ships={0: ["Star Destroyer"]}, stage="start", force=3)
    assert resources(s, EMPIRE) == 0
    attack_base(s, EMPIRE, ["Star Destroyer"])
    assert s.damage[s.players[REBEL].base] == 4
    assert not any(a.kind == "commit" for a in _legal(s, EMPIRE))  # committed once this turn


def _legal(s: SwdbgState, seat: int) -> list[Action]:
    return GAME.legal_actions(s, seat)
