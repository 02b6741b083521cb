"""The command line: new, legal, apply, replay, cards, simulate, play."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.games import get_game
from allegiance.replay import Replay
from allegiance.sim.runner import play_game

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_new_legal_apply_cycle(tmp_path: Path) -> None:
    result = run("new", "swdbg", "--mode", "1v1", "--seed", "5")
    assert result.exit_code == 0, result.output
    pos = tmp_path / "pos.json"
    pos.write_text(result.stdout)
    data = json.loads(result.stdout)
    assert data["game"] == "swdbg" and len(data["players"]) == 2
    listed = run("legal", str(pos), "--json")
    assert listed.exit_code == 0, listed.output
    actions = json.loads(listed.stdout)["actions"]
    assert actions and all(a["seat"] == 0 for a in actions)
    play = next(a for a in actions if a["action"]["kind"] == "play")
    applied = run("apply", str(pos), str(play["id"]))
    assert applied.exit_code == 0, applied.output
    after = json.loads(applied.stdout)
    assert after["version"] == data["version"] + 1
    card = play["action"]["card"]
    assert any(c.endswith(f"#{card}") for c in after["players"][0]["units"] + after["players"][0]["ships"])
    # the same action written as JSON
    applied_json = run("apply", str(pos), json.dumps(play["action"]))
    assert json.loads(applied_json.stdout) == after


def test_legal_lists_actions_in_words(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(run("new", "swdbg", "--seed", "1").stdout)
    result = run("legal", str(pos))
    assert result.exit_code == 0
    assert "end turn" in result.stdout and "Empire" in result.stdout


def test_apply_errors_are_clear_and_change_nothing(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(run("new", "swdbg", "--seed", "1").stdout)
    before = pos.read_text()
    bad = run("apply", str(pos), "999")
    assert bad.exit_code == 2 and "no legal action 999" in bad.output
    bad = run("apply", str(pos), '{"kind": "buy", "card": 3}')
    assert bad.exit_code == 2 and "not a legal action" in bad.output
    bad = run("apply", str(pos), '{"kind": "end_turn"}', "--seat", "1")
    assert bad.exit_code == 2 and "may not act" in bad.output
    assert pos.read_text() == before
    missing = run("legal", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_a_hand_written_position_settles_a_rules_question(tmp_path: Path) -> None:
    """A user writes a small position by card names and asks what is legal."""
    pos = tmp_path / "q.yaml"
    pos.write_text("""
game: swdbg
mode: 1v1
force: 6
players:
  - hand: [Stormtrooper]
    units: [Darth Vader]
    base: Lothal
  - base: Dantooine
    ships: [Mon Calamari Cruiser]
regions:
  - row: [Luke Skywalker, Rodian Gunslinger]
""")
    result = run("legal", str(pos), "--json")
    assert result.exit_code == 0, result.output
    texts = [a["text"] for a in json.loads(result.stdout)["actions"]]
    # Vader may hunt Luke (an enemy unit) but not the neutral Gunslinger
    assert any("Darth Vader" in t and "Luke Skywalker" in t for t in texts)
    assert not any("Rodian Gunslinger" in t and "commit" in t for t in texts)


def test_replay_reproduces_a_game(tmp_path: Path) -> None:
    result = play_game("swdbg", "1v1", ["greedy", "random"], seed=9, record=False)
    game = get_game("swdbg")
    # rebuild the action log by replaying the bots deterministically
    from allegiance.bots import make_bot
    state = game.new_game("1v1", 9)
    rep = Replay("swdbg", "1v1", 9, seats=["greedy", "greedy"])
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while game.outcome(state) is None:
        seat = game.active_seats(state)[0]
        action = bots[seat].choose(game, state, seat, game.legal_actions(state, seat))
        rep.record(seat, action)
        game.apply(state, seat, action)
    file = tmp_path / "game.json"
    file.write_text(json.dumps(rep.to_json(game.outcome(state))))
    out = run("replay", str(file), "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["outcome"] == game.outcome(state).to_json()
    assert data["digest"] == game.digest(state)
    with_pos = run("replay", str(file), "--position")
    assert json.loads(with_pos.stdout)["version"] == len(rep.actions)  # a position, ready for legal/apply
    assert result.error is None


def test_replay_rejects_an_illegal_action(tmp_path: Path) -> None:
    file = tmp_path / "bad.json"
    file.write_text(json.dumps({"game": "swdbg", "mode": "1v1", "seed": 1, "actions": [[1, {"kind": "end_turn"}]]}))
    out = run("replay", str(file))
    assert out.exit_code == 2 and "replay action 0" in out.output


def test_cards_lists_all_82(tmp_path: Path) -> None:
    out = run("cards", "swdbg", "--json")
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert len(data) == 82
    vader = next(c for c in data if c["name"] == "Darth Vader")
    assert vader["traits"] == ["Sith"] and vader["cost"] == 8 and "Force is with you" in vader["ability"]
    assert run("cards", "swdbg").exit_code == 0


def test_simulate_json_summary_is_reproducible() -> None:
    args = ("simulate", "swdbg", "--mode", "1v1", "--games", "6", "--bots", "greedy,random", "--seed", "4",
            "--workers", "1", "--json")
    first = run(*args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    for key in ("game", "mode", "games", "errors", "draws", "wins_by_team", "wins_by_bot", "mean_turns"):
        assert key in data
    assert data["games"] == 6 and data["errors"] == 0
    assert sum(data["wins_by_team"].values()) + data["draws"] == 6
    assert json.loads(run(*args).stdout) == data


def test_simulate_rejects_bad_bot_lists() -> None:
    out = run("simulate", "swdbg", "--mode", "2v2", "--bots", "greedy,random", "--games", "1")
    assert out.exit_code == 2 and "4 seats" in out.output
    out = run("simulate", "swdbg", "--bots", "genius", "--games", "1")
    assert out.exit_code == 2 and "unknown bot" in out.output
    out = run("simulate", "swdbg", "--bots", "ismcts:iterations=0,greedy", "--games", "1")
    assert out.exit_code == 2 and "at least 1" in out.output
    out = run("simulate", "swdbg", "--bots", "ismcts:time_ms=50,greedy", "--games", "1")
    assert out.exit_code == 2 and "iterations, not time_ms" in out.output


def test_simulate_plays_ismcts_with_the_budget_of_its_spec() -> None:
    args = ("simulate", "swdbg", "--games", "2", "--bots", "ismcts:iterations=15,greedy", "--seed", "1",
            "--workers", "1", "--json")
    out = run(*args)
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["errors"] == 0 and data["bots"] == ["ismcts:iterations=15", "greedy"]
    assert json.loads(run(*args).stdout) == data


def test_play_in_the_terminal_accepts_numbers_and_quits() -> None:
    out = run("play", "swdbg", "--seat", "0", "--seed", "2", input="x\n0\nb\nq\n")
    assert out.exit_code == 0, out.output
    assert "Force" in out.output and "Type a number" in out.output and "Bye." in out.output


def _collapsed(text: str) -> str:
    """Text with every run of whitespace one space (the console's width is fixed at its first import)."""
    return " ".join(text.split())


def test_rules_prints_the_legend_before_the_options_unless_options_only() -> None:
    legend = get_game("jk").legend()
    shown = run("rules", "jk")
    assert shown.exit_code == 0, shown.output
    text = _collapsed(shown.stdout)
    about, options = text.find(_collapsed(legend["about"])), text.find("jk options")
    assert 0 <= about < options
    for part in ("How to win", "The turn's phases", "Ready-made decks", "icons and numbers"):
        assert 0 <= text.find(part) < options, part
    for line in legend["win"] + legend["phases"] + [i["meaning"] for i in legend["icons"]]:
        assert _collapsed(line) in text, line
    assert all(f"{name} {_collapsed(about)}" in text for name, about in legend["decks"].items())
    # --options-only: the old output, the options alone
    bare = run("rules", "jk", "--options-only")
    assert bare.exit_code == 0, bare.output
    bare_text = _collapsed(bare.stdout)
    assert bare_text.startswith("jk options") and "How to win" not in bare_text
    assert _collapsed(legend["about"]) not in bare_text
    # --json: the legend and the options; with --options-only the options' list as before
    data = json.loads(run("rules", "jk", "--json").stdout)
    assert data["legend"] == legend and [o["name"] for o in data["options"]] == \
        [s.name for s in get_game("jk").option_specs]
    assert json.loads(run("rules", "jk", "--json", "--options-only").stdout) == data["options"]
