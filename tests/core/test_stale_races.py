"""An action chosen while its seat could act, arriving after that seat's turn to act ended, is refused as
stale ("no longer possible"), never as "not your turn", and changes nothing.

The load benchmark met it (``benchmarks/capacity.py``, one refusal in thousands of actions): a SWDBG 2v2 seat's
action, chosen a version earlier when the seat could act, was refused with "Rebel 2 may not act now; waiting
for Rebel 1" (code ``not_your_turn``).  In a team turn a seat stops acting when it ends its own turn
(SW-TURN-1: each teammate ends when done; a teammate's action that asks something of one seat opens a
choice, which already made older actions stale), so such an action comes from a page that sent it before
an end of turn it had also sent (two pages of one seat, or a click racing the seat's own end of turn).
The sender did nothing wrong from the view it had; it is owed the stale refusal, which says to look again.
"""

from __future__ import annotations

import random

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError, NotYourTurnError, StaleActionError
from allegiance.games import get_game
from tests.swdbg.builders import GAME, build, cid

EMPIRE_1, EMPIRE_2 = 0, 1


def test_a_play_chosen_before_the_seat_ended_its_turn_is_stale_and_says_so() -> None:
    """rule: SW-TURN-1 — the seat's own end of turn, applied first, ends its turn to act."""
    s = build("2v2", hand={EMPIRE_1: ["TIE Fighter"], EMPIRE_2: ["Stormtrooper"]})
    seen = s.version
    GAME.apply(s, EMPIRE_1, Action.of("end_turn"), version=seen)
    assert EMPIRE_1 not in GAME.active_seats(s) and EMPIRE_2 in GAME.active_seats(s)
    before = GAME.digest(s)
    with pytest.raises(StaleActionError) as info:
        GAME.apply(s, EMPIRE_1, Action.of("play", card=cid(s, "TIE Fighter")), version=seen)
    assert "no longer possible" in str(info.value)
    assert "you ended your turn" in str(info.value)
    assert GAME.digest(s) == before
    # sent for the current version, the same action is not the seat's to take: that is "not your turn"
    with pytest.raises(NotYourTurnError):
        GAME.apply(s, EMPIRE_1, Action.of("play", card=cid(s, "TIE Fighter")), version=s.version)


def _late_actions(seed: int, steps: int) -> tuple[int, int]:
    """A random SWDBG 2v2 game; at each state, every active seat's legal actions are remembered with the
    version, and each one remembered from up to three versions back whose seat may no longer act is sent
    to a copy.  Returns how many were sent and how many were refused as stale with nothing changed."""
    game = get_game("swdbg")
    rng = random.Random(seed)
    state = game.new_game("2v2", seed, {})
    recent: list[tuple[int, int, Action]] = []
    sent = stale = 0
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        active = game.active_seats(state)
        for version, seat, chosen in recent:
            if version < state.version and seat not in active:
                sent += 1
                late = game.copy(state)
                before = game.digest(late)
                try:
                    game.apply(late, seat, chosen, version=version)
                except StaleActionError:
                    stale += 1
                except AllegianceError:
                    pass
                assert game.digest(late) == before
        recent = [r for r in recent if r[0] >= state.version - 2]
        recent += [(state.version, s, rng.choice(game.legal_actions(state, s))) for s in active]
        seat = rng.choice(active)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return sent, stale


@pytest.mark.parametrize("seed", [0, 1])
def test_every_action_of_a_seat_that_may_no_longer_act_is_refused_as_stale(seed: int) -> None:
    sent, stale = _late_actions(seed, 300)
    assert sent > 0, "no late action met: the test would prove nothing"
    assert stale == sent
