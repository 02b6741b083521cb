"""Playing at a table: the WebSocket every page keeps open, and the same over plain HTTP.

WebSocket protocol (JSON text messages), at ``/ws/tables/{table_id}``:

- the page first sends ``{"type": "join", "token": "..."}`` (a seat) or ``{"type": "join"}`` (a
  spectator) as a JSON text frame; joining with a seat's token claims the seat; with ``"seen": true``
  the page is *paced*: it answers each ``state`` with ``{"type": "seen"}`` and gets its next state only
  then (the changes meanwhile coalesced into it), so a page that reads slowly is never sent a backlog
  (see :mod:`allegiance.server.connections`); a ``seen`` is never answered and is not counted against
  the rate limit when a state waits for it;
- then ``{"type": "action", "action": {"kind": "buy", "card": 12}, "version": 41, "ref": 7}``;
  the server answers ``{"type": "ack", "ref": 7, "version": 42}`` once the action is stored (``ref``, a
  number or a string of at most 100 characters, is echoed back; any other ``ref`` comes back as
  ``null``); a "pass" sent early in a response window is not stored until the window's end (the
  table passes for the seat then, whatever it held): its answer is ``{"type": "ack", "ref": 7,
  "version": 41, "held": true}``, the version unchanged; or an
  ``error`` message (``code``: ``not_your_turn``, ``wrong_seat``, ``stale``, ``malformed``,
  ``illegal``, ``closed``, ``too_large``, ``rate_limited``, ``forbidden``) and nothing changes; the
  connection stays open;
- every change of the game reaches every page as a ``state`` message (see
  :mod:`allegiance.server.messages`; its ``status`` is ``playing``, ``finished`` or ``abandoned``);
  every spectator of a table is sent the same text, built and encoded once per change (see
  :mod:`allegiance.server.spectators`);
- when pages join or leave, or a seat is taken, each page gets a small
  ``{"type": "presence", "seats": [...], "spectators": N}`` (``seats`` as in a state message), never a
  whole new state; presence changes are coalesced (at most one waits per page);
- ``{"type": "ping"}`` is answered by ``{"type": "pong"}`` (the table page pings when it has heard nothing
  for a few seconds, and replaces a socket that stays silent: a connection can die without a close);
- team chat (see :mod:`allegiance.server.chat`): a seated page sends ``{"type": "chat", "text": "...",
  "ref": 8}``; every connection seated on the sender's team (the sender's own included, whose copy
  echoes ``ref``) receives ``{"type": "chat", "id": 12, "team": "rebel", "seat": 2, "label": "Rebel 1",
  "at": 1763925600000, "text": "...", "ref": null}`` (``id``: the line's number within its team; ``at``:
  the server's clock, milliseconds since 1970 UTC); no opponent and no spectator receives it.  When its
  team has said something, a seat's page also gets ``{"type": "chat_history", "team": ..., "messages":
  [chat, ...]}`` (the team's last 50 lines, oldest first) right after its first state on each
  (re)connection.  A refused chat message is answered with an
  ``error`` (``forbidden``: a spectator; ``no_teammates``: no other person on the team; ``malformed``:
  not 1..500 characters of text once trimmed, or a control character; ``rate_limited``: more than 5 in
  10 s for the seat) and sends nothing.  Chat is never a move: the state, its version and the action log
  are unchanged, and it is kept in memory only (gone after a restart);

Close codes (each after an ``error`` message where one can still be sent):

- ``4400``: the first message was not a JSON text join; ``4403``: the token is not valid here;
- ``4404``: no such table; ``4408``: no join within ``JOIN_TIMEOUT`` seconds;
- ``4410``: the table was closed (abandoned by its creator or idle too long), after its final state;
- ``4429``: the page did not read its messages: too many waited for it (see
  :mod:`allegiance.server.connections`), so it was dropped rather than buffered;
- ``4500``: the table is broken (its stored game cannot be rebuilt) and cannot be opened;
- ``1013`` (try again later): this address already has stored tables being rebuilt (``error`` code
  ``busy``), or the table already has its maximum of spectators (``spectators_full``, checked at a join
  without a token; ``--spectators-per-table``, 64 by default; a seat's token always joins).

Handshakes refused before they are accepted, before any other work (see
:mod:`allegiance.server.handshake`), are answered with HTTP 403 at the upgrade: ``rate_limited`` (more
connection attempts from the address than ``--ws-per-minute``, 120 a minute after a burst of 60 by
default), ``too_many_sockets`` (the address already has its maximum of WebSockets open, all tables
together; ``--sockets-per-client``, 32 by default), ``spectators_full`` (the URL says ``?spectate=1``
and the table has its maximum of spectators).  A 403 says no why: ``GET /api/tables/{table_id}/socket``
(with ``?spectate=1`` as the socket had it) answers what the handshake would now, and the table page
asks it when its socket closes before opening.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
from typing import Any

from fastapi import APIRouter, Header, HTTPException, Request, WebSocket, WebSocketDisconnect

from allegiance.core.errors import (
    AllegianceError,
    MalformedActionError,
    NotYourTurnError,
    StaleActionError,
)
from allegiance.server import handshake, schemas
from allegiance.server.chat import ChatRefused, clean_text
from allegiance.server.connections import CLOSE_TIMEOUT, CLOSE_TOO_SLOW, Connection
from allegiance.server.deps import client_address, manager, seat_or_403, table_or_404
from allegiance.server.messages import error_message, state_message
from allegiance.server.ratelimit import TokenBucket
from allegiance.server.tables import (
    BadToken,
    LiveTable,
    TableBroken,
    TableClosed,
    TableManager,
    TableNotFound,
    TooBusy,
)

router = APIRouter(tags=["play"])

#: the largest message a page may send (bytes); an action is far smaller
MAX_MESSAGE = 4096
#: per connection: this many messages a second on average, bursts of ``RATE_BURST``
RATE_PER_SECOND = 20.0
RATE_BURST = 40
#: seconds a page has to send its join message
JOIN_TIMEOUT = 10.0
UNSTORED = "the server could not store this action; nothing changed, try again"
log = logging.getLogger("allegiance.server")


def error_code(exc: AllegianceError) -> str:
    """The stable code of an engine error."""
    if isinstance(exc, TableClosed):
        return "closed"
    if isinstance(exc, StaleActionError):
        return "stale"
    if isinstance(exc, NotYourTurnError):
        return "not_your_turn"
    if isinstance(exc, MalformedActionError):
        return "malformed"
    return "illegal"


# -- HTTP ----------------------------------------------------------------------------------------
@router.get("/api/tables/{table_id}/state", summary="The table as the token's seat sees it (spectator without)",
            responses={403: {"model": schemas.ErrorBody}, 404: {"model": schemas.ErrorBody}})
async def get_state(table_id: str, request: Request,
              x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    mgr = manager(request)
    table = await table_or_404(mgr, table_id, request)
    seat = await seat_or_403(mgr, table, x_seat_token) if x_seat_token else None  # any use claims the seat
    return state_message(table, seat, [], full_log=True)


@router.post("/api/tables/{table_id}/actions", summary="Play one action for the token's seat",
             responses={400: {"model": schemas.ErrorBody}, 403: {"model": schemas.ErrorBody},
                        404: {"model": schemas.ErrorBody}, 409: {"model": schemas.ErrorBody}})
async def post_action(table_id: str, body: schemas.ActionRequest, request: Request,
                x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    mgr = manager(request)
    table = await table_or_404(mgr, table_id, request)
    seat = await seat_or_403(mgr, table, x_seat_token)
    size = len(json.dumps(body.action))
    if size > MAX_MESSAGE:
        raise HTTPException(413, f"action too large ({size} bytes; the limit is {MAX_MESSAGE})")
    try:
        events = await mgr.act(table, seat, body.action, body.version)
    except MalformedActionError as exc:
        raise HTTPException(400, str(exc)) from None
    except AllegianceError as exc:
        raise HTTPException(409, str(exc)) from None
    except Exception:  # the database refused: nothing was accepted
        log.exception("could not store an action of table %s", table_id)
        raise HTTPException(503, UNSTORED) from None
    return state_message(table, seat, events)


@router.get("/api/tables/{table_id}/socket", response_model=schemas.SocketCheck,
            summary="Whether a WebSocket from this address to the table would be let in now (and why not)")
async def socket_check(table_id: str, request: Request, spectate: bool = False) -> dict[str, Any]:
    """What the handshake of ``/ws/tables/{table_id}`` would answer now (``spectate``: as a page that says
    it comes to watch), so that a page whose WebSocket was refused can tell its user why.  Nothing is
    counted or taken, and the table is not looked up beyond memory (an unknown table is not an error here).
    """
    refused = handshake.refusal(manager(request), client_address(request), table_id, spectate, take=False)
    if refused is None:
        return {"ok": True}
    return {"ok": False, "code": refused.code, "detail": refused.message, "retry_after": refused.retry_after}


# -- WebSocket -----------------------------------------------------------------------------------
@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    mgr: TableManager = websocket.app.state.manager
    client = websocket.client.host if websocket.client is not None else "unknown"
    # before anything else, and before the accept: a flood of refused handshakes costs only this
    refused = handshake.refusal(mgr, client, table_id, handshake.spectating(websocket))
    if refused is not None:
        with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
            await handshake.deny(websocket, refused)
        mgr.refused_garbage.socket_closed()
        return
    try:
        await websocket.accept()
        await _play(websocket, mgr, table_id, client)
    finally:
        mgr.sockets.give_back(client)
        mgr.socket_garbage.socket_closed()


async def _play(websocket: WebSocket, mgr: TableManager, table_id: str, client: str) -> None:
    """Open the table, read the join, then serve the page until it goes away."""
    try:
        table = await mgr.open(table_id, client)
    except TooBusy as exc:
        await _refuse(websocket, 1013, error_message("busy", str(exc)))
        return
    except TableNotFound as exc:
        await _refuse(websocket, 4404, error_message("not_found", str(exc)))
        return
    except TableBroken as exc:
        await _refuse(websocket, 4500, error_message("broken", str(exc)))
        return
    try:
        seat, paced = await _join(websocket, mgr, table)
    except Refused:
        return
    cap = mgr.limits.spectators_per_table
    if seat is None and cap is not None and table.spectators() >= cap:
        await _refuse(websocket, 1013, error_message(
            "spectators_full", f"this table already has its maximum of {cap} spectators; try again later "
                               "(a seat's link always joins)"))
        return
    conn = Connection(websocket, table, seat, paced=paced)
    conn.reader = asyncio.current_task()
    table.attach(conn)
    writer = conn.start()
    conn.notify([])  # the new page gets the whole state and log
    if seat is not None and table.chat.open_for(seat):
        history = table.chat.history_message(seat)
        if history["messages"]:
            conn.send(history)  # then its team's recent chat, right after the state
    table.presence_changed()  # the others only learn who is here now
    mgr.schedule_bots(table)
    try:
        await _serve(websocket, mgr, table, conn)
    finally:
        table.detach(conn)
        conn.close()
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError, OSError):
            await writer
        table.presence_changed()
        mgr.page_left(table)  # an ended table nobody watches may leave memory
    if conn.too_slow:
        # the page's socket may be full: try to say why, but never wait long for it
        with contextlib.suppress(TimeoutError, WebSocketDisconnect, RuntimeError, OSError):
            await asyncio.wait_for(websocket.close(CLOSE_TOO_SLOW, "too slow: messages were not read"),
                                   CLOSE_TIMEOUT)


async def _refuse(websocket: WebSocket, code: int, message: dict[str, Any]) -> None:
    with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
        await websocket.send_text(json.dumps(message))
        await websocket.close(code=code, reason=message["message"][:120])


class Refused(Exception):
    """The page was told why it cannot join, and the socket is closed."""


async def _join(websocket: WebSocket, mgr: TableManager, table: LiveTable) -> tuple[int | None, bool]:
    """Read the join message: the seat (``None`` for a spectator; a seat's token used claims the seat)
    and whether the page is paced (it acknowledges each state); :class:`Refused` otherwise."""
    try:
        message = await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        await _refuse(websocket, 4408, error_message("join_timeout", "send {\"type\": \"join\"} first"))
        raise Refused from None
    if message["type"] == "websocket.disconnect":
        raise Refused
    text = message.get("text")
    try:
        msg = json.loads(text) if isinstance(text, str) and len(text) <= MAX_MESSAGE else None
    except (ValueError, RecursionError):  # not JSON, or nested too deeply to read
        msg = None
    if not isinstance(msg, dict) or msg.get("type") != "join":
        await _refuse(websocket, 4400, error_message(
            "malformed", "the first message must be {\"type\": \"join\", \"token\": ...} (no token: spectate)"))
        raise Refused
    token = msg.get("token")
    paced = msg.get("seen") is True
    if token is None:
        return None, paced
    try:
        seat = await mgr.seat_of_token(table, str(token))
        await mgr.claim(table, seat)
        return seat, paced
    except BadToken as exc:
        await _refuse(websocket, 4403, error_message("forbidden", str(exc)))
        raise Refused from None


async def _serve(websocket: WebSocket, mgr: TableManager, table: LiveTable, conn: Connection) -> None:
    """Read the page's messages until it goes away."""
    rate, burst = websocket.app.state.rate
    bucket = TokenBucket(rate, burst)
    while not conn.too_slow:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if conn.too_slow and task is not None and task.uncancel() == 0:
                return  # woken by the connection: the page was dropped for not reading
            raise
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if conn.expects_seen and is_seen(text):
            conn.seen()  # one per state sent: outside the rate limit, or a busy table would stall the page
            continue
        if not bucket.allow():
            conn.send(error_message("rate_limited", f"too many messages: at most {rate:g} a second "
                                    f"(bursts of {burst}); this one was ignored", table.state.version))
            continue
        if text is None:
            conn.send(error_message("malformed", "send JSON text messages, not binary ones", table.state.version))
            continue
        size = len(text.encode("utf-8", "surrogatepass"))  # a lone surrogate is still counted, not a crash
        if size > MAX_MESSAGE:
            conn.send(error_message("too_large", f"message too large ({size} bytes; the limit is {MAX_MESSAGE}); "
                                    "it was ignored", table.state.version))
            continue
        await handle(mgr, table, conn, text)


def is_seen(text: str | None) -> bool:
    """The message is a page's ``{"type": "seen"}`` (a small JSON object of that type)."""
    if text is None or len(text) > 64:
        return False
    try:
        msg = json.loads(text)
    except ValueError:
        return False
    return isinstance(msg, dict) and msg.get("type") == "seen"


def safe_ref(ref: Any) -> Any:
    """The ``ref`` to echo back: a number or a short string as sent, anything else ``None`` (a huge,
    non-finite, nested or unencodable value, e.g. a lone surrogate from a ``"\\ud800"`` escape, is never
    echoed)."""
    if isinstance(ref, bool) or ref is None:
        return ref
    if isinstance(ref, int):
        return ref if -(2**53) <= ref <= 2**53 else None
    if isinstance(ref, float):
        return ref if math.isfinite(ref) else None
    if isinstance(ref, str) and len(ref) <= 100:
        try:
            ref.encode("utf-8")
        except UnicodeEncodeError:
            return None
        return ref
    return None


async def handle(mgr: TableManager, table: LiveTable, conn: Connection, text: str) -> None:
    """Handle one message from a joined page (one at a time: its next message waits for this one's answer;
    only an action's storing awaits, with PostgreSQL)."""
    version = table.state.version
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as exc:
        conn.send(error_message("malformed", f"a message must be JSON ({exc.msg})", version))
        return
    except RecursionError:
        conn.send(error_message("malformed", "a message must be a flat JSON object; this one is nested too deeply",
                                version))
        return
    if not isinstance(msg, dict):
        conn.send(error_message("malformed", "a message must be a JSON object with a \"type\"", version))
        return
    ref = safe_ref(msg.get("ref"))
    kind = msg.get("type")
    if kind == "ping":
        conn.send({"type": "pong", "ref": ref, "version": version})
        return
    if kind == "chat":
        chat(table, conn, msg.get("text"), ref)
        return
    if kind == "seen":  # an acknowledgement (counted: none was awaited); never answered
        conn.seen()
        return
    if kind != "action":
        conn.send(error_message("malformed", f"unknown message type {kind!r}; send 'action', 'chat', 'ping' or 'seen'",
                                version, ref))
        return
    if conn.seat is None:
        conn.send(error_message("forbidden", "spectators cannot act; open a seat's link to play", version, ref))
        return
    if "seat" in msg and msg["seat"] != conn.seat:
        conn.send(error_message("wrong_seat", f"this link acts for seat {conn.seat} only, not seat "
                                f"{msg['seat']!r}", version, ref))
        return
    if not isinstance(msg.get("action"), dict):
        conn.send(error_message("malformed", "\"action\" must be a JSON object like {\"kind\": \"end_turn\"}",
                                version, ref))
        return
    given = msg.get("version")
    if given is not None and (not isinstance(given, int) or isinstance(given, bool)):
        conn.send(error_message("malformed", "\"version\" must be an integer (the state version you saw)",
                                version, ref))
        return
    try:
        await mgr.act(table, conn.seat, msg["action"], given)
    except AllegianceError as exc:
        conn.send(error_message(error_code(exc), str(exc), table.state.version, ref))
        return
    except Exception:  # the database refused: nothing was accepted
        log.exception("could not store an action of table %s", table.id)
        conn.send(error_message("unavailable", UNSTORED, table.state.version, ref))
        return
    window = table.windows.get(conn.seat)
    if window is not None and window.held:  # accepted, stored at the window's end (only this seat is told)
        conn.send({"type": "ack", "ref": ref, "version": table.state.version, "held": True})
        return
    conn.send({"type": "ack", "ref": ref, "version": table.state.version})


def chat(table: LiveTable, conn: Connection, text: Any, ref: Any) -> None:
    """Deliver one team-chat message to every page seated on the sender's team, and to no one else
    (WK-COMM-1: teammates may talk; what they say is the team's hidden information).

    Not a move: the game state, its version and the action log are never touched.
    """
    version = table.state.version
    seat = conn.seat
    try:
        if seat is None:
            raise ChatRefused("forbidden", "spectators cannot chat: the team chat is for the players of a team "
                                           "(open a seat's link to play)")
        if not table.chat.open_for(seat):
            raise ChatRefused("no_teammates", "your team has no other player to read a chat message: the team chat "
                                              "is open when a team has two people or more")
        clean = clean_text(text)
        if not table.chat.allow(seat):
            rate, burst = table.chat.rate
            raise ChatRefused("rate_limited", f"too many chat messages: at most {burst} in {burst / rate:g} seconds "
                                              "for a seat; this one was not sent, wait a moment")
    except ChatRefused as exc:
        conn.send(error_message(exc.code, str(exc), version, ref))
        return
    line = table.chat.post(seat, clean)
    team = set(table.game_table.members(line["team"]))
    for other in list(table.connections):
        if other.seat is not None and other.seat in team:
            other.send({**line, "ref": ref if other is conn else None})
