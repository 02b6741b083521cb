"""Item 9: the command line lays out for the terminal's width; --json and --plain stay machine-readable."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.cli.common import console
from allegiance.games.swdbg.cards import card_defs

runner = CliRunner()


@pytest.fixture
def width() -> Iterator[object]:
    """Set the console's width for one test (as COLUMNS does in a terminal)."""
    saved = console._width

    def set_width(columns: int) -> None:
        console.width = columns
    yield set_width
    console._width = saved


def run(*args: str):
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.stdout


@pytest.mark.parametrize("columns", [80, 120, 200])
def test_cards_names_are_never_split(width, columns: int) -> None:
    width(columns)
    lines = run("cards", "swdbg").splitlines()
    assert all(len(line) <= columns for line in lines)
    for name in (d.name for d in card_defs().values()):
        assert any(name in line for line in lines), name  # whole, on one line
    assert len(lines) < 500  # 82 cards; the letter-split table of 80 columns ran to 1,438 lines


def test_cards_plain_is_one_card_a_line() -> None:
    lines = run("cards", "swdbg", "--plain").splitlines()
    header = lines[0].split("\t")
    assert header[0] == "name" and len(lines) == 1 + len(card_defs())
    rows = [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:]]
    vader = next(r for r in rows if r["name"] == "Darth Vader")
    assert vader["cost"] == "8" and vader["faction"] == "empire" and "Force is with you" in vader["ability"]


@pytest.mark.parametrize("columns", [80, 100, 160])
def test_legal_never_breaks_an_action_object(width, tmp_path: Path, columns: int) -> None:
    width(columns)
    pos = tmp_path / "pos.json"
    pos.write_text(run("new", "swdbg", "--mode", "2v2", "--seed", "4"))
    listed = json.loads(run("legal", str(pos), "--json"))["actions"]
    lines = run("legal", str(pos)).splitlines()
    assert all(len(line.rstrip()) <= columns for line in lines)
    objects = [json.dumps(a["action"]) for a in listed]
    shown = [o for o in objects if any(o in line for line in lines)]
    # every object whole on its line, or none of them (then --json/--plain has them)
    assert shown == objects or (not shown and not any("{" in line for line in lines))
    if columns >= 100:
        assert shown == objects
    for a in listed:  # each action's words: its id starts a line
        assert any(line.lstrip().startswith(f"{a['id']} ") for line in lines)
    plain = [line.split("\t") for line in run("legal", str(pos), "--plain").splitlines()]
    assert [(int(i), int(s), json.loads(o), t) for i, s, o, t in plain] == \
        [(a["id"], a["seat"], a["action"], a["text"]) for a in listed]
