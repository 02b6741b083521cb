"""Fit the weights of the SWDBG position evaluation (``allegiance.games.swdbg.search.WEIGHTS``).

Plays greedy games with a little random play mixed in (for variety), records the evaluation
features at the start of each main phase and the final result, and fits a logistic regression by
Newton's method.  Prints the weights to paste into ``search.py``, with the fit's log loss.

    .venv/bin/python benchmarks/fit_evaluation.py --games 250
"""

from __future__ import annotations

import argparse

import numpy as np

from allegiance.core.rng import Rng
from allegiance.games import get_game
from allegiance.games.swdbg.search import features
from allegiance.games.swdbg.strategy import greedy_choice


def samples(mode: str, games: int, seed: int) -> tuple[list[tuple[float, ...]], list[float]]:
    """Features at each turn's main phase and the Empire's final score, over ``games`` games."""
    game = get_game("swdbg")
    xs: list[tuple[float, ...]] = []
    ys: list[float] = []
    for i in range(games):
        state = game.new_game(mode, seed + i)
        rng = Rng(i)
        noise = 50 * (i % 4)  # per mille of random moves: 0, 5, 10 or 15 %
        rows = []
        last = -1
        while game.outcome(state) is None:
            if state.turn != last and state.stage == "main":
                last = state.turn
                rows.append(features(state))
            seats = game.active_seats(state)
            seat = seats[rng.below(len(seats))]
            legal = game.legal_actions(state, seat)
            random_move = rng.below(1000) < noise
            action = legal[rng.below(len(legal))] if random_move else greedy_choice(state, seat, legal, rng)
            game.apply_unchecked(state, seat, action)
        outcome = game.outcome(state)
        assert outcome is not None
        xs += rows
        ys += [outcome.scores["empire"]] * len(rows)
    return xs, ys


def fit(xs: list[tuple[float, ...]], ys: list[float]) -> tuple[np.ndarray, float]:
    """Logistic regression weights (no intercept: the features are Empire-minus-Rebel) and log loss."""
    x, y = np.array(xs), np.array(ys)
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-6 * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, x.T @ (p - y))
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return w, float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=250, help="1v1 games (2v2: half as many)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    x1, y1 = samples("1v1", args.games, args.seed)
    x2, y2 = samples("2v2", args.games // 2, args.seed)
    w, loss = fit(x1 + x2, y1 + y2)
    print(f"{len(y1) + len(y2)} positions; log loss {loss:.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3g}" for v in w) + ")")


if __name__ == "__main__":
    main()
