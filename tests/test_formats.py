"""The replay and position formats are published as JSON Schema (docs/formats/) and what the command
line writes validates against them: `new`, `replay --position`, `play --save`, `simulate --replays`."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.games import get_game

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def schema(name: str) -> jsonschema.Draft202012Validator:
    data = json.loads((ROOT / "docs" / "formats" / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(data)
    return jsonschema.Draft202012Validator(data)


POSITION = schema("position")
REPLAY = schema("replay")
GAMES = schema("games")


def run(*args: str, input: str | None = None) -> str:
    out = runner.invoke(app, list(args), input=input)
    assert out.exit_code == 0, out.output
    return out.stdout


def valid(validator: jsonschema.Draft202012Validator, data: object) -> bool:
    return not list(validator.iter_errors(data))


@pytest.mark.parametrize(("mode", "galaxy"), [("1v1", "beginner"), ("2v2", "full"), ("1v1", "secret")])
def test_new_positions_validate(mode: str, galaxy: str) -> None:
    POSITION.validate(json.loads(run("new", "swdbg", "--mode", mode, "--seed", "3", "-o", f"galaxy={galaxy}")))


def test_play_save_replay_position_and_simulate_replays_validate(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run("play", "swdbg", "--seed", "3", "--save", str(saved), input="0\n0\ne\nq\n")
    rep = json.loads(saved.read_text())
    REPLAY.validate(rep)
    POSITION.validate(json.loads(run("replay", str(saved), "--position")))
    run("simulate", "swdbg", "--mode", "2v2", "--games", "1", "--bots", "greedy", "--seed", "2", "--workers", "1",
        "--out", str(tmp_path / "sim"), "--replays", "--json")
    (file,) = (tmp_path / "sim" / "replays").iterdir()
    finished = json.loads(gzip.decompress(file.read_bytes()))
    REPLAY.validate(finished)
    assert finished["outcome"] is not None
    last = json.loads(run("replay", str(file), "--position"))
    POSITION.validate(last)
    assert last["stage"] == "over"


def test_positions_in_the_middle_of_games_validate() -> None:
    """Pending choices, open attacks, damage and victory piles: every 9th position of a few bot games."""
    from allegiance.bots import make_bot
    game = get_game("swdbg")
    for mode, seed in (("1v1", 1), ("2v2", 2)):
        state = game.new_game(mode, seed)
        bots = [make_bot("random", seed + i) for i in range(4)]
        step = 0
        while game.outcome(state) is None and step < 900:
            seat = game.active_seats(state)[0]
            game.apply(state, seat, bots[seat].choose(game, state, seat, game.legal_actions(state, seat)))
            step += 1
            if step % 9 == 0:
                POSITION.validate(game.to_position(state))


def test_the_schemas_accept_the_keyed_shuffle_fields_and_refuse_mistakes() -> None:
    pos = get_game("swdbg").to_position(get_game("swdbg").new_game("1v1", 1))
    assert valid(POSITION, {**pos, "rng": {"key": "ab" * 32, "counter": 12}})
    assert not valid(POSITION, {**pos, "rng": {"key": "xyz", "counter": 12}})
    assert not valid(POSITION, {**pos, "rng": -1})
    assert not valid(POSITION, {**pos, "force": 7})
    assert not valid(POSITION, {**pos, "players": [{**pos["players"][0], "hands": []}, pos["players"][1]]})
    assert valid(POSITION, {"game": "swdbg", "players": [{"hand": ["Stormtrooper"]}, {}], "lenient": True})
    rep = {"format": "allegiance-replay/1", "game": "swdbg", "mode": "1v1", "seed": 1, "options": {},
           "seats": ["human", "greedy"], "actions": [[0, {"kind": "play", "card": 3}]], "outcome": None}
    assert valid(REPLAY, rep)
    assert valid(REPLAY, {**rep, "shuffle_key": "0f" * 32})
    assert not valid(REPLAY, {**rep, "shuffle_key": "0f" * 31})
    assert not valid(REPLAY, {**rep, "actions": [[0, {"kind": "play", "card": [3]}]]})
    assert not valid(REPLAY, {**rep, "actions": [[0]]})
    assert not valid(REPLAY, {**rep, "format": "allegiance-replay/2"})


@pytest.mark.parametrize(("game", "mode"), [("swdbg", "2v2"), ("wakfu", "2v2")])
def test_simulate_out_records_validate(game: str, mode: str, tmp_path: Path) -> None:
    run("simulate", game, "--mode", mode, "--games", "2", "--bots", "random", "--workers", "1", "-o", "max_turns=8",
        "--out", str(tmp_path))
    lines = (tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    for line in lines:
        record = json.loads(line)
        GAMES.validate(record)
        assert len(record["turn_order"]) == len(record["teams"])
        # what the game's record hooks record: a track from the first turn on, and card events
        name, verb = {"swdbg": ("force", "bought"), "wakfu": ("xp_lead", "played")}[game]
        assert (record["track_name"], record["card_verb"]) == (name, verb) and record["track"]
        assert record["card_events"] and all(0 <= seat < len(record["teams"]) for seat, _, _ in record["card_events"])
    first = json.loads(lines[0])
    assert not valid(GAMES, {**first, "turn_order": [0, 0]})
    assert not valid(GAMES, {**first, "card_events": [[0, "a card"]]})
    assert not valid(GAMES, {**first, "track": ["high"]})
    # a record written before the record hooks (force_track, purchases) is still a valid record
    old = {k: v for k, v in first.items() if k not in ("track", "track_name", "card_events", "card_verb")}
    assert valid(GAMES, {**old, "force_track": [6, 5], "purchases": [[0, "X-Wing", 2]]})


# -- every game's positions: new, in the middle of games, written by hand -------------------------------------
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.yaml"))
HAND_WRITTEN = [
    {"game": "wakfu", "players": [{"main": ["Bouftou"]}, {}]},
    {"game": "wakfu", "mode": "2v2", "players": [{"xp": 20}, {"monde": ["Piou Vert"]}, {}, {}],
     "effects": [{"card": "Piou Vert", "effect": "no_untap", "until": "next turn of seat 1"}],
     "player_effects": [{"seat": 0, "effect": "pa", "value": -1}]},
    {"game": "jk", "players": [{"hand": ["Ridge Scout"]}, {"site": ["Garrison Trooper"]}]},
    {"game": "jk", "players": [{"site": ["Ridge Scout#4"]}, {}, {"system": ["Talon Interceptor"]}],
     "rotated": ["Ridge Scout#4"]},
]


@pytest.mark.parametrize(("game", "mode"), [("wakfu", "1v1"), ("wakfu", "3v3"), ("jk", "AvE"), ("jk", "AvEvI"),
                                            ("jk", "AAvEI")])
def test_new_positions_of_every_game_validate(game: str, mode: str) -> None:
    POSITION.validate(json.loads(run("new", game, "--mode", mode, "--seed", "2")))


#: the inner structures a position may hold, and those each game's games must show
STRUCTURES = ("file", "combat", "pending", "effects", "battle", "windows")
INNER = {"wakfu": {"combat", "effects", "file"}, "jk": {"battle", "windows"}}


@pytest.mark.parametrize(("game", "mode"), [("wakfu", "1v1"), ("wakfu", "2v2"), ("jk", "AvE"), ("jk", "AvEvI")])
def test_positions_of_every_game_in_the_middle_of_games_validate(game: str, mode: str) -> None:
    """The File d'Attente, combats, pending decisions, effects (Wakfu); battles, windows (Jedi Knights).
    Every tenth position is validated, and every position holding a structure seen fewer than ten times so
    far (a schema check costs about 13 ms: every step of every battle was most of this test's time)."""
    from allegiance.bots import make_bot
    g = get_game(game)
    checked: Counter[str] = Counter()
    for seed in range(5, 10):  # a few games, until every inner structure of the game was checked
        state = g.new_game(mode, seed)
        bots = [make_bot("random", seed + i) for i in range(4)]
        for step in range(1, 700):
            if g.outcome(state) is not None:
                break
            seat = g.active_seats(state)[0]
            g.apply(state, seat, bots[seat].choose(g, state, seat, g.legal_actions(state, seat)))
            pos = json.loads(json.dumps(g.to_position(state)))
            held = {k for k in STRUCTURES if pos.get(k)}
            if step % 10 == 0 or any(checked[k] < 10 for k in held):
                POSITION.validate(pos)
                checked.update(held)
        if all(checked[k] >= 10 for k in INNER[game]):
            break
    assert all(checked[k] >= 10 for k in INNER[game]), checked


@pytest.mark.parametrize("data", HAND_WRITTEN, ids=lambda d: d["game"])
def test_hand_written_positions_of_every_game_validate_and_load(data: dict) -> None:
    POSITION.validate(data)
    g = get_game(data["game"])
    POSITION.validate(json.loads(json.dumps(g.to_position(g.from_position(data)))))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_example_positions_validate_and_load(path: Path) -> None:
    import yaml
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    POSITION.validate(data)
    get_game(data["game"]).from_position(data)
    assert "docs/examples/" + path.name in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_schema_describes_wakfu_and_jedi_knights_and_refuses_their_mistakes() -> None:
    assert {"wakfu", "jk"} <= set(POSITION.schema["$defs"])
    wakfu = {"game": "wakfu", "players": [{}, {}]}
    assert valid(POSITION, wakfu)
    assert not valid(POSITION, {**wakfu, "effect": []})
    assert not valid(POSITION, {**wakfu, "players": [{"hand": ["Bouftou"]}, {}]})
    assert not valid(POSITION, {**wakfu, "effects": [["Bouftou#3", "no_untap", 1, "next:2"]]})
    assert not valid(POSITION, {**wakfu, "effects": [{"card": "Bouftou", "effect": "force", "until": "next:2"}]})
    assert not valid(POSITION, {**wakfu, "phase": "lunch"})
    jk = {"game": "jk", "players": [{}, {}]}
    assert valid(POSITION, jk)
    assert not valid(POSITION, {**jk, "players": [{"hands": []}, {}]})
    assert not valid(POSITION, {**jk, "battle": {"attacker": "Ridge Scout"}})
    assert not valid(POSITION, {**jk, "phase": "lunch"})
    assert not valid(POSITION, {"game": "chess", "players": []})
