"""Every neutral card of swdbg_cards.csv at work in a 1v1 position, played by either faction.
Neutral cards have no target value and no reward: they are never bounty hunting / sabotage targets
(except under Ord Mantell, see test_bases)."""

from __future__ import annotations

import pytest

from allegiance.games.swdbg.combat import attack_value
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


def test_outer_rim_pilot_bought_from_its_stack_and_exiled_for_force() -> None:
    """Outer Rim Pilot: costs 2 from the pilot stack, gives 2 resources, exile it to gain 1 Force;
    the exiled pilot leaves the game (the stack only shrinks)."""
    s = build(resources={0: 2}, force=3)
    pilot = s.regions[0].pilots[-1]
    act(s, EMPIRE, "buy", card=pilot)
    assert s.players[EMPIRE].discard == [pilot] and len(s.regions[0].pilots) == 2 and resources(s, EMPIRE) == 0
    s = build(hand={1: ["Outer Rim Pilot"]}, active_team=1, force=3)
    play(s, REBEL, "Outer Rim Pilot")
    assert resources(s, REBEL) == 2
    use(s, REBEL, "Outer Rim Pilot")
    assert s.force == 4 and names(s, s.exiled) == ["Outer Rim Pilot"] and len(s.regions[0].pilots) == 3
    assert resources(s, REBEL) == 2  # its resources were gained before it was exiled


def test_neutral_units_are_not_bounty_targets() -> None:
    s = build(units={0: ["Stormtrooper"]}, row={0: ["Bossk", "Jawa Scavenger", "X-Wing"]})
    targets = {a.get("target") for a in GAME.legal_actions(s, EMPIRE) if a.kind == "commit"}
    assert targets == {"base", cid(s, "X-Wing")}


def test_z95_headhunter_draws_if_opponent_has_a_capital_ship() -> None:
    s = build(units={0: ["Z-95 Headhunter"]}, ships={0: ["Gozanti Cruiser"]})
    assert "Z-95 Headhunter" not in usable(s, EMPIRE)  # own ships do not count
    s = build(units={0: ["Z-95 Headhunter"]}, ships={1: ["Rebel Transport"]})
    use(s, EMPIRE, "Z-95 Headhunter")
    assert len(s.players[EMPIRE].hand) == 1


def test_jawa_scavenger_exiles_itself_to_purchase_from_galaxy_discard() -> None:
    s = build(hand={0: ["Jawa Scavenger"]}, resources={0: 1},
              galaxy_discard={0: ["X-Wing", "TIE Fighter", "AT-AT", "Lobot"]})
    play(s, EMPIRE, "Jawa Scavenger")
    assert resources(s, EMPIRE) == 3
    use(s, EMPIRE, "Jawa Scavenger")
    assert cid(s, "Jawa Scavenger") in s.exiled
    assert set(names(s, list(options(s)))) == {"TIE Fighter", "Lobot"}  # own faction or neutral, affordable
    pick(s, EMPIRE, "Lobot")
    assert resources(s, EMPIRE) == 0 and names(s, s.players[EMPIRE].discard) == ["Lobot"]
    assert names(s, s.regions[0].galaxy_discard) == ["X-Wing", "TIE Fighter", "AT-AT"]


def test_jawa_scavenger_needs_an_affordable_card() -> None:
    s = build(units={0: ["Jawa Scavenger"]}, galaxy_discard={0: ["X-Wing", "AT-AT"]}, resources={0: 5})
    assert "Jawa Scavenger" not in usable(s, EMPIRE)


def test_rodian_gunslinger_gains_two_attack_against_the_galaxy_row_only() -> None:
    s = build(units={0: ["Rodian Gunslinger"]}, row={0: ["Chewbacca"]})
    gun = cid(s, "Rodian Gunslinger")
    assert attack_value(s, s.players[EMPIRE], gun) == 2
    assert attack_value(s, s.players[EMPIRE], gun, vs_row=True) == 4
    attack_row(s, EMPIRE, "Chewbacca", ["Rodian Gunslinger"])
    assert "Chewbacca" in names(s, s.regions[0].galaxy_discard)
    s = build(units={0: ["Rodian Gunslinger"]})
    attack_base(s, EMPIRE, ["Rodian Gunslinger"])
    assert s.damage[s.players[REBEL].base] == 2


def test_kel_dor_mystic_worked_example() -> None:
    """Kel Dor Mystic: gain its 2 Force, then exile it to exile a Shuttle from hand (RB example)."""
    s = build(hand={1: ["Kel Dor Mystic", "Alliance Shuttle"]}, active_team=1, force=3)
    play(s, REBEL, "Kel Dor Mystic")
    assert s.force == 5
    use(s, REBEL, "Kel Dor Mystic")
    assert "done" not in options(s)  # once used, the exile must be made
    pick(s, REBEL, "Alliance Shuttle")
    assert set(names(s, s.exiled)) == {"Kel Dor Mystic", "Alliance Shuttle"}
    assert s.force == 5 and not s.players[REBEL].hand


@pytest.mark.parametrize("name, check", [
    ("Bossk", lambda s: s.force == 0),  # X-Wing gives no Force; Bossk gives 1
    ("Dengar", lambda s: resources(s, EMPIRE) == 5),  # reward 3 then Dengar 2
    ("IG-88", lambda s: s.pending[-1].kind == "exile"),
])
def test_bounty_hunters_when_they_defeat_a_target(name: str, check) -> None:  # type: ignore[no-untyped-def]
    s = build(units={0: [name]}, hand={0: ["Imperial Shuttle"]}, row={0: ["X-Wing"]}, force=1)
    attack_row(s, EMPIRE, "X-Wing", [name])
    assert check(s)


def test_ig88_exile_after_a_defeat() -> None:
    s = build(units={0: ["IG-88"]}, hand={0: ["Imperial Shuttle"]}, row={0: ["X-Wing"]})
    attack_row(s, EMPIRE, "X-Wing", ["IG-88"])
    pick(s, EMPIRE, "Imperial Shuttle")
    assert names(s, s.exiled) == ["Imperial Shuttle"]


def test_bounty_hunter_trigger_only_on_success() -> None:
    s = build(units={0: ["Dengar"]}, row={0: ["Luke Skywalker"]})
    attack_row(s, EMPIRE, "Luke Skywalker", ["Dengar"])
    assert resources(s, EMPIRE) == 0 and names(s, s.regions[0].row) == ["Luke Skywalker"]


@pytest.mark.parametrize("mode, force, res, attack", [
    ("attack2", 3, 0, 2), ("resources2", 3, 2, 0), ("force2", 1, 0, 0),
])
def test_lobot_choose_two_attack_resources_or_force(mode: str, force: int, res: int, attack: int) -> None:
    s = build(hand={0: ["Lobot"]}, force=3)
    play(s, EMPIRE, "Lobot")
    choose(s, EMPIRE, mode)
    assert (s.force, resources(s, EMPIRE)) == (force, res)
    assert attack_value(s, s.players[EMPIRE], cid(s, "Lobot")) == attack


@pytest.mark.parametrize("force, hand", [(3, ["Fang Fighter"]), (2, ["Fang Fighter", "Imperial Shuttle"])])
def test_fang_fighter_purchase_goes_to_hand_and_draws_with_the_force(force: int, hand: list[str]) -> None:
    s = build(row={0: ["Fang Fighter"]}, resources={0: 3}, force=force)
    act(s, EMPIRE, "buy", card=cid(s, "Fang Fighter"))
    assert sorted(names(s, s.players[EMPIRE].hand)) == sorted(hand)
    assert not s.players[EMPIRE].discard


def test_twilek_smuggler_next_purchase_on_top_of_deck() -> None:
    s = build(hand={0: ["Twi'lek Smuggler"]}, row={0: ["TIE Fighter", "Bossk"]}, resources={0: 1})
    play(s, EMPIRE, "Twi'lek Smuggler")
    assert resources(s, EMPIRE) == 4
    use(s, EMPIRE, "Twi'lek Smuggler")
    act(s, EMPIRE, "buy", card=cid(s, "TIE Fighter"))
    assert names(s, s.players[EMPIRE].deck)[-1] == "TIE Fighter"
    act(s, EMPIRE, "buy", card=cid(s, "Bossk", s.regions[0].row))
    assert names(s, s.players[EMPIRE].discard) == ["Bossk"]  # only the next purchase


def test_croc_cruiser_discard_to_repair_three() -> None:
    s = build(hand={1: ["C-ROC Cruiser", "Alliance Shuttle"]}, active_team=1, damage={"Dantooine": 4})
    play(s, REBEL, "C-ROC Cruiser")
    assert resources(s, REBEL) == 1
    use(s, REBEL, "C-ROC Cruiser")
    pick(s, REBEL, "Alliance Shuttle")
    assert s.damage[s.players[REBEL].base] == 1
    assert names(s, s.players[REBEL].discard) == ["Alliance Shuttle"]


def test_croc_cruiser_not_usable_on_undamaged_base() -> None:
    s = build(hand={1: ["Alliance Shuttle"]}, ships={1: ["C-ROC Cruiser"]}, active_team=1)
    assert "C-ROC Cruiser" not in usable(s, REBEL)


@pytest.mark.parametrize("force, exiles", [(3, 1), (2, 2)])
def test_quarren_mercenary_exiles_when_purchased(force: int, exiles: int) -> None:
    s = build(row={0: ["Quarren Mercenary"]}, resources={0: 4}, force=force,
              hand={0: ["Imperial Shuttle", "Imperial Shuttle", "Imperial Shuttle"]})
    act(s, EMPIRE, "buy", card=cid(s, "Quarren Mercenary"))
    for _ in range(exiles):
        assert s.pending[-1].kind == "exile"
        pick(s, EMPIRE, "Imperial Shuttle")
    assert not s.pending and len(s.exiled) == exiles


def test_hwk290_exiles_itself_to_repair_four() -> None:
    s = build(hand={0: ["HWK-290"]}, damage={"Lothal": 6})
    play(s, EMPIRE, "HWK-290")
    assert resources(s, EMPIRE) == 4
    use(s, EMPIRE, "HWK-290")
    assert s.damage[s.players[EMPIRE].base] == 2 and names(s, s.exiled) == ["HWK-290"]
    assert resources(s, EMPIRE) == 4


def test_blockade_runner_attacks_and_gives_resources_each_turn() -> None:
    s = build(hand={0: ["Blockade Runner"]})
    play(s, EMPIRE, "Blockade Runner")
    assert resources(s, EMPIRE) == 1
    attack_base(s, EMPIRE, ["Blockade Runner"])
    assert s.damage[s.players[REBEL].base] == 1
    s = build(ships={0: ["Blockade Runner"]}, stage="start")
    assert resources(s, EMPIRE) == 1


@pytest.mark.parametrize("choice, res, damage", [("resources3", 3, 4), ("repair3", 0, 1)])
def test_nebulon_b_frigate_repair_three_or_three_resources(choice: str, res: int, damage: int) -> None:
    s = build(ships={0: ["Nebulon-B Frigate"]}, damage={"Lothal": 4})
    use(s, EMPIRE, "Nebulon-B Frigate")
    choose(s, EMPIRE, choice)
    assert resources(s, EMPIRE) == res and s.damage[s.players[EMPIRE].base] == damage


@pytest.mark.parametrize("force, discards", [(3, False), (2, True)])
def test_lando_draws_and_with_the_force_opponent_discards(force: int, discards: bool) -> None:
    s = build(hand={0: ["Lando Calrissian"], 1: ["Rebel Trooper"]}, force=force)
    play(s, EMPIRE, "Lando Calrissian")
    assert resources(s, EMPIRE) == 3
    use(s, EMPIRE, "Lando Calrissian")
    assert len(s.players[EMPIRE].hand) == 1
    if discards:
        assert s.pending[-1].seats == (REBEL,)
        pick(s, REBEL, "Rebel Trooper")
        assert names(s, s.players[REBEL].discard) == ["Rebel Trooper"]
    else:
        assert not s.pending


def test_jabbas_sail_barge_returns_a_bounty_hunter() -> None:
    s = build(units={0: ["Jabba's Sail Barge"]}, discard={0: ["Stormtrooper", "Boba Fett", "Rodian Gunslinger"]})
    use(s, EMPIRE, "Jabba's Sail Barge")
    assert set(names(s, list(options(s)))) == {"Boba Fett", "Rodian Gunslinger"}
    pick(s, EMPIRE, "Boba Fett")
    assert names(s, s.players[EMPIRE].hand) == ["Boba Fett"]


@pytest.mark.parametrize("force, drawn", [(3, 1), (1, 2)])
def test_jabba_the_hutt_exiles_from_hand_to_draw(force: int, drawn: int) -> None:
    s = build(hand={0: ["Jabba the Hutt", "Stormtrooper"]}, force=force + 2)
    play(s, EMPIRE, "Jabba the Hutt")
    assert s.force == force and resources(s, EMPIRE) == 2
    use(s, EMPIRE, "Jabba the Hutt")
    pick(s, EMPIRE, "Stormtrooper")
    assert names(s, s.exiled) == ["Stormtrooper"]
    assert len(s.players[EMPIRE].hand) == drawn


def test_neutral_card_bought_by_either_faction() -> None:
    for seat in (EMPIRE, REBEL):
        s = build(active_team=seat, row={0: ["Dengar", "X-Wing", "TIE Fighter"]}, resources={seat: 9})
        bought = {s.cards[a.get("card")].name for a in GAME.legal_actions(s, seat) if a.kind == "buy"}
        own = "TIE Fighter" if seat == EMPIRE else "X-Wing"
        assert bought == {"Dengar", own, "Outer Rim Pilot"}


def test_every_card_of_the_data_is_tested() -> None:
    """Guard for the acceptance list: each of the 82 card titles is named by the card test files."""
    from pathlib import Path

    from allegiance.games.swdbg.cards import card_defs
    here = Path(__file__).parent
    text = "".join((here / f).read_text(encoding="utf-8") for f in (
        "test_cards_empire.py", "test_cards_rebel.py", "test_cards_neutral.py", "test_bases.py"))
    assert len(card_defs()) == 82
    assert [name for name in card_defs() if f'"{name}"' not in text] == []
