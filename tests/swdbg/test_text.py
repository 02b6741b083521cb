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
