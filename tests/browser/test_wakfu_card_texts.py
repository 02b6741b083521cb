"""Issue 23, card texts people read, in a real browser: a Wakfu card face shows its French text (the
English line as its tooltip), and the whole-card view shows the French text, the English line and the
notes folded behind them (errata, rulings), never the engine's notes on the face."""

from __future__ import annotations

from typing import Any

import pytest

from allegiance.games.wakfu.cards import CARDS
from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import no_errors, open_page

pytestmark = pytest.mark.browser

TEXTS_CHECK = """async () => {
  const r = await Shell.renderer("wakfu");
  const catalog = await Shell.loadCatalog("wakfu");
  const c = (id, name, extra = {}) => ({ id, name, type: catalog[name].type, element: catalog[name].element, ...extra });
  const player = (seat, label, hero, sac) => ({ seat, label, hero: c(hero[0], hero[1], { tapped: false, force: 3, damage: 0 }),
    level: 1, xp: 0, pv: 18, max_pv: 18, pa: 6, pm: 3, hand_count: 1, pioche_count: 40, hand_recycled: false,
    havre_sac: { card: c(sac[0], sac[1], { tapped: false }), resistance: 15, banished: false, cards: [] },
    monde: [], hand: null, defausse: [] });
  const me = player(0, "Player 1", [0, "Bruss Ouilis"], [1, "Havre Sac du Bouftou"]);
  const opp = player(1, "Player 2", [50, "Tirlangue Portey"], [51, "Havre Sac du Tofu"]);
  me.hand = [c(7, "Agression")];
  const view = { game: "wakfu", seat: 0, turn: 1, active: 0, first: 0, phase: "main", players: [me, opp], file: [],
    banished: [], combat: null, decision: null };
  const ctx = { seat: 0, active: [0], legal: [], byCard: new Map(), catalog, mode: "table", online: true, outcome: null, send() {} };
  const root = document.createElement("div");
  r.render(root, view, ctx);
  document.body.append(root);
  const face = root.querySelector(".wcard[data-card='7'] .tx");
  const holder = document.createElement("div");
  holder.innerHTML = r.cardDetail(7, view, catalog);
  document.body.append(holder);
  const notes = holder.querySelector("details[data-text='notes']");
  const out = { face: face.textContent, faceTitle: face.title, fr: holder.querySelector("[data-text='fr']").textContent,
    en: holder.querySelector("[data-text='en']").textContent, notesOpen: notes.open, notes: notes.textContent,
    faceText: root.innerText };
  root.remove(); holder.remove();
  return out;
}"""


def test_the_card_face_and_the_whole_card_show_french_english_and_notes_behind(browser: Any, pages: list[Any],
                                                                              servers: SharedServers) -> None:
    agression = CARDS["Agression"]
    server = servers()
    page = open_page(browser, pages, server.base + "/")
    page.wait_for_selector("[data-quick='0']")
    out = page.evaluate(TEXTS_CHECK)
    assert out["face"] == agression.text and "Neutre" in out["face"]
    assert out["faceTitle"] == agression.text_en
    assert out["fr"] == agression.text and out["en"] == agression.text_en
    assert out["notesOpen"] is False and "Ruling" in out["notes"]  # folded behind the texts
    assert "Ruling" not in out["faceText"]  # notes never on the card face
    no_errors(page)
