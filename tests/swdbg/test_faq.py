"""swdbg.md §9 — each FAQ ruling of the rulebook, as a 1v1 position."""

from __future__ import annotations

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
    usable,
    use,
)

EMPIRE, REBEL = 0, 1


def test_faq_need_not_play_every_card_unplayed_cards_discarded() -> None:
    s = build(hand={0: ["Stormtrooper", "Imperial Shuttle"]}, deck={0: ["TIE Fighter"] * 5})
    play(s, EMPIRE, "Imperial Shuttle")
    act(s, EMPIRE, "end_turn")
    p = s.players[EMPIRE]
    assert sorted(names(s, p.discard)) == ["Imperial Shuttle", "Stormtrooper"]
    assert names(s, p.hand) == ["TIE Fighter"] * 5


def test_faq_abilities_any_time_unless_when() -> None:
    """A "use" ability waits as long as you like; a "when played" choice (Inquisitor) is made on play
    and cannot be used later."""
    s = build(hand={0: ["Inquisitor", "Imperial Shuttle"]}, units={0: ["Director Krennic"]})
    play(s, EMPIRE, "Imperial Shuttle")
    use(s, EMPIRE, "Director Krennic")
    play(s, EMPIRE, "Inquisitor")
    assert s.pending[-1].kind == "mode"
    choose(s, EMPIRE, "resources1")
    assert "Inquisitor" not in usable(s, EMPIRE)


def test_faq_rewards_and_base_abilities_optional() -> None:
    """Corellia's reveal and AT-AT's reward may be declined; nothing else changes."""
    s = build(stage="start", base={0: None}, base_deck={0: ["Corellia", "Endor"]}, row={0: ["TIE Fighter"]})
    pick(s, EMPIRE, "Corellia")
    choose(s, EMPIRE, "decline")
    assert names(s, s.regions[0].row) == ["TIE Fighter"] and not s.players[EMPIRE].hand
    s = build(active_team=1, units={1: ["Luke Skywalker"]}, row={0: ["AT-AT", "X-Wing"]})
    attack_row(s, REBEL, "AT-AT", ["Luke Skywalker"])
    choose(s, REBEL, "decline")
    assert "X-Wing" in names(s, s.regions[0].row) and not s.players[REBEL].discard


def test_faq_exile_from_hand_and_discard_together() -> None:
    s = build(stage="start", base={0: None}, base_deck={0: ["Kessel", "Endor"]},
              hand={0: ["Imperial Shuttle"]}, discard={0: ["Stormtrooper"]})
    pick(s, EMPIRE, "Kessel")
    pick(s, EMPIRE, "Imperial Shuttle")
    pick(s, EMPIRE, "Stormtrooper")
    assert set(names(s, s.exiled)) == {"Imperial Shuttle", "Stormtrooper"} and not s.pending


def test_faq_discard_piles_are_open_and_keep_their_order() -> None:
    s = build(discard={0: ["TIE Fighter", "Stormtrooper", "Imperial Shuttle"], 1: ["X-Wing", "Y-Wing"]},
              galaxy_discard={0: ["Bossk", "Lobot"]})
    for seat in (REBEL, None):  # the opponent and a spectator
        v = GAME.view(s, seat)
        assert [c["name"] for c in v["players"][EMPIRE]["discard"]] == ["TIE Fighter", "Stormtrooper",
                                                                        "Imperial Shuttle"]
        assert [c["name"] for c in v["regions"][0]["galaxy_discard"]] == ["Bossk", "Lobot"]
    assert names(s, s.players[EMPIRE].discard) == ["TIE Fighter", "Stormtrooper", "Imperial Shuttle"]


def test_faq_attack_after_base_destroyed_by_ability_still_hits_ships() -> None:
    """The Y-Wing destroys the Empire base; the open attack still destroys the capital ship and the
    damage that would reach the base is lost."""
    s = build(active_team=1, units={1: ["Y-Wing", "Luke Skywalker"]}, ships={0: ["Gozanti Cruiser"]},
              damage={"Lothal": 6}, base_deck={0: ["Corellia", "Endor"]})
    act(s, REBEL, "commit", card=cid(s, "Luke Skywalker"), target="base")
    use(s, REBEL, "Y-Wing")
    assert s.players[EMPIRE].base is None and len(s.victory[REBEL]) == 1
    act(s, REBEL, "resolve")
    assert names(s, s.players[EMPIRE].discard) == ["Gozanti Cruiser"]
    assert not s.damage and s.players[EMPIRE].base is None


def test_faq_may_attack_ships_after_base_destroyed() -> None:
    """With the enemy base gone a new attack may still be opened while enemy ships remain."""
    s = build(active_team=1, units={1: ["Y-Wing", "Rebel Trooper"]}, ships={0: ["Star Destroyer"]},
              damage={"Lothal": 6}, base_deck={0: ["Corellia", "Endor"]})
    use(s, REBEL, "Y-Wing")
    attack_base(s, REBEL, ["Rebel Trooper"])
    # the only ship takes the damage (the base, destroyed by the Y-Wing, gets none)
    assert s.damage == {cid(s, "Star Destroyer"): 2}
    s = build(active_team=1, units={1: ["Y-Wing", "Rebel Trooper"]}, damage={"Lothal": 6},
              base_deck={0: ["Corellia", "Endor"]})
    use(s, REBEL, "Y-Wing")
    assert not any(a.kind == "commit" for a in GAME.legal_actions(s, REBEL))  # nothing left to hit


def test_faq_scout_trooper_revealing_a_neutral_card_does_nothing() -> None:
    s = build(units={0: ["Scout Trooper"]}, galaxy_deck={0: ["Lobot", "Jabba the Hutt"]}, force=3)
    use(s, EMPIRE, "Scout Trooper")
    assert s.force == 3 and names(s, s.regions[0].galaxy_deck) == ["Lobot", "Jabba the Hutt"]
    assert not s.regions[0].galaxy_discard and not s.players[EMPIRE].hand


def test_faq_duros_spy_with_force_fully_rebel_empire_must_discard() -> None:
    s = build(active_team=1, units={1: ["Duros Spy"]}, hand={0: ["Stormtrooper"]}, force=6)
    use(s, REBEL, "Duros Spy")
    assert options(s) == (cid(s, "Stormtrooper", s.players[EMPIRE].hand),)
    pick(s, EMPIRE, "Stormtrooper")
    assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"]
    s = build(active_team=1, units={1: ["Duros Spy"]}, force=6)  # nothing can resolve: not usable
    assert "Duros Spy" not in usable(s, REBEL)


def test_faq_yavin_4_triggers_on_every_discard() -> None:
    """Two discards in one turn, from one card's repeated effect (B-Wing and Snowspeeder), each deal 2."""
    s = build(active_team=1, base={1: "Yavin 4"}, units={1: ["B-Wing", "Snowspeeder"]},
              hand={0: ["Stormtrooper", "Imperial Shuttle", "Imperial Shuttle"]})
    use(s, REBEL, "B-Wing")
    pick(s, EMPIRE, "Imperial Shuttle")
    choose(s, REBEL, s.players[EMPIRE].base)
    use(s, REBEL, "Snowspeeder")
    pick(s, EMPIRE, "Imperial Shuttle")
    choose(s, REBEL, s.players[EMPIRE].base)
    assert s.damage[s.players[EMPIRE].base] == 4
