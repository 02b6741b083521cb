"""Lobby and HTTP API: create tables, list them, take seats, tokens, 404/403, replays, OpenAPI."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from allegiance.replay import load_replay, replay_game
from tests.server.conftest import make_table


def wait_finished(client: TestClient, table_id: str, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["finished"]:
            return summary
        time.sleep(0.05)
    raise AssertionError("the bot game did not finish")


def test_the_registry_default_game_is_marked_for_the_lobby(client: TestClient) -> None:
    """The lobby preselects the registry's default game, not the first by name (with Jedi Knights
    registered, 'jk' sorted first and the lobby's form offered its line-ups where SWDBG's were expected)."""
    from allegiance.games import DEFAULT_GAME

    games = client.get("/api/games").json()
    assert [g["name"] for g in games if g["default"]] == [DEFAULT_GAME]
    assert games[0]["name"] != DEFAULT_GAME  # so the page must read the flag, not take the first


def test_games_describe_modes_seats_options_and_bots(client: TestClient) -> None:
    games = client.get("/api/games").json()
    swdbg = next(g for g in games if g["name"] == "swdbg")
    assert swdbg["modes"] == ["1v1", "2v2"]
    assert swdbg["default_mode"] == "2v2"  # the lobby opens on the game's default mode
    assert [s["label"] for s in swdbg["seats"]["2v2"]] == ["Empire 1", "Empire 2", "Rebel 1", "Rebel 2"]
    assert {o["name"] for o in swdbg["options"]} >= {"galaxy", "bases_to_win"}
    assert "greedy" in swdbg["bots"]
    # every game lists its seats per mode: the lobby's one-click seats and seat form are built from them
    wakfu = next(g for g in games if g["name"] == "wakfu")
    assert [s["label"] for s in wakfu["seats"]["1v1"]] == ["Player 1", "Player 2"]
    assert wakfu["default_mode"] == "1v1" and "4v4" in wakfu["modes"]
    decks = next(o for o in wakfu["options"] if o["name"] == "decks")
    assert decks["type"] == "seat_texts" and "iop" in decks["choices"] and decks["free_text"]
    # the lobby preselects each seat's default deck per mode: in teams, no Unique card twice in a team
    assert [s["label"] for s in wakfu["seats"]["2v2"]] == ["A1", "A2", "B1", "B2"]
    assert wakfu["seat_defaults"]["2v2"]["decks"] == ["iop", "feca", "iop", "feca"]
    assert wakfu["seat_defaults"]["1v1"]["decks"] == ["iop", "iop"]
    assert swdbg["seat_defaults"] == {}


def test_card_catalogue_holds_the_fixed_card_data_that_views_refer_to_by_name(client: TestClient) -> None:
    res = client.get("/api/games/swdbg/cards")
    assert res.status_code == 200 and "max-age" in res.headers["cache-control"]
    catalogue = res.json()
    assert len(catalogue) == 82
    vader = catalogue["Darth Vader"]
    assert (vader["faction"], vader["cost"], vader["attack"], vader["traits"]) == ("empire", 8, 6, ["Sith"])
    assert "Force is with you" in vader["ability"]
    missing = client.get("/api/games/chess/cards")
    assert missing.status_code == 404 and "swdbg" in missing.json()["detail"]


def test_create_gives_one_secret_link_per_human_seat_and_lists_free_seats(client: TestClient) -> None:
    created = make_table(client, ["human", "greedy", "human", "random"])
    links = created["links"]
    assert [link["seat"] for link in links] == [0, 2]
    assert links[0]["token"] != links[1]["token"] and len(links[0]["token"]) >= 24
    assert links[0]["link"].endswith(f"/table/{created['table']['id']}#token={links[0]['token']}")
    listed = client.get("/api/tables").json()
    mine = next(t for t in listed if t["id"] == created["table"]["id"])
    assert [s["free"] for s in mine["seats"]] == [True, False, True, False]
    assert [s["kind"] for s in mine["seats"]] == ["human", "greedy", "human", "random"]
    # tokens are never part of public summaries
    assert links[0]["token"] not in client.get("/api/tables").text


def test_taking_a_free_seat_issues_a_new_token_and_the_seat_is_no_longer_free(client: TestClient) -> None:
    created = make_table(client, ["human", "greedy", "human", "greedy"], open_seats=[0])
    tid = created["table"]["id"]
    assert [s["open"] for s in created["table"]["seats"]] == [True, False, False, False]
    old = created["links"][0]["token"]
    taken = client.post(f"/api/tables/{tid}/seats/0/take")
    assert taken.status_code == 200
    new = taken.json()["token"]
    assert new != old
    assert client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": new}).json()["seat"] == 0
    assert client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": old}).status_code == 403
    again = client.post(f"/api/tables/{tid}/seats/0/take")
    assert again.status_code == 409 and "already taken" in again.json()["detail"]
    bot = client.post(f"/api/tables/{tid}/seats/1/take")
    assert bot.status_code == 409 and "greedy bot" in bot.json()["detail"]
    nowhere = client.post(f"/api/tables/{tid}/seats/9/take")
    assert nowhere.status_code == 409 and "no seat 9" in nowhere.json()["detail"]


def test_bad_setups_are_refused_with_what_is_allowed(client: TestClient) -> None:
    def refused(body: dict) -> str:
        res = client.post("/api/tables", json=body)
        assert res.status_code == 400, res.text
        return res.json()["detail"]

    base = {"game": "swdbg", "mode": "2v2", "seats": ["human"] * 4}
    assert "modes: 1v1, 2v2" in refused({**base, "mode": "3v3"})
    assert "give 4 seat kinds" in refused({**base, "seats": ["human"] * 3})
    assert "'human' or a bot" in refused({**base, "seats": ["human", "human", "human", "wizard"]})
    assert "bases_to_win" in refused({**base, "options": {"bases_to_win": 9}})
    assert "unknown option" in refused({**base, "options": {"colour": "red"}})
    assert "unknown game" in refused({**base, "game": "chess"})


def test_unknown_table_is_404_and_bad_token_is_403(client: TestClient) -> None:
    for path in ("/api/tables/nosuchtable", "/api/tables/nosuchtable/state", "/api/tables/nosuchtable/replay"):
        res = client.get(path)
        assert res.status_code == 404 and "no table" in res.json()["detail"]
    assert client.post("/api/tables/nosuchtable/seats/0/take").status_code == 404
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    bad = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": "not-a-token"})
    assert bad.status_code == 403 and "not valid" in bad.json()["detail"]
    act = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "end_turn"}},
                      headers={"X-Seat-Token": "not-a-token"})
    assert act.status_code == 403
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "end_turn"}}).status_code == 403


def test_http_actions_act_for_the_token_seat_only(client: TestClient) -> None:
    created = make_table(client, ["human", "human", "human", "human"], seed=4)
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    state = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[2]}).json()
    active = state["active"]
    idle = next(s for s in range(4) if s not in active)
    # an idle seat's token cannot play the active seat's action
    action = state["legal"][0]["action"]
    res = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": state["version"]},
                      headers={"X-Seat-Token": tokens[idle]})
    assert res.status_code == 409 and "may not act now" in res.json()["detail"]
    actor = active[0]
    legal = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[actor]}).json()["legal"]
    ok = client.post(f"/api/tables/{tid}/actions", json={"action": legal[0]["action"], "version": state["version"]},
                     headers={"X-Seat-Token": tokens[actor]})
    assert ok.status_code == 200 and ok.json()["version"] == state["version"] + 1
    malformed = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "teleport"}},
                            headers={"X-Seat-Token": tokens[actor]})
    assert malformed.status_code == 400 and "unknown action kind" in malformed.json()["detail"]


def test_finished_bot_game_downloads_a_replay_that_reproduces_it(client: TestClient) -> None:
    created = make_table(client, ["greedy", "greedy", "greedy", "greedy"], seed=2)
    tid = created["table"]["id"]
    summary = wait_finished(client, tid)
    res = client.get(f"/api/tables/{tid}/replay")
    assert res.status_code == 200 and "attachment" in res.headers["content-disposition"]
    data = res.json()
    assert data["format"] == "allegiance-replay/1" and data["seats"] == ["greedy"] * 4
    game, state = replay_game(load_replay(data))
    assert game.outcome(state).to_json() == data["outcome"] == summary["outcome"]
    assert len(data["actions"]) == summary["version"]
    # step-by-step playback: the board after 5 actions, as Rebel 1 saw it
    step = client.post("/api/replays/step", json={"replay": data, "step": 5, "seat": 2}).json()
    assert step["step"] == 5 and step["steps"] == len(data["actions"]) and step["view"]["version"] == 5
    assert step["view"]["players"][0]["hand"] is None and step["view"]["players"][2]["hand"] is not None
    last = client.post("/api/replays/step", json={"replay": data, "step": 10**6}).json()
    assert last["step"] == last["steps"] and last["outcome"] == data["outcome"]
    assert client.get("/api/tables?finished=true").json()[0]["id"] == tid
    bad = client.post("/api/replays/step", json={"replay": {"game": "chess"}, "step": 1})
    assert bad.status_code == 400 and "unknown game" in bad.json()["detail"]


def test_a_running_game_has_no_replay_yet(client: TestClient) -> None:
    tid = make_table(client, ["human", "greedy", "human", "greedy"])["table"]["id"]
    res = client.get(f"/api/tables/{tid}/replay")
    assert res.status_code == 409 and "not finished" in res.json()["detail"]


def test_openapi_document_describes_the_http_api(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    for path in ("/api/games", "/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/seats/{seat}/take",
                 "/api/tables/{table_id}/replay", "/api/tables/{table_id}/state", "/api/tables/{table_id}/actions",
                 "/api/replays/step"):
        assert path in paths, path
    assert "CreateTable" in doc["components"]["schemas"]
    assert client.get("/docs").status_code == 200


def test_the_documented_seat_list_admits_the_largest_table(client: TestClient) -> None:
    # a client that validates against the document must be able to ask for Wakfu 8v8 (16 seats)
    seats = client.get("/openapi.json").json()["components"]["schemas"]["CreateTable"]["properties"]["seats"]
    largest = max(len(g["seats"][mode]) for g in client.get("/api/games").json() for mode in g["modes"])
    assert largest == 16 and seats["maxItems"] == largest


def test_pages_are_served_without_a_build_step(client: TestClient) -> None:
    for path, marker in (("/", "lobby.js"), ("/table/abc", "table.js"), ("/replay", "replay.js"),
                         ("/static/shell.js", "registerGame"), ("/static/games/swdbg.js", "Shell.registerGame"),
                         ("/static/style.css", ".board")):
        res = client.get(path)
        assert res.status_code == 200 and marker in res.text, path


def test_oversized_http_requests_are_refused_with_the_limit(client: TestClient) -> None:
    created = make_table(client, ["human"] * 4)
    tid = created["table"]["id"]
    token = created["links"][0]["token"]
    big = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "play", "card": "x" * 10_000}},
                      headers={"X-Seat-Token": token})
    assert big.status_code == 413 and "limit is 4096" in big.json()["detail"]
    huge = client.post("/api/replays/step", content=b"{" + b" " * (5 * 1024 * 1024) + b"}",
                       headers={"Content-Type": "application/json"})
    assert huge.status_code == 413 and "request too large" in huge.json()["detail"]
    assert client.get(f"/api/tables/{tid}").json()["version"] == 0


def test_an_ismcts_seat_plays_its_turns_at_the_online_table(client: TestClient) -> None:
    """The lobby offers the search bot; it thinks off the event loop and hands the turn back."""
    assert "ismcts" in next(g for g in client.get("/api/games").json() if g["name"] == "swdbg")["bots"]
    created = make_table(client, ["human", "ismcts"], mode="1v1", seed=5, options={})
    tid, token = created["table"]["id"], created["links"][0]["token"]

    def my_turn(after: int) -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            state = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": token}).json()
            if state["version"] >= after and 0 in state["active"]:
                return state
            time.sleep(0.05)
        raise AssertionError("the ISMCTS seat never handed the turn back")

    state = my_turn(0)
    for _ in range(2):  # end two of the human's turns; the bot plays a whole turn after each
        end = next(a["action"] for a in state["legal"] if a["action"]["kind"] == "end_turn")
        res = client.post(f"/api/tables/{tid}/actions", json={"action": end, "version": state["version"]},
                          headers={"X-Seat-Token": token})
        assert res.status_code == 200, res.text
        state = my_turn(state["version"] + 2)
    logged = client.app.state.manager.storage.load_table(tid).actions
    assert sum(1 for seat, action in logged if seat == 1 and action["kind"] == "end_turn") >= 2


def test_the_lobby_offers_only_bots_that_can_play_the_game(client: TestClient, monkeypatch: Any) -> None:
    """A bot kind a game lacks (no greedy heuristic, no search hooks) is neither offered nor accepted:
    a table must never wait for a bot that cannot move."""
    from allegiance.bots import bot_kinds_for
    from allegiance.games import get_game
    from allegiance.server import tables

    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name, info in games.items():
        assert info["bots"] == list(bot_kinds_for(get_game(name))) and "random" in info["bots"]
    assert games["swdbg"]["bots"] == ["random", "greedy", "ismcts"]

    class Bare:  # a game with neither a greedy heuristic nor search hooks
        def search_hooks(self) -> None:
            raise NotImplementedError

    assert bot_kinds_for(Bare()) == ("random",)  # type: ignore[arg-type]
    monkeypatch.setattr(tables, "bot_kinds_for", lambda game: ("random",))
    res = client.post("/api/tables", json={"game": "swdbg", "mode": "1v1", "seats": ["human", "greedy"]})
    assert res.status_code == 400 and "greedy bot cannot play swdbg" in res.json()["detail"]
    res = client.post("/api/tables", json={"game": "swdbg", "mode": "1v1", "seats": ["human", "random"]})
    assert res.status_code == 201
