"""The balance report: its numbers from per-game records, and the HTML page with every plot."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.report.stats import build
from allegiance.sim.results import write_results
from allegiance.sim.simulate import simulate

pytest.importorskip("matplotlib")

from allegiance.report.plots import FIGURES  # noqa: E402

runner = CliRunner()


def record(index: int, winners: list[str], turns: int, purchases: list[list], force: list[int],
           draw: bool = False, error: str | None = None) -> dict:
    return {"index": index, "seed": index, "game": "swdbg", "mode": "1v1", "bots": ["greedy", "random"],
            "teams": ["empire", "rebel"], "winners": winners, "draw": draw, "turns": turns, "actions": 10 * turns,
            "error": error, "reason": "draw" if draw else "bases", "purchases": purchases, "force_track": force,
            "first_team": "empire"}


def test_numbers_from_hand_made_records() -> None:
    records = [
        record(0, ["empire"], 10, [[0, "AT-AT", 1], [0, "AT-AT", 3], [1, "X-Wing", 2]], [6, 5, 4]),
        record(1, ["empire"], 12, [[0, "AT-AT", 2]], [6, 6, 2]),
        record(2, ["rebel"], 14, [[1, "X-Wing", 2], [0, "TIE Fighter", 1]], [6, 6, 6]),
        record(3, [], 200, [], [6], draw=True),
        record(4, [], 0, [], [], error="RuntimeError: boom"),
    ]
    data = build(records)
    assert (data.games, data.completed, data.errors, data.draws) == (5, 4, 1, 1)
    empire = data.rate("team", "empire")
    assert empire is not None and (empire.wins, empire.n) == (2, 4)
    first = data.rate("first", "first team")
    assert first is not None and first.wins == 2
    greedy = data.rate("bot", "greedy")
    assert greedy is not None and (greedy.wins, greedy.n) == (2, 4)
    cards = {c.name: c for c in data.cards}
    at_at = cards["AT-AT"]
    assert (at_at.purchases, at_at.buyers, at_at.buyer_wins) == (3, 2, 2)
    assert at_at.baseline == pytest.approx(0.5) and at_at.lift == pytest.approx(0.5)
    assert cards["X-Wing"].win_rate == pytest.approx(0.5) and cards["X-Wing"].faction == "rebel"
    assert cards["TIE Fighter"].lift == pytest.approx(-0.5)
    assert data.turns == [10, 12, 14, 200]
    assert data.winner_of_game == ["empire", "empire", "rebel", "draw"]
    assert data.force == []  # too few games to show a Force curve


def test_force_curve_by_turn_and_by_winner() -> None:
    records = [record(i, ["empire"], 3, [], [6, 4, 2]) for i in range(3)]
    records += [record(3 + i, ["rebel"], 2, [], [6, 6]) for i in range(3)]
    data = build(records)
    assert [p.turn for p in data.force] == [1, 2]  # turn 3: 3 of 6 games running, under the 5-game floor
    assert data.force[1].mean == pytest.approx(5.0) and data.force[1].sd == pytest.approx(1.0)
    assert data.force[1].mean_by_winner == {"empire": pytest.approx(4.0), "rebel": pytest.approx(6.0)}


def test_build_refuses_an_empty_result_set() -> None:
    with pytest.raises(ValueError):
        build([])


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("results")
    summary, games = simulate("swdbg", "1v1", ["greedy", "random"], 40, seed=4, workers=1, alternate=True)
    write_results(folder, summary, games)
    return folder


def test_report_page_has_every_plot_and_the_summary(results: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = runner.invoke(app, ["report", str(results), "--html", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    for fid, title, _ in FIGURES:
        match = re.search(rf'<figure id="{fid}"><img alt="[^"]*" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"',
                          html)
        assert match, f"plot {fid} ({title}) is missing"
        svg = base64.b64decode(match.group(1)).decode("utf-8")
        assert "<svg" in svg and svg.count("<path") > 3, f"plot {fid} is empty"
    assert "40 games of swdbg 1v1" in html
    assert "Highest lift" in html and "Lowest lift" in html


def test_report_json_agrees_with_the_simulation_summary(results: Path) -> None:
    result = runner.invoke(app, ["report", str(results), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    summary = json.loads((results / "summary.json").read_text())
    rates = {r["label"]: r for r in data["rates"] if r["group"] == "team"}
    for team, wins in summary["wins_by_team"].items():
        assert rates[team]["wins"] == wins
        assert [rates[team]["low"], rates[team]["high"]] == pytest.approx(summary["win_interval_by_team"][team], abs=1e-4)
    assert data["turns"]["mean"] == pytest.approx(summary["mean_turns"])
    assert data["force"][0]["turn"] == 1 and data["summary"]


def test_report_on_a_folder_without_results_fails_cleanly(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", str(tmp_path)])
    assert result.exit_code == 2
    assert "games.jsonl" in result.output


def test_a_page_renders_when_every_game_is_a_draw_and_nothing_was_bought(tmp_path: Path) -> None:
    from allegiance.report import write_html

    data = build([record(i, [], 6, [], [6, 6, 5, 5, 4, 4], draw=True) for i in range(6)])
    html = write_html(data, tmp_path / "r.html").read_text(encoding="utf-8")
    assert html.count("<figure id=") == len(FIGURES)
    assert "6 draws" in html
