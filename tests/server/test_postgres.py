"""The same server code on PostgreSQL (``--db postgresql://...``): storage, play, restart, and appends that
the event loop does not wait for."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from allegiance.core.errors import AllegianceError
from allegiance.replay import load_replay, replay_game
from allegiance.server import create_app
from allegiance.server.cluster import Cluster
from allegiance.server.storage import ActionConflict, SeatRecord, Storage, TableRecord
from allegiance.server.tables import LiveTable, TableManager
from tests.server.conftest import make_table

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]


def test_storage_round_trip_on_postgresql(pg_url: str) -> None:
    storage = Storage(pg_url)
    try:
        assert storage.dialect == "postgresql" and storage.journal_mode() is None
        storage.create_table(TableRecord("pgtable1", "swdbg", "1v1", {"galaxy": "beginner"}, 2**40,
                                         [SeatRecord(0, "human", "ab" * 32), SeatRecord(1, "greedy")]))
        storage.append_action("pgtable1", 0, 1, {"kind": "play", "card": 3})
        storage.append_action("pgtable1", 1, 1, {"kind": "end_turn"}, outcome={"winners": ["rebel"]})
        with pytest.raises(ActionConflict):  # one action per version, never two
            storage.append_action("pgtable1", 1, 0, {"kind": "end_turn"})
        record = storage.load_table("pgtable1")
        assert record is not None and record.seed == 2**40 and record.options == {"galaxy": "beginner"}
        assert record.actions == [(1, {"kind": "play", "card": 3}), (1, {"kind": "end_turn"})]
        assert record.finished and record.outcome == {"winners": ["rebel"]}
        assert [s.kind for s in record.seats] == ["human", "greedy"]
        assert "pgtable1" not in storage.unfinished_ids()
    finally:
        storage.close()


def test_an_action_is_logged_and_announced_in_one_statement_all_or_nothing(pg_url: str) -> None:
    """On PostgreSQL an accepted action costs one statement, so one round trip the event loop waits for
    (BEGIN, INSERT, NOTIFY and COMMIT were four): the log row, its notice and the table row's change
    happen together or not at all, and a lost arbitration changes nothing and announces nothing."""
    import psycopg
    from sqlalchemy import event

    storage = Storage(pg_url)
    statements: list[str] = []
    event.listen(storage.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    try:
        storage.create_table(TableRecord("pgone", "swdbg", "1v1", {}, 7, [SeatRecord(0, "human", "cd" * 32),
                                                                        SeatRecord(1, "greedy")]))
        with psycopg.connect(storage.libpq_url(), autocommit=True) as listener:
            listener.execute("LISTEN allegiance")
            statements.clear()
            storage.append_action("pgone", 0, 0, {"kind": "end_turn"}, bots_pending=True)
            assert len(statements) == 1, statements
            assert "pgone" in storage.resumable_ids()  # the table row's change went with it
            with pytest.raises(ActionConflict):  # version 0 is taken: not stored, not finished, not announced
                storage.append_action("pgone", 0, 1, {"kind": "end_turn"}, outcome={"winners": ["rebel"]})
            record = storage.load_table("pgone")
            assert record is not None and record.actions == [(0, {"kind": "end_turn"})] and not record.finished
            statements.clear()
            storage.append_action("pgone", 1, 1, {"kind": "end_turn"}, outcome={"winners": ["rebel"]})
            assert len(statements) == 1, statements
            record = storage.load_table("pgone")
            assert record is not None and record.finished and record.outcome == {"winners": ["rebel"]}
            assert "pgone" not in storage.resumable_ids()
            notices = [n.payload for n in listener.notifies(timeout=10, stop_after=2)]
            assert notices == ["a pgone 1", "a pgone 2"]
            assert list(listener.notifies(timeout=0.5)) == []
    finally:
        storage.close()


def test_play_and_resume_on_postgresql(pg_url: str) -> None:
    with TestClient(create_app(db=pg_url, bot_delay=0.0)) as client:
        created = make_table(client, ["human"] * 4, seed=12)
        tid = created["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in created["links"]}

        def state(c: TestClient, seat: int) -> dict[str, Any]:
            return c.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]}).json()

        for _ in range(8):
            seat = client.get(f"/api/tables/{tid}/state").json()["active"][0]
            mine = state(client, seat)
            res = client.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]["action"],
                              "version": mine["version"]}, headers={"X-Seat-Token": tokens[seat]})
            assert res.status_code == 200, res.text
        before = {s: state(client, s) for s in tokens}
        assert before[0]["version"] == 8
        # a bot table too: it finishes on PostgreSQL
        bots = make_table(client, ["greedy"] * 4, seed=2)["table"]["id"]
        deadline = time.monotonic() + 60
        while not client.get(f"/api/tables/{bots}").json()["finished"]:
            assert time.monotonic() < deadline, "the bot game did not finish"
            time.sleep(0.05)
    with TestClient(create_app(db=pg_url, bot_delay=0.0)) as client:
        for s in tokens:
            after = state(client, s)
            assert after["version"] == 8 and after["view"] == before[s]["view"]
        assert tid in [t["id"] for t in client.get("/api/tables").json()]
        replay = client.get(f"/api/tables/{bots}/replay")
        assert replay.status_code == 200
        game, final = replay_game(load_replay(replay.json()))
        assert game.outcome(final).to_json() == replay.json()["outcome"] is not None


def test_a_table_secret_round_trips_on_postgresql(pg_url: str) -> None:
    """The deal's key (issue 10, item 1) is stored in its own table and read back on PostgreSQL too."""
    storage = Storage(pg_url)
    try:
        key = bytes(range(32))
        storage.create_table(TableRecord("pgsecret1", "swdbg", "1v1", {}, 2**62,
                                         [SeatRecord(0, "human"), SeatRecord(1, "greedy")],
                                         shuffle_key=key, practice=False))
        storage.create_table(TableRecord("pgpractice1", "swdbg", "1v1", {}, 5,
                                         [SeatRecord(0, "human"), SeatRecord(1, "greedy")], practice=True))
        secret, practice = storage.load_table("pgsecret1"), storage.load_table("pgpractice1")
        assert secret is not None and secret.shuffle_key == key and not secret.practice
        assert practice is not None and practice.shuffle_key is None and practice.practice
        assert {r.id: r.practice for r in storage.table_records()}["pgpractice1"] is True
    finally:
        storage.close()


def test_an_address_slots_are_counted_over_every_session(pg_url: str) -> None:
    """Issue 25: an address's replay steps and table loads at once (``slots``) are counted in
    PostgreSQL.  Two slot counters (two sessions, as two processes) give one address its cap in all;
    the other kind and another address are counted apart; a slot given back, or a session ended (its
    process died), frees its slots at once; a dropped connection is opened again."""
    import asyncio

    import psycopg

    from allegiance.server.slots import LOAD, REPLAY, AdvisorySlots

    async def run() -> None:
        a, b = AdvisorySlots(pg_url), AdvisorySlots(pg_url)
        try:
            one, two = await a.take(REPLAY, "203.0.113.5", 2), await b.take(REPLAY, "203.0.113.5", 2)
            assert one is not None and two is not None and {one.index, two.index} == {0, 1}
            assert await a.take(REPLAY, "203.0.113.5", 2) is None
            assert await b.take(REPLAY, "203.0.113.5", 2) is None
            assert await b.take(LOAD, "203.0.113.5", 2) is not None  # the other kind: counted apart
            assert await b.take(REPLAY, "203.0.113.6", 2) is not None  # another address
            await a.give_back(one)
            again = await b.take(REPLAY, "203.0.113.5", 2)
            assert again is not None and again.index == one.index
            # both at once, racing on the two sessions: the cap in all
            await b.give_back(two)
            await b.give_back(again)
            raced = await asyncio.gather(*(s.take(REPLAY, "203.0.113.7", 3) for s in (a, b) * 4))
            assert sorted(s.index for s in raced if s is not None) == [0, 1, 2]
            # b's session ends (its process died): its slots are free at once
            await b.close()
            assert [s is not None for s in [await a.take(REPLAY, "203.0.113.5", 2) for _ in range(3)]] == \
                [True, True, False]
            # a's connection is ended by the database: its locks go with it; its next take opens a new
            # one (the slots still running in a are still counted by a)
            with psycopg.connect(pg_url, autocommit=True) as db:
                ended = db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                   "WHERE application_name LIKE 'allegiance slots %%'").fetchall()
                assert ended == [(True,)]
            fresh = await a.take(REPLAY, "203.0.113.8", 1)
            assert fresh is not None and fresh.index == 0
            assert await a.take(REPLAY, "203.0.113.5", 2) is None
        finally:
            await a.close()
            await b.close()

    asyncio.run(run())


def test_an_address_table_loads_hold_across_sessions(pg_url: str) -> None:
    """Issue 25: ``Limits.loads_per_client`` (stored tables being opened at once per address) holds on a
    PostgreSQL site: while another process's session holds the address's two load slots, opening a
    stored table for that address is refused (``TooBusy``: 429 with Retry-After over HTTP); another
    address opens it; once a slot is given back the first address opens it too."""
    import asyncio

    from allegiance.server.slots import LOAD, AdvisorySlots
    from allegiance.server.tables import TableManager, TooBusy

    storage = Storage(pg_url)
    storage.create_table(TableRecord("pgloads1", "swdbg", "1v1", {}, 7, [SeatRecord(0, "human"),
                                                                           SeatRecord(1, "greedy")]))

    async def run() -> None:
        mgr = TableManager(storage)
        mgr.slots = AdvisorySlots(pg_url)
        other = AdvisorySlots(pg_url)  # the other process
        try:
            held = [await other.take(LOAD, "203.0.113.9", 2) for _ in range(2)]
            with pytest.raises(TooBusy):
                await mgr.open("pgloads1", "203.0.113.9")
            assert "pgloads1" not in mgr.tables
            assert (await mgr.open("pgloads1", "203.0.113.10")).id == "pgloads1"
            mgr.tables.clear()
            assert held[0] is not None
            await other.give_back(held[0])
            assert (await mgr.open("pgloads1", "203.0.113.9")).id == "pgloads1"
            assert mgr.slots.held(LOAD, "203.0.113.9") == 0  # given back once opened
        finally:
            await mgr.slots.close()
            await other.close()
            mgr.thinker.close()

    try:
        asyncio.run(run())
    finally:
        storage.close()


def test_slots_are_counted_in_the_process_when_postgresql_does_not_answer(caplog: pytest.LogCaptureFixture) -> None:
    """With no PostgreSQL to answer, an address's slots are counted in this process (the limit still
    holds there, replays keep working) and a warning says so."""
    import asyncio

    from allegiance.server.slots import REPLAY, AdvisorySlots

    async def run() -> list[bool]:
        slots = AdvisorySlots("postgresql://postgres@127.0.0.1:1/nothing")
        try:
            taken = [await slots.take(REPLAY, "203.0.113.4", 2) for _ in range(3)]
            assert all(s is None or s.index is None for s in taken)
            assert taken[0] is not None
            await slots.give_back(taken[0])
            return [s is not None for s in taken] + [await slots.take(REPLAY, "203.0.113.4", 2) is not None]
        finally:
            await slots.close()

    assert asyncio.run(run()) == [True, True, False, True]
    assert "counted in this process only" in caplog.text


def test_the_load_benchmark_reads_postgresqls_cpu_time_from_its_processes(pg_url: str) -> None:
    """``benchmarks/load_tables.py`` and ``capacity.py`` report PostgreSQL's share of the machine (issue 25:
    say where the time goes): the reading finds the server's processes, its connections' backends too."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("load_tables", ROOT / "benchmarks" / "load_tables.py")
    assert spec is not None and spec.loader is not None
    load_tables = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load_tables)
    storage = Storage(pg_url)
    try:
        storage.create_table(TableRecord("pgcpu1", "swdbg", "1v1", {}, 7,
                                         [SeatRecord(0, "greedy"), SeatRecord(1, "greedy")]))
        before = load_tables.postgres_cpu_seconds()
        for version in range(50):
            storage.append_action("pgcpu1", version, version % 2, {"kind": "end_turn"})
        after = load_tables.postgres_cpu_seconds()
    finally:
        storage.close()
    assert len(after) >= 2  # the server and at least this storage's backend
    assert all(after[pid] >= used for pid, used in before.items() if pid in after)


# -- PostgreSQL appends awaited, not blocking the loop (allegiance/server/actionlog.py) ---------------------
def first_legal(table: LiveTable) -> tuple[int, dict]:
    seat = table.game.active_seats(table.state)[0]
    return seat, table.game.legal_actions(table.state, seat)[0].to_json()


def logged(storage: Storage, table_id: str) -> int:
    record = storage.load_table(table_id)
    assert record is not None
    return len(record.actions)


def holding_row(storage: Storage, table_id: str) -> Any:
    """A session whose open transaction holds the table's row, which each log row's foreign key must
    share: the table's appends wait inside PostgreSQL until it rolls back (``.execute("ROLLBACK")``)."""
    import psycopg

    blocker = psycopg.connect(storage.libpq_url(), autocommit=True)
    blocker.execute("BEGIN")
    blocker.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (table_id,))
    return blocker


async def act_and_wait_in_postgresql(mgr: TableManager, table: LiveTable) -> tuple[asyncio.Task[Any], int, int, dict]:
    """Send the table's next action (its row held: :func:`holding_row`) and return once PostgreSQL shows
    its append waiting: the task, the version before, the seat and the action."""
    import psycopg

    version = table.state.version
    seat, action = first_legal(table)
    task = asyncio.create_task(mgr.act(table, seat, action, version))
    with psycopg.connect(mgr.storage.libpq_url(), autocommit=True) as watcher:
        while not watcher.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0]:
            await asyncio.sleep(0.01)
    return task, version, seat, action


@pytest.mark.timeout(120)  # the blocking append would wait for the row for ever: a failure, not a hang
def test_a_table_waiting_for_its_commit_holds_up_neither_the_loop_nor_another_table(pg_url: str) -> None:
    """The append of table A is made to wait inside PostgreSQL (another session holds A's row, which the
    log row's foreign key must share): meanwhile table B plays, A's state is still the one before (an
    action counts once stored), and A's next action waits for the first and is checked against the
    state after it.  With the blocking append this test never gets past the first action: the loop
    itself would wait for the row."""

    async def run() -> None:
        storage = Storage(pg_url)
        mgr = TableManager(storage, bot_delay=0.0)
        cluster = Cluster(mgr)
        assert mgr.action_log is not None
        try:
            a = mgr.create("swdbg", "1v1", {}, ["human", "human"], seed=5).table
            b = mgr.create("swdbg", "1v1", {}, ["human", "human"], seed=6).table
            for table in (a, b):  # one action each first: the action log's pool is open
                seat, action = first_legal(table)
                await mgr.act(table, seat, action, table.state.version)
            with holding_row(storage, a.id) as blocker:
                first, version, seat, action = await act_and_wait_in_postgresql(mgr, a)
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


@pytest.mark.timeout(120)
def test_an_action_whose_page_goes_away_mid_commit_is_still_installed_and_shown(pg_url: str) -> None:
    """A page's handler cancelled while its action is on its way to PostgreSQL (the page was dropped for
    not reading, the table closed under a bot) does not leave the commit half done: the action is stored,
    installed and shown as if the page had stayed, and the table's next action is not held up."""

    class Page:
        def __init__(self) -> None:
            self.seat = 0
            self.told = 0

        def notify(self, events: list) -> None:
            self.told += 1

    async def run() -> None:
        storage = Storage(pg_url)
        mgr = TableManager(storage, bot_delay=0.0)
        cluster = Cluster(mgr)
        try:
            table = mgr.create("swdbg", "1v1", {}, ["human", "human"], seed=8).table
            page = Page()
            table.connections.add(page)
            seat, action = first_legal(table)
            await mgr.act(table, seat, action, table.state.version)
            told = page.told
            with holding_row(storage, table.id) as blocker:
                acting, version, _seat, _action = await act_and_wait_in_postgresql(mgr, table)
                acting.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await acting
                assert table.state.version == version and table.lock.locked()
                blocker.execute("ROLLBACK")
            while table.lock.locked():  # the commit goes on without its page's handler
                await asyncio.sleep(0.01)
            assert table.state.version == version + 1 == table.actions_played == logged(storage, table.id)
            assert page.told == told + 1
            seat, action = first_legal(table)
            await mgr.act(table, seat, action, table.state.version)
            assert table.state.version == version + 2 == logged(storage, table.id)
        finally:
            await cluster.stop()
            storage.close()

    asyncio.run(run())


@pytest.mark.timeout(120)
def test_appends_survive_lost_connections_and_a_database_that_refuses_changes_nothing(pg_url: str) -> None:
    """PostgreSQL ends the appends' connections (a restart, a failover, an administrator): the next action
    is sent again over a new connection and stored.  While the database takes no connection at all, an
    action fails with the database's error (the page is told "unavailable"), the table is exactly as
    before, and once the database is back the same action is stored."""
    import psycopg
    from psycopg.conninfo import make_conninfo
    from psycopg_pool import PoolTimeout

    from allegiance.server.actionlog import APPLICATION_NAME

    def end_appends(admin: psycopg.Connection) -> None:
        ended = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                              "WHERE application_name = %s", (APPLICATION_NAME,)).fetchone()
        assert ended is not None and ended[0] >= 1

    async def run() -> None:
        storage = Storage(pg_url)
        mgr = TableManager(storage, bot_delay=0.0)
        cluster = Cluster(mgr)
        try:
            table = mgr.create("swdbg", "1v1", {}, ["human", "human"], seed=11).table
            seat, action = first_legal(table)
            await mgr.act(table, seat, action, table.state.version)
            with psycopg.connect(storage.libpq_url(), autocommit=True) as admin:
                end_appends(admin)
                seat, action = first_legal(table)
                await mgr.act(table, seat, action, table.state.version)
                assert table.state.version == 2 == logged(storage, table.id)
                # (from another database: PostgreSQL will not lock out the one a session is using)
                other = psycopg.connect(make_conninfo(storage.libpq_url(), dbname="postgres"), autocommit=True)
                other.execute("ALTER DATABASE allegiance WITH ALLOW_CONNECTIONS false")
                try:
                    end_appends(admin)
                    cluster.action_log.timeout = 0.5
                    version, told = table.state.version, table.events.end
                    seat, action = first_legal(table)
                    with pytest.raises(PoolTimeout):
                        await mgr.act(table, seat, action, version)
                    assert table.state.version == version == table.actions_played
                    assert table.events.end == told and not table.lock.locked()
                finally:
                    other.execute("ALTER DATABASE allegiance WITH ALLOW_CONNECTIONS true")
                    other.close()
            assert logged(storage, table.id) == version
            cluster.action_log.timeout = 60.0  # the pool reconnects on its own schedule
            await mgr.act(table, seat, action, version)
            assert table.state.version == version + 1 == logged(storage, table.id)
        finally:
            await cluster.stop()
            storage.close()

    asyncio.run(run())


@pytest.mark.timeout(120)
def test_a_creation_waiting_for_postgresql_holds_up_neither_the_loop_nor_the_search_cap(pg_url: str) -> None:
    """A table's creation is some eight round trips to PostgreSQL; the server awaits them in a worker
    thread (``TableManager.create_async``).  Here another session holds the creating address's lock, so
    the insert waits inside PostgreSQL: meanwhile another table plays, the new table is nowhere yet, and
    with a cap of one table with a searching bot per address, a second such creation from the same
    address is refused while the first is being stored (it counts already)."""
    import psycopg

    from allegiance.server.limits import Limits
    from allegiance.server.storage import client_key
    from allegiance.server.tables import TooManySearchTables

    async def run() -> None:
        storage = Storage(pg_url)
        mgr = TableManager(storage, bot_delay=0.0, limits=Limits(search_tables_per_client=1))
        cluster = Cluster(mgr)
        try:
            other = (await mgr.create_async("swdbg", "1v1", {}, ["human", "human"], seed=12)).table
            with psycopg.connect(storage.libpq_url(), autocommit=True) as blocker, \
                    psycopg.connect(storage.libpq_url(), autocommit=True) as watcher:
                blocker.execute("BEGIN")
                blocker.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (client_key("203.0.113.9"),))
                # a hang guard, not a measure: a creation that blocked the loop would wait here for ever
                # (no signal interrupts it); released, the assertions below say what went wrong
                guard = threading.Timer(60, blocker.execute, ("ROLLBACK",))
                guard.start()
                known = set(mgr.tables)
                creating = asyncio.create_task(mgr.create_async("swdbg", "1v1", {}, ["human", "ismcts"], seed=13,
                                                                client="203.0.113.9"))
                while not creating.done() and not watcher.execute(
                        "SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0]:
                    await asyncio.sleep(0.01)
                assert not creating.done() and set(mgr.tables) == known
                seat, action = first_legal(other)
                await mgr.act(other, seat, action, other.state.version)  # the loop is free
                assert other.state.version == 1
                with pytest.raises(TooManySearchTables):
                    await mgr.create_async("swdbg", "1v1", {}, ["human", "ismcts"], client="203.0.113.9")
                guard.cancel()
                blocker.execute("ROLLBACK")
            created = await creating
            assert set(mgr.tables) == known | {created.table.id}
            assert storage.load_table(created.table.id) is not None
            with pytest.raises(TooManySearchTables):  # counted as a live table now
                await mgr.create_async("swdbg", "1v1", {}, ["human", "ismcts"], client="203.0.113.9")
            assert not mgr._searching_pending  # noqa: SLF001 - nothing left counted as on its way
        finally:
            await mgr.shutdown()
            await cluster.stop()
            storage.close()

    asyncio.run(run())
