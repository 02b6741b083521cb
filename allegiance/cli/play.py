"""``allegiance play``: play against bots in the terminal.

The board is drawn in full at the start of each of your turns (and on ``b``); after each of your actions
only a status line follows. In a team turn a bot teammate moves one step at a time, when you press Enter
(or after you end your turn), each move shown with the reason for it. ``c NAME`` (or ``c N`` for the
card of action N) prints a card's full text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.panel import Panel

from allegiance.bots import BOT_SPEC_HELP, make_bot
from allegiance.cli import app
from allegiance.cli.common import DECK_HELP, console, fail, game_options, guarded, load_game, new_state
from allegiance.cli.generic_board import card_lines, draw_generic
from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError
from allegiance.core.events import Event
from allegiance.core.refusals import SenderView
from allegiance.replay import Replay

HELP = ("Type an action number (or a card's name, or an action as JSON: a card that cannot be used now "
        "says why); Enter lets a bot teammate make its next move; 'e' ends your turn, "
        "'c NAME' or 'c N' shows a card's text, 'b' redraws the board, 'q' quits.")


@app.command()
@guarded
def play(
    game: Annotated[str, typer.Argument(help="game name, e.g. swdbg")],
    mode: Annotated[str, typer.Option(help="table mode, e.g. 1v1 or 2v2")] = "1v1",
    seat: Annotated[int, typer.Option(help="your seat (0 = Empire in 1v1)")] = 0,
    bots: Annotated[str, typer.Option(help="the bot for the other seats; " + BOT_SPEC_HELP)] = "greedy",
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
    deck: Annotated[list[str] | None, typer.Option("--deck", help=DECK_HELP)] = None,
    save: Annotated[Path | None, typer.Option(help="write the game's replay file here when the game ends or "
                                              "you quit (`allegiance replay FILE` replays it)")] = None,
) -> None:
    """Play against bots in the terminal: the board, numbered legal actions, what the bots did and why."""
    g = load_game(game)
    options = game_options(g, option, deck)
    state = new_state(g, mode, seed, options)
    n = len(state.table.seats)
    if not 0 <= seat < n:
        fail(f"mode {mode} has seats 0..{n - 1}")
    try:
        players = {s: make_bot(bots, seed * 7 + s) for s in range(n) if s != seat}
    except ValueError as exc:
        fail(str(exc))
    if save is not None and not save.parent.is_dir():
        fail(f"cannot save to {save}: the folder {save.parent} does not exist")
    record = Replay(game, mode, seed, options, ["human" if s == seat else bots for s in range(n)])
    try:
        Session(g, state, seat, players, record).run()
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


class Session:
    """One terminal game: the loop, the board and the bots' moves; every applied action goes to ``record``."""

    def __init__(self, game: Any, state: Any, seat: int, bots: dict[int, Any], record: Replay) -> None:
        self.game, self.state, self.seat, self.bots, self.record = game, state, seat, bots, record
        self.catalog = game.card_catalog()
        self.hooks = game.terminal_hooks()  # the game's own board, notes and reasons; generic where it has none
        self.team = state.table.seats[seat].team
        self.board_due = True
        self.my_turn_seen = -1
        self.listed: list[Action] | None = None  # the actions last listed
        self.held: list[Event] = []  # opponents' events, printed together when it is your move again

    def run(self) -> None:
        g, state, seat = self.game, self.state, self.seat
        console.print(f"You are [bold]{state.table.seats[seat].label}[/]. {HELP}")
        while g.outcome(state) is None:
            active = g.active_seats(state)
            bots_active = [s for s in active if s != seat and state.table.seats[s].team == self.team]
            others = [s for s in active if s != seat and s not in bots_active]
            if seat not in active or others:
                self.bot_move((others or bots_active)[0])
                continue
            self.flush()
            if state.turn != self.my_turn_seen:
                self.my_turn_seen, self.board_due = state.turn, True
            view = g.view(state, seat)
            if self.board_due:
                self.draw_board(view)
                self.board_due, self.listed = False, None
            legal = g.legal_actions(state, seat)
            if legal != self.listed:  # not again after a card's text, a typing mistake or a teammate's move
                self.listed = legal
                for d in g.decisions(state):
                    if seat in d.seats:
                        console.print(f"[bold]{escape(d.prompt)}[/]")
                attack = {c["id"]: c.get("attack", 0) for p in view["players"]
                          for c in p.get("units", []) + p.get("ships", [])}
                for i, a in enumerate(legal):
                    console.print(f"  [cyan]{i:>2}[/] {escape(self.describe(a, attack))}", highlight=False)
                if bots_active:
                    console.print("  [dim]Enter: your teammate's next move[/]")
            if not self.answer(console.input("[bold]your choice> [/]").strip(), legal, bots_active):
                return
        self.flush()
        outcome = g.outcome(state)
        assert outcome is not None
        self.draw_board(g.view(state, seat))
        console.print(Panel(f"[bold]{escape(outcome.reason)}[/]", title="Game over"))

    def draw_board(self, view: dict[str, Any]) -> None:
        """The game's own board if it has one, else the generic board of the view."""
        if self.hooks.board is not None:
            self.hooks.board(console, view, self.catalog)
        else:
            draw_generic(console, view)

    def answer(self, text: str, legal: list[Action], bots_active: list[int]) -> bool:
        """Act on one line typed by the player; False to quit."""
        word = text.lower()
        if word in ("q", "quit", "exit"):
            console.print("Bye.")
            return False
        if word in ("b", "board"):
            self.board_due = True
            return True
        if word in ("", "n", "next"):
            if bots_active:
                self.bot_move(bots_active[0])
            return True
        if word.startswith("c ") or word.startswith("card "):
            self.show_card(text.split(None, 1)[1], legal)
            return True
        if word in ("e", "end"):
            ends = [i for i, a in enumerate(legal) if a.kind == "end_turn"]
            if not ends:
                console.print("[red]You may not end your turn now.[/]")
                return True
            word = str(ends[0])
        if word.startswith("{"):
            return self.typed_action(text, legal)
        if not word.isdigit() and (word.startswith("p ") or len(word) > 1):
            found = self.typed_card(text.split(None, 1)[1] if word.startswith("p ") else text, legal)
            if found is None:
                return True
            word = str(found)
        if not word.isdigit() or not 0 <= int(word) < len(legal):
            console.print(f"[red]Type a number from 0 to {len(legal) - 1}, a card's name, or one of: e, c NAME, b, q.[/]")
            return True
        self.take(legal[int(word)])
        return True

    def typed_action(self, text: str, legal: list[Action]) -> bool:
        """An action typed as JSON: taken if legal, else the game's reason why not."""
        try:
            action = Action.from_json(json.loads(text))
        except (ValueError, AllegianceError) as exc:
            console.print(f"[red]That is no action: {escape(str(exc))}[/]")
            return True
        reason = self.game.why_not(self.state, self.seat, action)
        if reason is not None:
            console.print(f"[red]Not now: {escape(reason)}[/]")
            return True
        self.take(action)
        return True

    def typed_card(self, what: str, legal: list[Action]) -> int | None:
        """A card of yours named (a prefix will do): the number of its only action, or None after saying
        its actions' numbers, or the game's reason why it has none now."""
        view = self.game.view(self.state, self.seat)
        names = SenderView(lambda: view).cards
        asked = self.game.card_actions(self.state, self.seat)
        wanted = what.strip().lower()
        mine = [c for c in asked if names.get(c, "").lower() == wanted] or \
            [c for c in asked if names.get(c, "").lower().startswith(wanted)]
        if not mine:
            console.print(f"[red]None of your cards is called {escape(what)!r}; type an action number, or one of: "
                          "e, c NAME, b, q.[/]")
            return None
        for card in mine:  # the first copy with a legal action, else the reason of the first
            numbers = [i for i, a in enumerate(legal) if any(type(v) is int and v == card for _, v in a.params)]
            if len(numbers) == 1:
                return numbers[0]
            if numbers:
                console.print(f"{escape(names[card])}: actions {', '.join(map(str, numbers))}")
                return None
        reasons = self.game.card_reasons(self.state, self.seat, view)
        reason = reasons.get(mine[0]) or self.game.why_not(self.state, self.seat, asked[mine[0]]) or "no action now"
        console.print(f"[red]{escape(names[mine[0]])}: not now: {escape(reason)}[/]")
        return None

    def take(self, action: Action) -> None:
        """Apply one of your actions and show what followed."""
        events = self.game.apply(self.state, self.seat, action)
        self.record.record(self.seat, action)
        self.print_events(events)
        if self.hooks.status is not None and self.game.outcome(self.state) is None \
                and self.seat in self.game.active_seats(self.state):
            self.hooks.status(console, self.game.view(self.state, self.seat), self.catalog)
            self.listed = None

    def describe(self, action: Action, attack: dict[int, int]) -> str:
        """An action of yours in words, with the cost and numbers of the card it plays or buys, and for an
        attack the attacker's attack now against the target's value (``attack``: card id -> attack now)."""
        text = self.game.describe_action(self.state, self.seat, action)
        label = self.state.table.seats[self.seat].label
        text = text.removeprefix(f"{label}: ")
        card = action.get("card")
        if action.kind == "commit" and card in attack:
            target = action.get("target")
            text += f"  — {attack[card]} atk"
            if isinstance(target, int) and target in self.state.cards:
                info = self.catalog.get(self.state.cards[target].name, {})
                text += f" vs target {info.get('target_value') or info.get('hit_points') or 0}"
        elif action.kind in ("buy", "pay_off", "play") and isinstance(card, int) and card in self.state.cards:
            info = self.catalog.get(self.state.cards[card].name)
            if info and self.hooks.card_note is not None:
                text += f"  — {self.hooks.card_note(info)}"
        return text

    def show_card(self, what: str, legal: list[Action]) -> None:
        """``c NAME`` (a prefix will do) or ``c N`` (the card of action N): the card's full text."""
        name = None
        if what.strip().isdigit() and 0 <= int(what) < len(legal):
            card = legal[int(what)].get("card")
            if isinstance(card, int) and card in self.state.cards:
                name = self.state.cards[card].name
        else:
            wanted = what.strip().lower()
            matches = [n for n in self.catalog if n.lower() == wanted] or \
                [n for n in self.catalog if n.lower().startswith(wanted)] or \
                [n for n in self.catalog if wanted in n.lower()]
            if len(matches) > 1:
                console.print(f"[red]{len(matches)} cards start with {escape(what)!r}: "
                              f"{escape(', '.join(matches[:8]))}{'…' if len(matches) > 8 else ''}[/]")
                return
            name = matches[0] if matches else None
        if name is None:
            console.print(f"[red]No card {escape(what)!r}: type part of its name, or an action number.[/]")
            return
        info = self.catalog[name]
        text = self.hooks.card_text(info) if self.hooks.card_text is not None else card_lines(info)
        console.print(Panel(text, expand=False))

    def bot_move(self, actor: int) -> None:
        """One bot move. A teammate's is shown with its reason; an opponent's through its public events."""
        g, state = self.game, self.state
        legal = g.legal_actions(state, actor)
        bot = self.bots[actor]
        action = bot.choose(g, state, actor, legal)
        teammate = state.table.seats[actor].team == self.team
        line = None
        if teammate:
            label = state.table.seats[actor].label
            said = "makes a choice" if action.kind == "choose" else \
                g.describe_action(state, actor, action).removeprefix(f"{label}: ")
            why = self.reason(actor, action, bot)
            line = f"[bold]{escape(label)}[/] ({escape(bot.name)}): {escape(said)}" + \
                (f" [dim]— {escape(why)}[/]" if why else "")
        events = g.apply(state, actor, action)
        self.record.record(actor, action)
        if line:
            self.flush()
            console.print(line, highlight=False)
            # the move's own event says what the line above said
            self.print_events([e for e in events if not (e.seat == actor and e.kind == action.kind)])
        else:
            self.held.extend(events)

    def flush(self) -> None:
        """Print the opponents' held events."""
        held, self.held = self.held, []
        self.print_events(held)

    def reason(self, actor: int, action: Action, bot: Any) -> str:
        if self.hooks.explain is not None:
            why = self.hooks.explain(self.state, actor, action, bot.name)
            if why:
                return why
        if bot.name == "random":
            return "a random legal action"
        return ""

    def print_events(self, events: list[Event]) -> None:
        """The events this seat may see; a run of one player's plays (or commits) makes one line."""
        lines: list[str] = []
        run_key: tuple[Any, ...] | None = None
        for e in events:
            if not e.visible_for(self.seat) or e.kind == "row":
                continue
            verb = {"play": " plays ", "commit": " commits "}.get(e.kind)
            head, sep, rest = e.text.partition(verb) if verb else ("", "", "")
            key = (e.kind, e.seat, head)
            if sep and run_key == key and lines:
                lines[-1] += f", {rest}"
            else:
                lines.append(e.text)
            run_key = key if sep else None
        for text in lines:
            console.print(f"  [dim]· {escape(text)}[/]", highlight=False)
