"""The rules panel and the lobby's descriptions over HTTP (issue 24 item 6, issue 22): each game's legend,
a table's options with value, default and source (UNSOURCED kept), and progress in words in each state."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import make_table
from tests.server.test_lobby import wait_finished


def test_the_lobby_lists_each_games_description_and_deck_descriptions(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert all(g["about"] for g in games.values())
    assert set(games["wakfu"]["decks"]) == {"iop", "feca", "cra", "xelor"}
    assert "invented for this project" in games["jk"]["decks"]["jabba"]


def test_a_games_legend_says_what_icons_mean_how_to_win_and_the_phases(client: TestClient) -> None:
    legend = client.get("/api/games/swdbg/legend").json()
    assert {"⚔", "◆", "◎", "✦", "♥"} <= {i["symbol"] for i in legend["icons"]}
    assert legend["win"] and legend["phases"] and legend["title"].startswith("Star Wars")
    missing = client.get("/api/games/chess/legend")
    assert missing.status_code == 404 and "swdbg" in missing.json()["detail"]
    assert "/api/games/{game}/legend" in client.get("/openapi.json").json()["paths"]


def test_a_jk_tables_rules_mark_unsourced_options_with_the_tables_value(client: TestClient) -> None:
    res = client.post("/api/tables", json={"game": "jk", "mode": "AvE", "seats": ["human", "human"], "seed": 2,
                                           "options": {"control_tie": "player_one"}, "open_seats": []})
    assert res.status_code == 201, res.text
    tid = res.json()["table"]["id"]
    rules = client.get(f"/api/tables/{tid}/rules").json()
    options = {o["name"]: o for o in rules["options"]}
    assert options["control_tie"] == {**options["control_tie"], "value": "player_one", "default": "nobody",
                                      "sourced": False, "rule": True}
    assert options["control_tie"]["source"].startswith("UNSOURCED")
    assert options["battle_tie"]["value"] == options["battle_tie"]["default"]
    assert options["turns_per_planet"]["value"] == 2  # the mode's default (two sides), not "null"
    assert "decks" not in options and rules["phases"] and rules["win"]
    assert client.get("/api/tables/nosuchtable/rules").status_code == 404


def test_each_state_says_how_close_each_side_is_to_winning(client: TestClient) -> None:
    created = make_table(client, ["human", "human"], mode="1v1")
    tid = created["table"]["id"]
    spectator = client.get(f"/api/tables/{tid}/state").json()
    assert spectator["progress"][:2] == ["The Empire has destroyed 0 of 2 bases to win",
                                         "The Rebels have destroyed 0 of 2 bases to win"]
    token = created["links"][0]["token"]
    seated = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": token}).json()
    assert seated["progress"] == spectator["progress"]  # public words, the same for every seat


def test_a_replay_step_says_how_close_each_side_was_to_winning(client: TestClient) -> None:
    res = client.post("/api/tables", json={"game": "wakfu", "mode": "1v1", "seats": ["greedy", "greedy"], "seed": 3,
                                           "options": {"max_turns": 6}})
    assert res.status_code == 201, res.text
    tid = res.json()["table"]["id"]
    wait_finished(client, tid, timeout=120)
    replay = client.get(f"/api/tables/{tid}/replay").json()
    first = client.post("/api/replays/step", json={"replay": replay, "step": 0}).json()
    assert first["progress"][0].startswith("Player 1: XP 0 of 18 to win")
