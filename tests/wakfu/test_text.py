"""Actions in words (the table's buttons, the refusal of a bad action): cards by name and place, never
by id, and never a card the reader may not see (invariant 4)."""

from __future__ import annotations

import random
import re

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError
from allegiance.games.wakfu import GAME
from allegiance.games.wakfu.text import HIDDEN_CARD, option_text
from tests.wakfu.builders import act, board, ids, one


def test_actions_name_cards_by_name_and_place() -> None:
    s = board(hand={0: ["Bouftou", "Bouftou"]}, monde={0: ["Bwork"], 1: ["Boo"]})
    texts = [GAME.describe_action(s, 0, a) for a in GAME.legal_actions(s, 0)]
    assert "Player 1: play Bouftou (1st of 2 in your hand)" in texts
    assert "Player 1: play Bouftou (2nd of 2 in your hand)" in texts
    assert "Player 1: move Bwork (your Monde) to your Havre Sac" in texts
    assert "Player 1: end the turn" in texts
    act(s, 0, "attack")
    targets = [GAME.describe_action(s, 0, a) for a in GAME.legal_actions(s, 0)]
    assert "Player 1: attack Boo (Player 2's Monde)" in targets


def test_a_card_the_sender_may_not_see_is_never_named() -> None:
    """A made-up action naming the opponent's hand or a Pioche is refused without saying what the card is."""
    s = board(hand={0: ["Bouftou"], 1: ["Arakne"]}, pioche={0: ["Moskito"] * 10})
    secret = one(s, "Arakne")
    deck = ids(s, "Moskito")[0]
    for card in (secret, deck):
        text = GAME.describe_action(s, 0, Action.of("play", card=card))
        assert HIDDEN_CARD in text and "Arakne" not in text and "Moskito" not in text
        with pytest.raises(AllegianceError) as err:
            GAME.apply(s, 0, Action.of("play", card=card))
        assert "Arakne" not in str(err.value) and "Moskito" not in str(err.value)
    assert option_text(s, "target", secret, None) == HIDDEN_CARD  # a spectator sees no hand
    assert option_text(s, "target", secret, 1) == "Arakne (your hand)"


@pytest.mark.parametrize("seed", range(4))
def test_no_text_of_a_random_game_shows_an_id(seed: int) -> None:
    decks = ["iop", "cra", "feca", "xelor"]
    s = GAME.new_game("1v1", seed, {"decks": [decks[seed], decks[(seed + 1) % 4]]})
    rnd = random.Random(seed)
    for _ in range(1500):
        if GAME.outcome(s) is not None:
            break
        seat = GAME.active_seats(s)[0]
        legal = GAME.legal_actions(s, seat)
        for a in legal:
            text = GAME.describe_action(s, seat, a)
            assert not re.search(r"#\d|\(\d+\)|^\d+$", text), text
            assert text.startswith(f"{s.table.seats[seat].label}: "), text
        view = GAME.view(s, seat)
        for opt in (view["decision"] or {}).get("options", []):
            assert not re.search(r"#\d", opt), opt
        GAME.apply(s, seat, rnd.choice(legal))


def test_a_search_tells_nothing_of_the_copies_it_does_not_show() -> None:
    """Issue 21 item 1 ("every other message"): Bonne Affaire ! shows the top two cards of the Pioche;
    their words counted every copy of their name in the Pioche ("5th of 5 in your Pioche"), telling the
    player how many more it held.  Only the copies the reader sees are counted."""
    s = board(hand={0: ["Bonne Affaire !"]}, monde={0: ["Bouftou"] * 6},
              pioche={0: ["Boufton Blanc"] * 3 + ["Arakne"] + ["Boufton Blanc"] * 2})
    act(s, 0, "play", card=one(s, "Bonne Affaire !"))
    while s.pending and s.pending[-1].kind == "pay":
        act(s, 0, "choose", value=s.pending[-1].options[0])
    assert s.pending[-1].kind == "effect"
    texts = GAME.view(s, 0)["decision"]["options"] + [GAME.describe_action(s, 0, a) for a in GAME.legal_actions(s, 0)]
    assert sorted(GAME.view(s, 0)["decision"]["options"]) == ["Boufton Blanc (1st of 2 in your Pioche)",
                                                             "Boufton Blanc (2nd of 2 in your Pioche)"]
    assert not any("of 5" in t or "of 3" in t for t in texts), texts
