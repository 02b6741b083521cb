"""swdbg.md §7 — abilities and keywords at 1v1: optional, timing, choose, if, when, while, exile,
discard, destroy, deal damage, repair, look, reveal, unique and traits.  Plus §4 purchasing and
§5 attacks (capital ships first, bounty hunting / sabotage)."""

from __future__ import annotations

from allegiance.core.errors import IllegalActionError
from allegiance.games.swdbg.combat import attack_value
from tests.swdbg.builders import (
    GAME,
    act,
    attack_base,
    attack_row,
    build,
    choose,
    cid,
    legal_kinds,
    names,
    options,
    pick,
    play,
    resources,
    usable,
    use,
)

EMPIRE, REBEL = 0, 1


def commits(s, seat: int) -> set[tuple[str, object]]:  # type: ignore[no-untyped-def]
    """(card name, target) of every legal commit: target "base" or a row card's name."""
    out = set()
    for a in GAME.legal_actions(s, seat):
        if a.kind == "commit":
            t = a.get("target")
            out.add((s.cards[a.get("card")].name, t if t == "base" else s.cards[t].name))
    return out


# -- optional / timing --------------------------------------------------------------------------
def test_optional_abilities_may_be_left_unused() -> None:
    """Every ability is optional: the turn may end with abilities unused."""
    s = build(hand={0: ["Director Krennic"]})
    play(s, EMPIRE, "Director Krennic")
    assert "Director Krennic" in usable(s, EMPIRE)
    act(s, EMPIRE, "end_turn")
    assert s.active_team == REBEL


def test_ability_usable_the_turn_played_and_after_attacking() -> None:
    """No stated timing: usable at any time on your turn while in play, even after the card attacked."""
    s = build(hand={0: ["General Veers"]}, units={0: ["Stormtrooper"]})
    play(s, EMPIRE, "General Veers")
    attack_base(s, EMPIRE, ["General Veers"])
    use(s, EMPIRE, "General Veers")
    assert len(s.players[EMPIRE].hand) == 1


def test_once_per_card_per_turn_and_again_next_turn_for_ships() -> None:
    s = build(ships={0: ["Nebulon-B Frigate"]}, units={0: ["TIE Fighter", "TIE Fighter"]})
    use(s, EMPIRE, "Nebulon-B Frigate")
    choose(s, EMPIRE, "resources3")
    assert "Nebulon-B Frigate" not in usable(s, EMPIRE)
    # two copies of a card: each may be used once
    ties = s.players[EMPIRE].units
    act(s, EMPIRE, "use", card=ties[0])
    act(s, EMPIRE, "use", card=ties[1])
    assert "TIE Fighter" not in usable(s, EMPIRE)
    with_used = [a for a in GAME.legal_actions(s, EMPIRE) if a.kind == "use"]
    assert not with_used
    act(s, EMPIRE, "end_turn")
    act(s, REBEL, "end_turn")
    assert "Nebulon-B Frigate" in usable(s, EMPIRE)  # capital ships untilt for the next turn


def test_each_card_commits_to_only_one_attack_per_turn() -> None:
    """Each attack value is used once per turn: a card that attacked cannot commit again."""
    s = build(units={0: ["Stormtrooper", "Stormtrooper"]}, row={0: ["Y-Wing"]})
    attack_row(s, EMPIRE, "Y-Wing", ["Stormtrooper"])
    storm = [u for u in s.players[EMPIRE].units if u not in s.attacked]
    assert {a.get("card") for a in GAME.legal_actions(s, EMPIRE) if a.kind == "commit"} == set(storm)


def test_partial_resolution_not_allowed_once_started() -> None:
    """Once an ability starts it resolves as fully as it can: Kel Dor Mystic's exile has no "done"."""
    s = build(units={0: ["Kel Dor Mystic"]}, hand={0: ["Imperial Shuttle"]})
    use(s, EMPIRE, "Kel Dor Mystic")
    assert options(s) == (cid(s, "Imperial Shuttle", s.players[EMPIRE].hand),)
    assert {a.kind for a in GAME.legal_actions(s, EMPIRE)} == {"choose"}


# -- choose / if / when / while -------------------------------------------------------------------
def test_choose_offers_only_resolvable_options() -> None:
    """Rebel Transport on an undamaged base: only "gain 1 resource" can resolve."""
    s = build(active_team=1, ships={1: ["Rebel Transport"]})
    use(s, REBEL, "Rebel Transport")
    assert options(s) == ("resources1",)


def test_if_ability_usable_only_while_condition_holds() -> None:
    """X-Wing: "If the Force is with you, draw 1" becomes usable once the Force moves."""
    s = build(active_team=1, units={1: ["X-Wing"]}, hand={1: ["Chirrut Imwe"]}, force=2)
    assert "X-Wing" not in usable(s, REBEL)
    play(s, REBEL, "Chirrut Imwe")
    assert "X-Wing" in usable(s, REBEL)


def test_when_trigger_not_limited_to_once_per_turn() -> None:
    """Dengar's "when he defeats a target" is not an ability to use; it is not a once-per-turn use,
    and it does not stop Dengar from being used otherwise."""
    s = build(units={0: ["Dengar"]}, row={0: ["Y-Wing"]})
    attack_row(s, EMPIRE, "Y-Wing", ["Dengar"])
    assert resources(s, EMPIRE) == 1 + 2  # Y-Wing reward, then Dengar
    assert "Dengar" not in usable(s, EMPIRE)  # no activated ability


def test_while_constant_ends_when_card_leaves_play() -> None:
    """Imperial Carrier's bonus ends as soon as the Carrier is destroyed."""
    s = build(active_team=1, units={1: ["Luke Skywalker"], 0: ["TIE Fighter"]}, ships={0: ["Imperial Carrier"]},
              force=5)
    tie = cid(s, "TIE Fighter")
    assert attack_value(s, s.players[EMPIRE], tie) == 3
    use(s, REBEL, "Luke Skywalker")
    pick(s, REBEL, "Imperial Carrier")
    assert attack_value(s, s.players[EMPIRE], tie) == 2


# -- exile -----------------------------------------------------------------------------------------
def test_self_exiling_card_gives_its_values_first() -> None:
    """HWK-290: its 4 resources stay in the pool after it exiles itself."""
    s = build(hand={0: ["HWK-290"]}, damage={"Lothal": 1})
    play(s, EMPIRE, "HWK-290")
    use(s, EMPIRE, "HWK-290")
    assert resources(s, EMPIRE) == 4 and cid(s, "HWK-290") in s.exiled


def test_exile_from_hand_or_discard_and_exiled_card_cannot_be_played() -> None:
    s = build(units={0: ["Kel Dor Mystic"]}, hand={0: ["Stormtrooper"]}, discard={0: ["TIE Fighter"]})
    use(s, EMPIRE, "Kel Dor Mystic")
    assert set(names(s, list(options(s)))) == {"Stormtrooper", "TIE Fighter"}
    storm = cid(s, "Stormtrooper")
    choose(s, EMPIRE, storm)
    assert storm in s.exiled and storm not in s.players[EMPIRE].hand
    assert not any(a.kind == "play" for a in GAME.legal_actions(s, EMPIRE))
    try:
        act(s, EMPIRE, "play", card=storm)
        raise AssertionError("an exiled card was played")
    except IllegalActionError:
        pass


def test_exile_up_to_two_from_both_hand_and_discard() -> None:
    """AT-ST's reward: up to 2 cards, from hand and discard together."""
    s = build(active_team=1, units={1: ["Luke Skywalker"]}, hand={1: ["Alliance Shuttle"]},
              discard={1: ["Rebel Trooper"]}, row={0: ["AT-ST"]})
    attack_row(s, REBEL, "AT-ST", ["Luke Skywalker"])
    pick(s, REBEL, "Alliance Shuttle")
    pick(s, REBEL, "Rebel Trooper")
    assert set(names(s, s.exiled)) == {"Alliance Shuttle", "Rebel Trooper"}


# -- discard ---------------------------------------------------------------------------------------
def test_discarded_cards_go_to_their_own_piles() -> None:
    """The opponent's card goes to the opponent's discard; a row card to the galaxy discard."""
    s = build(active_team=1, units={1: ["Snowspeeder"]}, hand={0: ["Stormtrooper"]})
    use(s, REBEL, "Snowspeeder")
    pick(s, EMPIRE, "Stormtrooper")
    assert names(s, s.players[EMPIRE].discard) == ["Stormtrooper"] and not s.players[REBEL].discard


def test_discard_from_own_hand_is_the_player_choice() -> None:
    s = build(ships={0: ["Gozanti Cruiser"]}, hand={0: ["Stormtrooper", "Imperial Shuttle"]})
    use(s, EMPIRE, "Gozanti Cruiser")
    assert set(names(s, list(options(s)))) == {"Stormtrooper", "Imperial Shuttle"}


def test_discard_from_row_gives_no_reward_and_refills() -> None:
    s = build(units={0: ["AT-ST"]}, row={0: ["Luke Skywalker"]}, galaxy_deck={0: ["Lobot"] * 5 + ["Bossk"]}, force=3)
    use(s, EMPIRE, "AT-ST")
    pick(s, EMPIRE, "Luke Skywalker")
    assert names(s, s.regions[0].row) == ["Bossk"] + ["Lobot"] * 5 and s.force == 3 and resources(s, EMPIRE) == 0
    assert names(s, s.regions[0].galaxy_discard) == ["Luke Skywalker"]


# -- destroy / deal damage / repair ---------------------------------------------------------------
def test_destroy_removes_an_undamaged_ship_to_its_owner_discard() -> None:
    s = build(active_team=1, units={1: ["Luke Skywalker"]}, ships={0: ["Star Destroyer"]}, force=6)
    use(s, REBEL, "Luke Skywalker")
    pick(s, REBEL, "Star Destroyer")
    assert names(s, s.players[EMPIRE].discard) == ["Star Destroyer"]


def test_deal_damage_ignores_capital_ships() -> None:
    s = build(active_team=1, units={1: ["Y-Wing"]}, ships={0: ["Gozanti Cruiser", "Star Destroyer"]})
    use(s, REBEL, "Y-Wing")
    assert s.damage == {s.players[EMPIRE].base: 2}


def test_partial_repair() -> None:
    """"Repair 3" on a base with 2 damage repairs 2; the rest is ignored."""
    s = build(active_team=1, units={1: ["U-Wing"]}, damage={"Dantooine": 2}, force=6)
    use(s, REBEL, "U-Wing")
    assert s.players[REBEL].base not in s.damage


# -- look / reveal ----------------------------------------------------------------------------------
def test_look_is_secret() -> None:
    """Moff Jerjerrod without the Force: only the Empire player sees the top galaxy card."""
    s = build(units={0: ["Moff Jerjerrod"]}, galaxy_deck={0: ["Lobot", "Luke Skywalker"]}, force=3)
    events = use(s, EMPIRE, "Moff Jerjerrod")
    looks = [e for e in events if e.kind == "look"]
    assert looks and all(e.visible_to == (EMPIRE,) for e in looks)
    assert names(s, s.regions[0].galaxy_deck) == ["Lobot", "Luke Skywalker"]  # returned unchanged


def test_reveal_and_look_conditions_do_not_reshuffle_the_galaxy() -> None:
    """Reshuffle only when a galaxy card is really needed: asking for the legal actions with Scout
    Trooper / TIE Interceptor / Moff Jerjerrod in play and an empty galaxy deck changes nothing."""
    s = build(units={0: ["Scout Trooper", "TIE Interceptor", "Moff Jerjerrod"]}, galaxy_deck={0: []},
              galaxy_discard={0: ["X-Wing", "Bossk", "Lobot"]})
    before = GAME.digest(s)
    assert {"Scout Trooper", "TIE Interceptor", "Moff Jerjerrod"} <= usable(s, EMPIRE)
    assert GAME.digest(s) == before and not s.regions[0].galaxy_deck
    use(s, EMPIRE, "Scout Trooper")  # now a card must be revealed: the galaxy discard is reshuffled
    assert not s.regions[0].galaxy_discard or names(s, s.regions[0].galaxy_discard) == ["X-Wing"]
    assert len(s.regions[0].galaxy_deck) + len(s.regions[0].galaxy_discard) == 3


def test_reveal_is_public() -> None:
    s = build(units={0: ["Scout Trooper"]}, galaxy_deck={0: ["Lobot", "Bossk"]})
    events = use(s, EMPIRE, "Scout Trooper")
    assert any(e.kind == "reveal" and e.visible_to is None for e in events)


# -- unique / traits --------------------------------------------------------------------------------
def test_unique_has_no_copy_limit() -> None:
    s = build(active_team=1, hand={1: ["Luke Skywalker", "Luke Skywalker"]})
    play(s, REBEL, "Luke Skywalker")
    play(s, REBEL, "Luke Skywalker")
    assert names(s, s.players[REBEL].units) == ["Luke Skywalker"] * 2


def test_traits_matter_only_when_named() -> None:
    """Fighter matters for Imperial Carrier, Trooper/Vehicle for Endor; a Sith or Officer gets nothing."""
    s = build(base={0: "Endor"}, ships={0: ["Imperial Carrier"]},
              units={0: ["Darth Vader", "Admiral Piett", "TIE Fighter", "Stormtrooper"]}, force=3)
    p = s.players[EMPIRE]
    assert [attack_value(s, p, c) for c in p.units] == [6, 0, 3, 3]


# -- purchasing -------------------------------------------------------------------------------------
def test_purchase_own_faction_or_neutral_paying_the_cost_to_discard_top() -> None:
    s = build(resources={0: 5}, row={0: ["X-Wing", "TIE Bomber", "Bossk", "Star Destroyer"]})
    buys = {s.cards[a.get("card")].name for a in GAME.legal_actions(s, EMPIRE) if a.kind == "buy"}
    assert buys == {"TIE Bomber", "Bossk", "Outer Rim Pilot"}  # not enemy, not above 5
    act(s, EMPIRE, "buy", card=cid(s, "TIE Bomber"))
    assert resources(s, EMPIRE) == 3 and names(s, s.players[EMPIRE].discard) == ["TIE Bomber"]
    assert len(s.regions[0].row) == 6


def test_free_purchase_triggers_when_you_purchase() -> None:
    """A free purchase is a purchase: Quarren Mercenary's "when you purchase" fires (Corellia)."""
    s = build(active_team=0, stage="start", base={0: None}, base_deck={0: ["Corellia", "Endor"]},
              row={0: ["Quarren Mercenary"]}, hand={0: ["Imperial Shuttle"]}, force=3)
    pick(s, EMPIRE, "Corellia")
    pick(s, EMPIRE, "Quarren Mercenary")
    assert names(s, s.players[EMPIRE].hand) == ["Imperial Shuttle", "Quarren Mercenary"]
    assert s.pending[-1].kind == "exile"


# -- attacks ----------------------------------------------------------------------------------------
def test_capital_ships_must_be_destroyed_first() -> None:
    s = build(active_team=1, units={1: ["Luke Skywalker", "Rebel Trooper"]}, ships={0: ["Gozanti Cruiser"]},
              damage={"Gozanti Cruiser": 1})
    attack_base(s, REBEL, ["Luke Skywalker", "Rebel Trooper"])
    assert names(s, s.players[EMPIRE].discard) == ["Gozanti Cruiser"]
    assert s.damage == {s.players[EMPIRE].base: 6}  # 8 - 2 left on the ship; the ship's damage removed


def test_attacker_splits_damage_between_enemy_ships_and_damage_stays() -> None:
    s = build(active_team=1, units={1: ["Luke Skywalker"]}, ships={0: ["Star Destroyer", "Imperial Carrier"]},
              force=3)
    attack_base(s, REBEL, ["Luke Skywalker"])
    assert s.pending[-1].kind == "assign_ship" and s.pending[-1].seats == (REBEL,)
    pick(s, REBEL, "Imperial Carrier")  # 5 destroy the Carrier; 1 is left for the Star Destroyer
    if s.pending:
        pick(s, REBEL, "Star Destroyer")
    assert names(s, s.players[EMPIRE].discard) == ["Imperial Carrier"]
    assert s.damage == {cid(s, "Star Destroyer"): 1}
    act(s, REBEL, "end_turn")
    assert s.damage == {cid(s, "Star Destroyer"): 1}  # damage stays until repaired


def test_excess_damage_on_a_destroyed_base_is_lost_and_base_goes_to_victory_pile() -> None:
    s = build(active_team=1, units={1: ["Luke Skywalker", "Luke Skywalker"]}, damage={"Lothal": 5},
              base_deck={0: ["Corellia", "Endor"]})
    lothal = s.players[EMPIRE].base
    attack_base(s, REBEL, ["Luke Skywalker", "Luke Skywalker"])
    assert s.players[EMPIRE].base is None and s.victory[REBEL] == [lothal]
    assert not s.damage
    # the owner chooses the next base only at the start of their own next turn
    assert "choose" not in legal_kinds(s, EMPIRE)
    act(s, REBEL, "end_turn")
    assert s.pending[-1].kind == "choose_base" and s.pending[-1].seats == (EMPIRE,)
    pick(s, EMPIRE, "Endor")
    assert s.damage == {}  # a fresh base: the excess 7 damage was lost


def test_bounty_hunting_only_by_units_and_only_enemy_units() -> None:
    s = build(units={0: ["Stormtrooper"]}, ships={0: ["Star Destroyer"]},
              row={0: ["X-Wing", "TIE Fighter", "Bossk", "Mon Calamari Cruiser"]})
    assert commits(s, EMPIRE) == {("Stormtrooper", "base"), ("Star Destroyer", "base"), ("Stormtrooper", "X-Wing")}


def test_reward_resolves_before_when_trigger() -> None:
    """IG-88 defeats a Snowspeeder: the reward's exile comes first, then IG-88's."""
    s = build(units={0: ["IG-88"]}, hand={0: ["Imperial Shuttle", "Stormtrooper"]}, row={0: ["Snowspeeder"]})
    attack_row(s, EMPIRE, "Snowspeeder", ["IG-88"])
    assert s.pending[-1].kind == "exile" and s.pending[-1].card == cid(s, "Snowspeeder")
    pick(s, EMPIRE, "Imperial Shuttle")
    assert s.pending[-1].kind == "exile" and s.pending[-1].card == cid(s, "IG-88")
    pick(s, EMPIRE, "Stormtrooper")
    assert len(s.exiled) == 2


def test_jyn_erso_look_at_hand_is_secret_to_the_rebel() -> None:
    s = build(active_team=1, units={1: ["Jyn Erso"]}, hand={0: ["Darth Vader"]}, force=3)
    events = use(s, REBEL, "Jyn Erso")
    looks = [e for e in events if e.kind == "look"]
    assert looks and all(e.visible_to == (REBEL,) for e in looks) and "Darth Vader" in looks[0].text


def test_coruscant_look_hidden_from_the_opponent_view() -> None:
    s = build(stage="start", base={0: "Coruscant"}, galaxy_deck={0: ["Lobot", "X-Wing", "TIE Fighter"]})
    mine, theirs = GAME.view(s, EMPIRE)["pending"], GAME.view(s, REBEL)["pending"]
    assert {c["name"] for c in mine["shown"]} == {"X-Wing", "TIE Fighter"}
    assert "shown" not in theirs and "options" not in theirs


def test_opponent_choice_is_answered_by_the_opponent_only() -> None:
    """B-Wing: the Empire chooses; the Rebel player cannot answer for them."""
    s = build(active_team=1, units={1: ["B-Wing"]}, hand={0: ["Stormtrooper"]})
    use(s, REBEL, "B-Wing")
    before = GAME.digest(s)
    try:
        choose(s, REBEL, "attack")
        raise AssertionError("the Rebel answered the Empire's choice")
    except IllegalActionError:
        pass
    assert GAME.digest(s) == before and GAME.legal_actions(s, REBEL) == []


def test_exile_at_end_of_turn_from_hand_or_play() -> None:
    """Jedha's card stays in hand unplayed, Tarkin's card is a capital ship put in play: both exiled."""
    s = build(active_team=1, base={1: "Jedha"}, resources={1: 3}, row={0: ["Bossk"]})
    act(s, REBEL, "buy", card=cid(s, "Bossk", s.regions[0].row))
    act(s, REBEL, "end_turn")
    assert names(s, s.exiled) == ["Bossk"]
    s = build(units={0: ["Grand Moff Tarkin"]}, row={0: ["Gozanti Cruiser"]})
    use(s, EMPIRE, "Grand Moff Tarkin")
    pick(s, EMPIRE, "Gozanti Cruiser")
    play(s, EMPIRE, "Gozanti Cruiser")
    act(s, EMPIRE, "end_turn")
    assert names(s, s.exiled) == ["Gozanti Cruiser"] and not s.players[EMPIRE].ships
