"""Why an action is not legal now, in words, from the game (issue 24 item 5): ``Game.why_not``.

The reason comes from the game, once per game, and every route uses it: the refusals of ``apply``, the
table's state (``card_reasons``), ``allegiance play`` and ``allegiance legal --why``.  These tests hold
concrete reasons in each game, then a property over random games of all three: ``why_not`` is ``None``
exactly for the legal actions of a sample, and no reason names a card its seat cannot see nor says more
of a number its view does not hold than the number itself.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError
from allegiance.core.game import OBJECT_KEYS, Game
from allegiance.games import get_game
from allegiance.games.jk import GAME as JK
from allegiance.games.jk.rules import cost
from allegiance.games.swdbg import GAME as SWDBG
from allegiance.games.wakfu import GAME as WAKFU
from tests.core.test_refusals import NO_CARD, SHAPES, Sender, _all_ids, _assert_safe, _name_finder, _renumber
from tests.jk.builders import start, to_hand, to_phase
from tests.swdbg.builders import build, cid
from tests.wakfu.builders import board, one

#: the action shapes of Jedi Knights, with a number where a card or a value goes
JK_SHAPES = (
    lambda n: {"kind": "deploy", "card": n, "at": "site"},
    lambda n: {"kind": "deploy", "card": n, "on": n},
    lambda n: {"kind": "play", "card": n, "function": 0, "target": None},
    lambda n: {"kind": "battle", "attacker": n, "defender": n},
    lambda n: {"kind": "shuttle", "card": n},
    lambda n: {"kind": "intimidate", "card": n, "side": "rebel"},
    lambda n: {"kind": "support", "card": n, "supported": n},
    lambda n: {"kind": "tactic", "card": n, "under": n},
    lambda n: {"kind": "fire", "weapon": n, "target": n},
    lambda n: {"kind": "choose", "value": n},
)
ALL_SHAPES = {**SHAPES, "jk": JK_SHAPES}
PLAIN = ({"kind": "pass"}, {"kind": "end_turn"}, {"kind": "resolve"}, {"kind": "attack"})


# -- concrete reasons, one game at a time ----------------------------------------------------------------
def test_swdbg_a_card_costing_more_than_the_resources_says_needs_n_you_have_m() -> None:
    s = build(row={0: ["AT-AT", "TIE Fighter"]}, resources={0: 2}, hand={0: ["Imperial Shuttle"]})
    at_at = cid(s, "AT-AT")
    assert SWDBG.why_not(s, 0, {"kind": "buy", "card": at_at}) == "needs 6 resources, you have 2"
    assert SWDBG.why_not(s, 0, {"kind": "buy", "card": cid(s, "TIE Fighter")}) is None
    # the table's reasons: the AT-AT only (the TIE Fighter and the shuttle in hand carry an action)
    assert SWDBG.card_reasons(s, 0) == {at_at: "needs 6 resources, you have 2"}
    # the other seat: not its turn, for every card of its own it sees (and the shared row)
    assert set(SWDBG.card_reasons(s, 1).values()) == {"it is not your turn: waiting for Empire"}
    # the refusal of apply says the same
    with pytest.raises(IllegalActionError, match="is not a legal action now: needs 6 resources, you have 2"):
        SWDBG.apply(s, 0, {"kind": "buy", "card": at_at})


def test_swdbg_other_reasons() -> None:
    s = build(row={0: ["Y-Wing"]}, resources={0: 9}, units={0: ["Stormtrooper"]})
    y_wing, trooper = cid(s, "Y-Wing"), cid(s, "Stormtrooper")
    assert SWDBG.why_not(s, 0, {"kind": "buy", "card": y_wing}) == \
        "Y-Wing is a Rebel card: you buy only Empire and neutral cards"
    # the Y-Wing may be attacked (the Stormtrooper's action names it as its target), not bought: a click
    # on it (it carries no action of its own) says why
    assert {"kind": "commit", "card": trooper, "target": y_wing} in [a.to_json() for a in SWDBG.legal_actions(s, 0)]
    assert SWDBG.card_reasons(s, 0)[y_wing] == "Y-Wing is a Rebel card: you buy only Empire and neutral cards"
    assert SWDBG.why_not(s, 0, {"kind": "resolve"}) == "no attack is open: commit a card to attack first"
    assert SWDBG.why_not(s, 0, {"kind": "play", "card": trooper}) == "only a card in your hand can be played"
    SWDBG.apply(s, 0, {"kind": "commit", "card": trooper, "target": "base"})
    assert SWDBG.why_not(s, 0, {"kind": "end_turn"}) == "resolve your open attack before you end your turn"
    assert SWDBG.why_not(s, 1, {"kind": "end_turn"}) == "it is not your turn: waiting for Empire"


def test_wakfu_cost_hero_and_first_turn() -> None:
    s = board(hand={0: ["Abraknyde"]}, monde={1: ["Bouftou"]})
    card = one(s, "Abraknyde")
    assert WAKFU.why_not(s, 0, {"kind": "play", "card": card}) == "needs 4, you have 2"
    assert WAKFU.why_not(s, 0, {"kind": "attack"}) == "your Héros must be in the Monde to attack"
    assert WAKFU.card_reasons(s, 0) == {card: "needs 4, you have 2"}
    first = board(hero_in_monde=(0,), monde={1: ["Bouftou"]}, turn=1, first=0)
    assert WAKFU.why_not(first, 0, {"kind": "attack"}) == "not in your first turn"
    assert WAKFU.card_reasons(first, 0)[first.players[0].hero] == "not in your first turn"
    with pytest.raises(IllegalActionError, match="not in your first turn"):
        WAKFU.apply(first, 0, {"kind": "attack"})


def test_wakfu_a_pending_choice_must_be_answered_first() -> None:
    s = board(hand={1: ["Repos", "Bouftou"]}, monde={1: ["Bouftou"] * 6}, active=1, first=1)
    WAKFU.apply(s, 1, {"kind": "play", "card": one(s, "Repos")})
    assert s.pending[-1].kind == "x"
    reason = WAKFU.why_not(s, 1, {"kind": "play", "card": s.players[1].main[0]})
    assert reason is not None and reason.startswith("answer the choice in front of you first: ")


def test_jk_deploy_cost_and_timing() -> None:
    s = start()
    to_phase(s, "deploy")
    seat = s.turns.seat
    p = s.players[seat]
    expensive = next(c for c in p.hand if not s.cards[c].timing and cost(s, seat, c) > p.credits)
    assert JK.why_not(s, seat, {"kind": "deploy", "card": expensive, "at": "site"}) == \
        f"needs {cost(s, seat, expensive)}, you have {p.credits}"
    assert (cost(s, seat, expensive), p.credits) == (6, 1)  # seed 0: a card of another theme (JK-INDEP-2)
    battle_card = next(c for c in p.hand if s.cards[c].timing == "battle")
    assert JK.why_not(s, seat, {"kind": "play", "card": battle_card, "function": 0, "target": None}) == \
        f"{s.cards[battle_card].name} is played only during a battle"
    reasons = JK.card_reasons(s, seat)
    assert reasons[expensive].startswith("needs ") and battle_card in reasons
    to_phase(s, "starship")
    seat = s.turns.seat
    card = to_hand(s, seat, next(s.cards[c].name for c in s.players[seat].draw if s.cards[c].type == "Character"))
    assert JK.why_not(s, seat, {"kind": "deploy", "card": card, "at": "site"}) == \
        "cards are deployed only in the Deployment Phase, not in the Starship Battle Phase"


# -- the property over random games of the three games ------------------------------------------------------
def _sample(game: Game, state: Any, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Every legal action of the seat, and the game's shapes over every id (and a few numbers beyond)."""
    top = max(_all_ids(state)) + 1
    numbers = rng.sample(range(top + 2), min(top + 2, 40)) + [NO_CARD]
    out = [a.to_json() for a in game.legal_actions(state, seat)]
    out += [shape(n) for n in numbers for shape in ALL_SHAPES[game.name]]
    out += [dict(a) for a in PLAIN if a["kind"] in game.action_kinds]
    return out


def check_reasons(game: Game, state: Any, rng: random.Random) -> int:
    finder = _name_finder(game)
    count = 0
    for seat in range(len(state.table.seats)):
        sender = Sender(game, state, seat, finder)
        legal = set(game.legal_actions(state, seat))
        baseline: dict[int, str | None] = {}
        shapes = ALL_SHAPES[game.name]
        acting = seat in game.active_seats(state) and game.outcome(state) is None
        for sent in _sample(game, state, seat, rng):
            reason = game.why_not(state, seat, sent)
            assert (reason is None) == (Action.from_json(sent) in legal), (seat, sent, reason)
            if reason is None:
                continue
            count += 1
            if acting:  # the core falls back on a generic reason when a game's words fail: they must not
                game.explain(state, seat, Action.from_json(sent))
            _assert_safe(reason, sender, finder, sent)
            numbers = [v for v in sent.values() if isinstance(v, int) and not isinstance(v, bool)]
            if not numbers or numbers[0] in sender.ids or numbers[0] >= NO_CARD:
                continue
            k = next((i for i, shape in enumerate(shapes) if shape(numbers[0]) == sent), None)
            if k is None:
                continue
            if k not in baseline:
                baseline[k] = game.why_not(state, seat, shapes[k](NO_CARD))
            if baseline[k] is not None:  # an id the view does not hold reads as a number that is no card
                assert reason == _renumber(baseline[k], numbers[0]), (seat, sent, reason, baseline[k])
        if acting:  # every card's own action, as a click on it asks (the paths a game's words take most)
            for card_action in game.card_actions(state, seat).values():
                if card_action not in legal:
                    game.explain(state, seat, card_action)
        reasons = game.card_reasons(state, seat)
        assert set(reasons) <= sender.ids, "a reason for a card the seat cannot see"
        for card, reason in reasons.items():
            assert not any(card in {v for k, v in a.params if k not in OBJECT_KEYS} for a in legal)
            _assert_safe(reason, sender, finder, {"card": card})
    return count


CASES = [("swdbg", "1v1", 5, 300), ("swdbg", "2v2", 3, 300), ("wakfu", "1v1", 5, 300), ("wakfu", "2v2", 2, 200),
         ("jk", "AvE", 4, 600), ("jk", "AvEvI", 3, 400)]


@pytest.mark.parametrize(("name", "mode", "examples", "longest"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_why_not_is_none_exactly_for_legal_actions_and_names_no_hidden_card(name: str, mode: str, examples: int,
                                                                            longest: int) -> None:
    game = get_game(name)
    options: dict[str, Any] = {"reaction_prompts": "always"} if name == "wakfu" else {}

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, longest))
    def run(seed: int, steps: int) -> None:
        state = game.new_game(mode, seed, options)
        rng = random.Random(seed)
        checked = 0
        for i in range(steps):
            if game.outcome(state) is not None:
                break
            if i % max(1, steps // 3) == 0 and checked < 3:
                checked += 1
                check_reasons(game, state, rng)
            seat = game.active_seats(state)[0]
            game.apply_unchecked(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert check_reasons(game, state, rng) > 0

    run()


def test_a_leaky_reason_of_a_game_is_caught_by_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard is the core's: a game whose reason names a card the seat cannot see (the top of the
    opponent's Pioche) is replaced by the generic reason, in why_not, in the table's reasons and in apply."""
    s = board(hand={0: ["Abraknyde"]}, pioche={1: ["Arakne", "Moskito"]})
    secret = s.cards[s.players[1].pioche[-1]].name
    monkeypatch.setattr(type(WAKFU), "explain", lambda self, state, seat, action: f"{secret} is on top")
    card = one(s, "Abraknyde")
    reason = WAKFU.why_not(s, 0, {"kind": "play", "card": card})
    assert reason is not None and secret not in reason and reason.startswith("not possible now (allowed now: ")
    assert secret not in WAKFU.card_reasons(s, 0)[card]
    with pytest.raises(IllegalActionError) as err:
        WAKFU.apply(s, 0, {"kind": "play", "card": card})
    assert secret not in str(err.value)
