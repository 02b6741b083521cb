"""Wakfu at the table in a real browser (Debian's Chromium): a 1v1 game set up in the lobby (a deck
chosen per seat) and played to its end by a person clicking cards against a bot; the board at three
screen sizes (the Monde, the Havre Sacs, the File d'Attente, the hand on screen without scrolling,
inclined cards upright with a mark); the whole card and the Défausse in the overlay.  No page shows an id
and no page logs an error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.progress import finished, wait_on_progress
from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import SIZES, in_view, no_errors, no_ids_shown, open_page, version
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

WAKFU_PLAY = (Path(__file__).parent / "wakfu_play.js").read_text()
CRA_FILE = (Path(__file__).parents[2] / "allegiance" / "games" / "wakfu" / "data" / "decks" / "cra.txt").read_text()


def counters(page: Any) -> dict[str, int]:
    return page.evaluate("({cards: window.__cardClicks, list: window.__listClicks, file: window.__fileMax, "
                         "pairs: window.__pairs, blocked: window.__blocked, tapped: window.__tapped})")


def test_a_wakfu_game_is_played_to_its_end_by_clicking_cards_against_a_bot(browser: Any, pages: list[Any],
                                                                           tmp_path: Path) -> None:
    # a server of its own: the lobby's list of open tables is read (a shared one lists every test's)
    server = ServerProcess(str(tmp_path / "wakfu.db"), bot_delay=0.01).start()
    try:
        lobby = open_page(browser, pages, server.base + "/")
        lobby.wait_for_selector("[data-quick='0']")
        lobby.select_option("#game", "wakfu")
        assert lobby.input_value("#mode") == "1v1"  # the game's default mode (its team modes follow)
        lobby.click("#more summary")
        lobby.wait_for_selector("#sopt-decks-1")
        # the bots offered are those that can play Wakfu; a deck per seat, or a pasted deck file
        offered = lobby.eval_on_selector_all("#seat-1 option", "os => os.map((o) => o.value)")
        assert offered[0] == "human" and "random" in offered
        lobby.select_option("#seat-1", "random")
        lobby.select_option("#sopt-decks-0", "iop")
        assert lobby.is_hidden("#sopt-decks-1-text")
        lobby.select_option("#sopt-decks-1", "cra")
        assert lobby.is_hidden("#sopt-decks-1-text")
        lobby.select_option("#sopt-decks-1", label="paste a file…")
        lobby.wait_for_selector("#sopt-decks-1-text")
        lobby.fill("#seed", "3")
        # every prompt clicked, Réactions' "pass" included (the windows: test_response_windows.py)
        lobby.fill("#opt-reaction_seconds", "0")
        # a pasted deck that breaks the rules is refused in words, and nothing is created
        lobby.fill("#sopt-decks-1-text", "3 Bouftou\n1 Bruss Ouilis\n")
        lobby.click("#create-button")
        lobby.wait_for_function("document.getElementById('create-error').textContent.length > 0")
        assert "deck" in lobby.inner_text("#create-error").lower()
        assert lobby.locator("[data-seat-link]").count() == 0
        # the Crâ starter's file, pasted as a player would
        lobby.fill("#sopt-decks-1-text", CRA_FILE)
        lobby.click("#create-button")
        lobby.wait_for_selector("[data-seat-link='0']")
        link = lobby.get_attribute("[data-seat-link='0']", "href")
        table_id = link.split("/table/")[1].split("#")[0]
        # the pasted deck is shown by its name and size, never its text (issue 21, item 4)
        listed = httpx.get(f"{server.base}/api/tables/{table_id}").json()["options"]["decks"]
        assert listed == ["iop", "custom deck (50 cards)"]
        lobby.wait_for_selector("#open tr[data-table]")
        assert "decks: iop, custom deck (50 cards)" in lobby.inner_text("#open")  # options in words, not the file

        page = open_page(browser, pages, link, (1280, 720), motion=True)  # feel.js over a whole game
        page.wait_for_selector("body[data-version]")
        assert "you are Player 1" in page.inner_text("#who")
        page.wait_for_selector(".wk .seatbox.me .zone.sac .wcard")  # the Havre Sac with the Héros inside
        page.evaluate(WAKFU_PLAY, 30)
        took = wait_on_progress(server.base, table_id, finished(server.base, table_id, page), "the game's end")
        print("game over after", round(took), "s")  # ~60 s on an idle machine
        seen = counters(page)
        print("clicks and what the board drew:", seen)
        # played mostly by clicking cards (playing, paying by inclining, attackers, targets, blockers)
        assert seen["cards"] > 40 and seen["cards"] > seen["list"] / 2, seen
        # the board drew the File d'Attente, combat pairs and inclined (turned) cards
        assert seen["file"] >= 1 and seen["pairs"] >= 1 and seen["tapped"] >= 1, seen
        banner = page.inner_text("#game-over")
        assert ("Player 1 wins" in banner or "Player 2 wins" in banner or "Draw" in banner), banner
        summary = httpx.get(f"{server.base}/api/tables/{table_id}").json()
        assert summary["finished"] and version(page) == summary["version"]
        no_ids_shown(page)
        # the replay viewer draws the same board
        page.click("text=Watch it step by step")
        page.wait_for_selector("#pos[data-step='0']")
        page.wait_for_selector("#board .wk .wcard")
        page.keyboard.press("End")
        page.wait_for_selector(f"#pos[data-step='{summary['version']}']")
        page.wait_for_selector("#outcome .banner")
        no_ids_shown(page)
        no_errors(lobby, allow="400")  # the refused deck
        no_errors(page)
    finally:
        server.stop()


def test_the_wakfu_board_fits_and_reads_at_each_size(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    server = servers(bot_delay=0.01)
    # Réaction windows of 1 s, the least there is (4 by default): the play before the sizes are read is
    # mostly windows running out, and the board drawn is the same
    res = httpx.post(f"{server.base}/api/tables", json={"game": "wakfu", "mode": "1v1", "seats": ["human", "random"],
                                                        "seed": 5, "options": {"decks": ["iop", "cra"],
                                                                               "reaction_seconds": 1}})
    assert res.status_code == 201, res.text
    link = res.json()["links"][0]["link"]
    player = open_page(browser, pages, link)
    player.wait_for_selector("body[data-version]")
    player.evaluate(WAKFU_PLAY, 30)
    # play a while: cards in the Monde, some inclined.  The page stops its own clicks the moment the board
    # shows that (a poll from here would let a busy machine's page play on, up to the game's end)
    player.evaluate("""() => {
      const enough = () => document.querySelectorAll('#board .wk-home .zone.monde .wcard').length >= 2
        && !!document.querySelector('#board .slot.tapped');
      const stop = () => { if (!window.__stopped && enough()) { clearInterval(window.__autoplay); window.__stopped = true; } };
      new MutationObserver(stop).observe(document.getElementById('board'), { childList: true, subtree: true,
                                                                             attributes: true });
      stop();
    }""")
    wait_on_progress(server.base, res.json()["table"]["id"], lambda: player.evaluate("!!window.__stopped"),
                     "two cards in the Monde and one inclined")
    for size in SIZES:
        page = open_page(browser, pages, link, size)
        page.wait_for_selector("#board .wk .wcard")
        page.wait_for_selector("#actions button[data-kind], #actions .muted")
        for sel in ("#prompt", "#actions button, #actions .muted", ".wk-hand", ".wk-hand .wcard", ".wk .seatbox.me",
                    ".wk .seatbox.opp", ".wk .zone.file", ".wk .seatbox.me .zone.sac", ".wk .seatbox.me .zone.monde",
                    ".wk .seatbox.me .pile[data-pile]", ".wk .seatbox.opp .zone.sac .wcard"):
            in_view(page, sel)
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1")
        # cards stay readable on a phone; an inclined card stays upright (its text never sideways), marked ↷
        hand = page.locator(".wk-hand .wcard").first.bounding_box()
        assert hand is not None and hand["width"] >= 55 and hand["height"] >= 80, (size, hand)
        turned = page.evaluate("""() => [...document.querySelectorAll('#board .slot.tapped, #board .slot.tapped *')]
          .filter((e) => getComputedStyle(e).transform !== 'none').length""")
        assert turned == 0
        assert page.locator("#board .slot.tapped .tapmark").count() == page.locator("#board .slot.tapped").count() >= 1
        text = page.inner_text(".wk .seatbox.me .who")
        assert "PV" in text and "XP" in text and "Niveau" in text
        assert "Taille" in page.inner_text(".wk .seatbox.me .zone.sac .zl")
        no_ids_shown(page)
    # a spectator sees both seats, no hand: Player 1's is a count
    watcher = open_page(browser, pages, res.json()["spectate"], (390, 844))
    watcher.wait_for_selector("#board .wk .wcard")
    assert "spectator" in watcher.inner_text("#who") or watcher.is_hidden("#who")
    assert "holds" in watcher.inner_text(".wk-hand") and watcher.locator(".wk-hand .wcard").count() == 0
    no_ids_shown(watcher)
    page = pages[1]
    # the whole card: its "i" opens Niveau, element, text and where it is; the Défausse opens as a list
    page.locator(".wk-hand .wcard [data-zoom]").first.click()
    page.wait_for_selector("#overlay:not([hidden]) .detail")
    detail = page.inner_text("#overlay")
    assert "element" in detail and "where" in detail and "your hand" in detail
    page.keyboard.press("Escape")
    page.locator(".wk .seatbox.me .wcard.t-Heros").first.click(button="right")
    assert "PV" in page.inner_text("#overlay") and "Niveau" in page.inner_text("#overlay")
    page.keyboard.press("Escape")
    page.locator(".wk .seatbox.me .pile[data-pile]").first.click()
    page.wait_for_selector("#overlay:not([hidden])")
    assert "Défausse" in page.inner_text("#overlay")
    page.keyboard.press("Escape")
    for p in pages:
        no_errors(p)


RENDERER_CHECK = """async () => {
  const r = await Shell.renderer("wakfu");
  const catalog = await Shell.loadCatalog("wakfu");
  const c = (id, name, extra = {}) => ({ id, name, type: catalog[name].type, element: catalog[name].element, ...extra });
  const player = (seat, label, hero, sac) => ({ seat, label, hero: c(hero[0], hero[1], { tapped: false, force: 3, damage: 0 }),
    level: 1, xp: 2, pv: 18, max_pv: 18, pa: 6, pm: 3, hand_count: 1, pioche_count: 40, hand_recycled: false,
    havre_sac: { card: c(sac[0], sac[1], { tapped: false }), resistance: 15, banished: false,
      cards: [c(hero[0], hero[1], { tapped: false, force: 3, damage: 0 })] }, monde: [], hand: null, defausse: [] });
  const me = player(0, "Player 1", [0, "Bruss Ouilis"], [1, "Havre Sac du Bouftou"]);
  const opp = player(1, "Player 2", [50, "Tirlangue Portey"], [51, "Havre Sac du Tofu"]);
  me.monde = [c(5, "Bouftou", { tapped: true, force: 2, damage: 1 })];
  me.hand = [c(7, "Charge")];
  me.defausse = [c(9, "Arakne")];
  opp.monde = [c(60, "Piou Jaune", { tapped: false, force: 1, damage: 0 })];
  const view = { game: "wakfu", seat: 0, turn: 3, active: 0, first: 0, phase: "main", players: [me, opp],
    file: [{ kind: "card", seat: 1, card: c(61, "Flèche d'Immolation"), paid: true, cancelled: false, targets: [5] }],
    banished: [], combat: { attacker: 0, defender: 1, target: 51, step: "actions", attackers: [5], blockers: [[60, 5]], to_act: 0 },
    decision: { seat: 0, kind: "effect", prompt: "choose", options: ["Arakne (your Défausse)", "Bouftou Royal (your Pioche)"] } };
  const legal = [{ action: { kind: "choose", value: 9 }, text: "Player 1: Arakne (your Défausse)" },
    { action: { kind: "choose", value: 30 }, text: "Player 1: Bouftou Royal (your Pioche)" }];
  const byCard = Shell.actionsByCard(legal, view, r);
  const ctx = { seat: 0, active: [0], legal, byCard, catalog, mode: "table", online: true, outcome: null, send() {} };
  const root = document.createElement("div");
  r.render(root, view, ctx);
  const widget = r.decision(view, legal, ctx);
  const holder = document.createElement("div");
  holder.innerHTML = widget ? widget.html : "";
  document.body.append(root, holder);
  const out = {
    widgetCards: [...holder.querySelectorAll("[data-card].act")].map((e) => e.textContent),
    tapped: root.querySelectorAll(".seatbox.me .zone.monde .slot.tapped [data-card='5']").length,
    pairs: [...root.querySelectorAll(".pair")].map((p) => [...p.querySelectorAll("[data-card]")].map((e) => e.dataset.card)),
    file: root.querySelector(".zone.file").innerText,
    sac: root.querySelector(".seatbox.me .zone.sac .zl").innerText,
    who: root.querySelector(".seatbox.me .who").innerText,
    detail: r.cardDetail(30, view, catalog),
    reaction: r.cardsOf({ kind: "choose", value: "use:5:0" }, view),
    xIsNoCard: r.cardsOf({ kind: "choose", value: 5 }, { ...view, decision: { seat: 0, kind: "x", prompt: "X", options: ["X = 5"] } }),
    text: root.innerText + holder.innerText,
  };
  root.remove(); holder.remove();
  return out;
}"""


def test_the_wakfu_renderer_draws_stacks_pairs_and_cards_offered_by_a_choice(browser: Any, pages: list[Any],
                                                                            servers: SharedServers) -> None:
    """The renderer on a made-up view: the File d'Attente with its targets, an attacker beside its blocker,
    an inclined card, the PV / XP / Niveau line, and a choice among cards not on the board (a Défausse, a
    search of the Pioche) drawn as clickable cards in the decision panel."""
    server = servers()
    page = open_page(browser, pages, server.base + "/")
    page.wait_for_selector("[data-quick='0']")
    out = page.evaluate(RENDERER_CHECK)
    assert any("Arakne" in t for t in out["widgetCards"]) and any("Bouftou Royal" in t for t in out["widgetCards"])
    assert out["tapped"] == 1 and out["pairs"] == [["5", "60"]]
    assert "resolves next" in out["file"] and "Flèche d'Immolation" in out["file"]
    assert "Bouftou" in out["file"] and "Player 2" in out["file"]  # its target, its player
    assert "Taille 1/4" in out["sac"] and "Résistance 15" in out["sac"]
    assert "18/18 PV" in out["who"] and "XP 2/6" in out["who"] and "Niveau 1" in out["who"]
    assert "Bouftou Royal" in out["detail"] and "shown to you" in out["detail"]
    assert out["reaction"] == [5] and out["xIsNoCard"] == []  # "X = 5" highlights no card
    assert not re.search(r"#\d", out["text"])
    no_errors(page)
