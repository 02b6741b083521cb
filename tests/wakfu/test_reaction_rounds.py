"""Réaction rounds (809.6, issue 24 item 3): with ``reaction_prompts: always`` every seat allowed to react to
a File item is asked at once; the answers are recorded, hidden, and applied in the rules' order once all
are in (``flow.open_round`` / ``flow.answer_round``)."""

from __future__ import annotations

from typing import Any

import pytest

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.wakfu import GAME
from allegiance.games.wakfu.determinize import determinize
from allegiance.games.wakfu.state import WakfuState
from allegiance.games.wakfu.strategy import greedy_choice
from tests.wakfu.builders import act, choose, ids, one, pay
from tests.wakfu.test_cards_actions_more import PIOUS, rich


def both_hold_echec() -> tuple[WakfuState, int, int]:
    """Seat 0 has just played Parchemin Blanc; each seat holds an Échec Critique that may answer it."""
    s = rich(hand={0: ["Parchemin Blanc", "Échec Critique"], 1: ["Échec Critique"]}, monde={1: ["Bwork"] + PIOUS},
             reaction_prompts="always")
    act(s, 0, "play", card=one(s, "Parchemin Blanc"))
    pay(s)
    mine, theirs = ids(s, "Échec Critique")
    assert s.owners[mine] == 0 and s.owners[theirs] == 1
    return s, mine, theirs


def answer(s: WakfuState, seat: int, value: Any, version: int | None = None) -> list[Any]:
    return GAME.apply(s, seat, Action.of("choose", value=value), version)


def test_every_seat_is_asked_at_once_the_opponent_first_809_6() -> None:
    s, mine, theirs = both_hold_echec()
    # 809.6: the opponent of the item's controller first, then the controller; both asked now
    assert [q.seat for q in s.round()] == [1, 0] and GAME.active_seats(s) == (1, 0)
    assert [d.seats for d in GAME.decisions(s)] == [(1,), (0,)]
    assert theirs in s.decision(1).options and mine in s.decision(0).options
    for seat in (0, 1):
        window = GAME.response_window(s, seat)
        assert window is not None and window.together  # the table holds every answer to the window's end


def test_the_first_reaction_in_priority_order_is_played_and_the_later_seat_is_asked_again_809_6() -> None:
    s, mine, theirs = both_hold_echec()
    parchemin = s.file[-1]
    answer(s, 0, mine)  # the controller answers first, with a Réaction: recorded, nothing played yet
    assert len(s.file) == 1 and mine in s.players[0].main and [q.seat for q in s.round()] == [1]
    answer(s, 1, theirs)  # the opponent, first in priority (809.6), answers too: its Réaction is played
    assert [i.card for i in s.file] == [parchemin.card, theirs] and mine in s.players[0].main
    assert s.file[0].to_ask == [0]  # 810.1: the controller is asked about the Parchemin again later
    choose(s, parchemin.card)  # seat 1 aims its Échec Critique at the Parchemin and pays for it
    pay(s)
    assert [q.seat for q in s.round()] == [0, 1]  # first, both are asked about the Échec Critique
    answer(s, 0, "pass")
    answer(s, 1, "pass")
    assert s.file[0].cancelled  # the Échec Critique resolved and cancelled the Parchemin Blanc
    assert [q.seat for q in s.round()] == [0] and mine in s.players[0].main  # asked again, its card kept


def test_a_reaction_of_a_later_seat_counts_when_every_seat_before_it_passed_809_6() -> None:
    s, mine, _theirs = both_hold_echec()
    answer(s, 0, mine)
    answer(s, 1, "pass")
    assert [i.card for i in s.file][-1] == mine and mine not in s.players[0].main
    choose(s, s.file[0].card)
    pay(s)
    assert s.file[0].to_ask == []  # both answered the Parchemin: nobody is asked about it again


def test_an_answer_is_hidden_until_every_seat_has_answered() -> None:
    s, mine, _theirs = both_hold_echec()
    before = GAME.view(s, 1)
    events = answer(s, 0, mine)
    assert events == []  # nothing said to anybody: the round closes when all are in
    after = GAME.view(s, 1)
    assert after["decision"]["seats"] == [1] and "answered" not in after["decision"]
    before["decision"]["seats"] = [1]
    assert after == before  # the opponent sees only that seat 0 answered, never what
    own = GAME.view(s, 0)["decision"]
    assert own["answered"] == "play Échec Critique (your hand)" and "options" not in own
    # a search for the opponent does not read the answer either: in its worlds seat 0 passed
    assert determinize(s, 1, Rng(3)).file[-1].answered == [(0, "pass")]
    assert determinize(s, 0, Rng(3)).file[-1].answered == [(0, mine)]


def test_an_answer_chosen_when_the_round_opened_is_still_good_after_another_seat_answered() -> None:
    s, _mine, theirs = both_hold_echec()
    opened = s.version
    assert GAME.decision_since(s, 1) == opened
    answer(s, 0, "pass", version=opened)
    assert s.version == opened + 1 and GAME.decision_since(s, 1) == opened
    answer(s, 1, theirs, version=opened)  # chosen at the round's opening: still the same question
    assert s.file[-1].card == theirs


DECKS = {"1v1": ["xelor", "cra"], "2v2": ["xelor", "cra", "cra", "xelor"]}


def greedy_game(mode: str, seed: int, prompts: str) -> tuple[WakfuState, int]:
    """A greedy game; in a round the seats answer in a random order.  Returns the state and the number
    of Réactions the bots chose."""
    s = GAME.new_game(mode, seed, {"reaction_prompts": prompts, "max_turns": 40, "decks": DECKS[mode]})
    order, rng = Rng(seed + 11), Rng(0)
    reactions = 0
    while GAME.outcome(s) is None:
        seats = GAME.active_seats(s)
        seat = seats[0] if len(seats) == 1 else seats[order.below(len(seats))]
        action = greedy_choice(s, seat, GAME.legal_actions(s, seat), rng)
        asked = s.decision(seat)
        reactions += asked is not None and asked.kind == "reaction" and action.get("value") != "pass"
        GAME.apply(s, seat, action)
    return s, reactions


def board_of(s: WakfuState) -> list[Any]:
    return [s.turn, s.winner, sorted(s.tapped), sorted(s.damage.items()),
            *[(p.main, p.pioche, p.defausse, p.havre, p.monde, p.xp, p.pv, p.out) for p in s.players]]


@pytest.mark.parametrize(("mode", "seed"), [("1v1", 0), ("1v1", 1), ("2v2", 0), ("2v2", 2)])
def test_asking_at_once_plays_the_game_of_asking_in_turn_809_6(mode: str, seed: int) -> None:
    """The same deterministic bots play the same game whether the seats are asked at once, answering in any
    order ("always"), or one after another and only when they hold a Réaction ("playable")."""
    together, chosen = greedy_game(mode, seed, "always")
    in_turn, _ = greedy_game(mode, seed, "playable")
    assert chosen > 0  # Réactions were played: the order of the answers mattered
    assert board_of(together) == board_of(in_turn)


def test_a_position_keeps_an_open_round_and_its_answers() -> None:
    """A position written mid-round reads back with the answers given and the questions still open."""
    import json

    s = GAME.new_game("2v2", 0, {"decks": DECKS["2v2"], "max_turns": 40})
    rng = Rng(0)
    while len(s.round()) < 4:  # a round asking all four players
        seat = GAME.active_seats(s)[0]
        GAME.apply(s, seat, greedy_choice(s, seat, GAME.legal_actions(s, seat), rng))
    first, second = (q.seat for q in s.round()[:2])
    answer(s, second, "pass")
    written = json.loads(json.dumps(GAME.to_position(s)))
    assert written["file"][-1]["answered"] == [[second, "pass"]]
    back = GAME.from_position(written)
    assert GAME.to_position(back) == written
    assert [q.seat for q in back.round()] == [q.seat for q in s.round()] and second not in GAME.active_seats(back)
    assert back.file[-1].answered == [(second, "pass")] and first in GAME.active_seats(back)
