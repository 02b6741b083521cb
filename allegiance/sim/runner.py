"""Play one game between bots, capturing a per-game record (for summaries and balance reports)."""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from allegiance.bots import make_bot
from allegiance.core.hooks import CardRecorder
from allegiance.core.rng import Rng
from allegiance.games import get_game
from allegiance.replay import Replay

#: a hard cap on actions per game, on top of each game's own turn limit, so nothing can hang
MAX_ACTIONS = 200_000


@dataclass
class GameResult:
    """What one simulated game produced."""

    index: int
    seed: int
    game: str
    mode: str
    bots: list[str]
    teams: list[str]  # team of each seat
    winners: list[str] = field(default_factory=list)
    draw: bool = False
    turns: int = 0
    actions: int = 0
    error: str | None = None
    reason: str = ""
    # What the game's record hooks (Game.record_hooks) record: the per-turn track and the card events.
    track_name: str = ""  # the track's key (TrackInfo.name); "" when the game records none
    track: list[int | float] = field(default_factory=list)  # the track's value at the start of each turn
    card_verb: str = ""  # what a card event is ("bought", "played"); "" when the game records none
    card_events: list[list[Any]] = field(default_factory=list)  # [seat, card name, turn]
    first_team: str | None = None  # the team that took the first turn (the team of turn_order[0])
    turn_order: list[int] = field(default_factory=list)  # seats in the order they play (Game.turn_order)
    replay: dict[str, Any] | None = None  # the game's replay file, when asked for (``keep_replay``)

    def to_json(self) -> dict[str, Any]:
        """The per-game record of ``games.jsonl`` (the replay is written to its own file)."""
        out = asdict(replace(self, replay=None))  # not a deep copy of the replay, only to drop it
        del out["replay"]
        return out


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``master`` (independent of how games are split)."""
    return Rng(master).fork(index + 1).next64() & 0x7FFFFFFF


def play_game(game_name: str, mode: str, bots: list[str], seed: int, index: int = 0,
              options: dict[str, Any] | None = None, record: bool = True, keep_replay: bool = False) -> GameResult:
    """Play one game to the end; an exception inside the engine is recorded, never raised.

    With ``keep_replay`` the result carries the game's replay file (``allegiance.replay``), the
    actions of an unfinished game included."""
    game = get_game(game_name)
    state = game.new_game(mode, seed, options or {})
    teams = [s.team for s in state.table.seats]
    result = GameResult(index, seed, game_name, mode, list(bots), teams)
    result.turn_order = [int(s) for s in game.turn_order(state)]
    if result.turn_order:
        result.first_team = teams[result.turn_order[0]]
    players = [make_bot(kind, seed * 31 + i) for i, kind in enumerate(bots)]
    chooser = Rng(seed ^ 0x5EED)
    last_turn = -1
    # What the game records (Game.record_hooks); with nothing to record the loop does no extra work.
    hooks = game.record_hooks() if record else None
    track_value = hooks.track_value if hooks is not None and hooks.track is not None else None
    recorder: CardRecorder | None = None
    card_kinds: frozenset[str] | None = None
    if hooks is not None and hooks.card_recorder is not None:
        recorder = hooks.card_recorder()
        card_kinds = hooks.card_kinds
        result.card_verb = hooks.card_verb
    if track_value is not None and hooks is not None and hooks.track is not None:
        result.track_name = hooks.track.name
    log: list[tuple[int, Any]] | None = [] if keep_replay else None
    try:
        while game.outcome(state) is None:
            if result.actions >= MAX_ACTIONS:
                raise RuntimeError(f"game exceeded {MAX_ACTIONS} actions")
            seats = game.active_seats(state)
            # Several seats may act (a team turn): pick one at random, reproducibly.
            seat = seats[0] if len(seats) == 1 else seats[chooser.below(len(seats))]
            legal = game.legal_actions(state, seat)
            action = players[seat].choose(game, state, seat, legal)
            if track_value is not None:
                turn = getattr(state, "turn", 0)
                if turn != last_turn:
                    last_turn = turn
                    result.track.append(track_value(state))
            if recorder is not None and (card_kinds is None or action.kind in card_kinds):
                done = recorder.step(state, seat, action)
                if done:
                    turn = getattr(state, "turn", 0)
                    result.card_events.extend([who, name, turn] for who, name in done)
            game.apply_unchecked(state, seat, action)
            result.actions += 1
            if log is not None:
                log.append((seat, action))
        if recorder is not None:
            done = recorder.end(state)
            if done:
                turn = getattr(state, "turn", 0)
                result.card_events.extend([who, name, turn] for who, name in done)
    except Exception as exc:  # noqa: BLE001 - a simulation reports engine errors instead of dying
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
        if log is not None:
            result.replay = Replay(game_name, mode, seed, dict(options or {}), list(bots), log).to_json()
        return result
    outcome = game.outcome(state)
    # the turn order again at the end: a first decision of the game may have fixed it (Wakfu 102.2)
    result.turn_order = [int(s) for s in game.turn_order(state)]
    if result.turn_order:
        result.first_team = teams[result.turn_order[0]]
    if log is not None:
        result.replay = Replay(game_name, mode, seed, dict(options or {}), list(bots), log).to_json(outcome)
    assert outcome is not None
    result.winners = list(outcome.winners)
    result.draw = outcome.draw
    result.reason = outcome.reason
    result.turns = getattr(state, "turn", 0)
    return result
