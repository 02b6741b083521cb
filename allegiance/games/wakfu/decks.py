"""Deck files and deck construction rules (101, 306, 307, 308, 420, 806.10).

A deck file is plain text people write by hand::

    # comments start with '#'
    Héros: Bruss Ouilis
    Havre Sac: Havre Sac du Bouftou
    3 Bouftou
    2 Charge

Card names match the card list exactly, accents included; a count may also be written ``3x Bouftou``.
The Héros and the Havre Sac are named on their own lines and count towards the 50 cards (101.1, 101.3).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from importlib import resources
from itertools import accumulate
from typing import Any, Final

from allegiance.core.rng import Rng
from allegiance.games.wakfu.cards import CARDS

STARTERS: Final = ("iop", "feca", "cra", "xelor")
DECK_SIZE: Final = 50  # 101.1 (constructed)
MAX_COPIES: Final = 3  # 101.5

#: card name -> the Héros trait its "Héros : [Trait]" line requires (806.10).  No Incarnam card has one
#: (Laisse Spirituelle and Brokle are from later sets); the check is here for the sets that follow.
HERO_RESTRICTIONS: dict[str, str] = {}

_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(.+)$")
#: a deck error's message names this many problems, then counts the others
SHOWN_PROBLEMS: Final = 5
#: the longest piece of a deck line quoted in a problem
QUOTED_CHARS: Final = 60


def summarize(problems: list[str]) -> str:
    """The first :data:`SHOWN_PROBLEMS` problems and how many more: a message of bounded size whatever
    the file (20 KB of junk once gave a 526 KB answer)."""
    shown = "; ".join(problems[:SHOWN_PROBLEMS])
    more = len(problems) - SHOWN_PROBLEMS
    return shown + (f"; and {more} more problem{'s' if more > 1 else ''}" if more > 0 else "")


def _quote(text: str) -> str:
    """A deck line's text for a message: quoted, escaped, at most :data:`QUOTED_CHARS` characters."""
    return repr(text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS - 3] + "...")


class DeckError(ValueError):
    """A deck file that cannot be read or breaks a deck construction rule; the message lists every problem."""

    def __init__(self, problems: list[str], suggestions: list[dict[str, Any]] | None = None,
                 advice: str | None = None) -> None:
        super().__init__(summarize(problems) + (f"; {advice}" if advice else ""))
        #: every problem (the message names the first few), then the advice if there is one
        self.problems = problems + ([advice] if advice else [])
        #: game options that would start the game instead, each a way out (a front end may show them
        #: in its own terms, e.g. the command line's ``--deck`` / ``-o``)
        self.suggestions = suggestions or []


@dataclass(frozen=True, slots=True)
class Deck:
    """A legal deck: the Héros, the Havre Sac and the 48 other cards with their counts."""

    name: str
    hero: str
    havre_sac: str
    cards: tuple[tuple[str, int], ...]  # (card name, count) in file order

    def pioche(self) -> list[str]:
        """The 48 other cards, one name per card (before shuffling)."""
        return [name for name, n in self.cards for _ in range(n)]

    def to_text(self) -> str:
        lines = [f"# {self.name}", f"Héros: {self.hero}", f"Havre Sac: {self.havre_sac}"]
        lines += [f"{n} {name}" for name, n in self.cards]
        return "\n".join(lines) + "\n"


def parse_deck(text: str, name: str = "deck") -> Deck:
    """Read and validate a deck file; raises :class:`DeckError` naming each bad line, card and rule."""
    heroes: list[str] = []
    sacs: list[str] = []
    counts: dict[str, int] = {}
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() in ("héros", "heros", "hero"):
            heroes.append(value.strip())
            continue
        if sep and key.strip().lower() in ("havre sac", "havre-sac", "havresac"):
            sacs.append(value.strip())
            continue
        m = _LINE.match(line)
        if m is None:
            problems.append(f"line {number}: {_quote(line)} is not 'COUNT Card name', 'Héros: name' or 'Havre Sac: name'")
            continue
        card_name, count = m.group(2).strip(), int(m.group(1))
        if card_name not in CARDS:
            problems.append(f"line {number}: no Incarnam card is called {_quote(card_name)}")
            continue
        if count < 1:
            problems.append(f"line {number}: {card_name} has count {count}; a count is at least 1")
            continue
        counts[card_name] = counts.get(card_name, 0) + count
    problems += _check(heroes, sacs, counts)
    if problems:
        raise DeckError(problems)
    return Deck(name, heroes[0], sacs[0], tuple(counts.items()))


def _check(heroes: list[str], sacs: list[str], counts: dict[str, int]) -> list[str]:
    problems: list[str] = []
    # 101.3 / 307.1: exactly one Héros, named on its own line.
    if len(heroes) != 1:
        problems.append(f"a deck has exactly one Héros (101.3, 307.1); this one names {len(heroes)}")
    for h in heroes:
        if h not in CARDS or CARDS[h].type != "Héros":
            problems.append(f"Héros line: {_quote(h)} is not a Héros (307.1)")
    # 101.3 / 306.1: exactly one Havre Sac.
    if len(sacs) != 1:
        problems.append(f"a deck has exactly one Havre Sac (101.3, 306.1); this one names {len(sacs)}")
    for s in sacs:
        if s not in CARDS or CARDS[s].type != "Havre Sac":
            problems.append(f"Havre Sac line: {_quote(s)} is not a Havre Sac (306.1)")
    for name, n in counts.items():
        card = CARDS[name]
        if card.type == "Héros":
            problems.append(f"{name} is a Héros: name it on the 'Héros:' line, only one Héros per deck (307.1)")
        elif card.type == "Havre Sac":
            problems.append(f"{name} is a Havre Sac: name it on the 'Havre Sac:' line, only one per deck (306.1)")
        elif card.unique and n > 1:
            problems.append(f"{name} is Unique: at most 1 copy (420.1), the deck has {n}")
        elif n > MAX_COPIES:
            problems.append(f"{name}: at most {MAX_COPIES} copies of a card (101.5), the deck has {n}")
    protecteurs = [name for name in counts if CARDS[name].type == "Protecteur"]
    if sum(counts[p] for p in protecteurs) > 1:
        problems.append(f"at most one Protecteur per deck (308.3): {', '.join(protecteurs)}")
    if len(heroes) == 1 and heroes[0] in CARDS:
        hero_traits = set(CARDS[heroes[0]].subtypes)
        for name in counts:
            need = HERO_RESTRICTIONS.get(name)
            if need is not None and need not in hero_traits:
                problems.append(f"{name} may only be in a deck whose Héros is {need} (806.10)")
    total = sum(counts.values()) + len(heroes) + len(sacs)
    if total != DECK_SIZE:
        problems.append(f"a constructed deck has exactly {DECK_SIZE} cards with its Héros and Havre Sac (101.1); "
                        f"this one has {total}")
    return problems


def deck_summary(text: str) -> str:
    """A pasted deck as the lobby shows it: its name and size, never its cards (``"custom deck (50 cards)"``)."""
    try:
        deck = parse_deck(text, "custom")
    except DeckError:
        return "custom deck"
    size = sum(n for _, n in deck.cards) + 2  # with its Héros and Havre Sac (101.1)
    return f"{deck.name} deck ({size} cards)"


def starter(name: str) -> Deck:
    """One of the four Incarnam starter decks: 'iop', 'feca', 'cra' or 'xelor'."""
    if name not in STARTERS:
        raise ValueError(f"unknown starter deck {name!r}; the starters are {', '.join(STARTERS)}")
    text = resources.files("allegiance.games.wakfu").joinpath(f"data/decks/{name}.txt").read_text(encoding="utf-8")
    return parse_deck(text, name)


#: how much likelier :func:`random_deck` draws a card the deck can pay for and play than any other card
PLAYABLE_WEIGHT: Final = 6


def _playable(card: Any, hero: Any, elements: set[str]) -> bool:
    """Whether a deck of this Héros and these elements can easily play the card: an Allié needs a resource
    of its element (418.5b), a class Sort a Héros or Allié of its class (302.5); other cards take any element."""
    if card.type == "Allié":
        return card.cost_element in elements
    if "Sort" in card.subtypes and card.classes:
        return card.classes[0] in hero.classes
    return True


def random_deck(rng: Rng, name: str = "random") -> Deck:
    """A random legal constructed deck drawn from the whole Incarnam pool, reproducible from ``rng``.

    One Héros and one Havre Sac (101.3; the Havre Sac of the Héros' element half the time), then 48 cards
    in lots of 1 to 3 copies (101.5; one copy of a Unique card, 420.1; at most one Protecteur, 308.3;
    Héros restrictions honoured, 806.10).  Cards the deck can pay for and play (Alliés of the Héros', the
    Havre Sac's or the Neutre element, Sorts of the Héros' class, every other card) are
    :data:`PLAYABLE_WEIGHT` times likelier than the others, so the decks play, yet every card of the
    pool turns up over a few hundred decks.  The result passes :func:`parse_deck`."""
    heroes = sorted(n for n, c in CARDS.items() if c.type == "Héros")
    sacs = sorted(n for n, c in CARDS.items() if c.type == "Havre Sac")
    hero = CARDS[rng.choice(heroes)]
    same = [s for s in sacs if CARDS[s].element == hero.element]
    sac = CARDS[rng.choice(same if same and rng.below(2) == 0 else sacs)]
    elements = {hero.element, sac.element, "Neutre"}
    pool = [c for n, c in sorted(CARDS.items()) if c.type not in ("Héros", "Havre Sac")
            and HERO_RESTRICTIONS.get(n, "") in ("", *hero.subtypes)]  # 806.10
    weights = [PLAYABLE_WEIGHT if _playable(c, hero, elements) else 1 for c in pool]
    cumulative = list(accumulate(weights))
    counts: dict[str, int] = {}
    room = DECK_SIZE - 2  # the Héros and the Havre Sac count (101.1)
    while room > 0:
        card = pool[bisect_right(cumulative, rng.below(cumulative[-1]))]
        if card.name in counts:
            continue
        if card.type == "Protecteur" and any(CARDS[n].type == "Protecteur" for n in counts):
            continue  # 308.3
        n = min(room, 1 if card.unique or card.type == "Protecteur" else 1 + rng.below(MAX_COPIES))
        counts[card.name] = n
        room -= n
    return Deck(name, hero.name, sac.name, tuple(counts.items()))
