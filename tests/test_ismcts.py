"""The ISMCTS bot and the SWDBG determinisation: consistent with the seat's view, never reading a hidden
card, reproducible from its seed.  (Its strength is measured in ``benchmarks/strength.py``.)"""

from __future__ import annotations

from collections import Counter

import pytest

from allegiance.bots import make_bot
from allegiance.bots.ismcts import IsmctsBot
from allegiance.core.rng import Rng
from allegiance.games import get_game
from allegiance.games.swdbg.determinize import determinize
from allegiance.games.swdbg.search import LATE_WEIGHTS, MIN_PROGRESS_WEIGHT, evaluate, move_key, weights
from allegiance.games.swdbg.state import SwdbgState
from allegiance.games.swdbg.strategy import greedy_choice
from tests.swdbg.builders import build
from tests.swdbg.invariants import assert_conservation

GAME = get_game("swdbg")
MODES = ["1v1", "2v2"]


def greedy_states(mode: str, seed: int, every: int = 23, limit: int = 6) -> list[tuple[SwdbgState, int]]:
    """Copies of the state (and the seat to act) every ``every`` actions of a greedy game."""
    state = GAME.new_game(mode, seed)
    rng = Rng(seed)
    out = []
    step = 0
    while GAME.outcome(state) is None and len(out) < limit:
        seats = GAME.active_seats(state)
        seat = seats[rng.below(len(seats))]
        legal = GAME.legal_actions(state, seat)
        if step % every == every - 1:
            out.append((state.copy(), seat))
        GAME.apply_unchecked(state, seat, greedy_choice(state, seat, legal, rng))
        step += 1
    return out


def reshuffle_hidden(state: SwdbgState, seat: int, seed: int) -> SwdbgState:
    """The same position for ``seat``'s team, with every hidden card arranged differently.

    Opponents' hands and decks are dealt again from their union, every deck and galaxy deck is
    shuffled, and the game's own RNG (future shuffles) changes.  Only for states without a pending
    choice (pending choices may name hidden cards).
    """
    assert not state.pending
    out = state.copy()
    rng = Rng(seed)
    out.rng = Rng(seed ^ 0xABCDEF)
    team = out.players[seat].team
    for p in out.players:
        if p.team != team:
            pool = p.hand + p.deck
            rng.shuffle(pool)
            p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
        else:
            rng.shuffle(p.deck)
    for r in out.regions:
        rng.shuffle(r.galaxy_deck)
    return out


def zone_multisets(state: SwdbgState, seat: int) -> list[Counter[int]]:
    """What must not change in a determinisation for ``seat``: every zone it sees, and each hidden pool."""
    team = state.players[seat].team
    out: list[Counter[int]] = []
    for p in state.players:
        if p.team == team:
            out += [Counter(p.hand), Counter(p.deck)]
        else:
            out.append(Counter(p.hand + p.deck))
        out += [Counter(p.discard), Counter(p.units), Counter(p.ships), Counter(p.base_deck)]
    for r in state.regions:
        out += [Counter(r.galaxy_deck), Counter(r.row), Counter(r.galaxy_discard), Counter(r.pilots)]
    return out


# -- determinisation ------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_determinisation_keeps_what_the_seat_sees(mode: str) -> None:
    for state, seat in greedy_states(mode, 3):
        team = state.players[seat].team
        d = determinize(state, seat, Rng(5))
        assert_conservation(d)
        assert zone_multisets(d, seat) == zone_multisets(state, seat)
        for p, q in zip(state.players, d.players, strict=True):
            assert len(p.hand) == len(q.hand) and len(p.deck) == len(q.deck)
            if p.team == team:
                assert p.hand == q.hand  # own and teammate's hands are seen (2v2 teams share hands)
            assert p.discard == q.discard and p.units == q.units and p.ships == q.ships
        for r, s in zip(state.regions, d.regions, strict=True):
            assert r.row == s.row and r.galaxy_discard == s.galaxy_discard
        assert GAME.view(d, seat) == GAME.view(state, seat)


@pytest.mark.parametrize("mode", MODES)
def test_determinisation_does_not_depend_on_the_hidden_arrangement(mode: str) -> None:
    for state, seat in greedy_states(mode, 4):
        if state.pending:
            continue
        other = reshuffle_hidden(state, seat, 99)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        a, b = determinize(state, seat, Rng(7)), determinize(other, seat, Rng(7))
        assert GAME.digest(a) == GAME.digest(b)


def test_determinisation_actually_deals_hidden_cards_again() -> None:
    state, seat = next((s, seat) for s, seat in greedy_states("1v1", 5)
                       if s.players[1 - seat].hand and len(s.players[1 - seat].deck) > 2)
    opponent = state.players[1 - seat]
    hands = {tuple(sorted(determinize(state, seat, Rng(i)).players[1 - seat].hand)) for i in range(20)}
    assert len(hands) > 1
    assert all(len(h) == len(opponent.hand) for h in hands)
    assert determinize(state, seat, Rng(1)).rng.state != state.rng.state  # future shuffles are not the real ones


def test_an_opponents_pending_discard_names_the_cards_of_its_new_hand() -> None:
    state = build(hand={0: ["Snowspeeder"], 1: ["Stormtrooper", "Imperial Shuttle", "TIE Fighter"]},
                  deck={1: ["Death Trooper", "AT-ST", "Scout Trooper", "Inquisitor"]}, units={1: ["Snowspeeder"]},
                  active_team=1)
    GAME.apply(state, 1, move_for(state, 1, "use"))
    assert state.pending and state.pending[-1].seats == (0,)
    for i in range(10):
        d = determinize(state, 1, Rng(i))
        assert set(d.pending[-1].options) == set(d.players[0].hand)
        for action in GAME.legal_actions(d, 0):
            copy = d.copy()
            GAME.apply(copy, 0, action)
            assert_conservation(copy)


def move_for(state: SwdbgState, seat: int, kind: str):
    return next(a for a in GAME.legal_actions(state, seat) if a.kind == kind)


def test_a_look_effect_keeps_the_shown_cards_in_place() -> None:
    state = build(units={0: ["Moff Jerjerrod"]}, force=0,
                  row={0: ["X-Wing", "Y-Wing", "B-Wing", "U-Wing", "Jyn Erso", "Lobot"]})
    GAME.apply(state, 0, move_for(state, 0, "use"))
    pend = state.pending[-1]
    assert pend.kind == "jerjerrod" and pend.shown
    for i in range(10):
        d = determinize(state, 0, Rng(i))
        assert d.regions[0].galaxy_deck[-1] == pend.shown[0]


# -- the bot ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_ismcts_never_reads_hidden_cards(mode: str) -> None:
    """Same view and seed, hidden cards arranged differently: the same choice."""
    checked = 0
    for state, seat in greedy_states(mode, 6, every=11, limit=8):
        if state.pending:
            continue
        other = reshuffle_hidden(state, seat, 1234)
        first = IsmctsBot(42, iterations=12).choose(GAME, state, seat, GAME.legal_actions(state, seat))
        second = IsmctsBot(42, iterations=12).choose(GAME, other, seat, GAME.legal_actions(other, seat))
        assert first == second
        checked += 1
    assert checked >= 3


def test_ismcts_is_reproducible_and_legal() -> None:
    for state, seat in greedy_states("1v1", 8):
        legal = GAME.legal_actions(state, seat)
        before = GAME.digest(state)
        a = IsmctsBot(3, iterations=15).choose(GAME, state, seat, legal)
        b = IsmctsBot(3, iterations=15).choose(GAME, state, seat, legal)
        assert a == b and a in legal
        assert GAME.digest(state) == before  # the search works on copies


def test_ismcts_plays_whole_games_in_both_modes() -> None:
    for mode in MODES:
        state = GAME.new_game(mode, 11, {"max_turns": 6})
        bots = [make_bot("ismcts", seat, iterations=5) for seat in range(len(state.players))]
        while GAME.outcome(state) is None:
            seat = GAME.active_seats(state)[0]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, bots[seat].choose(GAME, state, seat, legal))
        assert GAME.outcome(state) is not None


def test_ismcts_options_are_checked() -> None:
    with pytest.raises(ValueError):
        IsmctsBot(0, iterations=0)


def test_move_keys_merge_copies_of_a_card() -> None:
    state = build(hand={0: ["Imperial Shuttle", "Imperial Shuttle", "Stormtrooper"]})
    keys = {move_key(state, 0, a) for a in GAME.legal_actions(state, 0) if a.kind == "play"}
    assert len(keys) == 2


def test_evaluation_is_a_probability_and_exact_at_the_end() -> None:
    state, _ = greedy_states("1v1", 9)[0]
    assert 0.0 < evaluate(state) < 1.0
    state.stage, state.winner = "over", 1
    assert evaluate(state) == 0.0


def early_state() -> SwdbgState:
    """A 1v1 position in the first team turns of a greedy game, between two turns."""
    state = GAME.new_game("1v1", 11)
    rng = Rng(11)
    while state.turn < 3 or state.pending or state.attack is not None:
        seat = GAME.active_seats(state)[0]
        GAME.apply_unchecked(state, seat, greedy_choice(state, seat, GAME.legal_actions(state, seat), rng))
    return state


@pytest.mark.parametrize("team", [0, 1])
def test_evaluation_rates_deck_building_damage_and_the_force_the_right_way(team: int) -> None:
    """What the evaluation was fitted to (benchmarks/fit_evaluation.py): early on, a starter exiled or a
    good card gained helps its team; base damage and the Force moved to the other side hurt it."""
    state = early_state()
    base = evaluate(state)
    sign = 1 if team == 0 else -1  # evaluate() is the Empire's chance
    p = state.players[team]

    exiled = state.copy()
    starter = next(c for c in exiled.players[team].deck + exiled.players[team].discard
                   if exiled.cards[c].name in ("Imperial Shuttle", "Alliance Shuttle"))
    for zone in (exiled.players[team].deck, exiled.players[team].discard):
        if starter in zone:
            zone.remove(starter)
    exiled.exiled.append(starter)
    assert sign * (evaluate(exiled) - base) > 0

    gained = state.copy()
    region = gained.regions[p.region]
    card = max((c for c in region.galaxy_deck if gained.cards[c].faction == p.faction),
               key=lambda c: gained.cards[c].cost)
    region.galaxy_deck.remove(card)
    gained.players[team].discard.append(card)
    assert sign * (evaluate(gained) - base) > 0

    damaged = state.copy()
    assert p.base is not None
    damaged.damage[p.base] = damaged.damage.get(p.base, 0) + 3
    assert sign * (evaluate(damaged) - base) < 0

    pushed = state.copy()
    pushed.force += 1 if team == 0 else -1  # force 0 is the Empire's end of the track
    assert sign * (evaluate(pushed) - base) < 0


@pytest.mark.parametrize("mode", MODES)
def test_evaluation_reads_no_hidden_order(mode: str) -> None:
    """The cut-off evaluation counts cards by zone owner, never by position in a hidden zone."""
    for state, seat in greedy_states(mode, 5, every=31):
        if state.pending:
            continue
        assert evaluate(reshuffle_hidden(state, seat, 99)) == pytest.approx(evaluate(state), abs=1e-12)


def test_evaluation_weights_move_from_deck_building_to_damage() -> None:
    assert weights(200)[:len(LATE_WEIGHTS)] == pytest.approx(LATE_WEIGHTS, abs=1e-6)
    for turn in range(40):
        assert weights(turn)[0] >= MIN_PROGRESS_WEIGHT
    # base progress counts for more late in the game than in the first turns
    assert weights(30)[0] > weights(1)[0]


def test_a_discard_forced_in_the_opponents_turn_gives_up_the_weakest_card() -> None:
    """The search follows such a choice through the seat's own next turn, where the hand matters."""
    state = build(hand={0: ["Imperial Shuttle", "Darth Vader", "TIE Fighter", "Stormtrooper"]},
                  units={1: ["Snowspeeder"]}, active_team=1)
    GAME.apply(state, 1, move_for(state, 1, "use"))
    assert state.pending[-1].kind == "discard"
    choice = IsmctsBot(0, iterations=60).choose(GAME, state, 0, GAME.legal_actions(state, 0))
    assert state.cards[choice.get("value")].name == "Imperial Shuttle"
