"""The command line as a rules workbench: show, legal --json, apply (several actions, --json), replay
--position, the position loader's checks, file errors, --version, and layouts at 80 columns."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import yaml
from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.games import get_game
from tests.swdbg.builders import build

runner = CliRunner()
GAME = get_game("swdbg")


def run(*args: str, input: str | None = None, columns: int | None = None):
    env = {"COLUMNS": str(columns)} if columns else None
    return runner.invoke(app, list(args), input=input, env=env)


def write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if name.endswith(".json") else yaml.safe_dump(data))
    return str(path)


def legal_json(path: str) -> dict:
    out = run("legal", path, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


# -- replay --position feeds legal and apply (item 3) ------------------------------------------------
def _saved_game(tmp_path: Path, answers: str = "0\n0\n0\nq\n") -> Path:
    file = tmp_path / "game.json"
    out = run("play", "swdbg", "--seed", "3", "--save", str(file), input=answers)
    assert out.exit_code == 0, out.output
    return file


def test_replay_position_feeds_legal_and_apply(tmp_path: Path) -> None:
    file = _saved_game(tmp_path)
    out = run("replay", str(file), "--position")
    assert out.exit_code == 0, out.output
    pos = tmp_path / "last.json"
    pos.write_text(out.stdout)
    data = json.loads(out.stdout)
    assert data["format"] == "allegiance-position/1" and data["version"] == 3
    listed = legal_json(str(pos))
    assert listed["actions"]
    applied = run("apply", str(pos), "0")
    assert applied.exit_code == 0, applied.output
    # --upto: the position after the first action
    first = json.loads(run("replay", str(file), "--position", "--upto", "1").stdout)
    assert first["version"] == 1
    assert run("replay", str(file), "--upto", "9").exit_code == 2


def test_replay_and_position_files_say_what_they_are(tmp_path: Path) -> None:
    file = _saved_game(tmp_path)
    pos = tmp_path / "pos.json"
    pos.write_text(run("new", "swdbg").stdout)
    out = run("replay", str(pos))
    assert out.exit_code == 2 and "is a position, not a replay" in out.output
    out = run("legal", str(file))
    assert out.exit_code == 2 and "is a replay, not a position" in out.output and "--position" in out.output


# -- show (item 4) -------------------------------------------------------------------------------------
def test_show_prints_the_normalised_position_as_yaml_or_json(tmp_path: Path) -> None:
    path = write(tmp_path, "q.yaml", {"game": "swdbg", "players": [{"hand": ["Stormtrooper"]}, {}],
                                      "damage": {"Stormtrooper": 0}})
    out = run("show", path)
    assert out.exit_code == 0, out.output
    shown = yaml.safe_load(out.stdout)
    assert shown["format"] == "allegiance-position/1"
    assert shown["players"][0]["hand"] == ["Stormtrooper#0"]  # the id the engine gave it
    assert shown["stage"] == "main" and shown["players"][1]["faction"] == "rebel"
    as_json = json.loads(run("show", path, "--json").stdout)
    assert as_json == shown
    again = tmp_path / "again.json"
    again.write_text(json.dumps(as_json))
    assert json.loads(run("show", str(again), "--json").stdout) == as_json  # a fixed point


def test_show_runs_the_start_of_turn_steps(tmp_path: Path) -> None:
    """A position written at the start of a turn is shown as the engine continues it: with a base in
    play the turn reaches its main phase; without one, the player's choice of a new base is pending."""
    ready = write(tmp_path, "ready.yaml", {"game": "swdbg", "stage": "start",
                                            "players": [{"base": "Lothal"}, {}]})
    shown = json.loads(run("show", ready, "--json").stdout)
    assert shown["stage"] == "main" and shown["pending"] == []
    baseless = write(tmp_path, "baseless.yaml", {"game": "swdbg", "stage": "start",
                                                  "players": [{"base_deck": ["Corellia", "Endor"]}, {}]})
    shown = json.loads(run("show", baseless, "--json").stdout)
    assert shown["pending"][0]["kind"] == "choose_base" and shown["pending"][0]["seats"] == [0]


# -- apply: several actions, --json (item 5) -----------------------------------------------------------
def test_apply_takes_several_actions_and_prints_events_with_json(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(run("new", "swdbg", "--seed", "5").stdout)
    one_by_one = str(pos)
    for step in range(3):
        nxt = tmp_path / f"p{step}.json"
        nxt.write_text(run("apply", one_by_one, "0").stdout)
        one_by_one = str(nxt)
    together = run("apply", str(pos), "0", "0", "0")
    assert together.exit_code == 0, together.output
    assert json.loads(together.stdout) == json.loads(Path(one_by_one).read_text())
    both = run("apply", str(pos), "0", '{"kind": "end_turn"}', "--json")
    assert both.exit_code == 0, both.output
    data = json.loads(both.stdout)
    assert set(data) == {"position", "events"}
    assert data["position"]["version"] == 2 and data["position"]["active_team"] == 1
    assert {e["step"] for e in data["events"]} == {0, 1}
    assert data["events"][0]["kind"] == "play" and data["events"][0]["text"].startswith("Empire plays")
    bad = run("apply", str(pos), "0", "99")
    assert bad.exit_code == 2 and "action 2 (99): there is no legal action 99" in bad.output


# -- legal --json: what each choice is; attack values (item 6) ---------------------------------------
def test_legal_json_says_what_each_choice_picks(tmp_path: Path) -> None:
    # A revealed base (a base choice), then who resolves Corellia (a seat), then the card it exiles.
    s = build("2v2", stage="start", base={0: None}, base_deck={0: ["Corellia"]},
              row={0: ["TIE Fighter"], 1: ["Scout Trooper"]})
    path = write(tmp_path, "bases.json", GAME.to_position(s))
    listed = legal_json(path)
    assert listed["decisions"][0]["kind"] == s.pending[-1].kind
    choices = [a["choice"] for a in listed["actions"]]
    assert {c["type"] for c in choices} == {"base"} and choices[0]["name"] == "Corellia"
    after = tmp_path / "who.json"
    after.write_text(run("apply", path, "0").stdout)
    listed = legal_json(str(after))
    assert listed["decisions"][0]["kind"] == "who"
    # either teammate may answer, naming either of them (SW-SHARED-4)
    seats = {(a["seat"], a["choice"]["type"], a["choice"]["seat"]) for a in listed["actions"]}
    assert seats == {(answering, "seat", named) for answering in (0, 1) for named in (0, 1)}
    assert all(a["choice"]["label"].startswith("Empire") for a in listed["actions"])
    # An option of a card ("+1 resource" of the Inquisitor)
    s = build(hand={0: ["Inquisitor"]})
    path = write(tmp_path, "mode.json", GAME.to_position(s))
    inquisitor = next(a for a in legal_json(path)["actions"] if a["action"]["kind"] == "play")
    chosen = tmp_path / "inq.json"
    chosen.write_text(run("apply", path, str(inquisitor["id"])).stdout)
    listed = legal_json(str(chosen))
    assert listed["decisions"][0]["kind"] == "mode"
    options = [a["choice"] for a in listed["actions"]]
    assert all(c["type"] == "option" for c in options)
    assert any(c["option"] == "resources1" and c["text"] == "+1 resource" for c in options)
    assert all("choice" not in a for a in legal_json(path)["actions"])  # no choice pending: no "choice"


def test_legal_json_gives_the_attack_value_now(tmp_path: Path) -> None:
    """Darth Vader attacks for 6, and 10 while the Force is with the Empire; the Rodian Gunslinger gets
    +2 against the galaxy row only; Admiral Piett gives the team's capital ships +1."""
    for force, vader in ((6, 6), (0, 10)):
        s = build(force=force, units={0: ["Darth Vader", "Admiral Piett"]}, ships={0: ["Star Destroyer"]})
        cards = {c["card"].split("#")[0]: c for c in legal_json(write(tmp_path, "v.json", GAME.to_position(s)))["in_play"]}
        assert cards["Darth Vader"]["attack"] == vader and cards["Darth Vader"]["printed_attack"] == 6
        assert cards["Star Destroyer"]["attack"] == 5 and cards["Star Destroyer"]["hp_left"] == 7
        assert cards["Lothal"]["zone"] == "base"
    s = build(units={0: ["Rodian Gunslinger"]})
    row = legal_json(write(tmp_path, "r.json", GAME.to_position(s)))["in_play"][0]
    assert row["attack"] == 2 and row["attack_vs_galaxy_row"] == 4


# -- the position loader (item 7) ------------------------------------------------------------------------
def test_a_card_of_the_wrong_faction_is_an_error_unless_lenient(tmp_path: Path) -> None:
    data = {"game": "swdbg", "players": [{}, {"ships": ["Star Destroyer"]}]}
    out = run("legal", write(tmp_path, "q.yaml", data))
    assert out.exit_code == 2
    assert "players[1].ships: Star Destroyer is an Empire card and seat 1 plays the Rebel" in out.output
    assert "lenient: true" in out.output
    data["lenient"] = True
    lenient = write(tmp_path, "l.yaml", data)
    assert run("legal", lenient).exit_code == 0
    # the lenient mark is kept, so the next position loads too
    assert json.loads(run("apply", lenient, "0").stdout)["lenient"] is True
    # bases: only the player's own faction's, and only in base / base_deck
    out = run("legal", write(tmp_path, "b.yaml", {"game": "swdbg", "players": [{"base": "Dantooine"}, {}]}))
    assert out.exit_code == 2 and "players[0].base: Dantooine is not an Empire base" in out.output
    out = run("legal", write(tmp_path, "h.yaml", {"game": "swdbg", "players": [{"hand": ["Lothal"]}, {}]}))
    assert out.exit_code == 2 and "Lothal is a base" in out.output


def test_a_partial_base_owner_map_is_an_error_at_load(tmp_path: Path) -> None:
    pos = GAME.to_position(GAME.new_game("1v1", 2))
    first = next(iter(pos["base_owner"]))
    del pos["base_owner"][first]
    out = run("legal", write(tmp_path, "p.json", pos))
    assert out.exit_code == 2, out.output
    assert "base_owner names no owner for" in out.output and first.split("#")[0] in out.output
    assert "Traceback" not in out.output and "KeyError" not in out.output
    pos["base_owner"][first] = 7
    out = run("legal", write(tmp_path, "p.json", pos))
    assert out.exit_code == 2 and "must be a seat from 0 to 1" in out.output


def test_a_name_matching_two_cards_is_an_error_naming_both(tmp_path: Path) -> None:
    data = {"game": "swdbg", "players": [{"units": ["Stormtrooper", "Stormtrooper#40"], "base": "Lothal"}, {}],
            "used": ["Stormtrooper"]}
    out = run("legal", write(tmp_path, "u.yaml", data))
    assert out.exit_code == 2
    assert "'Stormtrooper' matches 2 cards" in out.output
    assert "Stormtrooper in players[0].units" in out.output and "Stormtrooper#40 in players[0].units" in out.output
    data["used"] = ["Stormtrooper#40"]
    assert run("legal", write(tmp_path, "u.yaml", data)).exit_code == 0
    data["damage"] = {"Lothal": 1}  # one Lothal: a name alone is fine
    assert run("legal", write(tmp_path, "u.yaml", data)).exit_code == 0


def test_a_misspelt_field_is_an_error(tmp_path: Path) -> None:
    out = run("legal", write(tmp_path, "m.yaml", {"game": "swdbg", "players": [{"hands": ["Stormtrooper"]}, {}]}))
    assert out.exit_code == 2 and "unknown field hands in players[0]" in out.output


# -- reading files, --version (item 10) ------------------------------------------------------------------
def test_a_malformed_json_file_gets_the_json_parsers_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "swdbg",\n "mode": 1v1}')
    out = run("legal", str(bad))
    assert out.exit_code == 2
    assert "is not valid JSON: Expecting ',' delimiter at line 2, column 11" in out.output
    assert "YAML" not in out.output
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("game: swdbg\nplayers: [\n")
    out = run("legal", str(bad_yaml))
    assert out.exit_code == 2 and "is not valid YAML" in out.output and "JSON" not in out.output
    out = run("legal", "-", input='{"game": swdbg}')
    assert out.exit_code == 2 and "is not valid JSON" in out.output
    out = run("legal", "-", input="game: swdbg\nplayers: [{}, {}]\n")
    assert out.exit_code == 0, out.output


def test_version() -> None:
    from importlib.metadata import version
    out = run("--version")
    assert out.exit_code == 0 and out.stdout.strip() == f"allegiance {version('allegiance')}"


# -- simulate --replays (item 2) ---------------------------------------------------------------------------
def test_simulate_writes_each_games_replay(tmp_path: Path) -> None:
    out = run("simulate", "swdbg", "--games", "2", "--bots", "greedy,random", "--seed", "4", "--workers", "1",
              "--out", str(tmp_path), "--replays", "--json")
    assert out.exit_code == 0, out.output
    games = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    for g in games:
        file = tmp_path / "replays" / f"game-{g['index']:06d}.json.gz"
        rep = json.loads(gzip.decompress(file.read_bytes()))
        assert rep["seed"] == g["seed"] and len(rep["actions"]) == g["actions"] and rep["seats"] == g["bots"]
        assert "replay" not in g  # games.jsonl stays a summary
        replayed = json.loads(run("replay", str(file), "--json").stdout)
        assert replayed["outcome"]["winners"] == g["winners"] and replayed["outcome"] == rep["outcome"]
    assert run("simulate", "swdbg", "--games", "1", "--replays").exit_code == 2


def test_play_saves_its_replay_on_quit_and_at_the_end(tmp_path: Path) -> None:
    file = _saved_game(tmp_path, "0\n1\nq\n")
    rep = json.loads(file.read_text())
    assert rep["seats"] == ["human", "greedy"] and len(rep["actions"]) == 2 and rep["outcome"] is None
    # stdin closing (EOF) saves too
    eof = tmp_path / "eof.json"
    out = run("play", "swdbg", "--seed", "3", "--save", str(eof), input="0\n")
    assert out.exit_code == 0 and len(json.loads(eof.read_text())["actions"]) == 1
    # a finished game (a draw at the turn limit), seat 0 ending each of its turns with 'e'
    done = tmp_path / "done.json"
    out = run("play", "swdbg", "--seed", "1", "-o", "max_turns=4", "--save", str(done), input="e\n" * 3)
    assert out.exit_code == 0, out.output
    rep = json.loads(done.read_text())
    assert rep["outcome"] is not None and rep["outcome"]["draw"] is True
    assert json.loads(run("replay", str(done), "--json").stdout)["outcome"] == rep["outcome"]



def test_simulated_replays_are_the_same_whatever_the_workers(tmp_path: Path) -> None:
    for workers in ("1", "2"):
        out = run("simulate", "swdbg", "--games", "3", "--bots", "greedy,random", "--seed", "8", "--workers", workers,
                  "--out", str(tmp_path / workers), "--replays", "--json")
        assert out.exit_code == 0, out.output
    one = sorted((tmp_path / "1" / "replays").iterdir())
    assert len(one) == 3
    assert [f.read_bytes() for f in one] == [(tmp_path / "2" / "replays" / f.name).read_bytes() for f in one]
