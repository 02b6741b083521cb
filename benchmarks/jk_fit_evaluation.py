"""Fit the weights of the Jedi Knights position evaluation (``allegiance.games.jk.search``).

A side's strength is ``WEIGHTS · features(side)`` and the sides' chances are the softmax of their
strengths; with two sides that is the logistic function of the difference of their features.  This
script plays noisy greedy games of a two-sided line-up (each action is a random legal one with
probability ``--noise``, so that positions vary), records the features of both sides at the start of
every turn and after every control check (where the search's horizon stops), and fits the weights by
logistic regression (Newton's method, a small ridge) of the final result (a draw counts one half) on
the difference of the two sides' features; every sample appears mirrored too, so the fit has no
first-side bias; a last column, +1 for the first side (-1 mirrored), takes up what the two decks
differ by, so the features' weights do not (it is not part of the evaluation: it is the same for every
move a side compares).  It prints the weights in the order of ``FEATURES``.

    .venv/bin/python benchmarks/jk_fit_evaluation.py --games 3000 --seed 1   # about a minute

With three sides (``--mode AvEvI``) it fits a softmax over the sides instead (every side's features, one
weight vector shared by all, a deck column per side after the first) and prints ``WEIGHTS_THREE_SIDES``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance.core.rng import Rng  # noqa: E402
from allegiance.games import get_game  # noqa: E402
from allegiance.games.jk.search import FEATURES, features  # noqa: E402
from allegiance.games.jk.strategy import greedy_choice  # noqa: E402


def noisy_step(game: Any, state: Any, rng: Rng, noise: float, policy: Callable[..., Any]) -> None:
    """One action of the first active seat: a random legal one with probability ``noise``, else ``policy``'s."""
    seat = game.active_seats(state)[0]
    legal = game.legal_actions(state, seat)
    pick = legal[rng.below(len(legal))] if rng.below(1000) < noise * 1000 else policy(state, seat, legal, rng)
    game.apply_unchecked(state, seat, pick)


def noisy_games(mode: str, games: int, seed: int, noise: float) -> Iterator[tuple[list[list[list[float]]], list[float]]]:
    """Noisy greedy games of ``mode``: for each, every side's features at the start of every turn and after
    every control check, and the sides' results (the winner 1, a draw shared), in the table's order of sides."""
    game = get_game("jk")
    for i in range(games):
        state = game.new_game(mode, seed * 100_003 + i)
        rng = Rng(seed * 7919 + i)
        taken: list[list[list[float]]] = []
        mark = (-1, -1)
        while game.outcome(state) is None:
            now = (state.turn, len(state.controlled))
            if now != mark:
                mark = now
                taken.append(features(state))
            noisy_step(game, state, rng, noise, greedy_choice)
        outcome = game.outcome(state)
        assert outcome is not None
        yield taken, [float(outcome.scores[t]) for t in state.table.teams]


def samples(mode: str, games: int, seed: int, noise: float) -> tuple[np.ndarray, np.ndarray]:
    """Feature differences (first side minus second) and results (1, 0.5, 0) of noisy greedy games."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for taken, result in noisy_games(mode, games, seed, noise):
        first = result[0]
        for a, b in taken:
            r = [x - y for x, y in zip(a, b, strict=True)] + [1.0]
            xs += [r, [-x for x in r]]
            ys += [first, 1.0 - first]
    return np.array(xs), np.array(ys)


def side_samples(mode: str, games: int, seed: int, noise: float) -> tuple[np.ndarray, np.ndarray]:
    """For a line-up of three sides or more: every side's features (samples × sides × features, plus a
    column per side after the first that takes up what the decks differ by) and the sides' results, from
    the games :func:`samples` reads."""
    xs: list[list[list[float]]] = []
    ys: list[list[float]] = []
    for taken, result in noisy_games(mode, games, seed, noise):
        for fs in taken:
            xs.append([f + [1.0 if j == t else 0.0 for j in range(1, len(fs))] for t, f in enumerate(fs)])
            ys.append(result)
    return np.array(xs), np.array(ys)


def fit_sides(x: np.ndarray, y: np.ndarray, ridge: float = 1.0, steps: int = 30) -> np.ndarray:
    """Weights of a softmax over the sides (one weight vector shared by every side; the chance of a side is
    the softmax of ``x @ w`` over the sides), by Newton's method with a small ridge."""
    w = np.zeros(x.shape[2])
    for _ in range(steps):
        z = x @ w
        p = np.exp(z - z.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("nsf,ns->f", x, p - y) + ridge * w
        mean = np.einsum("nsf,ns->nf", x, p)
        hess = np.einsum("nsf,ns,nsg->fg", x, p, x) - np.einsum("nf,ng->fg", mean, mean) + ridge * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0, steps: int = 30,
        offset: np.ndarray | float = 0.0) -> np.ndarray:
    """Logistic regression without intercept (the classes are mirrored), by Newton's method; ``offset``:
    a fixed part of each sample's linear term (the contribution of weights held as they are)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w + offset)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="fit the jk evaluation weights to noisy greedy games")
    parser.add_argument("--mode", default="AvE")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.1)
    args = parser.parse_args(argv)
    sides = len(get_game("jk").table_for(args.mode).teams)
    if sides > 2:
        x3, y3 = side_samples(args.mode, args.games, args.seed, args.noise)
        w = fit_sides(x3, y3)
        z = x3 @ w
        p3 = np.exp(z - z.max(axis=1, keepdims=True))
        p3 /= p3.sum(axis=1, keepdims=True)
        loss = -np.mean(np.sum(y3 * np.log(p3 + 1e-12), axis=1))
        print(f"{len(y3)} samples of {args.games} games, {sides} sides; mean log loss {loss:.4f}")
        bias = [f"side_{j + 1} (deck bias, not used)" for j in range(1, sides)]
        for name, v in zip((*FEATURES, *bias), w, strict=True):
            print(f"  {name:24s} {v:+.3f}")
        print("WEIGHTS_THREE_SIDES = (" + ", ".join(f"{v:.3f}" for v in w[:len(FEATURES)]) + ")")
        return 0
    x, y = samples(args.mode, args.games, args.seed, args.noise)
    w = fit(x, y)
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
    print(f"{len(y)} samples of {args.games} games; mean log loss {loss:.4f}")
    for name, v in zip((*FEATURES, "first_side (deck bias, not used)"), w, strict=True):
        print(f"  {name:24s} {v:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w[:-1]) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
