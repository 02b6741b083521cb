"""Wakfu positions written by hand (README, "Positions and replays"): every field but ``game`` and
``players`` may be left out, cards are named without ids, effects in play are written by card and effect
name, and a mistake is one line naming its field."""

from __future__ import annotations

import json

import pytest

from allegiance.core.errors import PositionError
from allegiance.games.wakfu import GAME, rules, teams
from allegiance.games.wakfu.position import until_mark, until_words


def test_a_minimal_position_takes_the_values_of_a_game_in_progress() -> None:
    s = GAME.from_position({"game": "wakfu", "players": [{"main": ["Bouftou", "Charge"], "monde": ["Piou Vert"]}, {}]})
    assert s.config.mode == "1v1" and s.phase == "main" and s.active == 0 and GAME.outcome(s) is None
    p0, p1 = s.players
    # the deck's (Iop by default) Héros inside its Havre Sac, both in play, at full PV and PR
    assert s.name(p0.hero) == "Bruss Ouilis" and p0.hero in p0.havre and p0.sac in p0.monde
    assert p0.pv == rules.max_pv(s, 0) and p0.sac_pr == s.cards[p0.sac].resistance
    assert [s.name(c) for c in p0.main] == ["Bouftou", "Charge"]
    assert sorted(s.cards) == list(range(len(s.cards))) and s.owners[p0.main[0]] == 0 and s.owners[p1.hero] == 1
    # past the first turn: Piou Vert, in play since before this turn, may attack (303.3, 701.1)
    kinds = {a.kind for a in GAME.legal_actions(s, 0)}
    assert {"play", "attack", "end_turn"} <= kinds
    written = json.loads(json.dumps(GAME.to_position(s)))
    assert GAME.to_position(GAME.from_position(written)) == written


def test_a_position_names_each_players_hero_and_a_card_again_by_name() -> None:
    s = GAME.from_position({"game": "wakfu", "players": [
        {"hero": "Tirlangue Portey", "sac": "Havre Sac du Tofu", "monde": ["Bouftou Royal"], "xp": 7},
        {"monde": ["Arakne#5"], "pv": 5}],
        "tapped": ["Bouftou Royal"], "damage": {"Arakne#5": 1}})
    p0, p1 = s.players
    assert s.name(p0.hero) == "Tirlangue Portey" and s.name(p0.sac) == "Havre Sac du Tofu"
    assert p0.level == 2 and p1.pv == 5  # Niveau 2 from the 6th XP (307.4)
    arakne = next(c for c in p1.monde if s.name(c) == "Arakne")
    royal = next(c for c in p0.monde if s.name(c) == "Bouftou Royal")
    assert s.tapped == {royal} and s.damage == {arakne: 1}
    assert arakne == 5 and sorted(s.cards) == list(range(6))


def test_effects_in_play_are_written_by_card_and_effect_name() -> None:
    """Not internal rows like [card, "no_untap", 1, "next:2"]: objects naming the card and the effect."""
    s = GAME.from_position({"game": "wakfu", "mode": "2v2", "players": [
        {"monde": ["Bouftou"]}, {}, {"monde": ["Piou Vert"]}, {}],
        "effects": [{"card": "Bouftou", "effect": "force", "value": 2, "until": "end of turn", "by": 1},
                    {"card": "Piou Vert", "effect": "no_untap", "until": "next turn of seat 2"}],
        "player_effects": [{"seat": 3, "effect": "pa", "value": -1}]})
    bouftou = next(c for c in s.players[0].monde if s.name(c) == "Bouftou")
    piou = next(c for c in s.players[2].monde if s.name(c) == "Piou Vert")
    assert s.mods == [(bouftou, "force", 2, "turn"), (piou, "no_untap", 1, "next:2")]
    assert s.pmods == [(3, "pa", -1, "turn")]
    assert ("mod_by", 1, (bouftou, "force", 2, "turn")) in s.flags  # WK-ELIM-2: it ends if seat 1 leaves
    assert rules.force(s, bouftou) == s.cards[bouftou].force + 2
    pos = GAME.to_position(s)
    assert "mods" not in pos and "pmods" not in pos
    assert pos["effects"] == [
        {"card": f"Bouftou#{bouftou}", "effect": "force", "value": 2, "until": "end of turn", "by": 1},
        {"card": f"Piou Vert#{piou}", "effect": "no_untap", "value": 1, "until": "next turn of seat 2"}]
    assert not any(f[0] == "mod_by" for f in pos["flags"])
    assert GAME.to_position(GAME.from_position(json.loads(json.dumps(pos)))) == pos
    for mark in ("turn", "combat", "next:3"):
        assert until_mark(until_words(mark), "x") == mark


def test_an_effect_made_in_play_reads_back_by_name() -> None:
    """Charge gives its target +2 Force until end of turn: the position written says so in words."""
    s = GAME.from_position({"game": "wakfu", "players": [{"main": ["Charge"], "monde": ["Bouftou"]}, {}],
                            "options": {"reaction_prompts": "playable"}})
    bouftou = next(c for c in s.players[0].monde if s.name(c) == "Bouftou")
    for _ in range(10):
        if s.mods:
            break
        seat = GAME.active_seats(s)[0]
        legal = GAME.legal_actions(s, seat)
        play = [a for a in legal if a.kind == "play"] or [a for a in legal if bouftou in a.to_json().values()] \
            or [a for a in legal if a.kind != "end_turn"] or legal
        GAME.apply(s, seat, play[0])
    assert s.mods, "Charge resolved"
    effects = GAME.to_position(s)["effects"]
    assert effects and all(isinstance(e, dict) and isinstance(e["card"], str) for e in effects)
    again = GAME.from_position(json.loads(json.dumps(GAME.to_position(s))))
    assert again.mods == s.mods


@pytest.mark.parametrize(("position", "says"), [
    ({"players": [{"main": ["Bouftou", "Charge", "Foo"]}, {}]}, 'players[0].main[2]: no card named "Foo"'),
    ({"players": [{"main": ["Bouftuo"]}, {}]}, 'did you mean "Bouftou"?'),
    ({"players": [{"main": [12]}, {}]}, "players[0].main[0]: a card is written as its name"),
    ({"players": [{"xp": "six"}, {}]}, "players[0].xp: a whole number"),
    ({"players": [{"hand": ["Bouftou"]}, {}]}, "unknown field hand in players[0]"),
    ({"players": [{}, {}], "effects": [["Bouftou#3", "no_untap", 1, "next:2"]]}, "effects[0]: an object of fields"),
    ({"players": [{}, {}], "effects": [{"card": "Bouftou", "effect": "force"}]}, "effects[0].card: no Bouftou"),
    ({"players": [{"monde": ["Bouftou"]}, {}], "effects": [{"card": "Bouftou", "effect": "force", "until": "later"}]},
     "effects[0].until: until must be"),
    ({"players": [{"monde": ["Bouftou", "Bouftou"]}, {}], "tapped": ["Bouftou"]}, "tapped[0]: 'Bouftou' matches 2 cards"),
    ({"players": [{}, {}], "combat": {"attacker": 0}}, "combat: the field defender is missing"),
    ({"players": [{}, {}], "pending": [{"kind": "discard"}]}, "pending[0]: the field seat is missing"),
    ({"players": [{"hero": "Bouftou"}, {}]}, "players[0].hero: Bouftou is not a Héros"),
    ({"players": [{"main": ["Bouftou#3"]}, {"main": ["Bouftou#3"]}]}, "players[1].main[0]: card #3 is also in"),
    ({"players": [{}, {}, {}]}, "mode"),
    ({"players": [{"main": ["Bouftou#40"]}, {}]}, "players[0].main[0]: card id #40 is too high"),
    ({"players": [{}, {}], "phase": "lunch"}, "phase: one of"),
    ({"players": [{}, {}], "active": 2}, "active: a seat from 0 to 1"),
])
def test_a_mistake_is_one_line_naming_its_field(position: dict, says: str) -> None:
    with pytest.raises(PositionError) as err:
        GAME.from_position({"game": "wakfu", **position})
    text = str(err.value)
    assert says in text and "\n" not in text
    assert "KeyError" not in text and "ValueError" not in text and "TypeError" not in text


def test_an_outcome_already_reached_ends_the_game_on_load() -> None:
    # WK-WIN-2: team A (seats 0 and 1) has 36 XP, 18 per Héros
    s = GAME.from_position({"game": "wakfu", "mode": "2v2", "players": [{"xp": 20}, {"xp": 16}, {"xp": 9}, {}]})
    assert teams.team_xp(s, "a") == teams.xp_goal(s, "a") == 36
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("a",) and GAME.legal_actions(s, 0) == []
    # 103.2a: a Héros at 0 PV loses
    s = GAME.from_position({"game": "wakfu", "players": [{}, {"pv": 0}]})
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("p0",)
    # below the goal the game goes on
    assert GAME.outcome(GAME.from_position({"game": "wakfu", "mode": "2v2", "players": [{"xp": 17}, {"xp": 18}, {}, {}]})) is None


def test_an_engine_position_still_reads_back_exactly_and_old_rows_are_read() -> None:
    s = GAME.new_game("2v2", 4)
    for _ in range(150):
        if GAME.outcome(s) is not None:
            break
        seat = GAME.active_seats(s)[0]
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[-1] if s.turn % 2 else GAME.legal_actions(s, seat)[0])
    pos = json.loads(json.dumps(GAME.to_position(s)))
    assert GAME.to_position(GAME.from_position(pos)) == pos
    # a position written before effects had names (rows in "mods") still reads
    hand = GAME.from_position({"game": "wakfu", "players": [{"monde": ["Bouftou#0"]}, {}]})
    old = {k: v for k, v in GAME.to_position(hand).items() if k not in ("effects", "player_effects")}
    old["mods"] = [["Bouftou#0", "no_untap", 1, "next:1"]]
    assert GAME.from_position(old).mods == [(0, "no_untap", 1, "next:1")]


def test_a_combat_written_by_hand_asks_its_steps_question() -> None:
    """The blockers step of a combat named by cards: the defender is asked for blockers (704, WK-COMBAT-2)."""
    s = GAME.from_position({"game": "wakfu", "players": [
        {"monde": ["Bouftou", "Bouftou Royal"]}, {"hero": "Tirlangue Portey", "sac": "Havre Sac du Tofu", "monde": ["Arakne"]}],
        "combat": {"attacker": 0, "defender": 1, "target": "Tirlangue Portey", "step": "blockers",
                   "attackers": ["Bouftou", "Bouftou Royal"]}, "tapped": ["Bouftou", "Bouftou Royal"]})
    assert [d.kind for d in GAME.decisions(s)] == ["blocker"] and GAME.active_seats(s) == (1,)
    texts = [GAME.describe_action(s, 1, a) for a in GAME.legal_actions(s, 1)]
    assert any("Arakne" in t and "blocks Bouftou Royal" in t for t in texts)
    assert GAME.to_position(s)["combat"]["attackers"][0].startswith("Bouftou#")
    # a combat with its target still to choose asks the attacker for it
    s = GAME.from_position({"game": "wakfu", "players": [{"monde": ["Bouftou"]}, {"monde": ["Arakne"]}],
                            "combat": {"attacker": 0, "defender": 1}})
    assert [d.kind for d in GAME.decisions(s)] == ["attack_target"]
