"""Jedi Knights cards: the definition of a card, the effect vocabulary its text is written in, and
the two card sources: the established rows (``data/established.csv``, each with its source) and
card files (``data/demo.toml`` and any file a user types in; format in ``data/FORMAT.md``).

The demo cards are **invented for this project, not Decipher's cards** (``invented`` is true on
every one, and their set is :data:`DEMO_SET`).  No source gives a complete stat line for any real
card, so the established rows are playable only where the game needs no number (Force cards,
themes); their characters and events are listed for ``allegiance cards`` but kept out of decks.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

DATA: Final = Path(__file__).parent / "data"
DEMO_SET: Final = "Demo (invented for this project, not Decipher's cards)"
ALLEGIANCES: Final = ("Alliance", "Empire", "Independent")
#: the Independent hero themes (JK-INDEP-1)
INDEPENDENT_THEMES: Final = ("Jabba the Hutt", "Boba Fett")
TYPES: Final = ("Theme", "Character", "Starship", "Weapon", "Event", "Jedi power", "Sith power", "Force")
#: timing keywords of events and powers (JK-POWER-2): when they may be played and when discarded
TIMINGS: Final = ("deployment", "battle", "response")
#: the effect vocabulary: verb -> what it needs ("n": an amount, "names": card titles)
EFFECTS: Final = {
    "credits": "n",        # you gain n credits now
    "draw": "n",           # you draw n cards
    "power": "n",          # +n power until end of turn to the named card of your side in the battle
    "side_power": "n",     # lasting, while the card stays on the table: +n power to each of your characters at the site
    "opposing_power": "n", # -n power until end of turn to every card of the opposing side at the planet (JK-3S-3: both)
    "to_hit": "n",         # response: +n to hit for the weapon shot now being made
    "ignore_to_hit": "",   # response: every to-hit bonus so far for the shot now being made is ignored
    "cancel": "names",     # response to an opponent's power named here: it is discarded before it has any effect
    "recover_event": "",   # take the topmost event card of your discard pile into your hand (never a power)
}


class CardError(ValueError):
    """A card file is malformed; the message names the card and what is wrong."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One entry of a card's text: a verb of :data:`EFFECTS` and its amount or names."""

    verb: str
    n: int = 0
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's fixed data (shared by every copy, never changed)."""

    title: str
    type: str
    subtitle: str = ""
    allegiance: str = ""
    themes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    deploy: int = 0
    power: int = 0
    destiny: int = 0
    leadership: int = 0
    #: weapons: the printed "to hit" bonus and what bears it (Character or Starship)
    to_hit: int = 0
    bearer: str = ""
    #: events: the tactic bonus (powers have none, JK-POWER-1)
    tactic: int = 0
    timing: str = ""
    #: quick-draw characters: the title of the pictured weapon (JK-QUICK-1)
    weapon: str = ""
    #: one tuple of effects per function; two functions for a power with a bold "or" (JK-POWER-3)
    functions: tuple[tuple[Effect, ...], ...] = ()
    force_number: int = 0
    force_colour: str = ""
    set: str = ""
    invented: bool = False
    #: whether every number the game needs is known (the established characters' are not)
    playable: bool = True
    source: str = ""
    confidence: str = ""
    text: str = ""

    @property
    def name(self) -> str:
        """The card's name in decks and views: title, and subtitle when it has one."""
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    @property
    def is_power(self) -> bool:
        return self.type in ("Jedi power", "Sith power")

    @property
    def is_event(self) -> bool:
        """An "event card" for any text that names one; powers are not (JK-POWER-1)."""
        return self.type == "Event"

    @property
    def starting(self) -> bool:
        return "starting" in self.keywords

    @property
    def unique(self) -> bool:
        return "unique" in self.keywords

    @property
    def capital(self) -> bool:
        return "capital" in self.keywords

    @property
    def quick_draw(self) -> bool:
        return "quick-draw" in self.keywords

    def to_json(self) -> dict[str, Any]:
        """The card's data for views and ``allegiance cards``."""
        out: dict[str, Any] = {"name": self.name, "title": self.title, "type": self.type}
        for key in ("subtitle", "allegiance", "deploy", "power", "destiny", "leadership", "to_hit", "bearer",
                    "tactic", "timing", "weapon", "force_number", "force_colour", "set", "source", "text"):
            value = getattr(self, key)
            if value:
                out[key] = value
        if self.themes:
            out["themes"] = list(self.themes)
        if self.keywords:
            out["keywords"] = list(self.keywords)
        if self.functions:
            out["functions"] = [[_effect_json(e) for e in f] for f in self.functions]
        out["invented"] = self.invented
        return out


def _effect_json(e: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"effect": e.verb}
    if EFFECTS[e.verb] == "n":
        out["n"] = e.n
    elif EFFECTS[e.verb] == "names":
        out["names"] = list(e.names)
    return out


# -- card files ---------------------------------------------------------------------------------------
_INT_FIELDS: Final = ("deploy", "power", "destiny", "leadership", "to_hit", "tactic", "force_number")
_STR_FIELDS: Final = ("subtitle", "allegiance", "bearer", "timing", "weapon", "force_colour", "set", "source", "text")
_KNOWN: Final = {"title", "type", "themes", "keywords", "functions", "invented", *_INT_FIELDS, *_STR_FIELDS}


def parse_card(entry: Any) -> CardDef:
    """One ``[[card]]`` table of a card file, checked (see ``data/FORMAT.md``)."""
    if not isinstance(entry, dict):
        raise CardError("each [[card]] must be a table of fields")
    title = entry.get("title")
    if not isinstance(title, str) or not title.strip():
        raise CardError("every card needs a title (a non-empty string)")
    where = f"card {title!r}"
    unknown = sorted(set(entry) - _KNOWN)
    if unknown:
        raise CardError(f"{where}: unknown field(s) {', '.join(unknown)}; fields are {', '.join(sorted(_KNOWN))}")
    kind = entry.get("type")
    if kind not in TYPES:
        raise CardError(f"{where}: type must be one of {', '.join(TYPES)}, not {kind!r}")
    kw: dict[str, Any] = {}
    for key in _INT_FIELDS:
        v = entry.get(key, 0)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
            raise CardError(f"{where}: {key} must be an integer from 0 to 99, not {v!r}")
        kw[key] = v
    for key in _STR_FIELDS:
        v = entry.get(key, "")
        if not isinstance(v, str):
            raise CardError(f"{where}: {key} must be a string")
        kw[key] = v
    for key in ("themes", "keywords"):
        v = entry.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise CardError(f"{where}: {key} must be a list of strings")
        kw[key] = tuple(v)
    if kw["allegiance"] and kw["allegiance"] not in ALLEGIANCES:
        raise CardError(f"{where}: allegiance must be one of {', '.join(ALLEGIANCES)}")
    if kw["timing"] and kw["timing"] not in TIMINGS:
        raise CardError(f"{where}: timing must be one of {', '.join(TIMINGS)}, not {kw['timing']!r}")
    if (kind == "Event" or kind.endswith("power")) and not kw["timing"]:
        raise CardError(f"{where}: an event or power needs a timing keyword ({', '.join(TIMINGS)}) (JK-POWER-2)")
    if kind.endswith("power") and kw["tactic"]:
        raise CardError(f"{where}: a Jedi or Sith power has no tactic bonus (JK-POWER-1)")
    if kind == "Weapon" and kw["bearer"] not in ("Character", "Starship"):
        raise CardError(f"{where}: a weapon's bearer must be Character or Starship")
    if "quick-draw" in kw["keywords"] and not kw["weapon"]:
        raise CardError(f"{where}: a quick-draw character names its pictured weapon (field weapon)")
    functions = entry.get("functions", [])
    if not isinstance(functions, list) or len(functions) > 2:
        raise CardError(f"{where}: functions is a list of one or two functions (a bold 'or' makes two)")
    if len(functions) == 2 and not kind.endswith("power"):
        raise CardError(f"{where}: only a Jedi or Sith power has two functions (JK-POWER-3)")
    kw["functions"] = tuple(_parse_function(where, f) for f in functions)
    invented = entry.get("invented", False)
    if not isinstance(invented, bool):
        raise CardError(f"{where}: invented must be true or false")
    return CardDef(title=title, type=kind, invented=invented, **kw)


def _parse_function(where: str, function: Any) -> tuple[Effect, ...]:
    if not isinstance(function, list) or not function:
        raise CardError(f"{where}: a function is a non-empty list of effect entries")
    out = []
    for e in function:
        if not isinstance(e, dict) or e.get("effect") not in EFFECTS:
            raise CardError(f"{where}: an effect entry is {{effect = VERB, ...}} with VERB one of "
                            f"{', '.join(EFFECTS)}")
        verb = e["effect"]
        n = e.get("n", 0)
        names = e.get("names", [])
        if EFFECTS[verb] == "n" and (not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 20):
            raise CardError(f"{where}: effect {verb} needs n, an integer from 1 to 20")
        if EFFECTS[verb] == "names" and (not isinstance(names, list) or not names
                                         or not all(isinstance(x, str) for x in names)):
            raise CardError(f"{where}: effect {verb} needs names, a list of power titles")
        out.append(Effect(verb, n if EFFECTS[verb] == "n" else 0, tuple(names)))
    return tuple(out)


def parse_card_file(text: str) -> list[CardDef]:
    """Every card of a card file's text (TOML, ``[[card]]`` tables)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardError(f"the card file is not valid TOML: {exc}") from None
    entries = data.get("card", [])
    if not isinstance(entries, list):
        raise CardError("a card file holds [[card]] tables")
    return [parse_card(e) for e in entries]


# -- the established rows -----------------------------------------------------------------------------
def _established_row(row: dict[str, str]) -> CardDef:
    kind = row["type"]
    allegiance = row["allegiance"] if row["allegiance"] in ALLEGIANCES else ""
    common: dict[str, Any] = {"source": row["source"], "confidence": row["confidence"], "set": row["expansion"],
              "text": row["ability_paraphrase"]}
    if kind == "Force":
        return CardDef(title=row["name"], type="Force", force_number=int(row["force_number"]),
                       force_colour=row["force_colour"], **common)
    if kind == "Theme":
        return CardDef(title=row["name"], type="Theme", allegiance=allegiance, themes=(row["theme"],), **common)
    theme = () if row["theme"] in ("", "unknown") else (row["theme"],)
    return CardDef(title=row["name"], type=kind, allegiance=allegiance, themes=theme, playable=False,
                   timing="response" if kind == "Event" else "", **common)


@cache
def established() -> dict[str, CardDef]:
    """The 45 established rows by name (themes, Force cards, events and characters known to exist)."""
    out: dict[str, CardDef] = {}
    with (DATA / "established.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            card = _established_row(row)
            out.setdefault(card.name, card)  # the CSV repeats two event rows with their text
            if card.text and not out[card.name].text:
                out[card.name] = card
    return out


@cache
def demo() -> dict[str, CardDef]:
    """The invented demo cards by name (``data/demo.toml``)."""
    cards = parse_card_file((DATA / "demo.toml").read_text(encoding="utf-8"))
    for c in cards:
        if not c.invented or c.set != DEMO_SET:
            raise CardError(f"demo card {c.name!r} must be marked invented, in the set {DEMO_SET!r}")
    return {c.name: c for c in cards}


@cache
def catalog() -> dict[str, CardDef]:
    """Every card the game knows by name: the established rows and the demo set."""
    out = dict(established())
    for name, card in demo().items():
        if name in out:
            raise CardError(f"demo card {name!r} has the name of an established card")
        out[name] = card
    return out


def theme_card(theme: str) -> CardDef:
    """The established theme card of a theme (its allegiance is the deck's)."""
    for card in established().values():
        if card.type == "Theme" and card.themes == (theme,):
            return card
    themes = sorted(c.themes[0] for c in established().values() if c.type == "Theme")
    raise CardError(f"no theme {theme!r}; themes: {', '.join(themes)}")


def force_card(number: int, colour: str) -> str:
    """The name of an established Force card."""
    suffix = "black joker" if colour == "black" else colour
    return f"Force card {number} ({suffix})"
