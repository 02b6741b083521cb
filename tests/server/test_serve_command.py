"""``allegiance serve`` is registered and documents its options; scripts/serve.sh starts it."""

from __future__ import annotations

import subprocess
from pathlib import Path

from typer.testing import CliRunner

from allegiance.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_serve_command_lists_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})
    assert result.exit_code == 0, result.output
    for option in ("--host", "--port", "--db", "--bot-delay", "--max-tables", "--idle-minutes", "--creates-per-minute",
                   "--replays-per-client"):
        assert option in result.output


def test_serve_script_sets_up_the_server_extra_and_execs_the_command() -> None:
    script = ROOT / "scripts" / "serve.sh"
    text = script.read_text()
    assert 'setup_python ".[server]"' in text and "exec .venv/bin/allegiance serve" in text
    assert subprocess.run(["bash", "-n", str(script)], capture_output=True).returncode == 0
