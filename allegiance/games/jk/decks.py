"""Decks: the deck-file format, the demo decks and deck validation with clear errors.

A deck file is TOML (see ``data/FORMAT.md``): ``theme``, ``force`` (eight Force cards such as
``"green 3"`` or ``"black 7"``), ``locations`` (four planets), ``theme_pile`` (cards set aside at setup)
and a ``[cards]`` table of ``"Card name" = copies``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from allegiance.games.jk.cards import (
    DATA,
    INDEPENDENT_THEMES,
    CardDef,
    CardError,
    catalog,
    force_card,
    parse_card,
    theme_card,
)

FORCE_COLOURS: Final = ("green", "orange")


class DeckError(ValueError):
    """A deck breaks a deck-building rule; ``problems`` lists every one, each a sentence."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck as written: names only (validation is :func:`validate`)."""

    name: str
    theme: str
    force: tuple[str, ...]
    locations: tuple[str, ...]
    theme_pile: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]
    #: cards the deck file types in itself ([[card]] tables): a real card with its printed numbers, or a
    #: card of the user's own; by name they replace a known card for this deck only
    custom: tuple[CardDef, ...] = ()

    def known(self) -> dict[str, CardDef]:
        """Every card name this deck may use: the game's cards and its own (read it, do not change it: without
        cards of its own it is the shared catalogue)."""
        if not self.custom:
            return catalog()
        return {**catalog(), **{c.name: c for c in self.custom}}

    @property
    def allegiance(self) -> str:
        return theme_card(self.theme).allegiance

    def card_list(self) -> list[str]:
        """Every card of the draw pile, copies repeated, in file order."""
        return [name for name, n in self.cards for _ in range(n)]


def parse_deck(text: str, name: str = "custom") -> Deck:
    """A deck file's text (TOML) as a :class:`Deck`; raises :class:`DeckError` on a malformed one."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError([f"the deck file is not valid TOML: {exc}"]) from None
    return deck_from(data, name)


def deck_from(data: Mapping[str, Any], name: str) -> Deck:
    problems = []
    theme = data.get("theme")
    if not isinstance(theme, str):
        problems.append("a deck needs a theme (e.g. theme = \"Luke Skywalker\")")
    lists = {}
    for key in ("force", "locations", "theme_pile"):
        v = data.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            problems.append(f"{key} must be a list of names")
            v = []
        lists[key] = tuple(v)
    cards = data.get("cards", {})
    if not isinstance(cards, Mapping) or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0
                                                 for n in cards.values()):
        problems.append('cards must be a table of "Card name" = copies (a positive integer)')
        cards = {}
    custom: list[CardDef] = []
    entries = data.get("card", [])
    if not isinstance(entries, list):
        problems.append("cards typed in the deck file are [[card]] tables")
        entries = []
    for entry in entries:
        try:
            card = parse_card(entry)
        except CardError as exc:
            problems.append(str(exc))
            continue
        if card.type in ("Force", "Theme"):
            problems.append(f"card {card.name!r}: a deck file types in play cards, not {card.type} cards")
        custom.append(card)
    if problems:
        raise DeckError(problems)
    return Deck(name, str(theme), tuple(_force_name(f) for f in lists["force"]), lists["locations"],
                lists["theme_pile"], tuple(cards.items()), tuple(custom))


def _force_name(short: str) -> str:
    """``"green 3"`` -> the established Force card's name (a full name is kept)."""
    parts = short.split()
    if len(parts) == 2 and parts[1].isdigit():
        return force_card(int(parts[1]), parts[0])
    return short


@cache
def _demo_file() -> dict[str, Any]:
    return tomllib.loads((DATA / "decks.toml").read_text(encoding="utf-8"))


def planets() -> tuple[str, ...]:
    """The demo planets (invented for this project)."""
    return tuple(_demo_file()["planets"])


def demo_decks() -> dict[str, Deck]:
    """The demo decks by name (invented for this project, not Decipher's)."""
    return dict(_demo_decks())


@cache
def _demo_decks() -> dict[str, Deck]:
    return {name: deck_from(d, name) for name, d in _demo_file()["deck"].items()}


#: the demo decks of each allegiance, in the order seats of that allegiance take them
DEMO_BY_ALLEGIANCE: Final = {"Alliance": ("luke", "han"), "Empire": ("vader", "tarkin"),
                             "Independent": ("jabba", "fett")}


def read_deck(spec: Any) -> Deck:
    """A ``decks`` option entry: a demo deck's name or a deck file's text."""
    if isinstance(spec, Deck):
        return spec
    if not isinstance(spec, str):
        raise DeckError(["a deck is a demo deck's name or the text of a deck file"])
    decks = demo_decks()
    if spec in decks:
        return decks[spec]
    if "\n" not in spec and "=" not in spec:
        raise DeckError([f"unknown deck {spec!r}: give a demo deck ({', '.join(decks)}) or a deck file's text"])
    return parse_deck(spec)


#: the options deck validation reads
_DECK_OPTIONS: Final = ("max_copies", "deck_size", "theme_pile_cards", "cross_allegiance")
#: (deck, those options' values) found valid: a deck without cards of its own is checked once per setting
#: (every new game checks its decks; a playout benchmark starts hundreds of games a second)
_VALID: set[tuple[Any, ...]] = set()


def validate(deck: Deck, options: Mapping[str, Any]) -> None:
    """Every deck-building rule; raises :class:`DeckError` listing every problem at once."""
    key = (deck, *(options[k] for k in _DECK_OPTIONS)) if not deck.custom else None
    if key is not None and key in _VALID:
        return
    _validate(deck, options)
    if key is not None and len(_VALID) < 256:
        _VALID.add(key)


def _validate(deck: Deck, options: Mapping[str, Any]) -> None:
    problems: list[str] = []
    where = f"deck {deck.name!r}"
    try:
        theme = theme_card(deck.theme)
    except ValueError as exc:
        raise DeckError([f"{where}: {exc}"]) from None
    allegiance = theme.allegiance
    cards = deck.known()
    _check_force(where, deck.force, problems)
    total = 0
    for name, n in deck.cards:
        card = cards.get(name)
        if card is None:
            problems.append(f"{where}: unknown card {name!r}")
            continue
        total += n
        if card.type in ("Force", "Theme"):
            problems.append(f"{where}: {name!r} is a {card.type} card: it goes in force/theme, not in cards")
            continue
        if not card.playable:
            problems.append(f"{where}: {name!r} is known only by name (no source gives its numbers); "
                            "type it in a card file with its printed numbers to use it")
        limit = 1 if card.unique or card.starting else options["max_copies"]
        if n > limit:
            why = "a starting event (JK-START-1)" if card.starting else "a unique card" if card.unique \
                else f"at most {limit} copies of a title"
            problems.append(f"{where}: {n} copies of {name!r}; {why} allows {limit}")
        problems += _allegiance_problems(where, allegiance, deck.theme, name, card, options)
    if total != options["deck_size"]:
        problems.append(f"{where}: {total} cards; a deck has exactly {options['deck_size']} "
                        "(theme card and Force pile not counted)")
    in_deck = dict(deck.cards)
    for name in deck.theme_pile:
        card = cards.get(name)
        weapons = {cards[c].weapon for c in in_deck if c in cards and cards[c].quick_draw}
        if options["theme_pile_cards"] == "starting_only":
            problems.append(f"{where}: theme_pile {name!r}: with theme_pile_cards=starting_only only starting "
                            "events go to the theme pile (they go there by themselves, JK-START-2)")
        elif card is None or name not in in_deck or card.title not in weapons:
            problems.append(f"{where}: theme_pile {name!r} must be the weapon of a quick-draw character of "
                            "the deck, and in the deck")
    known = planets()
    if len(set(deck.locations)) != 4 or any(p not in known for p in deck.locations):
        problems.append(f"{where}: locations must be four different planets of {', '.join(known)}")
    if problems:
        raise DeckError(problems)


def _check_force(where: str, force: tuple[str, ...], problems: list[str]) -> None:
    """JK-FORCE-1: eight Force cards, numbers 1-8 once each, all green or all orange; JK-FORCE-2: a
    black card stands in for the same number in a pile of either colour."""
    cards = catalog()
    if len(force) != 8:
        problems.append(f"{where}: a Force pile has exactly 8 Force cards, not {len(force)} (JK-FORCE-1)")
    numbers = []
    colours = set()
    for name in force:
        card = cards.get(name)
        if card is None or card.type != "Force":
            problems.append(f"{where}: {name!r} is not a Force card (write e.g. \"green 3\" or \"black 7\")")
            continue
        numbers.append(card.force_number)
        if card.force_colour != "black":  # JK-FORCE-2: a joker counts as either colour
            colours.add(card.force_colour)
    if len(colours) > 1:
        problems.append(f"{where}: the Force pile mixes {' and '.join(sorted(colours))}; all its cards are one "
                        "colour, green or orange, black jokers aside (JK-FORCE-1)")
    if len(force) == 8 and sorted(numbers) != list(range(1, 9)):
        problems.append(f"{where}: the Force pile needs the numbers 1 to 8 once each, not "
                        f"{', '.join(map(str, sorted(numbers)))} (JK-FORCE-1, JK-FORCE-2)")


def _allegiance_problems(where: str, allegiance: str, theme: str, name: str, card: Any,
                         options: Mapping[str, Any]) -> list[str]:
    if not card.allegiance or card.allegiance == allegiance:
        return []
    if allegiance == "Independent":
        # JK-INDEP-1: no Empire or Alliance card unless it also carries the Jabba or Fett theme
        if not set(card.themes) & set(INDEPENDENT_THEMES):
            return [f"{where}: {name!r} is an {card.allegiance} card without the Jabba the Hutt or Boba Fett "
                    "theme; an Independent deck may not hold it (JK-INDEP-1)"]
        return []
    if options["cross_allegiance"] == "forbid":
        return [f"{where}: {name!r} is an {card.allegiance} card; an {allegiance} deck holds {allegiance} "
                "and unaligned cards (option cross_allegiance=forbid)"]
    return []
