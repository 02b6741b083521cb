"""Playout throughput and state-copy timers for SWDBG, Wakfu and Jedi Knights, shared by ``allegiance bench`` and profiling.

* :func:`random_playout_rate` — random playouts through the public protocol (``legal_actions`` +
  ``apply_unchecked``; in a team turn one of the acting seats at random), in actions and games per s;
* :func:`copy_time_us` — the mean time of ``game.copy`` on a mid-game state, in µs.

Both run in this process, on one core.  As a script it prints both for every mode of a game:

    .venv/bin/python benchmarks/playouts.py --seconds 3
    .venv/bin/python benchmarks/playouts.py --game wakfu --seconds 3
    .venv/bin/python benchmarks/playouts.py --game jk --seconds 3 --cpu   # per CPU second (a shared machine)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance.core.rng import Rng  # noqa: E402
from allegiance.games import get_game  # noqa: E402

#: Wakfu's duel playouts: two different starters, Réactions asked only of seats that can react (as simulations)
WAKFU_OPTIONS: dict[str, Any] = {"decks": ["iop", "cra"], "reaction_prompts": "playable"}


def wakfu_options(mode: str) -> dict[str, Any]:
    """Wakfu's playout options for a mode: the duel's :data:`WAKFU_OPTIONS`; in teams the game's default
    decks (iop, feca, cra, xelor per team: two starters in one team would repeat a Unique card, WK-DECK-2),
    and from 5v5 on (five starters or more per team) ``team_uniques: ignore``."""
    if mode == "1v1":
        return dict(WAKFU_OPTIONS)
    out: dict[str, Any] = {"reaction_prompts": "playable"}
    if int(mode.split("v")[0]) > 4:
        out["team_uniques"] = "ignore"
    return out


def random_playout_rate(mode: str, seconds: float = 3.0, seed: int = 0, game_name: str = "swdbg",
                        options: dict[str, Any] | None = None, cpu: bool = False) -> dict[str, float]:
    """Play uniformly random games for about ``seconds``: ``{"actions_per_s", "games_per_s"}``.

    Whole games only: the clock is read after each game, so the run may last one game longer.  With
    ``cpu`` the clock is this process's CPU time, not the wall clock: on a machine shared with other jobs
    the wall clock counts the time they hold the cores, the CPU time does not (it still feels their
    cache misses, so it is an upper bound of what a quiet machine gives only roughly).
    """
    clock = time.process_time if cpu else time.perf_counter
    game = get_game(game_name)
    rng = Rng(seed + 1)
    actions = games = 0
    start = clock()
    while True:
        state = game.new_game(mode, seed + games, options or {})
        while game.outcome(state) is None:
            seats = game.active_seats(state)
            seat = seats[0] if len(seats) == 1 else seats[rng.below(len(seats))]
            legal = game.legal_actions(state, seat)
            game.apply_unchecked(state, seat, legal[rng.below(len(legal))])
            actions += 1
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed}


def mid_game_state(mode: str, turns: int = 10, seed: int = 4, game_name: str = "swdbg",
                   options: dict[str, Any] | None = None) -> Any:
    """A state after ``turns`` team turns of random play (decks, discards and rows well mixed)."""
    game = get_game(game_name)
    rng = Rng(2)
    state = game.new_game(mode, seed, options or {})
    while game.outcome(state) is None and state.turn < turns:
        seat = game.active_seats(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply_unchecked(state, seat, legal[rng.below(len(legal))])
    return state


def copy_time_us(mode: str, copies: int = 5000, repeats: int = 3, game_name: str = "swdbg",
                 options: dict[str, Any] | None = None, cpu: bool = False) -> float:
    """Mean time of ``game.copy`` of a mid-game state, in µs (best of ``repeats`` runs; ``cpu``: CPU time)."""
    clock = time.process_time if cpu else time.perf_counter
    game = get_game(game_name)
    state = mid_game_state(mode, game_name=game_name, options=options)
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        for _ in range(copies):
            game.copy(state)
        best = min(best, (clock() - start) / copies * 1e6)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="random-playout throughput and copy time")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", default="swdbg")
    parser.add_argument("--cpu", action="store_true", help="rates per second of this process's CPU time "
                        "(on a shared machine), not of the wall clock")
    args = parser.parse_args(argv)
    for mode in get_game(args.game).modes:
        options = wakfu_options(mode) if args.game == "wakfu" else None
        rate = random_playout_rate(mode, args.seconds, game_name=args.game, options=options, cpu=args.cpu)
        print(f"{args.game} {mode}: {rate['actions_per_s']:,.0f} actions/s, {rate['games_per_s']:.1f} games/s; "
              f"copy {copy_time_us(mode, game_name=args.game, options=options, cpu=args.cpu):.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
