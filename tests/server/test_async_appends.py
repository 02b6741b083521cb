"""PostgreSQL: an action on its way to the database stops neither the event loop nor the other tables
(``allegiance/server/appender.py``), and a table's actions stay in order and stored before they count."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from allegiance.core.errors import AllegianceError
from allegiance.server.cluster import Cluster
from allegiance.server.storage import Storage
from allegiance.server.tables import LiveTable, TableManager
from tests.server.pg import available, postgres_server

pytestmark = pytest.mark.postgres

_why_not = available()


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    if _why_not:
        pytest.skip(_why_not)
    with postgres_server() as url:
        yield url


def first_legal(table: LiveTable) -> tuple[int, dict]:
    seat = table.game.active_seats(table.state)[0]
    return seat, table.game.legal_actions(table.state, seat)[0].to_json()


def logged(storage: Storage, table_id: str) -> int:
    record = storage.load_table(table_id)
    assert record is not None
    return len(record.actions)


@pytest.mark.timeout(120)  # the blocking append would wait for the row for ever: a failure, not a hang
def test_a_table_waiting_for_its_commit_holds_up_neither_the_loop_nor_another_table(pg_url: str) -> None:
    """The append of table A is made to wait inside PostgreSQL (another session holds A's row, which the
    log row's foreign key must share): meanwhile table B plays, A's state is still the one before (an
    action counts once stored), and A's next action waits for the first and is checked against the
    state after it.  With the blocking append this test never gets past the first action: the loop
    itself would wait for the row."""
    import psycopg

    async def run() -> None:
        storage = Storage(pg_url)
        mgr = TableManager(storage, bot_delay=0.0)
        cluster = Cluster(mgr)
        assert mgr.appender is not None
        try:
            a = mgr.create("swdbg", "1v1", {}, ["human", "human"], seed=5).table
            b = mgr.create("swdbg", "1v1", {}, ["human", "human"], seed=6).table
            for table in (a, b):  # one action each first: the appender's pool is open
                seat, action = first_legal(table)
                await mgr.act(table, seat, action, table.state.version)
            with psycopg.connect(storage.libpq_url(), autocommit=True) as blocker, \
                    psycopg.connect(storage.libpq_url(), autocommit=True) as watcher:
                blocker.execute("BEGIN")
                blocker.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (a.id,))
                version = a.state.version
                seat, action = first_legal(a)
                first = asyncio.create_task(mgr.act(a, seat, action, version))
                while not watcher.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0]:
                    await asyncio.sleep(0.01)  # until PostgreSQL shows the append waiting for the row
                assert not first.done()
                assert a.state.version == version and a.actions_played == version == logged(storage, a.id)
                # table B is served meanwhile, its action stored and shown
                b_version = b.state.version
                b_seat, b_action = first_legal(b)
                assert await mgr.act(b, b_seat, b_action, b_version) is not None
                assert b.state.version == b_version + 1 == logged(storage, b.id)
                # A's next action, chosen on the state before, waits for the first and is then stale
                second = asyncio.create_task(mgr.act(a, seat, action, version))
                for _ in range(20):
                    await asyncio.sleep(0)
                assert not first.done() and not second.done() and a.state.version == version
                blocker.execute("ROLLBACK")
            await first
            with pytest.raises(AllegianceError):
                await second
            assert a.state.version == version + 1 == a.actions_played == logged(storage, a.id)
        finally:
            await cluster.stop()
            storage.close()

    asyncio.run(run())


def test_a_lost_arbitration_is_read_and_the_action_tried_again_without_blocking(pg_url: str) -> None:
    """Two processes' pages act at once on one table (issue 25): the asynchronous append that loses the
    version reads the log up to date and applies its action to the new state if it still answers the
    same decision, as the blocking append does.  Here "another process" is a second manager over the
    same database, whose action is stored first."""

    async def run() -> None:
        storage, other_storage = Storage(pg_url), Storage(pg_url)
        mgr, other = TableManager(storage, bot_delay=0.0), TableManager(other_storage, bot_delay=0.0)
        cluster = Cluster(mgr)
        try:
            table = mgr.create("swdbg", "2v2", {}, ["human"] * 4, seed=9).table
            mine = await mgr.open(table.id)
            theirs = await other.open(table.id)
            version = mine.state.version
            seat, action = first_legal(mine)
            other.submit(theirs, seat, action, version)  # stored first, elsewhere
            assert logged(storage, table.id) == version + 1
            # the same seat's same click, sent to this process too (a page open twice): it lost version
            # ``version``; read up to date, the click no longer fits and is refused in words, nothing stored
            with pytest.raises(AllegianceError):
                await mgr.act(mine, seat, action, version)
            assert mine.state.version == version + 1 == logged(storage, table.id) == mine.actions_played
            assert mine.state.version == theirs.state.version
        finally:
            await cluster.stop()
            storage.close()
            other_storage.close()

    asyncio.run(run())
