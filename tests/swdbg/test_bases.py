"""The 20 SWDBG bases at 1v1: choosing a new base at the start of the owner's turn, "when you reveal"
abilities, constant ("while") abilities, once-per-turn abilities and triggers (swdbg.md §6)."""

from __future__ import annotations

import pytest

from allegiance.games.swdbg.cards import card, faction_bases
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


def reveal(seat: int, new_base: str, **zones: object) -> SwdbgState:
    """The start of ``seat``'s turn with no base in play: choose and reveal ``new_base``."""
    other = [b for b in faction_bases("empire" if seat == EMPIRE else "rebel")[1:] if b != new_base][0]
    zones.setdefault("base_deck", {seat: [new_base, other]})
    zones["base"] = {**zones.get("base", {}), seat: None}  # type: ignore[dict-item]
    s = build(active_team=seat, stage="start", **zones)  # type: ignore[arg-type]
    assert s.pending[-1].kind == "choose_base" and s.pending[-1].seats == (seat,)
    pick(s, seat, new_base)
    return s


def test_hp_of_every_base_matches_the_data() -> None:
    hp = {"Lothal": 8, "Corellia": 10, "Kessel": 12, "Kafrene": 14, "Mustafar": 14, "Ord Mantell": 14,
          "Coruscant": 16, "Death Star": 16, "Endor": 16, "Rodia": 16, "Dantooine": 8, "Mon Cala": 10,
          "Dagobah": 12, "Bespin": 14, "Alderaan": 14, "Hoth": 14, "Jedha": 14, "Tatooine": 16, "Sullust": 16,
          "Yavin 4": 16}
    assert {name: card(name).hit_points for name in hp} == hp


@pytest.mark.parametrize("seat, name", [(EMPIRE, "Lothal"), (REBEL, "Dantooine")])
def test_starting_bases_have_no_ability(seat: int, name: str) -> None:
    s = build(active_team=seat, resources={seat: 9}, hand={seat: ["Imperial Shuttle"]})
    assert s.cards[s.players[seat].base].name == name
    assert name not in usable(s, seat)


def test_new_base_chosen_freely_at_start_of_owner_turn() -> None:
    s = build(active_team=1, stage="start", base={1: None}, base_deck={1: ["Hoth", "Sullust", "Mon Cala"]})
    assert set(names(s, list(options(s)))) == {"Hoth", "Sullust", "Mon Cala"}
    pick(s, REBEL, "Sullust")
    assert s.cards[s.players[REBEL].base].name == "Sullust"
    assert set(names(s, s.players[REBEL].base_deck)) == {"Hoth", "Mon Cala"}
    assert s.stage == "main"


@pytest.mark.parametrize("seat, base, buyable", [
    (EMPIRE, "Corellia", {"TIE Fighter", "Bossk"}), (REBEL, "Mon Cala", {"X-Wing", "Bossk"}),
])
def test_corellia_and_mon_cala_free_card_to_hand_on_reveal(seat: int, base: str, buyable: set[str]) -> None:
    s = reveal(seat, base, row={0: ["TIE Fighter", "X-Wing", "Bossk"]})
    assert s.pending[-1].kind == "free_buy"
    assert set(names(s, [o for o in options(s) if o != "decline"])) == buyable
    assert "decline" in options(s)
    pick(s, seat, "Bossk")
    assert names(s, s.players[seat].hand) == ["Bossk"] and resources(s, seat) == 0


@pytest.mark.parametrize("seat, base", [(EMPIRE, "Kessel"), (REBEL, "Dagobah")])
def test_kessel_and_dagobah_exile_up_to_three_on_reveal(seat: int, base: str) -> None:
    shuttle = "Imperial Shuttle" if seat == EMPIRE else "Alliance Shuttle"
    s = reveal(seat, base, hand={seat: [shuttle, shuttle]}, discard={seat: [shuttle, shuttle]})
    for _ in range(3):
        pick(s, seat, shuttle)
    assert not s.pending and len(s.exiled) == 3
    s = reveal(seat, base, hand={seat: [shuttle]})
    choose(s, seat, "done")  # "up to": may stop at any time
    assert not s.exiled


@pytest.mark.parametrize("seat, base", [(EMPIRE, "Kafrene"), (REBEL, "Bespin")])
def test_kafrene_and_bespin_draw_on_first_neutral_card_played(seat: int, base: str) -> None:
    s = build(active_team=seat, base={seat: base}, hand={seat: ["Y-Wing" if seat else "TIE Fighter", "Bossk",
                                                                "Kel Dor Mystic"]})
    play(s, seat, "Y-Wing" if seat else "TIE Fighter")
    assert len(s.players[seat].hand) == 2  # a faction card does not count
    play(s, seat, "Bossk")
    assert len(s.players[seat].hand) == 2  # drew 1
    play(s, seat, "Kel Dor Mystic")
    assert len(s.players[seat].hand) == 1  # only the first neutral card each turn


@pytest.mark.parametrize("seat, base, force", [(EMPIRE, "Mustafar", 2), (REBEL, "Alderaan", 6)])
def test_mustafar_and_alderaan_gain_four_force_on_reveal(seat: int, base: str, force: int) -> None:
    s = reveal(seat, base, force=6 if seat == EMPIRE else 2)
    assert s.force == force
    # fully Rebel after the reveal: the start-of-turn check comes after the base is chosen
    assert resources(s, seat) == (1 if seat == REBEL else 0)


def test_ord_mantell_bounty_hunts_one_neutral_unit_per_turn() -> None:
    """Ord Mantell: once per turn bounty hunt a neutral unit (target value = cost) and gain resources
    equal to its cost; neutral capital ships are still not targets."""
    s = build(base={0: "Ord Mantell"}, units={0: ["Stormtrooper"] * 4, 1: []},
              row={0: ["Lobot", "Jawa Scavenger", "Blockade Runner", "X-Wing"]})
    commits = {s.cards[a.get("target")].name for a in GAME.legal_actions(s, EMPIRE)
               if a.kind == "commit" and a.get("target") != "base"}
    assert commits == {"Lobot", "Jawa Scavenger", "X-Wing"}
    attack_row(s, EMPIRE, "Lobot", ["Stormtrooper", "Stormtrooper"])
    assert resources(s, EMPIRE) == 3 and "Lobot" in names(s, s.regions[0].galaxy_discard)
    commits = {s.cards[a.get("target")].name for a in GAME.legal_actions(s, EMPIRE)
               if a.kind == "commit" and a.get("target") != "base"}
    assert commits == {"X-Wing"}


def test_ord_mantell_neutral_defeat_fires_bounty_hunter_trigger() -> None:
    s = build(base={0: "Ord Mantell"}, units={0: ["Dengar"]}, row={0: ["Lando Calrissian"]}, force=3)
    attack_row(s, EMPIRE, "Lando Calrissian", ["Dengar"])
    assert "Lando Calrissian" not in names(s, s.regions[0].galaxy_discard)  # 4 < 6: fails
    s = build(base={0: "Ord Mantell"}, units={0: ["Dengar"]}, row={0: ["Jawa Scavenger"]})
    attack_row(s, EMPIRE, "Jawa Scavenger", ["Dengar"])
    assert resources(s, EMPIRE) == 1 + 2  # its cost, then Dengar's trigger


def test_coruscant_at_start_of_turn_keeps_one_and_discards_the_other() -> None:
    s = build(stage="start", base={0: "Coruscant"}, galaxy_deck={0: ["Lobot", "X-Wing", "TIE Fighter"]})
    assert s.pending[-1].kind == "coruscant"
    assert set(names(s, list(s.pending[-1].shown))) == {"X-Wing", "TIE Fighter"}
    pick(s, EMPIRE, "X-Wing")
    assert names(s, s.regions[0].galaxy_deck) == ["Lobot", "X-Wing"]
    assert names(s, s.regions[0].galaxy_discard) == ["TIE Fighter"]
    assert s.stage == "main"


def test_coruscant_only_on_its_owner_turn_start() -> None:
    s = build(stage="start", active_team=1, base={0: "Coruscant"}, galaxy_deck={0: ["Lobot", "X-Wing"]})
    assert not s.pending and s.stage == "main"


@pytest.mark.parametrize("where", ["in play", "row"])
def test_death_star_spends_four_to_destroy_a_capital_ship(where: str) -> None:
    if where == "in play":
        s = build(base={0: "Death Star"}, resources={0: 5}, ships={1: ["Mon Calamari Cruiser"]})
    else:
        s = build(base={0: "Death Star"}, resources={0: 5}, row={0: ["Blockade Runner", "Bossk"]})
    use(s, EMPIRE, "Death Star")
    assert resources(s, EMPIRE) == 1
    target = "Mon Calamari Cruiser" if where == "in play" else "Blockade Runner"
    pick(s, EMPIRE, target)
    pile = s.players[REBEL].discard if where == "in play" else s.regions[0].galaxy_discard
    assert names(s, pile) == [target]
    assert "Death Star" not in usable(s, EMPIRE)  # once per turn (and only 1 resource left)


def test_death_star_needs_four_resources_and_a_target() -> None:
    s = build(base={0: "Death Star"}, resources={0: 3}, ships={1: ["Rebel Transport"]})
    assert "Death Star" not in usable(s, EMPIRE)
    s = build(base={0: "Death Star"}, resources={0: 9})
    assert "Death Star" not in usable(s, EMPIRE)
    s = build(base={0: "Death Star"}, resources={0: 9}, ships={1: ["Rebel Transport", "Rebel Transport"]})
    use(s, EMPIRE, "Death Star")
    pick(s, EMPIRE, "Rebel Transport")
    assert "Death Star" not in usable(s, EMPIRE)  # once per turn even with resources and targets left


def test_endor_gives_troopers_and_vehicles_one_attack() -> None:
    s = build(base={0: "Endor"}, units={0: ["Stormtrooper", "AT-ST", "Quarren Mercenary", "Jabba's Sail Barge",
                                            "TIE Fighter"]})
    p = s.players[EMPIRE]
    assert [attack_value(s, p, c) for c in p.units] == [3, 5, 5, 5, 2]


def test_rodia_discards_rebel_cards_and_deals_one_damage_each_on_reveal() -> None:
    s = reveal(EMPIRE, "Rodia", row={0: ["X-Wing", "TIE Fighter", "Y-Wing", "Bossk", "Rebel Transport"]})
    assert s.damage[s.players[REBEL].base] == 3
    assert set(names(s, s.regions[0].galaxy_discard)) == {"X-Wing", "Y-Wing", "Rebel Transport"}
    assert len(s.regions[0].row) == 6 and "TIE Fighter" in names(s, s.regions[0].row)


def test_hoth_prevents_the_first_two_damage_each_turn() -> None:
    s = build(base={1: "Hoth"}, units={0: ["Stormtrooper", "Stormtrooper", "Stormtrooper"]},
              ships={0: ["Star Destroyer"]})
    hoth = s.players[REBEL].base
    attack_base(s, EMPIRE, ["Stormtrooper"])
    assert hoth not in s.damage  # 2 prevented
    attack_base(s, EMPIRE, ["Stormtrooper", "Stormtrooper"])
    assert s.damage[hoth] == 4  # the shield is spent for this turn
    act(s, EMPIRE, "end_turn")
    act(s, REBEL, "end_turn")
    attack_base(s, EMPIRE, ["Star Destroyer"])  # a new turn: the shield is back
    assert s.damage[hoth] == 4 + 2


def test_hoth_shield_covers_deal_damage() -> None:
    """Rodia's reveal deals 3 damage to Hoth: the first 2 are prevented."""
    s = reveal(EMPIRE, "Rodia", base={1: "Hoth"}, row={0: ["X-Wing", "Y-Wing", "U-Wing"]})
    assert s.damage[s.players[REBEL].base] == 1


def test_jedha_first_neutral_purchase_to_hand_then_exiled_at_end_of_turn() -> None:
    s = build(active_team=1, base={1: "Jedha"}, resources={1: 8}, row={0: ["X-Wing", "Bossk", "Lobot"]})
    act(s, REBEL, "buy", card=cid(s, "X-Wing"))
    assert names(s, s.players[REBEL].discard) == ["X-Wing"]  # not neutral: normal
    act(s, REBEL, "buy", card=cid(s, "Bossk", s.regions[0].row))
    assert names(s, s.players[REBEL].hand) == ["Bossk"]
    act(s, REBEL, "buy", card=s.regions[0].pilots[-1])
    assert names(s, s.players[REBEL].discard) == ["X-Wing", "Outer Rim Pilot"]  # only the first
    bossk = cid(s, "Bossk", s.players[REBEL].hand)
    play(s, REBEL, "Bossk")
    act(s, REBEL, "end_turn")
    assert bossk in s.exiled


def test_tatooine_reveal_gains_a_resource_and_swaps_a_rebel_card() -> None:
    s = reveal(REBEL, "Tatooine", row={0: ["TIE Fighter", "Bossk"]},
               galaxy_discard={0: ["Luke Skywalker", "Darth Vader"]})
    assert resources(s, REBEL) == 1
    assert names(s, [o for o in options(s) if o != "decline"]) == ["Luke Skywalker"]
    pick(s, REBEL, "Luke Skywalker")
    pick(s, REBEL, "TIE Fighter")
    assert names(s, s.regions[0].row)[:2] == ["Luke Skywalker", "Bossk"]
    assert names(s, s.regions[0].galaxy_discard) == ["Darth Vader", "TIE Fighter"]


def test_sullust_first_purchase_each_turn_on_top_of_deck() -> None:
    s = build(active_team=1, base={1: "Sullust"}, resources={1: 8}, row={0: ["X-Wing", "Y-Wing"]})
    act(s, REBEL, "buy", card=cid(s, "X-Wing"))
    assert names(s, s.players[REBEL].deck)[-1] == "X-Wing"
    act(s, REBEL, "buy", card=cid(s, "Y-Wing"))
    assert names(s, s.players[REBEL].discard) == ["Y-Wing"]


def test_yavin_4_deals_two_damage_each_time_the_opponent_discards() -> None:
    """Yavin 4 triggers on every discard from the opponent's hand during your turn (FAQ)."""
    s = build(active_team=1, base={1: "Yavin 4"}, hand={1: ["Snowspeeder", "Rebel Commando"],
                                                       0: ["Stormtrooper", "Imperial Shuttle"]}, force=3)
    play(s, REBEL, "Snowspeeder")
    use(s, REBEL, "Snowspeeder")
    pick(s, EMPIRE, "Stormtrooper")
    assert s.pending[-1].kind == "deal_damage" and "decline" in options(s)
    choose(s, REBEL, s.players[EMPIRE].base)
    assert s.damage[s.players[EMPIRE].base] == 2
    play(s, REBEL, "Rebel Commando")
    use(s, REBEL, "Rebel Commando")
    pick(s, EMPIRE, "Imperial Shuttle")
    choose(s, REBEL, s.players[EMPIRE].base)
    assert s.damage[s.players[EMPIRE].base] == 4


def test_yavin_4_not_on_own_discards_or_end_of_turn() -> None:
    s = build(active_team=1, base={1: "Yavin 4"}, ships={1: ["C-ROC Cruiser"]}, hand={1: ["Alliance Shuttle"]},
              damage={"Yavin 4": 3})
    use(s, REBEL, "C-ROC Cruiser")
    pick(s, REBEL, "Alliance Shuttle")
    assert not s.pending and s.players[EMPIRE].base not in s.damage
    s = build(active_team=0, base={1: "Yavin 4"}, hand={0: ["Stormtrooper"]})
    act(s, EMPIRE, "end_turn")
    assert s.players[EMPIRE].base not in s.damage and not s.pending


def test_while_base_ability_ends_when_the_base_is_destroyed() -> None:
    """Endor's bonus ends as soon as Endor leaves play."""
    s = build(active_team=1, base={0: "Endor"}, units={0: ["Stormtrooper"], 1: ["Luke Skywalker"] * 3},
              damage={"Endor": 10})
    storm = cid(s, "Stormtrooper")
    assert attack_value(s, s.players[EMPIRE], storm) == 3
    attack_base(s, REBEL, ["Luke Skywalker"])
    assert s.players[EMPIRE].base is None
    assert attack_value(s, s.players[EMPIRE], storm) == 2


def test_coruscant_with_one_galaxy_card_left_looks_at_it_only() -> None:
    """Engine choice (RULES.md): no reshuffle to make up a second card."""
    s = build(stage="start", base={0: "Coruscant"}, galaxy_deck={0: ["X-Wing"]}, galaxy_discard={0: ["Bossk"]})
    assert names(s, list(s.pending[-1].shown)) == ["X-Wing"]
    pick(s, EMPIRE, "X-Wing")
    assert names(s, s.regions[0].galaxy_deck) == ["X-Wing"] and names(s, s.regions[0].galaxy_discard) == ["Bossk"]


def test_tatooine_without_a_rebel_card_to_swap_still_gains_its_resource() -> None:
    s = reveal(REBEL, "Tatooine", row={0: ["TIE Fighter"]}, galaxy_discard={0: ["Darth Vader", "Bossk"]})
    assert resources(s, REBEL) == 1 and not s.pending and s.stage == "main"


def test_rodia_without_rebel_cards_does_nothing() -> None:
    s = reveal(EMPIRE, "Rodia", row={0: ["TIE Fighter", "Bossk"]})
    assert not s.damage and names(s, s.regions[0].row) == ["TIE Fighter", "Bossk"]
