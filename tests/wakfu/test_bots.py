"""Wakfu bots: the greedy heuristic's yardstick and search playing Wakfu to the end."""

from __future__ import annotations

import pytest

from allegiance.sim.simulate import simulate

PAIRINGS = [("iop", "cra"), ("feca", "xelor"), ("cra", "feca"), ("xelor", "iop")]


def test_greedy_beats_random_in_at_least_95_percent_of_200_games_both_seat_orders() -> None:
    """Issue 13's yardstick, over four pairings of the starters, greedy seated first and second in turn."""
    wins = games = 0
    for decks in PAIRINGS:
        summary, results = simulate("wakfu", "1v1", ["greedy", "random"], 50, seed=7, alternate=True,
                                    options={"decks": list(decks), "reaction_prompts": "playable"})
        assert summary.errors == 0, summary.error_samples
        assert {tuple(r.bots) for r in results} == {("greedy", "random"), ("random", "greedy")}
        wins += summary.wins_by_bot.get("greedy", 0)
        games += summary.games
    assert games == 200
    assert wins >= 190


@pytest.mark.parametrize("decks", [("iop", "iop"), ("feca", "cra"), ("xelor", "feca")])
def test_greedy_games_end_without_errors(decks: tuple[str, str]) -> None:
    summary, _ = simulate("wakfu", "1v1", ["greedy", "greedy"], 20, seed=3,
                          options={"decks": list(decks), "reaction_prompts": "always"})
    assert summary.errors == 0, summary.error_samples
    assert summary.draws < summary.games
