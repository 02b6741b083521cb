"""Team modes 2v2 … 8v8: every WK-* rule of docs/rules/multiplayer.md, each test naming the IDs it proves."""

from __future__ import annotations

from typing import Any

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError, NotYourTurnError
from allegiance.games.wakfu import GAME, events, flow, rules, teams
from allegiance.games.wakfu.decks import DeckError, starter
from allegiance.games.wakfu.setup import table_for
from tests.wakfu.builders import act, choose, kinds, one, pass_reactions, pay, play, team_board

A1, A2, B1, B2 = 0, 1, 2, 3  # seats in 2v2


def order_of_play(state: Any, turns: int) -> list[str]:
    """End turns (keeping hands, passing whatever is asked) and list who played each turn."""
    out = [rules.label(state, state.active)]
    while len(out) < turns:
        seat = state.active
        act(state, seat, "end_turn")
        while state.pending:
            top = state.pending[-1]
            choose(state, "keep" if "keep" in top.options else ("pass" if "pass" in top.options else top.options[0]))
        out.append(rules.label(state, state.active))
    return out


# -- teams and decks ---------------------------------------------------------------------------------------
def test_modes_are_two_teams_of_the_same_size_up_to_8() -> None:
    # WK-TEAM-1
    assert GAME.modes == tuple(f"{n}v{n}" for n in range(1, 9))
    for n in range(2, 9):
        tab = table_for(f"{n}v{n}")
        assert len(tab.members("a")) == len(tab.members("b")) == n
    assert table_for("1v1").teams == ("p0", "p1")  # the duel is unchanged
    for bad in ("2v3", "9v9", "0v0"):
        with pytest.raises(ValueError, match="two teams of the same size"):
            GAME.new_game(bad, 1, {})


def test_each_player_has_their_own_deck_hero_and_havre_sac() -> None:
    # WK-DECK-1: 50 cards each with one Héros and one Havre Sac; teammates' Héros may differ
    s = GAME.new_game("2v2", 3, {"decks": ["iop", "cra", "feca", "xelor"]})
    heroes = [s.name(p.hero) for p in s.players]
    assert heroes == ["Bruss Ouilis", "Tirlangue Portey", "Poum Ondacié", "Aeron Zeklox"]
    for p in s.players:
        owned = [c for c in s.cards if s.owners[c] == p.seat]
        assert len(owned) == 50
        assert p.hero in owned and p.sac in owned
        assert all(s.owners[c] == p.seat for c in p.main + p.pioche + p.monde + p.havre)
    # one deck per team, repeated for each of its players
    s = GAME.new_game("3v3", 3, {"decks": ["cra", "xelor"], "team_uniques": "ignore"})
    assert [s.name(p.hero) for p in s.players] == ["Tirlangue Portey"] * 3 + ["Aeron Zeklox"] * 3
    with pytest.raises(ValueError, match=r"one deck per seat \(6\) or one per team \(2\)"):
        GAME.new_game("3v3", 3, {"decks": ["cra", "xelor", "iop"]})


def test_a_unique_card_at_most_once_per_team_names_the_card_and_players() -> None:
    # WK-DECK-2: Bouftou Royal and Marcassin are Unique in the Iop starter
    with pytest.raises(DeckError) as err:
        GAME.new_game("2v2", 1, {"decks": ["iop", "iop", "cra", "feca"]})
    msg = str(err.value)
    assert "Bouftou Royal is Unique" in msg and "Marcassin is Unique" in msg
    assert "A1 and A2" in msg and "WK-DECK-2" in msg
    # the same Unique card in both teams is fine (once per team), and so are different starters
    GAME.new_game("2v2", 1, {"decks": ["iop", "cra", "iop", "cra"]})
    GAME.new_game("4v4", 1, {})  # the default: iop, feca, cra, xelor in each team
    with pytest.raises(DeckError, match="B1 and B3"):
        GAME.new_game("3v3", 1, {"decks": ["iop", "cra", "feca", "xelor", "cra", "xelor"]})
    # a Unique card held once per deck is already checked by the duel rule (420.1): one copy per deck
    assert dict(starter("iop").cards)["Bouftou Royal"] == 1
    GAME.new_game("3v3", 1, {"decks": ["iop", "iop", "iop", "cra", "cra", "cra"], "team_uniques": "ignore"})


# -- seating and turn order --------------------------------------------------------------------------------
def test_seating_numbers_players_left_to_right_and_faces_the_last_opponent() -> None:
    # WK-SEAT-1: in 2v2, A1 faces B2; in 3v3, A1 faces B3
    t2, t3 = table_for("2v2"), table_for("3v3")
    assert [s.label for s in t2.seats] == ["A1", "A2", "B1", "B2"]
    assert t2.seats[teams.opposite(t2, 0)].label == "B2"
    assert t3.seats[teams.opposite(t3, 0)].label == "B3"
    assert t3.seats[teams.opposite(t3, 4)].label == "A2"  # B2 faces A2
    for n in range(1, 9):
        t = table_for(f"{n}v{n}")
        assert all(teams.opposite(t, teams.opposite(t, s)) == s for s in range(2 * n))


def test_the_starting_team_is_random_and_its_player_1_starts() -> None:
    # WK-SEAT-2
    firsts = {GAME.new_game("2v2", seed, {}).first for seed in range(40)}
    assert firsts == {A1, B1}  # either team, and always its player 1
    firsts = {GAME.new_game("3v3", seed, {}).first for seed in range(40)}
    assert firsts == {0, 3}


def labels(mode: str, first: int) -> list[str]:
    t = table_for(mode)
    return [t.seats[s].label for s in teams.turn_order(t, first)]


def test_turn_order_worked_examples_and_every_n() -> None:
    # WK-ORDER-1 (the rulebook's examples: team A starts, A1 faces B_N)
    assert labels("2v2", 0) == ["A1", "B2", "A2", "B1"]
    assert labels("3v3", 0) == ["A1", "B3", "A2", "B2", "A3", "B1"]
    assert labels("2v2", 2) == ["B1", "A2", "B2", "A1"]  # team B starts: its player 1, then the one opposite
    assert labels("1v1", 1) == ["Player 2", "Player 1"]
    for n in range(2, 9):
        for first in (0, n):
            t = table_for(f"{n}v{n}")
            seq = teams.turn_order(t, first)
            assert sorted(seq) == list(range(2 * n)) and seq[0] == first
            assert all(t.team_of(a) != t.team_of(b) for a, b in zip(seq, seq[1:], strict=False))  # teams alternate
            assert all(seq[i + 1] == teams.opposite(t, seq[i]) for i in range(0, 2 * n, 2))  # then the one opposite
            starting = [s for s in seq if t.team_of(s) == t.team_of(first)]
            assert starting == list(t.members(t.team_of(first)))  # left to right


def test_turns_follow_the_order_in_a_real_game() -> None:
    # WK-ORDER-1: heroes revealed, then A1 B3 A2 B2 A3 B1 A1 …
    s = GAME.new_game("3v3", 2, {"reaction_prompts": "playable"})
    while s.phase == "mulligan" or (s.pending and s.pending[-1].kind == "mulligan"):
        choose(s, "keep")
    start = rules.label(s, s.first)
    got = order_of_play(s, 8)
    team = start[0]
    other = "B" if team == "A" else "A"
    assert got == [f"{team}1", f"{other}3", f"{team}2", f"{other}2", f"{team}3", f"{other}1", f"{team}1", f"{other}3"]


def test_an_eliminated_players_turn_is_skipped_and_the_order_is_kept() -> None:
    # WK-ORDER-2: with B2 out, A1 then A2 play one after the other; WK-ELIM-3: B2 never plays again
    s = team_board("2v2", active=A1, first=A1)
    flow.eliminate(s, B2)
    got = order_of_play(s, 7)
    assert got == ["A1", "A2", "B1", "A1", "A2", "B1", "A1"]
    assert teams.order(s) == [A1, B2, A2, B1]  # the order itself does not change


# -- communication, ownership and targets ------------------------------------------------------------------
def test_team_hands_are_visible_to_the_team_only() -> None:
    # WK-COMM-1
    s = team_board("2v2", hand={A1: ["Bouftou"], A2: ["Tofu"], B1: ["Charge"], B2: ["Trêve"]})
    v = GAME.view(s, A1)
    hands = {p["label"]: p["hand"] for p in v["players"]}
    assert [c["name"] for c in hands["A1"]] == ["Bouftou"] and [c["name"] for c in hands["A2"]] == ["Tofu"]
    assert hands["B1"] is None and hands["B2"] is None
    theirs = {p["label"]: p["hand"] for p in GAME.view(s, B1)["players"]}
    assert [c["name"] for c in theirs["B2"]] == ["Trêve"] and theirs["A1"] is None and theirs["A2"] is None
    assert all(p["hand"] is None for p in GAME.view(s, None)["players"])
    # a draw is told to the drawing player's team, never to the other team
    events = rules.draw(s, A2) and s.log[-1]
    assert events.visible_to == (A1, A2)


def test_each_player_draws_and_pays_with_their_own_cards_only() -> None:
    # WK-COMM-2 (drawing: own Pioche), WK-COMM-3 (paying: only cards one controls)
    s = team_board("2v2", hand={A1: ["Bouftou"]}, monde={A1: ["Tofu"], A2: ["Tofu", "Bouftou"]})
    before = s.players[A2].pioche[:]
    act(s, A1, "play", card=one(s, "Bouftou", A1))
    choose(s, "monde")
    opts = [o for o in s.pending[-1].options if o != "cancel"]
    assert opts and all(rules.controller(s, c) == A1 for c in opts)
    assert not set(opts) & set(s.players[A2].monde)
    assert GAME.legal_actions(s, A2) == []  # the teammate cannot pay for A1
    pay(s)
    pass_reactions(s)
    rules.draw(s, A1)
    assert s.players[A2].pioche == before  # nobody draws from a teammate's Pioche


def test_an_effect_of_your_choice_may_choose_a_teammates_card() -> None:
    # WK-COMM-4: Charge (+2 Force to an Allié or Héros of your choice) on the teammate's Bouftou
    s = team_board("2v2", hand={A1: ["Charge"]}, monde={A1: ["Tofu", "Tofu"], A2: ["Bouftou"]})
    mate = one(s, "Bouftou", A2)
    act(s, A1, "play", card=one(s, "Charge", A1))
    assert mate in s.pending[-1].options
    choose(s, mate)
    pay(s)
    pass_reactions(s)
    assert rules.force(s, mate) == 4 and rules.controller(s, mate) == A2


def test_opposing_means_any_player_of_the_other_team() -> None:
    # WK-COMM-5: an attack may target a card of either opposing player, never a teammate's
    s = team_board("2v2", monde={A1: ["Bouftou"], A2: ["Tofu"], B1: ["Tofu"], B2: ["Bouftou"]})
    act(s, A1, "attack")
    options = set(s.pending[-1].options)
    opposing = {c for seat in (B1, B2) for c in s.players[seat].monde}
    assert options == opposing
    assert not options & set(s.players[A2].monde)
    assert teams.opponents(s, A1) == [B1, B2]


def test_havre_sacs_are_protected_from_everyone() -> None:
    # WK-COMM-6: Charge may choose a card in its player's own Havre Sac (508.1a) but in no other
    s = team_board("2v2", hand={A1: ["Charge"]}, monde={A1: ["Tofu", "Tofu"]},
                   havre={A1: ["Bouftou"], A2: ["Bouftou"], B1: ["Bouftou"]})
    act(s, A1, "play", card=one(s, "Charge", A1))
    options = set(s.pending[-1].options)
    assert one(s, "Bouftou", A1) in options
    assert not options & (set(s.players[A2].havre) | set(s.players[B1].havre) | set(s.players[B2].havre))


def test_a_card_in_your_havre_sac_may_choose_a_teammates_card_in_the_monde() -> None:
    # WK-COMM-7: the rulebook's example, Demi Finame in its Havre Sac raising a partner's Bouftou
    s = team_board("2v2", havre={A1: ["Demi Finame"]}, monde={A2: ["Bouftou"], B1: ["Bouftou"]})
    mate = one(s, "Bouftou", A2)
    act(s, A1, "use", card=one(s, "Demi Finame", A1), power=0)
    options = set(s.pending[-1].options)
    assert mate in options
    assert one(s, "Bouftou", B1) not in options  # an opponent's card: only one's own, as in a duel (508.1b)
    choose(s, mate)
    pay(s)
    pass_reactions(s)
    assert rules.force(s, mate) == 4


def test_from_a_havre_sac_a_teammates_havre_sac_stays_out_of_reach() -> None:
    # WK-COMM-6 with WK-COMM-7: the teammate's Bouftou inside their Havre Sac cannot be chosen
    s = team_board("2v2", havre={A1: ["Demi Finame"], A2: ["Bouftou"]})
    finame = one(s, "Demi Finame", A1)
    assert Action.of("use", card=finame, power=0) not in GAME.legal_actions(s, A1)  # no Monstre it may reach
    s.players[A2].monde.append(s.players[A2].havre.pop())  # the same Bouftou moved into the Monde
    assert Action.of("use", card=finame, power=0) in GAME.legal_actions(s, A1)


# -- victory and XP -----------------------------------------------------------------------------------------
def kill(s: Any, seat: int) -> None:
    s.players[seat].pv = 0
    flow.advance(s)


def test_a_team_wins_when_every_opposing_hero_is_down() -> None:
    # WK-WIN-1: B1 falling does not end the game; B2 falling too gives team A the Victoire au Combat
    s = team_board("2v2")
    kill(s, B1)
    assert s.phase != "over" and s.players[B1].out
    kill(s, B2)
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("a",) and "Victoire au Combat" in out.reason
    assert out.scores == {"a": 1.0, "b": 0.0}


def test_team_xp_goal_is_18_per_hero() -> None:
    # WK-WIN-2: 36 in 2v2, 54 in 3v3; the first team to reach it wins
    s = team_board("2v2")
    assert teams.xp_goal(s, "a") == 36
    assert teams.xp_goal(team_board("3v3"), "b") == 54
    rules.gain_xp(s, A1, 20)
    rules.gain_xp(s, A2, 15)
    flow.advance(s)
    assert s.phase != "over"
    rules.gain_xp(s, A2, 1)
    flow.advance(s)
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("a",) and "Expérience" in out.reason


def test_team_xp_is_pooled_and_a_hero_stays_at_level_2() -> None:
    # WK-XP-1: one player may earn it all; a Héros' 18th XP does not make it Niveau 3
    s = team_board("2v2")
    rules.gain_xp(s, A1, 30)
    flow.advance(s)
    assert s.players[A1].level == 2 and s.phase != "over"
    assert teams.team_xp(s, "a") == 30 and s.players[A2].xp == 0
    rules.gain_xp(s, A1, 6)
    flow.advance(s)
    assert GAME.outcome(s).winners == ("a",)  # type: ignore[union-attr]


def test_team_xp_is_kept_when_its_earner_is_eliminated() -> None:
    # WK-XP-2
    s = team_board("2v2")
    rules.gain_xp(s, B1, 20)
    kill(s, B1)
    assert s.players[B1].out and teams.team_xp(s, "b") == 20
    rules.gain_xp(s, B2, 16)
    flow.advance(s)
    assert GAME.outcome(s).winners == ("b",)  # type: ignore[union-attr]
    assert GAME.view(s, A1)["teams"][1] == {"team": "b", "seats": [B1, B2], "xp": 36, "xp_goal": 36}


def test_the_team_rule_wins_over_the_duel_rule() -> None:
    # WK-GOLD-1: in a duel, Niveau 3 (18 XP) wins and a fallen Héros ends the game; in teams neither does
    duel = GAME.new_game("1v1", 1, {})
    duel.phase = "main"
    rules.gain_xp(duel, 0, 18)
    flow.advance(duel)
    assert GAME.outcome(duel) is not None and duel.players[0].level == 3
    s = team_board("2v2")
    rules.gain_xp(s, A1, 18)
    kill(s, B1)
    assert s.phase != "over" and s.players[A1].level == 2


# -- hero destruction ---------------------------------------------------------------------------------------
def test_an_eliminated_player_takes_back_every_card() -> None:
    # WK-ELIM-1: the player leaves with every card, Pioche and Défausse included
    s = team_board("2v2", hand={B1: ["Tofu"]}, monde={B1: ["Bouftou"]}, havre={B1: ["Tofu"]})
    events.destroy(s, one(s, "Bouftou", B1))
    owned = sorted(c for c in s.cards if s.owners[c] == B1)
    kill(s, B1)
    p = s.players[B1]
    assert p.out and p.gone == owned
    assert p.pioche == p.main == p.defausse == p.monde == p.havre == []
    assert not any(rules.in_play(s, c) for c in owned)
    where = [c for q in s.players for z in (q.pioche, q.main, q.defausse, q.havre, q.monde, q.gone) for c in z]
    assert sorted(where + s.banished) == sorted(s.cards)  # invariant 3: nothing lost


def test_every_effect_of_an_eliminated_player_ends_at_once() -> None:
    # WK-ELIM-2: B1's Trêve (no damage until B1's next turn) stops when B1 is eliminated
    s = team_board("2v2", hand={B1: ["Trêve"]}, monde={B1: ["Tofu", "Tofu", "Tofu", "Tofu"]}, active=B1,
                   heroes={B1: "Poum Ondacié"})
    play(s, B1, one(s, "Trêve", B1))
    pass_reactions(s)
    assert ("treve" in {m[1] for m in s.pmods})
    pv = s.players[B2].pv
    events.deal_damage(s, A1, None, s.players[B2].hero, 3, "Feu")
    assert s.players[B2].pv == pv  # prevented
    kill(s, B1)
    assert "treve" not in {m[1] for m in s.pmods}
    events.deal_damage(s, A1, None, s.players[B2].hero, 3, "Feu")
    assert s.players[B2].pv == pv - 3
    # the eliminated active player's turn ends: the next in the order plays
    assert s.active == A1 and not s.players[A1].out


def test_an_eliminated_player_plays_no_more() -> None:
    # WK-ELIM-3
    s = team_board("2v2", hand={A2: ["Tofu"]}, active=A2)
    kill(s, A2)
    assert s.active == B1
    assert GAME.legal_actions(s, A2) == []
    assert all(A2 not in d.seats for d in GAME.decisions(s))
    with pytest.raises((IllegalActionError, NotYourTurnError)):
        GAME.apply(s, A2, Action.of("end_turn"))
    v = GAME.view(s, A1)
    assert v["players"][A2]["out"] is True and v["players"][A2]["gone_count"] == 13  # Héros, Sac, Tofu, 10


# -- combat ---------------------------------------------------------------------------------------------------
def attack(s: Any, seat: int, target: int, attackers: list[int]) -> None:
    act(s, seat, "attack")
    choose(s, target)
    for a in attackers:
        choose(s, a)
    if s.pending and s.pending[-1].kind == "attacker":
        choose(s, "done")


def combat_board() -> Any:
    return team_board("2v2", monde={A1: ["Bouftou", "Bouftou"], A2: ["Tofu"], B1: ["Tofu", "Bouftou"],
                                    B2: ["Tofu", "Bouftou"]})


def test_combat_follows_the_duel_and_the_targets_controller_defends() -> None:
    # WK-COMBAT-1: target, attackers, blockers by the defender, actions, then resolution
    s = combat_board()
    target = one(s, "Tofu", B2)
    a1, a2 = [c for c in s.players[A1].monde if s.name(c) == "Bouftou"]
    attack(s, A1, target, [a1])
    assert s.combat.defender == B2 and s.pending[-1].kind == "blocker" and s.pending[-1].seat == B2
    choose(s, "done")
    assert s.combat.step == "actions"
    for _ in range(4):
        act(s, s.combat.to_act, "pass")
    assert s.combat is None and not rules.in_play(s, target)  # the Bouftou destroyed the Tofu
    assert a1 in s.tapped and a2 not in s.tapped  # 708.3: the attacker is inclined at the end


def test_reinforcements_come_from_teammates() -> None:
    # WK-COMBAT-2: B2 may block with B1's untapped Allié or Héros in the Monde
    s = combat_board()
    attack(s, A1, s.players[B2].sac, [one(s, "Bouftou", A1)])
    blockers = {b for b, _ in (o for o in s.pending[-1].options if o != "done")}
    assert set(s.players[B1].monde) - {s.players[B1].sac} <= blockers
    assert set(s.players[B2].monde) - {s.players[B2].sac} <= blockers
    assert not blockers & set(s.players[A2].monde)


def test_the_target_never_blocks_and_blockers_are_limited_by_the_defenders_pm() -> None:
    # WK-COMBAT-3: the defender (Tirlangue Portey, PM 3) places at most 3, the target never
    s = team_board("2v2", monde={A1: ["Bouftou", "Bouftou", "Bouftou"], B1: ["Tofu", "Tofu", "Tofu"],
                                 B2: ["Tofu", "Tofu"]}, heroes={B2: "Tirlangue Portey"})
    target = s.players[B2].monde[1]
    attack(s, A1, target, [c for c in s.players[A1].monde if s.name(c) == "Bouftou"])
    assert rules.pm(s, B2) == 3
    placed = 0
    while s.pending and s.pending[-1].kind == "blocker":
        opts = [o for o in s.pending[-1].options if o != "done"]
        assert all(b != target for b, _ in opts)
        if not opts:
            break
        choose(s, *opts[0])
        placed += 1
    assert placed == 3 and len(s.combat.blockers) == 3 and s.combat.step == "actions"


def test_the_defender_alone_places_blockers_and_everyone_keeps_control() -> None:
    # WK-COMBAT-4
    s = combat_board()
    attack(s, A1, s.players[B2].sac, [one(s, "Bouftou", A1)])
    assert [d.seats for d in GAME.decisions(s)] == [(B2,)]
    assert GAME.legal_actions(s, B1) == []
    mate = one(s, "Bouftou", B1)
    choose(s, mate, one(s, "Bouftou", A1))
    assert rules.controller(s, mate) == B1 and s.combat.blockers[mate] == one(s, "Bouftou", A1)


def test_reinforcements_are_tapped_when_placed() -> None:
    # WK-COMBAT-5: only the defending player's own blockers stay untapped
    s = combat_board()
    a1, a2 = [c for c in s.players[A1].monde if s.name(c) == "Bouftou"]
    attack(s, A1, s.players[B2].sac, [a1, a2])
    own, mate = one(s, "Bouftou", B2), one(s, "Bouftou", B1)
    choose(s, own, a1)
    choose(s, mate, a2)
    assert mate in s.tapped and own not in s.tapped


def test_action_phase_order_worked_example() -> None:
    # WK-COMBAT-6: order A1 B2 A2 B1; A1 attacks B2: A1, B2, A2, B1, A1, B2 …; a player with no card in
    # the combat may act; WK-COMBAT-7: it ends when all four have passed in a row
    s = combat_board()
    s.players[A2].main.append(s.players[A2].pioche.pop())
    attack(s, A1, s.players[B2].sac, [one(s, "Bouftou", A1)])
    choose(s, "done")
    seen = []
    for _ in range(3):
        seen.append(rules.label(s, s.combat.to_act))
        act(s, s.combat.to_act, "pass")
    assert seen == ["A1", "B2", "A2"] and s.combat.step == "actions"
    assert s.combat.to_act == B1
    act(s, B1, "pass")
    assert s.combat is None  # four passes in a row: duels and damage resolved, the combat is over


def test_an_action_restarts_the_round_of_passes() -> None:
    # WK-COMBAT-7 (and WK-COMBAT-6: a player who passed acts again on their next opportunity)
    s = team_board("2v2", monde={A1: ["Bouftou", "Tofu", "Tofu"], B2: ["Tofu"]}, hand={A2: ["Charge"]},
                   heroes={A2: "Bruss Ouilis"})
    s.players[A2].monde += [s.players[A2].pioche.pop() for _ in range(2)]
    for c in s.players[A2].monde:
        s.appeared[c] = 0
    attack(s, A1, s.players[B2].sac, [one(s, "Bouftou", A1)])
    if s.pending and s.pending[-1].kind == "blocker":
        choose(s, "done")
    act(s, A1, "pass")
    act(s, B2, "pass")
    assert s.combat.to_act == A2
    play(s, A2, one(s, "Charge", A2), one(s, "Bouftou", A1))
    pass_reactions(s)
    assert s.combat is not None and s.combat.passed == [] and s.combat.to_act == B1
    for seat in (B1, A1, B2):
        act(s, seat, "pass")
    assert s.combat is not None and s.combat.to_act == A2
    act(s, A2, "pass")
    assert s.combat is None


def test_a_reaction_is_outside_the_order_of_actions() -> None:
    # 705.3 / 809.7 (WK-GOLD-2: the seeds say nothing of Réactions in the phase, so the duel's rule holds):
    # a Réaction is outside the alternation of WK-COMBAT-6.  Order A1 B2 A2 B1, A1 attacks B2: after A1's
    # Action and B1's Réaction to it, B2 still acts next (the player after A1 in the order of actions)
    s = team_board("2v2", monde={A1: ["Bouftou"]}, hand={A1: ["Charge"], B1: ["Échec Critique"]})
    bouftou = one(s, "Bouftou", A1)
    attack(s, A1, s.players[B2].sac, [bouftou])
    if s.pending and s.pending[-1].kind == "blocker":
        choose(s, "done")
    assert s.combat.to_act == A1
    play(s, A1, one(s, "Charge", A1), bouftou)
    while s.pending and s.pending[-1].kind == "reaction" and s.pending[-1].seat != B1:
        choose(s, "pass")
    assert s.pending[-1].seat == B1
    choose(s, one(s, "Échec Critique", B1))
    while s.pending and s.pending[-1].kind == "target":
        choose(s, s.pending[-1].options[0])
    pay(s)
    pass_reactions(s)
    assert not s.file and rules.force(s, bouftou) == s.cards[bouftou].force  # the Charge was cancelled
    assert s.combat.to_act == B2  # not A2, as if B1's Réaction had been B-team's action
    seen = []
    while s.combat is not None and s.combat.step == "actions":
        seen.append(rules.label(s, s.combat.to_act))
        act(s, s.combat.to_act, "pass")
    assert seen == ["B2", "A2", "B1", "A1"]  # WK-COMBAT-7: then all four pass in a row


def test_team_games_work_as_the_duel_otherwise() -> None:
    # WK-GOLD-2: hands of PA cards, the duel's phases, one Phase Principale per turn, the duel's Réactions
    s = GAME.new_game("2v2", 5, {})
    for p in s.players:
        assert len(p.main) == rules.pa(s, p.seat)  # 102.3
        assert p.havre == [p.hero] and p.monde == [p.sac]  # 102.1
    assert s.phase == "mulligan"
    while s.pending and s.pending[-1].kind == "mulligan":
        choose(s, "keep")
    assert s.phase == "main" and s.turn == 1 and "attack" not in kinds(s, s.active)  # 603.2


def test_action_phase_order_in_3v3_and_with_a_player_out() -> None:
    # WK-COMBAT-6: order A1 B3 A2 B2 A3 B1; A2 attacks B1: A2, B1, then each team on in its own order
    # (team B's order is B3, B2, B1: after B1 comes B3); WK-ORDER-2 / WK-ELIM-3: a player out is skipped
    s = team_board("3v3", monde={1: ["Bouftou"], 3: ["Tofu"]}, active=1)
    attack(s, 1, s.players[3].sac, [one(s, "Bouftou", 1)])
    if s.pending and s.pending[-1].kind == "blocker":
        choose(s, "done")
    seen = []
    for _ in range(5):
        seen.append(rules.label(s, s.combat.to_act))
        act(s, s.combat.to_act, "pass")
    assert seen == ["A2", "B1", "A3", "B3", "A1"]
    assert rules.label(s, s.combat.to_act) == "B2"
    act(s, s.combat.to_act, "pass")
    assert s.combat is None  # WK-COMBAT-7: all six passed in a row
    s = team_board("2v2", monde={A1: ["Bouftou"]})
    flow.eliminate(s, B1)
    attack(s, A1, s.players[B2].sac, [one(s, "Bouftou", A1)])
    seen = []
    while s.combat is not None and s.combat.step == "actions":
        seen.append(rules.label(s, s.combat.to_act))
        act(s, s.combat.to_act, "pass")
    assert seen == ["A1", "B2", "A2"]  # three players left: three passes in a row end it


def test_an_attacker_eliminated_mid_combat_ends_the_attack_and_the_turn() -> None:
    # WK-ELIM-2: the attack of an eliminated player ends at once; WK-ELIM-3: their turn too
    s = team_board("2v2", monde={A1: ["Bouftou"], B2: ["Tofu"]})
    attack(s, A1, s.players[B2].sac, [one(s, "Bouftou", A1)])
    if s.pending and s.pending[-1].kind == "blocker":
        choose(s, "done")
    assert s.combat is not None
    s.players[A1].pv = 0
    act(s, A1, "pass")
    assert s.players[A1].out and s.combat is None
    assert s.active == B2 and s.phase == "main"  # the next player in the order A1 B2 A2 B1


def test_a_bonus_given_by_an_eliminated_player_ends_with_them() -> None:
    # WK-ELIM-2: B1's Charge on B2's blocker (+2 Force until end of turn) ends when B1 is eliminated
    s = team_board("2v2", monde={A1: ["Bouftou"], B1: ["Tofu", "Tofu"], B2: ["Bouftou"]}, hand={B1: ["Charge"]},
                   heroes={B1: "Bruss Ouilis"})
    blocker = one(s, "Bouftou", B2)
    attack(s, A1, s.players[B2].sac, [one(s, "Bouftou", A1)])
    choose(s, blocker, one(s, "Bouftou", A1))
    choose(s, "done")
    act(s, A1, "pass")
    act(s, B2, "pass")
    act(s, A2, "pass")
    play(s, B1, one(s, "Charge", B1), blocker)
    pass_reactions(s)
    assert rules.force(s, blocker) == 4
    s.players[B1].pv = 0
    flow.advance(s)
    assert s.players[B1].out and rules.force(s, blocker) == 2 and s.combat is not None


def test_a_player_target_offers_every_player_in_the_game_by_name() -> None:
    # WK-COMM-5 / WK-GOLD-2: "a player" (Coupure Temporelle) may be any player still in the game
    s = team_board("2v2", hand={A1: ["Coupure Temporelle"]}, monde={A1: ["Tofu", "Tofu"]},
                   heroes={A1: "Aeron Zeklox"})
    flow.eliminate(s, B2)
    act(s, A1, "play", card=one(s, "Coupure Temporelle", A1))
    assert s.pending[-1].options == (A1, A2, B1, "cancel")
    assert GAME.view(s, A1)["decision"]["options"] == ["A1", "A2", "B1", "cancel: nothing is paid"]


def test_first_turn_rules_in_teams() -> None:
    # WK-GOLD-2 with the choices of RULES.md: only the first player's first turn is restricted (506.3);
    # every other player's Havre Sac counts twice on their own first turn (306.4)
    from allegiance.games.wakfu.choices import places
    from allegiance.games.wakfu.resources import sac_twice
    s = GAME.new_game("2v2", 4, {"reaction_prompts": "playable"})
    while s.pending and s.pending[-1].kind == "mulligan":
        choose(s, "keep")
    seq = teams.order(s)
    assert s.active == seq[0] and not sac_twice(s, seq[0])
    ally = next((c for c in s.players[seq[0]].main if s.cards[c].type == "Allié"), None)
    if ally is not None:
        assert "monde" not in places(s, seq[0], ally)
    for seat in seq[1:]:
        act(s, s.active, "end_turn")
        while s.pending:
            top = s.pending[-1]
            choose(s, "keep" if "keep" in top.options else top.options[0])
        assert s.active == seat and sac_twice(s, seat) and not rules.first_turn_of_first_player(s)


def test_a_refused_team_deck_ends_with_what_to_do() -> None:
    """WK-DECK-2: the refusal keeps naming the card and players, then says how to play: different
    starters per teammate (each team keeps its first player's starter) or team_uniques=ignore; and
    the suggested decks do start the game."""
    with pytest.raises(DeckError) as err:
        GAME.new_game("3v3", 1, {"decks": ["iop", "cra"]})
    msg = str(err.value)
    assert "Bouftou Royal is Unique" in msg and "A1 and A2 and A3" in msg
    assert msg.endswith("to play: give each player of a team a different deck (e.g. decks iop, feca, cra, "
                        "cra, iop, feca), or set the option team_uniques=ignore to play without this rule")
    assert err.value.suggestions == [{"decks": ["iop", "feca", "cra", "cra", "iop", "feca"]},
                                     {"team_uniques": "ignore"}]
    for way in err.value.suggestions:
        GAME.new_game("3v3", 1, {"decks": ["iop", "cra"], **way})
    with pytest.raises(DeckError) as err:  # 8v8: more players than starters, only the option is left
        GAME.new_game("8v8", 1, {})
    assert err.value.suggestions == [{"team_uniques": "ignore"}]
    assert "decks that share no Unique card" in str(err.value)
