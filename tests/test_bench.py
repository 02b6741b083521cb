"""``allegiance bench --json``: the shape of its report (speed targets live in the benchmark, not here)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.games import get_game

KEYS = {"actions_per_s_1v1", "actions_per_s_2v2", "copy_us_2v2", "peer_rlcard_actions_per_s",
        "wakfu_actions_per_s_1v1", "wakfu_actions_per_s_4v4", "wakfu_copy_us_1v1", "jk_actions_per_s_3p", "jk_copy_us_3p",
        "peer_pyminion_games_per_s", "swdbg_1v1_greedy_games_per_s", "ratio_actions_vs_rlcard",
        "ratio_greedy_games_vs_pyminion", "targets", "checks", "pass", "machine", "compiled", "compiled_modules"}


def test_bench_json_with_peers_has_every_figure_target_and_verdict() -> None:
    result = CliRunner().invoke(app, ["bench", "--json", "--peer", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert KEYS <= set(data)
    for key in ("actions_per_s_1v1", "actions_per_s_2v2", "copy_us_2v2", "swdbg_1v1_greedy_games_per_s"):
        assert isinstance(data[key], float) and data[key] > 0
    for key in ("peer_rlcard_actions_per_s", "peer_pyminion_games_per_s"):
        assert data[key] is None or data[key] > 0
    if data["peer_rlcard_actions_per_s"]:
        ratio = data["actions_per_s_1v1"] / data["peer_rlcard_actions_per_s"]
        assert abs(data["ratio_actions_vs_rlcard"] - ratio) < 1e-9
    assert {c["name"] for c in data["checks"]} == set(data["targets"])
    assert data["pass"] == all(c["ok"] for c in data["checks"] if c["ok"] is not None)
    assert data["machine"]["python"] and data["machine"]["cpu"]
    assert data["compiled"] == bool(data["compiled_modules"])
    assert all(name.startswith("allegiance.") for name in data["compiled_modules"])


def test_bench_without_peers_leaves_the_peer_figures_out() -> None:
    result = CliRunner().invoke(app, ["bench", "--json", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["peer_rlcard_actions_per_s"] is None and data["peer_pyminion_games_per_s"] is None
    skipped = [c for c in data["checks"] if c["ok"] is None]
    assert {c["name"] for c in skipped} == {"ratio_actions_vs_rlcard", "ratio_greedy_games_vs_pyminion"}


def test_bench_rejects_a_non_positive_duration() -> None:
    result = CliRunner().invoke(app, ["bench", "--seconds", "0"])
    assert result.exit_code == 2


def test_wakfu_playout_options_are_accepted_in_every_mode() -> None:
    """``playouts.py --game wakfu`` once passed the duel's Iop/Crâ decks to 2v2, which WK-DECK-2 (a Unique card
    at most once per team) refuses; each mode's options now make a game, and a 2v2 plays out."""
    from allegiance.games import get_game
    from benchmarks.playouts import random_playout_rate, wakfu_options

    game = get_game("wakfu")
    for mode in game.modes:
        state = game.new_game(mode, 0, wakfu_options(mode))
        assert game.outcome(state) is None and game.active_seats(state), mode
    assert wakfu_options("8v8")["team_uniques"] == "ignore" and "decks" not in wakfu_options("2v2")
    rate = random_playout_rate("2v2", 0.01, game_name="wakfu", options=wakfu_options("2v2"))
    assert rate["actions_per_s"] > 0


def test_playouts_can_be_timed_by_cpu_time_on_a_shared_machine(capsys: pytest.CaptureFixture[str]) -> None:
    """``playouts.py --cpu`` counts this process's CPU time (the wall clock of a busy machine counts the other
    jobs' time too); a Jedi Knights playout runs through it."""
    from benchmarks.playouts import copy_time_us, main, random_playout_rate

    rate = random_playout_rate("AvEvI", 0.01, game_name="jk", cpu=True)
    assert rate["actions_per_s"] > 0 and rate["games_per_s"] > 0
    assert copy_time_us("AvE", copies=20, repeats=1, game_name="jk", cpu=True) >= 0
    assert main(["--game", "jk", "--seconds", "0.001", "--cpu"]) == 0
    assert "jk AvEvI:" in capsys.readouterr().out


def test_strength_plays_only_the_games_of_the_teams_asked_and_reports_each_decisions_cpu(tmp_path) -> None:
    """``--ismcts-teams 1``: the run's own games where ISMCTS sits on team 1 (the odd ones), with the CPU
    time of its decisions (issue 23 budgets a decision at 1 s); a team the mode lacks is refused."""
    from benchmarks.strength import evaluate, main

    out = tmp_path / "runs.jsonl"
    summary = evaluate("1v1", 2, 2026, {"iterations": 3}, progress=False, jsonl=out, ismcts_teams={1})
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["index"] for g in games] == [1, 3] and all(g["ismcts_team"] == 1 for g in games)
    assert all(g["decisions"] > 0 and 0 < g["decision_cpu_max"] <= g["decision_cpu_total"] for g in games)
    assert summary["games"] == 2 and summary["decision_cpu_max"] == max(g["decision_cpu_max"] for g in games)
    with pytest.raises(SystemExit):
        main(["--games-1v1", "1", "--games-2v2", "0", "--ismcts-teams", "2"])


def test_strength_sees_all_deals_no_world_and_the_bot_takes_a_time_budget_and_its_worlds_count(capsys: pytest.CaptureFixture[str]) -> None:
    """``--sees-all`` (an analysis of what the hidden information costs the search): its worlds are the
    real state, other hands and future draws too, where a fair search deals them again; ``--time-ms`` and
    ``--determinizations`` go to the bot, and values it cannot take are refused."""
    from allegiance.core.rng import Rng
    from benchmarks.strength import main, seeing_all

    game = get_game("swdbg")
    state = game.new_game("1v1", 5, {})
    fair = game.search_hooks().determinize(state, 0, Rng(1))
    seen = seeing_all(game).search_hooks().determinize(state, 0, Rng(1))
    assert fair.players[1].hand != state.players[1].hand or fair.players[1].deck != state.players[1].deck
    assert seen.players[1].hand == state.players[1].hand and seen.players[1].deck == state.players[1].deck
    assert seen.rng.next64() == state.copy().rng.next64()  # the future draws too
    assert game.search_hooks().determinize is not seeing_all(game).search_hooks().determinize

    assert main(["--games-1v1", "1", "--games-2v2", "0", "--iterations", "2", "--time-ms", "50", "--sees-all",
                 "--determinizations", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["budget"] == {"iterations": 2, "horizon": 1, "determinizations": 2, "time_ms": 50.0,
                                "sees_all": True}
    assert report["modes"][0]["games"] == 1
    for refused in (["--time-ms", "0"], ["--determinizations", "0"]):
        with pytest.raises(SystemExit):
            main(["--games-1v1", "1", "--games-2v2", "0", *refused])
