"""Fit the weights of the SWDBG position evaluation (``allegiance.games.swdbg.search``).

The evaluation is a logistic function of Empire-minus-Rebel features whose weights depend on the
stage of the game: ``LATE_WEIGHTS + EARLY_WEIGHTS * exp(-turn / PHASE_TURNS)``.  Search uses it to
compare the positions its moves lead to, so the weights are fitted to what a change in a position
does to the win chance, not to which positions happen to precede wins:

1. **interventions**: greedy games (a third of them take a random purchase, use, attack, end of turn
   or answer instead of the greedy move 10 % of the time, another third 20 %) are stopped at the
   start of some team turns (where ISMCTS rollouts stop), and one random change is made to a copy:
   a starter exiled, a galaxy card gained or a bought card lost, 1-4 base damage, the Force moved
   one step, a capital ship destroyed, a galaxy row card discarded.  Both positions are scored by
   the same ``--playouts`` greedy playouts to the end (same seeds: the difference is measured
   paired, which cuts its noise), and the weights are the least-squares fit of the score
   differences, linearised around each pair's mean win chance;
2. **whose turn it is** cannot be changed by an intervention: its weight is a one-parameter logistic
   fit on the final results of noisy greedy games, the other features' contribution held fixed.

Fitting the final results of greedy games instead (the earlier method, six features, fixed
weights) valued base damage over deck building in the first turns: there, interventions show a
starter exiled or a card gained to be worth two to four times what that fit said (in the first six
team turns about +0.085 and +0.07 win chance for one starter exiled or one card gained, against
-0.016 for 1-4 base damage taken).  ISMCTS at 300 iterations, 1v1, seed 2026 (2026-11-23): the
old weights beat greedy in 68 % of games 0-99; weights fitted this way on the first ~3,000
interventions of the default run, in 77 % of the same games and 78.5 % of games 0-199; the
committed weights are what the default run prints (checked 2026-11-23: the same digits, R^2 0.147; its
strength: see ``benchmarks/strength.py``).

    .venv/bin/python benchmarks/fit_evaluation.py --workers 2    # ~20 min on 2 cores, 4,928 interventions

Prints the weights to paste into ``search.py`` (``SIDE_WEIGHT`` is fitted with the new weights in the offset).
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance.core.rng import Rng  # noqa: E402
from allegiance.games import get_game  # noqa: E402
from allegiance.games.swdbg.rules import hp_left  # noqa: E402
from allegiance.games.swdbg.search import MIN_PROGRESS_WEIGHT, PHASE_TURNS, features  # noqa: E402
from allegiance.games.swdbg.state import SwdbgState  # noqa: E402
from allegiance.games.swdbg.strategy import STARTER_RANK, greedy_choice  # noqa: E402

#: action kinds a noisy game may take at random instead of the greedy move
DEVIATIONS = ("buy", "end_turn", "use", "commit", "choose")
#: features whose weight changes with the stage of the game (not the capital ships')
PHASED = (0, 1, 2, 4, 5, 6)
NAMES = ("progress", "owned", "worth", "ships", "force", "row", "row_neutral")
GAME = get_game("swdbg")


def greedy_step(state: SwdbgState, rng: Rng, noise: int) -> None:
    """One greedy action (a random seat among the active ones), a random deviation ``noise`` per mille."""
    seats = GAME.active_seats(state)
    seat = seats[rng.below(len(seats))]
    legal = GAME.legal_actions(state, seat)
    action = greedy_choice(state, seat, legal, rng)
    if rng.below(1000) < noise:
        other = [a for a in legal if a.kind in DEVIATIONS]
        if other:
            action = other[rng.below(len(other))]
    GAME.apply_unchecked(state, seat, action)


def playout(state: SwdbgState, rng: Rng) -> float:
    """Greedy to the end; the Empire's score."""
    while GAME.outcome(state) is None:
        seats = GAME.active_seats(state)
        s = seats[0] if len(seats) == 1 else seats[rng.below(len(seats))]
        legal = GAME.legal_actions(state, s)
        GAME.apply_unchecked(state, s, legal[0] if len(legal) == 1 else greedy_choice(state, s, legal, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome.scores["empire"]


def win_chance(state: SwdbgState, playouts: int, key: int) -> float:
    """The Empire's mean score over ``playouts`` greedy playouts seeded by ``key`` (pairs share a key)."""
    total = 0.0
    for i in range(playouts):
        copy = state.copy()
        copy.rng = Rng(key * 1000 + i)
        total += playout(copy, Rng(key * 7 + i))
    return total / playouts


def intervene(s: SwdbgState, rng: Rng) -> str | None:
    """Change ``s`` at random in one way (see module doc); the kind of change, or None if it did not apply."""
    kind = rng.below(7)
    team = rng.below(2)
    players = [p for p in s.players if p.team == team]
    p = players[rng.below(len(players))]
    if kind == 0:  # a starter exiled
        pool = [(z, c) for z in (p.discard, p.deck) for c in z if s.cards[c].name in STARTER_RANK]
        if not pool:
            return None
        zone, c = pool[rng.below(len(pool))]
        zone.remove(c)
        s.exiled.append(c)
        return "exile_starter"
    if kind == 1:  # base damage, never destroying the base
        if p.base is None:
            return None
        k = min(1 + rng.below(4), hp_left(s, p.base) - 1)
        if k <= 0:
            return None
        s.damage[p.base] = s.damage.get(p.base, 0) + k
        return "damage"
    if kind == 2:  # a galaxy row card discarded and replaced
        r = s.regions[p.region]
        if not r.row or not r.galaxy_deck:
            return None
        c = r.row[rng.below(len(r.row))]
        i = r.row.index(c)
        r.row.remove(c)
        r.galaxy_discard.append(c)
        r.row.insert(i, r.galaxy_deck.pop())
        return "row_remove"
    if kind == 3:  # a galaxy card of the player's faction or neutral gained
        r = s.regions[p.region]
        pool = [c for c in r.galaxy_deck if s.cards[c].faction in (p.faction, "neutral")]
        if not pool:
            return None
        c = pool[rng.below(len(pool))]
        r.galaxy_deck.remove(c)
        p.discard.append(c)
        return "gain"
    if kind == 4:  # the Force one step either way
        step = 1 if rng.below(2) else -1
        if not 0 <= s.force + step <= 6:
            return None
        s.force += step
        return "force"
    if kind == 5:  # a bought card lost
        pool = [c for c in p.discard if s.cards[c].name not in STARTER_RANK]
        if not pool:
            return None
        c = pool[rng.below(len(pool))]
        p.discard.remove(c)
        s.exiled.append(c)
        return "remove_card"
    if not p.ships:  # a capital ship destroyed
        return None
    c = p.ships[rng.below(len(p.ships))]
    p.ships.remove(c)
    s.damage.pop(c, None)
    p.discard.append(c)
    return "ship"


def interventions(job: tuple[str, int, int, int, int]) -> list[tuple[Any, ...]]:
    """``games`` noisy greedy games from ``seed``; at a team turn's start (``percent`` % of them) one
    intervention: rows of (turn, features before, features after, win chance before, after, kind)."""
    mode, games, seed, playouts, percent = job
    rows: list[tuple[Any, ...]] = []
    key = 0
    for g in range(games):
        state = GAME.new_game(mode, seed + g)
        rng = Rng(seed + g)
        noise = (0, 100, 200)[g % 3]
        last = state.turn
        while GAME.outcome(state) is None:
            if state.turn != last:
                last = state.turn
                if rng.below(100) < percent and not state.pending and state.attack is None:
                    after = state.copy()
                    kind = intervene(after, rng)
                    if kind is not None:
                        key += 1
                        before = state.copy()
                        rows.append((state.turn, features(before), features(after),
                                     win_chance(before, playouts, key), win_chance(after, playouts, key), kind))
            greedy_step(state, rng, noise)
    return rows


def fit_interventions(rows: list[tuple[Any, ...]], l2: float = 1e-2) -> tuple[np.ndarray, np.ndarray, float]:
    """Late and early weights of the first seven features; and the R^2 of score differences."""
    turn = np.array([r[0] for r in rows], float)
    diff = np.array([r[2][:7] for r in rows]) - np.array([r[1][:7] for r in rows])
    before, after = np.array([r[3] for r in rows]), np.array([r[4] for r in rows])
    mean = np.clip((before + after) / 2, 0.05, 0.95)
    slope = mean * (1 - mean)  # d sigmoid / dz at the pair's win chance
    early = np.exp(-turn / PHASE_TURNS)
    x = np.concatenate([diff, diff[:, PHASED] * early[:, None]], axis=1) * slope[:, None]
    y = after - before
    w = np.linalg.solve(x.T @ x + l2 * np.eye(x.shape[1]), x.T @ y)
    r2 = 1 - float(np.mean((y - x @ w) ** 2) / np.mean(y ** 2))
    extra = np.zeros(7)
    extra[list(PHASED)] = w[7:]
    return w[:7], extra, r2


def phase_weights(late: np.ndarray, early: np.ndarray, turn: int) -> list[float]:
    """The first seven features' weights at ``turn``, as ``search.weights`` computes them."""
    w = [float(a + b * math.exp(-turn / PHASE_TURNS)) for a, b in zip(late, early, strict=True)]
    w[0] = max(w[0], MIN_PROGRESS_WEIGHT)
    return w


def side_weight(late: np.ndarray, early: np.ndarray, games: int, seed: int) -> float:
    """The weight of whose turn it is: logistic fit of greedy games' results after each team turn,
    every other feature counted with the fitted weights (an offset)."""
    offsets, sides, results = [], [], []
    for g in range(games):
        for mode in ("1v1", "2v2") if g % 3 == 0 else ("1v1",):
            state = GAME.new_game(mode, seed + g)
            rng = Rng(g)
            noise = (0, 100, 250)[g % 3]
            rows = []
            last = state.turn
            while GAME.outcome(state) is None:
                if state.turn != last:
                    last = state.turn
                    f = features(state)
                    w = phase_weights(late, early, state.turn)
                    rows.append((sum(a * b for a, b in zip(w, f[:7], strict=True)), f[7]))
                greedy_step(state, rng, noise)
            outcome = GAME.outcome(state)
            assert outcome is not None
            for offset, side in rows:
                offsets.append(offset)
                sides.append(side)
                results.append(outcome.scores["empire"])
    o, s, y = np.array(offsets), np.array(sides), np.array(results)
    w = 0.0
    for _ in range(30):  # Newton's method on one parameter
        p = 1 / (1 + np.exp(-(o + w * s)))
        w -= float(np.sum((p - y) * s)) / float(np.sum(p * (1 - p) * s * s) + 1e-9)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="1v1 games per seed of the interventions")
    parser.add_argument("--seeds", type=int, nargs="+", default=[40000, 50000])
    parser.add_argument("--playouts", type=int, default=48, help="greedy playouts scoring each position")
    parser.add_argument("--percent", type=int, default=30, help="share of team turns with an intervention")
    parser.add_argument("--side-games", type=int, default=600, help="games of the side-to-move fit")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [("1v1", args.games, seed, args.playouts, args.percent) for seed in args.seeds]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            chunks = list(pool.map(interventions, jobs))
    else:
        chunks = [interventions(job) for job in jobs]
    rows = [r for chunk in chunks for r in chunk]
    late, early, r2 = fit_interventions(rows)
    print(f"{len(rows)} interventions; R^2 of the paired score differences {r2:.3f}")
    for kind in sorted({r[5] for r in rows}):
        mine = [r for r in rows if r[5] == kind]
        spread = np.std([r[4] - r[3] for r in mine]) / math.sqrt(len(mine))
        print(f"  {kind}: {len(mine)}, mean |change| {np.mean([abs(r[4] - r[3]) for r in mine]):.3f} (se {spread:.3f})")
    for name, a, b in zip(NAMES, late, early, strict=True):
        print(f"  {name}: late {a:+.4f}, early extra {b:+.4f}")
    print("LATE_WEIGHTS = (" + ", ".join(f"{v:.4g}" for v in late) + ")")
    print("EARLY_WEIGHTS = (" + ", ".join(f"{v:.4g}" for v in early) + ")")
    print(f"SIDE_WEIGHT = {side_weight(late, early, args.side_games, 1000):.3g}")


if __name__ == "__main__":
    main()
