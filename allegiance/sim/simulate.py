"""Run many games, in parallel or not, and summarise them.  Results depend only on the master seed:
game ``i`` always gets the same seed and games are gathered in index order, whatever the workers."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from allegiance.sim.runner import GameResult, game_seed, play_game


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SimulationSummary:
    """The summary printed by ``allegiance simulate``."""

    game: str
    mode: str
    games: int
    seed: int
    bots: list[str]
    errors: int = 0
    draws: int = 0
    wins_by_team: dict[str, int] = field(default_factory=dict)
    wins_by_bot: dict[str, int] = field(default_factory=dict)
    win_rate_by_team: dict[str, float] = field(default_factory=dict)
    win_interval_by_team: dict[str, list[float]] = field(default_factory=dict)
    first_team_win_rate: float | None = None
    first_team_win_interval: list[float] | None = None  # its 95% Wilson interval
    mean_turns: float = 0.0
    mean_actions: float = 0.0
    error_samples: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def job_list(game: str, mode: str, bots: list[str], games: int, seed: int, alternate: bool,
             options: dict[str, Any], replays: bool = False) -> list[tuple[Any, ...]]:
    """One job per game.  With ``alternate``, odd games rotate the bots by one team."""
    jobs = []
    for i in range(games):
        seat_bots = list(bots)
        if alternate and i % 2 == 1:
            half = len(seat_bots) // 2
            seat_bots = seat_bots[half:] + seat_bots[:half]
        jobs.append((game, mode, seat_bots, game_seed(seed, i), i, options, replays))
    return jobs


def run_job(job: tuple[Any, ...]) -> GameResult:
    game, mode, bots, seed, index, options, *rest = job
    return play_game(game, mode, bots, seed, index, options, keep_replay=bool(rest and rest[0]))


def run_batch(jobs: list[tuple[Any, ...]]) -> list[GameResult]:
    """Several jobs in one call (amortises scheduling in process pools and on Ray)."""
    return [run_job(j) for j in jobs]


def batches(jobs: list[Any], size: int) -> list[list[Any]]:
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def run_jobs(jobs: list[tuple[Any, ...]], workers: int = 1, backend: str = "process",
             address: str | None = None, progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Run the jobs; results come back in job order."""
    results: list[GameResult] = []
    if backend == "ray":
        from allegiance.sim.ray_backend import run_on_ray
        results = run_on_ray(jobs, address=address, progress=progress)
    elif workers <= 1:
        for job in jobs:
            results.append(run_job(job))
            if progress:
                progress(1)
    else:
        size = max(1, min(50, len(jobs) // (workers * 4) or 1))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for batch in pool.map(run_batch, batches(jobs, size)):
                results.extend(batch)
                if progress:
                    progress(len(batch))
    results.sort(key=lambda r: r.index)
    return results


def summarise(game: str, mode: str, bots: list[str], seed: int, results: Iterable[GameResult]) -> SimulationSummary:
    results = list(results)
    summary = SimulationSummary(game, mode, len(results), seed, list(bots))
    turns = []
    actions = []
    teams_seen: list[str] = []
    first_team_wins = 0
    for r in results:
        for t in r.teams:
            if t not in teams_seen:
                teams_seen.append(t)
        if r.error:
            summary.errors += 1
            if len(summary.error_samples) < 3:
                summary.error_samples.append(f"game {r.index} (seed {r.seed}): {r.error}")
            continue
        turns.append(r.turns)
        actions.append(r.actions)
        if r.draw or not r.winners:
            summary.draws += 1
            continue
        for winner in r.winners:
            summary.wins_by_team[winner] = summary.wins_by_team.get(winner, 0) + 1
        if r.first_team is not None:
            first_team_wins += r.first_team in r.winners
        winning_bots = {b for b, t in zip(r.bots, r.teams, strict=True) if t in r.winners}
        for b in sorted(winning_bots):
            summary.wins_by_bot[b] = summary.wins_by_bot.get(b, 0) + 1
    for t in teams_seen:
        summary.wins_by_team.setdefault(t, 0)
    n = len(results) - summary.errors
    for t, w in summary.wins_by_team.items():
        summary.win_rate_by_team[t] = w / n if n else 0.0
        summary.win_interval_by_team[t] = [round(x, 4) for x in wilson(w, n)]
    if n and any(r.first_team for r in results):
        summary.first_team_win_rate = first_team_wins / n
        summary.first_team_win_interval = [round(x, 4) for x in wilson(first_team_wins, n)]
    summary.mean_turns = sum(turns) / len(turns) if turns else 0.0
    summary.mean_actions = sum(actions) / len(actions) if actions else 0.0
    return summary


def simulate(game: str, mode: str, bots: list[str], games: int, seed: int, workers: int = 1,
             alternate: bool = False, options: dict[str, Any] | None = None, backend: str = "process",
             address: str | None = None, progress: Callable[[int], None] | None = None,
             replays: bool = False) -> tuple[SimulationSummary, list[GameResult]]:
    """Play ``games`` games and summarise them (with ``replays``, each result carries its replay)."""
    jobs = job_list(game, mode, bots, games, seed, alternate, options or {}, replays)
    results = run_jobs(jobs, workers=workers, backend=backend, address=address, progress=progress)
    return summarise(game, mode, bots, seed, results), results


def default_workers() -> int:
    return os.cpu_count() or 1
