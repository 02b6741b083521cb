"""Every Jedi Knights option in both settings; and each declares its provenance."""

from __future__ import annotations

import pytest

from allegiance.core.options import UNSOURCED
from allegiance.games.jk import GAME, flow
from allegiance.games.jk.decks import DeckError, demo_decks, parse_deck, validate
from allegiance.games.jk.options import OPTION_SPECS, resolved
from allegiance.games.jk.state import JKState
from tests.jk.builders import act, find, pick, start, to_hand, to_phase, to_play, to_top_of_draw
from tests.jk.test_rules import battle, deck_text, my_turn


def test_every_option_says_where_its_rule_comes_from() -> None:
    specs = {s.name: s for s in OPTION_SPECS}
    engine = {"decks", "max_turns", "response_prompts", "response_seconds"}
    assert {n for n, s in specs.items() if not s.rules_option} == engine
    for name, spec in specs.items():
        if name not in engine and name != "turns_per_planet":
            assert spec.source.startswith(UNSOURCED) and not spec.sourced, name
    assert "JK-3S-2" in specs["turns_per_planet"].source and "JK-MODES-2" in specs["mixed_sides"].source
    GAME.check_options({s.name: s.default for s in OPTION_SPECS if s.default is not None})


def credits_on_turn_2(**options) -> int:
    s = start("AvE", **options)
    pick(s, {0: 3, 1: 2})
    assert s.players[0].credits == 3
    to_phase(s, "force")
    pick(s, {0: 5, 1: 1})
    return s.players[0].credits


def test_unspent_credits_lost_or_kept() -> None:
    assert credits_on_turn_2() == 5
    assert credits_on_turn_2(unspent_credits="kept") == 8


def player_one_on_tied_turns(**options) -> tuple[int, int]:
    s = start("AvE", **options)
    pick(s, {0: 5, 1: 5})
    first = s.player_one
    to_phase(s, "force")
    pick(s, {0: 4, 1: 4})
    return first, s.player_one


def test_player_one_tie_rotate_or_keep() -> None:
    first, second = player_one_on_tied_turns()
    assert second != first
    first, second = player_one_on_tied_turns(player_one_tie="keep")
    assert second == first
    s = start("AvE")
    pick(s, {0: 2, 1: 7})  # no tie: the highest Force number
    assert s.player_one == 1


def exhausted(**options) -> JKState:
    s = start("AvE", **options)
    pick(s, {})
    p = s.players[0]
    p.force_used += p.force_deck
    p.force_deck = []
    to_phase(s, "force")
    return s


def test_force_exhausted_recycle_or_zero() -> None:
    s = exhausted()
    assert len(s.players[0].force_deck) == 7 and 0 in flow.force_choosers(s)
    s = exhausted(force_exhausted="zero")
    assert not s.players[0].force_deck and 0 not in flow.force_choosers(s)
    pick(s, {})
    assert flow.force_number(s, 0) == 0 and s.players[0].credits == 0


def test_hand_size() -> None:
    assert [len(p.hand) for p in GAME.new_game("AvE", 0).players] == [7, 7]
    assert [len(p.hand) for p in GAME.new_game("AvE", 0, {"hand_size": 5}).players] == [5, 5]


def test_intimidation_no_shuttle_or_nothing() -> None:
    for setting, can in (("no_shuttle", False), ("nothing", True)):
        s = start("AvE", intimidation=setting)
        to_phase(s, "starship")
        cruiser = to_play(s, 0, "Lantern-class Cruiser", "system")
        my_turn(s, 0)
        act(s, 0, "intimidate", card=cruiser, side="Empire")
        to_phase(s, "blockade")
        to_play(s, 1, "Patrol Officer")
        to_play(s, 1, "Talon Interceptor", "system")
        my_turn(s, 1)
        assert any(a.kind == "shuttle" for a in GAME.legal_actions(s, 1)) is can


def shot(**options) -> tuple[JKState, int]:
    """Twin Laser Cannon (+1) fires with a destiny-2 card on top at a power-3 Talon: total 3 against 3."""
    s = start("AvE", **options)
    to_phase(s, "starship")
    fighter = to_play(s, 0, "Skyhook Fighter", "system")
    cannon = to_play(s, 0, "Twin Laser Cannon", on=fighter)
    talon = to_play(s, 1, "Talon Interceptor", "system")
    to_top_of_draw(s, 0, "Ashen Company Trooper")  # destiny 2
    battle(s, 0, fighter, talon)
    while s.battle.step == "support":
        act(s, s.battle.turns.seat, "pass")
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    act(s, 0, "fire", weapon=cannon, target=talon)
    while s.window is not None:
        act(s, s.window.turns.seat, "pass")
    return s, talon


def test_weapon_hit_greater_or_at_least() -> None:
    s, talon = shot()
    assert talon in s.system
    s, talon = shot(weapon_hit="at_least")
    assert talon in s.players[1].discard


def test_the_s3_response_example_to_hit_bonuses_and_ignoring_them() -> None:
    """S3 (timing change): +2 weapon; +2 more; an opponent's response ignores every bonus so far; a later +2
    counts: the draw is made at +2.  Here: Target Lock, Jamming Field, Target Lock."""
    s = start("AvE")
    to_phase(s, "character")
    kel = to_play(s, 0, "Kel Varro, Quick-Draw Smuggler")
    pistol = to_play(s, 0, "Varro's Heavy Pistol", on=kel)
    officer = to_play(s, 1, "Patrol Officer")
    locks = [to_hand(s, 0, "Target Lock") for _ in range(2)]
    jam = to_hand(s, 1, "Jamming Field")
    for p in s.players:
        p.credits = 10
    battle(s, 0, kel, officer)
    while s.battle.step == "support":
        act(s, s.battle.turns.seat, "pass")
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    act(s, 0, "fire", weapon=pistol, target=officer)
    act(s, 1, "pass")
    act(s, 0, "play", card=locks[0], function=0, target=None)
    assert s.window.bonuses == [2, 2]
    act(s, 1, "play", card=jam, function=0, target=None)
    assert s.window.bonuses == []
    act(s, 0, "play", card=locks[1], function=0, target=None)
    assert s.window.bonuses == [2]


def character_tie(**options) -> tuple[JKState, int, int]:
    s = start("AvE", **options)
    to_phase(s, "character")
    a = to_play(s, 0, "Ridge Scout")
    d = to_play(s, 1, "Patrol Officer")
    battle(s, 0, a, d)
    while s.battle is not None:
        act(s, s.battle.turns.seat, "pass")
    return s, a, d


def test_battle_tie_both_survive_or_both_lose() -> None:
    s, a, d = character_tie()
    assert a in s.site and d in s.site
    s, a, d = character_tie(battle_tie="both_lose")
    assert a in s.players[0].discard and d in s.players[1].discard


def supported_battle(**options) -> tuple[JKState, int, int, int]:
    s = start("AvE", **options)
    to_phase(s, "starship")
    corvette = to_play(s, 0, "Escort Corvette", "system")  # 4, leadership 1
    helper = to_play(s, 0, "Skyhook Fighter", "system")  # 3
    picket = to_play(s, 1, "Picket Cruiser", "system")  # 4
    battle(s, 0, corvette, picket)
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    act(s, 0, "support", card=helper, supported=corvette)
    while s.battle is not None:
        act(s, s.battle.turns.seat, "pass")
    return s, corvette, helper, picket


def test_supporters_add_power_or_not() -> None:
    s, corvette, helper, picket = supported_battle()
    assert picket in s.players[1].discard and corvette in s.system  # 7 against 4
    s, corvette, helper, picket = supported_battle(supporters_add_power=False)
    assert picket in s.system and corvette in s.system  # 4 against 4


def test_supporters_per_icon() -> None:
    for per_icon, extra in ((1, False), (2, True)):
        s = start("AvE", supporters_per_icon=per_icon)
        to_phase(s, "starship")
        corvette = to_play(s, 0, "Escort Corvette", "system")
        helpers = [to_play(s, 0, "Skyhook Fighter", "system") for _ in range(2)]
        picket = to_play(s, 1, "Picket Cruiser", "system")
        battle(s, 0, corvette, picket)
        while s.battle.turns.seat != 0:
            act(s, s.battle.turns.seat, "pass")
        act(s, 0, "support", card=helpers[0], supported=corvette)
        act(s, 1, "pass")
        assert any(a.kind == "support" for a in GAME.legal_actions(s, 0)) is extra


def test_control_tie_nobody_or_player_one() -> None:
    for setting in ("nobody", "player_one"):
        s = start("AvE", control_tie=setting)
        pick(s, {0: 6, 1: 2})
        to_play(s, 0, "Ridge Scout")
        to_play(s, 1, "Patrol Officer")
        flow.control_check(s)
        assert s.controlled == (["Alliance"] if setting == "player_one" else [""])


def test_final_conflict_credits() -> None:
    for extra in (1, 0):
        s = start("AvE", final_conflict_credits=extra)
        s.final, s.planet, s.controlled = True, 3, ["Alliance", "Alliance", "Empire"]
        pick(s, {0: 3, 1: 3})
        assert s.players[0].credits == 3 + 2 * extra and s.players[1].credits == 3 + extra


def opts(**given) -> dict:
    return resolved(given, False)


def test_deck_size() -> None:
    luke = demo_decks()["luke"]
    validate(luke, opts())
    with pytest.raises(DeckError, match="exactly 59"):
        validate(luke, opts(deck_size=59))


def test_max_copies() -> None:
    cards = dict(demo_decks()["luke"].cards)
    cards["Ridge Scout"], cards["Ashen Company Trooper"] = 5, 3
    deck = parse_deck(deck_text(cards=cards))
    with pytest.raises(DeckError, match="5 copies of 'Ridge Scout'"):
        validate(deck, opts())
    validate(deck, opts(max_copies=5))


def test_cross_allegiance_forbid_or_allow() -> None:
    cards = dict(demo_decks()["luke"].cards)
    cards["Ridge Scout"], cards["Garrison Trooper"] = 2, 2
    deck = parse_deck(deck_text(cards=cards))
    with pytest.raises(DeckError, match="cross_allegiance"):
        validate(deck, opts())
    validate(deck, opts(cross_allegiance="allow"))


def test_theme_pile_cards_weapons_or_starting_only() -> None:
    luke = demo_decks()["luke"]
    validate(luke, opts())
    with pytest.raises(DeckError, match="starting_only"):
        validate(luke, opts(theme_pile_cards="starting_only"))
    s = GAME.new_game("AvE", 0)
    assert {s.cards[c].title for c in s.players[0].theme_pile} == {"Hidden Outpost", "Varro's Heavy Pistol"}


def test_uniqueness_table_or_side() -> None:
    for setting, allowed in (("table", False), ("side", True)):
        s = start("AvI", uniqueness=setting)
        pick(s, {})
        my_turn(s, 0)
        s.players[0].credits = 10
        to_play(s, 1, "Mira Sol, Palace Informant")
        mira = to_hand(s, 0, "Mira Sol, Alliance Contact")
        assert any(a.get("card") == mira for a in GAME.legal_actions(s, 0)) is allowed


def test_turns_per_planet_two_sided_default_two() -> None:
    s = start("AvE")
    to_phase(s, "deploy")
    to_phase(s, "force")  # turn 1 over
    assert s.controlled == [] and s.turn == 2
    s = start("AvE", turns_per_planet=1)
    to_phase(s, "deploy")
    to_phase(s, "force")
    assert len(s.controlled) == 1


def test_response_prompts_always_or_playable() -> None:
    """With nobody holding a response, "always" still asks everyone (hiding who holds one); "playable" does not."""
    for setting, asked in (("always", True), ("playable", False)):
        s = start("AvE", response_prompts=setting)
        for p in s.players:  # nobody holds a response
            for c in [c for c in p.hand if s.cards[c].timing == "response"]:
                p.hand.remove(c)
                p.discard.append(c)
        to_phase(s, "starship")
        fighter = to_play(s, 0, "Skyhook Fighter", "system")
        cannon = to_play(s, 0, "Twin Laser Cannon", on=fighter)
        talon = to_play(s, 1, "Talon Interceptor", "system")
        battle(s, 0, fighter, talon)
        while s.battle.step == "support":
            act(s, s.battle.turns.seat, "pass")
        while s.battle is not None and s.battle.turns.seat != 0:
            act(s, s.battle.turns.seat, "pass")
        act(s, 0, "fire", weapon=cannon, target=talon)
        assert (s.window is not None) is asked


def test_max_turns_draw() -> None:
    s = start("AvE", max_turns=2)
    while GAME.outcome(s) is None:
        if s.phase == "force":
            pick(s, {})
        else:
            act(s, GAME.active_seats(s)[0], "pass")
    out = GAME.outcome(s)
    assert out.draw and "turn limit" in out.reason and s.turn == 2


def test_decks_option_demo_names_or_deck_text() -> None:
    text = deck_text()
    s = GAME.new_game("AvE", 0, {"decks": [text, "tarkin"]})
    assert s.players[0].theme == "Luke Skywalker" and s.players[1].theme == "Grand Moff Tarkin"
    with pytest.raises(DeckError, match="plays an Empire deck"):
        GAME.new_game("AvE", 0, {"decks": ["luke", "han"]})
    with pytest.raises(ValueError, match="unknown deck"):
        GAME.new_game("AvE", 0, {"decks": ["luke", "nope"]})
    assert find(s, 0, "Ridge Scout") >= 0


def test_the_rules_command_shows_which_jk_rules_are_unsourced() -> None:
    import json

    from typer.testing import CliRunner

    from allegiance.cli import app
    done = CliRunner().invoke(app, ["rules", "jk", "--json"])
    assert done.exit_code == 0, done.output
    listed = {s["name"]: s for s in json.loads(done.output)["options"]}
    assert set(listed) == {s.name for s in OPTION_SPECS}
    assert listed["battle_tie"]["sourced"] is False and listed["battle_tie"]["source"] == UNSOURCED
    assert listed["max_turns"]["source"] == ""
    table = CliRunner().invoke(app, ["rules", "jk"], env={"COLUMNS": "220"})
    assert table.exit_code == 0 and "UNSOURCED" in table.output and "JK-MODES-2" in table.output


def test_a_response_windows_turn_is_a_response_window_for_the_online_table() -> None:
    """The table's windows (allegiance/server/windows.py): each turn in a response window, whatever the
    seat holds, lasts ``response_seconds``; with "playable" there is none (nobody holds a response here)."""
    for setting, seconds in (("always", 4), ("always", 0), ("playable", 4)):
        s = start("AvE", response_prompts=setting, response_seconds=seconds)
        for p in s.players:  # nobody holds a response
            for c in [c for c in p.hand if s.cards[c].timing == "response"]:
                p.hand.remove(c)
                p.discard.append(c)
        to_phase(s, "starship")
        fighter = to_play(s, 0, "Skyhook Fighter", "system")
        cannon = to_play(s, 0, "Twin Laser Cannon", on=fighter)
        talon = to_play(s, 1, "Talon Interceptor", "system")
        battle(s, 0, fighter, talon)
        while s.battle.step == "support":
            # a battle step's turn (S5) is a window too, whatever the seat holds: the same time for all
            step_window = GAME.response_window(s, s.battle.turns.seat)
            if setting == "always":
                assert step_window is not None and step_window.seconds == seconds and not step_window.private
            else:
                assert step_window is None
            act(s, s.battle.turns.seat, "pass")
        while s.battle is not None and s.battle.turns.seat != 0:
            act(s, s.battle.turns.seat, "pass")
        act(s, 0, "fire", weapon=cannon, target=talon)
        windows = 0
        while s.windows:
            seat = GAME.active_seats(s)[0]
            window = GAME.response_window(s, seat)
            assert all(GAME.response_window(s, o) is None for o in range(len(s.players)) if o != seat)
            assert window is not None
            windows += 1
            assert window.seconds == seconds and window.pass_action in GAME.legal_actions(s, seat)
            assert GAME.legal_actions(s, seat) == [window.pass_action]  # nothing to decide: no click
            act(s, seat, "pass")
        assert (windows > 0) is (setting == "always"), (setting, windows)



def hide_nothing(s: JKState, seat: int) -> None:
    """The seat's hand and theme pile (its hidden cards that could be played) go to its discard."""
    p = s.players[seat]
    p.discard.extend(p.hand + p.theme_pile)
    p.hand.clear()
    p.theme_pile.clear()


def test_nothing_to_decide_and_nothing_hidden_is_forced_else_a_window() -> None:
    """Issue 24, item 3: "pass" alone with no hidden card that could be played (an empty hand and theme
    pile: their sizes are public) is played by the table at once (``forced_action``); "pass" alone left by
    hidden cards never is (the others would learn they hold nothing): a battle step's turn (S5) is a
    public window whatever the seat holds, a phase's turn left with "pass" alone a private one (only the
    seat's own page is told; a phase's turn is no timed decision for anyone)."""
    s = start("AvE", response_prompts="always", response_seconds=4)
    to_phase(s, "starship")
    fighter = to_play(s, 0, "Skyhook Fighter", "system")
    talon = to_play(s, 1, "Talon Interceptor", "system")
    battle(s, 0, fighter, talon)
    seat = s.battle.turns.seat
    assert len(GAME.legal_actions(s, seat)) > 1 and GAME.forced_action(s, seat) is None
    window = GAME.response_window(s, seat)
    assert window is not None and window.seconds == 4 and not window.private
    hide_nothing(s, seat)
    assert [a.kind for a in GAME.legal_actions(s, seat)] == ["pass"]
    assert GAME.forced_action(s, seat) == window.pass_action
    # a phase's turn with "pass" alone: a private window while the hand holds cards, forced once empty
    s = start("AvE", response_prompts="always", response_seconds=4)
    to_phase(s, "blockade")
    seat = GAME.active_seats(s)[0]
    assert [a.kind for a in GAME.legal_actions(s, seat)] == ["pass"] and s.players[seat].hand
    window = GAME.response_window(s, seat)
    assert window is not None and window.private and GAME.forced_action(s, seat) is None
    hide_nothing(s, seat)
    assert GAME.forced_action(s, seat) == window.pass_action
    # response_prompts "playable" (tells accepted): no window; still forced when nothing is hidden
    s = start("AvE", response_prompts="playable")
    to_phase(s, "blockade")
    seat = GAME.active_seats(s)[0]
    assert GAME.response_window(s, seat) is None and GAME.forced_action(s, seat) is None
    hide_nothing(s, seat)
    assert GAME.forced_action(s, seat) is not None
