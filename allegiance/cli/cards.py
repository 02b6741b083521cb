"""``allegiance cards GAME``: the card database (each game supplies it: ``Game.card_table``)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from allegiance.cli import app
from allegiance.cli.common import console, fail, load_game, print_json
from allegiance.core.cards import CardTable

#: below this many terminal columns each card is a name beside a block of text instead of a table row
WIDE = 150


def _matches(value: str, wanted: str) -> bool:
    """A row value matches a filter when it is the value or one of its comma-separated values."""
    return value == wanted or wanted in (v.strip() for v in value.split(","))


def _filter(table: CardTable, where: list[str]) -> list[int]:
    keep = list(range(len(table.rows)))
    for clause in where:
        column, sep, wanted = clause.partition("=")
        if not sep or column not in table.filters:
            fail(f"--where is column=value with a column among: {', '.join(table.filters) or 'none'}; "
                 f"not {clause!r}")
        if wanted not in table.filters[column]:
            fail(f"--where {column}= is one of {', '.join(table.filters[column])}, not {wanted!r}")
        keep = [i for i in keep if _matches(table.rows[i][column], wanted)]
    return keep


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg or wakfu")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    plain: Annotated[bool, typer.Option("--plain", help="tab-separated, one card a line, with a header line")] = False,
    faction: Annotated[str | None, typer.Option(help="only this faction (games with factions, e.g. swdbg: "
                                                     "empire, rebel, neutral)")] = None,
    where: Annotated[list[str] | None, typer.Option(help="only cards whose column has this value, e.g. "
                                                         "faction=rebel or type=Allié or starter=iop")] = None,
) -> None:
    """The card database: names, kinds, costs, stats and texts."""
    table = load_game(game).card_table()
    if table is None:
        fail(f"no card database for {game!r}")
    clauses = list(where or [])
    if faction is not None:
        if "faction" not in table.filters:
            fail(f"{game} cards have no faction; filters: {', '.join(table.filters) or 'none'}")
        if faction not in table.filters["faction"]:
            fail(f"--faction is {' or '.join([', '.join(table.filters['faction'][:-1]), table.filters['faction'][-1]])}"
                 f", not {faction!r}")
        clauses.append(f"faction={faction}")
    keep = _filter(table, clauses)
    if as_json:
        print_json([table.records[i] for i in keep])
        return
    rows = [table.rows[i] for i in keep]
    columns = table.columns
    if plain:
        typer.echo("\t".join(columns))
        for r in rows:
            typer.echo("\t".join(" ".join(r[c].split()) for c in columns))
        return
    if console.width >= WIDE:
        out = Table(title=table.title)
        for col in columns:
            out.add_column(col, no_wrap=col not in table.wrapping, overflow="fold",
                           justify="right" if col in table.numeric else "left")
        for r in rows:
            out.add_row(*(escape(r[c]) for c in columns))
        console.print(out)
        return
    # Narrow: the name beside its short values on one line and each long text on its own lines.
    out = Table(title=table.title, box=box.SIMPLE_HEAD, show_lines=True, show_header=False)
    out.add_column("name", no_wrap=True, style="bold")
    out.add_column("card", overflow="fold")
    words = [c for c in columns[1:] if c not in table.wrapping and c not in table.numeric]
    numbers = [c for c in columns[1:] if c in table.numeric]
    for r in rows:
        # kinds as bare words, then numbers with their names (zeros left out but the first, the cost)
        stats = [" ".join(r[c] for c in words if r[c])]
        stats += [f"{c} {r[c]}" for i, c in enumerate(numbers) if r[c] and (i == 0 or r[c] != "0")]
        stats += [r[c] for c in table.wrapping if r[c] and len(r[c]) <= 30]
        text = [escape(" · ".join(x for x in stats if x))]
        text += [f"[dim]{c}:[/] {escape(r[c])}" for c in table.wrapping if len(r[c]) > 30]
        out.add_row(escape(r[columns[0]]), "\n".join(text))
    console.print(out)


@app.command(help=(
    "The game's legend, then its rules options with their values, defaults and sources.\n\n"
    "The legend says what the game is, what its icons and numbers mean, how to win, the turn's phases and "
    "the ready-made decks. Each option shows where its rule comes from; UNSOURCED marks a gap the sources "
    "leave, whose default is the project's proposal, not the publisher's rule."))
def rules(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg, wakfu or jk")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON: the legend and the options")] = False,
    options_only: Annotated[bool, typer.Option("--options-only", help="only the options, without the legend")] = False,
) -> None:
    """The game's legend, then its rules options with their values, defaults and sources."""
    rules_game = load_game(game)
    specs = rules_game.option_specs
    if as_json:
        options = [s.to_json() for s in specs]
        print_json(options if options_only else {"legend": rules_game.legend(), "options": options})
        return
    if not options_only:
        _print_legend(rules_game.title or game, rules_game.legend())
    out = Table(title=f"{game} options")
    for col in ("option", "values", "default", "source"):
        out.add_column(col, overflow="fold")
    for s in specs:
        values = ", ".join(s.choices) if s.type in ("choice", "seat_texts") else \
            "true, false" if s.type == "bool" else f"{s.min if s.min is not None else ''}..{s.max if s.max is not None else ''}"
        default = "(the rules decide)" if s.default is None else str(s.default).lower() if s.type == "bool" \
            else str(s.default)
        source = s.source or "engine setting"
        out.add_row(escape(s.name), escape(values), escape(default), escape(source))
        out.add_row("", f"[dim]{escape(s.help)}[/]", "", "")
    console.print(out)


def _print_legend(title: str, legend: dict[str, Any]) -> None:
    """The legend's parts in the order a newcomer reads them; a part the game leaves empty is left out."""
    console.print(f"[bold]{escape(title)}[/]")
    if legend["about"]:
        console.print(escape(legend["about"]))
    if legend["icons"]:
        icons = Table(title="icons and numbers", box=box.SIMPLE_HEAD, show_header=False)
        icons.add_column("symbol", no_wrap=True, style="bold")
        icons.add_column("meaning", overflow="fold")
        for icon in legend["icons"]:
            icons.add_row(escape(icon["symbol"]), escape(icon["meaning"]))
        console.print(icons)
    for key, heading in (("win", "How to win"), ("phases", "The turn's phases"), ("decks", "Ready-made decks")):
        if legend[key]:
            console.print(f"[bold]{heading}[/]")
            console.print(_hanging(
                [("-", escape(line)) for line in legend[key]] if key == "win"
                else [(f"{i}.", escape(line)) for i, line in enumerate(legend[key], 1)] if key == "phases"
                else [(escape(name), escape(text)) for name, text in legend[key].items()]))
    console.print()


def _hanging(rows: list[tuple[str, str]]) -> Table:
    """Lines each with a mark (a bullet, a number, a name) and a text wrapped under itself."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(overflow="fold")
    for mark, text in rows:
        grid.add_row(f"  {mark}", text)
    return grid
