"""The balance report: its numbers from per-game records, and the HTML page with every plot."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

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
    """An SWDBG record as ``simulate --out`` writes it now (track and card events)."""
    return {"index": index, "seed": index, "game": "swdbg", "mode": "1v1", "bots": ["greedy", "random"],
            "teams": ["empire", "rebel"], "winners": winners, "draw": draw, "turns": turns, "actions": 10 * turns,
            "error": error, "reason": "draw" if draw else "bases", "track_name": "force", "track": force,
            "card_verb": "bought", "card_events": purchases, "first_team": "empire"}


def old_record(*args: Any, **kwargs: Any) -> dict:
    """The same record as a results folder written before the record hooks holds it."""
    r = record(*args, **kwargs)
    r["force_track"], r["purchases"] = r.pop("track"), r.pop("card_events")
    del r["track_name"], r["card_verb"]
    return r


@pytest.mark.parametrize("make", [record, old_record], ids=["current", "before-record-hooks"])
def test_numbers_from_hand_made_records(make: Any) -> None:
    record = make
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
    assert (at_at.events, at_at.players, at_at.player_wins) == (3, 2, 2)
    assert at_at.baseline == pytest.approx(0.5) and at_at.lift == pytest.approx(0.5)
    assert cards["X-Wing"].win_rate == pytest.approx(0.5) and cards["X-Wing"].group == "rebel"
    assert cards["TIE Fighter"].lift == pytest.approx(-0.5)
    assert data.turns == [10, 12, 14, 200]
    assert data.winner_of_game == ["empire", "empire", "rebel", "draw"]
    assert data.track == []  # too few games to show a Force curve
    assert data.track_info is not None and data.track_info.name == "force"  # the game's own words
    assert (data.card_verb, data.card_noun, data.card_group) == ("bought", "purchase", "faction")


@pytest.mark.parametrize("make", [record, old_record], ids=["current", "before-record-hooks"])
def test_force_curve_by_turn_and_by_winner(make: Any) -> None:
    records = [make(i, ["empire"], 3, [], [6, 4, 2]) for i in range(3)]
    records += [make(3 + i, ["rebel"], 2, [], [6, 6]) for i in range(3)]
    data = build(records)
    assert [p.turn for p in data.track] == [1, 2]  # turn 3: 3 of 6 games running, under the 5-game floor
    assert data.track[1].mean == pytest.approx(5.0) and data.track[1].sd == pytest.approx(1.0)
    assert data.track[1].mean_by_winner == {"empire": pytest.approx(4.0), "rebel": pytest.approx(6.0)}
    assert data.track_info is not None and data.track_info.title == "The Force over time"


def test_a_track_the_game_no_longer_describes_gets_plain_words() -> None:
    records = [{**record(i, ["empire"], 2, [[0, "AT-AT", 1]], [1, 2]), "track_name": "tension",
                "card_verb": "drafted"} for i in range(6)]
    data = build(records)
    assert data.track_info is not None and data.track_info.title == "tension over time"
    assert data.card_verb == "drafted" and data.card_noun == "" and [p.mean for p in data.track] == [1, 2]


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
        assert "<svg" in (svg := figure_svg(html, fid)) and svg.count("<path") > 3, f"plot {fid} ({title}) is empty"
    assert "40 games of swdbg 1v1" in html
    assert "Highest lift" in html and "Lowest lift" in html
    # the words are SWDBG's, from its record hooks
    assert "<h2>The Force over time</h2>" in html and "0 = fully with the Empire" in html
    assert "<h2>Cards bought</h2>" in html and "<th>bought in</th>" in html and "<th>bought by: team won</th>" in html
    assert "Cards: purchase rate against the win rate of the players who bought them" in html
    track = figure_svg(html, "track")
    assert "0 Empire" in track and "6 Rebel" in track and "Force track" in track
    assert "card faction" in figure_svg(html, "card-scatter")


def figure_svg(html: str, fid: str) -> str:
    """The SVG text of the report page's figure ``fid``."""
    match = re.search(rf'<figure id="{fid}"><img alt="[^"]*" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    assert match, f"plot {fid} is missing"
    return base64.b64decode(match.group(1)).decode("utf-8")


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
    first = next(r for r in data["rates"] if r["group"] == "first")
    assert [first["low"], first["high"]] == pytest.approx(summary["first_team_win_interval"], abs=1e-4)
    assert data["track"]["name"] == "force" and data["track"]["points"][0]["turn"] == 1 and data["summary"]
    assert data["track"]["points"][0]["mean"] == 6  # SW-TURN: a 1v1 game starts with the Force at 6
    assert data["card_verb"] == "bought" and data["cards"][0]["events"] >= data["cards"][0]["players"] > 0
    assert any(line.startswith("Mean Force (0 = Empire, 6 = Rebel): ") for line in data["summary"])


@pytest.fixture(scope="module")
def wakfu_results(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list]:
    folder = tmp_path_factory.mktemp("wakfu")
    summary, games = simulate("wakfu", "1v1", ["greedy", "greedy"], 40, seed=4, workers=1)
    write_results(folder, summary, games)
    return folder, games


def test_a_wakfu_report_has_its_track_and_card_table(wakfu_results: tuple[Path, list], tmp_path: Path) -> None:
    """The report of a game other than SWDBG: the XP lead over time and the cards played, in Wakfu's words
    (its record hooks), with numbers that agree with the records."""
    from collections import Counter
    folder, games = wakfu_results
    assert all(g.error is None and g.track_name == "xp_lead" and g.card_verb == "played" for g in games)
    result = runner.invoke(app, ["report", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    track = data["track"]
    assert track["name"] == "xp_lead" and track["title"] == "Experience lead over time"
    points = track["points"]
    assert points[0]["turn"] == 1 and points[0]["mean"] == 0 and points[0]["n"] == 40  # nobody has XP yet
    assert points[9]["mean"] == pytest.approx(sum(g.track[9] for g in games if len(g.track) > 9)
                                              / sum(len(g.track) > 9 for g in games))
    # greedy bots win mostly on XP (18 XP; since session 17 their Héros goes out to the Monde, and some
    # games end in combat): late in the game the eventual winner leads
    assert sum(g.reason.startswith("Victoire à l'Expérience") for g in games) >= len(games) * 3 // 4
    # (the latest turn that a quarter of the games still reach: the last few turns hold a game or two,
    # whose lead at that turn says nothing of the rest)
    late = next(p for p in reversed(points) if None not in p["mean_by_winner"].values() and p["n"] >= 10)
    assert late["turn"] > 20
    for team in ("p0", "p1"):  # each winner's mean lead there, as the records give it
        won = [g.track[late["turn"] - 1] for g in games if team in g.winners and len(g.track) >= late["turn"]]
        assert late["mean_by_winner"][team] == pytest.approx(sum(won) / len(won))
    # over the whole game the XP winners lead: p0's winners ahead on average, p1's behind
    xp_won = [g for g in games if g.reason.startswith("Victoire à l'Expérience")]
    assert sum(g.track[-1] for g in xp_won if "p0" in g.winners) > 0 > sum(g.track[-1] for g in xp_won if "p1" in g.winners)
    assert any(line.startswith("Mean XP lead of the table's first team") for line in data["summary"])
    # the card table: every card played, how many copies, by how many player-games, and how they fared
    assert data["card_verb"] == "played" and data["card_group"] == "element"
    events = Counter(name for g in games for _, name, _ in g.card_events)
    players = Counter(name for g in games for _, name in {(seat, name) for seat, name, _ in g.card_events})
    cards = {c["name"]: c for c in data["cards"]}
    assert {n: c["events"] for n, c in cards.items()} == dict(events) and len(cards) > 20
    name, most = players.most_common(1)[0]
    assert cards[name]["players"] == most and cards[name]["share"] == pytest.approx(most / 80, abs=1e-4)
    assert cards[name]["group"] in ("Air", "Terre", "Feu", "Eau", "Neutre")
    won = sum(g.teams[seat] in g.winners for g in games for seat in {s for s, n, _ in g.card_events if n == name})
    assert cards[name]["player_wins"] == won
    page = tmp_path / "wakfu.html"
    assert runner.invoke(app, ["report", str(folder), "--html", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "<h2>Experience lead over time</h2>" in html and "<h2>Cards played</h2>" in html
    assert "<th>played in</th>" in html and "<th>played by: team won</th>" in html and "Highest lift" in html
    assert "Cards: play rate against the win rate of the players who played them" in html
    assert "first team's XP lead" in figure_svg(html, "track").replace("&#39;", "'")
    assert "card element" in figure_svg(html, "card-scatter") and "Force track" not in html and "bought" not in html


def test_wakfu_plays_are_the_announcements_that_went_through() -> None:
    """The recorded plays of a Wakfu game are its cards announced from hand (a ``play`` action or a
    Réaction card) less those taken back unpaid (808.2), counted independently from the game's events."""
    from collections import Counter

    from allegiance.core.actions import Action
    from allegiance.games import get_game
    from allegiance.sim.runner import play_game
    game = get_game("wakfu")
    checked = 0
    for seed, mode in ((1, "1v1"), (2, "2v2"), (3, "1v1")):
        bots = ["random", "greedy"] * (len(game.table_for(mode).seats) // 2)
        result = play_game("wakfu", mode, bots, seed, keep_replay=True)
        assert result.error is None and result.replay is not None
        state = game.new_game(mode, seed, {})
        expected: Counter[tuple[int, str]] = Counter()
        announced: dict[int, tuple[str, str]] = {}  # seat -> ("card" or "power", card name) last announced
        for seat, raw in result.replay["actions"]:
            action = Action.from_json(raw)
            value = action.get("value")
            if action.kind == "play":
                announced[seat] = ("card", state.name(action.get("card")))
                expected[seat, state.name(action.get("card"))] += 1
            elif action.kind == "choose" and state.pending[-1].kind == "reaction" and isinstance(value, int):
                announced[seat] = ("card", state.name(value))
                expected[seat, state.name(value)] += 1
            elif action.kind == "use" or (action.kind == "choose" and state.pending[-1].kind == "reaction"
                                          and isinstance(value, str) and value != "pass"):
                announced[seat] = ("power", "")
            for event in game.apply(state, seat, action):
                if event.kind == "cancel" and " takes back " in event.text:
                    name = event.text.split(" takes back ", 1)[1]
                    if announced.get(event.seat) == ("card", name):  # not a paid power given up
                        expected[event.seat, name] -= 1
        got = Counter((seat, name) for seat, name, _ in result.card_events)
        assert got == +expected
        checked += sum(got.values())
    assert checked > 50


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


def test_win_rate_by_turn_order_position_from_hand_made_records() -> None:
    """Position K's rate is the win rate of the team of the player who played K-th (Wakfu 2v2 orders)."""
    base = {"game": "wakfu", "mode": "2v2", "bots": ["greedy"] * 4, "teams": ["a", "a", "b", "b"], "draw": False,
            "turns": 10, "actions": 100, "error": None, "reason": "xp", "card_events": [], "track": []}
    records = [
        {**base, "index": 0, "seed": 0, "winners": ["a"], "turn_order": [0, 3, 1, 2], "first_team": "a"},
        {**base, "index": 1, "seed": 1, "winners": ["a"], "turn_order": [2, 1, 3, 0], "first_team": "b"},
        {**base, "index": 2, "seed": 2, "winners": ["b"], "turn_order": [2, 1, 3, 0], "first_team": "b"},
        {**base, "index": 3, "seed": 3, "winners": [], "draw": True, "turn_order": [0, 3, 1, 2], "first_team": "a"},
    ]
    data = build(records)
    got = {r.label: (r.wins, r.n) for r in data.rates if r.group == "position"}
    assert got == {"position 1": (2, 4), "position 2": (1, 4), "position 3": (2, 4), "position 4": (1, 4)}
    first = data.rate("first", "first team")
    assert first is not None and (first.wins, first.n) == (2, 4)
    assert data.position_sides == ["first", "second", "first", "second"]
    from allegiance.report.summary import summary_lines
    line = next(line for line in summary_lines(data) if "turn order" in line)
    assert "positions 1, 3 (the first team's players) 50%" in line
    assert "positions 2, 4 (the second team's players) 25%" in line


def test_records_without_a_turn_order_have_no_position_rates() -> None:
    data = build([record(i, ["empire"], 3, [], []) for i in range(3)])
    assert not [r for r in data.rates if r.group == "position"] and data.position_sides == []


@pytest.mark.parametrize("game,mode,bots,games", [
    ("wakfu", "2v2", ["greedy", "random", "greedy", "random"], 4),
    ("wakfu", "1v1", ["greedy", "random"], 4),
    ("swdbg", "2v2", ["greedy", "random", "greedy", "random"], 4),
    ("swdbg", "1v1", ["greedy", "random"], 2),
])
def test_simulated_games_record_the_turn_order_and_the_report_shows_it(
        game: str, mode: str, bots: list[str], games: int, tmp_path: Path) -> None:
    """WK-ORDER-1 / SW-TURN-1: each record's turn order is the game's own; the first team is the team
    of its first seat; the report's position 1 rate is the first team's rate."""
    from allegiance.games import get_game
    summary, results = simulate(game, mode, bots, games, seed=7, workers=1, alternate=True)
    g = get_game(game)
    for r in results:
        assert r.error is None
        state = g.new_game(mode, r.seed, {})
        assert r.turn_order == g.turn_order(state)
        assert sorted(r.turn_order) == list(range(len(r.teams)))
        if game == "wakfu":
            assert r.turn_order[0] == state.first  # the first player is position 1
        assert r.first_team == r.teams[r.turn_order[0]] == state.table.teams[state.first_team]
    write_results(tmp_path, summary, results)
    assert json.loads((tmp_path / "games.jsonl").read_text().splitlines()[0])["turn_order"] == results[0].turn_order
    result = runner.invoke(app, ["report", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    positions = [r for r in data["rates"] if r["group"] == "position"]
    first = next(r for r in data["rates"] if r["group"] == "first")
    assert len(positions) == len(bots) and positions[0]["wins"] == first["wins"]
    assert any("turn order" in line for line in data["summary"])
    page = tmp_path / "r.html"
    assert runner.invoke(app, ["report", str(tmp_path), "--html", str(page)]).exit_code == 0
    assert 'id="turn-order"' in page.read_text(encoding="utf-8")


def test_wakfu_turn_order_hook_follows_the_worked_examples() -> None:
    """WK-ORDER-1 via the protocol hook: 3v3 starting with team b is B1 A3 B2 A2 B3 A1."""
    from allegiance.games import get_game
    g = get_game("wakfu")
    for seed in range(20):
        state = g.new_game("3v3", seed, {})
        labels = [state.table.seats[s].label for s in g.turn_order(state)]
        assert labels in (["A1", "B3", "A2", "B2", "A3", "B1"], ["B1", "A3", "B2", "A2", "B3", "A1"])
