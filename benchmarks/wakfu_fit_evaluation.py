"""Fit the weights of the Wakfu position evaluation (``allegiance.games.wakfu.search``) to games.

The evaluation is the logistic function of ``WEIGHTS · features(state)``, the features being the first
team's minus the second's (XP, PV, the Alliés' Force, Alliés in play, Havre Sac resistance, cards in
hand; see ``features``).  ISMCTS rolls out to the start of a turn and asks the evaluation there, so this
script plays noisy greedy duels (each action a random legal one with probability ``--noise``, so that
positions vary), records the features at the start of every turn, and fits the weights by logistic
regression of the final result (a draw counts one half) on them (``jk_fit_evaluation.fit``: Newton's
method, a small ridge).  Every sample appears mirrored too, so the fit has no first-team bias, with
columns that take up what the seat and the two decks are worth (+1 for the first team's, -1 for the
second's): not part of the evaluation, as they are the same for every move a player compares, but
without them the features would be credited with what a stronger deck brings.

The duels are every ordered pair of the four Incarnam starters in turn (Iop, Féca, Crâ, Xélor), with
``reaction_prompts=playable`` as the strength benchmark plays them.

    .venv/bin/python benchmarks/wakfu_fit_evaluation.py --games 1600 --workers 2

Prints each weight and the ``WEIGHTS`` line for ``search.py``, and the mean log loss of the fitted and
of the current weights on the same samples (the deck and seat columns fitted for both).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance.core.rng import Rng  # noqa: E402
from allegiance.games import get_game  # noqa: E402
from allegiance.games.wakfu.decks import STARTERS  # noqa: E402
from allegiance.games.wakfu.search import WEIGHTS, features  # noqa: E402
from allegiance.games.wakfu.strategy import greedy_choice  # noqa: E402
from benchmarks.jk_fit_evaluation import fit, noisy_step  # noqa: E402

#: the names of :func:`features`, in order
FEATURES = ("xp", "pv", "force", "allies", "sac", "hand")
#: every ordered pair of starters: game ``i`` plays ``PAIRS[i % 16]``
PAIRS = [(a, b) for a in STARTERS for b in STARTERS]
#: a game that reaches this many actions is left out (none should: the turn limit ends a game first)
ACTION_CAP = 200_000


def noisy_game(index: int, seed: int, noise: float) -> tuple[list[list[float]], float, tuple[str, str]]:
    """Noisy greedy duel ``index``: the features at the start of every turn, the first team's result and
    the two decks."""
    game = get_game("wakfu")
    decks = PAIRS[index % len(PAIRS)]
    state = game.new_game("1v1", seed * 100_003 + index, {"decks": list(decks), "reaction_prompts": "playable"})
    rng = Rng(seed * 7919 + index)
    taken: list[list[float]] = []
    turn = -1
    for _ in range(ACTION_CAP):
        if game.outcome(state) is not None:
            break
        if state.turn != turn:
            turn = state.turn
            taken.append(list(features(state)))
        noisy_step(game, state, rng, noise, greedy_choice)
    outcome = game.outcome(state)
    if outcome is None:
        return [], 0.5, decks
    return taken, float(outcome.scores[state.table.teams[0]]), decks


def _games(args: tuple[int, int, int, float]) -> list[tuple[list[list[float]], float, tuple[str, str]]]:
    first, count, seed, noise = args
    return [noisy_game(i, seed, noise) for i in range(first, first + count)]


def noisy_games(games: int, seed: int, noise: float, workers: int) -> Iterator[tuple[list[list[float]], float, tuple[str, str]]]:
    """The ``games`` duels of :func:`noisy_game`, in order, played by ``workers`` processes."""
    chunk = 16
    jobs = [(first, min(chunk, games - first), seed, noise) for first in range(0, games, chunk)]
    if workers <= 1:
        for job in jobs:
            yield from _games(job)
        return
    with ProcessPoolExecutor(workers) as pool:
        for done in pool.map(_games, jobs):
            yield from done


def samples(games: int, seed: int, noise: float, workers: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows of features, then the seat column, then one column per starter (+1 for the first team's deck,
    -1 for the second's), each with its mirror; the results (1, 0.5, 0) of the first team."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for taken, first, decks in noisy_games(games, seed, noise, workers):
        deck = [float(decks[0] == s) - float(decks[1] == s) for s in STARTERS]
        for f in taken:
            row = f + [1.0] + deck
            xs += [row, [-v for v in row]]
            ys += [first, 1.0 - first]
    return np.array(xs), np.array(ys)


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The mean log loss of the weights ``w`` on the samples."""
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    return float(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1600, help="noisy greedy duels (every ordered pair of starters in turn)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.1, help="the chance of a random legal action instead of greedy's")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    args = parser.parse_args(argv)
    if args.games < 1 or not 0 <= args.noise <= 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1, --noise between 0 and 1")
    x, y = samples(args.games, args.seed, args.noise, args.workers)
    w = fit(x, y)
    n = len(FEATURES)
    # the current weights, with the seat and deck columns fitted to them (those are the same for every move)
    current = np.array(WEIGHTS, dtype=float)
    extra = fit(x[:, n:], y, offset=x[:, :n] @ current)
    print(f"{len(y) // 2} samples (each also mirrored) of {args.games} duels, noise {args.noise}, seed {args.seed}")
    print(f"mean log loss: fitted {log_loss(x, y, w):.4f}; current weights "
          f"{log_loss(x, y, np.concatenate([current, extra])):.4f}")
    names = (*FEATURES, "first team (seat, not used)", *(f"deck {s} (not used)" for s in STARTERS))
    for name, v in zip(names, w, strict=True):
        print(f"  {name:28s} {v:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w[:n]) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
