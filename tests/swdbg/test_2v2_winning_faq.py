"""2v2 victory (SW-WIN-1) and the 2v2 FAQ (SW-FAQ-1..3)."""

from __future__ import annotations

from allegiance.games.swdbg.state import SwdbgState
from tests.swdbg.builders import GAME, act, build, choose, cid, legal_kinds, names


def _lose(state: SwdbgState, seat: int, n: int) -> None:
    """Put ``n`` bases of ``seat``'s base deck into the opposing team's victory pile (already destroyed)."""
    p = state.players[seat]
    for _ in range(n):
        state.victory[1 - p.team].append(p.base_deck.pop())


def _rebels_attack(state: SwdbgState, seat: int, names_: list[str]) -> None:
    p = state.players[seat]
    for name in names_:
        act(state, seat, "commit", card=cid(state, name, p.units), target="base")
    act(state, seat, "resolve")


def test_three_bases_of_each_opposing_deck_win_and_a_fourth_does_not_count() -> None:
    """rule: SW-WIN-1"""
    s = build("2v2", active_team=1, units={3: ["X-Wing"], 2: ["Rebel Trooper"]})
    _lose(s, 0, 3)
    _lose(s, 1, 2)
    e1, e2 = s.players[0].base, s.players[1].base
    s.damage[e1] = 7
    s.damage[e2] = 6
    _rebels_attack(s, 2, ["Rebel Trooper"])  # 2 damage: the split is the team's choice
    choose(s, 2, e1, 1)  # Empire 1's fourth base: it does not count
    assert e1 in s.victory[1] and GAME.outcome(s) is None
    assert s.damage[e2] == 7  # the other point had only one base left to go to
    _rebels_attack(s, 3, ["X-Wing"])  # Empire 2's base is the only one left: 3 >= 1 destroys it
    assert e2 in s.victory[1]
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("rebel",)
    assert s.stage == "over" and GAME.legal_actions(s, 2) == [] and GAME.legal_actions(s, 0) == []


def test_both_opposing_bases_can_be_destroyed_in_one_turn() -> None:
    """rule: SW-FAQ-1"""
    s = build("2v2", active_team=1, force=6, units={2: ["Luke Skywalker", "X-Wing"], 3: ["Chewbacca", "X-Wing"]})
    e1, e2 = s.players[0].base, s.players[1].base
    _rebels_attack(s, 2, ["Luke Skywalker", "X-Wing"])  # 6 + 3 = 9 < 16: a split
    choose(s, 3, e1, 8)
    assert e1 in s.victory[1] and s.players[0].base is None
    assert s.damage[e2] == 1  # the last point goes to the only base left
    _rebels_attack(s, 3, ["Chewbacca", "X-Wing"])
    assert s.victory[1] == [e1, e2]
    assert s.players[0].base is None and s.players[1].base is None


def test_a_destroyed_base_is_replaced_at_the_start_of_the_teams_next_turn() -> None:
    """rule: SW-FAQ-2 — the player chooses a new base at the start of their team's next turn."""
    s = build("2v2", active_team=1, units={2: ["Luke Skywalker", "X-Wing"]},
              base_deck={0: ["Endor", "Kessel"], 1: ["Corellia"]})
    e1 = s.players[0].base
    s.damage[e1] = 7
    _rebels_attack(s, 2, ["X-Wing"])
    choose(s, 2, e1, 1)
    assert s.players[0].base is None and s.damage == {s.players[1].base: 2}
    act(s, 2, "end_turn")
    act(s, 3, "end_turn")
    top = s.pending[-1]
    assert top.kind == "choose_base" and top.seats == (0,)
    assert set(top.options) == {cid(s, "Endor"), cid(s, "Kessel")}
    choose(s, 0, cid(s, "Endor"))
    assert s.players[0].base == cid(s, "Endor") and s.stage == "main"


def test_a_player_with_no_base_left_plays_on_and_damage_goes_to_the_teammate() -> None:
    """rule: SW-FAQ-2 — no base left to choose: keep playing; the opponents damage the teammate's base."""
    s = build("2v2", active_team=0, stage="start", base={0: None}, base_deck={0: []},
              hand={0: ["Stormtrooper"]})
    assert not s.pending and s.stage == "main"
    assert {"play", "end_turn"} <= legal_kinds(s, 0)
    act(s, 0, "play", card=cid(s, "Stormtrooper", s.players[0].hand))
    s = build("2v2", active_team=1, base={0: None}, base_deck={0: []}, units={2: ["X-Wing"]})
    _rebels_attack(s, 2, ["X-Wing"])
    assert not s.pending
    assert s.damage == {s.players[1].base: 3}


def test_teammates_may_share_a_base_and_a_unique_character() -> None:
    """rule: SW-FAQ-3"""
    s = build("2v2", stage="start", base={0: None, 1: None}, base_deck={0: ["Endor", "Kessel"], 1: ["Endor"]})
    for seat in (0, 1):
        choose(s, seat, cid(s, "Endor", s.players[seat].base_deck))
    assert names(s, [s.players[0].base, s.players[1].base]) == ["Endor", "Endor"]
    s = build("2v2", hand={0: ["Darth Vader"], 1: ["Darth Vader"]})
    act(s, 0, "play", card=cid(s, "Darth Vader", s.players[0].hand))
    act(s, 1, "play", card=cid(s, "Darth Vader", s.players[1].hand))
    assert names(s, s.players[0].units) == ["Darth Vader"] and names(s, s.players[1].units) == ["Darth Vader"]


def test_a_custom_game_length_changes_the_bases_to_destroy() -> None:
    """rule: SW-WIN-2 — with ``bases_to_win`` 2, two bases of each opposing deck win."""
    s = build("2v2", active_team=1, options={"bases_to_win": 2}, units={2: ["Rebel Trooper"]})
    _lose(s, 0, 2)
    _lose(s, 1, 1)
    e2 = s.players[1].base
    s.damage[e2] = 7
    _rebels_attack(s, 2, ["Rebel Trooper"])
    choose(s, 2, e2, 1)
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("rebel",)
