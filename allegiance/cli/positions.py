"""Positions and replays — the FEN and PGN of the project: ``new``, ``legal``, ``apply``, ``replay``."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from allegiance.cli import app
from allegiance.cli.common import fail, guarded, parse_options, print_json, read_document
from allegiance.core.actions import Action
from allegiance.core.errors import PositionError
from allegiance.games import game_names, get_game
from allegiance.replay import Replay, load_replay, replay_game


def _game_of(data: dict[str, Any]) -> Any:
    name = data.get("game")
    if name not in game_names():
        fail(f"the file names game {name!r}; known games: {', '.join(game_names())}")
    return get_game(name)


def legal_list(game: Any, state: Any) -> list[dict[str, Any]]:
    """Every legal action of every seat that may act, numbered."""
    out = []
    for seat in game.active_seats(state):
        for action in game.legal_actions(state, seat):
            out.append({"id": len(out), "seat": seat, "action": action.to_json(),
                        "text": game.describe_action(state, seat, action)})
    return out


@app.command()
@guarded
def new(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg")],
    mode: Annotated[str, typer.Option(help="table mode, e.g. 1v1 or 2v2")] = "1v1",
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                                                     help="game option key=value (repeatable), e.g. galaxy=full")] = None,
) -> None:
    """Print the position of a new game (JSON)."""
    if game not in game_names():
        fail(f"unknown game {game!r}; known games: {', '.join(game_names())}")
    g = get_game(game)
    print_json(g.to_position(g.new_game(mode, seed, parse_options(option))))


@app.command()
@guarded
def legal(
    position: Annotated[str, typer.Argument(help="position file (JSON or YAML, - for stdin)")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Who may act in a position and their legal actions, each with an id."""
    data = read_document(position)
    game = _game_of(data)
    state = game.from_position(data)
    actions = legal_list(game, state)
    outcome = game.outcome(state)
    if as_json:
        print_json({"decisions": [{"seats": list(d.seats), "prompt": d.prompt} for d in game.decisions(state)],
                    "actions": actions, "outcome": outcome.to_json() if outcome else None})
        return
    from allegiance.cli.common import console
    if outcome:
        console.print(f"[bold]Game over:[/] {outcome.reason}")
        return
    for d in game.decisions(state):
        who = ", ".join(state.table.seats[s].label for s in d.seats)
        console.print(f"[bold]{who}[/]: {d.prompt}")
    for a in actions:
        console.print(f"  [cyan]{a['id']:>3}[/]  {a['text']}   [dim]{Action.from_json(a['action']).to_json()}[/]")


@app.command()
@guarded
def apply(
    position: Annotated[str, typer.Argument(help="position file (JSON or YAML, - for stdin)")],
    action: Annotated[str, typer.Argument(help="an action id from `allegiance legal`, or the action as JSON")],
    seat: Annotated[int | None, typer.Option(help="the acting seat (needed for JSON actions when several seats may act)")] = None,
) -> None:
    """Apply one action and print the next position."""
    data = read_document(position)
    game = _game_of(data)
    state = game.from_position(data)
    if action.strip().lstrip("-").isdigit():
        actions = legal_list(game, state)
        index = int(action)
        if not 0 <= index < len(actions):
            fail(f"there is no legal action {index}; ids go from 0 to {len(actions) - 1} (see `allegiance legal`)")
        chosen = actions[index]
        if seat is not None and seat != chosen["seat"]:
            fail(f"action {index} belongs to seat {chosen['seat']}, not seat {seat}")
        act, seat = Action.from_json(chosen["action"]), chosen["seat"]
    else:
        act = Action.from_json(action)
        if seat is None:
            seats = game.active_seats(state)
            if len(seats) != 1:
                fail(f"several seats may act ({', '.join(map(str, seats))}): say which with --seat")
            seat = seats[0]
    game.apply(state, seat, act)
    print_json(game.to_position(state))


@app.command()
@guarded
def replay(
    file: Annotated[str, typer.Argument(help="replay file (JSON or YAML)")],
    position: Annotated[bool, typer.Option("--position", help="also print the final position")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Replay a game from its replay file and print the outcome."""
    data = read_document(file)
    try:
        rep: Replay = load_replay(data)
    except PositionError as exc:
        fail(str(exc))
    game, state = replay_game(rep)
    outcome = game.outcome(state)
    result = {"game": rep.game, "mode": rep.mode, "actions": len(rep.actions),
              "outcome": outcome.to_json() if outcome else None, "digest": game.digest(state)}
    if position:
        result["position"] = game.to_position(state)
    if as_json or position:
        print_json(result)
    else:
        from allegiance.cli.common import console
        console.print(f"{rep.game} {rep.mode}, seed {rep.seed}: {len(rep.actions)} actions replayed")
        console.print(f"outcome: {outcome.reason if outcome else 'the game is not over'}")
