"""Jedi Knights at the online table: the lobby lists its line-ups and rules options with their sources, a
three-sided bot game plays to its end, and its replay reproduces it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from allegiance.replay import load_replay, replay_game
from tests.server.test_lobby import wait_finished


def test_the_lobby_lists_jk_with_three_sides_and_unsourced_options(client: TestClient) -> None:
    games = client.get("/api/games").json()
    jk = next(g for g in games if g["name"] == "jk")
    assert jk["default_mode"] == "AvE" and "AvEvI" in jk["modes"] and "AAAAvEEEE" in jk["modes"]
    assert [s["team"] for s in jk["seats"]["AvEvI"]] == ["Alliance", "Independent", "Empire"]
    assert jk["bots"] == ["random", "greedy", "ismcts"]  # the shared search plays any number of sides
    specs = {o["name"]: o for o in jk["options"]}
    assert specs["control_tie"]["sourced"] is False and specs["control_tie"]["source"] == "UNSOURCED"
    assert jk["seat_defaults"]["AvEvI"]["decks"] == ["luke", "jabba", "vader"]


def test_a_three_sided_bot_game_finishes_and_its_replay_reproduces_it(client: TestClient) -> None:
    res = client.post("/api/tables", json={"game": "jk", "mode": "AvEvI", "seats": ["greedy", "random", "random"],
                                           "seed": 4, "options": {}, "open_seats": []})
    assert res.status_code == 201, res.text
    tid = res.json()["table"]["id"]
    summary = wait_finished(client, tid, timeout=120)
    data = client.get(f"/api/tables/{tid}/replay").json()
    game, state = replay_game(load_replay(data))
    assert game.outcome(state).to_json() == data["outcome"] == summary["outcome"]
    bad = client.post("/api/tables", json={"game": "jk", "mode": "EvI", "seats": ["random", "random"], "seed": 1})
    assert bad.status_code in (400, 422) and "AvE" in bad.text
