#!/usr/bin/env python3
"""Which rule IDs of the repository's catalogue (``docs/rules/multiplayer.md``) no test cites yet.

Usage, from the repository root::

    python tools/rule_coverage.py [--game SW|WK|JK] [--strict] [TESTS_DIR ...]

A test cites a rule by naming its ID in a test file, in a docstring or comment (``# rule: SW-SHARED-2``).
The last line is the summary; ``--strict`` exits with status 1 when an ID is uncited. IDs cited by tests
that the catalogue does not define are listed too (a typo, or a rule that was renamed).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "docs" / "rules" / "multiplayer.md"
GAMES = ("SW", "WK", "JK")
ID = re.compile(r"\b(?:SW|JK|WK)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
# A rule is defined by a list item "- **SW-SETUP-1** ..." or a table row "| WK-COMBAT-1 | ...".
DEFINITION = re.compile(r"^(?:- \*\*((?:SW|JK|WK)-[A-Z0-9-]+)\*\*|\| ((?:SW|JK|WK)-[A-Z0-9-]+) \|)")
CITING_SUFFIXES = {".py", ".js", ".ts", ".yaml", ".yml", ".json", ".toml"}


def catalogue_ids(catalogue: Path = CATALOGUE) -> list[str]:
    """Every rule ID the catalogue defines, in catalogue order."""
    ids: list[str] = []
    for line in catalogue.read_text(encoding="utf-8").splitlines():
        m = DEFINITION.match(line.strip())
        if m:
            rule = m.group(1) or m.group(2)
            if rule not in ids:
                ids.append(rule)
    return ids


def cited_ids(folders: list[Path]) -> dict[str, list[Path]]:
    """Each rule ID named in the folders' source files, with the files that name it."""
    found: dict[str, list[Path]] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in CITING_SUFFIXES:
                for rule in set(ID.findall(path.read_text(encoding="utf-8", errors="ignore"))):
                    found.setdefault(rule, []).append(path)
    return found


def uncited(game: str | None = None, folders: list[Path] | None = None) -> tuple[list[str], list[str], list[str]]:
    """(catalogue IDs, those no test cites, IDs tests cite that the catalogue lacks), for one game or all."""
    ids = [i for i in catalogue_ids() if game is None or i.startswith(game + "-")]
    cited = cited_ids(folders if folders is not None else [ROOT / "tests"])
    every = catalogue_ids()
    # "SW-SHARED-*" names a family of rules, not an unknown one.
    unknown = sorted(i for i in cited if i not in every and not any(e.startswith(i + "-") for e in every)
                     and (game is None or i.startswith(game + "-")))
    return ids, [i for i in ids if i not in cited], unknown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="List the rule IDs of docs/rules/multiplayer.md no test cites.")
    parser.add_argument("folders", nargs="*", type=Path, help="folders of tests (default: tests)")
    parser.add_argument("--game", type=str.upper, choices=GAMES, help="only this game's rule IDs")
    parser.add_argument("--strict", action="store_true", help="exit with status 1 when an ID is uncited")
    args = parser.parse_args(argv)
    missing_folders = [f for f in args.folders if not f.is_dir()]
    if missing_folders:
        parser.error(f"not a folder: {', '.join(map(str, missing_folders))}")
    ids, missing, unknown = uncited(args.game, args.folders or None)
    by_game: dict[str, list[str]] = {}
    for rule in missing:
        by_game.setdefault(rule.split("-")[0], []).append(rule)
    for game, rules in by_game.items():
        print(f"{game}: {len(rules)} not cited by any test: {' '.join(rules)}")
    if unknown:
        print(f"cited but not in the catalogue: {' '.join(unknown)}")
    scope = f"{args.game}-* " if args.game else ""
    print(f"rule coverage: {len(ids) - len(missing)}/{len(ids)} {scope}rule IDs cited by tests")
    return 1 if args.strict and missing else 0


if __name__ == "__main__":
    sys.exit(main())
