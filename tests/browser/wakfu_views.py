"""Real Wakfu team positions for the browser tests: a game played by a seeded random policy that prefers
playing cards and attacking (so the Mondes fill up) until a combat reaches the blockers step with a
defender on the viewer's team other than the viewer."""

from __future__ import annotations

import random
from typing import Any

from allegiance.games.wakfu import GAME

KIND_WEIGHT = {"play": 6, "attack": 4, "use": 1, "move": 1, "end_turn": 1, "pass": 1, "choose": 2}


def combat_view(mode: str, viewer: int, seed: int = 1, max_steps: int = 20_000) -> dict[str, Any]:
    """The view of ``viewer`` at the first blockers step where a teammate of the viewer's (not the
    viewer) defends, with at least six cards in the Mondes."""
    options = {"team_uniques": "ignore"}
    rng = random.Random(seed)
    state = GAME.new_game(mode, seed, options)
    team = state.table.team_of(viewer)
    for _ in range(max_steps):
        cb = state.combat
        if (cb is not None and cb.step == "blockers" and cb.defender != viewer
                and state.table.team_of(cb.defender) == team and sum(len(p.monde) for p in state.players) >= 6 + len(state.players)):
            return GAME.view(state, viewer)
        seat = GAME.active_seats(state)[0]
        legal = GAME.legal_actions(state, seat)
        weights = [KIND_WEIGHT.get(a.kind, 1) for a in legal]
        GAME.apply(state, seat, rng.choices(legal, weights)[0])
        if GAME.outcome(state) is not None:
            state = GAME.new_game(mode, rng.randrange(1 << 30), options)
    raise AssertionError(f"no combat against a teammate of seat {viewer} in {max_steps} steps")
