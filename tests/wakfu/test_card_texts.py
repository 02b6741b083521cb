"""The card texts people read (issue 23): every Incarnam card has its text as a player reads it, in
French with an English line (``data/texts.csv``), restated from its card page with errata applied; engine
notes and rulings live in their own field, shown behind the card (the whole-card view), never on it."""

from __future__ import annotations

import csv
import io
import json
import re
from importlib import resources

import pytest
from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.games.wakfu.cards import CARDS, HERO_SIDES, card_texts
from allegiance.games.wakfu.view import card_catalog

#: words of the engine's own notes that must never reach the text on a card
ENGINE_WORDS = re.compile(r"per rules?\b|scrape|vanilla|not captured|not in scrape|its element per|paraphrase|"
                          r"RULES\.md|\bengine\b|\(icon|\bNB\b", re.IGNORECASE)


def _rows() -> list[dict[str, str]]:
    raw = resources.files("allegiance.games.wakfu").joinpath("data/texts.csv").read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(raw)))


def test_every_card_has_exactly_one_text_row_and_the_card_carries_it() -> None:
    rows = _rows()
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names)) == 320
    assert set(names) == set(CARDS)
    for name, t in card_texts().items():
        card = CARDS[name]
        assert (card.text, card.text_en, card.notes) == (t.texte, t.text_en, t.notes), name
    for first, second in HERO_SIDES.values():  # both sides of a Héros read the same card text
        assert first.text == second.text and first.text_en == second.text_en


def test_a_card_with_text_has_both_lines_and_names_its_card_page() -> None:
    for r in _rows():
        assert bool(r["texte"]) == bool(r["text_en"]), r["name"]
        assert r["source"].startswith("xairon/wakfu_deck_builder:raw-card-data/pages/incarnam/"), r["name"]
        assert r["source"].split("/")[-1].split(" ")[0].endswith(".html")


def test_no_engine_words_on_the_text_a_player_reads() -> None:
    """Issue 23: "Vanilla (XP 0 per rule 415.5 example)", "(per rules 204.5 example; not in scrape)" and
    "(its element per rules)" were on the table; such notes belong in ``notes``."""
    bad = {name: t for name, t in card_texts().items() if ENGINE_WORDS.search(t.texte) or ENGINE_WORDS.search(t.text_en)}
    assert bad == {}
    # the old paraphrases had them: the checker does catch them
    assert ENGINE_WORDS.search("Vanilla (XP 0 per rule 415.5 example).")
    assert ENGINE_WORDS.search("Bearer +2 Force (per rules 204.5 example; not in scrape).")


@pytest.mark.parametrize("name", ["Bouftou", "Akoua Flesh", "Tofu", "Havre Sac du Bouftou"])
def test_a_card_without_power_shows_no_text_or_only_its_keywords(name: str) -> None:
    assert CARDS[name].text == "" and CARDS[name].text_en == ""


def test_keyword_only_cards_show_their_keywords() -> None:
    assert CARDS["Chevaucheur Gobelin"].text == "Agressivité."  # its errata replaced the power by the keyword
    assert CARDS["Larve Bleue"].text == "Résistance Eau 1."
    assert CARDS["Guerya Wood"].text == "Forgeron. Bricoleur."


def test_agression_deals_neutre_damage_as_its_card_page_shows() -> None:
    """Issue 23: Agression deals Neutre damage (the engine was right, the old text was not)."""
    agression = CARDS["Agression"]
    assert "Neutre" in agression.text and "Force" in agression.text
    assert "Neutre damage" in agression.text_en
    assert "its element" not in agression.text_en


def test_errata_are_applied_to_the_text_and_recorded_in_the_notes() -> None:
    # Bouftou Royal's errata: the search takes any Bouftou card, revealed, into the hand
    royal = CARDS["Bouftou Royal"]
    assert "carte Bouftou" in royal.text and "Errata" in royal.notes
    # Gambit's errata: the losing bonus lasts until end of turn too
    assert CARDS["Gambit"].text.count("jusqu'à la fin du tour") == 2
    # Incarnam's errata: the cost is to banish it, not to destroy it
    assert CARDS["Incarnam"].text.startswith("Bannissez")
    # Aeron Zeklox: PA 6 at Niveau 1 is a stat errata, so it is a note, not card text
    assert "PA" not in CARDS["Aeron Zeklox"].text.split(":")[0] and "PA 6" in CARDS["Aeron Zeklox"].notes


def test_the_catalog_and_the_cli_carry_both_lines_and_the_notes() -> None:
    entry = card_catalog()["Agression"]
    assert entry["text"] == CARDS["Agression"].text
    assert entry["text_en"] == CARDS["Agression"].text_en and entry["notes"] == CARDS["Agression"].notes
    assert card_catalog()["Bruss Ouilis"]["sides"][1]["text_en"] == CARDS["Bruss Ouilis"].text_en
    runner = CliRunner()
    records = {r["name"]: r for r in json.loads(runner.invoke(app, ["cards", "wakfu", "--json"]).stdout)}
    assert records["Agression"]["text_en"] == CARDS["Agression"].text_en
    assert records["Agression"]["notes"] == CARDS["Agression"].notes
    plain = runner.invoke(app, ["cards", "wakfu", "--plain", "--where", "type=Action"]).stdout.splitlines()
    header = plain[0].split("\t")
    assert "text" in header and "text_en" in header
    row = next(line.split("\t") for line in plain[1:] if line.startswith("Agression\t"))
    assert "Neutre" in row[header.index("text")] and "Neutre damage" in row[header.index("text_en")]
    assert not any(ENGINE_WORDS.search(line) for line in plain[1:])
