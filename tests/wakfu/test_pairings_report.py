"""The balance report of the 16 starter pairings (issue 13's figures): every ordered pairing is played, and
the Markdown report names each deck's win rate, the first player's advantage and each pairing's length."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "wakfu_pairings.py"


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600,
                          check=True)
    return done.stdout


def test_every_ordered_pairing_is_played_and_reported(tmp_path: Path) -> None:
    report = json.loads(_run("--games", "10", "--json"))  # rounded up to one game per pairing
    assert report["games"] == 16
    pairs = [tuple(r["decks"]) for r in report["pairings"]]
    decks = ("iop", "feca", "cra", "xelor")
    assert sorted(pairs) == sorted((a, b) for a in decks for b in decks)
    assert report["errors"] == 0
    wins = sum(r["seat0_wins"] for r in report["pairings"])
    seat1 = 16 - wins - report["draws"]
    assert sum(round(v["win_rate"] * 8) for v in report["decks"].values()) == wins + seat1  # 8 games a deck

    saved = tmp_path / "pairings.json"
    saved.write_text(json.dumps(report), encoding="utf-8")
    text = _run("--from-json", str(saved), "--markdown")
    assert text.startswith("16 games, bots random v random")
    assert "The first player wins" in text
    for deck in decks:
        assert f"| {deck} |" in text and f"| **{deck}** |" in text
    assert text.count("· 1st ") == 16
