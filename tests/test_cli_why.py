"""The game's reasons on the command line (issue 24 item 5): ``allegiance legal --why`` lists each card
of the seats that may act that has no legal action, with why; ``allegiance play`` says why when a card
or an action typed cannot be played now."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from allegiance.cli import app

runner = CliRunner()


def _position(tmp_path: Path, *args: str) -> Path:
    made = runner.invoke(app, ["new", *args])
    assert made.exit_code == 0, made.output
    pos = tmp_path / "pos.json"
    pos.write_text(made.stdout)
    return pos


def test_legal_why_lists_the_cards_without_a_legal_action_and_why(tmp_path: Path) -> None:
    pos = _position(tmp_path, "swdbg", "--seed", "0")
    out = runner.invoke(app, ["legal", str(pos), "--why", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    why = {r["name"]: r["reason"] for r in data["why"]}
    assert why["AT-AT"] == "needs 6 resources, you have 0"
    assert why["Y-Wing"] == "Y-Wing is a Rebel card: you buy only Empire and neutral cards"
    assert all(r["seat"] == 0 for r in data["why"])
    carried = {a["action"].get("card") for a in data["actions"]}
    assert not carried & {r["card"] for r in data["why"]}  # a card with a legal action needs no reason
    plain = runner.invoke(app, ["legal", str(pos), "--why", "--plain"])
    assert "why\t0\t" in plain.stdout and "\tAT-AT\tneeds 6 resources, you have 0" in plain.stdout
    words = runner.invoke(app, ["legal", str(pos), "--why"], env={"COLUMNS": "120"})
    assert "Cards without a legal action, and why:" in words.stdout
    assert "needs 6 resources, you have 0" in words.stdout
    # without --why nothing of it
    assert "why" not in json.loads(runner.invoke(app, ["legal", str(pos), "--json"]).stdout)


def test_legal_why_in_wakfu_and_jk(tmp_path: Path) -> None:
    """At the start both games ask a choice first (a mulligan, the first location): every card says so."""
    for game, mode in (("wakfu", "1v1"), ("jk", "AvE")):
        pos = _position(tmp_path, game, "--mode", mode)
        out = runner.invoke(app, ["legal", str(pos), "--why", "--json"])
        assert out.exit_code == 0, out.output
        why = json.loads(out.stdout)["why"]
        assert why
        for r in why:
            assert r["reason"].startswith("answer the choice in front of you first: ") and r["name"], r


def test_play_says_why_a_typed_card_or_action_cannot_be_played() -> None:
    out = runner.invoke(app, ["play", "swdbg", "--seed", "0"],
                        input="at-at\n" + json.dumps({"kind": "buy", "card": 25}) + "\nq\n")
    assert out.exit_code == 0, out.output
    text = " ".join(out.stdout.split())
    assert "AT-AT: not now: needs 6 resources, you have 0" in text
    assert "Not now: needs 6 resources, you have 0" in text
