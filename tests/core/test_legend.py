"""Each game's legend (icons and numbers, how to win, the turn's phases, its decks) and its progress toward
winning in words (issue 24, item 6), read through the Game protocol only."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from allegiance.core.legend import LegendError, options_table, read_legend
from allegiance.core.options import UNSOURCED
from allegiance.games import game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_a_legend_with_icons_a_way_to_win_and_phases(name: str) -> None:
    legend = get_game(name).legend()
    assert legend["about"] and legend["win"] and legend["phases"] and legend["icons"]
    assert all(icon["symbol"] and icon["meaning"] for icon in legend["icons"])


def test_the_legends_name_what_the_cards_show() -> None:
    symbols = {name: {i["symbol"] for i in get_game(name).legend()["icons"]} for name in game_names()}
    assert {"⚔", "◆", "◎", "✦", "♥"} <= symbols["swdbg"]
    assert {"Niveau", "elements", "PA", "PM"} <= symbols["wakfu"] and any("Taille" in s for s in symbols["wakfu"])
    assert {"⚡", "✦", "D"} <= symbols["jk"]
    wakfu = get_game("wakfu").legend()
    assert set(wakfu["decks"]) == {"iop", "feca", "cra", "xelor"} and "Bruss Ouilis" in wakfu["decks"]["iop"]
    jk = get_game("jk").legend()
    assert all("invented for this project" in d for d in jk["decks"].values())
    assert set(jk["decks"]) == {"luke", "han", "vader", "tarkin", "jabba", "fett"}


def test_swdbg_progress_counts_destroyed_bases_of_each_opposing_deck() -> None:
    game = get_game("swdbg")
    state = game.new_game("1v1", 2)
    assert game.progress(state, None)[:2] == ["The Empire has destroyed 0 of 3 bases to win",
                                              "The Rebels have destroyed 0 of 3 bases to win"]
    empire_base = next(c for c, seat in state.base_owner.items() if state.players[seat].team == 0)
    state.victory[1].append(empire_base)  # the Rebels destroyed one of the Empire's bases
    lines = game.progress(state, 0)
    assert "The Rebels have destroyed 1 of 3 bases to win" in lines
    assert lines == game.progress(state, 1) == game.progress(state, None)  # public: the same for everyone
    two = game.new_game("2v2", 2)
    assert "The Empire has destroyed 0 of 3 of Rebel 1's bases and 0 of 3 of Rebel 2's bases to win" \
        in game.progress(two, None)
    assert any(line.startswith("The Force") for line in lines)


def test_wakfu_progress_says_xp_of_the_goal_and_heroes_standing() -> None:
    game = get_game("wakfu")
    duel = game.new_game("1v1", 5)
    duel.players[0].xp = 5
    lines = game.progress(duel, None)
    assert lines[0].startswith("Player 1: XP 5 of 18 to win") and lines[1].startswith("Player 2: XP 0 of 18")
    teams = game.new_game("2v2", 5)
    teams.players[0].xp, teams.players[1].xp = 4, 3
    teams.players[3].out = True
    assert game.progress(teams, 2) == ["Team A: XP 7 of 36 to win; 2 of 2 Héros standing",
                                       "Team B: XP 0 of 36 to win; 1 of 2 Héros standing"]


def test_jk_progress_counts_planets_of_the_three_that_win() -> None:
    game = get_game("jk")
    state = game.new_game("AvEvI", 3)
    state.controlled.append("Empire")
    lines = game.progress(state, None)
    assert "Empire: controls 1 of 3 planets to win" in lines and "Alliance: controls 0 of 3 planets to win" in lines
    assert any(line.startswith("Planet 1 of 4") for line in lines)
    state.final = True
    assert any("Final Conflict" in line for line in game.progress(state, None))


def test_the_options_table_keeps_unsourced_rules_and_the_tables_value() -> None:
    game = get_game("jk")
    rows = {r["name"]: r for r in options_table(game.option_specs, {"control_tie": "player_one"})}
    assert rows["control_tie"]["value"] == "player_one" and rows["control_tie"]["default"] == "nobody"
    assert rows["control_tie"]["source"].startswith(UNSOURCED) and rows["control_tie"]["sourced"] is False
    assert rows["battle_tie"]["value"] == rows["battle_tie"]["default"]
    assert "decks" not in rows  # per-seat texts are the seats' business
    assert rows["max_turns"]["rule"] is False  # an engine setting


def test_a_legend_file_of_another_form_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "legend.toml"
    bad.write_text('about = "x"\nhow_to_win = ["a"]\n', encoding="utf-8")
    with pytest.raises(LegendError, match="unknown keys how_to_win"):
        read_legend(bad)
    bad.write_text('[[icons]]\nsymbol = "⚔"\n', encoding="utf-8")
    with pytest.raises(LegendError, match="symbol and a meaning"):
        read_legend(bad)


def test_option_values_fill_in_the_defaults_the_rules_set_by_mode() -> None:
    jk = get_game("jk")
    assert jk.option_values("AvEvI", {})["turns_per_planet"] == 1  # JK-3S-2: three sides, one turn each
    assert jk.option_values("AvE", {})["turns_per_planet"] == 2  # UNSOURCED default of the base game
    assert jk.option_values("AvE", {"turns_per_planet": 3})["turns_per_planet"] == 3
    swdbg = get_game("swdbg")
    assert swdbg.option_values("1v1", {"galaxy": "full"})["bases_to_win"] == 4  # SW-WIN-2
    assert swdbg.option_values("2v2", {"galaxy": "full"})["bases_to_win"] == 3  # SW-WIN-1
    assert get_game("wakfu").option_values("2v2", {})["max_turns"] == 400
    rows = {r["name"]: r for r in options_table(jk.option_specs, jk.option_values("AvEvI", {}))}
    assert rows["turns_per_planet"]["value"] == 1 and rows["turns_per_planet"]["default"] is None


def _play(name: str, mode: str, seed: int, steps: int) -> tuple[Any, Any]:
    """A game played by random legal choices for at most ``steps`` actions (or to its end)."""
    game = get_game(name)
    state = game.new_game(mode, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        seat = game.active_seats(state)[0]
        game.apply_unchecked(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game, state


@pytest.mark.parametrize(("name", "mode"), [("swdbg", "2v2"), ("wakfu", "2v2"), ("jk", "AvEvI")])
def test_progress_is_the_same_for_every_seat_and_spectators_through_a_game(name: str, mode: str) -> None:
    game, state = _play(name, mode, 7, 300)
    lines = game.progress(state, None)
    assert lines and all(game.progress(state, s) == lines for s in range(len(state.table.seats)))


def test_a_finished_swdbg_game_says_the_winner_destroyed_every_base_it_needed() -> None:
    game, state = _play("swdbg", "1v1", 3, 20_000)
    outcome = game.outcome(state)
    assert outcome is not None and not outcome.draw
    side = "The Empire has" if outcome.winners == ("empire",) else "The Rebels have"
    assert f"{side} destroyed 3 of 3 bases to win" in game.progress(state, None)
