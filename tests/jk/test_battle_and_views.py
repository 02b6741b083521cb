"""The sourced battle structure (S2), the Force Phase, events' visibility, positions and descriptions."""

from __future__ import annotations

import json

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError, PositionError
from allegiance.games.jk import GAME
from allegiance.games.jk.state import JKState
from tests.jk.builders import act, pick, start, to_phase, to_play
from tests.jk.test_rules import battle


def ships() -> tuple[JKState, int, int, int]:
    s = start("AvE")
    to_phase(s, "starship")
    corvette = to_play(s, 0, "Escort Corvette", "system")  # power 4, leadership 1
    helper = to_play(s, 0, "Skyhook Fighter", "system")
    picket = to_play(s, 1, "Picket Cruiser", "system")
    return s, corvette, helper, picket


def test_s2_the_attacker_rotates_the_defender_acts_first_in_the_support_step() -> None:
    s, corvette, helper, picket = ships()
    battle(s, 0, corvette, picket)
    assert corvette in s.rotated and picket not in s.rotated
    assert s.battle.step == "support" and s.battle.turns.seat == 1  # the defending player first
    act(s, 1, "pass")
    act(s, 0, "pass")
    assert s.battle.step == "weapons" and s.battle.turns.seat == 0


def test_s2_a_supported_card_cannot_be_fired_at_and_supporters_share_its_fate() -> None:
    s, corvette, helper, picket = ships()
    gun = to_play(s, 1, "Turbolaser Battery", on=picket)
    battle(s, 0, corvette, picket)
    act(s, 1, "pass")
    act(s, 0, "support", card=helper, supported=corvette)
    assert helper in s.rotated
    while s.battle.step == "support":
        act(s, s.battle.turns.seat, "pass")
    while s.battle.turns.seat != 1:
        act(s, s.battle.turns.seat, "pass")
    targets = {a.get("target") for a in GAME.legal_actions(s, 1) if a.kind == "fire"}
    assert targets == {helper}  # the bodyguard, never the card it supports
    assert gun in s.attached
    # a supporting card cannot itself be supported, nor support twice
    assert not any(a.kind == "support" for a in GAME.legal_actions(s, 1))


def test_s2_the_loser_and_its_supporters_are_discarded() -> None:
    s = start("AvE")
    to_phase(s, "starship")
    skiff = to_play(s, 0, "Escort Corvette", "system")  # 4, leadership 1
    helper = to_play(s, 0, "Ion Skiff", "system")  # 2
    destroyer = to_play(s, 1, "Dominance-class Destroyer", "system")  # 7
    battle(s, 0, skiff, destroyer)
    act(s, 1, "pass")
    act(s, 0, "support", card=helper, supported=skiff)
    while s.battle is not None:
        act(s, s.battle.turns.seat, "pass")
    assert skiff in s.players[0].discard and helper in s.players[0].discard and destroyer in s.system


def test_force_phase_picks_are_secret_until_all_are_revealed() -> None:
    s = start("AvE")
    p0 = s.players[0]
    card = max(p0.force_deck, key=lambda c: s.cards[c].force_number)
    events = GAME.apply(s, 0, Action.of("choose", value=card))
    assert all(str(s.cards[card].force_number) not in e.text for e in events)
    view = GAME.view(s, 1)
    assert view["players"][0]["picked"] and "picked_card" not in view["players"][0]
    assert "picked_card" in GAME.view(s, 0)["players"][0]
    assert GAME.active_seats(s) == (1,)
    pick(s, {1: 2})
    assert s.phase == "deploy" and s.player_one == 0 and p0.credits == 8


def test_drawn_cards_are_named_only_to_the_drawing_side() -> None:
    s2 = GAME.new_game("AAvEE", 0)
    act(s2, s2.pending.seat, "choose", value=s2.pending.options[0])
    for seat in (0, 1, 2, 3):
        p = s2.players[seat]
        while p.hand:
            p.discard.append(p.hand.pop())
    events = []
    while s2.phase != "force" or s2.turn < 2:
        if s2.phase == "force":
            for seat in s2.live_seats():
                if s2.players[seat].chosen < 0 and s2.players[seat].force_deck:
                    events += GAME.apply(s2, seat, Action.of("choose", value=s2.players[seat].force_deck[0]))
        else:
            events += GAME.apply(s2, GAME.active_seats(s2)[0], Action.of("pass"))
    named = [e for e in events if e.kind == "draw_cards"]
    assert named and all(e.visible_to == s2.table.members(s2.team(e.seat)) for e in named)


def test_positions_round_trip_and_bad_ones_are_refused() -> None:
    s = start("AvEvI")
    to_phase(s, "starship")
    data = json.loads(json.dumps(GAME.to_position(s)))
    again = GAME.from_position(data)
    assert GAME.digest(again) == GAME.digest(s)
    assert GAME.legal_actions(again, again.turns.seat) == GAME.legal_actions(s, s.turns.seat)
    for broken, says in (({**data, "game": "wakfu"}, "not of the game jk"), ({**data, "mode": "AvA"}, "line-up"),
                         ({**data, "cards": data["cards"][:-1] + ["Nope"]}, "unknown card"),
                         ({**data, "site": data["site"] + [0]}, "exactly one zone"),
                         ({**data, "rng": "seven"}, "rng"),
                         ({**data, "player_one": 7}, "out of range"),
                         ({**data, "turns": {"order": [0, 9], "idx": 0, "passes": 0}}, "out of range"),
                         ({**data, "attached": [[0, 1]]}, "not in play"), ({**data, "phase": "lunch"}, "phase")):
        with pytest.raises(PositionError, match=says):
            GAME.from_position(broken)


def test_describe_action_never_raises_and_refusals_say_what_is_allowed() -> None:
    s = start("AvE")
    for action in (Action.of("deploy", card=99999, at="site"), Action.of("fire", weapon="x", target=None),
                   Action.of("play", card=-5), Action.of("choose", value="x")):
        assert isinstance(GAME.describe_action(s, 0, action), str)
    with pytest.raises(IllegalActionError, match="allowed now: choose"):
        GAME.apply(s, 0, Action.of("pass"))
    with pytest.raises(IllegalActionError, match="unknown action kind"):
        GAME.apply(s, 0, Action.of("teleport"))


def test_a_refusal_never_names_a_hidden_card() -> None:
    """An action naming an opponent's hidden card is refused without telling that card's name."""
    s = start("AvE")
    pick(s, {})
    seat = s.turns.seat
    foe = 1 - seat
    for hidden in (s.players[foe].hand[0], s.players[foe].draw[0], s.players[foe].theme_pile[0]):
        with pytest.raises(IllegalActionError) as err:
            GAME.apply(s, seat, Action.of("deploy", card=hidden, at="site"))
        assert s.name(hidden) not in str(err.value) and f"card #{hidden}" in str(err.value)
    own = s.players[seat].hand[0]
    assert s.name(own) in GAME.describe_action(s, seat, Action.of("deploy", card=own, at="site"))


def test_the_force_reveal_says_1_credit_and_2_credits() -> None:
    """The log's grammar (issue 24 item 11): "Force number 1: 1 credit", not "1 credits"."""
    s = start("AvE", 0)
    seats = s.live_seats()
    pick(s, {seats[0]: 1, seats[1]: 2})
    lines = [e.text for e in s.log if "reveals Force number" in e.text]
    assert any(t.endswith("Force number 1: 1 credit") for t in lines), lines
    assert any(t.endswith("Force number 2: 2 credits") for t in lines), lines
