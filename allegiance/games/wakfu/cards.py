"""Wakfu TCG card data: the 320 Incarnam cards of ``data/cards.csv`` as typed, immutable definitions.

The CSV keeps its source columns (see ``docs/rules/wakfu.md`` §20).  Héros have one row per
side; :data:`CARDS` maps a Héros' name to its Niveau 1 side and :data:`HERO_SIDES` to both sides.
Uncertain values (an element marked ``?``, an unknown Équipement Force modifier) are decided here and
the decisions are written in ``RULES.md``.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any, Final

ELEMENTS: Final = ("Air", "Terre", "Feu", "Eau", "Neutre")
TYPES: Final = ("Action", "Allié", "Dofus", "Équipement", "Havre Sac", "Héros", "Protecteur", "Salle", "Zone")
#: the 12 classes (401): a Sort carrying one may be played only with a Héros or Allié of that class (302.5)
CLASSES: Final = ("Ecaflip", "Sadida", "Eniripsa", "Osamodas", "Iop", "Enutrof", "Crâ", "Sram", "Féca",
                  "Xélor", "Sacrieur", "Pandawa")
METIERS: Final = ("Armurier", "Forgeron", "Bricoleur", "Bijoutier")

#: Équipement Force modifiers the scraped CSV lacks, read on the cards' wtcg-return.fr pages (RULES.md)
FORCE_MODIFIER_DECISIONS: Final = {"Marteau du Bouftou": 1, "Pelle Mechba": 1, "Marcassin": 1, "Chacha Noir": 2}
#: stats the CSV has in the wrong columns, as printed on the card's page (RULES.md "Card data")
STAT_CORRECTIONS: Final[dict[str, dict[str, Any]]] = {"Arès": {"pa": 1, "pm": 1, "pv": 0, "force": 1}}
#: elements the CSV lacks: the Familiers' pages show the element they recycle (Bébé Panda inferred alike)
ELEMENT_DECISIONS: Final = {"Marcassin": "Terre", "Chacha Noir": "Feu", "Tiwabbit": "Air", "Bébé Panda": "Eau",
                            # starter Actions, read on their card pages ("Élément")
                            "Bond": "Air", "Charge": "Terre", "Choc Temporel": "Eau", "Colère de Iop": "Terre",
                            "Coupure Temporelle": "Eau", "Flèche Blizzard": "Air", "Flèche Chercheuse": "Air",
                            "Flétrissement": "Air", "Glyphe Revigorant": "Feu",
                            # the other Actions whose card page shows an element other than Neutre
                            "Ronce": "Terre", "Furie": "Eau", "Savoir des Objets": "Eau", "Art du lancer": "Eau",
                            "La Sacrifiée": "Terre", "Mot de Purgation": "Feu", "Vol de Vie": "Terre",
                            "Pandatak": "Terre", "Vague Tournoyante": "Eau", "Gambit": "Air", "Odorat": "Air",
                            "Flamiche": "Feu", "Mot Soignant": "Feu", "Invocation": "Feu", "Corruption": "Eau",
                            "Réflexes": "Air", "Diversion": "Air",
                            "Piège Glacial": "Eau", "Emprise": "Air"}
#: starter Actions whose card page shows the Neutre element
VERIFIED_NEUTRE: Final = frozenset({
    "Agression", "Bonne Affaire !", "Boon Attitude", "Brisé !", "Coup Critique", "Défi", "Échec Critique", "Exclusion",
    "Jeunesse d'Ogrest", "Pain au Blé Complet", "Pandrista", "Parchemin Blanc", "Parchemin de Force", "Prospection",
    "Repos", "Répulsion", "Stratégie de Groupe", "Trêve",
    # other Actions
    "Banni !", "Mot de Frayeur", "Taclé !", "Tempête de Wakfu", "Espèce en Danger", "Échange", "Reviens !",
    "Poudre d'Eniripsa", "Porter", "Mode Marchand", "Expérience d'Otomaï", "Puissance d'Ogrest",
    "Malédiction d'Halouine", "Capture d'Âmes", "Havrasacadabra", "Premières Armes",
    "La Dernière Mode", "À la poursuite d'Ogrest", "Festin des Wabbits", "La complainte de Lykhen",
    "Vacances sur l'île de Moon", "Vaillance de Jiva", "Potion d'Oubli de Sort", "Passion d'Ulgrude",
    "Calin de Bajaah", "Sacrifice", "Abcès de Wakfu", "Grippe de Wakfu", "Romantisme d'Ogrest", "Combat Tactique",
    "Protège !", "Potion de Rappel", "Curiosité Dangereuse", "Fourberie de Djaul",
    "Humour de Pouchecot", "La Ruse d'Allister", "Les Petits d'Abord", "Mystique", "Intouchable", "Désigné Volontaire",
    # Zones and Salles whose card page shows Neutre
    "Donjon des Bouftous", "Donjon des Larves", "Donjon des Tofus", "Gélaxième Dimension", "Incarnam", "Zaap",
    "Forge de Deudoiné", "Laboratoire d'Otomaï", "Salle des Trésors de Ruel"})


@dataclass(frozen=True, slots=True)
class Recipe:
    """A Recette (305.4): incline an Artisan with ``metier``, recycle ``count`` cards of ``element``."""

    metier: str
    count: int
    element: str


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card (one side of a Héros).  Numbers absent from the card are 0."""

    name: str
    type: str
    subtypes: tuple[str, ...]
    number: str
    rarity: str
    level: int  # Niveau: the cost; X counts as 0 (207.3)
    x_cost: bool
    cost_element: str  # the colour of the Niveau circle (418.5b)
    force: int  # Alliés/Héros: Force; Équipements/Dofus: the Force modifier (204.3)
    variable_force: bool  # "*" Force defined by the card's text (Vrombyx)
    element: str  # the element the card produces when inclined and deals damage of (204.1)
    element_inferred: bool
    hero_side: int  # 0 for non-Héros, else 1 or 2
    pa: int
    pm: int
    pv: int
    xp: int  # an Allié's experience value (303.4b)
    taille: int
    resistance: int  # a Havre Sac's Points de Résistance
    unique: bool
    keywords: tuple[str, ...]  # Agilité, Géant, Agressivité, Défense, Renfort, Tacle...
    resistances: tuple[tuple[str, int], ...]  # Résistance [élément] N (806)
    metiers: tuple[str, ...]
    recipe: Recipe | None
    text: str  # the card's text as a player reads it, in French (``data/texts.csv``; keywords only, or "")
    starter: str  # which Incarnam starter decks hold it (membership only)
    text_en: str = ""  # the same text in English
    notes: str = ""  # errata, rulings and engine readings: shown behind the card, never on it

    @property
    def is_monster(self) -> bool:
        return "Monstre" in self.subtypes

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def resistance_to(self, element: str) -> int:
        total = 0
        for e, n in self.resistances:
            if e == element:
                total += n
        return total

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(t for t in self.subtypes if t in CLASSES)


_RES = re.compile(r"Résistance (Air|Terre|Feu|Eau|Neutre) (\d+)")
_RECIPE = re.compile(r"Recette: (\w+) (\d+) \((\w+)\)")


def _int(text: str) -> int:
    text = text.strip().rstrip("?")
    if not text or text in ("*", "X"):
        return 0
    return int(text)


def _parse(row: dict[str, str]) -> CardDef:
    keywords_field = row["keywords"]
    parts = [p.strip() for p in keywords_field.split(";") if p.strip()]
    keywords: list[str] = []
    metiers: list[str] = []
    recipe = None
    resist = tuple((m.group(1), int(m.group(2))) for m in _RES.finditer(keywords_field))
    for part in parts:
        if part.startswith("Métier:"):
            metiers.extend(m.strip() for m in part.split(":", 1)[1].split(","))
        elif (m := _RECIPE.match(part)) is not None:
            recipe = Recipe(m.group(1), int(m.group(2)), m.group(3))
        elif part.startswith("Résistance"):
            continue
        else:
            keywords.append(part.split(" (")[0])  # "Agressivité (errata)" -> "Agressivité"
    element = row["element"].strip()
    inferred = element.endswith("?")
    element = element.rstrip("?")
    ctype = row["type"]
    if not element and row["name"] in ELEMENT_DECISIONS:
        element = ELEMENT_DECISIONS[row["name"]]
    elif not element:
        # Non-Allié cards: the scrape lost the top-right element.  Decided in RULES.md ("Elements").
        element = recipe.element if recipe is not None else "Neutre"
        inferred = row["name"] not in VERIFIED_NEUTRE
    subtypes = tuple(s.strip() for s in row["subtypes"].split(",") if s.strip())
    if ctype == "Havre Sac":
        subtypes = ()
    force_text = row["force"].strip()
    force = _int(force_text.lstrip("+"))
    if ctype in ("Équipement", "Dofus") and not force_text and row["name"] in FORCE_MODIFIER_DECISIONS:
        force = FORCE_MODIFIER_DECISIONS[row["name"]]
    level_text = row["niveau_cost"].strip()
    return CardDef(
        name=row["name"], type=ctype, subtypes=subtypes, number=row["number"], rarity=row["rarity"],
        level=_int(level_text), x_cost=level_text.startswith("X"), cost_element=row["cost_element"] or "Neutre",
        force=force, variable_force=force_text == "*", element=element, element_inferred=inferred,
        hero_side=_int(row["hero_side"]), pa=_int(row["pa"]), pm=_int(row["pm"]), pv=_int(row["pv"]),
        xp=_int(row["xp"]), taille=_int(row["taille"]), resistance=_int(row["resistance"]),
        unique=row["unique"].startswith("Unique"), keywords=tuple(keywords), resistances=resist,
        metiers=tuple(metiers), recipe=recipe, text=row["ability_paraphrase"], starter=row["starter_decks"],
    )


@dataclass(frozen=True, slots=True)
class CardText:
    """What a player reads on a card (``data/texts.csv``): the French text, its English line, the notes."""

    texte: str
    text_en: str
    notes: str
    source: str


@cache
def card_texts() -> dict[str, CardText]:
    """The player-facing texts by card name: each card's effect restated from its card page (errata
    applied), in French with an English line, and the notes (rulings, errata, engine readings) apart."""
    raw = resources.files("allegiance.games.wakfu").joinpath("data/texts.csv").read_text(encoding="utf-8")
    return {row["name"]: CardText(row["texte"], row["text_en"], row["notes"], row["source"])
            for row in csv.DictReader(io.StringIO(raw))}


def _with_text(card: CardDef, texts: dict[str, CardText]) -> CardDef:
    """The card with its player-facing text; a card without a row keeps the old paraphrase (a test holds
    that no card lacks one)."""
    t = texts.get(card.name)
    if t is None:
        return replace(card, text_en=card.text)
    return replace(card, text=t.texte, text_en=t.text_en, notes=t.notes)


@cache
def load() -> tuple[dict[str, CardDef], dict[str, tuple[CardDef, CardDef]]]:
    """Read the CSV once: (card by name with Héros as their Niveau 1 side, Héros sides by name)."""
    text = resources.files("allegiance.games.wakfu").joinpath("data/cards.csv").read_text(encoding="utf-8")
    texts = card_texts()
    cards: dict[str, CardDef] = {}
    sides: dict[str, dict[int, CardDef]] = {}
    for row in csv.DictReader(text.splitlines()):
        card = _with_text(_parse(row), texts)
        if card.name in STAT_CORRECTIONS:
            card = replace(card, **STAT_CORRECTIONS[card.name])
        if card.type not in TYPES or card.element not in ELEMENTS:
            raise ValueError(f"cards.csv: {card.name} has type {card.type!r} / element {card.element!r}")
        if card.hero_side:
            sides.setdefault(card.name, {})[card.hero_side] = card
            if card.hero_side == 1:
                cards[card.name] = card
        else:
            cards[card.name] = card
    return cards, {name: (s[1], s[2]) for name, s in sides.items()}


CARDS: Final = load()[0]
HERO_SIDES: Final = load()[1]


#: the ``number`` of a token's definition: a token is no card (413.2)
TOKEN_NUMBER: Final = "jeton"


def _token(name: str, kind: str, force: int, element: str, text: str) -> CardDef:
    """A token (413.2): an Allié made by an effect, Niveau 0, XP 0, of the subtype it is named after."""
    return CardDef(name=name, type="Allié", subtypes=("Monstre", kind), number=TOKEN_NUMBER, rarity="", level=0,
                   x_cost=False, cost_element="Neutre", force=force, variable_force=False, element=element,
                   element_inferred=False, hero_side=0, pa=0, pm=0, pv=0, xp=0, taille=0, resistance=0, unique=False,
                   keywords=(), resistances=(), metiers=(), recipe=None, text=text, starter="")


#: the tokens the Incarnam cards make, by name (the name says it is a token: "Arakne" is also a card)
TOKENS: Final = {d.name: d for d in (
    _token("Arakne (jeton)", "Arakne", 1, "Terre", "Token (Abraknyde): Monstre - Arakne, Force 1 Terre."),
    _token("Vampyre (jeton)", "Vampyre", 1, "Air", "Token (Vampyro): Monstre - Vampyre, Force 1 Air."),
)}
#: Actions put into play as a Monstre (an Invocation, 302.6, 303.5): what they are while in play (their Niveau
#: kept, no trait of a Sort); out of play they are the Action again
INVOKED: Final = {"La Folle": replace(CARDS["La Folle"], type="Allié", subtypes=("Monstre",))}


def card(name: str) -> CardDef:
    """The card called ``name`` (a Héros: its Niveau 1 side)."""
    try:
        return CARDS[name]
    except KeyError:
        raise KeyError(f"no Incarnam card is called {name!r}") from None
