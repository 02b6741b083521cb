"""``allegiance cards GAME``: the card database."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from allegiance.cli import app
from allegiance.cli.common import console, fail, print_json


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    faction: Annotated[str | None, typer.Option(help="only this faction (empire, rebel, neutral)")] = None,
) -> None:
    """The card database: name, faction, kind, cost, stats, traits and ability text."""
    if game != "swdbg":
        fail(f"no card database for {game!r}; games with cards: swdbg")
    from allegiance.games.swdbg.cards import card_defs
    defs = [d for d in card_defs().values() if faction is None or d.faction == faction]
    if as_json:
        print_json([d.to_json() for d in defs])
        return
    table = Table(title="Star Wars: The Deckbuilding Game — cards", show_lines=False)
    for col in ("name", "faction", "kind", "cost", "atk", "res", "frc", "hp/target", "traits", "ability", "reward"):
        table.add_column(col, overflow="fold")
    for d in defs:
        hp = str(d.hit_points or d.target_value or "")
        table.add_row(d.name, d.faction, d.kind, str(d.cost), str(d.attack), str(d.resources), str(d.force), hp,
                      ", ".join(d.traits) + (" (unique)" if d.unique else ""), d.ability, d.reward)
    console.print(table)
