"""``allegiance play``: play against bots in the terminal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.panel import Panel
from rich.table import Table

from allegiance.bots import BOT_SPEC_HELP, make_bot
from allegiance.cli import app
from allegiance.cli.common import console, fail, guarded, parse_options
from allegiance.core.events import Event
from allegiance.games import game_names, get_game
from allegiance.replay import Replay


def _cards(cards: list[dict[str, Any]]) -> str:
    if not cards:
        return "[dim]—[/]"
    parts = []
    for c in cards:
        extra = []
        if c.get("damage"):
            extra.append(f"{c['damage']} dmg")
        if c.get("used"):
            extra.append("used")
        if c.get("attacked"):
            extra.append("attacked")
        faction = get_game("swdbg").card_catalog().get(c["name"], {}).get("faction")
        colour = {"empire": "red", "rebel": "cyan", "neutral": "yellow"}.get(faction or "", "white")
        parts.append(f"[{colour}]{c['name']}[/]" + (f" ({', '.join(extra)})" if extra else ""))
    return ", ".join(parts)


def render_swdbg(view: dict[str, Any]) -> None:
    """Draw the board as the seat sees it."""
    force = view["force"]
    track = "".join("●" if i == force else "·" for i in range(7))
    console.rule(f"Turn {view['turn']} — {view['active_team'].title()} team to play")
    console.print(f"Force: Empire [red]{track}[/] Rebel   (with: {view['force_with'] or 'nobody'})")
    for r in view["regions"]:
        console.print(Panel(_cards(r["row"]), title=f"Region {r['index'] + 1} galaxy row "
                            f"(deck {r['galaxy_deck_count']}, pilots {r['pilots']})"))
    table = Table(show_lines=True)
    for col in ("seat", "base", "ships", "in play", "hand", "deck/discard", "resources"):
        table.add_column(col, overflow="fold")
    for p in view["players"]:
        base = _cards([p["base"]]) if p["base"] else "[dim]no base[/]"
        if p["base"]:
            base += f"  (hp {get_game('swdbg').card_catalog()[p['base']['name']]['hit_points']})"
        hand = _cards(p["hand"]) if p["hand"] is not None else f"{p['hand_count']} cards"
        you = " (you)" if p["seat"] == view["seat"] else ""
        table.add_row(p["label"] + you, base + f"\n{p['bases_left']} bases left", _cards(p["ships"]),
                      _cards(p["units"]), hand, f"{p['deck_count']} / {len(p['discard'])}", str(p["resources"]))
    console.print(table)
    console.print(f"Bases destroyed — by the Empire: {', '.join(view['victory']['empire']) or 'none'}; "
                  f"by the Rebels: {', '.join(view['victory']['rebel']) or 'none'}")


@app.command()
@guarded
def play(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg")],
    mode: Annotated[str, typer.Option(help="table mode, e.g. 1v1 or 2v2")] = "1v1",
    seat: Annotated[int, typer.Option(help="your seat (0 = Empire in 1v1)")] = 0,
    bots: Annotated[str, typer.Option(help="the bot for the other seats; " + BOT_SPEC_HELP)] = "greedy",
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
    save: Annotated[Path | None, typer.Option(help="write the game's replay file here when the game ends or "
                                              "you quit (`allegiance replay FILE` replays it)")] = None,
) -> None:
    """Play against bots in the terminal: the board, numbered legal actions, what the bots did."""
    if game not in game_names():
        fail(f"unknown game {game!r}; known games: {', '.join(game_names())}")
    g = get_game(game)
    options = parse_options(option)
    state = g.new_game(mode, seed, options)
    n = len(state.table.seats)
    if not 0 <= seat < n:
        fail(f"mode {mode} has seats 0..{n - 1}")
    try:
        players = {s: make_bot(bots, seed * 7 + s) for s in range(n) if s != seat}
    except ValueError as exc:
        fail(str(exc))
    if save is not None and save.parent and not save.parent.is_dir():
        fail(f"cannot save to {save}: the folder {save.parent} does not exist")
    record = Replay(game, mode, seed, options, ["human" if s == seat else bots for s in range(n)])
    try:
        _play(g, state, seat, players, record, game)
    except (EOFError, KeyboardInterrupt):
        console.print("\nBye.")
    finally:
        if save is not None:
            _save(save, record, g.outcome(state))


def _save(path: Path, record: Replay, outcome: Any) -> None:
    try:
        path.write_text(json.dumps(record.to_json(outcome), indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot save the replay to {path}: {exc.strerror}")
    console.print(f"replay saved to [bold]{path}[/] ({len(record.actions)} actions)")


def _play(g: Any, state: Any, seat: int, players: dict[int, Any], record: Replay, game: str) -> None:
    """The game loop; every applied action is recorded in ``record``."""
    console.print(f"You are [bold]{state.table.seats[seat].label}[/]. Type an action number; "
                  "'e' ends your turn, 'b' redraws the board, 'q' quits.")
    show_board = True
    while g.outcome(state) is None:
        active = g.active_seats(state)
        bot_seats = [s for s in active if s != seat]
        if bot_seats and (seat not in active or state_is_team_turn(g, state, seat)):
            actor = bot_seats[0]
            legal = g.legal_actions(state, actor)
            action = players[actor].choose(g, state, actor, legal)
            events = g.apply(state, actor, action)
            record.record(actor, action)
            _print_events(events, seat)
            show_board = True
            continue
        if show_board and game == "swdbg":
            render_swdbg(g.view(state, seat))
            show_board = False
        legal = g.legal_actions(state, seat)
        for d in g.decisions(state):
            if seat in d.seats:
                console.print(f"[bold]{d.prompt}[/]")
        for i, a in enumerate(legal):
            console.print(f"  [cyan]{i:>2}[/] {g.describe_action(state, seat, a)}")
        answer = console.input("[bold]your choice> [/]").strip().lower()
        if answer in ("q", "quit", "exit"):
            console.print("Bye.")
            return
        if answer in ("b", "board"):
            show_board = True
            continue
        if answer in ("e", "end"):
            ends = [i for i, a in enumerate(legal) if a.kind == "end_turn"]
            if not ends:
                console.print("[red]You may not end your turn now.[/]")
                continue
            answer = str(ends[0])
        if not answer.isdigit() or not 0 <= int(answer) < len(legal):
            console.print(f"[red]Type a number from 0 to {len(legal) - 1}, 'b' or 'q'.[/]")
            continue
        events = g.apply(state, seat, legal[int(answer)])
        record.record(seat, legal[int(answer)])
        _print_events(events, seat)
        show_board = True
    outcome = g.outcome(state)
    assert outcome is not None
    render_swdbg(g.view(state, seat)) if game == "swdbg" else None
    console.print(Panel(f"[bold]{outcome.reason}[/]", title="Game over"))


def state_is_team_turn(g: Any, state: Any, seat: int) -> bool:
    """In a team turn the bots act first so the human's choices see their teammate's plays."""
    decisions = g.decisions(state)
    return bool(decisions) and decisions[0].kind == "main" and len(decisions[0].seats) > 1


def _print_events(events: list[Event], seat: int) -> None:
    for e in events:
        if e.visible_for(seat) and e.kind not in ("row",):
            console.print(f"  [dim]·[/] {e.text}")
