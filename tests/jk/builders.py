"""Helpers that set Jedi Knights positions up for rule tests: a game past its first location, Force
cards picked by number, named cards moved where a test needs them."""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.jk import GAME
from allegiance.games.jk.state import PILES, JKState


def start(mode: str = "AvE", seed: int = 0, **options: Any) -> JKState:
    """A new game with the first location chosen: the first Force Phase is on."""
    s = GAME.new_game(mode, seed, options)
    assert s.pending is not None and s.pending.kind == "location"
    GAME.apply(s, s.pending.seat, Action.of("choose", value=s.pending.options[0]))
    assert s.phase == "force"
    return s


def pick(s: JKState, numbers: dict[int, int]) -> None:
    """Every live seat picks the Force card of the given number (default: its lowest)."""
    for seat in s.live_seats():
        p = s.players[seat]
        if p.chosen >= 0 or not p.force_deck:
            continue
        want = numbers.get(seat)
        card = min(p.force_deck, key=lambda c: s.cards[c].force_number) if want is None else \
            next(c for c in p.force_deck if s.cards[c].force_number == want)
        GAME.apply(s, seat, Action.of("choose", value=card))


def find(s: JKState, seat: int, name: str) -> int:
    """A card of ``seat`` with this name, in a pile (not in play), preferring the draw pile."""
    p = s.players[seat]
    for pile in ("draw", "hand", "theme_pile", "discard"):
        for c in getattr(p, pile):
            if s.cards[c].name == name:
                return c
    raise AssertionError(f"{name} not in {s.label(seat)}'s piles")


def take(s: JKState, card: int) -> None:
    """Remove a card from whichever pile of its owner holds it."""
    p = s.players[s.owner[card]]
    for pile in PILES:
        if card in getattr(p, pile):
            getattr(p, pile).remove(card)
            return
    raise AssertionError("card not in a pile")


def to_hand(s: JKState, seat: int, name: str) -> int:
    c = find(s, seat, name)
    take(s, c)
    s.players[seat].hand.append(c)
    return c


def to_play(s: JKState, seat: int, name: str, zone: str = "site", on: int | None = None) -> int:
    """Put a card of ``seat`` straight into play (a weapon ``on`` a bearer)."""
    c = find(s, seat, name)
    take(s, c)
    if on is not None:
        zone = "system" if on in s.system else "site"
        s.attached[c] = on
    getattr(s, zone).append(c)
    return c


def to_top_of_draw(s: JKState, seat: int, name: str) -> int:
    c = find(s, seat, name)
    take(s, c)
    s.players[seat].draw.append(c)
    return c


def act(s: JKState, seat: int, kind: str, **params: Any) -> None:
    GAME.apply(s, seat, Action.of(kind, **params))


def legal_kinds(s: JKState, seat: int) -> set[str]:
    return {a.kind for a in GAME.legal_actions(s, seat)}


def pass_phase(s: JKState) -> None:
    """Everyone passes until the phase changes."""
    phase, turn = s.phase, s.turn
    while s.phase == phase and s.turn == turn and GAME.outcome(s) is None:
        seat = GAME.active_seats(s)[0]
        GAME.apply(s, seat, Action.of("pass"))


def to_phase(s: JKState, phase: str) -> None:
    """Pass (and pick lowest Force cards) until ``phase`` of some turn begins."""
    for _ in range(200):
        if s.phase == phase:
            return
        if s.phase == "force":
            pick(s, {})
        else:
            pass_phase(s)
    raise AssertionError(f"never reached {phase}")


def all_cards(s: JKState) -> list[int]:
    """Every card id in some zone (each exactly once if cards are conserved)."""
    out = list(s.system) + list(s.site)
    out += [w.card for w in s.windows if w.card >= 0]
    for p in s.players:
        out += [c for c in (p.theme_card, p.force_card, p.chosen) if c >= 0]
        for pile in PILES:
            out += getattr(p, pile)
    return out


def random_playout(mode: str, seed: int, max_steps: int = 30_000, **options: Any) -> tuple[JKState, int]:
    s = GAME.new_game(mode, seed, options)
    rng = Rng(seed + 1)
    steps = 0
    while GAME.outcome(s) is None:
        seat = GAME.active_seats(s)[rng.below(len(GAME.active_seats(s)))]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[rng.below(len(legal))])
        steps += 1
        assert steps < max_steps, f"{mode} seed {seed} did not finish"
    return s, steps
