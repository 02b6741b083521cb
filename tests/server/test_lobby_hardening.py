"""Issue 21, items 4, 6 and 8 in process: the lobby's listing, the table cap, the longest game, deck text.

- 4: a listing never holds a deck's text (a pasted deck is listed by name and size), is built once per
  change and answers ``304`` to its ``ETag``, and one address may ask for it only so often;
- 6: tables being played per address are capped; an all-bot table nobody watches is abandoned after
  the idle time; every game has a maximum length (``Limits.max_actions``);
- 8: a deck text is bounded (comments included), control and bidirectional-override characters are
  refused with a sentence, and a deck's error answer names the first problems and counts the rest.

Item 7 (X-Forwarded-For) and the live checks of item 4 need a real server: ``test_lobby_live.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from allegiance.core.options import MAX_TEXT
from allegiance.games.wakfu.decks import DeckError, parse_deck, starter
from allegiance.server import create_app
from allegiance.server.limits import Limits
from tests.server.test_socket import join

#: a legal deck (the Crâ starter) as a person would paste it
DECK = starter("cra").to_text()


def padded_deck(size: int) -> str:
    """The legal deck, padded with comment lines to ``size`` characters."""
    pad = "# " + "padding " * 8 + "\n"
    text = DECK + pad * ((size - len(DECK)) // len(pad))
    return text + "#" * (size - len(text) - 1) + "\n" if size - len(text) > 1 else text


def wakfu_body(decks: list[str], seats: list[str] | None = None) -> dict[str, Any]:
    return {"game": "wakfu", "mode": "1v1", "seats": seats or ["human", "human"], "options": {"decks": decks}}


@pytest.fixture
def lobby(db_path: str) -> Iterator[TestClient]:
    limits = Limits(creates_per_minute=6000, create_burst=1000, lobby_per_minute=6000, lobby_burst=1000)
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=limits)) as c:
        yield c


# -- 4: the listing ----------------------------------------------------------------------------------
def test_the_listing_shows_a_pasted_deck_by_name_and_size_never_its_text(lobby: TestClient) -> None:
    """Item 4: each listed table carried every seat's deck text (16.2 MB for 50 tables of 16 seats)."""
    deck = padded_deck(MAX_TEXT - 100)
    created = lobby.post("/api/tables", json=wakfu_body([deck, "iop"]))
    assert created.status_code == 201, created.text
    tid = created.json()["table"]["id"]
    listing = lobby.get("/api/tables")
    for answer in (listing.text, lobby.get(f"/api/tables/{tid}").text, created.text):
        assert "padding" not in answer and "Héros" not in answer and "Havre Sac" not in answer
    [table] = [t for t in listing.json() if t["id"] == tid]
    assert table["options"]["decks"] == ["custom deck (50 cards)", "iop"]
    assert len(listing.content) < 2000
    # the game itself still plays the pasted deck
    assert starter("cra").hero in str(lobby.get(f"/api/tables/{tid}/state").json()["view"])


def test_the_listing_is_built_once_per_change_and_answers_304_to_its_etag(lobby: TestClient) -> None:
    """Item 4: every request rebuilt and re-sent the whole listing (181 ms on the event loop each)."""
    listing = lobby.app.state.manager.listing
    created = lobby.post("/api/tables", json=wakfu_body(["iop", "cra"])).json()
    tid, token = created["table"]["id"], created["links"][0]["token"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    for seat_token in tokens.values():  # a seat's first use claims it (its "free" changes): done here
        lobby.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": seat_token})
    first = lobby.get("/api/tables")
    etag = first.headers["etag"]
    builds = listing.builds
    again = lobby.get("/api/tables")
    assert again.headers["etag"] == etag and again.content == first.content and listing.builds == builds
    unchanged = lobby.get("/api/tables", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.content == b"" and unchanged.headers["etag"] == etag
    for limit in (1, 2, 7, 199):  # another limit is the same listing cut shorter: nothing rebuilt
        assert lobby.get(f"/api/tables?limit={limit}").status_code == 200
    assert listing.builds == builds
    # an action changes no listed fact: still 304, nothing rebuilt
    seat_token = tokens[lobby.get(f"/api/tables/{tid}/state").json()["active"][0]]
    mine = lobby.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": seat_token}).json()
    assert lobby.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]["action"]},
                      headers={"X-Seat-Token": seat_token}).status_code == 200
    assert lobby.get("/api/tables", headers={"If-None-Match": etag}).status_code == 304
    # spectators coming and going change nothing listed: nothing rebuilt
    for _ in range(3):
        with lobby.websocket_connect(f"/ws/tables/{tid}") as ws:
            join(ws, None)
    assert lobby.get("/api/tables", headers={"If-None-Match": etag}).status_code == 304
    assert listing.builds == builds
    # a page joining changes the seat's "connected": a new listing with a new ETag
    with lobby.websocket_connect(f"/ws/tables/{tid}") as ws:
        join(ws, token)
        joined = lobby.get("/api/tables", headers={"If-None-Match": etag})
        assert joined.status_code == 200 and joined.headers["etag"] != etag
        [table] = [t for t in joined.json() if t["id"] == tid]
        assert table["seats"][0]["connected"] is True and table["version"] is None
    # a new table too
    etag = lobby.get("/api/tables").headers["etag"]
    lobby.post("/api/tables", json=wakfu_body(["iop", "cra"]))
    assert lobby.get("/api/tables", headers={"If-None-Match": etag}).status_code == 200


def test_a_stored_tables_options_are_read_once_not_at_every_rebuild(lobby: TestClient) -> None:
    """A table this process does not hold (another process's, or one from before a restart) is listed
    from its stored row, its options checked against the game and each pasted deck parsed: 172 ms for
    200 Wakfu 4v4 tables at every rebuild of the listing, on the event loop.  Now once per table."""
    manager = lobby.app.state.manager
    ids = [lobby.post("/api/tables", json=wakfu_body([padded_deck(3000), "iop"])).json()["table"]["id"]
           for _ in range(3)]
    manager.tables.clear()  # as after a restart: every table is listed from its row
    reads = manager.listed_options.reads
    for _ in range(3):
        manager.lobby_changed()  # something listed changed: the listing is built again
        listed = {t["id"]: t for t in lobby.get("/api/tables").json()}
        assert all(listed[i]["options"]["decks"] == ["custom deck (50 cards)", "iop"] for i in ids)
        assert all(listed[i]["status"] == "playing" for i in ids)
    assert manager.listed_options.reads == reads + len(ids)


def test_one_address_may_ask_for_the_listing_only_so_often(db_path: str) -> None:
    """Item 4: nothing limited the lobby requests of one address."""
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=Limits(lobby_per_minute=1, lobby_burst=3))) as c:
        codes = [c.get("/api/tables").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        refused = c.get("/api/tables?finished=true")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert "too many lobby requests" in refused.json()["detail"]


# -- 6: tables per address, unwatched bots, the longest game ------------------------------------------
def test_one_address_may_have_only_so_many_tables_being_played(db_path: str) -> None:
    """Item 6: from rotating addresses the 1,000-table cap filled in 18.5 s; now each address has a few."""
    limits = Limits(tables_per_client=2, creates_per_minute=6000, create_burst=1000)
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=limits)) as c:
        body = {"game": "swdbg", "mode": "1v1", "seats": ["human", "human"]}
        first = c.post("/api/tables", json=body).json()
        assert c.post("/api/tables", json=body).status_code == 201
        refused = c.post("/api/tables", json=body)
        assert refused.status_code == 429 and "already has 2 tables being played" in refused.json()["detail"]
        closed = c.post(f"/api/tables/{first['table']['id']}/close", headers={"X-Creator-Token": first["creator_token"]})
        assert closed.status_code == 200
        assert c.post("/api/tables", json=body).status_code == 201


def test_an_all_bot_table_nobody_watches_is_abandoned_after_the_idle_time(db_path: str) -> None:
    """Item 6: all-bot tables never went idle (a 16-bot game could run about 15 hours)."""
    # the bots wait an hour before each action, so the tables stand still while the test looks at them
    with TestClient(create_app(db=db_path, bot_delay=3600, limits=Limits(idle_minutes=30))) as c:
        mgr = c.app.state.manager
        bots = {"game": "swdbg", "mode": "1v1", "seats": ["greedy", "greedy"]}
        unwatched = c.post("/api/tables", json=bots).json()["table"]["id"]
        watched = c.post("/api/tables", json=bots).json()["table"]["id"]
        person = c.post("/api/tables", json={**bots, "seats": ["human", "greedy"]}).json()["table"]["id"]
        with c.websocket_connect(f"/ws/tables/{watched}") as ws:
            join(ws, None)
            assert mgr.tables[watched].unwatched_since is None
            long_ago = time.time() - 31 * 60
            for tid in (unwatched, watched, person):
                if mgr.tables[tid].unwatched_since is not None:
                    mgr.tables[tid].unwatched_since = long_ago
            assert mgr.sweep_idle() == 1  # no table has been idle 30 minutes: only the unwatched bots go
            statuses = {tid: c.get(f"/api/tables/{tid}").json()["status"] for tid in (unwatched, watched, person)}
            assert statuses == {unwatched: "abandoned", watched: "playing", person: "playing"}
        # the last page left: the watched table counts as unwatched from now on, not from before
        assert mgr.tables[watched].unwatched_since is not None
        assert mgr.tables[watched].unwatched_since > time.time() - 60
        assert mgr.sweep_idle() == 0


def test_every_game_has_a_maximum_length(db_path: str) -> None:
    """Item 6: a game of bots ran as long as its turns allowed, watched or not; now ``max_actions`` ends it."""
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=Limits(max_actions=12))) as c:
        created = c.post("/api/tables", json={"game": "wakfu", "mode": "1v1", "seats": ["greedy", "greedy"]})
        tid = created.json()["table"]["id"]
        deadline = time.monotonic() + 120
        while (summary := c.get(f"/api/tables/{tid}").json())["status"] == "playing":
            assert time.monotonic() < deadline, "the game went on past its maximum length"
            time.sleep(0.05)
        assert summary["status"] == "abandoned" and summary["version"] == 12 and summary["outcome"] is None


# -- 8: deck text --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("bad", "said"), [
    ("\x00", "a control character (U+0000)"), ("\u202e", "right-to-left override"), ("\u2067", "U+2067"),
    ("\u200f", "U+200F"), ("\x7f", "U+007F"), ("\x1b[31m", "U+001B"),
])
def test_control_and_bidi_override_characters_in_a_deck_are_refused_with_a_sentence(
        lobby: TestClient, bad: str, said: str) -> None:
    """Item 8: NUL and right-to-left override characters were stored and returned."""
    before = lobby.get("/api/tables").json()
    res = lobby.post("/api/tables", json=wakfu_body([DECK + f"# a comment {bad} here\n", "iop"]))
    assert res.status_code == 400, res.text
    detail = res.json()["detail"]
    assert said in detail and "printable characters, line breaks and tabs only" in detail
    assert f"on line {DECK.count(chr(10)) + 1}" in detail
    assert lobby.get("/api/tables").json() == before


def test_line_breaks_and_tabs_are_welcome_in_a_deck(lobby: TestClient) -> None:
    text = DECK.replace("\n", "\r\n").replace("Héros: ", "Héros:\t")
    assert lobby.post("/api/tables", json=wakfu_body([text, "iop"])).status_code == 201


def test_a_deck_text_is_bounded_comments_included(lobby: TestClient) -> None:
    """Item 8: a valid deck padded with comments to 20,000 characters was accepted."""
    assert lobby.post("/api/tables", json=wakfu_body([padded_deck(MAX_TEXT), "iop"])).status_code == 201
    res = lobby.post("/api/tables", json=wakfu_body([padded_deck(20_000), "iop"]))
    assert res.status_code == 400
    assert res.json()["detail"].endswith(f"at most {MAX_TEXT:,} characters, comments included")


def test_a_deck_error_names_the_first_problems_and_counts_the_others(lobby: TestClient) -> None:
    """Item 8: 20 KB of junk gave a 526 KB error answer."""
    junk = "x\n" * (MAX_TEXT // 2 - 1)
    res = lobby.post("/api/tables", json=wakfu_body([junk, "iop"]))
    assert res.status_code == 400
    detail = res.json()["detail"]
    assert len(res.content) < 1000, len(res.content)
    assert "line 1: 'x' is not" in detail and "line 5: 'x'" in detail and "line 6:" not in detail
    assert "and 3997 more problems" in detail
    with pytest.raises(DeckError) as err:
        parse_deck("9 " + "y" * 5000 + "\n")
    assert len(str(err.value)) < 400 and len(err.value.problems) == 4  # every problem kept for code to read
