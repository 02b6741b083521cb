"""The shape of a seat's view: cards by id and name plus what play changes; the rest is the catalogue."""

from __future__ import annotations

from tests.swdbg.builders import GAME


def test_view_cards_carry_id_name_and_play_state_the_catalogue_the_rest() -> None:
    state = GAME.new_game("2v2", 5)
    view = GAME.view(state, 0)
    catalogue = GAME.card_catalog()
    me = view["players"][0]
    for c in me["hand"] + view["regions"][0]["row"]:
        assert set(c) <= {"id", "name", "damage"} and c["name"] in catalogue
    base = me["base"]
    assert set(base) == {"id", "name", "damage", "attack", "used", "attacked"}
    assert catalogue[base["name"]]["hit_points"] > 0 and base["damage"] == 0
    assert set(catalogue["Darth Vader"]) >= {"faction", "kind", "cost", "attack", "traits", "ability", "reward"}
