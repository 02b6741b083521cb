"""The SWDBG card database, read from ``data/cards.csv`` (package data, sources cited per row)."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

EMPIRE: Final = "empire"
REBEL: Final = "rebel"
NEUTRAL: Final = "neutral"
FACTIONS: Final = (EMPIRE, REBEL)


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card title: its printed numbers and texts."""

    name: str
    name_fr: str
    faction: str
    kind: str  # "starter unit", "unit", "capital ship", "base", "outer rim pilot"
    traits: tuple[str, ...]
    unique: bool
    cost: int
    attack: int
    resources: int
    force: int
    hit_points: int
    target_value: int
    reward: str
    ability: str
    copies: int
    source: str
    ruling: str

    @property
    def is_unit(self) -> bool:
        return self.kind in ("unit", "starter unit", "outer rim pilot")

    @property
    def is_ship(self) -> bool:
        return self.kind == "capital ship"

    @property
    def is_base(self) -> bool:
        return self.kind == "base"

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name, "name_fr": self.name_fr, "faction": self.faction, "kind": self.kind,
            "traits": list(self.traits), "unique": self.unique, "cost": self.cost, "attack": self.attack,
            "resources": self.resources, "force": self.force, "hit_points": self.hit_points,
            "target_value": self.target_value, "reward": self.reward, "ability": self.ability,
            "copies": self.copies, "source": self.source, "ruling": self.ruling,
        }


def _int(text: str) -> int:
    return int(text) if text.strip() else 0


@cache
def card_defs() -> dict[str, CardDef]:
    """Every card title by English name, in file order."""
    path = resources.files("allegiance.games.swdbg") / "data" / "cards.csv"
    out: dict[str, CardDef] = {}
    with path.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            kind = row["kind"]
            out[row["name_en"]] = CardDef(
                name=row["name_en"], name_fr=row["name_fr"], faction=row["faction"], kind=kind,
                traits=tuple(t.strip() for t in row["traits"].split(",") if t.strip()),
                unique=row["unique"] == "yes", cost=_int(row["cost"]), attack=_int(row["attack"]),
                resources=_int(row["resources"]), force=_int(row["force"]),
                hit_points=_int(row["hit_points"]),
                # Target value = cost for every faction unit (swdbg.md §5.3).
                target_value=_int(row["target_value"]) or (_int(row["cost"]) if kind == "unit" and row["faction"] != NEUTRAL else 0),
                reward=row["reward"], ability=row["ability"] if row["ability"] != "(none)" else "",
                copies=_int(row["copies"]) or 1, source=row["source"], ruling=row["ruling"],
            )
    return out


def card(name: str) -> CardDef:
    """One card title by English name (case-insensitive); raises ``KeyError`` with suggestions."""
    defs = card_defs()
    if name in defs:
        return defs[name]
    lowered = {n.lower(): d for n, d in defs.items()}
    if name.lower() in lowered:
        return lowered[name.lower()]
    close = [n for n in defs if name.lower()[:4] in n.lower()][:5]
    raise KeyError(f"no SWDBG card called {name!r}" + (f"; did you mean {', '.join(close)}?" if close else ""))


STARTERS: Final = {
    EMPIRE: (("Imperial Shuttle", 7), ("Stormtrooper", 2), ("Inquisitor", 1)),
    REBEL: (("Alliance Shuttle", 7), ("Rebel Trooper", 2), ("Temple Guardian", 1)),
}
STARTING_BASE: Final = {EMPIRE: "Lothal", REBEL: "Dantooine"}
BEGINNER_BASES: Final = {
    EMPIRE: ("Lothal", "Corellia", "Coruscant", "Death Star", "Endor"),
    REBEL: ("Dantooine", "Hoth", "Mon Cala", "Sullust", "Yavin 4"),
}


@cache
def galaxy_cards() -> tuple[str, ...]:
    """The 90 galaxy cards (names, with copies)."""
    out: list[str] = []
    for d in card_defs().values():
        if d.kind in ("unit", "capital ship"):
            out.extend([d.name] * d.copies)
    return tuple(out)


def faction_bases(faction: str) -> list[str]:
    """The 10 bases of a faction, starting base first."""
    return [d.name for d in card_defs().values() if d.is_base and d.faction == faction]


#: the columns of ``allegiance cards swdbg``
TABLE_COLUMNS = ("name", "faction", "kind", "cost", "atk", "res", "frc", "hp/target", "traits", "ability", "reward")


def card_table() -> Any:
    """The card database as a :class:`~allegiance.core.cards.CardTable`."""
    from allegiance.core.cards import CardTable
    defs = list(card_defs().values())
    rows = [{"name": d.name, "faction": d.faction, "kind": d.kind, "cost": str(d.cost), "atk": str(d.attack),
             "res": str(d.resources), "frc": str(d.force),
             "hp/target": str(d.hit_points or d.target_value or ""),
             "traits": ", ".join(d.traits) + (" (unique)" if d.unique else ""),
             "ability": "" if d.ability in ("", "(none)") else d.ability,
             "reward": "" if d.reward in ("", "(none)") else d.reward} for d in defs]
    return CardTable("Star Wars: The Deckbuilding Game — cards", TABLE_COLUMNS, rows, [d.to_json() for d in defs],
                     numeric=("cost", "atk", "res", "frc", "hp/target"), wrapping=("traits", "ability", "reward"),
                     filters={"faction": ("empire", "rebel", "neutral")})
