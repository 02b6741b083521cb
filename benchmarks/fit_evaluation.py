"""Fit the weights of the SWDBG position evaluation (``allegiance.games.swdbg.search.WEIGHTS``).

Plays greedy games in which a third of the games take a random purchase, use, attack, end of turn
or answer instead of the greedy move 10 % of the time and another third 25 % of the time (so the
data shows what such choices do to the result), records the evaluation features right after each
team turn ends (where ISMCTS rollouts stop) and the final result, and fits an L2-regularised
logistic regression by Newton's method.  Prints the weights to paste into ``search.py``, with the
log loss on the training games and on held-out 1v1 games.

    .venv/bin/python benchmarks/fit_evaluation.py --games 600
"""

from __future__ import annotations

import argparse

import numpy as np

from allegiance.core.rng import Rng
from allegiance.games import get_game
from allegiance.games.swdbg.search import features
from allegiance.games.swdbg.strategy import greedy_choice

#: action kinds a noisy game may take at random instead of the greedy move
DEVIATIONS = ("buy", "end_turn", "use", "commit", "choose")


def samples(mode: str, games: int, seed: int) -> tuple[list[tuple[float, ...]], list[float]]:
    """Features right after each team turn and the Empire's final score, over ``games`` games."""
    game = get_game("swdbg")
    xs: list[tuple[float, ...]] = []
    ys: list[float] = []
    for i in range(games):
        state = game.new_game(mode, seed + i)
        rng = Rng(i)
        noise = (0, 100, 250)[i % 3]  # per mille of deviating moves
        rows = []
        last = state.turn
        while game.outcome(state) is None:
            if state.turn != last:
                last = state.turn
                rows.append(features(state))
            seats = game.active_seats(state)
            seat = seats[rng.below(len(seats))]
            legal = game.legal_actions(state, seat)
            action = greedy_choice(state, seat, legal, rng)
            if rng.below(1000) < noise:
                other = [a for a in legal if a.kind in DEVIATIONS]
                if other:
                    action = other[rng.below(len(other))]
            game.apply_unchecked(state, seat, action)
        outcome = game.outcome(state)
        assert outcome is not None
        xs += rows
        ys += [outcome.scores["empire"]] * len(rows)
    return xs, ys


def fit(xs: list[tuple[float, ...]], ys: list[float], l2: float = 1.0) -> np.ndarray:
    """Logistic regression weights (no intercept: the features are Empire-minus-Rebel)."""
    x, y = np.array(xs), np.array(ys)
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + l2 * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, x.T @ (p - y) + l2 * w)
    return w


def log_loss(w: np.ndarray, xs: list[tuple[float, ...]], ys: list[float]) -> float:
    x, y = np.array(xs), np.array(ys)
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="1v1 games (2v2: a third as many)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    x1, y1 = samples("1v1", args.games, args.seed)
    x2, y2 = samples("2v2", args.games // 3, args.seed)
    held_x, held_y = samples("1v1", args.games // 3, args.seed + 8000)
    w = fit(x1 + x2, y1 + y2)
    print(f"{len(y1) + len(y2)} positions; log loss {log_loss(w, x1 + x2, y1 + y2):.4f}, "
          f"held-out 1v1 {log_loss(w, held_x, held_y):.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3g}" for v in w) + ")")

if __name__ == "__main__":
    main()
