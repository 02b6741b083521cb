"""Action texts name cards by name and place, never by id, and tell apart actions that differ."""

from __future__ import annotations

import random
import re

import pytest

from allegiance.games import get_game


@pytest.mark.parametrize("mode,seed", [("1v1", 3), ("2v2", 4)])
def test_action_texts_use_words_never_ids_and_differ_per_action(mode: str, seed: int) -> None:
    game = get_game("swdbg")
    state = game.new_game(mode, seed)
    rng = random.Random(seed)
    places: set[str] = set()
    for _ in range(1500):
        if game.outcome(state) is not None:
            break
        seat = game.active_seats(state)[0]
        legal = game.legal_actions(state, seat)
        texts = [game.describe_action(state, seat, a) for a in legal]
        for text in texts:
            assert not re.search(r"#\d", text), text
            places.update(re.findall(r"\(([^)]*)\)", text))
        assert len(set(texts)) == len(texts), texts  # two different actions never read the same
        game.apply_unchecked(state, seat, rng.choice(legal))
    assert "your hand" in places and any("galaxy row" in p for p in places)


def test_a_duplicate_in_another_players_hand_is_not_counted() -> None:
    """Counting "2nd of 2" in a hand the seat may not see would leak what it holds (invariant 4)."""
    from allegiance.games.swdbg.text import where

    game = get_game("swdbg")
    state = game.new_game("1v1", 1)
    other = state.players[1]
    assert len(other.hand) >= 2
    for card in other.hand:
        assert where(state, card, seat=0) == f"{other.faction.capitalize()}'s hand"


@pytest.mark.parametrize("version_offset", [0, -1])
def test_a_refused_action_never_names_a_card_the_seat_cannot_see(version_offset: int) -> None:
    """Probing every card id with made-up actions (fresh or as if chosen a moment ago) must not tell
    the sender what any hidden card is: the refusal's text names only cards the seat may see
    (invariant 4)."""
    from allegiance.core.errors import AllegianceError

    game = get_game("swdbg")
    state = game.new_game("1v1", 2, shuffle_key=bytes(range(32)))
    rng = random.Random(2)
    for _ in range(6):  # a few actions in, so that an older version exists
        seat = game.active_seats(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    seat = game.active_seats(state)[0]
    other = state.players[1 - seat]
    hidden = set(other.hand) | set(other.deck) | set(state.players[seat].deck)
    hidden |= {c for r in state.regions for c in r.galaxy_deck}
    names_seen = {state.cards[c].name for c in state.cards if c not in hidden}
    assert hidden
    for card in sorted(hidden):
        for kind in ("play", "buy", "use", "pay_off"):
            try:
                game.apply(state.copy(), seat, {"kind": kind, "card": card}, state.version + version_offset)
            except AllegianceError as exc:
                text = str(exc)
            else:
                raise AssertionError(f"{kind} of hidden card {card} was accepted")
            name = state.cards[card].name
            if name not in names_seen:  # a name the seat may see elsewhere proves nothing
                assert name not in text, text
            assert "hand" not in text or "your hand" in text, text
