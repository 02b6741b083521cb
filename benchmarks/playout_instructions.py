"""Instructions per action of Wakfu random playouts, counted by Valgrind's cachegrind: a measure of the
engine's cost that the shared machine's load does not move (the wall clock does, by ±20 % in a day).

It plays the loop of ``benchmarks/playouts.py`` (seeds 0, 1, 2...; in a team turn one of the acting seats
at random) for a number of whole games under ``valgrind --tool=cachegrind``, once with no game to count the
start-up (imports, card data, the first deal), and divides the difference by the number of actions.
``PYTHONHASHSEED=0`` keeps the count the same from run to run (string hashing moves it by about 0.2 %).

    .venv/bin/python benchmarks/playout_instructions.py                 # 1v1 (20 games) and 4v4 (5 games)
    .venv/bin/python benchmarks/playout_instructions.py --modes 1v1 --games 20
    .venv/bin/python benchmarks/playout_instructions.py --checkout ../other   # another checkout's code

Needs ``valgrind`` on the PATH; each mode takes about half a minute.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the games per mode by default: about 16,000 actions in 1v1 and 38,000 at 4v4
DEFAULT_GAMES = {"1v1": 20, "4v4": 5}


def play(checkout: str, mode: str, games: int) -> int:
    """Play ``games`` seeded random games of ``mode`` with the code of ``checkout``; the number of actions."""
    sys.path.insert(0, checkout)
    from allegiance.core.rng import Rng
    from allegiance.games import get_game
    from benchmarks.playouts import wakfu_options

    game = get_game("wakfu")
    options = wakfu_options(mode)
    game.new_game(mode, 0, options)  # the start-up: counted by the run with no game too
    rng = Rng(1)
    actions = 0
    for seed in range(games):
        state = game.new_game(mode, seed, options)
        while game.outcome(state) is None:
            seats = game.active_seats(state)
            seat = seats[0] if len(seats) == 1 else seats[rng.below(len(seats))]
            legal = game.legal_actions(state, seat)
            game.apply_unchecked(state, seat, legal[rng.below(len(legal))])
            actions += 1
    return actions


def instructions(checkout: str, mode: str, games: int) -> int:
    """The instructions cachegrind counts for a run of :func:`play` (as a child process)."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--play", "--checkout", checkout, "--modes", mode, "--games", str(games)]
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
                         check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr}")
    return int(found.group(1).replace(",", ""))


def play_count(checkout: str, mode: str, games: int) -> int:
    """The actions of the measured games, counted in a plain child process (this one may hold other code)."""
    command = [sys.executable, __file__, "--play", "--checkout", checkout, "--modes", mode, "--games", str(games)]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    return int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="cachegrind instructions per action of Wakfu random playouts")
    parser.add_argument("--modes", default="1v1,4v4", help="comma-separated modes (default 1v1,4v4)")
    parser.add_argument("--games", type=int, default=None, help="games per mode (default: 20 in 1v1, 5 at 4v4)")
    parser.add_argument("--checkout", default=str(ROOT), help="the source checkout whose code is measured")
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)  # the child run under valgrind
    args = parser.parse_args(argv)
    checkout = str(Path(args.checkout).resolve())
    for mode in args.modes.split(","):
        games = args.games if args.games is not None else DEFAULT_GAMES.get(mode, 5)
        if args.play:
            print(play(checkout, mode, games))
            continue
        actions = play_count(checkout, mode, games)
        per_action = (instructions(checkout, mode, games) - instructions(checkout, mode, 0)) / actions
        print(f"wakfu {mode}: {per_action:,.0f} instructions/action ({games} games, {actions:,} actions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
