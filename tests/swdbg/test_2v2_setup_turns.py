"""2v2 setup (SW-SETUP-*), team turns (SW-TURN-*) and the game-length options (SW-WIN-2)."""

from __future__ import annotations

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError
from allegiance.games.swdbg.combat import attack_value
from allegiance.games.swdbg.rules import team_bases
from tests.swdbg.builders import GAME, act, build, choose, cid, legal_kinds, options


def _new(seed: int = 5, **options: object) -> object:
    return GAME.new_game("2v2", seed, options)


def test_one_force_track_for_both_regions() -> None:
    """rule: SW-SETUP-1 — the Force gained in one region is the Force of the whole table."""
    s = build("2v2", force=3, units={0: ["Outer Rim Pilot"], 1: ["Death Trooper"]})
    assert attack_value(s, s.players[1], cid(s, "Death Trooper")) == 3
    act(s, 0, "use", card=cid(s, "Outer Rim Pilot"))
    assert s.force == 2
    # Empire 2 plays in the other region, yet the Force is now with the Empire for them too.
    assert attack_value(s, s.players[1], cid(s, "Death Trooper")) == 5
    view = GAME.view(_new(), 0)
    assert isinstance(view["force"], int)


def test_two_regions_each_pair_one_rebel_with_one_empire() -> None:
    """rule: SW-SETUP-2"""
    s = _new()
    assert len(s.regions) == 2
    for region in (0, 1):
        members = [p for p in s.players if p.region == region]
        assert sorted(p.faction for p in members) == ["empire", "rebel"]
    assert [s.table.seats[i].label for i in range(4)] == ["Empire 1", "Empire 2", "Rebel 1", "Rebel 2"]
    assert (s.players[0].region, s.players[2].region) == (0, 0)
    assert (s.players[1].region, s.players[3].region) == (1, 1)


def test_each_region_is_a_full_standard_galaxy() -> None:
    """rule: SW-SETUP-3 — own galaxy deck, own row of six, own Outer Rim Pilot stack, own galaxy discard."""
    s = _new()
    sets = []
    for r in s.regions:
        assert len(r.row) == 6
        assert len(r.galaxy_deck) + len(r.row) == 90
        assert len(r.pilots) == 10 and r.galaxy_discard == []
        sets.append(set(r.galaxy_deck) | set(r.row) | set(r.pilots))
    assert not sets[0] & sets[1]


def test_each_player_has_own_deck_and_base_deck() -> None:
    """rule: SW-SETUP-4 — ten starters and five bases per player, never shared with the teammate."""
    s = _new()
    owned = []
    for p in s.players:
        cards = p.deck + p.hand
        assert len(cards) == 10 and len(p.hand) == 5
        assert p.base is not None and len(p.base_deck) == 4
        owned.append(set(cards) | {p.base, *p.base_deck})
    for a in range(4):
        for b in range(a + 1, 4):
            assert not owned[a] & owned[b]
    e1, e2 = s.players[0], s.players[1]
    assert sorted(s.name(c) for c in e1.deck + e1.hand) == sorted(s.name(c) for c in e2.deck + e2.hand)


def test_team_base_decks_side_by_side_in_the_shared_zone() -> None:
    """rule: SW-SETUP-5 — both teammates' bases are in play together, each owned by its base deck's player."""
    s = _new()
    for team, seats in ((0, [0, 1]), (1, [2, 3])):
        zone = team_bases(s, team)
        assert [q.seat for q, _ in zone] == seats
        for q, b in zone:
            assert s.base_owner[b] == q.seat
            assert all(s.base_owner[x] == q.seat for x in q.base_deck)


def test_random_first_team_and_other_team_starts_with_the_force() -> None:
    """rule: SW-SETUP-6"""
    seen = set()
    for seed in range(12):
        s = _new(seed)
        seen.add(s.first_team)
        assert s.active_team == s.first_team
        # The Force is fully on the side of the team that does not start.
        assert s.force == (6 if s.first_team == 0 else 0)
    assert seen == {0, 1}


def test_teammates_act_in_any_order_and_the_turn_ends_when_both_have() -> None:
    """rule: SW-TURN-1"""
    s = build("2v2", active_team=0, hand={0: ["Imperial Shuttle"], 1: ["Imperial Shuttle"]})
    assert GAME.active_seats(s) == (0, 1)
    assert GAME.legal_actions(s, 2) == [] and GAME.legal_actions(s, 3) == []
    act(s, 1, "play", card=cid(s, "Imperial Shuttle", s.players[1].hand))
    act(s, 0, "end_turn")
    assert s.active_team == 0 and GAME.active_seats(s) == (1,)
    with pytest.raises(IllegalActionError):
        act(s, 0, "play", card=cid(s, "Imperial Shuttle", s.players[0].hand))
    act(s, 1, "end_turn")
    assert s.active_team == 1
    assert GAME.active_seats(s) == (2, 3)
    assert not s.players[0].ended and not s.players[1].ended


def test_force_fully_on_your_side_gives_each_teammate_one_resource() -> None:
    """rule: SW-TURN-2"""
    s = build("2v2", force=0, active_team=0, stage="start")
    assert s.stage == "main"
    assert [p.resources for p in s.players] == [1, 1, 0, 0]
    s = build("2v2", force=1, active_team=0, stage="start")
    assert [p.resources for p in s.players] == [0, 0, 0, 0]
    s = build("2v2", force=6, active_team=1, stage="start")
    assert [p.resources for p in s.players] == [0, 0, 1, 1]


def test_teammate_changes_the_force_so_the_other_card_can_resolve() -> None:
    """rule: SW-TURN-3 — the X-Wing + Temple Guardian example."""
    s = build("2v2", force=3, active_team=1, units={2: ["X-Wing"]}, hand={3: ["Temple Guardian"]})
    xwing = cid(s, "X-Wing")
    assert Action.of("use", card=xwing) not in GAME.legal_actions(s, 2)
    act(s, 3, "play", card=cid(s, "Temple Guardian"))
    assert "force1" in options(s)
    choose(s, 3, "force1")
    assert s.force == 4
    before = len(s.players[2].hand)
    act(s, 2, "use", card=xwing)
    assert len(s.players[2].hand) == before + 1


def test_expanded_galaxy_and_custom_length_are_options_default_three() -> None:
    """rule: SW-WIN-2 — Expanded Galaxy (all ten bases) and the number of bases are options; the
    default target stays three bases of each opposing deck (SW-WIN-1), whatever the galaxy."""
    assert _new().config.bases_to_win == 3
    full = _new(galaxy="full")
    assert full.config.bases_to_win == 3
    assert all(len(p.base_deck) == 9 for p in full.players)
    assert _new(galaxy="full", bases_to_win=4).config.bases_to_win == 4
    assert _new(bases_to_win=2).config.bases_to_win == 2
    assert "end_turn" in legal_kinds(full, full.first_team * 2)
