"""Live tables and the table manager.

A :class:`LiveTable` is a game state rebuilt from the stored setup and action log, plus the
connections watching it and the bots that hold seats.  The :class:`TableManager` creates tables,
finds them (loading them from the database on demand), checks seat tokens, applies actions — persisting
each before it is acknowledged — and lets the bots play until a human must act.

An action is checked and applied to a copy of the state (copies are cheap, invariant 6), committed to
the database, and only then does the copy become the table's state and reach the pages; a refused or
unstored action leaves the table exactly as it was.  A table's actions are strictly sequential.  With
SQLite the commit is the blocking call, on the event loop (about 0.5 ms in WAL mode, 2-5 ms with
``--durable``'s fsync), so nothing awaits in between and no lock is needed.  With PostgreSQL the commit
is awaited (:mod:`allegiance.server.actionlog`, psycopg's asynchronous connections), under the table's
``lock`` from the copy to the installed state: a database on another machine costs each action a
network round trip, which the other tables no longer wait for.  (Committing from a
worker thread was measured too: under load the threads' hand-offs of the GIL cost far more latency than
the commit itself.)

Tables are loaded lazily: start-up resumes only the tables whose bots must act, and a table is rebuilt
from its log in a worker thread the first time someone asks for it (:meth:`TableManager.open`), so
neither restart time nor the event loop's pauses grow with the number or length of stored games.  A
table whose stored rows cannot be rebuilt is quarantined (status ``broken``); every other table serves.

With several processes over one PostgreSQL (:mod:`allegiance.server.cluster`), a commit can lose to
another process's action at the same version: the table then reads the log up to date
(:func:`allegiance.server.follow.catch_up_now`) and the action is tried again against the new state,
applied if it still answers the same decision, refused in words otherwise; bots act only where this
process holds the table's lease (:mod:`allegiance.server.lease`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from allegiance.bots import BOT_KINDS, bot_kinds_for, make_bot
from allegiance.bots.base import Bot
from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError, StaleActionError
from allegiance.core.events import Event
from allegiance.core.game import Game
from allegiance.core.rng import new_key
from allegiance.core.table import Table
from allegiance.games import game_names, get_game
from allegiance.replay import Replay
from allegiance.server import follow, history
from allegiance.server.actionlog import AsyncActionLog
from allegiance.server.botqueue import FairQueue
from allegiance.server.chat import CHAT_BURST, CHAT_PER_SECOND, TeamChat
from allegiance.server.gctune import REFUSED_HANDSHAKES_PER_COLLECTION, SocketGarbage
from allegiance.server.history import EventWindow
from allegiance.server.lease import TAKEOVER_PERIOD, AdvisoryLeases, LocalLeases
from allegiance.server.limits import ClientBuckets, ClientSlots, Limits
from allegiance.server.listing import ListedOptions, Listing, public_options
from allegiance.server.slots import LOAD, LocalSlots
from allegiance.server.spectators import SharedMessages
from allegiance.server.storage import (
    ABANDONED,
    BROKEN,
    FINISHED,
    PLAYING,
    ActionConflict,
    ClientTablesFull,
    SeatRecord,
    Storage,
    TableRecord,
    hash_token,
)
from allegiance.server.thinking import BotThinker
from allegiance.server.windows import Clock, MonotonicClock, Window

log = logging.getLogger("allegiance.server")

HUMAN = "human"
#: the largest seed a creator may choose (seeds are stored as signed 64-bit integers)
MAX_SEED = 2**63 - 1
#: how many ended tables (finished or closed) that no page watches stay in memory, the most recently
#: ended; the others are dropped and rebuilt from the database if asked for again.  A page coming back
#: just after the end, or the replay downloaded then, finds its table here; beyond that an ended table
#: is only memory (100-500 KB each, measured on SWDBG and Wakfu games played to the end), and the
#: 20-table soak ends about ten games a minute (issue 21, item 11)
ENDED_IN_MEMORY = 16
#: tables rebuilt from their logs at once (in worker threads)
CONCURRENT_LOADS = 2
#: the part of a searching bot's think time that it searches (the rest covers the hand-offs to and
#: from its process and an iteration's overrun), so it answers on time (see ``TableManager._run_bots``)
SEARCH_SHARE = 0.8
#: seconds a searching bot thinks at the table by default: the quick bots' pace (``bot_delay``), since
#: every decision takes this long, "pass" included (a Wakfu card played at 8v8 asks up to 15 seats); its
#: search (0.4 s) holds ISMCTS's default 300 iterations in a duel on a loaded core (0.2-0.35 s measured
#: in Wakfu, less in SWDBG) and cuts it short in the big team modes
BOT_THINK = 0.5
#: the longest error message a create request is answered with
MAX_ERROR_CHARS = 2000
#: times one action is tried again after losing the log's arbitration to another process before it is
#: refused (each loss means another action was stored meanwhile: the table moved on)
MAX_CONFLICTS = 8
MANY_CONFLICTS = "the table changed many times while this action was being stored; look at the table again and choose again"
#: close code sent to the pages of a table that was closed (after its final state)
CLOSE_TABLE_CLOSED = 4410
#: the refusal of a token that names no seat of the table (a link replaced or never issued)
BAD_TOKEN = "this link's token is not valid for this table (ask the table's creator for a new link)"

_T = TypeVar("_T")


def _in_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class TableNotFound(LookupError):
    """No table has this id."""


class BadToken(PermissionError):
    """The token is not a seat token of this table."""


class SetupError(ValueError):
    """A table cannot be created as asked (the message says what is allowed)."""


class SeatUnavailable(ValueError):
    """The seat is a bot's, invited, or somebody already took it."""


class TableBroken(LookupError):
    """The table's stored rows cannot be rebuilt; it is quarantined."""


class TableClosed(AllegianceError):
    """The table was closed (abandoned): nothing more is played there."""


class TooManyTables(RuntimeError):
    """The server holds its maximum of tables being played."""


class TooFast(RuntimeError):
    """This client created tables faster than allowed; ``retry_after`` seconds until the next."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class TooManyForClient(RuntimeError):
    """This client address already has as many tables being played as allowed."""


class TooBusy(RuntimeError):
    """This client already has as many tables being rebuilt as allowed."""


class TooManySearchTables(RuntimeError):
    """This client already has as many tables with searching bots playing as allowed."""


class CreatorRefused(PermissionError):
    """The creator token is missing or wrong."""


class AlreadyOver(ValueError):
    """The table's game is already finished or closed."""


@dataclass
class Created:
    """A new table and the secret token of each human seat (shown once, to its creator)."""

    table: LiveTable
    tokens: dict[int, str]
    creator_token: str


@dataclass
class _NewTable:
    """A checked request for a new table, not stored yet."""

    record: TableRecord
    tokens: dict[int, str]
    creator_token: str
    searching: bool


class _Draft:
    """An action applied to a copy of a table's state, with the log row that stores it."""

    __slots__ = ("state", "idx", "events", "outcome", "pending", "row")

    def __init__(self, table: LiveTable, seat: int, action: Action, version: int | None) -> None:
        self.state = table.state.copy()
        self.idx: int = self.state.version
        self.events = table.game.apply(self.state, seat, action, version)  # raises on bad input
        self.outcome = table.game.outcome(self.state)
        self.pending = bool(table.bot_seats_to_act(self.state))
        #: the arguments of ``append_action``: table, version, seat, action, outcome, bots_pending (when changed)
        self.row = (table.id, self.idx, seat, action.to_json(),
                    self.outcome.to_json() if self.outcome is not None else None,
                    self.pending if self.pending != table.bots_pending_stored else None)


class LiveTable:
    """One table in memory: setup, state, event history, seat records, bots, connections and team chat."""

    def __init__(self, record: TableRecord) -> None:
        self.record = record
        self.id = record.id
        self.game: Game = get_game(record.game)
        #: the options as the lobby shows them (a pasted deck by its name and size, never its text)
        self.public_options = public_options(self.game, record.options)
        self.state: Any = self.game.new_game(record.mode, record.seed, record.options,
                                             shuffle_key=record.shuffle_key)
        self.game_table: Table = self.state.table
        self.seats: list[SeatRecord] = record.seats
        if [s.seat for s in self.seats] != [s.index for s in self.game_table.seats]:
            raise ValueError(f"its seat rows are {[s.seat for s in self.seats]}, "
                             f"the mode has seats {[s.index for s in self.game_table.seats]}")
        #: actions played (the log itself is in the database only: memory does not grow with the game)
        self.actions_played = len(record.actions)
        #: the latest events, by absolute index: spectators' connections keep their place in it as an
        #: index (see :mod:`allegiance.server.spectators` and :mod:`allegiance.server.history`)
        self.events = EventWindow(history.KEEP)
        for seat, action in record.actions:
            self.events.extend(self.game.apply(self.state, seat, Action.from_json(action)))
        record.actions = []
        self.abandoned = record.status == ABANDONED
        #: the stored ``bots_pending`` (``None``: unknown, a row of an older version)
        self.bots_pending_stored: bool | None = record.bots_pending
        self.bots: dict[int, Bot] = {s.seat: make_bot(s.kind, seed=record.seed * 31 + s.seat)
                                     for s in self.seats if s.kind != HUMAN}
        #: the pages connected (add and remove them with :meth:`attach` and :meth:`detach`)
        self.connections: set[Any] = set()
        self._sockets_of: Counter[int | None] = Counter()  # connections per seat (``None``: spectators)
        #: the messages every spectator shares (one view and one encoding per change)
        self.shared = SharedMessages(self)
        #: the teams' chat (in memory only: never in the log, the database or a replay)
        self.chat = TeamChat(self.game_table, [s.seat for s in self.seats if s.kind == HUMAN])
        self.bot_task: asyncio.Task[None] | None = None
        #: held from an action's draft to its installed state when the commit is awaited (PostgreSQL's
        #: asynchronous appends, :meth:`TableManager._in_order`), and while another process's actions are
        #: applied (:mod:`allegiance.server.follow`): the table's actions stay strictly sequential
        self.lock = asyncio.Lock()
        #: (``Game.decision_since``, when the bots first saw it) of the last decision asked of several seats
        #: at once (``ResponseWindow.together``, a Wakfu Réaction round): its bots all answer ``bot_delay``
        #: after it opened, not one delay each
        self.bot_asked: tuple[int, float] = (-1, 0.0)
        #: the response windows open for people's seats, by seat (:mod:`allegiance.server.windows`)
        self.windows: dict[int, Window] = {}
        #: the clock the windows run on (the manager's; a state message reads it for the time left)
        self.clock: Clock = MonotonicClock()
        #: whose turn at the thinking processes this table's searching bots take (``botqueue``): the
        #: creating address while the server runs; a table resumed after a restart is its own creator
        self.creator: str = record.creator_hash or record.id
        #: when its game ended or the table was closed (``None`` while it is played); a table rebuilt
        #: from the database after its end counts from then (see :meth:`TableManager._drop_ended`)
        self.ended_at: float | None = None if self.status == PLAYING else time.time()
        #: being closed at its maximum length (with PostgreSQL, while the database marks it abandoned)
        self.closing = False
        #: since when no page has been open on the table (``None`` while one is); an all-bot table
        #: nobody watches is closed after the idle time (:meth:`TableManager.sweep_idle`)
        self.unwatched_since: float | None = time.time()
        #: called when something the lobby lists changes (the manager's listing is rebuilt)
        self.on_lobby_change: Callable[[], None] | None = None
        self._listed_presence: tuple[frozenset[int], tuple[bool, ...]] = (
            frozenset(), tuple(s.claimed for s in self.seats))

    @property
    def finished(self) -> bool:
        return self.game.outcome(self.state) is not None

    @property
    def status(self) -> str:
        """``playing``, ``finished`` or ``abandoned``."""
        if self.abandoned:
            return ABANDONED
        return FINISHED if self.finished else PLAYING

    def connected(self, seat: int) -> bool:
        return self._sockets_of[seat] > 0

    def spectators(self) -> int:
        return self._sockets_of[None]

    def attach(self, conn: Any) -> None:
        """A page joined (as ``conn.seat``; ``None``: a spectator)."""
        if conn not in self.connections:
            self.connections.add(conn)
            self._sockets_of[conn.seat] += 1

    def detach(self, conn: Any) -> None:
        """A page left (nothing happens if it was not attached)."""
        if conn in self.connections:
            self.connections.discard(conn)
            self._sockets_of[conn.seat] -= 1
            if not self.connections:
                self.shared.forget()

    def seat_of_token(self, token: str) -> int:
        """The seat this token acts for, as this process knows the seats; raises :class:`BadToken`
        (:meth:`TableManager.seat_of_token` also looks at the seats as stored)."""
        if not token.isascii():  # tokens are URL-safe base64; this also refuses lone surrogates
            raise BadToken("a seat token is ASCII letters, digits, '-' and '_'; this one is not")
        digest = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        raise BadToken(BAD_TOKEN)

    def bot_seats_to_act(self, state: Any = None) -> list[int]:
        state = self.state if state is None else state
        if self.abandoned or self.game.outcome(state) is not None:
            return []
        return [s for s in self.game.active_seats(state) if s in self.bots]

    def notify(self, events: list[Event]) -> None:
        for conn in list(self.connections):
            conn.notify(events)

    @property
    def all_bots(self) -> bool:
        """Every seat is a bot's: nobody plays here, people can only watch."""
        return all(s.kind != HUMAN for s in self.seats)

    def presence_changed(self) -> None:
        """A page joined or left, or a seat was taken: each page gets a small presence message, and
        the lobby's listing (whose seats say who is connected) is rebuilt."""
        for conn in list(self.connections):
            conn.presence()
        if self.connections:
            self.unwatched_since = None
        elif self.unwatched_since is None:
            self.unwatched_since = time.time()
        # what the listing shows of the seats: spectators coming and going change none of it
        listed = (frozenset(c.seat for c in self.connections if c.seat is not None),
                  tuple(s.claimed for s in self.seats))
        if listed != self._listed_presence:
            self._listed_presence = listed
            self.lobby_changed()

    def lobby_changed(self) -> None:
        if self.on_lobby_change is not None:
            self.on_lobby_change()

    def replay(self, actions: list[tuple[int, Action]]) -> Replay:
        """The game as a replay file (allegiance/replay.py format), with ``actions``, its stored log
        (:meth:`TableManager.replay`).

        The deal's secret key is in it only once the game is over: with it, the replay of a running
        game would tell every hidden card.
        """
        return Replay(self.record.game, self.record.mode, self.record.seed, dict(self.record.options),
                      [s.kind for s in self.seats], actions,
                      shuffle_key=self.record.shuffle_key if self.finished else None)

    def summary(self, listed: bool = False) -> dict[str, Any]:
        """Public facts for the lobby (``listed``: for the listing, without the version, which changes
        with every action; see :mod:`allegiance.server.listing`)."""
        outcome = self.game.outcome(self.state)
        return {
            "id": self.id, "game": self.record.game, "mode": self.record.mode, "options": self.public_options,
            "practice": self.record.practice, "version": None if listed else self.state.version,
            "created_at": self.record.created_at,
            "finished": outcome is not None, "outcome": outcome.to_json() if outcome else None,
            "status": self.status,
            "seats": [seat_summary(self.seats[s.index], s.label, s.team, self.connected(s.index))
                      for s in self.game_table.seats],
        }


def seat_summary(rec: SeatRecord, label: str, team: str | None, connected: bool) -> dict[str, Any]:
    """A seat in the lobby: ``free`` (a human seat nobody has used yet), ``open`` (anyone may take it)."""
    human = rec.kind == HUMAN
    return {"seat": rec.seat, "label": label, "team": team, "kind": rec.kind,
            "free": human and not rec.claimed, "open": human and rec.is_open, "connected": connected}


class TableManager:
    """Creates, finds and runs tables over one :class:`Storage`."""

    def __init__(self, storage: Storage, bot_delay: float = 0.5, thinker: BotThinker | None = None,
                 limits: Limits | None = None,
                 chat_rate: tuple[float, int] = (CHAT_PER_SECOND, CHAT_BURST),
                 bot_think: float = BOT_THINK, clock: Clock | None = None) -> None:
        """``bot_delay``: seconds a quick bot takes to answer; ``bot_think``: seconds a searching bot
        takes once its turn comes (see :meth:`_run_bots`); ``clock``: the response windows' time
        (:mod:`allegiance.server.windows`; tests give a fake one)."""
        if bot_delay < 0 or bot_think <= 0:
            raise ValueError("bot_delay must be 0 or more and bot_think more than 0 seconds")
        self.storage = storage
        self.chat_rate = chat_rate
        self.bot_delay = bot_delay
        self.bot_think = bot_think
        self.clock: Clock = clock or MonotonicClock()
        self.thinker = thinker or BotThinker()
        #: fair turns at the thinking processes (one slot per process)
        self.think_queue = FairQueue(self.thinker.processes)
        self.limits = limits or Limits()
        #: per creating address, its tables with a searching bot (for ``Limits.search_tables_per_client``)
        self._search_tables: dict[str, set[str]] = {}
        #: tables with searching bots being stored per address (``create_async``), counted against its cap
        self._searching_pending: Counter[str] = Counter()
        self.tables: dict[str, LiveTable] = {}
        self._creates = ClientBuckets(self.limits.creates_per_minute, self.limits.create_burst)
        #: the creator's address of each table being played that was created since start-up, and how
        #: many each address has (``Limits.tables_per_client``)
        self._creator_of: dict[str, str] = {}
        self._client_tables: Counter[str] = Counter()
        #: lobby requests per client address (``Limits.lobby_per_minute``)
        self.lobby_requests = ClientBuckets(self.limits.lobby_per_minute, self.limits.lobby_burst)
        #: the lobby's listing, rebuilt when a table, a seat or a presence changes
        self.listing = Listing(self._listed)
        #: stored tables' options as listed, read once per table (``_summaries``)
        self.listed_options = ListedOptions()
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        #: stored tables being opened per client address (``Limits.loads_per_client``): counted in this
        #: process, or over a PostgreSQL site's processes (``cluster`` sets :class:`AdvisorySlots`)
        self.slots: LocalSlots = LocalSlots()
        #: WebSocket connection attempts per client address (``Limits.ws_per_minute``), counted first
        self.ws_attempts = ClientBuckets(self.limits.ws_per_minute, self.limits.ws_burst)
        #: open WebSockets per client address (all tables together)
        self.sockets = ClientSlots(self.limits.sockets_per_client)
        #: closed WebSockets pace full garbage collections (their objects are cycles: see ``gctune``)
        self.socket_garbage = SocketGarbage()
        #: handshakes refused before accept pace their own, rarer, full collections
        self.refused_garbage = SocketGarbage(REFUSED_HANDSHAKES_PER_COLLECTION)
        self._load_gate: asyncio.Semaphore | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        #: who plays which table's bots (one process: this one, every table; see ``cluster``)
        self.leases: LocalLeases | AdvisoryLeases = LocalLeases()
        #: the other processes' actions followed (``None``: this process is the only one)
        self.follower: follow.Follower | None = None
        #: PostgreSQL: actions stored without blocking the event loop (``cluster`` sets it; ``None``: each
        #: action is stored by the blocking call, which SQLite's local file answers at once)
        self.action_log: AsyncActionLog | None = None

    # -- life cycle ------------------------------------------------------------------------------
    def start(self) -> None:
        """On the event loop: resume the tables whose bots must act, and close idle tables from time to time.

        Both run in the background, so start-up does not wait for (or grow with) the stored tables.
        """
        loop = asyncio.get_running_loop()
        if self.follower is None:  # with several processes, the bots' leases resume them (``lease``)
            self._tasks.add(loop.create_task(self.resume_pending()))
        if self.limits.idle_minutes is not None:
            self._tasks.add(loop.create_task(self._sweep_forever()))

    async def resume_pending(self) -> int:
        """Rebuild the tables being played whose bots must act, and let the bots continue; returns how many."""
        count = 0
        for table_id in await asyncio.to_thread(self.storage.resumable_ids):
            try:
                table = await self.open(table_id)
            except (TableNotFound, TableBroken) as exc:
                log.error("cannot resume table %s: %s", table_id, exc)
                continue
            self.schedule_bots(table)
            count += 1
        if count:
            log.info("resumed the bots of %d table(s)", count)
        return count

    async def shutdown(self) -> None:
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task and not t.bot_task.done()]
        tasks += [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.thinker.close()

    # -- tables ----------------------------------------------------------------------------------
    def create(self, game: str, mode: str, options: Mapping[str, Any], seats: list[str],
               seed: int | None = None, open_seats: list[int] | None = None, client: str | None = None) -> Created:
        """A new table; ``seats`` gives ``human`` or a bot kind for every seat of the mode.

        ``open_seats``: human seats anyone may take from the lobby (the others are invited: only their
        links open them).  ``client``: the creator's address, for the per-client creation limit.
        The database is called here, blocking: the server uses :meth:`create_async`.
        """
        self._admit(client)
        setup = self._prepare(game, mode, options, seats, seed, open_seats, client)
        self._store_new(setup, client)
        return self._register(setup, client)

    async def create_async(self, game: str, mode: str, options: Mapping[str, Any], seats: list[str],
                           seed: int | None = None, open_seats: list[int] | None = None,
                           client: str | None = None) -> Created:
        """:meth:`create` for the server: with PostgreSQL its round trips (the site-wide creation rate, the
        table count, the insert: some eight, each a network round trip to a database on another
        machine) run in a worker thread while the event loop serves the tables.  A table with a
        searching bot counts against its address's cap while its insert is awaited, so two racing
        creations cannot both pass it."""
        if not self.storage.shared:
            return self.create(game, mode, options, seats, seed, open_seats, client)
        await asyncio.to_thread(self._admit, client)  # PostgreSQL: database only (safe in a thread)
        setup = self._prepare(game, mode, options, seats, seed, open_seats, client)
        pending = client if setup.searching else None
        if pending is not None:
            self._searching_pending[pending] += 1
        try:
            await asyncio.to_thread(self._store_new, setup, client)
        finally:
            if pending is not None:
                self._searching_pending[pending] -= 1
                if not self._searching_pending[pending]:
                    del self._searching_pending[pending]
        return self._register(setup, client)

    def _admit(self, client: str | None) -> None:
        """The creation rate and the table caps.  With several processes (PostgreSQL) an address's rate
        and its cap of tables being played hold across all of them: counted in the database (issue 25;
        the cap at the insert, :meth:`_store_new`); one process counts in memory."""
        shared = self.storage.shared
        if client is not None and not (
                self.storage.take_creation(client, self.limits.creates_per_minute / 60.0, self.limits.create_burst)
                if shared else self._creates.allow(client)):
            raise TooFast(self._too_fast(), self._creates.retry_after())
        per_client = self.limits.tables_per_client
        if client is not None and per_client is not None and not shared and self._client_tables[client] >= per_client:
            raise TooManyForClient(too_many_for_client(per_client))
        if self.limits.max_tables is not None and self.storage.count_playing() >= self.limits.max_tables:
            raise TooManyTables(f"the server already runs its maximum of {self.limits.max_tables} tables; "
                                "try again when a game ends")

    def _too_fast(self) -> str:
        return (f"too many new tables from your address: at most {self.limits.create_burst} at once, "
                f"then {self.limits.creates_per_minute:g} a minute")

    def _prepare(self, game: str, mode: str, options: Mapping[str, Any], seats: list[str], seed: int | None,
                 open_seats: list[int] | None, client: str | None) -> _NewTable:
        """Check the request and build the table's record, tokens and keys (nothing stored yet)."""
        if game not in game_names():
            raise SetupError(f"unknown game {game!r}; games: {', '.join(game_names())}")
        rules = get_game(game)
        if mode not in rules.modes:
            raise SetupError(f"unknown mode {mode!r} for {game}; modes: {', '.join(rules.modes)}")
        n = len(rules.table_for(mode))
        if len(seats) != n:
            raise SetupError(f"{game} {mode} has {n} seats; give {n} seat kinds, not {len(seats)}")
        playable = bot_kinds_for(rules)
        for kind in seats:
            if kind != HUMAN and kind not in BOT_KINDS:
                raise SetupError(f"seat kind {kind!r} is unknown; a seat is 'human' or a bot: {', '.join(BOT_KINDS)}")
            if kind != HUMAN and kind not in playable:
                raise SetupError(f"the {kind} bot cannot play {game} yet; bots for {game}: {', '.join(playable)}")
        searching = any(kind != HUMAN and make_bot(kind).searches for kind in seats)
        cap = self.limits.search_tables_per_client
        if searching and client is not None and cap is not None \
                and len(self._searching_of(client)) + self._searching_pending[client] >= cap:
            raise TooManySearchTables(
                f"your address already has {cap} tables with searching bots (ismcts) being played, the most "
                "allowed: they share the bots' thinking with everyone; close one or wait for one to end, or "
                "seat random or greedy bots")
        opened = set(open_seats or [])
        if len(opened) != len(open_seats or []):
            raise SetupError("open_seats lists a seat twice")
        for seat in opened:
            if not 0 <= seat < n or seats[seat] != HUMAN:
                humans = [i for i, kind in enumerate(seats) if kind == HUMAN]
                raise SetupError(f"open_seats may list human seats only ({humans}), not {seat}")
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
            raise SetupError(bounded(f"bad options: {exc}")) from None
        tokens = {i: secrets.token_urlsafe(24) for i, kind in enumerate(seats) if kind == HUMAN}
        creator_token = secrets.token_urlsafe(24)
        record = TableRecord(
            id=secrets.token_hex(6), game=game, mode=mode, options=dict(options), seed=seed,
            seats=[SeatRecord(i, kind, hash_token(tokens[i]) if i in tokens else None, False, i in opened)
                   for i, kind in enumerate(seats)],
            created_at=time.time(), shuffle_key=shuffle_key, practice=practice,
            creator_hash=hash_token(creator_token), bots_pending=any(kind != HUMAN for kind in seats))
        return _NewTable(record, tokens, creator_token, searching)

    def _store_new(self, setup: _NewTable, client: str | None) -> None:
        """Store the new table (PostgreSQL: with its address's cap of tables being played, site-wide)."""
        shared, per_client = self.storage.shared, self.limits.tables_per_client
        try:
            self.storage.create_table(setup.record, client if shared else None, per_client if shared else None)
        except ClientTablesFull:
            raise TooManyForClient(too_many_for_client(per_client or 0)) from None

    def _register(self, setup: _NewTable, client: str | None) -> Created:
        """The stored table goes live here: in memory, counted for its address, in the lobby, bots woken."""
        table = self._live(setup.record)
        if client is not None:
            table.creator = client
            if setup.searching:
                self._search_tables.setdefault(client, set()).add(table.id)
        self.tables[table.id] = table
        if client is not None:
            self._creator_of[table.id] = client
            self._client_tables[client] += 1
        self.lobby_changed()
        self.schedule_bots(table)
        return Created(table, setup.tokens, setup.creator_token)

    def _searching_of(self, client: str) -> set[str]:
        """The tables with searching bots that ``client`` created and that are still being played."""
        ids = self._search_tables.get(client, set())
        ids -= {i for i in ids if (t := self.tables.get(i)) is None or t.status != PLAYING}
        if not ids:
            self._search_tables.pop(client, None)
        return ids

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` in a task of the manager's (stopped at shutdown), forgotten once done."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def lobby_changed(self) -> None:
        """Something the lobby lists changed: its cached listing is rebuilt at the next request."""
        self.listing.changed()

    def _stopped_playing(self, table_id: str) -> None:
        """A table finished or was closed: it no longer counts against its creator's address, its bots'
        lease is let go, and the oldest ended tables nobody watches leave memory."""
        if isinstance(self.leases, AdvisoryLeases) and table_id in self.leases.held:
            with contextlib.suppress(RuntimeError):  # no event loop: nothing holds leases then
                self._spawn(self.leases.release(table_id))
        client = self._creator_of.pop(table_id, None)
        if client is not None:
            self._client_tables[client] -= 1
            if self._client_tables[client] <= 0:
                del self._client_tables[client]
            searching = self._search_tables.get(client)
            if searching is not None:
                searching.discard(table_id)
                if not searching:
                    del self._search_tables[client]
        self.lobby_changed()
        self._drop_ended()

    def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the database here if it is not in memory (tests, tools).

        The server uses :meth:`open`, which rebuilds off the event loop.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        return self._keep(self._load(table_id))

    async def replay(self, table: LiveTable) -> Replay:
        """The table's game as a replay file, its log read from the database (in a worker thread):
        a live table keeps no log in memory."""
        record = await asyncio.to_thread(self.storage.load_table, table.id)
        if record is None:
            raise TableNotFound(f"there is no table {table.id!r}")
        return table.replay([(seat, Action.from_json(action)) for seat, action in record.actions])

    async def open(self, table_id: str, client: str | None = None) -> LiveTable:
        """The live table; one not in memory is rebuilt in a worker thread (a few at once, and at most
        ``Limits.loads_per_client`` for one ``client`` address; a table being rebuilt already is waited
        for, not rebuilt again, and takes no slot: a player's pages reconnecting together all get it).

        Raises :class:`TableNotFound`, :class:`TableBroken` for a quarantined table, :class:`TooBusy`.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not _plausible_id(table_id):
            raise TableNotFound(f"there is no table {table_id!r}")
        if client is None:
            return await self._open_cold(table_id)
        if table_id in self._loading:  # being rebuilt already: waiting for it costs no rebuild, so takes no slot
            return await self._open_cold(table_id)
        # counted by ``self.slots``: over every process of a PostgreSQL site (issue 25)
        slot = await self.slots.take(LOAD, client, self.limits.loads_per_client)
        if slot is None:
            raise TooBusy(f"at most {self.limits.loads_per_client} stored tables may be opened at once per client; "
                          "wait for the previous answer")
        try:
            return await self._open_cold(table_id)
        finally:
            await self.slots.give_back(slot)

    async def _open_cold(self, table_id: str) -> LiveTable:
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                if self._load_gate is None:
                    self._load_gate = asyncio.Semaphore(CONCURRENT_LOADS)
                async with self._load_gate:
                    table = self.tables.get(table_id) or self._keep(await asyncio.to_thread(self._load, table_id))
                if self.follower is not None:  # actions stored while it was read are read now
                    self.follower.mark("a", table_id)
                pending.set_result(table)
            except BaseException as exc:
                pending.set_exception(exc)
                pending.exception()  # retrieved: others waiting see it, nobody else must
                raise
            finally:
                del self._loading[table_id]
            return table
        return await asyncio.shield(pending)

    def _load(self, table_id: str) -> LiveTable:
        """Read and rebuild one table (no shared state touched: safe in a worker thread)."""
        if not _plausible_id(table_id):
            raise TableNotFound(f"there is no table {table_id!r}")
        try:
            record = self.storage.load_table(table_id)
            if record is None:
                raise TableNotFound(f"there is no table {table_id!r}")
            if record.status == BROKEN:
                raise TableBroken(broken_message(table_id))
            return self._live(record)
        except (TableNotFound, TableBroken):
            raise
        except Exception as exc:  # noqa: BLE001 - any failure to rebuild quarantines this table only
            log.error("table %s cannot be rebuilt from its stored rows (%s: %s); it is quarantined as broken",
                      table_id, type(exc).__name__, exc)
            self.storage.set_status(table_id, BROKEN)
            self.lobby_changed()  # (set, not read: safe from a worker thread)
            raise TableBroken(broken_message(table_id)) from None

    def _live(self, record: TableRecord) -> LiveTable:
        table = LiveTable(record)
        table.chat.rate = self.chat_rate
        table.clock = self.clock
        table.on_lobby_change = self.lobby_changed
        return table

    def _keep(self, table: LiveTable) -> LiveTable:
        self.tables[table.id] = table
        self._drop_ended()
        self.lobby_changed()  # its listing entry now comes from the live table
        return table

    def list_tables(self, status: str | None = PLAYING, limit: int = 50, listed: bool = False) -> list[dict[str, Any]]:
        """Lobby summaries, newest first (``status`` ``None``: every table; ``listed``: without the
        live version, as the cached listing has them), read with a blocking call."""
        return self._summaries(self.storage.table_records(status=status, limit=limit), listed)

    async def _listed(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """The cached listing's build: the stored tables read, and the options of those not seen before
        checked and summarised, off the event loop with PostgreSQL."""
        return self._summaries(await self._stored(self._listing_records, status, limit), listed=True)

    def _listing_records(self, status: str | None, limit: int) -> list[TableRecord]:
        records = self.storage.table_records(status=status, limit=limit)
        for rec in records:
            if rec.status != BROKEN:
                self.listed_options.of(rec.id, rec.game, rec.options)
        return records

    def _summaries(self, records: list[TableRecord], listed: bool) -> list[dict[str, Any]]:
        """Each table's summary, from memory for a table this process holds.  A stored table whose
        options its game does not accept (stored before options were checked) is listed as broken
        and logged: it must not break the listing (issue 10, items 3 and 12)."""
        out = []
        for rec in records:
            live = self.tables.get(rec.id)
            if live is not None:
                out.append(live.summary(listed))
                continue
            options = None if rec.status == BROKEN else self.listed_options.of(rec.id, rec.game, rec.options)
            if options is None:
                rec.status, rec.seats, options = BROKEN, [], {}
            out.append({"id": rec.id, "game": rec.game, "mode": rec.mode, "options": options,
                        "practice": rec.practice, "version": None, "created_at": rec.created_at,
                        "finished": rec.status == FINISHED, "outcome": rec.outcome, "status": rec.status,
                        "seats": [seat_summary(s, f"seat {s.seat}", None, False) for s in rec.seats]})
        return out

    async def _stored(self, call: Callable[..., _T], *args: Any) -> _T:
        """A database call that is not an action's append (those have :class:`AsyncActionLog`): in a
        worker thread where the database is PostgreSQL, perhaps over a network, so that the event loop
        serves every other table meanwhile; directly on SQLite, a local file of one process."""
        if self.storage.shared:
            return await asyncio.to_thread(call, *args)
        return call(*args)

    async def seat_of_token(self, table: LiveTable, token: str) -> int:
        """The seat this token acts for; raises :class:`BadToken`.  With several processes a token this
        process does not know may be a link another one issued: the seats are read again, once."""
        try:
            return table.seat_of_token(token)
        except BadToken:
            if not self.storage.shared or not token.isascii():
                raise
        if follow.refresh_seats(table, await self._stored(self.storage.seats_of, table.id)):
            table.presence_changed()
        return table.seat_of_token(token)

    async def take_seat(self, table: LiveTable, seat: int) -> str:
        """Take an open human seat nobody has used: a new token (the seat's unused link stops working).
        The database decides between two pages taking the same seat, on this process or another."""
        self._may_take(table, seat)
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        if not await self._stored(self.storage.take_seat, table.id, seat, digest):
            table.seats[seat].claimed = True  # another page took it first (the notice will bring its link)
            raise SeatUnavailable(f"seat {seat} is already taken")
        rec = table.seats[seat]
        rec.token_hash, rec.claimed = digest, True
        table.presence_changed()
        return token

    @staticmethod
    def _may_take(table: LiveTable, seat: int) -> None:
        if not 0 <= seat < len(table.seats):
            raise SeatUnavailable(f"there is no seat {seat} at this table (seats 0..{len(table.seats) - 1})")
        rec = table.seats[seat]
        if rec.kind != HUMAN:
            raise SeatUnavailable(f"seat {seat} is played by the {rec.kind} bot")
        if table.status != PLAYING:
            raise SeatUnavailable("the game is over" if table.finished else "the table was closed")
        if not rec.is_open:
            raise SeatUnavailable(f"seat {seat} is for an invited player: only the link its creator sent opens it")
        if rec.claimed:
            raise SeatUnavailable(f"seat {seat} is already taken")

    async def claim(self, table: LiveTable, seat: int) -> None:
        """A seat's token was used (WebSocket or HTTP): the seat can no longer be taken.  Raises
        :class:`BadToken` if another process gave the seat a new link after this one was checked."""
        rec = table.seats[seat]
        if rec.claimed:
            return
        used = rec.token_hash
        if not await self._stored(self.storage.claim_seat, table.id, seat, used):
            if follow.refresh_seats(table, await self._stored(self.storage.seats_of, table.id)):
                table.presence_changed()
            raise BadToken(BAD_TOKEN)
        if rec.token_hash == used and not rec.claimed:
            rec.claimed = True
            table.presence_changed()

    def close(self, table: LiveTable, creator_token: str | None) -> None:
        """The creator closes an unfinished table: it is abandoned (kept in the log); a blocking call."""
        self._may_close(table, creator_token)
        self._closed(table, self.storage.abandon([table.id]))

    async def close_async(self, table: LiveTable, creator_token: str | None) -> None:
        """:meth:`close` for the event loop: with PostgreSQL the database is written off the loop, while
        no action of the table is on its way (its lock)."""
        self._may_close(table, creator_token)
        async with table.lock:
            self._may_close(table, creator_token)  # it may have ended while the lock was awaited
            self._closed(table, await self._stored(self.storage.abandon, [table.id]))

    @staticmethod
    def _may_close(table: LiveTable, creator_token: str | None) -> None:
        digest = table.record.creator_hash
        if not creator_token or not creator_token.isascii() or digest is None \
                or not hmac.compare_digest(digest, hash_token(creator_token)):
            raise CreatorRefused("only the table's creator may close it (header X-Creator-Token, "
                                 "the creator_token given when the table was created)")
        if table.status != PLAYING:
            raise AlreadyOver(f"the table is already {table.status}")

    def _closed(self, table: LiveTable, abandoned: list[str]) -> None:
        if table.id not in abandoned:  # another process ended it first: its notice brings the ending here
            raise AlreadyOver("the table is already over")
        self.abandon(table, "the table was closed by its creator", store=False)

    def abandon(self, table: LiveTable, reason: str, store: bool = True) -> None:
        """Stop a table for good: stored as abandoned, bots stopped, pages sent a final state and closed
        (``store`` false: another process stored it)."""
        if store:
            self.storage.abandon([table.id])
        table.abandoned = True
        table.ended_at = time.time()
        self._stopped_playing(table.id)
        if table.bot_task is not None and not table.bot_task.done():
            table.bot_task.cancel()
        self.open_windows(table)  # none on a closed table: each open one is cancelled
        for conn in list(table.connections):
            conn.notify([])
            conn.finish(CLOSE_TABLE_CLOSED, reason)
        log.info("table %s abandoned: %s", table.id, reason)

    def sweep_idle(self, now: float | None = None) -> int:
        """Close the tables with no accepted action for ``idle_minutes``, and the all-bot tables no page
        has watched for as long; returns how many (blocking calls)."""
        if self.limits.idle_minutes is None:
            return 0
        reasons = self._unwatched(now)
        reasons.update(dict.fromkeys(self.storage.idle_ids(self._idle_cutoff(now)), self._idle_reason()))
        return self._abandoned(reasons, self.storage.abandon(list(reasons)))

    async def _sweep_forever(self) -> None:
        period = max(1.0, min(60.0, 60.0 * (self.limits.idle_minutes or 1.0) / 4))
        while True:
            await asyncio.sleep(period)
            try:  # the query reads every playing table's last action: in a thread
                reasons = self._unwatched()
                idle = await asyncio.to_thread(self.storage.idle_ids, self._idle_cutoff())
                reasons.update(dict.fromkeys(idle, self._idle_reason()))
                closed = self._abandoned(reasons, await self._stored(self.storage.abandon, list(reasons)))
            except Exception:  # noqa: BLE001 - a database hiccup must not end the sweeping
                log.exception("closing idle tables failed")
                continue
            if closed:
                log.info("closed %d idle table(s)", closed)

    def _unwatched(self, now: float | None = None) -> dict[str, str]:
        """Bots play an all-bot table for as long as its game lasts (a 16-bot Wakfu game: about 15 hours
        at the default bot delay); nobody is served by it once nobody watches (issue 21, item 6)."""
        cutoff = self._idle_cutoff(now)
        return {t.id: f"nobody watched this table of bots for {self.limits.idle_minutes:g} minutes"
                for t in self.tables.values() if t.status == PLAYING and t.all_bots and not t.connections
                and t.unwatched_since is not None and t.unwatched_since < cutoff}

    def _idle_reason(self) -> str:
        return f"nobody played for {self.limits.idle_minutes:g} minutes"

    def _idle_cutoff(self, now: float | None = None) -> float:
        return (now or time.time()) - 60.0 * (self.limits.idle_minutes or 0.0)

    def _abandoned(self, reasons: dict[str, str], stored: list[str]) -> int:
        """Stop in memory the tables the database has just marked abandoned (those another process had
        already ended are left to its notice); returns how many."""
        for table_id in stored:
            live = self.tables.get(table_id)
            if live is not None and not live.abandoned:
                self.abandon(live, reasons[table_id], store=False)
        if stored:
            self.lobby_changed()
        return len(stored)

    # -- play ------------------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
                  version: int | None) -> list[Event]:
        """Check, apply and store one action, then tell every connection and wake the bots.

        Raises an :class:`AllegianceError` when the action is not accepted, or the database's error
        when it cannot be stored; either way the table is unchanged.  With PostgreSQL the commit is
        awaited (:mod:`allegiance.server.actionlog`): the table's other actions wait for it, the other
        tables do not.
        """
        if self._hold_answer(table, seat, action, version):
            return []
        return await self._in_order(table, seat, action, version)

    async def _in_order(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
                        version: int | None) -> list[Event]:
        """Apply, store and show one action (:meth:`_changed`) after the table's actions before it.

        With PostgreSQL this runs in its own task under the table's lock, shielded from the caller's
        cancellation (a page dropped mid-commit, a bot task stopped by the table's closing): a commit
        that lands is always installed and shown, and the lock is held until it is.  With SQLite
        nothing awaits, so nothing can come between and no lock is needed."""
        if self.action_log is None:
            events = self._apply_and_store(table, seat, action, version)
            self._changed(table, events)
            return events

        async def locked() -> list[Event]:
            async with table.lock:
                events = await self._apply_and_store_async(table, seat, action, version)
                self._changed(table, events)
                return events

        task = asyncio.ensure_future(locked())
        task.add_done_callback(_retrieved)  # a caller cancelled meanwhile no longer reads its refusal
        return await asyncio.shield(task)

    def submit(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
               version: int | None) -> list[Event]:
        """:meth:`act` with the blocking append, for tables handled without the server's event loop
        (tools, tests); never while an awaited append of the table is on its way."""
        if self._hold_answer(table, seat, action, version):
            return []
        events = self._apply_and_store(table, seat, action, version)
        self._changed(table, events)
        return events

    def _changed(self, table: LiveTable, events: list[Event]) -> None:
        """After an accepted action: open the response windows, tell every page, wake the bots."""
        self.open_windows(table)
        table.notify(events)
        if not self._ended_at_max_length(table):
            self.schedule_bots(table)

    def _hold_answer(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
                     version: int | None) -> bool:
        """A person's "pass" in an open response window waits for the window's end (True: held; the
        table is unchanged), so that an early pass does not tell that the seat had a choice; in a window
        asked of several seats at once (``Window.together``) so does any legal answer, which a later one
        replaces.  An answer that is not legal is not held: applying it says why."""
        window = table.windows.get(seat)
        if window is None or table.abandoned:
            return False
        if not isinstance(action, Action):
            action = Action.from_json(action)
        if version is not None and version != table.state.version \
                and not (isinstance(version, int) and window.since <= version < table.state.version):
            return False  # the game's own check says why it is stale
        before = (window.held, window.answer)
        if action == window.pass_action:
            window.answer, window.answer_text = None, ""
        elif window.together and action in table.game.legal_actions(table.state, seat):
            window.answer = action
            window.answer_text = table.game.describe_action(table.state, seat, action)
        else:
            return False
        window.held = True
        if (window.held, window.answer) != before:
            for conn in list(table.connections):  # the seat's pages say it answered; no other page is
                if conn.seat == seat:              # sent anything, or the message's time would tell
                    conn.notify([])
        return True

    # -- response windows --------------------------------------------------------------------------
    def open_windows(self, table: LiveTable) -> None:
        """Open a response window for each person's seat whose decision is one (the game says so:
        :meth:`~allegiance.core.game.Game.response_window`), keep those still open, and cancel the others.

        Called after every change of the table, before its pages are told, so that their state
        messages show the windows.  Every window lasts its ``seconds`` whatever the seat holds; at its
        end the seat's pass is played (:meth:`_close_window`).  See :mod:`allegiance.server.windows`."""
        current: dict[int, Window] = {}
        state, game = table.state, table.game
        if table.status == PLAYING:
            for seat in game.active_seats(state):
                if seat in table.bots:
                    continue  # bots answer after their fixed think time (_run_bots)
                # nothing to decide and nothing hidden: the forced action is played at once (a window
                # of no time, seen by nobody else: the lease holder plays it, as a window's pass)
                forced = game.forced_action(state, seat)
                asked = game.response_window(state, seat) if forced is None else None
                if forced is None and (asked is None or asked.seconds <= 0):
                    continue
                since = game.decision_since(state, seat)
                old = table.windows.get(seat)
                if old is not None and old.since == since and old.task is not None and not old.task.done():
                    current[seat] = old
                    continue
                try:
                    loop = asyncio.get_running_loop()
                except RuntimeError:  # no event loop (tables handled outside the server): no timer
                    continue
                opened = self.clock.now()
                if forced is not None:
                    window = Window(seat, since, 0.0, opened, opened, forced, private=True)
                else:
                    assert asked is not None
                    window = Window(seat, since, asked.seconds, opened, opened + asked.seconds, asked.pass_action,
                                    private=asked.private, together=asked.together)
                window.task = loop.create_task(self._close_window(table, window))
                current[seat] = window
        for seat, old in table.windows.items():
            if current.get(seat) is not old and old.task is not None:
                old.task.cancel()
        table.windows = current

    async def _close_window(self, table: LiveTable, window: Window) -> None:
        """At the window's end, play the seat's held answer or its pass (an ordinary logged action).

        Only the process holding the table's lease plays it (the one playing its bots, taking the
        lease if nobody holds it: :mod:`allegiance.server.lease`); every other process holding the table
        shows the window and holds its seat's early pass, but at the end waits for the holder's pass to
        arrive in the log, trying the lease every ``TAKEOVER_PERIOD`` seconds in case the holder died.
        Otherwise every process would pass for the seat at its own window's end (issue 25).

        A held answer other than the pass (a window asked of several seats at once) is known only to the
        process whose page sent it: that process plays it at the end, lease or not.  So with several
        processes, the lease holder passes for a seat of such a window ``TAKEOVER_PERIOD`` after its end,
        by when the answer held elsewhere is in the log and the seat's decision is over.  (A process so
        slow that its answer comes later still loses it to the pass: the log decides.)"""
        await self.clock.sleep_until(window.ends)
        if window.together and window.answer is None and self.follower is not None:
            await self.clock.sleep_until(window.ends + TAKEOVER_PERIOD)
        while table.windows.get(window.seat) is window and not table.abandoned and window.answer is None:
            if await self.leases.acquire(table.id):
                break
            await asyncio.sleep(TAKEOVER_PERIOD)
        if table.windows.get(window.seat) is not window or table.abandoned:
            return
        del table.windows[window.seat]  # this task ends here: open_windows must not cancel it
        version = table.state.version  # the window's decision is this version's; an action on its way may change it
        try:
            await self._in_order(table, window.seat, window.action_at_end, version)
        except AllegianceError:
            if table.state.version != version:
                return  # the table moved on while its other action was stored: no longer the seat's decision
            log.exception("the end of seat %d's response window at table %s could not pass", window.seat, table.id)
            return
        except Exception:  # said in the log, not lost in a task nobody awaits
            log.exception("the end of seat %d's response window at table %s could not pass", window.seat, table.id)

    def _ended_at_max_length(self, table: LiveTable) -> bool:
        """Every game has a maximum length: a table whose log reaches ``Limits.max_actions`` without an
        outcome is closed as abandoned (its log kept), like an idle one (issue 21, item 6)."""
        cap = self.limits.max_actions
        if cap is None or table.actions_played < cap or table.status != PLAYING:
            return False
        reason = f"the game reached the table's maximum length of {cap:,} actions without a winner"
        if not self.storage.shared or not _in_event_loop():  # SQLite, or a table handled without the loop
            self.abandon(table, reason)
        elif not table.closing:  # with PostgreSQL, stored off the event loop; no bot plays meanwhile
            table.closing = True
            self._spawn(self._abandon_stored(table, reason))
        return True

    async def _abandon_stored(self, table: LiveTable, reason: str) -> None:
        try:
            self._abandoned({table.id: reason}, await self._stored(self.storage.abandon, [table.id]))
        except Exception:  # noqa: BLE001 - the next action tries again
            log.exception("table %s could not be closed at its maximum length", table.id)
        table.closing = False

    def _apply_and_store(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
                         version: int | None) -> list[Event]:
        """Apply ``action`` to a copy of the state, store it (the blocking call), then install the copy."""
        action = self._acceptable(table, action)
        for _attempt in range(MAX_CONFLICTS):
            draft = _Draft(table, seat, action, version)  # raises on bad input: nothing changed
            try:
                self.storage.append_action(*draft.row)
                return self._install(table, draft)
            except ActionConflict:
                follow.catch_up_now(self, table)
                version = self._lost_to_another(table, draft.idx, version)
        raise StaleActionError(MANY_CONFLICTS)

    async def _apply_and_store_async(self, table: LiveTable, seat: int, action: Action | Mapping[str, Any],
                                     version: int | None) -> list[Event]:
        """:meth:`_apply_and_store`, awaiting the database (PostgreSQL) instead of blocking the loop.
        Call it holding ``table.lock``: until the commit returns, the table's state is the one before."""
        assert self.action_log is not None
        action = self._acceptable(table, action)
        for _attempt in range(MAX_CONFLICTS):
            draft = _Draft(table, seat, action, version)
            try:
                await self.action_log.append(*draft.row)
                return self._install(table, draft)
            except ActionConflict:
                await follow.catch_up(self, table)
                version = self._lost_to_another(table, draft.idx, version)
        raise StaleActionError(MANY_CONFLICTS)

    @staticmethod
    def _acceptable(table: LiveTable, action: Action | Mapping[str, Any]) -> Action:
        if table.abandoned:
            raise TableClosed("this table was closed; nothing more is played here")
        return action if isinstance(action, Action) else Action.from_json(action)

    def _lost_to_another(self, table: LiveTable, idx: int, version: int | None) -> int:
        """Another process stored version ``idx`` first: the log decided the order, and the caller has read
        it up to date (blocking or awaited).  The action is then applied to the new state if it still
        answers the same decision and is legal (``Game.decision_since``, as teammates' racing clicks), else
        ``apply`` refuses it in words.  Returns the version the action is checked against."""
        if table.abandoned:
            raise TableClosed("this table was closed; nothing more is played here") from None
        return idx if version is None else version

    def _install(self, table: LiveTable, draft: _Draft) -> list[Event]:
        """The stored draft becomes the table's state."""
        table.bots_pending_stored = draft.pending
        table.state = draft.state
        table.actions_played += 1
        table.events.extend(draft.events)
        if draft.outcome is not None:
            table.ended_at = time.time()
            self._stopped_playing(table.id)
        return draft.events

    def schedule_bots(self, table: LiveTable) -> None:
        """Start the table's bot task if a bot may act and none is running (and open the people's
        response windows: :meth:`open_windows`)."""
        self.open_windows(table)
        if table.bot_seats_to_act() and (table.bot_task is None or table.bot_task.done()):
            try:
                table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))
            except RuntimeError:  # no event loop (e.g. tables created outside the server)
                table.bot_task = None

    async def _run_bots(self, table: LiveTable) -> None:
        """Bots act one action at a time, yielding to the event loop between actions.

        A bot thinks on a copy of the state; a searching bot thinks in another process (see
        :mod:`allegiance.server.thinking`) when the fair queue in front of those processes gives it a
        turn (:mod:`allegiance.server.botqueue`), and if a person acted at the table meanwhile, it
        thinks again about the new state.

        **A bot's answer time tells nothing of its options** (issue 21, item 2).  Everyone sees that a
        decision is pending, but not what the bot may do: a Wakfu Réaction prompt is asked of every
        seat, and only "pass" may be legal.  So a bot answers on a fixed schedule whatever its options:

        - a quick bot (random, greedy) answers ``bot_delay`` seconds after the decision opened (it
          chooses at once, then waits out the rest, so its milliseconds of choosing do not show);
        - a searching bot, once the queue gives it a turn, answers ``bot_think`` seconds later (and
          not before ``bot_delay`` after the decision opened): it goes to a thinking process even
          with a single legal action, its search is bounded by a deadline (:attr:`Bot.deadline`,
          ``SEARCH_SHARE`` of the think time, the rest for the hand-offs) and the table waits out
          the rest.  The wait for a turn depends on the other
          tables, never on this bot's options.  A search that starts after its deadline (a very busy
          machine) takes its heuristic's choice at once, and one that is not back by the answer time
          (a starved process overran it) is not waited for: the bot's hurried choice is the answer
          (:meth:`BotThinker.choose_by`), so the answer is never later either.

        What is left: a bot with nothing to search gives its process back at once rather than at its
        deadline (so that "pass" costs the other tables nothing), which changes when the *other*
        tables' turns come while every process is busy — a faint, second-hand trace that holding the
        process for the whole think time would erase, at the price of most of the thinking capacity
        of the big Wakfu tables (a card played at 8v8 asks up to 15 seats).
        """
        loop = asyncio.get_running_loop()
        if not await self.leases.acquire(table.id):
            return  # another process plays this table's bots
        while True:
            seats = table.bot_seats_to_act()
            legal = table.game.legal_actions(table.state, seats[0]) if seats else []
            if not legal:
                return
            seat = seats[0]
            opened = loop.time()
            window = table.game.response_window(table.state, seat)
            if window is not None and window.together:  # the bots asked at once answer at once
                since = table.game.decision_since(table.state, seat)
                if table.bot_asked[0] != since:
                    table.bot_asked = (since, opened)
                opened = table.bot_asked[1]
            version = table.state.version
            bot = table.bots[seat]
            answer_at = opened + self.bot_delay
            try:
                if bot.searches:
                    async with self.think_queue.turn(table.creator, table.id):
                        started = loop.time()
                        answer_at = max(opened + self.bot_delay, started + self.bot_think)
                        deadline = time.monotonic() + SEARCH_SHARE * self.bot_think
                        # a late search is not waited for, nor is its process's slot held: the
                        # next turn would then wait on how long this bot searched
                        action, table.bots[seat], _late = await self.thinker.choose_by(
                            answer_at, bot, table.game, table.record.game, table.state.copy(), seat, legal,
                            deadline)
                else:
                    action, table.bots[seat] = await self.thinker.choose(
                        bot, table.game, table.record.game, table.state.copy(), seat, legal)
            except Exception:  # said in the log, and the table goes on: a bot that fails must not stall it
                log.exception("bot at seat %d of table %s could not choose; it plays a random legal action",
                              seat, table.id)
                # random, not the first: a first action may be a free move that can be undone and made forever
                action = random.Random(f"{table.id}:{version}").choice(legal)
            await asyncio.sleep(max(0.0, answer_at - loop.time()))
            if table.abandoned or not self.leases.holds(table.id):
                return  # the lease was lost meanwhile (lease.AdvisoryLeases.check): its new holder plays
            if table.state.version != version:
                continue
            try:
                await self._in_order(table, seat, action, version)
            except AllegianceError:
                if table.state.version != version:
                    continue  # another process's action was stored first and this one no longer fits
                log.exception("bot at seat %d of table %s chose a refused action", seat, table.id)
                return
            except Exception:
                log.exception("bot at seat %d of table %s failed", seat, table.id)
                return

    def page_left(self, table: LiveTable) -> None:
        """A page of ``table`` went away (call after :meth:`LiveTable.detach`): an ended table that nobody
        watches any more may leave memory."""
        if not table.connections and table.status != PLAYING:
            self._drop_ended()

    def _drop_ended(self) -> None:
        """Keep at most :data:`ENDED_IN_MEMORY` ended tables that no page watches, the most recently ended.

        Tables used to leave memory only when a stored table was rebuilt, and only finished ones: every
        game that ended at the server stayed in memory for its lifetime, state and events (issue 21,
        item 11: the soak's remaining growth).  Now a table's end and its last page leaving drop the oldest.
        """
        ended = [t for t in self.tables.values() if t.status != PLAYING and not t.connections]
        if len(ended) <= ENDED_IN_MEMORY:
            return
        ended.sort(key=lambda t: t.ended_at or 0.0)
        for t in ended[: len(ended) - ENDED_IN_MEMORY]:
            del self.tables[t.id]
        self.lobby_changed()  # their entries now come from the database


def _retrieved(task: asyncio.Task[Any]) -> None:
    """Read a finished task's outcome, so that a refusal nobody awaits any more is not logged as lost."""
    if not task.cancelled():
        task.exception()


def too_many_for_client(cap: int) -> str:
    return (f"your address already has {cap} tables being played, the most allowed: close one (or let a game "
            "end) before creating another")


def bounded(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """An error message of at most ``limit`` characters (the games bound their own; this is the last guard)."""
    return message if len(message) <= limit else message[:limit - 30] + " ... (message shortened)"


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32 and table_id.isalnum()


def broken_message(table_id: str) -> str:
    return (f"table {table_id} cannot be opened: its stored game could not be rebuilt, so it was set aside "
            "(status 'broken'); the server's log says why")
