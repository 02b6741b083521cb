"""Installing and testing print no deprecation warnings of our making (pyproject.toml, the test client)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_license_is_an_spdx_expression_with_a_setuptools_that_reads_it() -> None:
    """A license table makes setuptools ≥ 77 warn at every install; the string form needs setuptools ≥ 77."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    for requires in (project["build-system"]["requires"], project["project"]["optional-dependencies"]["compile"],
                     project["project"]["optional-dependencies"]["test"]):
        assert any(r.replace(" ", "").startswith("setuptools>=") and int(r.split(">=")[1].split(".")[0]) >= 77
                   for r in requires), requires


def test_the_test_client_is_not_deprecated() -> None:
    """Starlette's TestClient warns when it has to fall back to ``httpx``; the test extra installs ``httpx2``."""
    code = "import warnings; warnings.simplefilter('always'); import fastapi.testclient"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "deprecated" not in done.stderr.lower(), done.stderr


def test_every_page_script_and_stylesheet_of_the_table_is_package_data() -> None:
    """A wheel carries the whole online table, each game's renderer under ``web/games/`` included."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = project["tool"]["setuptools"]["package-data"]["allegiance"]
    package = ROOT / "allegiance"
    served = [p.relative_to(package) for p in (package / "web").rglob("*") if p.suffix in (".html", ".css", ".js")]
    assert any(p.parts[:2] == ("web", "games") for p in served)
    missing = [str(p) for p in served if not any(p.match(g) for g in globs)]
    assert missing == [], f"not in [tool.setuptools.package-data]: {missing}"


def test_every_games_data_file_is_package_data_without_naming_the_game() -> None:
    """A game's folder ships whole: its data files match the globs that hold for every package (``"*"``),
    so a new game needs no line of its own in pyproject.toml, and none names a game."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = project["tool"]["setuptools"]["package-data"]
    assert not [key for key in package_data if key.startswith("allegiance.games")]
    globs = package_data["*"]
    games = [p for p in (ROOT / "allegiance" / "games").iterdir() if (p / "__init__.py").exists()]
    assert len(games) >= 3
    missing = []
    for folder in games:
        for path in folder.rglob("*"):
            if path.is_dir() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(folder)
            # a package's own folders (with an __init__.py) get the globs relative to themselves
            owner = next((parent for parent in relative.parents if (folder / parent / "__init__.py").exists()
                          and parent != Path(".")), Path("."))
            inner = relative.relative_to(owner)
            if not any(inner.match(g) and len(inner.parts) == len(Path(g).parts) for g in globs):
                missing.append(str(path.relative_to(ROOT)))
    assert missing == [], f"not matched by [tool.setuptools.package-data] \"*\": {missing}"
