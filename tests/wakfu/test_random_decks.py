"""Random legal decks from the whole Incarnam pool (issue 23): every generated deck passes the deck checker
(101.1, 101.3, 101.5, 306.1, 307.1, 308.3, 420.1), and over a few hundred decks every card turns up."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from allegiance.core.rng import Rng
from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.decks import DECK_SIZE, parse_deck, random_deck

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "wakfu_pairings.py"


def test_200_random_decks_pass_the_deck_checker() -> None:
    for i in range(200):
        deck = random_deck(Rng(i))
        again = parse_deck(deck.to_text(), deck.name)  # raises DeckError on any broken rule
        assert again == deck
        assert sum(n for _, n in deck.cards) + 2 == DECK_SIZE  # 101.1
        for name, n in deck.cards:
            assert n <= (1 if CARDS[name].unique else 3)  # 420.1, 101.5


def test_every_card_of_the_pool_turns_up() -> None:
    seen: set[str] = set()
    for i in range(400):
        deck = random_deck(Rng(1000 + i))
        seen |= {deck.hero, deck.havre_sac, *(name for name, _ in deck.cards)}
    assert seen == set(CARDS)


def test_a_random_deck_is_reproducible_and_decks_differ() -> None:
    assert random_deck(Rng(7)) == random_deck(Rng(7))
    assert len({random_deck(Rng(i)).to_text() for i in range(20)}) == 20


def test_random_deck_games_in_the_benchmark() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--random-decks", "--games", "6", "--json"],
                          capture_output=True, text=True, timeout=600, check=True)
    report = json.loads(done.stdout)
    assert report["games"] == 6 and report["errors"] == 0 and report["stuck"] == 0


class _FirstLegal:
    """A policy that always takes the first legal action."""

    def choose(self, game: object, state: object, seat: int, legal: list[object]) -> object:
        return legal[0]


def test_a_game_that_never_ends_shows_as_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mouvements between Monde and Havre Sac are free and unlimited (414): a policy taking the first legal
    action moves a card back and forth for ever within its turn.  The runner's action cap stops such a game
    and records it as an error naming the cap, which the benchmark counts as stuck."""
    from allegiance.sim import runner

    monkeypatch.setattr(runner, "MAX_ACTIONS", 3000)
    monkeypatch.setattr(runner, "make_bot", lambda kind, seed: _FirstLegal())
    result = runner.play_game("wakfu", "1v1", ["first", "first"], 5, options={"decks": ["iop", "cra"]})
    assert result.error is not None and "exceeded 3000 actions" in result.error
