"""swdbg.md §1–§4 and §8 at 1v1: setup, the start and end of a turn, reshuffles, the Force track,
victory, the game modes (beginner, full galaxy, secret bases) and the optional rules."""

from __future__ import annotations

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError
from allegiance.core.rng import Rng
from allegiance.games.swdbg.cards import BEGINNER_BASES, faction_bases
from tests.swdbg.builders import (
    GAME,
    act,
    attack_base,
    build,
    choose,
    cid,
    names,
    pick,
    play,
    resources,
    use,
)

EMPIRE, REBEL = 0, 1


# -- setup ----------------------------------------------------------------------------------------
def test_setup_beginner() -> None:
    s = GAME.new_game("1v1", 7)
    assert s.force == 6 and s.active_team == EMPIRE and s.stage == "main"
    assert s.config.bases_to_win == 3
    for p, faction in zip(s.players, ("empire", "rebel"), strict=True):
        assert len(p.hand) == 5 and len(p.deck) == 5
        cards = names(s, p.hand + p.deck)
        starters = {"empire": ("Imperial Shuttle", "Stormtrooper", "Inquisitor"),
                    "rebel": ("Alliance Shuttle", "Rebel Trooper", "Temple Guardian")}[faction]
        assert [cards.count(n) for n in starters] == [7, 2, 1]
        assert s.cards[p.base].name == BEGINNER_BASES[faction][0]
        assert sorted(names(s, p.base_deck)) == sorted(BEGINNER_BASES[faction][1:])
    r = s.regions[0]
    assert len(r.row) == 6 and len(r.galaxy_deck) == 84 and len(r.pilots) == 10
    assert resources(s, EMPIRE) == 0  # the Force is fully Rebel: no bonus for the Empire


def test_setup_galaxy_has_90_cards_30_per_faction() -> None:
    s = GAME.new_game("1v1", 3)
    galaxy = s.regions[0].row + s.regions[0].galaxy_deck
    factions = [s.cards[c].faction for c in galaxy]
    assert [factions.count(f) for f in ("empire", "rebel", "neutral")] == [30, 30, 30]


# -- start of turn --------------------------------------------------------------------------------
def test_force_fully_yours_at_turn_start_gives_one_resource() -> None:
    s = GAME.new_game("1v1", 7)
    act(s, EMPIRE, "end_turn")
    assert resources(s, REBEL) == 1  # the Force starts fully Rebel
    for force, rebel_gets in ((6, 1), (5, 0), (4, 0)):
        s = build(active_team=1, stage="start", force=force)
        assert resources(s, REBEL) == rebel_gets
    for force, empire_gets in ((0, 1), (1, 0)):
        s = build(active_team=0, stage="start", force=force)
        assert resources(s, EMPIRE) == empire_gets


def test_capital_ships_give_resources_each_turn() -> None:
    s = build(stage="start", force=0, ships={0: ["Gozanti Cruiser", "Imperial Carrier", "Star Destroyer"],
                                                1: ["Nebulon-B Frigate"]})
    assert resources(s, EMPIRE) == 2 + 3 + 0 + 1
    assert resources(s, REBEL) == 0  # only the active player's ships


# -- end of turn ----------------------------------------------------------------------------------
def test_end_of_turn_discards_units_keeps_ships_loses_resources_draws_five() -> None:
    s = build(hand={0: ["Stormtrooper", "Gozanti Cruiser", "Imperial Shuttle"]}, deck={0: ["TIE Fighter"] * 6},
              resources={0: 3})
    play(s, EMPIRE, "Stormtrooper")
    play(s, EMPIRE, "Gozanti Cruiser")
    use(s, EMPIRE, "Gozanti Cruiser")
    pick(s, EMPIRE, "Imperial Shuttle")
    act(s, EMPIRE, "end_turn")
    p = s.players[EMPIRE]
    assert names(s, p.ships) == ["Gozanti Cruiser"] and not p.units
    assert sorted(names(s, p.discard)) == ["Imperial Shuttle", "Stormtrooper", "TIE Fighter"]
    assert len(p.hand) == 5 and p.resources == 0
    assert s.active_team == REBEL and not s.used


def test_reshuffle_only_when_a_card_must_be_drawn() -> None:
    """RB example: 3 cards left in the deck: draw them, shuffle the discard pile, draw 2 more."""
    s = build(deck={0: ["TIE Fighter"] * 3}, discard={0: ["Stormtrooper"] * 4}, hand={0: ["Imperial Shuttle"]})
    act(s, EMPIRE, "end_turn")
    p = s.players[EMPIRE]
    hand = names(s, p.hand)
    assert hand.count("TIE Fighter") == 3 and len(hand) == 5
    assert len(p.deck) == 3 and not p.discard  # 4 Stormtroopers + the Shuttle, minus the 2 drawn
    s = build(deck={0: ["TIE Fighter"] * 5}, discard={0: ["Stormtrooper"]})
    act(s, EMPIRE, "end_turn")
    p = s.players[EMPIRE]
    assert not p.deck and names(s, p.discard) == ["Stormtrooper"]  # an empty deck is not reshuffled early


def test_draw_with_empty_deck_and_discard_draws_nothing() -> None:
    s = build(units={0: ["Director Krennic"]}, deck={0: []})
    use(s, EMPIRE, "Director Krennic")
    assert not s.players[EMPIRE].hand


def test_galaxy_deck_reshuffled_when_the_row_must_be_refilled() -> None:
    s = build(resources={0: 9}, row={0: ["TIE Fighter", "Bossk"]}, galaxy_deck={0: []},
              galaxy_discard={0: ["X-Wing"]})
    act(s, EMPIRE, "buy", card=cid(s, "TIE Fighter"))
    assert names(s, s.regions[0].row) == ["X-Wing", "Bossk"]
    assert not s.regions[0].galaxy_discard and not s.regions[0].galaxy_deck


def test_force_track_clamps_at_the_ends() -> None:
    s = build(active_team=1, hand={1: ["Luke Skywalker"]}, force=5)
    play(s, REBEL, "Luke Skywalker")
    assert s.force == 6
    s = build(hand={0: ["Darth Vader"]}, force=1)
    play(s, EMPIRE, "Darth Vader")
    assert s.force == 0


# -- victory --------------------------------------------------------------------------------------
def test_beginner_victory_at_three_bases_ends_immediately() -> None:
    """Rodia's reveal destroys the third Rebel base: the game ends at once (no ship resources)."""
    s = build(stage="start", base={0: None, 1: "Sullust"}, base_deck={0: ["Rodia", "Endor"], 1: ["Hoth"]},
              ships={0: ["Gozanti Cruiser"]}, row={0: ["X-Wing", "Y-Wing"]}, damage={"Sullust": 14},
              victory=[["Dantooine", "Yavin 4"], []])
    pick(s, EMPIRE, "Rodia")
    assert s.stage == "over" and s.winner == EMPIRE
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("empire",)
    assert resources(s, EMPIRE) == 0
    assert not GAME.legal_actions(s, EMPIRE) and not GAME.legal_actions(s, REBEL)
    assert not s.pending


def test_starting_base_counts_toward_victory() -> None:
    s = build(active_team=1, units={1: ["Luke Skywalker"] * 2}, damage={"Lothal": 7},
              victory=[[], ["Endor", "Corellia"]], options={"bases_to_win": 3})
    attack_base(s, REBEL, ["Luke Skywalker"])
    assert s.winner == REBEL


def test_no_victory_before_enough_bases() -> None:
    s = build(active_team=1, units={1: ["Luke Skywalker"]}, damage={"Lothal": 7}, victory=[[], ["Endor"]])
    attack_base(s, REBEL, ["Luke Skywalker"])
    assert GAME.outcome(s) is None and len(s.victory[REBEL]) == 2


@pytest.mark.parametrize("need", [2, 3, 4, 5])
def test_adjustable_game_length(need: int) -> None:
    """The game-length option: 2..5 bases to win; the last needed base ends the game."""
    others = faction_bases("empire")[1:]
    for lost, wins in ((need - 2, False), (need - 1, True)):
        s = build(active_team=1, units={1: ["Luke Skywalker"]}, damage={"Lothal": 7},
                  victory=[[], others[:lost]], base_deck={0: others[lost:]},
                  options={"bases_to_win": need, "galaxy": "full"})
        attack_base(s, REBEL, ["Luke Skywalker"])
        assert (s.winner == REBEL) is wins and (s.stage == "over") is wins


@pytest.mark.parametrize("options", [{"bases_to_win": 1}, {"bases_to_win": 6}, {"galaxy": "huge"},
                                     {"bases_to_win": 5, "galaxy": "beginner", "unknown": 1}])
def test_bad_options_are_rejected(options: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(AllegianceError):
        GAME.new_game("1v1", 1, options)


# -- modes ------------------------------------------------------------------------------------------
def test_full_galaxy_has_ten_bases_and_plays_to_four() -> None:
    s = GAME.new_game("1v1", 5, {"galaxy": "full"})
    assert s.config.bases_to_win == 4
    for p, faction in zip(s.players, ("empire", "rebel"), strict=True):
        assert sorted(names(s, [p.base, *p.base_deck])) == sorted(faction_bases(faction))


def test_secret_bases_keep_four_of_nine_hidden_from_the_opponent() -> None:
    s = GAME.new_game("1v1", 5, {"galaxy": "secret"})
    assert s.config.bases_to_win == 4 and s.stage == "setup"
    for seat in (EMPIRE, REBEL):
        assert s.pending[-1].kind == "secret_base" and s.pending[-1].seats == (seat,)
        assert len(s.pending[-1].options) == 9
        for _ in range(4):
            choose(s, seat, s.pending[-1].options[0])
    assert s.stage == "main" and len(s.box) == 10
    assert all(len(p.base_deck) == 4 for p in s.players)
    v = GAME.view(s, REBEL)
    assert v["players"][EMPIRE]["base_deck"] is None and v["players"][EMPIRE]["bases_left"] == 4
    assert v["players"][REBEL]["base_deck"] is not None
    assert GAME.view(s, None)["players"][REBEL]["base_deck"] is None


def test_beginner_base_deck_is_visible_to_the_opponent() -> None:
    s = GAME.new_game("1v1", 5)
    assert sorted(GAME.view(s, REBEL)["players"][EMPIRE]["base_deck"]) == sorted(BEGINNER_BASES["empire"][1:])


def test_pay_off_neutral_option() -> None:
    """Optional rule: pay a neutral card's cost to discard it from the row without gaining it."""
    zones = dict(resources={0: 5}, row={0: ["Rodian Gunslinger", "C-ROC Cruiser", "X-Wing", "TIE Fighter"]})
    s = build(**zones)
    assert not any(a.kind == "pay_off" for a in GAME.legal_actions(s, EMPIRE))
    s = build(options={"pay_off_neutral": True}, **zones)
    offs = {s.cards[a.get("card")].name for a in GAME.legal_actions(s, EMPIRE) if a.kind == "pay_off"}
    assert offs == {"Rodian Gunslinger", "C-ROC Cruiser"}
    act(s, EMPIRE, "pay_off", card=cid(s, "C-ROC Cruiser"))
    assert resources(s, EMPIRE) == 2 and names(s, s.regions[0].galaxy_discard) == ["C-ROC Cruiser"]
    assert not s.players[EMPIRE].discard and len(s.regions[0].row) == 6


@pytest.mark.parametrize("seed", [11, 12])
def test_listing_legal_actions_never_changes_the_state(seed: int) -> None:
    """Over seeded random 1v1 games: legal_actions is a pure query (no reshuffle, no RNG draw)."""
    s = GAME.new_game("1v1", seed, {"galaxy": "full", "pay_off_neutral": True})
    rng = Rng(seed)
    for _ in range(500):
        if GAME.outcome(s) is not None:
            break
        seats = GAME.active_seats(s)
        seat = seats[rng.below(len(seats))]
        before = GAME.digest(s)
        legal = GAME.legal_actions(s, seat)
        assert GAME.digest(s) == before
        playing = [a for a in legal if a.kind != "end_turn"]
        pool = playing if playing and rng.below(4) else legal
        GAME.apply(s, seat, pool[rng.below(len(pool))])


def test_turn_limit_ends_in_a_draw_with_the_turns_played() -> None:
    """The turn cap (options.max_turns) ends the game as a draw after exactly that many team turns."""
    s = GAME.new_game("1v1", 3, {"max_turns": 4})
    while GAME.outcome(s) is None:
        seat = GAME.active_seats(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[-1] if s.pending else Action.of("end_turn"))
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.draw and "turn limit of 4" in outcome.reason
    assert s.turn == 4 and s.active_team == EMPIRE
