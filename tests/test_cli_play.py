"""Item 11: terminal play — costs and stats on the buy options and the galaxy row, the attack total, a
card's full text on request, a compact board, and a bot teammate's moves one at a time with reasons."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from allegiance.cli import app

runner = CliRunner()


def play(*args: str, answers: list[str]) -> list[str]:
    out = runner.invoke(app, ["play", "swdbg", *args], input="\n".join(answers) + "\n")
    assert out.exit_code == 0, out.output
    return out.stdout.splitlines()


def test_the_row_and_the_buy_options_show_cost_and_stats() -> None:
    lines = play("--seed", "2", answers=["0", "0", "0", "q"])
    row = [line for line in lines if line.startswith("  AT-ST")]
    assert row and "cost 4 · 4 atk 0 res 0 frc · target 4" in row[0]
    buys = [line for line in lines if re.match(r"^\s+\d+ buy ", line)]
    assert buys and all(re.search(r"— cost \d+ · \d+ atk \d+ res \d+ frc", line) for line in buys)


def test_the_attack_total_is_shown() -> None:
    # seed 2: actions 3 and 4 of the first list play the two Stormtroopers (2 attack each)
    lines = play("--seed", "2", answers=["3", "3", "q"])
    status = [line for line in lines if line.startswith("you:") or "you: " in line]
    assert any("attack ready 2" in line for line in status)
    assert any("attack ready 4" in line for line in status)


def test_a_command_shows_a_cards_full_text() -> None:
    lines = play("--seed", "2", answers=["c vader", "c 0", "c tie", "c zzz", "q"])
    text = "\n".join(lines)
    assert "Darth Vader — empire unit (unique)" in text and "While the Force is with you" in text
    assert "Imperial Shuttle — empire starter unit" in text  # the card of action 0
    assert "3 cards start with 'tie'" in text and "No card 'zzz'" in text


def test_the_board_is_compact() -> None:
    """These 60 inputs gave 2,146 lines at 80 columns (a full board after every action); now about 740."""
    lines = play("--seed", "2", answers=["0"] * 60)
    assert len(lines) < 800
    assert sum(1 for line in lines if line.startswith("Empire (you)")) <= 12  # the board once per own turn


def test_a_bot_teammate_moves_one_step_at_a_time_with_its_reason() -> None:
    lines = play("--mode", "2v2", "--seat", "0", "--seed", "2", answers=["", "", "", "q"])
    text = " ".join(lines)
    moves = re.findall(r"Empire 2 \(greedy\): (.*?) — (.*?)(?= your choice>|$)", text)
    assert len(moves) == 3, moves  # one move per Enter, not a finished turn
    assert moves[0][0].startswith("play Imperial Shuttle")
    assert "plays every card, the most resources first" in re.sub(r"\s+", " ", moves[0][1])
    assert any("Enter: your teammate's next move" in line for line in lines)


def test_a_bot_teammate_finishes_its_turn_after_yours_and_opponents_show_only_public_events() -> None:
    lines = play("--mode", "2v2", "--seat", "0", "--seed", "2", answers=["e", "q"])
    text = "\n".join(lines)
    assert "Empire 2 (greedy): end turn — nothing left worth doing this turn" in text
    assert "Rebel 1 (greedy)" not in text and "Rebel 2 (greedy)" not in text
    assert "Rebel 1 plays" in text  # their public events


def test_the_command_line_the_simulator_and_the_report_name_no_game_but_through_the_registry() -> None:
    """The shared layers reach a game only through ``allegiance.games.get_game`` and its hooks: no
    import of a game's folder, no string that is a game's name (a help text may name one in passing).
    The simulator and the report go further: outside docstrings and comments no string or name of theirs
    holds a game's name or title or one of the games' own words (what a game records and how the report
    words it come from ``Game.record_hooks``)."""
    import ast
    import re
    from pathlib import Path

    import allegiance
    from allegiance.games import REGISTRY, get_game
    root = Path(allegiance.__file__).parent
    # the games' own vocabulary, which the generic layers must learn from a game's hooks
    words = {*REGISTRY, *(get_game(g).title for g in REGISTRY), "force", "empire", "rebel", "faction",
             "purchase", "purchases", "buy", "buyer", "buyers", "xp", "wakfu", "swdbg", "héros"}
    pattern = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True))
                         + r")(?![A-Za-z0-9])", re.IGNORECASE)
    found = []
    strict = [*sorted((root / "sim").glob("*.py")), *sorted((root / "report").glob("*.py"))]
    for path in [*sorted((root / "cli").glob("*.py")), *strict]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)}
        for node in ast.walk(tree):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if any((m or "").startswith(tuple(f"{v}." for v in REGISTRY.values())) or m in REGISTRY.values()
                   for m in [module, *names]):
                found.append(f"{path.name}:{node.lineno} imports {module or names}")
            if isinstance(node, ast.Constant) and node.value in REGISTRY:
                found.append(f"{path.name}:{node.lineno} names {node.value!r}")
            if path not in strict:
                continue
            text = None
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                text = node.value
            elif isinstance(node, ast.Name):
                text = node.id
            elif isinstance(node, ast.Attribute):
                text = node.attr
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.arg)):
                text = node.name if not isinstance(node, ast.arg) else node.arg
            if text is not None:
                for part in re.split(r"_", text):  # an identifier's words (force_track: force, track)
                    match = pattern.search(part)
                    if match and not (isinstance(node, ast.Constant) and text in LEGACY_FIELD_NAMES):
                        found.append(f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')} says {match.group(0)!r}")
    assert not found, found


#: the fields of simulation records written before the record hooks, which the report still reads
LEGACY_FIELD_NAMES = {"force_track", "purchases"}
