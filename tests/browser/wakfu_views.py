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


def in_play(player: dict[str, Any]) -> list[int]:
    """The ids of a player's cards in play in a view: the Monde, the Havre Sac and what it holds."""
    sac = player["havre_sac"]
    return ([c["id"] for c in player["monde"]] + ([sac["card"]["id"]] if sac["card"] else [])
            + [c["id"] for c in sac["cards"]])


def crowded_view(mode: str, viewer: int, per_seat: int, seed: int = 1, max_steps: int = 40_000) -> dict[str, Any]:
    """The view of ``viewer`` at the first point of a seeded game (played by the policy above, which
    prefers playing cards) where every seat still in the game has at least ``per_seat`` cards in play,
    some of them inclined, and the viewer's teammates hold cards in hand: a board as full as a late turn
    makes it."""
    options = {"team_uniques": "ignore"}
    rng = random.Random(seed)
    state = GAME.new_game(mode, seed, options)
    for _ in range(max_steps):
        view = GAME.view(state, viewer)
        live = [p for p in view["players"] if not p["out"]]
        tapped = sum(c.get("tapped", False) for p in live for c in p["monde"])
        mates = [p for p in live if p["team"] == view["players"][viewer]["team"] and p["seat"] != viewer]
        if (len(live) == len(view["players"]) and all(len(in_play(p)) >= per_seat for p in live) and tapped >= 2
                and all(p["hand"] for p in mates) and view["combat"] is None and not view["file"]):
            return view
        seat = GAME.active_seats(state)[0]
        legal = GAME.legal_actions(state, seat)
        weights = [KIND_WEIGHT.get(a.kind, 1) for a in legal]
        GAME.apply(state, seat, rng.choices(legal, weights)[0])
        if GAME.outcome(state) is not None:
            state = GAME.new_game(mode, rng.randrange(1 << 30), options)
    raise AssertionError(f"no board with {per_seat} cards in play per seat in {max_steps} steps")
