"""Digests of seeded ISMCTS-vs-greedy games of SWDBG and Wakfu, to prove that a change of the shared search
layer (``allegiance.bots.ismcts``, ``allegiance.core.hooks``) leaves their search choosing the same moves.

Each game seats ISMCTS (a small budget) on one team and greedy on the other and feeds a SHA-256 with
every acting seat and action, up to a cap of actions.  :data:`BASELINE` holds the digests recorded on
main at f4e80d6, before the search carried a value per team (issue 22); the per-team layer gave the
same four action lists.

    .venv/bin/python benchmarks/search_digest.py --check    # about a minute and a half on one core
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance.bots.greedy import GreedyBot  # noqa: E402
from allegiance.bots.ismcts import IsmctsBot  # noqa: E402
from allegiance.core.rng import Rng  # noqa: E402
from allegiance.games import get_game  # noqa: E402

#: (game, mode, seed, ISMCTS iterations, action cap, options)
GAMES = (
    ("swdbg", "1v1", 11, 40, 5000, {}),
    ("swdbg", "2v2", 12, 20, 1500, {}),
    ("wakfu", "1v1", 13, 10, 1500, {"reaction_prompts": "playable"}),
    ("wakfu", "2v2", 14, 6, 200, {"reaction_prompts": "playable"}),
)

BASELINE = {
    "swdbg/1v1/11": "ca6514dee826bbeb035a329386bc0957711d288484c2ad8fde15697acbb11a1e",
    "swdbg/2v2/12": "944da69ca297926d3656f627455f8d0ecbf2360c0b8f5d0c79794b8e02629d6f",
    "wakfu/1v1/13": "c570e8c81b6d1544c001bf7bc3dd659d6f31a10d3ebf9f5e9e2a459cdc9610da",
    "wakfu/2v2/14": "ac1dae6144c29038b0d6181fc0144b360601a36c7a6a83dce58bff9168fa21b1",
}


def digest(game_name: str, mode: str, seed: int, iterations: int, cap: int, options: dict) -> tuple[str, int]:
    """The SHA-256 of one game's ``seat:action`` lines (ISMCTS on team ``seed % 2``) and its length."""
    game = get_game(game_name)
    state = game.new_game(mode, seed, options)
    teams = state.table.teams
    bots = {s.index: IsmctsBot(seed * 31 + s.index, iterations=iterations) if s.team == teams[seed % 2]
            else GreedyBot(seed + s.index) for s in state.table.seats}
    chooser = Rng(seed ^ 0x5EED)
    lines: list[str] = []
    while game.outcome(state) is None and len(lines) < cap:
        seats = game.active_seats(state)
        seat = seats[0] if len(seats) == 1 else seats[chooser.below(len(seats))]
        action = bots[seat].choose(game, state, seat, game.legal_actions(state, seat))
        lines.append(f"{seat}:{action!r}")
        game.apply_unchecked(state, seat, action)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest(), len(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="digests of seeded ISMCTS games of SWDBG and Wakfu")
    parser.add_argument("--check", action="store_true", help="compare with BASELINE; exit 1 on a difference")
    args = parser.parse_args(argv)
    failed = False
    for game_name, mode, seed, iterations, cap, options in GAMES:
        key = f"{game_name}/{mode}/{seed}"
        sha, n = digest(game_name, mode, seed, iterations, cap, options)
        same = sha == BASELINE[key]
        failed |= not same
        print(f"{key}: {n} actions, {sha[:16]}" + (("  same" if same else "  DIFFERS") if args.check else ""),
              flush=True)
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
