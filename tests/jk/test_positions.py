"""Jedi Knights positions written by hand (README, "Positions and replays"): every field but ``game`` and
``players`` may be left out, cards are named without ids (each player lists their own cards at the planet),
and a mistake is one line naming its field."""

from __future__ import annotations

import json

import pytest

from allegiance.core.errors import PositionError
from allegiance.games.jk import GAME
from tests.jk.builders import start


def test_a_minimal_position_is_the_deploy_phase_of_the_first_turn() -> None:
    s = GAME.from_position({"game": "jk", "players": [
        {"hand": ["Ridge Scout", "Skyhook Fighter"], "site": ["Ashen Company Trooper"], "credits": 5},
        {"site": ["Garrison Trooper"], "system": ["Talon Interceptor"]}]})
    assert s.mode == "AvE" and s.phase == "deploy" and s.player_one == 0 and s.turns.order == [0, 1]
    assert [s.name(c) for c in s.players[0].hand] == ["Ridge Scout", "Skyhook Fighter"]
    assert {s.name(c): s.owner[c] for c in s.site} == {"Ashen Company Trooper": 0, "Garrison Trooper": 1}
    assert [s.name(c) for c in s.system] == ["Talon Interceptor"]
    # each deck's theme card is in play (JK-START-2); the planets are the decks' locations
    assert s.name(s.players[0].theme_card) == "Luke Skywalker (theme)" and len(s.planets) == 4
    texts = {GAME.describe_action(s, 0, a) for a in GAME.legal_actions(s, 0)}
    assert {"deploy Ridge Scout at the site", "deploy Skyhook Fighter at the system", "pass"} <= texts
    written = json.loads(json.dumps(GAME.to_position(s)))
    assert GAME.to_position(GAME.from_position(written)) == written


def test_the_line_up_follows_the_number_of_players_and_cards_are_named_again() -> None:
    s = GAME.from_position({"game": "jk", "phase": "character", "players": [
        {"site": ["Kel Varro, Quick-Draw Smuggler", "Varro's Heavy Pistol", "Ridge Scout#7"]},
        {"site": ["Gamorran Bruiser"]}, {"site": ["Garrison Trooper"]}],
        "attached": [["Varro's Heavy Pistol", "Kel Varro, Quick-Draw Smuggler"]], "rotated": ["Ridge Scout#7"]})
    assert s.mode == "AvEvI" and s.name(7) == "Ridge Scout" and s.rotated == {7}
    (weapon, bearer), = s.attached.items()
    assert s.name(weapon) == "Varro's Heavy Pistol" and s.name(bearer) == "Kel Varro, Quick-Draw Smuggler"
    # JK-3S-2: the Alliance may attack either other side
    targets = {GAME.describe_action(s, 0, a) for a in GAME.legal_actions(s, 0) if a.kind == "battle"}
    assert any("Gamorran Bruiser" in t for t in targets) and any("Garrison Trooper" in t for t in targets)


def test_engine_positions_name_cards_and_read_back_exactly() -> None:
    s = start("AvEvI")
    from allegiance.bots import make_bot
    bot = make_bot("random", 3)
    for _ in range(80):
        seat = GAME.active_seats(s)[0]
        GAME.apply(s, seat, bot.choose(GAME, s, seat, GAME.legal_actions(s, seat)))
    pos = json.loads(json.dumps(GAME.to_position(s)))
    assert all(isinstance(c, str) and "#" in c for c in pos["players"][0]["hand"] + pos["site"] + pos["system"])
    assert GAME.digest(GAME.from_position(pos)) == GAME.digest(s)


@pytest.mark.parametrize(("position", "says"), [
    ({"players": [{"hand": ["Ridge Scout", "Foo"]}, {}]}, 'players[0].hand[1]: no card named "Foo"'),
    ({"players": [{}, {"site": ["Stormtrooper Squad"]}]}, 'did you mean'),
    ({"players": [{}, {}], "site": ["Garrison Trooper"]}, "site[0]: whose card is Garrison Trooper?"),
    ({"players": [{"hand": ["Ridge Scout#3"]}, {"hand": ["Garrison Trooper#3"]}]}, "players[1].hand[0]: card #3 is also in"),
    ({"players": [{"hand": ["Ridge Scout#30"]}, {}]}, "players[0].hand[0]: card id #30 is too high"),
    ({"players": [{"site": ["Ridge Scout", "Ridge Scout"]}, {}], "rotated": ["Ridge Scout"]},
     "rotated[0]: 'Ridge Scout' matches 2 cards"),
    ({"players": [{}, {}], "battle": {"attacker": "Ridge Scout"}}, "battle.attacker: no card named"),
    ({"players": [{"site": ["Ridge Scout"]}, {"site": ["Garrison Trooper"]}], "battle": {"attacker": "Ridge Scout"}},
     "battle: the field defender is missing"),
    ({"players": [{}, {}, {}, {}, {}]}, "mode: no default line-up has 5 players"),
    ({"players": [{"hands": []}, {}]}, "unknown field hands in players[0]"),
    ({"players": [{"credits": "lots"}, {}]}, "players[0].credits: a whole number"),
    ({"players": [{}, {}], "controlled": ["Rebels"]}, "controlled: each decided planet's side"),
    ({"players": [{}, {}], "turns": {"order": [0, 5]}}, "turns: a seat number is out of range"),
    ({"players": [{}, {}], "phase": "lunch"}, "unknown phase 'lunch'"),
])
def test_a_mistake_is_one_line_naming_its_field(position: dict, says: str) -> None:
    with pytest.raises(PositionError) as err:
        GAME.from_position({"game": "jk", **position})
    text = str(err.value)
    assert says in text and "\n" not in text
    assert "KeyError" not in text and "ValueError" not in text and "TypeError" not in text


def test_three_planets_already_controlled_end_the_game_on_load() -> None:
    """JK-3S-10: a side that controls three planets wins at once."""
    s = GAME.from_position({"game": "jk", "planet": 3, "controlled": ["Empire", "Empire", "Empire"],
                            "players": [{"site": ["Ridge Scout"]}, {"site": ["Garrison Trooper"]}]})
    out = GAME.outcome(s)
    assert out is not None and out.winners == ("Empire",) and GAME.active_seats(s) == ()
    s = GAME.from_position({"game": "jk", "planet": 3, "controlled": ["Empire", "Alliance", "Empire"],
                            "players": [{}, {}]})
    assert GAME.outcome(s) is None and s.final


def test_a_battle_written_by_hand_starts_with_the_defender_in_the_support_step() -> None:
    """S2: the defending player acts first in the support step."""
    s = GAME.from_position({"game": "jk", "phase": "character", "players": [
        {"site": ["Ridge Scout", "Ashen Company Trooper"]}, {"site": ["Garrison Trooper", "Patrol Officer"]}],
        "battle": {"attacker": "Ridge Scout", "defender": "Garrison Trooper"}, "rotated": ["Ridge Scout"]})
    assert s.battle is not None and s.battle.kind == "character" and s.battle.step == "support"
    assert s.battle.turns.order == [1, 0] and GAME.active_seats(s) == (1,)
    assert s.battle.att_team == "Alliance" and s.battle.def_team == "Empire"


def test_a_position_written_with_card_ids_alone_still_reads() -> None:
    """Positions written before cards carried their names (ids alone, -1 for no card) read the same."""
    s = start("AvE")
    pos = json.loads(json.dumps(GAME.to_position(s)))

    def ids(value: object) -> object:
        if isinstance(value, str) and "#" in value:
            return int(value.rsplit("#", 1)[1])
        if isinstance(value, list):
            return [ids(v) for v in value]
        if isinstance(value, dict):
            return {k: ids(v) for k, v in value.items()}
        return -1 if value is None else value
    old = {**pos, "players": ids(pos["players"]), "system": ids(pos["system"]), "site": ids(pos["site"])}
    del old["format"]
    assert isinstance(old["players"][0]["hand"][0], int) and old["players"][0]["chosen"] == -1
    assert GAME.digest(GAME.from_position(old)) == GAME.digest(s)
