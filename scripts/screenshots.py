"""Refresh the README's screenshots: the lobby, a 2v2 SWDBG table, a Wakfu duel and a three-sided Jedi
Knights game in play, taken in Debian's Chromium.

Starts its own server (a temporary database, quick bots), plays a 2v2 game a little by clicking cards
as Empire 1 (the teammate and the Rebels are bots), a Wakfu duel as Player 1 against a bot and an AvEvI
game as Alliance 1 against two bots, and saves PNGs under ``docs/screenshots/``.

Usage: ``.venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--games swdbg,wakfu,jk]``
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
CARDPLAY = (ROOT / "tests" / "browser" / "cardplay.js").read_text()
WAKFU_PLAY = (ROOT / "tests" / "browser" / "wakfu_play.js").read_text()
AUTOPLAY = (ROOT / "tests" / "browser" / "autoplay.js").read_text()
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_seat_page(browser: Any, base: str, table: dict[str, Any]) -> Any:
    """A new table made from ``table`` (the lobby API's body) and its first seat's page at 1400×900, connected."""
    created = httpx.post(base + "/api/tables", json=table).json()
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(created["links"][0]["link"])
    page.wait_for_selector("#conn[data-conn='open']")
    return page


def hide_overlays(page: Any) -> None:
    """Hides the toast and an event's banner (a base destroyed…), which would cover the board in the shot."""
    page.evaluate("""for (const id of ['toast', 'feel-banner']) {
      const el = document.getElementById(id); if (el) el.style.display = 'none'; }""")


def wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(200):
        if proc.poll() is not None:
            raise SystemExit("the server did not start")
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not answer")


def swdbg_shots(browser: Any, base: str, out: Path, moves: int) -> None:
    """The lobby (with an open table listed) and a 2v2 table in play."""
    httpx.post(base + "/api/tables", json={"game": "swdbg", "mode": "2v2", "seed": 12,
                                           "seats": ["human", "greedy", "human", "ismcts"],
                                           "open_seats": [2], "options": {"galaxy": "full"}})
    table = httpx.post(base + "/api/tables", json={"game": "swdbg", "mode": "2v2", "seed": 4,
                                                   "seats": ["human", "greedy", "greedy", "greedy"],
                                                   "options": {"bases_to_win": 2}}).json()
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(table["links"][0]["link"])
    page.wait_for_selector("#conn[data-conn='open']")
    page.evaluate(CARDPLAY, 120)
    page.wait_for_function(f"Number(document.body.dataset.version) >= {moves}", timeout=120_000)
    page.evaluate("clearInterval(window.__autoplay)")
    page.wait_for_function("document.body.dataset.mine === '1' && !document.body.classList.contains('busy')",
                           timeout=60_000)
    page.wait_for_timeout(600)  # animations settle
    hide_overlays(page)
    page.screenshot(path=str(out / "table-2v2.png"))
    lobby = browser.new_page(viewport={"width": 1100, "height": 760})
    lobby.goto(base + "/")
    lobby.wait_for_selector("#open tr[data-table]")
    lobby.screenshot(path=str(out / "lobby.png"))


def wakfu_shot(browser: Any, base: str, out: Path) -> None:
    """A Wakfu duel in play, during a combat: Player 1 (a person, clicking cards) against a bot."""
    bot = "greedy" if "greedy" in next(g for g in httpx.get(base + "/api/games").json() if g["name"] == "wakfu")["bots"] \
        else "random"
    # a combat on the board some way into the game; the person's page passes its Réaction windows by
    # itself, so the combat is often decided by the bot: any combat will do, and a game that ends first
    # gives way to the next seed
    for seed in range(5, 15):
        page = first_seat_page(browser, base, {"game": "wakfu", "mode": "1v1", "seed": seed, "seats": ["human", bot],
                                               "options": {"decks": ["iop", "cra"]}})
        page.evaluate(WAKFU_PLAY, 60)
        page.wait_for_function("(Number(document.body.dataset.version) >= 150 && document.querySelector('#board .pair')"
                               " && (clearInterval(window.__autoplay), true)) || document.body.dataset.finished === '1'",
                               timeout=300_000)
        if page.evaluate("document.body.dataset.finished") != "1":
            break
        page.close()
    else:
        raise SystemExit("no Wakfu game of seeds 5-14 showed a combat before its end")
    page.wait_for_timeout(600)
    hide_overlays(page)
    page.screenshot(path=str(out / "table-wakfu.png"))


def jk_shot(browser: Any, base: str, out: Path) -> None:
    """A three-sided Jedi Knights game in play: Alliance 1 (a person, clicking the panel) and two bots."""
    page = first_seat_page(browser, base, {"game": "jk", "mode": "AvEvI", "seed": 2, "seats": ["human", "greedy", "random"],
                                           "options": {"response_prompts": "playable"}})
    page.evaluate(AUTOPLAY, 120)
    page.wait_for_function("document.querySelectorAll('#board .jplanet-now .jmini').length >= 7"
                           " && document.body.dataset.mine === '1' || document.body.dataset.finished === '1'",
                           timeout=180_000)
    page.evaluate("clearInterval(window.__autoplay)")
    page.wait_for_timeout(600)
    hide_overlays(page)
    page.screenshot(path=str(out / "table-jk.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--moves", type=int, default=70, help="actions played before the table screenshot")
    parser.add_argument("--games", default="swdbg,wakfu,jk", help="whose screenshots to take (swdbg: the lobby too)")
    args = parser.parse_args()
    games = set(args.games.split(","))
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("Debian's chromium is needed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-c", "from allegiance.cli import app; app()", "serve", "--port",
                                 str(port), "--db", str(Path(tmp) / "shots.db"), "--bot-delay", "0.05",
                                 "--log-level", "warning"], cwd=ROOT)
        try:
            wait_up(base, proc)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                if "swdbg" in games:
                    swdbg_shots(browser, base, args.out, args.moves)
                if "wakfu" in games:
                    wakfu_shot(browser, base, args.out)
                if "jk" in games:
                    jk_shot(browser, base, args.out)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print(f"saved the screenshots of {', '.join(sorted(games))} in {args.out}")


if __name__ == "__main__":
    main()
