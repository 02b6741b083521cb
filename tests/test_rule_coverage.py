"""The rule catalogue lives in the repository and every SW-* rule is cited by a test (docs/rules/)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("rule_coverage", ROOT / "tools" / "rule_coverage.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["rule_coverage"] = module
    spec.loader.exec_module(module)
    return module


def test_the_catalogue_is_read_from_the_repository() -> None:
    tool = _tool()
    assert tool.CATALOGUE == ROOT / "docs" / "rules" / "multiplayer.md"
    ids = tool.catalogue_ids()
    # list items and the per-card table rows both define IDs
    assert {"SW-SETUP-1", "SW-SHARED-2", "SW-CARD-PIETT", "WK-COMBAT-1", "JK-3S-11"} <= set(ids)
    assert len(ids) == len(set(ids))


def test_every_sw_rule_is_cited_by_a_test() -> None:
    ids, missing, unknown = _tool().uncited("SW")
    assert ids and not missing, f"SW rules no test cites: {missing}"
    assert not unknown, f"tests cite SW rule IDs the catalogue does not define: {unknown}"


def test_the_command_filters_by_game_and_fails_when_strict(tmp_path: Path, capsys) -> None:
    tool = _tool()
    bogus = "SW-" + "NOPE-9"  # written in two parts so that this file does not cite it
    (tmp_path / "test_x.py").write_text(f"# rule: SW-SETUP-1 and {bogus}\n")
    assert tool.main(["--game", "sw", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("rule coverage: 1/") and "SW-* rule IDs" in out[-1]
    assert "SW-SETUP-2" in out[0] and "WK-" not in "".join(out)
    assert f"cited but not in the catalogue: {bogus}" in out
    assert tool.main(["--game", "SW", "--strict", str(tmp_path)]) == 1


def test_nothing_reads_the_working_notes_outside_the_repository() -> None:
    """`../shared` is a working resource, never a dependency of code, tests or documents."""
    offenders = []
    for folder in ("allegiance", "tests", "tools", "docs", "scripts", "benchmarks"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".md", ".sh", ".js", ".html", ".toml"} and path.is_file():
                text = path.read_text(encoding="utf-8", errors="ignore")
                if ("../shared" in text or "/work/shared" in text) and path.name != Path(__file__).name:
                    offenders.append(str(path.relative_to(ROOT)))
    for name in ("README.md", "pyproject.toml"):
        if any(p in (ROOT / name).read_text(encoding="utf-8") for p in ("../shared", "/work/shared")):
            offenders.append(name)
    assert not offenders


def test_every_jk_rule_is_cited_by_a_test() -> None:
    ids, missing, unknown = _tool().uncited("JK")
    assert ids and not missing, f"JK rules no test cites: {missing}"
    assert not unknown, f"tests cite JK rule IDs the catalogue does not define: {unknown}"
