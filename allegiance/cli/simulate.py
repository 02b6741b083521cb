"""``allegiance simulate``: many bot games, with a summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from allegiance.bots import BOT_SPEC_HELP, make_bot, parse_bot_spec
from allegiance.cli import app
from allegiance.cli.common import (
    DECK_HELP,
    console,
    fail,
    game_options,
    guarded,
    load_game,
    new_state,
    print_json,
)
from allegiance.sim.simulate import default_workers
from allegiance.sim.simulate import simulate as run_simulation


@app.command()
@guarded
def simulate(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg")],
    mode: Annotated[str, typer.Option(help="table mode, e.g. 1v1 or 2v2")] = "1v1",
    games: Annotated[int, typer.Option(help="number of games")] = 100,
    bots: Annotated[str, typer.Option(help="one bot per seat, comma-separated (or one for every seat); " + BOT_SPEC_HELP)] = "greedy,greedy",
    seed: Annotated[int, typer.Option(help="master seed: the same seed gives the same results")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes (default: all cores)")] = 0,
    backend: Annotated[str, typer.Option(help="process (default) or ray")] = "process",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start a local one)")] = None,
    alternate: Annotated[bool, typer.Option("--alternate", help="swap the bots between teams every other game")] = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
    deck: Annotated[list[str] | None, typer.Option("--deck", help=DECK_HELP)] = None,
    out: Annotated[Path | None, typer.Option(help="write per-game results to this folder")] = None,
    replays: Annotated[bool, typer.Option("--replays", help="with --out: also write each game's replay file "
                                          "(OUT/replays/game-NNNNNN.json.gz)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as one JSON object")] = False,
) -> None:
    """Play bot games and summarise: wins per team (95 % interval), draws, mean turns, errors."""
    g = load_game(game)
    options = game_options(g, option, deck)
    seats = len(new_state(g, mode, 0, options).table.seats)  # fails early on a bad mode or options
    bot_list = [b.strip() for b in bots.split(",") if b.strip()]
    if len(bot_list) == 1:
        bot_list *= seats
    if len(bot_list) != seats:
        fail(f"mode {mode} has {seats} seats: give {seats} bots (or one for all), not {len(bot_list)}")
    for b in bot_list:
        try:
            _, bot_options = parse_bot_spec(b)
            make_bot(b)  # checks the option values too, before any worker starts
        except ValueError as exc:
            fail(str(exc))
        if "time_ms" in bot_options:
            fail(f"{b}: simulate promises the same results for the same seed; give ISMCTS iterations, not time_ms")
    if games < 1:
        fail("--games must be at least 1")
    if replays and out is None:
        fail("--replays writes the replay files beside the results: give the folder with --out")
    if backend not in ("process", "ray"):
        fail("--backend is process or ray")
    workers = workers or default_workers()
    with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console if not as_json else None, disable=as_json, transient=as_json) as progress:
        task = progress.add_task("games", total=games)
        summary, results = run_simulation(game, mode, bot_list, games, seed, workers=workers, alternate=alternate,
                                          options=options, backend=backend, address=address,
                                          progress=lambda n: progress.advance(task, n), replays=replays)
    if out is not None:
        from allegiance.sim.results import write_results
        write_results(out, summary, results)
    data = summary.to_json()
    if as_json:
        print_json(data)
        return
    table = Table(title=f"{game} {mode}: {games} games, bots {', '.join(bot_list)}, seed {seed}")
    table.add_column("team")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95 % interval", justify="right")
    for team, wins in summary.wins_by_team.items():
        lo, hi = summary.win_interval_by_team[team]
        table.add_row(team, str(wins), f"{summary.win_rate_by_team[team]:.1%}", f"{lo:.1%} – {hi:.1%}")
    console.print(table)
    console.print(f"draws: {summary.draws}   errors: {summary.errors}   mean turns: {summary.mean_turns:.1f}   "
                  f"wins by bot: {json.dumps(summary.wins_by_bot)}")
    if summary.first_team_win_rate is not None:
        lo, hi = summary.first_team_win_interval or (0.0, 0.0)
        console.print(f"first team win rate: {summary.first_team_win_rate:.1%} (95 % interval {lo:.1%} – {hi:.1%})")
    for sample in summary.error_samples:
        console.print(f"[red]{sample}[/]")
