"""The command line carries Wakfu: decks per seat, cards, simulate + report, positions, replay, play."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.games.wakfu.decks import starter

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def heroes(position: dict) -> list[str]:
    return [p["hero"].split("#")[0] if isinstance(p["hero"], str) else p["hero"] for p in position["players"]]


def test_new_takes_a_deck_per_seat_by_name_by_option_or_from_a_file(tmp_path: Path) -> None:
    by_flag = run("new", "wakfu", "--deck", "iop", "--deck", "cra", "--seed", "3")
    assert by_flag.exit_code == 0, by_flag.output
    by_option = run("new", "wakfu", "-o", "decks=iop,cra", "--seed", "3")
    assert json.loads(by_option.stdout) == json.loads(by_flag.stdout)
    deck = tmp_path / "mine.txt"
    deck.write_text(starter("cra").to_text(), encoding="utf-8")
    by_file = run("new", "wakfu", "--deck", "iop", "--deck", str(deck), "--seed", "3")
    assert by_file.exit_code == 0, by_file.output
    assert json.loads(by_file.stdout)["players"] == json.loads(by_flag.stdout)["players"]
    assert json.loads(by_flag.stdout)["options"]["decks"] != json.loads(run("new", "wakfu", "--seed", "3").stdout)[
        "options"].get("decks")


def test_bad_decks_are_clear_errors() -> None:
    out = run("new", "wakfu", "--deck", "iop", "--deck", "dragon")
    assert out.exit_code != 0 and "unknown deck 'dragon'" in out.output
    out = run("new", "swdbg", "--deck", "iop")
    assert out.exit_code != 0 and "no per-seat deck option" in out.output


def test_cards_lists_the_wakfu_cards_and_filters_them() -> None:
    every = json.loads(run("cards", "wakfu", "--json").stdout)
    assert len(every) == 320
    iop = run("cards", "wakfu", "--where", "starter=iop", "--plain").stdout.splitlines()
    assert iop[0].startswith("name\ttype") and 20 < len(iop) - 1 < 60
    assert any(line.startswith("Bruss Ouilis\t") for line in iop)
    allies = run("cards", "wakfu", "--where", "type=Allié", "--plain").stdout.splitlines()[1:]
    assert allies and all(line.split("\t")[1] == "Allié" for line in allies)
    bad = run("cards", "wakfu", "--where", "colour=red")
    assert bad.exit_code != 0 and "type" in bad.output and "starter" in bad.output
    assert run("cards", "wakfu", "--faction", "rebel").exit_code != 0
    assert run("cards", "wakfu").exit_code == 0


def test_simulate_and_report_a_wakfu_run(tmp_path: Path) -> None:
    out = run("simulate", "wakfu", "--deck", "feca", "--deck", "xelor", "--games", "6", "--workers", "1",
              "--bots", "greedy,random", "--alternate", "--json", "--out", str(tmp_path / "run"))
    assert out.exit_code == 0, out.output
    summary = json.loads(out.stdout)
    assert summary["games"] == 6 and summary["errors"] == 0 and summary["first_team_win_rate"] is not None
    report = run("report", str(tmp_path / "run"))
    assert report.exit_code == 0, report.output
    html = (tmp_path / "run" / "report.html").read_text(encoding="utf-8")
    assert "wakfu" in html and "The Force over time" not in html and "purchase" not in html


def test_legal_apply_show_and_replay_work_on_wakfu_positions(tmp_path: Path) -> None:
    pos = tmp_path / "p.json"
    pos.write_text(run("new", "wakfu", "--deck", "iop", "--deck", "feca", "--seed", "4").stdout)
    for _ in range(4):
        listed = json.loads(run("legal", str(pos), "--json").stdout)
        assert listed["actions"]
        applied = run("apply", str(pos), str(listed["actions"][0]["id"]))
        assert applied.exit_code == 0, applied.output
        pos.write_text(applied.stdout)
    assert run("show", str(pos)).exit_code == 0
    assert run("legal", str(pos)).exit_code == 0
    from allegiance.bots import make_bot
    from allegiance.games.wakfu import GAME
    from allegiance.replay import Replay
    options = {"decks": ["cra", "iop"]}
    state = GAME.new_game("1v1", 9, options)
    rep = Replay("wakfu", "1v1", 9, options, seats=["greedy", "greedy"])
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while GAME.outcome(state) is None:
        seat = GAME.active_seats(state)[0]
        action = bots[seat].choose(GAME, state, seat, GAME.legal_actions(state, seat))
        rep.record(seat, action)
        GAME.apply(state, seat, action)
    file = tmp_path / "game.json"
    file.write_text(json.dumps(rep.to_json(GAME.outcome(state))))
    out = run("replay", str(file), "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["digest"] == GAME.digest(state)


def test_play_wakfu_in_the_terminal_draws_a_board_from_the_view() -> None:
    out = run("play", "wakfu", "--deck", "iop", "--deck", "cra", "--seed", "2", input="0\nc Bruss\nb\nq\n")
    assert out.exit_code == 0, out.output
    assert "hand:" in out.output and "Bruss Ouilis" in out.output and "Bye." in out.output
    assert "pioche count" in out.output


def test_play_wakfu_2v2_shows_the_turn_order_team_xp_and_a_greedy_teammates_reasons() -> None:
    """WK-ORDER-1 and WK-WIN-2 in the terminal: the generic board draws the view's turn order (labels)
    and each team's XP against its goal; a greedy teammate's move comes with the heuristic's reason."""
    from allegiance.games import get_game
    g = get_game("wakfu")
    state = g.new_game("2v2", 5, {})
    labels = [state.table.seats[s].label for s in g.turn_order(state)]
    out = run("play", "wakfu", "--mode", "2v2", "--seed", "5", input="0\n\n\nq\n")
    assert out.exit_code == 0, out.output
    assert "turn order: " + " → ".join(labels) in out.output
    assert "team a: xp 0/36" in out.output and "team b: xp 0/36" in out.output
    assert "A2 (greedy): makes a choice — its answer to the pending choice" in out.output


def test_the_generic_board_marks_the_active_seat_and_strikes_players_who_are_out() -> None:
    from allegiance.cli.generic_board import order_line, team_lines
    view = {"active": 1, "order": [2, 1, 3, 0],
            "players": [{"seat": 0, "label": "A1", "out": True}, {"seat": 1, "label": "A2"},
                        {"seat": 2, "label": "B1"}, {"seat": 3, "label": "B2"}],
            "teams": [{"team": "a", "seats": [0, 1], "xp": 12, "xp_goal": 36}]}
    assert order_line(view) == "turn order: B1 → [bold reverse]A2[/] → B2 → [strike dim]A1[/]"
    assert team_lines(view) == ["team a: xp 12/36"]
    assert order_line({"players": []}) is None and team_lines({}) == []


def test_wakfu_greedy_reason_names_each_rule_of_the_heuristic() -> None:
    from allegiance.core.actions import Action
    from allegiance.games import get_game
    from allegiance.games.wakfu.strategy import greedy_reason
    g = get_game("wakfu")
    state = g.new_game("1v1", 1, {"decks": ["iop", "cra"]})
    assert greedy_reason(state, 0, Action.of("choose", value="keep")) == "its answer to the pending choice"
    while state.pending:  # past the mulligans
        seat = g.active_seats(state)[0]
        g.apply(state, seat, g.legal_actions(state, seat)[0])
    seat = state.active
    card = state.players[seat].main[0]
    assert greedy_reason(state, seat, Action.of("play", card=card)).startswith("the best card worth playing")
    assert greedy_reason(state, seat, Action.of("end_turn")) == "nothing left worth doing now"
    assert "attack pays" in greedy_reason(state, seat, Action.of("attack"))


def test_new_refuses_repeated_starters_on_a_team_and_says_which_flags_play() -> None:
    """WK-DECK-2 at the command line: the refusal ends with the flags that start the game."""
    out = run("new", "wakfu", "--mode", "3v3", "--deck", "iop", "--deck", "cra")
    assert out.exit_code == 2
    text = " ".join(out.output.split())
    assert "Bouftou Royal is Unique" in text
    assert text.endswith("On the command line: --deck iop --deck feca --deck cra --deck cra --deck iop --deck feca "
                         "or -o team_uniques=ignore.")
    fixed = run("new", "wakfu", "--mode", "3v3", *"--deck iop --deck feca --deck cra --deck cra --deck iop --deck feca".split())
    assert fixed.exit_code == 0, fixed.output
    assert run("new", "wakfu", "--mode", "3v3", "--deck", "iop", "--deck", "cra", "-o", "team_uniques=ignore").exit_code == 0
