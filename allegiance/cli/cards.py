"""``allegiance cards GAME``: the card database."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from allegiance.cli import app
from allegiance.cli.common import console, fail, print_json

#: the columns of the wide table and of ``--plain``
COLUMNS = ("name", "faction", "kind", "cost", "atk", "res", "frc", "hp/target", "traits", "ability", "reward")
#: below this many terminal columns each card is a name beside a block of text instead of a table row
WIDE = 150


def _row(d: Any) -> dict[str, str]:
    return {"name": d.name, "faction": d.faction, "kind": d.kind, "cost": str(d.cost), "atk": str(d.attack),
            "res": str(d.resources), "frc": str(d.force), "hp/target": str(d.hit_points or d.target_value or ""),
            "traits": ", ".join(d.traits) + (" (unique)" if d.unique else ""),
            "ability": "" if d.ability in ("", "(none)") else d.ability,
            "reward": "" if d.reward in ("", "(none)") else d.reward}


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    plain: Annotated[bool, typer.Option("--plain", help="tab-separated, one card a line, with a header line")] = False,
    faction: Annotated[str | None, typer.Option(help="only this faction (empire, rebel, neutral)")] = None,
) -> None:
    """The card database: name, faction, kind, cost, stats, traits and ability text."""
    if game != "swdbg":
        fail(f"no card database for {game!r}; games with cards: swdbg")
    from allegiance.games.swdbg.cards import card_defs
    if faction is not None and faction not in ("empire", "rebel", "neutral"):
        fail(f"--faction is empire, rebel or neutral, not {faction!r}")
    defs = [d for d in card_defs().values() if faction is None or d.faction == faction]
    if as_json:
        print_json([d.to_json() for d in defs])
        return
    rows = [_row(d) for d in defs]
    if plain:
        typer.echo("\t".join(COLUMNS))
        for r in rows:
            typer.echo("\t".join(" ".join(r[c].split()) for c in COLUMNS))
        return
    title = "Star Wars: The Deckbuilding Game — cards"
    if console.width >= WIDE:
        table = Table(title=title)
        for col in COLUMNS:
            wraps = col in ("ability", "reward", "traits")
            table.add_column(col, no_wrap=not wraps, overflow="fold",
                             justify="right" if col in ("cost", "atk", "res", "frc", "hp/target") else "left")
        for r in rows:
            table.add_row(*(escape(r[c]) for c in COLUMNS))
        console.print(table)
        return
    # Narrow: the name beside its numbers and texts, which wrap between words.
    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=True, show_header=False)
    table.add_column("name", no_wrap=True, style="bold")
    table.add_column("card", overflow="fold")
    for r in rows:
        stats = (f"{r['faction']} {r['kind']} · cost {r['cost']} · {r['atk']} atk {r['res']} res {r['frc']} frc"
                 + (f" · {'hp' if 'ship' in r['kind'] or r['kind'] == 'base' else 'target'} {r['hp/target']}"
                    if r["hp/target"] else "")
                 + (f" · {r['traits']}" if r["traits"] else ""))
        text = [escape(stats)]
        if r["ability"]:
            text.append(f"[dim]ability:[/] {escape(r['ability'])}")
        if r["reward"]:
            text.append(f"[dim]reward:[/] {escape(r['reward'])}")
        table.add_row(escape(r["name"]), "\n".join(text))
    console.print(table)
