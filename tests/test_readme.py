"""The README works from a fresh clone: its quick start, its command table (every command, and every flag
that each command's `--help` lists), its hand-written position example, and every relative link of the
README and the documents (the rules links above all) resolve inside the repository.

The test clones the committed HEAD, so it checks what a newcomer gets, not the working tree; it runs the
commands with the clone's sources (``python -m allegiance.cli`` from the clone) and the test
environment's installed dependencies. About 20 s.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FLAG = re.compile(r"^│\s+(--[a-z][a-z0-9-]*)(?:\s+(-[a-zA-Z]))?\s")


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    target = tmp_path_factory.mktemp("readme") / "allegiance"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)], check=True, timeout=60)
    return target


def cli(clone: Path, *args: str, columns: int = 250, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``allegiance ARGS`` run from the clone's sources."""
    env = {**os.environ, "PYTHONPATH": str(clone), "COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}
    return subprocess.run([sys.executable, "-m", "allegiance.cli", *args], cwd=cwd or clone, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:end if end >= 0 else None]


def test_the_commands_run_the_clones_sources(clone: Path) -> None:
    done = cli(clone, "--version")
    assert done.returncode == 0 and done.stdout.startswith("allegiance "), done.stderr
    env = {**os.environ, "PYTHONPATH": str(clone)}
    where = subprocess.run([sys.executable, "-c", "import allegiance; print(allegiance.__file__)"], cwd=clone,
                           env=env, capture_output=True, text=True, check=True).stdout
    assert Path(where.strip()).is_relative_to(clone)


def test_the_quick_start_commands_exist(clone: Path) -> None:
    readme = (clone / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", section(readme, "## Quick start"), re.S)
    assert block is not None
    commands = [line.split("#")[0].split()[0] for line in block.group(1).splitlines() if line.strip()]
    assert commands == ["./scripts/serve.sh", "./scripts/test.sh"]
    for command in commands:
        script = clone / command
        assert script.is_file() and os.access(script, os.X_OK), command
        assert subprocess.run(["bash", "-n", str(script)], check=False).returncode == 0
    ci = clone / ".ci" / "run"
    assert ci.is_file() and "scripts/test.sh" in ci.read_text(encoding="utf-8")


def _table_rows(readme: str) -> dict[str, str]:
    """The command table: command name -> the code of its first cell."""
    rows = {}
    for line in section(readme, "## The command line").splitlines():
        m = re.match(r"^\| `allegiance ([^`]*)` \|", line)
        if m:
            code = m.group(1)
            rows[code.split()[0]] = code
    return rows


def _help_flags(text: str) -> set[str]:
    """The options that a command's --help lists (the Options panel's first column)."""
    flags = set()
    for line in text.splitlines():
        m = FLAG.match(line)
        if m:
            flags.update(f for f in m.groups() if f)
    return flags - {"--help"}


def test_the_command_table_names_every_command_and_flag(clone: Path) -> None:
    rows = _table_rows((clone / "README.md").read_text(encoding="utf-8"))
    top = cli(clone, "--help")
    assert top.returncode == 0, top.stderr
    commands = set(re.findall(r"^│ ([a-z]+)\s{2,}", top.stdout, re.M))
    assert commands >= {"new", "legal", "apply", "replay", "show", "cards", "simulate", "play"}
    assert set(rows) - {"--version"} == commands
    for flag in _help_flags(top.stdout):
        assert flag in rows, f"`allegiance {flag}` is not in the README's command table"
    for name in sorted(commands):
        done = cli(clone, name, "--help")
        assert done.returncode == 0, done.stderr
        flags = _help_flags(done.stdout)
        assert flags, f"no options found in `allegiance {name} --help`"
        missing = [f for f in sorted(flags) if not re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", rows[name])]
        assert not missing, f"README's row for `allegiance {name}` lacks {missing}"


def test_the_hand_written_position_example_prints_what_the_readme_says(clone: Path, tmp_path: Path) -> None:
    readme = (clone / "README.md").read_text(encoding="utf-8")
    positions = section(readme, "## The command line")
    yaml_block = re.search(r"```yaml\n(.*?)```", positions, re.S)
    said = re.search(r"`allegiance legal q.yaml` \(in an 80-column terminal\) then prints:\n\n```text\n(.*?)```",
                     positions, re.S)
    assert yaml_block and said
    (tmp_path / "q.yaml").write_text(yaml_block.group(1), encoding="utf-8")
    done = cli(clone, "legal", "q.yaml", columns=80, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [line.rstrip() for line in done.stdout.splitlines()] == said.group(1).splitlines()
    listed = json.loads(cli(clone, "legal", "q.yaml", "--json", cwd=tmp_path).stdout)
    vader = next(c for c in listed["in_play"] if c["card"].startswith("Darth Vader"))
    assert vader["attack"] == 6  # "Vader attacks for 6 here"


def test_the_workbench_commands_of_the_table_run(clone: Path, tmp_path: Path) -> None:
    """new > pos.json, show, legal, apply, simulate --out --replays, replay --position: a short session."""
    new = cli(clone, "new", "swdbg", "--mode", "2v2", "--seed", "5", cwd=tmp_path)
    assert new.returncode == 0, new.stderr
    (tmp_path / "pos.json").write_text(new.stdout)
    assert cli(clone, "show", "pos.json", cwd=tmp_path).stdout.startswith("format: allegiance-position/1")
    assert "end turn" in cli(clone, "legal", "pos.json", cwd=tmp_path).stdout
    applied = json.loads(cli(clone, "apply", "pos.json", "0", "--json", cwd=tmp_path).stdout)
    assert applied["position"]["version"] == 1 and applied["events"]
    sim = cli(clone, "simulate", "swdbg", "--games", "1", "--bots", "greedy,random", "--seed", "3", "--workers",
              "1", "--out", "results", "--replays", "--json", cwd=tmp_path)
    assert sim.returncode == 0, sim.stderr
    last = cli(clone, "replay", "results/replays/game-000000.json.gz", "--position", cwd=tmp_path)
    assert json.loads(last.stdout)["stage"] == "over"
    assert cli(clone, "cards", "swdbg", "--plain", cwd=tmp_path).stdout.count("\n") == 83


def test_every_relative_link_resolves_inside_the_repository(clone: Path) -> None:
    documents = [clone / "README.md", *sorted((clone / "docs").rglob("*.md")),
                 *sorted((clone / "allegiance").rglob("*.md"))]
    assert clone / "docs" / "rules" / "multiplayer.md" in documents
    broken = []
    checked = 0
    for doc in documents:
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # a URL or an anchor on the same page
            path = (doc.parent / target.split("#")[0]).resolve()
            checked += 1
            if not path.exists() or not path.is_relative_to(clone.resolve()):
                broken.append(f"{doc.relative_to(clone)} -> {target}")
    assert not broken
    assert checked >= 8
    readme = (clone / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules/multiplayer.md)" in readme and "../" + "shared" not in readme
