"""What a seat is sent: exactly ``game.view(state, seat)``, the events it may read, its own legal actions
(with their texts), why each of its cards that carries none may not be used now (the game's words) and
the state version.  Nothing else about the state leaves the server (invariant 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from allegiance.core.events import Event
from allegiance.core.refusals import SenderView

if TYPE_CHECKING:
    from allegiance.server.tables import LiveTable

#: how many past log lines a (re)connecting page receives
LOG_HISTORY = 300


def visible_events(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may read (``None``: a spectator), as JSON."""
    return [e.to_json() for e in events if e.visible_for(seat)]


def seats_info(table: LiveTable) -> list[dict[str, Any]]:
    """Public facts about each seat: label, team, human or bot, taken, open to anyone, connected."""
    out = []
    for s in table.game_table.seats:
        rec = table.seats[s.index]
        out.append({"seat": s.index, "label": s.label, "team": s.team, "kind": rec.kind,
                    "claimed": rec.claimed or rec.kind != "human", "open": rec.is_open and rec.kind == "human",
                    "connected": table.connected(s.index)})
    return out


def presence_message(table: LiveTable) -> dict[str, Any]:
    """Who is at the table now: the seats (as in a state message) and how many spectators watch."""
    return {"type": "presence", "seats": seats_info(table), "spectators": table.spectators()}


def legal_json(table: LiveTable, seat: int | None,
               view: Mapping[str, Any] | SenderView | None = None) -> list[dict[str, Any]]:
    """The seat's legal actions, each with its words (spectators have none), and for an action done by
    one card to others (:meth:`~allegiance.core.game.Game.action_parts`) its ``source`` and ``targets``,
    the cards of a two-click pick on the board, and ``source_name``: only when the seat's view (``view``)
    shows them all."""
    if seat is None:
        return []
    game, state = table.game, table.state
    if isinstance(view, SenderView):
        shown = view
    else:
        shown = SenderView(lambda: view if view is not None else game.view(state, seat))
    out = []
    for a in game.legal_actions(state, seat):
        item: dict[str, Any] = {"action": a.to_json(), "text": game.describe_action(state, seat, a)}
        source, targets = game.action_parts(state, seat, a)
        if source is not None and targets and source in shown.cards and all(t in shown.cards for t in targets):
            item["source"], item["targets"], item["source_name"] = source, list(targets), shown.cards[source]
        out.append(item)
    return out


def why_json(table: LiveTable, seat: int | None, view: Mapping[str, Any] | SenderView) -> dict[str, str]:
    """Card id -> why the seat may not use that card now, for its cards that carry no legal action
    (:meth:`~allegiance.core.game.Game.card_reasons`: only cards its view shows, in the game's words;
    spectators have none).  Sent with each state, so a click on such a card is answered at once."""
    if seat is None:
        return {}
    return {str(card): reason for card, reason in table.game.card_reasons(table.state, seat, view).items()}


def log_history(table: LiveTable, seat: int | None) -> list[dict[str, Any]]:
    """The last :data:`LOG_HISTORY` events ``seat`` may read, as JSON (sent on (re)connection)."""
    return [e.to_json() for e in table.events if e.visible_for(seat)][-LOG_HISTORY:]


def state_message(table: LiveTable, seat: int | None, events: Iterable[Event],
                  full_log: bool = False) -> dict[str, Any]:
    """The update a seat receives after each change (``full_log``: on (re)connection)."""
    game, state = table.game, table.state
    outcome = game.outcome(state)
    view = game.view(state, seat)
    shown = SenderView.of(view)  # the cards it holds: found once, for the actions' words and the reasons
    now = table.clock.now()
    return {
        "type": "state",
        "table": table.id,
        "status": table.status,
        "game": table.record.game,
        "mode": table.record.mode,
        "practice": table.record.practice,  # the creator chose the seed: every seat is told
        "seat": seat,
        "version": state.version,
        "view": view,
        "legal": legal_json(table, seat, shown),
        "why": why_json(table, seat, shown) if outcome is None else {},
        "active": list(game.active_seats(state)) if outcome is None else [],
        "prompts": [{"seats": list(d.seats), "prompt": d.prompt} for d in game.decisions(state)]
        if outcome is None else [],
        "events": log_history(table, seat) if full_log else visible_events(events, seat),
        "full_log": full_log,
        "seats": seats_info(table),
        "outcome": outcome.to_json() if outcome is not None else None,
        # how close each side is to winning, in words (public information only)
        "progress": game.progress(state, seat),
        # the response windows open for people's seats (allegiance.server.windows): who is asked and the
        # time left, the same whatever they hold
        "windows": [j for w in table.windows.values() if (j := w.to_json(now, seat)) is not None]
        if outcome is None else [],
    }


def error_message(code: str, message: str, version: int | None = None,
                  ref: Any = None) -> dict[str, Any]:
    """An error for one connection: a stable ``code`` and a sentence that says what is allowed."""
    return {"type": "error", "code": code, "message": message, "version": version, "ref": ref}
