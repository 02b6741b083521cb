"""Fuzzing the online table (issue 10, "Done when"): every HTTP operation of the OpenAPI document with
Schemathesis (in-process over ASGI, SQLite in a temporary folder), and Hypothesis-generated WebSocket
frames against a joined socket.  Neither may find a server error: no 5xx answer, no unhandled
exception, every bad frame answered with an error message or a proper close.

Bounded for the suite: 50 examples per operation (positive and negative ones: Schemathesis's default
modes) and 40 per frame kind, about 20 seconds on one core.  Exact boundary values (a seed of 2**63,
``1e400``) have their own tests (``test_input_hardening``): a budget this small rarely hits them.  Bots never act here (a long bot delay), so the run measures the API, not the bots.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from allegiance.server import create_app
from allegiance.server.limits import Limits

FUZZ_SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck))
API_SETTINGS = settings(FUZZ_SETTINGS, max_examples=50)


# -- the HTTP API, from its OpenAPI document --------------------------------------------------------
# The document of an app that is never started (no database is opened for it); the cases are sent to
# a started app below, through Starlette's test client, so that its start-up (tables, bots) runs.
#: the fuzzed sockets all come from the test client's one address: no cap on its connection attempts
SOCKETS_UNLIMITED = Limits(ws_per_minute=1e9, ws_burst=1_000_000)
schema = schemathesis.openapi.from_dict(create_app(db="unused-by-the-schema.db").openapi())


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("fuzz") / "tables.db"
    with TestClient(create_app(db=str(db), bot_delay=3600.0), raise_server_exceptions=False) as client:
        # a table, so that generated ids sometimes meet a real one
        client.post("/api/tables", json={"game": "swdbg", "mode": "1v1", "seats": ["human", "greedy"]})
        yield client


@schema.parametrize()
@API_SETTINGS
def test_no_operation_answers_a_server_error(case: Any, api: TestClient) -> None:
    kwargs = case.as_transport_kwargs(base_url=str(api.base_url))
    if "data" in kwargs:  # a raw body (requests' name for it)
        data = kwargs.pop("data")
        kwargs["content"] = data.encode() if isinstance(data, str) else data
    api.cookies.clear()  # cookies go on the client: Starlette deprecates per-request cookies
    api.cookies.update(kwargs.pop("cookies", None) or {})
    response = api.request(**kwargs)
    assert response.status_code < 500, f"{response.status_code} {response.text[:300]}\n{case.as_curl_command()}"


# -- WebSocket frames --------------------------------------------------------------------------------
class _Errors(logging.Handler):
    """Collects every log record at ERROR or above (an unhandled exception is logged so)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, str, _Errors]]:
    """A 1v1 table of two people (a practice seed: the deal is fixed), its id and seat 0's token."""
    db = tmp_path_factory.mktemp("wsfuzz") / "tables.db"
    errors = _Errors()
    logging.getLogger().addHandler(errors)
    try:
        with TestClient(create_app(db=str(db), bot_delay=3600.0, rate=(1e6, 1_000_000), limits=SOCKETS_UNLIMITED)) as client:
            res = client.post("/api/tables", json={"game": "swdbg", "mode": "1v1", "seats": ["human", "human"],
                                                   "seed": 1})
            assert res.status_code == 201
            created = res.json()
            yield client, created["table"]["id"], created["links"][0]["token"], errors
    finally:
        logging.getLogger().removeHandler(errors)


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                        st.text(max_size=20))
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                        max_leaves=30)


def _messages() -> st.SearchStrategy[str]:
    """Frames shaped like the protocol's messages, with any values in them."""
    action = st.one_of(_json_values(), st.fixed_dictionaries({"kind": st.sampled_from(
        ["play", "buy", "use", "commit", "resolve", "end_turn", "choose", "pay_off", "x"])}, optional={
        "card": _json_values(), "value": _json_values(), "target": _json_values(), "amount": _json_values()}))
    message = st.fixed_dictionaries({"type": st.sampled_from(["action", "ping", "join", "chat", "x"])}, optional={
        "action": action, "version": _json_values(), "ref": _json_values(), "seat": _json_values(),
        "token": _json_values(), "text": _json_values()})
    return st.one_of(message, _json_values()).map(json.dumps)


def _huge_numbers() -> st.SearchStrategy[str]:
    number = st.one_of(st.sampled_from(["1e400", "-1e400", "Infinity", "-Infinity", "NaN", "9" * 400,
                                        "-" + "9" * 4000, "1" + "0" * 30]), st.integers().map(str))
    return number.map(lambda n: f'{{"type": "action", "action": {{"kind": "play", "card": {n}}}, '
                                f'"version": {n}, "ref": {n}}}')


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


ANSWERS = ("error", "pong", "ack", "state")


def _answered(ws: Any, errors: _Errors, before: int, answers: tuple[str, ...] = ANSWERS) -> None:
    """The server either answered (error, pong, ack or state) and still serves the socket, or closed it
    with a code; either way it logged no error."""
    try:
        ws.send_text(json.dumps({"type": "ping", "ref": "probe"}))
        for _ in range(200):
            msg = ws.receive_json()
            assert msg.get("type") in answers, msg
            if msg.get("type") == "pong" and msg.get("ref") == "probe":
                break
        else:
            raise AssertionError("the probe ping was never answered")
    except WebSocketDisconnect as closed:
        assert closed.code >= 1000 and closed.code != 1011, closed.code  # 1011: the server's own failure
    new = errors.records[before:]
    assert not new, [r.getMessage() for r in new]


def _send_to_joined(table: Any, frames: list[str | bytes]) -> None:
    client, tid, token, errors = table
    before = len(errors.records)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "join", "token": token}))
        assert ws.receive_json()["type"] == "state"
        for frame in frames:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
        _answered(ws, errors, before)


@FUZZ_SETTINGS
@given(frames=st.lists(_messages(), min_size=1, max_size=5))
def test_protocol_shaped_frames_get_answers(table: Any, frames: list[str]) -> None:
    _send_to_joined(table, list(frames))


@FUZZ_SETTINGS
@given(frames=st.lists(st.one_of(st.text(max_size=200), st.binary(max_size=200)), min_size=1, max_size=5))
def test_random_text_and_binary_frames_get_answers(table: Any, frames: list[str | bytes]) -> None:
    _send_to_joined(table, list(frames))


@FUZZ_SETTINGS
@given(frame=_huge_numbers())
def test_huge_and_non_finite_numbers_get_answers(table: Any, frame: str) -> None:
    _send_to_joined(table, [frame])


@FUZZ_SETTINGS
@given(depth=st.integers(1000, 2040))  # deeper than Python's recursion limit, within the 4096-byte frame limit
def test_deeply_nested_frames_get_answers(table: Any, depth: int) -> None:
    _send_to_joined(table, [_deep(depth)])


@FUZZ_SETTINGS
@given(text=st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=5))
def test_lone_surrogates_in_frames_get_answers(table: Any, text: str) -> None:
    _send_to_joined(table, [json.dumps({"type": text, "ref": text}, ensure_ascii=False)])


@pytest.fixture(scope="module")
def team_table(table: Any) -> tuple[TestClient, str, dict[int, str], _Errors]:
    """A 2v2 table of four people on the same app (the 1v1 table's team has nobody to chat with)."""
    client, _tid, _token, errors = table
    res = client.post("/api/tables", json={"game": "swdbg", "mode": "2v2", "seats": ["human"] * 4, "seed": 1})
    assert res.status_code == 201
    created = res.json()
    return client, created["table"]["id"], {link["seat"]: link["token"] for link in created["links"]}, errors


@FUZZ_SETTINGS
@given(text=st.one_of(st.text(max_size=600), _json_values()))
def test_team_chat_frames_of_any_text_get_answers_and_reach_the_team_only(team_table: Any, text: Any) -> None:
    """A chat message is refused in words or delivered, cleaned, to the sender's team; never to the other."""
    client, tid, tokens, errors = team_table
    before = len(errors.records)
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as me, client.websocket_connect(url) as foe:
        for ws, seat in ((me, 0), (foe, 2)):
            ws.send_text(json.dumps({"type": "join", "token": tokens[seat]}))
            assert ws.receive_json()["type"] == "state"
        me.send_text(json.dumps({"type": "chat", "text": text, "ref": "c"}, ensure_ascii=False))
        _answered(me, errors, before, (*ANSWERS, "presence", "chat", "chat_history"))
        _answered(foe, errors, before, (*ANSWERS, "presence", "chat_history"))  # never the other team's chat


def _join_with(table: Any, frame: str | bytes) -> None:
    """A join frame of any shape: a state (a spectator or a seat), or an error then a close code."""
    client, tid, _token, errors = table
    before = len(errors.records)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        try:
            first = ws.receive_json()
            assert first["type"] in ("state", "error"), first
            if first["type"] == "error":
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert 4000 <= closed.value.code < 5000, closed.value.code
        except WebSocketDisconnect as closed:
            assert closed.code >= 1000 and closed.code != 1011
    new = errors.records[before:]
    assert not new, [r.getMessage() for r in new]


@FUZZ_SETTINGS
@given(frame=st.one_of(_messages(), st.text(max_size=100),
                       st.fixed_dictionaries({"type": st.just("join"), "token": _json_values()}).map(json.dumps)))
def test_any_text_join_frame_gets_a_state_or_an_error_and_a_close(table: Any, frame: str) -> None:
    _join_with(table, frame)


@FUZZ_SETTINGS
@given(depth=st.integers(1000, 2040))
def test_a_deeply_nested_join_frame_gets_an_error_and_a_close(table: Any, depth: int) -> None:
    _join_with(table, _deep(depth))


@FUZZ_SETTINGS
@given(frame=st.binary(max_size=100))
def test_a_binary_join_frame_gets_an_error_and_a_close(table: Any, frame: bytes) -> None:
    _join_with(table, frame)


@FUZZ_SETTINGS
@given(token=st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=4))
def test_a_join_token_with_a_lone_surrogate_gets_an_error_and_a_close(table: Any, token: str) -> None:
    _join_with(table, json.dumps({"type": "join", "token": token}, ensure_ascii=False))


def test_the_fuzz_tests_are_bounded() -> None:
    """The run stays small enough for the suite (see the module docstring)."""
    assert FUZZ_SETTINGS.max_examples <= 50 and API_SETTINGS.max_examples <= 50
    assert Path(__file__).stat().st_size < 20_000
