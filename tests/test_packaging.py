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
