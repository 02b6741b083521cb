"""Costs and lasting effects drawn on the Wakfu cards (issue 24 item 7), in a real browser (Debian's
Chromium): each card's cost is its Niveau inside its element's symbol, named in words (title and
aria-label); a card in play under a lasting effect carries a marker with the server's words for it
("doesn't untap …"), inside the card's box, at a desktop's two sizes and on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from allegiance.games.wakfu import GAME
from allegiance.games.wakfu.position import from_position
from tests.browser.shared import SharedServers
from tests.browser.test_board_in_sight import CUT, DRAW, table
from tests.browser.test_table_pages import no_errors, open_page

pytestmark = pytest.mark.browser

SIZES = ((1400, 900), (1280, 720), (390, 844))
ROOT = Path(__file__).resolve().parents[2]

#: per card id: its cost symbols [element, words], its effect marker's words, and whether each is inside the card
MARKS = """(ids) => ids.map((id) => {
  const card = document.querySelector(`#board [data-card="${id}"]`);
  if (!card) return [id, "not drawn"];
  const box = card.getBoundingClientRect();
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; };
  const cost = [...card.querySelectorAll(".cost")].map((s) => [s.dataset.element, s.getAttribute("aria-label"), s.title, inside(s)]);
  const fx = card.querySelector(".fx");
  return [id, cost, fx ? [fx.getAttribute("aria-label"), fx.title, inside(fx)] : null, card.getAttribute("aria-label")];
})"""


def marked_view() -> tuple[dict[str, Any], dict[str, int]]:
    """The example position (Arakne held inclined by an effect), with Force on Bouftou and cards of every
    cost element in seat 0's hand."""
    data = yaml.safe_load((ROOT / "docs/examples/wakfu-attack.yaml").read_text())
    data["players"][0]["main"] = ["Charge", "Amal Odoua", "Boo", "Akoua Flesh"]
    data["effects"].append({"card": "Bouftou", "effect": "force", "value": 2, "until": "end of turn"})
    state = from_position(data)
    view = GAME.view(state, 0)
    ids = {c["name"]: c["id"] for p in view["players"] for c in p["monde"] + (p["hand"] or [])}
    return view, ids


def test_costs_are_element_symbols_and_lasting_effects_are_on_their_cards(browser: Any, pages: list[Any],
                                                                            servers: SharedServers) -> None:
    view, ids = marked_view()
    assert "effects" in next(c for c in view["players"][1]["monde"] if c["name"] == "Arakne")
    server = servers()
    page = open_page(browser, pages, table(server.base, "wakfu", "1v1", 2), SIZES[0])
    page.wait_for_selector("#board .wk .wcard")
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate(DRAW, view)
        where = f"{w}×{h}"
        marks = {row[0]: row[1:] for row in page.evaluate(MARKS, list(ids.values()))}
        for name, element, level in (("Charge", "Neutre", 2), ("Amal Odoua", "Feu", None), ("Boo", "Eau", None),
                                     ("Akoua Flesh", "Air", None), ("Bouftou", "Terre", 2), ("Arakne", "Terre", 1)):
            cost, _, _ = marks[ids[name]]
            assert len(cost) == 1, (where, name, cost)
            el, label, title, inside = cost[0]
            assert el == element and element in label and element in title and "Niveau" in label, (where, name, cost)
            if level is not None:
                assert f"Niveau {level}" in label, (where, name, label)
            assert inside, (where, name, "cost symbol outside its card")
        _, fx, label = marks[ids["Arakne"]]
        assert fx is not None, (where, "no effect marker on Arakne")
        words, title, inside = fx
        assert "doesn't untap" in words and "doesn't untap" in title and "doesn't untap" in label, (where, fx)
        assert inside, (where, "effect marker outside its card")
        _, fx, _ = marks[ids["Bouftou"]]
        assert fx is not None and "+2 Force until end of turn" in fx[0] and fx[2], (where, fx)
        for name in ("Boufton Blanc", "Charge"):
            assert marks[ids[name]][1] is None, (where, name, "an effect marker on a card without effects")
        if w > 800:  # the words themselves on the card's face at a desktop's sizes
            text = page.inner_text(f'#board [data-card="{ids["Arakne"]}"] .fx')
            assert "doesn't untap" in text, (where, text)
        assert page.evaluate(CUT) == [], where
    no_errors(page)
