"""Card data and deck files: all 320 Incarnam cards load; the starters and the deck rules (101, 306-308, 420)."""

from __future__ import annotations

import pytest

from allegiance.games.wakfu.cards import CARDS, HERO_SIDES, card
from allegiance.games.wakfu.decks import STARTERS, DeckError, parse_deck, starter

IOP = starter("iop")


def test_all_320_cards_load_with_both_hero_sides() -> None:
    assert len(CARDS) == 320
    assert len(HERO_SIDES) == 12
    bruss1, bruss2 = HERO_SIDES["Bruss Ouilis"]
    assert (bruss1.hero_side, bruss1.pa, bruss1.pm, bruss1.pv, bruss1.force) == (1, 6, 3, 18, 3)
    assert (bruss2.hero_side, bruss2.pa, bruss2.pv, bruss2.force) == (2, 7, 22, 4)


def test_typed_fields() -> None:
    royal = card("Bouftou Royal")
    assert (royal.type, royal.element, royal.level, royal.force, royal.xp) == ("Allié", "Terre", 4, 4, 2)
    assert royal.unique and royal.has("Géant") and royal.is_monster and "Bouftou" in royal.subtypes
    assert card("Larve Bleue").resistance_to("Eau") == 1
    assert card("Keyss Aouti").metiers == ("Bricoleur",)
    assert card("Coiffe du Bouftou").recipe is not None and card("Coiffe du Bouftou").force == 2
    assert card("Colère de Iop").x_cost and card("Colère de Iop").level == 0  # 207.3
    sac = card("Havre Sac du Tofu")
    assert (sac.taille, sac.resistance, sac.element) == (4, 15, "Air")
    assert card("Charge").classes == ("Iop",)


def test_inferred_elements() -> None:
    # RULES.md "Elements": the Astrub Zones produce the element they recycle; Équipements and Salles
    # without an element take their Recette's.
    assert card("Forêts d'Astrub").element == "Terre" and card("Forêts d'Astrub").element_inferred
    assert card("Calanques d'Astrub").element == "Eau"
    assert card("Temple Iop").element == "Terre"
    assert card("Arès").element == "Eau" and not card("Arès").element_inferred
    assert card("Marcassin").element == "Terre" and card("Marcassin").force == 1  # read on its card page
    assert card("Dora").element == "Feu"  # its Recette element


def test_unknown_card_name() -> None:
    with pytest.raises(KeyError, match="Bouftuo"):
        card("Bouftuo")


@pytest.mark.parametrize("name", STARTERS)
def test_starters_are_legal_50_card_decks(name: str) -> None:
    deck = starter(name)  # 101.1, 101.3
    assert len(deck.pioche()) == 48
    assert CARDS[deck.hero].type == "Héros" and CARDS[deck.havre_sac].type == "Havre Sac"


def test_starter_counts() -> None:
    assert dict(IOP.cards)["Charge"] == 3 and dict(IOP.cards)["Bouftou Royal"] == 1
    assert (IOP.hero, IOP.havre_sac) == ("Bruss Ouilis", "Havre Sac du Bouftou")
    assert starter("xelor").hero == "Aeron Zeklox"


def test_round_trip_through_text() -> None:
    assert parse_deck(IOP.to_text(), "iop") == IOP


def _deck(lines: list[str], hero: str = "Bruss Ouilis", sac: str = "Havre Sac du Bouftou") -> str:
    return "\n".join([f"Héros: {hero}", f"Havre Sac: {sac}", *lines])


def _errors(text: str) -> str:
    with pytest.raises(DeckError) as info:
        parse_deck(text)
    return str(info.value)


def test_deck_size_101_1() -> None:
    assert "101.1" in _errors(_deck(["3 Bouftou"]))


def test_four_copies_101_5() -> None:
    text = _deck(["4 Bouftou", "3 Tofu"] + [f"3 {n}" for n in ("Boo", "Wabbit", "Bwork", "Moskito", "Arakne",
                                                                  "Gobelinet", "Belgodass", "Tomla Klass",
                                                                  "Demi Moon", "Montrakristo", "Fofy Fafié",
                                                                  "Akoua Flesh", "Kristie Endor")] + ["2 Charge"])
    err = _errors(text)
    assert "Bouftou: at most 3 copies (101.5)" in err.replace("copies of a card", "copies")


def test_unique_420_1() -> None:
    assert "Bouftou Royal is Unique: at most 1 copy (420.1)" in _errors(_deck(["2 Bouftou Royal"]))


def test_one_hero_and_one_havre_sac_101_3() -> None:
    err = _errors("Havre Sac: Havre Sac du Bouftou\n3 Bouftou")
    assert "exactly one Héros (101.3, 307.1)" in err
    err = _errors(_deck(["1 Poum Ondacié"]))
    assert "Poum Ondacié is a Héros" in err and "307.1" in err
    assert "306.1" in _errors(_deck(["1 Havre Sac du Tofu"]))
    assert "is not a Havre Sac (306.1)" in _errors(_deck([], sac="Bouftou"))


def test_unknown_card_and_bad_line_are_named() -> None:
    err = _errors(_deck(["3 Bouftuo", "three Tofu"]))
    assert "'Bouftuo'" in err and "line 4" in err and "'three Tofu'" in err


def test_count_forms() -> None:
    text = IOP.to_text().replace("3 Bouftou\n", "3x Bouftou\n")
    assert parse_deck(text).cards == IOP.cards
