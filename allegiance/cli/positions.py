"""Positions and replays — the FEN and PGN of the project: ``new``, ``show``, ``legal``, ``apply``, ``replay``."""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Annotated, Any

import typer
import yaml
from rich.markup import escape
from rich.table import Table

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
    read_document,
)
from allegiance.cli.generic_board import draw_generic
from allegiance.core.actions import Action
from allegiance.core.errors import PositionError
from allegiance.core.refusals import SenderView
from allegiance.games import game_names, get_game
from allegiance.replay import Replay, is_position, is_replay, load_replay, replay_game

POSITION_HELP = "position file (JSON or YAML, - for stdin)"


def _game_of(data: dict[str, Any], path: str) -> Any:
    if is_replay(data):
        fail(f"{path} is a replay, not a position: `allegiance replay {path} --position` prints its last position")
    name = data.get("game")
    if name not in game_names():
        fail(f"the file names game {name!r}; known games: {', '.join(game_names())}")
    return get_game(name)


def _load(path: str) -> tuple[dict[str, Any], Any, Any]:
    """The document, its game and the state it describes."""
    data = read_document(path)
    game = _game_of(data, path)
    return data, game, game.from_position(data)


def _position_of(game: Any, state: Any, source: dict[str, Any]) -> dict[str, Any]:
    """The position of ``state``; a ``lenient`` file stays lenient so the output loads again."""
    out = game.to_position(state)
    if source.get("lenient") is True:
        out["lenient"] = True
    return out


def _workbench(game: Any) -> ModuleType | None:
    """The game's optional ``workbench`` module (what a choice picks, attack values now)."""
    module = f"allegiance.games.{game.name}.workbench"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:  # the module exists but something it imports does not: a real error
            raise
        return None


def legal_list(game: Any, state: Any) -> list[dict[str, Any]]:
    """Every legal action of every seat that may act, numbered; a choice says what it picks."""
    bench = _workbench(game)
    out: list[dict[str, Any]] = []
    for seat in game.active_seats(state):
        for action in game.legal_actions(state, seat):
            row = {"id": len(out), "seat": seat, "action": action.to_json(),
                   "text": game.describe_action(state, seat, action)}
            detail = bench.choice(state, seat, action) if bench else None
            if detail is not None:
                row["choice"] = detail
            out.append(row)
    return out


@app.command()
@guarded
def new(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg")],
    mode: Annotated[str, typer.Option(help="table mode, e.g. 1v1 or 2v2")] = "1v1",
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                                                     help="game option key=value (repeatable), e.g. galaxy=full")] = None,
    deck: Annotated[list[str] | None, typer.Option("--deck", help=DECK_HELP)] = None,
) -> None:
    """Print the position of a new game (JSON)."""
    g = load_game(game)
    print_json(g.to_position(new_state(g, mode, seed, game_options(g, option, deck))))


@app.command()
@guarded
def show(
    position: Annotated[str, typer.Argument(help=POSITION_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of YAML")] = False,
    seat: Annotated[int | None, typer.Option(
        help="print what this seat sees instead: its board (the JSON view with --json)")] = None,
) -> None:
    """Print a position as the engine reads it: card ids assigned, start-of-turn steps run (YAML or JSON)."""
    data, game, state = _load(position)
    outcome = game.outcome(state)
    if seat is not None:
        _show_seat(game, state, seat, as_json)
        return
    out = _position_of(game, state, data)
    if as_json:
        print_json(out)
        return
    if outcome:  # a YAML comment: the output still loads
        typer.echo(f"# Game over: {outcome.reason}")
    typer.echo(yaml.safe_dump(out, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100), nl=False)


def _show_seat(game: Any, state: Any, seat: int, as_json: bool) -> None:
    """What one seat sees (its view: nothing hidden from it), drawn as the terminal draws its board."""
    seats = state.table.seats
    if not 0 <= seat < len(seats):
        fail(f"--seat: a seat from 0 to {len(seats) - 1}, not {seat}")
    view = game.view(state, seat)
    if as_json:
        print_json(view)
        return
    console.print(f"[bold]What {escape(seats[seat].label)} (seat {seat}, {escape(str(seats[seat].team))}) sees[/]",
                  highlight=False)
    hooks = game.terminal_hooks()
    if hooks.board is not None:
        hooks.board(console, view, game.card_catalog())
    else:
        if "order" not in view and game.turn_order(state):  # public: the generic board draws it from the view
            view = {**view, "order": game.turn_order(state)}
        draw_generic(console, view)
    outcome = game.outcome(state)
    if outcome:
        console.print(f"[bold]Game over:[/] {escape(outcome.reason)}")
        return
    for d in game.decisions(state):
        who = ", ".join(seats[s].label for s in d.seats)
        prompt = d.prompt if seat in d.seats else "to act"  # another seat's prompt may name its hidden cards
        console.print(f"[bold]{escape(who)}[/] ({d.kind}): {escape(prompt)}", highlight=False)


def _print_actions(actions: list[dict[str, Any]]) -> None:
    """Actions as a table that fits the terminal: words wrap between words, action objects never break."""
    objects = [json.dumps(a["action"]) for a in actions]
    id_width = len(str(len(actions)))
    longest = max(map(len, objects), default=0)
    # The JSON column is shown only where it fits whole beside at least 30 columns of words.
    with_objects = console.width - id_width - longest - 4 >= 30
    table = Table(box=None, show_header=False, pad_edge=False, expand=False)
    table.add_column("id", justify="right", style="cyan", no_wrap=True)
    table.add_column("action", overflow="fold")
    if with_objects:
        table.add_column("json", style="dim", no_wrap=True)
    for a, obj in zip(actions, objects, strict=True):
        table.add_row(str(a["id"]), escape(a["text"]), *([escape(obj)] if with_objects else []))
    console.print(table)
    if actions and not with_objects:
        console.print("[dim](a wider terminal, --json or --plain also shows each action as JSON)[/]")


@app.command()
@guarded
def legal(
    position: Annotated[str, typer.Argument(help=POSITION_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON: decisions, actions, cards in play")] = False,
    plain: Annotated[bool, typer.Option("--plain", help="one action a line: id, seat, action JSON, words (tab-separated)")] = False,
    why: Annotated[bool, typer.Option("--why", help="also say why each card of the seats that may act that has no "
                                                    "legal action cannot be used now")] = False,
) -> None:
    """Who may act in a position and their legal actions, each with an id."""
    data, game, state = _load(position)
    actions = legal_list(game, state)
    outcome = game.outcome(state)
    bench = _workbench(game)
    reasons = why_list(game, state) if why else []
    if as_json:
        out = {"decisions": [{"kind": d.kind, "seats": list(d.seats), "prompt": d.prompt}
                             for d in game.decisions(state)],
               "actions": actions, "in_play": bench.in_play(state) if bench else None,
               "outcome": outcome.to_json() if outcome else None}
        if why:
            out["why"] = reasons
        print_json(out)
        return
    if plain:
        for a in actions:
            typer.echo(f"{a['id']}\t{a['seat']}\t{json.dumps(a['action'])}\t{a['text']}")
        for r in reasons:
            typer.echo(f"why\t{r['seat']}\t{r['card']}\t{r['name']}\t{r['reason']}")
        return
    if outcome:
        console.print(f"[bold]Game over:[/] {escape(outcome.reason)}")
        return
    for d in game.decisions(state):
        who = ", ".join(state.table.seats[s].label for s in d.seats)
        console.print(f"[bold]{escape(who)}[/] ({d.kind}): {escape(d.prompt)}")
    _print_actions(actions)
    if why:
        _print_reasons(state, reasons)


def why_list(game: Any, state: Any) -> list[dict[str, Any]]:
    """For each seat that may act, its cards that carry no legal action and why (the game's words,
    :meth:`~allegiance.core.game.Game.card_reasons`), each card by id and name."""
    out: list[dict[str, Any]] = []
    for seat in game.active_seats(state):
        view: dict[str, Any] = game.view(state, seat)
        names = _card_names(view)
        for card, reason in game.card_reasons(state, seat, view).items():
            out.append({"seat": seat, "card": card, "name": names.get(card, f"card #{card}"), "reason": reason})
    return out


def _card_names(view: dict[str, Any]) -> dict[int, str]:
    """Card id -> name of every card object of a view."""
    return SenderView(lambda: view).cards


def _print_reasons(state: Any, reasons: list[dict[str, Any]]) -> None:
    if not reasons:
        console.print("[dim]Every card of the seats that may act has a legal action.[/]")
        return
    console.print("[bold]Cards without a legal action, and why:[/]")
    table = Table(box=None, show_header=False, pad_edge=False, expand=False)
    table.add_column("seat", style="cyan", no_wrap=True)
    table.add_column("card", no_wrap=True)
    table.add_column("reason", overflow="fold")
    for r in reasons:
        table.add_row(escape(state.table.seats[r["seat"]].label), escape(r["name"]), escape(r["reason"]))
    console.print(table)


@app.command()
@guarded
def apply(
    position: Annotated[str, typer.Argument(help=POSITION_HELP)],
    actions: Annotated[list[str], typer.Argument(
        help="one or more actions, applied in turn: an id from `allegiance legal` (of the position at that "
             "point) or the action as JSON")],
    seat: Annotated[int | None, typer.Option(help="the acting seat (needed for JSON actions when several seats may act)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print {position, events} instead of the position alone")] = False,
) -> None:
    """Apply actions one after the other and print the next position."""
    data, game, state = _load(position)
    events: list[dict[str, Any]] = []
    for step, text in enumerate(actions):
        where = f"action {step + 1} ({text})" if len(actions) > 1 else "the action"
        act, acting = _read_action(game, state, text, seat, where)
        for e in game.apply(state, acting, act):
            events.append({"step": step, **e.to_json(),
                           "visible_to": list(e.visible_to) if e.visible_to is not None else None})
    out = _position_of(game, state, data)
    print_json({"position": out, "events": events} if as_json else out)


def _read_action(game: Any, state: Any, text: str, seat: int | None, where: str) -> tuple[Action, int]:
    if text.strip().lstrip("-").isdigit():
        listed = legal_list(game, state)
        index = int(text)
        if not listed:
            fail(f"{where}: nobody may act in this position (the game is over)")
        if not 0 <= index < len(listed):
            fail(f"{where}: there is no legal action {index}; ids go from 0 to {len(listed) - 1} "
                 "(see `allegiance legal`)")
        chosen = listed[index]
        if seat is not None and seat != chosen["seat"]:
            fail(f"{where}: action {index} belongs to seat {chosen['seat']}, not seat {seat}")
        return Action.from_json(chosen["action"]), chosen["seat"]
    act = Action.from_json(text)
    if seat is None:
        seats = game.active_seats(state)
        if len(seats) != 1:
            fail(f"{where}: several seats may act ({', '.join(map(str, seats))}): say which with --seat")
        return act, seats[0]
    return act, seat


@app.command()
@guarded
def replay(
    file: Annotated[str, typer.Argument(help="replay file (JSON or YAML, - for stdin)")],
    position: Annotated[bool, typer.Option(
        "--position", help="print the last position instead (it feeds `legal`, `apply` and `show`)")] = False,
    upto: Annotated[int | None, typer.Option(help="stop after this many actions")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Replay a game from its replay file and print the outcome (or the position reached)."""
    data = read_document(file)
    if is_position(data):
        fail(f"{file} is a position, not a replay: read it with `allegiance show`, `legal` or `apply`")
    try:
        rep: Replay = load_replay(data)
    except PositionError as exc:
        fail(f"{file}: {exc}")
    if upto is not None and not 0 <= upto <= len(rep.actions):
        fail(f"--upto must be between 0 and {len(rep.actions)}, the replay's number of actions")
    game, state = replay_game(rep, upto)
    done = len(rep.actions) if upto is None else upto
    if position:
        print_json(game.to_position(state))
        return
    outcome = game.outcome(state)
    if as_json:
        print_json({"game": rep.game, "mode": rep.mode, "seed": rep.seed, "actions": done,
                    "outcome": outcome.to_json() if outcome else None, "digest": game.digest(state)})
        return
    console.print(f"{rep.game} {rep.mode}, seed {rep.seed}: {done} of {len(rep.actions)} actions replayed")
    console.print(f"outcome: {escape(outcome.reason) if outcome else 'the game is not over'}")
