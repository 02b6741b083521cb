"""Clicks per seat in a Wakfu 1v1 against a bot, before and after the response windows (issue 24, item 3).

A real server and Debian's Chromium (Playwright): the person's seat is played by clicking, as the
browser tests do (tests/browser/wakfu_play.js: highlighted cards first, the action list for the rest),
against a random bot, to the game's end.  The same deal is played twice:

- ``before``: ``reaction_seconds: 0``, the table as it was: every Réaction prompt and every turn of a
  combat's Phase d'Actions is a decision the person answers by a click, "pass" alone included;
- ``after``: response windows of ``--seconds`` (the table's default is 4; the clicks do not depend on
  it, only the game's length does): the page asks nothing when "pass" is all there is and the server
  passes at the window's end.

For each run: the person's clicks (on cards, on the action list), the states that asked the person to
act, those whose only option was "pass", the windows passed for the person without a click, and the
game's length in actions.  A bot's seat makes no clicks.

    PYTHONPATH=. python benchmarks/window_clicks.py [--seed 5] [--seconds 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.helpers import ServerProcess  # noqa: E402 - after the path is set

BROWSER = ROOT / "tests" / "browser"
WAKFU_PLAY = (BROWSER / "wakfu_play.js").read_text()
WATCH = (BROWSER / "windows_watch.js").read_text()
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def play(browser: Any, seed: int, seconds: int, deck: str, timeout: float) -> dict[str, Any]:
    """One game by clicking against a random bot; what the person was asked and clicked."""
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(str(Path(tmp) / "w.db"), bot_delay=0.01).start()
        try:
            res = httpx.post(f"{server.base}/api/tables", json={
                "game": "wakfu", "mode": "1v1", "seats": ["human", "random"], "seed": seed,
                "options": {"decks": [deck, "cra"], "reaction_seconds": seconds}})
            res.raise_for_status()
            created = res.json()
            table_id = created["table"]["id"]
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            page = context.new_page()
            page.goto(created["links"][0]["link"])
            page.wait_for_selector("body[data-version]")
            page.evaluate(WATCH)
            page.evaluate(WAKFU_PLAY, 30)
            start = time.monotonic()
            while page.evaluate("document.body.dataset.finished") != "1":
                if time.monotonic() - start > timeout:
                    raise TimeoutError(f"the game did not end within {timeout:g} s")
                time.sleep(1.0)
            took = time.monotonic() - start
            seen = page.evaluate("({cards: window.__cardClicks, list: window.__listClicks, asked: window.__asked, "
                                 "passOnly: window.__passOnly, oneOnly: window.__oneOnly, autoPassed: window.__autoPassed, "
                                 "countdowns: window.__countdowns})")
            summary = httpx.get(f"{server.base}/api/tables/{table_id}").json()
            context.close()
        finally:
            server.stop()
    return {"clicks": seen["cards"] + seen["list"], "card_clicks": seen["cards"], "list_clicks": seen["list"],
            "asked": seen["asked"], "pass_only_prompts": seen["passOnly"], "one_option_prompts": seen["oneOnly"], "passed_without_click": seen["autoPassed"],
            "countdowns": seen["countdowns"], "actions": summary["version"], "seconds": round(took, 1),
            "outcome": (summary["outcome"] or {}).get("reason")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=1, help="the windows' time in the 'after' game")
    parser.add_argument("--deck", default="iop", help="the person's deck (a starter name)")
    parser.add_argument("--timeout", type=float, default=1800.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    if chromium is None:
        print("Debian's chromium is needed", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            out = {"seed": args.seed, "deck": args.deck,
                   "before": play(browser, args.seed, 0, args.deck, args.timeout),
                   "after": play(browser, args.seed, args.seconds, args.deck, args.timeout)}
        finally:
            browser.close()
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"Wakfu 1v1, {args.deck} (clicking) against a random bot (cra), seed {args.seed}")
    print(f"{'':8} {'clicks':>7} {'asked':>6} {'pass-only':>10} {'one-option':>11} {'passed for':>11} {'countdowns':>11} "
          f"{'actions':>8} {'time s':>7}")
    for name in ("before", "after"):
        r = out[name]
        print(f"{name:8} {r['clicks']:>7} {r['asked']:>6} {r['pass_only_prompts']:>10} {r['one_option_prompts']:>11} "
              f"{r['passed_without_click']:>11} {r['countdowns']:>11} {r['actions']:>8} {r['seconds']:>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
