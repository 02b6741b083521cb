"""`allegiance show --seat N` (what one seat sees) and outcomes already reached, for every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from allegiance.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def run(*args: str, ok: bool = True) -> str:
    out = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert (out.exit_code == 0) == ok, out.output
    return out.output


def flat(text: str) -> str:
    """Lines as one: the console's width is fixed when it is first imported (80 under xdist): it may wrap."""
    return " ".join(text.split())


def write(tmp_path: Path, data: dict) -> str:
    path = tmp_path / "pos.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


def test_show_seat_in_a_wakfu_team_game_shows_team_xp_turn_order_and_teammates_hands(tmp_path: Path) -> None:
    pos = write(tmp_path, {"game": "wakfu", "mode": "2v2", "players": [
        {"main": ["Bouftou"], "xp": 7}, {"main": ["Charge"], "pioche": ["Bond", "Bond"]},
        {"main": ["Arakne"]}, {"main": ["Piou Vert"]}]})
    seen = flat(run("show", pos, "--seat", "0"))
    assert "What A1 (seat 0, a) sees" in seen
    assert "turn order: A1 → B2 → A2 → B1" in seen  # WK-ORDER-1: then the player opposite
    assert "team a: xp 7/36" in seen and "team b: xp 0/36" in seen
    # WK-COMM-1: the teammate's hand is seen, the opponents' hands only by count
    assert "Bouftou" in seen and "Charge" in seen and "Arakne" not in seen and "Piou Vert" not in seen
    assert "pioche count 2" in seen and "hand count 1" in seen
    view = json.loads(run("show", pos, "--seat", "2", "--json"))
    hands = {p["seat"]: p["hand"] for p in view["players"]}
    assert hands[0] is None and hands[1] is None and [c["name"] for c in hands[3]] == ["Piou Vert"]
    assert "--seat: a seat from 0 to 3" in run("show", pos, "--seat", "4", ok=False)


def test_show_seat_in_jedi_knights_shows_the_sides_hands_and_hidden_piles_by_count(tmp_path: Path) -> None:
    pos = write(tmp_path, {"game": "jk", "mode": "AAvEE", "players": [
        {"hand": ["Ridge Scout"], "draw": ["Skyhook Fighter", "Skyhook Fighter"]}, {"hand": ["Supply Run"]},
        {"hand": ["Garrison Trooper"]}, {"hand": ["Talon Interceptor"]}]})
    seen = flat(run("show", pos, "--seat", "1"))
    assert "What Alliance 2 (seat 1, Alliance) sees" in seen and "turn order: Alliance 1 → Alliance 2" in seen
    assert "Ridge Scout" in seen and "Supply Run" in seen  # teammates compare cards (JK-3S-4)
    assert "Garrison Trooper" not in seen and "Talon Interceptor" not in seen and "Skyhook Fighter" not in seen
    assert "draw 2" in seen


def test_show_seat_in_swdbg(tmp_path: Path) -> None:
    pos = write(tmp_path, {"game": "swdbg", "players": [{"hand": ["Stormtrooper"]}, {"hand": ["X-Wing"]}]})
    seen = flat(run("show", pos, "--seat", "0"))
    assert "Stormtrooper" in seen and "X-Wing" not in seen


@pytest.mark.parametrize(("data", "reason"), [
    ({"game": "wakfu", "mode": "2v2", "players": [{"xp": 20}, {"xp": 16}, {}, {}]}, "team XP reaches"),
    ({"game": "jk", "planet": 3, "controlled": ["Empire"] * 3, "players": [{}, {}]}, "controls three planets"),
])
def test_legal_and_show_report_an_outcome_already_reached(tmp_path: Path, data: dict, reason: str) -> None:
    pos = write(tmp_path, data)
    assert run("legal", pos).startswith("Game over:") and reason in run("legal", pos)
    shown = run("show", pos)
    assert shown.startswith("# Game over:") and reason in shown.splitlines()[0]
    assert yaml.safe_load(shown)["phase"] == "over"  # the comment keeps the output a position
    assert json.loads(run("legal", pos, "--json"))["outcome"] is not None
    assert "Game over:" in run("show", pos, "--seat", "0")
