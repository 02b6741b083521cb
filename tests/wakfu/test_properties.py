"""Properties over random games (invariants 1-6): card conservation, determinism, illegal input changes
nothing, no hidden card in any view, positions and copies; random playouts of the playable starters."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError
from allegiance.core.rng import Rng
from allegiance.games.wakfu import GAME
from allegiance.games.wakfu.encoding import SIZE, decode
from allegiance.games.wakfu.state import WakfuState

PLAYABLE = ("iop", "xelor", "cra", "feca")
PAIRS = [(a, b) for a in PLAYABLE for b in PLAYABLE]


def zones_of(s: WakfuState) -> list[int]:
    out: list[int] = []
    for p in s.players:
        out += p.pioche + p.main + p.defausse + p.havre + p.monde
    out += [i.card for i in s.file if i.kind == "card"] + s.banished
    return out


def conserved(s: WakfuState) -> None:
    """Invariant 3: every card in exactly one zone; a token (413.2) in play or, once it ceased to exist, in none."""
    where = zones_of(s)
    gone = [t for t in s.tokens if t not in where]
    assert sorted(where + gone) == sorted(s.cards), "a card is lost or in two zones (invariant 3)"
    in_play = {c for p in s.players for c in p.monde + p.havre}
    assert all(t in in_play for t in s.tokens if t in where), "a token out of play (413.2)"


def hidden_from(s: WakfuState, seat: int) -> set[int]:
    opp = s.players[1 - seat]
    hidden = set(opp.main) | set(opp.pioche) | set(s.players[seat].pioche)
    if s.pending and s.pending[-1].seat == seat:
        hidden -= set(s.pending[-1].get("shown", ()) or ())
        hidden -= {o for o in s.pending[-1].options if isinstance(o, int)}
    return hidden


def ids_in(obj: Any) -> set[int]:
    text = json.dumps(obj)
    found = {int(m) for m in re.findall(r'"id": (\d+)', text)}
    found |= {int(m) for m in re.findall(r"#(\d+)", text)}
    return found


def no_leak(s: WakfuState) -> None:
    for seat in (0, 1):
        leaked = ids_in(GAME.view(s, seat)) & hidden_from(s, seat)
        assert not leaked, f"seat {seat} sees hidden cards {leaked} (invariant 4)"
    spectator = ids_in(GAME.view(s, None))
    assert not spectator & (set(s.players[0].main) | set(s.players[1].main) | set(s.players[0].pioche)
                            | set(s.players[1].pioche))


def play_random(seed: int, decks: tuple[str, str], steps: int = 100_000, check_every: int = 0) -> tuple[WakfuState, list[tuple[int, Action]]]:
    s = GAME.new_game("1v1", seed, {"decks": list(decks), "max_turns": 120})
    rng = Rng(seed * 7919 + 1)
    log: list[tuple[int, Action]] = []
    for n in range(steps):
        if GAME.outcome(s) is not None:
            break
        seats = GAME.active_seats(s)
        # several seats at once only in a Réaction round, each answering its own question (809.6)
        assert len(seats) == 1 or [q.seat for q in s.round()] == list(seats)
        seat = seats[0] if len(seats) == 1 else rng.choice(list(seats))
        legal = GAME.legal_actions(s, seat)
        assert legal, f"stuck: {s.phase} {s.pending} {s.combat}"  # never a seat with no action
        a = rng.choice(legal)
        if check_every:  # every offered action has a fixed index that decodes back to it
            ids = [GAME.action_id(x) for x in legal]
            assert len(set(ids)) == len(ids) and all(decode(i) == x for i, x in zip(ids, legal, strict=True))
        events = GAME.apply(s, seat, a)
        for e in events:  # a drawn card is named only to its drawer
            if e.kind == "draw" and e.seat is not None:  # (not the "draw" that ends a game at the turn limit)
                assert e.visible_to == (e.seat,)
        log.append((seat, a))
        if check_every and n % check_every == 0:
            conserved(s)
            no_leak(s)
    return s, log


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pair=st.sampled_from(PAIRS))
def test_conservation_and_views(seed: int, pair: tuple[str, str]) -> None:
    s, _ = play_random(seed, pair, steps=600, check_every=7)
    conserved(s)
    no_leak(s)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pair=st.sampled_from(PAIRS))
def test_determinism_and_positions(seed: int, pair: tuple[str, str]) -> None:
    s, log = play_random(seed, pair, steps=400)
    again = GAME.new_game("1v1", seed, {"decks": list(pair), "max_turns": 120})
    for seat, a in log:
        GAME.apply(again, seat, a)
    assert GAME.digest(again) == GAME.digest(s)  # invariant 1
    restored = GAME.from_position(json.loads(json.dumps(GAME.to_position(s))))
    assert GAME.digest(restored) == GAME.digest(s)
    if GAME.outcome(s) is None:  # the restored game goes on exactly as the original
        seat = GAME.active_seats(s)[0]
        a = GAME.legal_actions(s, seat)[-1]
        GAME.apply(s, seat, a)
        GAME.apply(restored, seat, a)
        assert GAME.digest(restored) == GAME.digest(s)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300), junk=st.integers(0, 200))
def test_illegal_input_changes_nothing(seed: int, steps: int, junk: int) -> None:
    s, _ = play_random(seed, ("iop", "xelor"), steps=steps)
    if GAME.outcome(s) is not None:
        return
    before = GAME.digest(s)
    seat = GAME.active_seats(s)[0]
    legal = set(GAME.legal_actions(s, seat))
    bad = [Action.of("play", card=junk), Action.of("choose", value=junk), Action.of("use", card=junk, power=0),
           Action.of("move", card=junk), Action.of("attack"), Action.of("pass"), Action.of("end_turn"),
           Action.of("choose", value="rollback")]
    for a in bad:
        if a in legal:
            continue
        with pytest.raises(IllegalActionError):
            GAME.apply(s, seat, a)
        assert GAME.digest(s) == before  # invariant 5
    with pytest.raises(IllegalActionError):
        GAME.apply(s, 1 - seat, Action.of("end_turn"))
    with pytest.raises(IllegalActionError):
        GAME.apply(s, seat, {"kind": "explode"})
    assert GAME.digest(s) == before


def test_copy_is_independent() -> None:
    s, _ = play_random(5, ("iop", "xelor"), steps=150)
    before = GAME.digest(s)
    c = GAME.copy(s)
    for _ in range(50):
        if GAME.outcome(c) is not None:
            break
        seat = GAME.active_seats(c)[0]
        GAME.apply(c, seat, GAME.legal_actions(c, seat)[0])
    assert GAME.digest(s) == before  # invariant 6


@pytest.mark.parametrize("pair", PAIRS)
def test_random_playouts_of_playable_starters(pair: tuple[str, str]) -> None:
    """Whole random games end (a win or the turn limit) with no error and no stuck seat."""
    for seed in range(2):
        s, _ = play_random(seed, pair)
        assert GAME.outcome(s) is not None
        conserved(s)


def test_encoding_round_trip_and_bounds() -> None:
    for i in range(0, SIZE, 7):
        try:
            a = decode(i)
        except ValueError:
            continue
        assert GAME.action_id(a) == i
    with pytest.raises(ValueError):
        GAME.action_id(Action.of("play", card=800))  # 16 decks of 50 (8v8) use ids 0..799
    assert decode(GAME.action_id(Action.of("play", card=500))) == Action.of("play", card=500)
    with pytest.raises(ValueError):
        GAME.action_id(Action.of("explode"))
