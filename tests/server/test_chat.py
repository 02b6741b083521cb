"""The team chat (issue 14: "a teammate's advice is not a move"): teammates read it, opponents and
spectators never do; bad text, spectators and floods are answered in words and change nothing; each
team's history is bounded and replayed to a teammate who reconnects."""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from allegiance.server import create_app
from allegiance.server.chat import CHAT_BURST, HISTORY, MAX_CHARS, ChatRefused, clean_text
from allegiance.server.limits import Limits
from tests.server.conftest import make_table
from tests.server.test_socket import join, recv_until

Msg = dict[str, Any]


def chat(ws: Any, text: Any, ref: Any = None) -> None:
    ws.send_text(json.dumps({"type": "chat", "text": text, "ref": ref}))


def until_echo(ws: Any, ref: Any) -> Msg:
    """The sender's own copy of its chat message, or the error that refused it."""
    return recv_until(ws, lambda m: m["type"] in ("chat", "error") and m.get("ref") == ref)


def chats_before_pong(ws: Any, kinds: tuple[str, ...] = ("chat",)) -> list[Msg]:
    """Every message of ``kinds`` that reached ``ws`` before the answer to a fresh ping (the server
    handles a page's messages in order, so anything queued for it earlier arrives before the pong)."""
    ws.send_text(json.dumps({"type": "ping", "ref": "probe"}))
    seen = []
    for _ in range(100):
        msg = ws.receive_json()
        if msg["type"] == "pong" and msg["ref"] == "probe":
            return seen
        if msg["type"] in kinds:
            seen.append(msg)
    raise AssertionError("the probe ping was never answered")


def live(client: TestClient, tid: str) -> Any:
    return client.app.state.manager.tables[tid]


def stored_actions(client: TestClient, tid: str) -> int:
    return len(client.app.state.manager.storage.load_table(tid).actions)


@pytest.fixture
def fast_client(tmp_path: Path) -> Iterator[TestClient]:
    """No message or chat limit to speak of: for filling a team's history."""
    limits = Limits(creates_per_minute=6000, create_burst=1000)
    app = create_app(db=str(tmp_path / "chat.db"), bot_delay=0.0, limits=limits, rate=(1e6, 10**6),
                     chat_rate=(1e6, 10**6))
    with TestClient(app) as c:
        yield c


def test_a_chat_message_reaches_the_senders_team_and_nobody_else(client: TestClient) -> None:
    created = make_table(client, ["human"] * 4)
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as me, client.websocket_connect(url) as my_tab, \
            client.websocket_connect(url) as mate, client.websocket_connect(url) as foe, \
            client.websocket_connect(url) as foe_mate, client.websocket_connect(url) as watcher:
        first = join(me, tokens[0])
        for ws, token in ((my_tab, tokens[0]), (mate, tokens[1]), (foe, tokens[2]), (foe_mate, tokens[3]),
                          (watcher, None)):
            join(ws, token)
        version, played = first["version"], live(client, tid).actions_played
        before = time.time()
        chat(me, "  attack the left base next  ", ref="c1")
        mine = until_echo(me, "c1")
        assert mine["type"] == "chat"
        assert {k: mine[k] for k in ("seat", "label", "team", "text")} == {
            "seat": 0, "label": "Empire 1", "team": "empire", "text": "attack the left base next"}
        assert before * 1000 - 1000 <= mine["at"] <= time.time() * 1000 + 1000  # when, on the server's clock
        # the teammate and the sender's other tab receive the same line (without the sender's ref)
        for ws in (my_tab, mate):
            got = chats_before_pong(ws)
            assert [{**m, "ref": "c1"} for m in got] == [mine]
        # opponents and spectators never do
        for ws in (foe, foe_mate, watcher):
            assert chats_before_pong(ws) == []
        # the other team's chat is its own, numbered on its own (no gap tells how much the other team said)
        chat(foe, "they go left", ref=5)
        theirs = until_echo(foe, 5)
        assert theirs["team"] == "rebel" and theirs["id"] == mine["id"] == 1
        assert [m["text"] for m in chats_before_pong(foe_mate)] == ["they go left"]
        for ws in (me, my_tab, mate, watcher):
            assert chats_before_pong(ws) == []
        # not a move: no new version, nothing in the log or the database
        assert live(client, tid).state.version == version and live(client, tid).actions_played == played
        assert stored_actions(client, tid) == played
        assert client.get(f"/api/tables/{tid}").json()["version"] == version


def test_refused_chat_messages_say_why_change_nothing_and_keep_the_socket(client: TestClient) -> None:
    created = make_table(client, ["human"] * 4)
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as me, client.websocket_connect(url) as mate, \
            client.websocket_connect(url) as watcher:
        version = join(me, tokens[0])["version"]
        join(mate, tokens[1])
        join(watcher, None)

        def refused(ws: Any, payload: Any, code: str, words: str) -> None:
            ws.send_text(payload if isinstance(payload, str) else json.dumps(payload))
            err = recv_until(ws, lambda m: m["type"] in ("error", "chat"))
            assert err["type"] == "error" and err["code"] == code and err["version"] == version, err
            assert words in err["message"], err["message"]

        refused(watcher, {"type": "chat", "text": "hi"}, "forbidden", "spectators cannot chat")
        # a socket that has not joined cannot chat either: its first message must be a join
        with client.websocket_connect(url) as stranger:
            stranger.send_text(json.dumps({"type": "chat", "text": "hi"}))
            assert stranger.receive_json()["code"] == "malformed"
            with pytest.raises(WebSocketDisconnect) as closed:
                stranger.receive_json()
            assert closed.value.code == 4400
        refused(me, {"type": "chat"}, "malformed", "a string of 1 to 500 characters")
        refused(me, {"type": "chat", "text": 7}, "malformed", "a string")
        refused(me, {"type": "chat", "text": ["hi"]}, "malformed", "a string")
        refused(me, {"type": "chat", "text": " \t\n "}, "malformed", "empty")
        refused(me, {"type": "chat", "text": "x" * (MAX_CHARS + 1)}, "malformed", "too long (501 characters; at most 500)")
        refused(me, {"type": "chat", "text": "a\x00b"}, "malformed", "control character (U+0000)")
        refused(me, {"type": "chat", "text": "\x1b[31mred"}, "malformed", "control character (U+001B)")
        refused(me, '{"type": "chat", "text": "\\ud800"}', "malformed", "lone surrogate")
        # nothing reached the teammate, nothing changed, the sockets still serve
        assert chats_before_pong(mate) == []
        assert chats_before_pong(me) == [] and chats_before_pong(watcher) == []
        assert live(client, tid).state.version == version and stored_actions(client, tid) == 0
        # the longest message passes; line breaks become spaces, bidi overrides are removed
        chat(me, "y" * MAX_CHARS, ref=1)
        assert until_echo(me, 1)["text"] == "y" * MAX_CHARS
        chat(me, "go\nleft\u202e now", ref=2)
        assert until_echo(me, 2)["text"] == "go left now"


def test_a_seat_without_another_person_on_its_team_has_no_chat(client: TestClient) -> None:
    duel = make_table(client, ["human", "human"], mode="1v1")
    with_bot = make_table(client, ["human", "greedy", "human", "human"])
    for created in (duel, with_bot):
        tid = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            join(ws, created["links"][0]["token"])
            chat(ws, "hello?", ref="r")
            err = until_echo(ws, "r")
            assert err["type"] == "error" and err["code"] == "no_teammates" and "two people" in err["message"]
            assert chats_before_pong(ws, ("chat", "chat_history")) == []  # no history either
    # the bot's opponents, two people, do talk
    tid = with_bot["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in with_bot["links"]}
    with client.websocket_connect(f"/ws/tables/{tid}") as a, client.websocket_connect(f"/ws/tables/{tid}") as b:
        join(a, tokens[2])
        join(b, tokens[3])
        chat(a, "hi", ref=1)
        assert until_echo(a, 1)["type"] == "chat"
        assert [m["text"] for m in chats_before_pong(b)] == ["hi"]


def test_chat_is_rate_limited_per_seat_with_an_answer_not_a_close(client: TestClient) -> None:
    created = make_table(client, ["human"] * 4)
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as me, client.websocket_connect(url) as my_tab, \
            client.websocket_connect(url) as mate:
        join(me, tokens[0])
        join(my_tab, tokens[0])
        join(mate, tokens[1])
        answers = []
        for i in range(CHAT_BURST + 3):
            chat(me, f"message {i}", ref=i)
            answers.append(until_echo(me, i))
        assert [a["type"] for a in answers] == ["chat"] * CHAT_BURST + ["error"] * 3
        assert all(a["code"] == "rate_limited" and "at most 5 in 10 seconds" in a["message"]
                   for a in answers[CHAT_BURST:])
        # the budget is the seat's: another socket of the same seat does not get a new one
        chat(my_tab, "from my other tab", ref="t")
        assert until_echo(my_tab, "t")["code"] == "rate_limited"
        # the teammate received only what was sent, and has a budget of its own
        assert [m["text"] for m in chats_before_pong(mate)] == [f"message {i}" for i in range(CHAT_BURST)]
        chat(mate, "slow down", ref="m")
        assert until_echo(mate, "m")["type"] == "chat"
        # the limited socket is still open, served, and reads its teammate
        assert [m["text"] for m in chats_before_pong(me)] == ["slow down"]


def test_team_history_is_bounded_and_replayed_to_a_teammate_who_reconnects(fast_client: TestClient) -> None:
    client = fast_client
    created = make_table(client, ["human"] * 4)
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    url = f"/ws/tables/{tid}"
    sent = HISTORY + 10
    with client.websocket_connect(url) as me:
        join(me, tokens[0])
        for i in range(sent):
            chat(me, f"line {i}", ref=i)
            until_echo(me, i)
    # a teammate (re)connecting: its first messages are the state, then the team's last HISTORY lines
    with client.websocket_connect(url) as mate:
        mate.send_text(json.dumps({"type": "join", "token": tokens[1]}))
        first = [mate.receive_json() for _ in range(2)]
        assert [m["type"] for m in first] == ["state", "chat_history"]
        lines = first[1]["messages"]
        assert first[1]["team"] == "empire"
        assert [m["text"] for m in lines] == [f"line {i}" for i in range(sent - HISTORY, sent)]
        assert all(m["label"] == "Empire 1" and m["seat"] == 0 for m in lines)
    # an opponent and a spectator get no history
    for token in (tokens[2], None):
        with client.websocket_connect(url) as ws:
            join(ws, token)
            assert chats_before_pong(ws, ("chat", "chat_history")) == []
    # memory stays bounded however much is said
    assert len(live(client, tid).chat.history("empire")) == HISTORY


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=600), st.none(), st.integers()))
def test_clean_text_returns_showable_text_or_says_why(text: Any) -> None:
    try:
        clean = clean_text(text)
    except ChatRefused as exc:
        assert exc.code == "malformed" and str(exc)
        return
    assert 1 <= len(clean) <= MAX_CHARS and clean == clean.strip()
    assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in clean)
    assert "\u202e" not in clean
    clean.encode("utf-8")


@pytest.mark.parametrize("mode", ["3v3", "8v8"])
def test_a_wakfu_team_chat_reaches_every_teammate_and_no_opponent(client: TestClient, mode: str) -> None:
    # WK-COMM-1: teammates may talk at any time (and only they read it)
    n = 2 * int(mode[0])
    res = client.post("/api/tables", json={"game": "wakfu", "mode": mode, "seats": ["human"] * n, "seed": 2,
                                           "options": {"team_uniques": "ignore"}})
    assert res.status_code == 201, res.text
    created = res.json()
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    team = {s["seat"]: s["team"] for s in created["table"]["seats"]}
    sockets = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(n)]
    try:
        opened = [s.__enter__() for s in sockets]
        for seat, ws in enumerate(opened):
            join(ws, tokens[seat])
        chat(opened[1], "I attack B2", ref=1)
        line = until_echo(opened[1], 1)
        assert line["label"] == "A2" and line["team"] == team[1]
        for seat, ws in enumerate(opened):
            if seat != 1:
                got = [m["text"] for m in chats_before_pong(ws)]
                assert got == (["I attack B2"] if team[seat] == team[1] else []), (seat, got)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
