"""The database: each table's setup (game, mode, options, seed, seats) and its action log.

Persistence is the log (invariant 2): a table is rebuilt by replaying its accepted actions, so the
log is all that is stored.  One transaction per accepted action, committed before the action is
acknowledged.  SQLAlchemy Core runs the same code on SQLite (the embedded default, in WAL mode) and
PostgreSQL.  Seat tokens (and each table's creator token) are stored as SHA-256 hashes: the database
alone does not let anyone act.

A table's ``status`` is ``playing``, ``finished``, ``abandoned`` (closed by its creator or idle too
long) or ``broken`` (its stored rows cannot be read; quarantined).  ``bots_pending`` says whether a bot
must act next, written only when it changes: start-up reads only the tables whose bots must continue,
never every action log.  A table's last activity is its last action's time (found through the primary
key), so an accepted action stays one INSERT.  A database made by an earlier version gets these
columns on opening (:func:`migrate`, idempotent).

Several server processes may share one PostgreSQL database (:mod:`allegiance.server.cluster`): the
primary key ``(table_id, idx)`` of the log is then the arbiter of each table's order (a second insert
of a version raises :class:`ActionConflict`), and every change is announced with ``pg_notify`` in its
own transaction (payloads hold ids and versions only): an accepted action in the very statement that logs
it (:meth:`Storage.append_action`, one round trip), any other change by :meth:`Storage._announce`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    Select,
    String,
    Table,
    Text,
    Update,
    bindparam,
    case,
    create_engine,
    event,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

log = logging.getLogger("allegiance.server")
metadata = MetaData()

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("mode", String(40), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("outcome", Text, nullable=True),
    # added after the first version (see ``migrate``); NULL in rows an older version wrote
    Column("status", String(12), nullable=True, index=True),
    Column("creator_hash", String(64), nullable=True),
    Column("updated_at", Float, nullable=True),
    Column("bots_pending", Boolean, nullable=True),
    # a hash of the creating client's address (PostgreSQL sites: its per-address table cap, ``client_key``)
    Column("creator_client", String(64), nullable=True),
)

seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),  # "human" or a bot kind
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    # added after the first version: the creator opened this human seat to anyone in the lobby
    Column("is_open", Boolean, nullable=True),
)

actions_t = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # the state version the action was applied to
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)
_INSERT_ACTION = insert(actions_t)
#: PostgreSQL's notification channel of every server process over one database (see
#: :mod:`allegiance.server.follow`); its payloads name a table and a version, never a secret
CHANNEL = "allegiance"
#: the most log rows one catch-up reads at once (a process far behind reads again)
CATCH_UP_ROWS = 500
_SET_BOTS_PENDING = update(tables_t).where(tables_t.c.id == bindparam("table_id")).values(
    bots_pending=bindparam("pending"))

PLAYING, FINISHED, ABANDONED, BROKEN = "playing", "finished", "abandoned", "broken"
STATUSES = (PLAYING, FINISHED, ABANDONED, BROKEN)


def _logged_and_announced(then: Update | None = None) -> Select[Any]:
    """PostgreSQL: an accepted action's whole transaction as one statement, run in autocommit (one round
    trip to the database where BEGIN, INSERT, NOTIFY and COMMIT took four, each waited for on the event
    loop): the log row inserted, its notice sent from the inserted row, and ``then`` (an UPDATE of the
    table's row, or None) as a data-modifying CTE of the same statement, so all of it or none happens."""
    logged = insert(actions_t).values(
        table_id=bindparam("table_id"), idx=bindparam("idx"), seat=bindparam("seat"), action=bindparam("action"),
        at=bindparam("at")).returning(actions_t.c.idx).cte("logged")
    statement = select(func.pg_notify(CHANNEL, bindparam("payload"))).select_from(logged)
    return statement if then is None else statement.add_cte(then.cte("changed"))


#: the table row of a game that the action ended
_SET_FINISHED = update(tables_t).where(tables_t.c.id == bindparam("table_id")).values(
    finished=True, outcome=bindparam("outcome"), status=FINISHED, updated_at=bindparam("at"), bots_pending=False)
_LOG_ONE = _logged_and_announced()
_LOG_LAST = _logged_and_announced(_SET_FINISHED)
_LOG_AND_PENDING = _logged_and_announced(_SET_BOTS_PENDING)



def append_statement(table_id: str, idx: int, seat: int, action: dict[str, Any], outcome: dict[str, Any] | None,
                     bots_pending: bool | None, now: float) -> tuple[Select[Any], dict[str, Any]]:
    """PostgreSQL's one-statement append of an action (see :meth:`Storage.append_action`) and its parameters,
    for the blocking connections and the asynchronous ones (:mod:`allegiance.server.actionlog`) alike."""
    params: dict[str, Any] = {"table_id": table_id, "idx": idx, "seat": seat, "action": json.dumps(action),
                              "at": now, "payload": f"a {table_id} {idx + 1}"}
    if outcome is not None:
        params["outcome"] = json.dumps(outcome)
        return _LOG_LAST, params
    if bots_pending is not None:
        params["pending"] = bots_pending
        return _LOG_AND_PENDING, params
    return _LOG_ONE, params


#: columns added since the first schema: (table, column, SQL type)
_ADDED_COLUMNS = (
    ("tables", "status", "VARCHAR(12)"),
    ("tables", "creator_hash", "VARCHAR(64)"),
    ("tables", "updated_at", "FLOAT"),
    ("tables", "bots_pending", "BOOLEAN"),
    ("seats", "is_open", "BOOLEAN"),
    ("tables", "creator_client", "VARCHAR(64)"),
)

# Per-address limits that hold across the processes of a PostgreSQL site (``Storage.take_creation``):
# one token bucket of table creations per client address (a hash of it), on the database's clock.
client_buckets_t = Table(
    "client_buckets", metadata,
    Column("client", String(64), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("stamp", Float, nullable=False),
)


class ActionConflict(RuntimeError):
    """Another process stored an action at this version first: the log's ``(table, idx)`` arbitrated."""


class ClientTablesFull(RuntimeError):
    """The creating address already has its cap of tables being played (``Storage.create_table``)."""


def client_key(client: str) -> str:
    """The stored form of a client address (a hash: the database keeps no address)."""
    return hashlib.sha256(b"allegiance client " + client.encode()).hexdigest()


class DatabaseUnusable(RuntimeError):
    """The database cannot be opened or is not an allegiance database (the message says what to do)."""


def migrate(engine: Engine) -> list[str]:
    """Add the columns a database made by an earlier version lacks; returns those added (idempotent)."""
    added = []
    present = {name: {c["name"] for c in inspect(engine).get_columns(name)} for name in ("tables", "seats")}
    with engine.begin() as conn:
        for table, column, sql_type in _ADDED_COLUMNS:
            if column not in present[table]:
                conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}")
                added.append(f"{table}.{column}")
        conn.execute(update(tables_t).where(tables_t.c.status.is_(None)).values(
            status=case((tables_t.c.finished.is_(True), FINISHED), else_=PLAYING)))
    if "tables.status" in added:
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_tables_status ON tables (status)")
    return added

# A table's deal secret, in a table of its own so that nothing that reads the lobby's columns can
# leak it (and databases made before it existed still open: ``create_all`` adds it).  A table with
# no row here is an old table, dealt by the fast generator from its ``seed``.
secrets_t = Table(
    "table_secrets", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("shuffle_key", String(64), nullable=True),  # hex; NULL: dealt from the seed (practice)
    Column("practice", Boolean, nullable=False, default=False),  # the creator chose the seed
)


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRecord:
    """One seat as stored: who plays it (``human`` or a bot kind) and whether its link was used."""

    seat: int
    kind: str
    token_hash: str | None = None
    claimed: bool = False
    is_open: bool = False


@dataclass
class TableRecord:
    """A table's setup and its action log (``(seat, action JSON)`` in order)."""

    id: str
    game: str
    mode: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatRecord]
    created_at: float = 0.0
    finished: bool = False
    outcome: dict[str, Any] | None = None
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: the secure generator's key (secret until the game is over; never in a repr, so never in a log)
    shuffle_key: bytes | None = field(default=None, repr=False)
    #: the creator chose the seed, so the deal is known to them: every seat and the lobby are told
    practice: bool = False
    status: str = PLAYING
    creator_hash: str | None = None
    updated_at: float | None = None
    bots_pending: bool | None = None


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` URLs (psycopg 3), plain file paths for SQLite."""
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def _sqlite_pragmas(durable: bool) -> Any:
    """The pragmas every new SQLite connection gets.

    WAL lets readers work while one writer commits.  ``synchronous=NORMAL`` (the default) writes each
    commit to the WAL before the action is acknowledged, so a crash or kill of the server process loses
    nothing; only a crash of the whole machine could lose the last commits.  ``durable`` selects
    ``synchronous=FULL``: an fsync per commit, which survives power loss too but costs a few
    milliseconds per action on the event loop (see benchmarks/load_tables.py).
    """

    def apply(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()

    return apply


class Storage:
    """Reads and writes table setups and action logs."""

    def __init__(self, url: str, durable: bool = False) -> None:
        self.url = normalise_url(url)
        self.engine: Engine = create_engine(self.url, future=True)
        #: the same pool, each statement its own transaction (PostgreSQL's one-statement append)
        self._autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas(durable))
        try:
            metadata.create_all(self.engine)
            migrate(self.engine)
        except DBAPIError as exc:
            self.engine.dispose()
            where = url if "://" not in url else self.engine.url.render_as_string(hide_password=True)
            reason = str(exc.orig).splitlines()[0] if exc.orig is not None else type(exc).__name__
            raise DatabaseUnusable(
                f"cannot use the database {where}: {reason}. If it is damaged, restore a backup or move it "
                "aside and start again with a new --db file.") from None

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @property
    def shared(self) -> bool:
        """Several server processes may use this database (PostgreSQL): each change is announced."""
        return self.dialect == "postgresql"

    def libpq_url(self) -> str:
        """The database URL as psycopg's own connections take it (``postgresql://``)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _announce(self, conn: Connection, payload: str) -> None:
        """Tell the other processes (PostgreSQL only; delivered when the transaction commits, so a
        notice never names an uncommitted change).  ``payload``: a kind letter, a table id, a version."""
        if self.shared:
            conn.execute(select(func.pg_notify(CHANNEL, payload)))

    def journal_mode(self) -> str | None:
        """SQLite's journal mode (``wal``), ``None`` on other databases."""
        return self._pragma("journal_mode")

    def synchronous(self) -> str | None:
        """SQLite's ``synchronous`` level (``1`` NORMAL, ``2`` FULL), ``None`` on other databases."""
        return self._pragma("synchronous")

    def _pragma(self, name: str) -> str | None:
        if self.dialect != "sqlite":
            return None
        with self.engine.connect() as conn:
            return str(conn.exec_driver_sql(f"PRAGMA {name}").scalar())

    def close(self) -> None:
        self.engine.dispose()

    # -- writes ----------------------------------------------------------------------------------
    def create_table(self, record: TableRecord, client: str | None = None, client_cap: int | None = None) -> None:
        """Store a new table and its seats in one transaction.

        ``client``: the creator's address, stored as :func:`client_key`; with ``client_cap`` (PostgreSQL:
        the cap holds across every process of the site) the table is stored only if that address has
        fewer tables being played, else :class:`ClientTablesFull` (a transaction-scoped advisory lock on
        the address makes the count and the insert one step for racing processes)."""
        key = client_key(client) if client is not None else None
        with self.engine.begin() as conn:
            if key is not None and client_cap is not None:
                if self.shared:
                    conn.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(key, 0))))
                count = conn.execute(select(func.count()).select_from(tables_t).where(
                    tables_t.c.creator_client == key, tables_t.c.status == PLAYING)).scalar() or 0
                if count >= client_cap:
                    raise ClientTablesFull(str(count))
            conn.execute(insert(tables_t).values(creator_client=key,
                id=record.id, game=record.game, mode=record.mode, options=json.dumps(record.options),
                seed=record.seed, created_at=record.created_at or time.time(), finished=False, outcome=None,
                status=PLAYING, creator_hash=record.creator_hash, updated_at=record.created_at or time.time(),
                bots_pending=any(s.kind != "human" for s in record.seats)))
            conn.execute(insert(seats_t), [
                {"table_id": record.id, "seat": s.seat, "kind": s.kind, "token_hash": s.token_hash,
                 "claimed": s.claimed, "is_open": s.is_open} for s in record.seats])
            conn.execute(insert(secrets_t).values(
                table_id=record.id, practice=record.practice,
                shuffle_key=record.shuffle_key.hex() if record.shuffle_key is not None else None))
            self._announce(conn, f"l {record.id}")

    def take_creation(self, client: str, per_second: float, burst: int) -> bool:
        """PostgreSQL: take one token of ``client``'s creation bucket (``burst`` at most, refilled at
        ``per_second``) in one statement on the database's clock, so the rate holds across every process
        of the site; ``False`` (nothing taken) when the bucket is empty.  Buckets full again are removed."""
        sql = text(
            "WITH now AS (SELECT extract(epoch FROM clock_timestamp())::float8 AS t), "
            "gone AS (DELETE FROM client_buckets WHERE stamp < (SELECT t FROM now) - :full AND client <> :client) "
            "INSERT INTO client_buckets AS b (client, tokens, stamp) "
            "SELECT :client, :burst - 1, t FROM now "
            "ON CONFLICT (client) DO UPDATE SET "
            "tokens = LEAST(:burst, b.tokens + (EXCLUDED.stamp - b.stamp) * :rate) - 1, stamp = EXCLUDED.stamp "
            "WHERE LEAST(:burst, b.tokens + (EXCLUDED.stamp - b.stamp) * :rate) >= 1 "
            "RETURNING b.tokens")
        with self.engine.begin() as conn:
            row = conn.execute(sql, {"client": client_key(client), "burst": float(burst), "rate": per_second,
                                     "full": burst / per_second}).first()
        return row is not None

    def append_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any],
                      outcome: dict[str, Any] | None = None, bots_pending: bool | None = None) -> None:
        """Append one accepted action (and the outcome if it ended the game) in one transaction.

        ``(table_id, idx)`` is the primary key, so the same version is never stored twice: when another
        process stored one first, nothing is stored and :class:`ActionConflict` is raised.
        ``bots_pending``: whether a bot must act next now, given only when it changed.
        """
        now = time.time()
        try:
            if self.shared:
                statement, params = append_statement(table_id, idx, seat, action, outcome, bots_pending, now)
                with self._autocommit.connect() as conn:
                    conn.execute(statement, params)
            else:
                with self.engine.begin() as conn:
                    self._append_sqlite(conn, table_id, idx, seat, action, outcome, bots_pending, now)
        except IntegrityError as exc:
            if self._has_action(table_id, idx):
                raise ActionConflict(f"table {table_id} already has an action at version {idx}") from None
            raise exc from None

    def _has_action(self, table_id: str, idx: int) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(actions_t.c.idx).where(actions_t.c.table_id == table_id,
                                                              actions_t.c.idx == idx)).first() is not None

    def _append_sqlite(self, conn: Connection, table_id: str, idx: int, seat: int, action: dict[str, Any],
                       outcome: dict[str, Any] | None, bots_pending: bool | None, now: float) -> None:
        """The append on SQLite, in the caller's transaction: one process, nobody to announce to."""
        # one statement object with bound parameters: SQLAlchemy reuses its compiled form
        conn.execute(_INSERT_ACTION, {"table_id": table_id, "idx": idx, "seat": seat,
                                      "action": json.dumps(action), "at": now})
        if outcome is not None:
            conn.execute(_SET_FINISHED, {"table_id": table_id, "outcome": json.dumps(outcome), "at": now})
        elif bots_pending is not None:
            conn.execute(_SET_BOTS_PENDING, {"table_id": table_id, "pending": bots_pending})

    def set_status(self, table_id: str, status: str) -> None:
        """Mark a table ``broken`` (its rows stay, for the record)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                         .values(status=status, bots_pending=False, updated_at=time.time()))
            self._announce(conn, f"s {table_id}")

    def abandon(self, table_ids: list[str]) -> list[str]:
        """Mark these tables ``abandoned`` where they are still being played; returns those it marked.

        Conditional, so that a table another process has just finished (or closed) keeps its ending:
        with several processes, the database decides which came first."""
        if not table_ids:
            return []
        with self.engine.begin() as conn:
            rows = conn.execute(update(tables_t).where(tables_t.c.id.in_(table_ids), tables_t.c.status == PLAYING)
                                .values(status=ABANDONED, bots_pending=False, updated_at=time.time())
                                .returning(tables_t.c.id)).all()
            for row in rows:
                self._announce(conn, f"s {row.id}")
        return [row.id for row in rows]

    def take_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give a seat nobody has used a new token, marked claimed (taking a free seat issues a new link);
        ``False`` if the seat was claimed meanwhile (by another process: the database arbitrates)."""
        with self.engine.begin() as conn:
            taken = conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                                                       seats_t.c.claimed.is_(False))
                                 .values(token_hash=token_hash, claimed=True)).rowcount == 1
            if taken:
                self._announce(conn, f"t {table_id}")
        return taken

    def claim_seat(self, table_id: str, seat: int, token_hash: str | None) -> bool:
        """Mark a seat as taken because its link (of hash ``token_hash``) was opened; ``False`` if the
        seat has another token now (another process gave it a new link since this one was checked)."""
        with self.engine.begin() as conn:
            claimed = conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                                                         seats_t.c.token_hash == token_hash)
                                   .values(claimed=True)).rowcount == 1
            if claimed:
                self._announce(conn, f"t {table_id}")
        return claimed

    # -- reads -----------------------------------------------------------------------------------
    def load_table(self, table_id: str) -> TableRecord | None:
        """One table with its seats and whole action log, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            return self._record(conn, row)

    def actions_since(self, table_id: str, idx: int,
                      limit: int = CATCH_UP_ROWS) -> list[tuple[int, int, dict[str, Any]]]:
        """The logged actions from version ``idx`` on, ``(idx, seat, action)`` in order (at most ``limit``)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(actions_t.c.idx, actions_t.c.seat, actions_t.c.action).where(
                actions_t.c.table_id == table_id, actions_t.c.idx >= idx).order_by(actions_t.c.idx).limit(limit))
            return [(int(r.idx), int(r.seat), json.loads(r.action)) for r in rows]

    def seats_of(self, table_id: str) -> list[SeatRecord]:
        """A table's seats as stored now (another process may have given a seat a new token)."""
        with self.engine.connect() as conn:
            return [SeatRecord(s.seat, s.kind, s.token_hash, bool(s.claimed), bool(s.is_open)) for s in conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat))]

    def status_of(self, table_id: str) -> str | None:
        """A table's status, ``None`` if there is no such table."""
        with self.engine.connect() as conn:
            return conn.execute(select(tables_t.c.status).where(tables_t.c.id == table_id)).scalar()

    def unfinished_ids(self) -> list[str]:
        """Every table still being played."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id).where(tables_t.c.status == PLAYING)
                                .order_by(tables_t.c.created_at))
            return [r.id for r in rows]

    def resumable_ids(self) -> list[str]:
        """Tables being played whose bots must act (rows of an older version: any with a bot seat)."""
        has_bot = select(seats_t.c.table_id).where(seats_t.c.kind != "human")
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id).where(
                tables_t.c.status == PLAYING,
                or_(tables_t.c.bots_pending.is_(True),
                    tables_t.c.bots_pending.is_(None) & tables_t.c.id.in_(has_bot)))
                .order_by(tables_t.c.created_at))
            return [r.id for r in rows]

    def idle_ids(self, before: float) -> list[str]:
        """Tables being played with no accepted action since ``before`` (a time)."""
        last_action = (select(actions_t.c.at).where(actions_t.c.table_id == tables_t.c.id)
                       .order_by(actions_t.c.idx.desc()).limit(1).scalar_subquery())
        last = func.coalesce(last_action, tables_t.c.updated_at, tables_t.c.created_at)
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id).where(tables_t.c.status == PLAYING, last < before))
            return [r.id for r in rows]

    def count_playing(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(tables_t)
                                    .where(tables_t.c.status == PLAYING)).scalar() or 0)

    def table_records(self, status: str | None = None, limit: int = 100) -> list[TableRecord]:
        """Tables newest first, without their action logs, read in three queries however many they are
        (the lobby's listing reads 200; one query per table was 400 round trips to PostgreSQL).

        A row that cannot be read is returned as a ``broken`` record (never an exception), so one bad
        row cannot break the lobby.
        """
        query = select(tables_t).order_by(tables_t.c.created_at.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            ids = [row.id for row in rows]
            seats: dict[str, list[SeatRecord]] = {table_id: [] for table_id in ids}
            for s in conn.execute(select(seats_t).where(seats_t.c.table_id.in_(ids))
                                  .order_by(seats_t.c.table_id, seats_t.c.seat)):
                seats[s.table_id].append(SeatRecord(s.seat, s.kind, s.token_hash, bool(s.claimed), bool(s.is_open)))
            kept = {s.table_id: s for s in conn.execute(
                select(secrets_t.c.table_id, secrets_t.c.shuffle_key, secrets_t.c.practice)
                .where(secrets_t.c.table_id.in_(ids)))}
        out = []
        for row in rows:
            try:
                out.append(self._from_row(row, seats[row.id], kept.get(row.id), []))
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
                # One unreadable row must not take the lobby down for everyone (issue 10, items 3, 12).
                log.error("table %s cannot be read (%s: %s); listed as broken", row.id, type(exc).__name__, exc)
                out.append(TableRecord(row.id, str(row.game), str(row.mode), {}, 0, [],
                                       float(row.created_at or 0.0), status=BROKEN))
        return out

    def _record(self, conn: Connection, row: Any) -> TableRecord:
        """One table's record with its seats and whole action log."""
        seats = [SeatRecord(s.seat, s.kind, s.token_hash, bool(s.claimed), bool(s.is_open)) for s in conn.execute(
            select(seats_t).where(seats_t.c.table_id == row.id).order_by(seats_t.c.seat))]
        actions = [(a.seat, json.loads(a.action)) for a in conn.execute(
            select(actions_t.c.seat, actions_t.c.action).where(actions_t.c.table_id == row.id)
            .order_by(actions_t.c.idx))]
        secret = conn.execute(select(secrets_t.c.shuffle_key, secrets_t.c.practice)
                              .where(secrets_t.c.table_id == row.id)).first()
        return self._from_row(row, seats, secret, actions)

    @staticmethod
    def _from_row(row: Any, seats: list[SeatRecord], secret: Any,
                  actions: list[tuple[int, dict[str, Any]]]) -> TableRecord:
        options = json.loads(row.options)
        if not isinstance(options, dict):
            raise ValueError("its options are not a JSON object")
        status = row.status or (FINISHED if row.finished else PLAYING)
        key = bytes.fromhex(secret.shuffle_key) if secret is not None and secret.shuffle_key else None
        return TableRecord(row.id, row.game, row.mode, options, int(row.seed), seats,
                           float(row.created_at), bool(row.finished),
                           json.loads(row.outcome) if row.outcome else None, actions,
                           status=status, creator_hash=row.creator_hash, updated_at=row.updated_at,
                           bots_pending=row.bots_pending,
                           shuffle_key=key, practice=bool(secret.practice) if secret is not None else False)
