"""2v2 shared zone (SW-SHARED-*) and team attacks on the enemy bases (SW-ATTACK-*)."""

from __future__ import annotations

from allegiance.core.actions import Action
from tests.swdbg.builders import GAME, act, build, choose, cid, names, options


def _commit_all(state: object, plan: dict[int, list[str]]) -> None:
    """Each seat commits its named units/ships to the (team) base attack."""
    for seat, cards in plan.items():
        p = state.players[seat]
        for name in cards:
            act(state, seat, "commit", card=cid(state, name, p.units + p.ships), target="base")


def test_shared_zone_counts_in_both_regions() -> None:
    """rule: SW-SHARED-1 — a capital ship played by Empire 1 (region 1) is "in play" for the Rebel of
    region 2: Z-95 Headhunter draws and Luke Skywalker may destroy it."""
    s = build("2v2", force=6, active_team=1, ships={0: ["Gozanti Cruiser"]},
              units={3: ["Z-95 Headhunter", "Luke Skywalker"]})
    hand = len(s.players[3].hand)
    act(s, 3, "use", card=cid(s, "Z-95 Headhunter"))
    assert len(s.players[3].hand) == hand + 1
    act(s, 3, "use", card=cid(s, "Luke Skywalker"))
    gozanti = cid(s, "Gozanti Cruiser")
    assert options(s) == (gozanti,)
    choose(s, 3, gozanti)
    assert gozanti in s.players[0].discard


def test_a_played_capital_ship_goes_to_the_players_half_of_the_shared_zone() -> None:
    """rule: SW-SHARED-2"""
    s = build("2v2", hand={1: ["Star Destroyer"]}, ships={0: ["Gozanti Cruiser"]})
    sd = cid(s, "Star Destroyer")
    act(s, 1, "play", card=sd)
    assert s.players[1].ships == [sd] and names(s, s.players[0].ships) == ["Gozanti Cruiser"]
    assert sd not in s.players[1].units
    view = GAME.view(s, 2)
    assert [c["name"] for c in view["players"][1]["ships"]] == ["Star Destroyer"]


def test_every_ship_protects_every_base_and_pays_only_its_player() -> None:
    """rule: SW-SHARED-3 — Empire 2's Star Destroyer shields Empire 1's base from the Rebel of region 1;
    its resources go to Empire 2 alone at the start of the Empire turn."""
    s = build("2v2", active_team=1, ships={1: ["Star Destroyer"]}, units={2: ["X-Wing", "Rebel Trooper"]})
    _commit_all(s, {2: ["X-Wing", "Rebel Trooper"]})
    act(s, 2, "resolve")  # one ship the attack cannot destroy takes all 5 damage, with no question
    assert not s.pending
    assert s.damage == {cid(s, "Star Destroyer"): 5}
    s = build("2v2", active_team=0, stage="start", force=3, ships={1: ["Imperial Carrier", "Gozanti Cruiser"]})
    assert [p.resources for p in s.players] == [0, 5, 0, 0]


def test_team_decides_who_resolves_a_shared_zone_ability() -> None:
    """rule: SW-SHARED-4 — a revealed base's ability and a capital ship's ability: either teammate."""
    s = build("2v2", stage="start", base={0: None}, base_deck={0: ["Corellia"]},
              row={0: ["TIE Fighter"], 1: ["Scout Trooper"]})
    choose(s, 0, cid(s, "Corellia"))
    top = s.pending[-1]
    assert top.kind == "who" and top.seats == (0, 1) and set(top.options) == {0, 1}
    assert GAME.active_seats(s) == (0, 1)
    choose(s, 1, 1)  # the teammate who did not reveal it may answer, and may name themselves
    assert s.pending[-1].seats == (1,) and cid(s, "Scout Trooper") in options(s)
    s = build("2v2", ships={1: ["Gozanti Cruiser"]}, hand={0: ["Stormtrooper"], 1: ["Inquisitor"]})
    use = Action.of("use", card=cid(s, "Gozanti Cruiser"))
    assert use in GAME.legal_actions(s, 0) and use in GAME.legal_actions(s, 1)
    assert use not in GAME.legal_actions(s, 2)


def test_players_interact_with_every_opposing_base_and_ship() -> None:
    """rule: SW-SHARED-5 — the Rebel of region 2 may damage the base and ship of the region-1 Empire."""
    s = build("2v2", active_team=1, units={3: ["Y-Wing"]})
    act(s, 3, "use", card=cid(s, "Y-Wing"))
    assert set(options(s)) == {s.players[0].base, s.players[1].base}
    choose(s, 3, s.players[0].base)
    assert s.damage == {s.players[0].base: 2}
    s = build("2v2", active_team=1, ships={0: ["Gozanti Cruiser"]}, units={3: ["X-Wing"]})
    _commit_all(s, {3: ["X-Wing"]})
    act(s, 3, "resolve")
    assert cid(s, "Gozanti Cruiser") in s.players[0].discard


def test_teammates_add_up_their_attack_and_split_it_as_they_like() -> None:
    """rule: SW-ATTACK-1 — either teammate may commit to the team attack and answer the split."""
    s = build("2v2", active_team=1, units={2: ["X-Wing"], 3: ["Rebel Trooper"]})
    _commit_all(s, {2: ["X-Wing"]})
    assert s.attack is not None and s.attack.seats == (2, 3)
    _commit_all(s, {3: ["Rebel Trooper"]})
    act(s, 3, "resolve")
    top = s.pending[-1]
    assert top.kind == "assign_base" and top.seats == (2, 3)
    e1, e2 = s.players[0].base, s.players[1].base
    assert (e1, 5) in top.options and (e2, 5) in top.options
    choose(s, 3, e1, 2)
    choose(s, 2, e2, 3)
    assert s.damage == {e1: 2, e2: 3}


def test_every_enemy_capital_ship_must_fall_before_a_base_takes_damage() -> None:
    """rule: SW-ATTACK-2"""
    s = build("2v2", active_team=1, ships={0: ["Gozanti Cruiser"], 1: ["Star Destroyer"]},
              units={2: ["Luke Skywalker", "X-Wing"], 3: ["Rebel Trooper"]}, force=3)
    _commit_all(s, {2: ["Luke Skywalker", "X-Wing"], 3: ["Rebel Trooper"]})  # 6 + 3 + 2 = 11
    act(s, 2, "resolve")
    assert s.players[0].ships == [] and s.players[1].ships == []
    choose(s, 2, s.players[0].base, 1)  # 11 - 3 - 7 = 1 left for the bases
    assert s.damage == {s.players[0].base: 1}
    s = build("2v2", active_team=1, ships={0: ["Gozanti Cruiser"], 1: ["Star Destroyer"]},
              units={2: ["X-Wing"], 3: ["Rebel Trooper"]})
    _commit_all(s, {2: ["X-Wing"], 3: ["Rebel Trooper"]})  # 5 < 10: no base can be hit
    act(s, 3, "resolve")
    choose(s, 3, cid(s, "Gozanti Cruiser"))  # the 2 left go to the last ship without a question
    assert s.damage == {cid(s, "Star Destroyer"): 2}
    assert not s.pending and s.players[0].base not in s.damage and s.players[1].base not in s.damage


def test_ships_on_either_half_of_the_opposing_zone_may_be_damaged() -> None:
    """rule: SW-ATTACK-3 — the Rebel of region 1 chooses the region-2 Empire's ship."""
    s = build("2v2", active_team=1, ships={0: ["Gozanti Cruiser"], 1: ["Star Destroyer"]}, units={2: ["X-Wing"]})
    _commit_all(s, {2: ["X-Wing"]})
    act(s, 2, "resolve")
    assert set(options(s)) == {cid(s, "Gozanti Cruiser"), cid(s, "Star Destroyer")}
    choose(s, 2, cid(s, "Star Destroyer"))
    assert s.damage == {cid(s, "Star Destroyer"): 3}
