"""Live tables and the table manager.

A :class:`LiveTable` is a game state rebuilt from the stored setup and action log, plus the
connections watching it and the bots that hold seats.  The :class:`TableManager` creates tables,
finds them (loading them from the database on demand), checks seat tokens, applies actions — persisting
each before it is acknowledged — and lets the bots play until a human must act.

An action is checked and applied to a copy of the state (copies are cheap, invariant 6), committed to
the database, and only then does the copy become the table's state and reach the pages; a refused or
unstored action leaves the table exactly as it was.  All of it runs on the event loop without awaiting
in between, so the actions of a table are strictly sequential without locks.  (Committing from a worker
thread was measured: under load the threads' hand-offs of the GIL cost far more latency than the
commit itself, so commits stay on the loop.  With SQLite in WAL mode a commit takes about 0.5 ms, or
2-5 ms with ``--durable``'s fsync, which then dominates the latency under load.)
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from allegiance.bots import BOT_KINDS, bot_kinds_for, make_bot
from allegiance.bots.base import Bot
from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError
from allegiance.core.events import Event
from allegiance.core.game import Game
from allegiance.core.rng import new_key
from allegiance.core.table import Table
from allegiance.games import game_names, get_game
from allegiance.replay import Replay
from allegiance.server.storage import SeatRecord, Storage, TableRecord, hash_token
from allegiance.server.thinking import BotThinker

log = logging.getLogger("allegiance.server")

HUMAN = "human"
#: the largest seed a creator may choose (seeds are stored as signed 64-bit integers)
MAX_SEED = 2**63 - 1
#: how many finished tables stay in memory (others are reloaded from the database when asked for)
FINISHED_IN_MEMORY = 50


class TableNotFound(LookupError):
    """No table has this id."""


class BadToken(PermissionError):
    """The token is not a seat token of this table."""


class SetupError(ValueError):
    """A table cannot be created as asked (the message says what is allowed)."""


class SeatUnavailable(ValueError):
    """The seat is a bot's, or somebody already took it."""


@dataclass
class Created:
    """A new table and the secret token of each human seat (shown once, to its creator)."""

    table: LiveTable
    tokens: dict[int, str]


class LiveTable:
    """One table in memory: setup, state, event history, seat records, bots and connections."""

    def __init__(self, record: TableRecord) -> None:
        self.record = record
        self.id = record.id
        self.game: Game = get_game(record.game)
        self.state: Any = self.game.new_game(record.mode, record.seed, record.options,
                                             shuffle_key=record.shuffle_key)
        self.game_table: Table = self.state.table
        self.seats: list[SeatRecord] = record.seats
        self.log: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        for seat, action in record.actions:
            act = Action.from_json(action)
            self.events.extend(self.game.apply(self.state, seat, act))
            self.log.append((seat, act))
        record.actions = []  # the log lives in ``self.log`` from now on
        self.bots: dict[int, Bot] = {s.seat: make_bot(s.kind, seed=record.seed * 31 + s.seat)
                                     for s in self.seats if s.kind != HUMAN}
        self.connections: set[Any] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.finished_at: float | None = time.time() if self.finished else None

    @property
    def finished(self) -> bool:
        return self.game.outcome(self.state) is not None

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def seat_of_token(self, token: str) -> int:
        """The seat this token acts for; raises :class:`BadToken`."""
        digest = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        raise BadToken("this link's token is not valid for this table (ask the table's creator for a new link)")

    def bot_seats_to_act(self) -> list[int]:
        if self.finished:
            return []
        return [s for s in self.game.active_seats(self.state) if s in self.bots]

    def notify(self, events: list[Event]) -> None:
        for conn in list(self.connections):
            conn.notify(events)

    def replay(self) -> Replay:
        """The game as a replay file (allegiance/replay.py format).

        The deal's secret key is in it only once the game is over: with it, the replay of a running
        game would tell every hidden card.
        """
        return Replay(self.record.game, self.record.mode, self.record.seed, dict(self.record.options),
                      [s.kind for s in self.seats], list(self.log),
                      shuffle_key=self.record.shuffle_key if self.finished else None)

    def summary(self) -> dict[str, Any]:
        """Public facts for the lobby."""
        outcome = self.game.outcome(self.state)
        return {
            "id": self.id, "game": self.record.game, "mode": self.record.mode, "options": self.record.options,
            "practice": self.record.practice, "version": self.state.version, "created_at": self.record.created_at,
            "finished": outcome is not None, "outcome": outcome.to_json() if outcome else None,
            "seats": [{"seat": s.index, "label": s.label, "team": s.team, "kind": self.seats[s.index].kind,
                       "free": self.seats[s.index].kind == HUMAN and not self.seats[s.index].claimed,
                       "connected": self.connected(s.index)} for s in self.game_table.seats],
        }


class TableManager:
    """Creates, finds and runs tables over one :class:`Storage`."""

    def __init__(self, storage: Storage, bot_delay: float = 0.5, thinker: BotThinker | None = None) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.thinker = thinker or BotThinker()
        self.tables: dict[str, LiveTable] = {}

    # -- life cycle ------------------------------------------------------------------------------
    def resume_all(self) -> int:
        """Rebuild every unfinished table from its log and let its bots continue; returns how many."""
        count = 0
        for table_id in self.storage.unfinished_ids():
            try:
                table = self.get(table_id)
            except (AllegianceError, ValueError) as exc:  # a log the rules no longer accept
                log.error("cannot resume table %s: %s", table_id, exc)
                continue
            self.schedule_bots(table)
            count += 1
        return count

    async def shutdown(self) -> None:
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.thinker.close()

    # -- tables ----------------------------------------------------------------------------------
    def create(self, game: str, mode: str, options: Mapping[str, Any], seats: list[str],
               seed: int | None = None) -> Created:
        """A new table; ``seats`` gives ``human`` or a bot kind for every seat of the mode."""
        if game not in game_names():
            raise SetupError(f"unknown game {game!r}; games: {', '.join(game_names())}")
        rules = get_game(game)
        if mode not in rules.modes:
            raise SetupError(f"unknown mode {mode!r} for {game}; modes: {', '.join(rules.modes)}")
        n = len(rules.table_for(mode).seats) if hasattr(rules, "table_for") else len(seats)
        if len(seats) != n:
            raise SetupError(f"{game} {mode} has {n} seats; give {n} seat kinds, not {len(seats)}")
        playable = bot_kinds_for(rules)
        for kind in seats:
            if kind != HUMAN and kind not in BOT_KINDS:
                raise SetupError(f"seat kind {kind!r} is unknown; a seat is 'human' or a bot: {', '.join(BOT_KINDS)}")
            if kind != HUMAN and kind not in playable:
                raise SetupError(f"the {kind} bot cannot play {game} yet; bots for {game}: {', '.join(playable)}")
        # A seed chosen by the creator makes a practice table: the fast generator from that seed, so
        # the creator can replay the deal, and everyone is told so.  Otherwise the deal comes from a
        # fresh 256-bit key and the secure generator (issue 10, item 1); the seed then only seeds
        # the bots' tie-breaks.
        practice = seed is not None
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise SetupError(f"seed must be an integer from 0 to {MAX_SEED}, not {seed!r}")
        seed = secrets.randbelow(MAX_SEED + 1) if seed is None else seed
        shuffle_key = None if practice else new_key()
        try:
            options = rules.check_options(options)  # strictly, before anything is stored
            rules.new_game(mode, seed, dict(options), shuffle_key=shuffle_key)
        except (AllegianceError, ValueError, TypeError) as exc:
            raise SetupError(f"bad options: {exc}") from None
        tokens = {i: secrets.token_urlsafe(24) for i, kind in enumerate(seats) if kind == HUMAN}
        record = TableRecord(
            id=secrets.token_hex(6), game=game, mode=mode, options=dict(options), seed=seed,
            seats=[SeatRecord(i, kind, hash_token(tokens[i]) if i in tokens else None, False)
                   for i, kind in enumerate(seats)],
            created_at=time.time(), shuffle_key=shuffle_key, practice=practice)
        self.storage.create_table(record)
        table = LiveTable(record)
        self.tables[table.id] = table
        self.schedule_bots(table)
        return Created(table, tokens)

    def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the database if it is not in memory; :class:`TableNotFound`."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        record = self.storage.load_table(table_id) if _plausible_id(table_id) else None
        if record is None:
            raise TableNotFound(f"there is no table {table_id!r}")
        table = LiveTable(record)
        self.tables[table_id] = table
        self._evict_finished()
        return table

    def list_tables(self, finished: bool | None = False, limit: int = 50) -> list[dict[str, Any]]:
        """Lobby summaries, newest first.  A stored table whose options its game does not accept
        (stored before options were checked) is left out and logged: it must not break the listing."""
        out = []
        for rec in self.storage.iter_tables(finished=finished, limit=limit):
            live = self.tables.get(rec.id)
            if live is not None:
                out.append(live.summary())
                continue
            try:
                get_game(rec.game).check_options(rec.options)
            except (AllegianceError, KeyError, ValueError, RecursionError) as exc:
                log.error("table %s left out of the listing: %s", rec.id, str(exc)[:200])
                continue
            out.append({"id": rec.id, "game": rec.game, "mode": rec.mode, "options": rec.options,
                        "practice": rec.practice, "version": None, "created_at": rec.created_at,
                        "finished": rec.finished,
                        "outcome": rec.outcome,
                        "seats": [{"seat": s.seat, "label": f"seat {s.seat}", "team": None, "kind": s.kind,
                                   "free": s.kind == HUMAN and not s.claimed, "connected": False}
                                  for s in rec.seats]})
        return out

    def take_seat(self, table: LiveTable, seat: int) -> str:
        """Take a free human seat: a new token (the seat's earlier unused link stops working)."""
        if not 0 <= seat < len(table.seats):
            raise SeatUnavailable(f"there is no seat {seat} at this table (seats 0..{len(table.seats) - 1})")
        rec = table.seats[seat]
        if rec.kind != HUMAN:
            raise SeatUnavailable(f"seat {seat} is played by the {rec.kind} bot")
        if rec.claimed:
            raise SeatUnavailable(f"seat {seat} is already taken")
        if table.finished:
            raise SeatUnavailable("the game is over")
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        self.storage.set_seat_token(table.id, seat, digest, claimed=True)
        rec.token_hash, rec.claimed = digest, True
        return token

    def claim(self, table: LiveTable, seat: int) -> None:
        """A seat's link was opened: the seat is no longer free in the lobby."""
        rec = table.seats[seat]
        if not rec.claimed:
            self.storage.claim_seat(table.id, seat)
            rec.claimed = True

    # -- play ------------------------------------------------------------------------------------
    def submit(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
               version: int | None) -> list[Event]:
        """Check, apply and store one action, then tell every connection and wake the bots.

        Raises an :class:`AllegianceError` when the action is not accepted, or the database's error
        when it cannot be stored; either way the table is unchanged.
        """
        events = self._apply_and_store(table, seat, action, version)
        table.notify(events)
        self.schedule_bots(table)
        return events

    def _apply_and_store(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
                         version: int | None) -> list[Event]:
        if not isinstance(action, Action):
            action = Action.from_json(action)
        draft = table.state.copy()
        idx = draft.version
        events = table.game.apply(draft, seat, action, version)  # raises on bad input: nothing changed
        outcome = table.game.outcome(draft)
        self.storage.append_action(table.id, idx, seat, action.to_json(),
                                   outcome.to_json() if outcome is not None else None)
        table.state = draft
        table.log.append((seat, action))
        table.events.extend(events)
        if outcome is not None:
            table.finished_at = time.time()
        return events

    def schedule_bots(self, table: LiveTable) -> None:
        """Start the table's bot task if a bot may act and none is running."""
        if table.bot_seats_to_act() and (table.bot_task is None or table.bot_task.done()):
            try:
                table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))
            except RuntimeError:  # no event loop (e.g. tables created outside the server)
                table.bot_task = None

    async def _run_bots(self, table: LiveTable) -> None:
        """Bots act one action at a time, yielding to the event loop between actions.

        A bot thinks on a copy of the state; a searching bot thinks in another process (see
        :mod:`allegiance.server.thinking`), and if a person acted at the table meanwhile, it thinks
        again about the new state.
        """
        while True:
            await asyncio.sleep(self.bot_delay)
            seats = table.bot_seats_to_act()
            legal = table.game.legal_actions(table.state, seats[0]) if seats else []
            if not legal:
                return
            seat = seats[0]
            version = table.state.version
            try:
                action, table.bots[seat] = await self.thinker.choose(table.bots[seat], table.game, table.record.game,
                                                                     table.state.copy(), seat, legal)
            except Exception:  # said in the log, not lost in a task nobody awaits
                log.exception("bot at seat %d of table %s could not choose", seat, table.id)
                return
            if table.state.version != version:
                continue
            try:
                events = self._apply_and_store(table, seat, action, version)
            except Exception:
                log.exception("bot at seat %d of table %s failed", seat, table.id)
                return
            table.notify(events)

    def _evict_finished(self) -> None:
        done = [t for t in self.tables.values() if t.finished and not t.connections]
        if len(done) <= FINISHED_IN_MEMORY:
            return
        done.sort(key=lambda t: t.finished_at or 0.0)
        for t in done[: len(done) - FINISHED_IN_MEMORY]:
            self.tables.pop(t.id, None)


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32 and table_id.isalnum()
