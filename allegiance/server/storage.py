"""The database: each table's setup (game, mode, options, seed, seats) and its action log.

Persistence is the log (invariant 2): a table is rebuilt by replaying its accepted actions, so the
log is all that is stored.  One transaction per accepted action, committed before the action is
acknowledged.  SQLAlchemy Core runs the same code on SQLite (the embedded default, in WAL mode) and
PostgreSQL.  Seat tokens are stored as SHA-256 hashes: the database alone does not let anyone act.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Iterator
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
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

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
)

seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),  # "human" or a bot kind
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
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
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas(durable))
        metadata.create_all(self.engine)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

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
    def create_table(self, record: TableRecord) -> None:
        """Store a new table and its seats in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(
                id=record.id, game=record.game, mode=record.mode, options=json.dumps(record.options),
                seed=record.seed, created_at=record.created_at or time.time(), finished=False, outcome=None))
            conn.execute(insert(seats_t), [
                {"table_id": record.id, "seat": s.seat, "kind": s.kind, "token_hash": s.token_hash,
                 "claimed": s.claimed} for s in record.seats])
            conn.execute(insert(secrets_t).values(
                table_id=record.id, practice=record.practice,
                shuffle_key=record.shuffle_key.hex() if record.shuffle_key is not None else None))

    def append_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any],
                      outcome: dict[str, Any] | None = None) -> None:
        """Append one accepted action (and the outcome if it ended the game) in one transaction.

        ``(table_id, idx)`` is the primary key, so the same version is never stored twice.
        """
        with self.engine.begin() as conn:
            # one statement object with bound parameters: SQLAlchemy reuses its compiled form
            conn.execute(_INSERT_ACTION, {"table_id": table_id, "idx": idx, "seat": seat,
                                          "action": json.dumps(action), "at": time.time()})
            if outcome is not None:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                             .values(finished=True, outcome=json.dumps(outcome)))

    def set_seat_token(self, table_id: str, seat: int, token_hash: str, claimed: bool) -> None:
        """Replace a seat's token (taking a free seat issues a new link) and mark it claimed."""
        with self.engine.begin() as conn:
            conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                         .values(token_hash=token_hash, claimed=claimed))

    def claim_seat(self, table_id: str, seat: int) -> None:
        """Mark a seat as taken (its link was opened)."""
        with self.engine.begin() as conn:
            conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                         .values(claimed=True))

    # -- reads -----------------------------------------------------------------------------------
    def load_table(self, table_id: str) -> TableRecord | None:
        """One table with its seats and whole action log, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            return self._record(conn, row)

    def unfinished_ids(self) -> list[str]:
        """Every table whose game is not over (resumed at start-up)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id).where(tables_t.c.finished.is_(False))
                                .order_by(tables_t.c.created_at))
            return [r.id for r in rows]

    def iter_tables(self, finished: bool | None = None, limit: int = 100) -> Iterator[TableRecord]:
        """Tables newest first, without their action logs."""
        query = select(tables_t).order_by(tables_t.c.created_at.desc()).limit(limit)
        if finished is not None:
            query = query.where(tables_t.c.finished.is_(finished))
        with self.engine.connect() as conn:
            for row in conn.execute(query).all():
                try:
                    record = self._record(conn, row, with_actions=False)
                except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
                    # One unreadable row must not take the lobby down for everyone (issue 10, item 3).
                    log.error("table %s cannot be read, left out of the listing: %s: %s",
                              row.id, type(exc).__name__, exc)
                    continue
                yield record

    def _record(self, conn: Connection, row: Any, with_actions: bool = True) -> TableRecord:
        seats = [SeatRecord(s.seat, s.kind, s.token_hash, bool(s.claimed)) for s in conn.execute(
            select(seats_t).where(seats_t.c.table_id == row.id).order_by(seats_t.c.seat))]
        actions: list[tuple[int, dict[str, Any]]] = []
        if with_actions:
            actions = [(a.seat, json.loads(a.action)) for a in conn.execute(
                select(actions_t.c.seat, actions_t.c.action).where(actions_t.c.table_id == row.id)
                .order_by(actions_t.c.idx))]
        secret = conn.execute(select(secrets_t.c.shuffle_key, secrets_t.c.practice)
                              .where(secrets_t.c.table_id == row.id)).first()
        key = bytes.fromhex(secret.shuffle_key) if secret is not None and secret.shuffle_key else None
        return TableRecord(row.id, row.game, row.mode, json.loads(row.options), int(row.seed), seats,
                           float(row.created_at), bool(row.finished),
                           json.loads(row.outcome) if row.outcome else None, actions,
                           shuffle_key=key, practice=bool(secret.practice) if secret is not None else False)
