"""The server's rarer database work on PostgreSQL: taking a seat, a link's first use, closing a table (by
its creator, or at its maximum length) and the listing.  Two processes are two managers over one database; the database decides between their
racing changes, and the event loop does not wait for any of it."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest
from sqlalchemy import event

from allegiance.server.cluster import Cluster
from allegiance.server.storage import ABANDONED, FINISHED, Storage
from allegiance.server.tables import AlreadyOver, BadToken, LiveTable, SeatUnavailable, TableManager

pytestmark = pytest.mark.postgres



def two_processes(url: str) -> tuple[Storage, Storage, TableManager, TableManager]:
    first, second = Storage(url), Storage(url)
    return first, second, TableManager(first, bot_delay=0.0), TableManager(second, bot_delay=0.0)


def first_legal(table: LiveTable) -> tuple[int, dict]:
    seat = table.game.active_seats(table.state)[0]
    return seat, table.game.legal_actions(table.state, seat)[0].to_json()


def play_to_end(mgr: TableManager, table: LiveTable) -> None:
    rng = random.Random(0)
    while table.game.outcome(table.state) is None:
        seat = table.game.active_seats(table.state)[0]
        mgr.submit(table, seat, rng.choice(table.game.legal_actions(table.state, seat)), table.state.version)


async def until_waiting(url: str, task: asyncio.Task[Any]) -> None:
    """Return once PostgreSQL shows a statement waiting for a lock (or ``task`` ended: the assertions
    that follow then say what went wrong)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as watcher:
        while not task.done() and not watcher.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0]:
            await asyncio.sleep(0.01)


def test_two_processes_taking_one_open_seat_give_it_to_one_page(pg_url: str) -> None:
    """Issue 25's racing, for the lobby: two pages take the same open seat through two processes at
    once.  Before, both were given a link and the last write won, so one of them held a link that was
    no longer the seat's.  Now the database takes one: the other page is told the seat is taken, and the
    winner's link opens the seat on both processes."""

    async def run() -> None:
        first, second, a, b = two_processes(pg_url)
        try:
            table = a.create("swdbg", "1v1", {}, ["human", "human"], seed=21, open_seats=[1]).table
            there = await b.open(table.id)
            results = await asyncio.gather(a.take_seat(table, 1), b.take_seat(there, 1), return_exceptions=True)
            tokens = [r for r in results if isinstance(r, str)]
            refused = [r for r in results if isinstance(r, Exception)]
            assert len(tokens) == 1 and len(refused) == 1, results
            assert isinstance(refused[0], SeatUnavailable) and str(refused[0]) == "seat 1 is already taken"
            for mgr, live in ((a, table), (b, there)):  # the loser's process reads the winner's link
                assert await mgr.seat_of_token(live, tokens[0]) == 1
                assert live.seats[1].claimed
                with pytest.raises(SeatUnavailable):
                    await mgr.take_seat(live, 1)
            assert [s.claimed for s in first.seats_of(table.id)] == [False, True]
        finally:
            first.close()
            second.close()

    asyncio.run(run())


def test_a_link_replaced_on_another_process_no_longer_claims_its_seat(pg_url: str) -> None:
    """An open seat's first link (the creator's) is checked by process B just as a page takes the seat
    through process A, which gives the seat a new link.  B's claim names the link it checked; the
    database has another one now, so B refuses the old link, as it would have had it known: one person
    per seat."""

    async def run() -> None:
        first, second, a, b = two_processes(pg_url)
        try:
            created = a.create("swdbg", "1v1", {}, ["human", "human"], seed=22, open_seats=[1])
            table, old = created.table, created.tokens[1]
            there = await b.open(table.id)
            assert await b.seat_of_token(there, old) == 1  # checked on B, not yet claimed
            new = await a.take_seat(table, 1)  # A gives the seat a new link meanwhile
            with pytest.raises(BadToken):
                await b.claim(there, 1)
            with pytest.raises(BadToken):
                await b.seat_of_token(there, old)
            assert await b.seat_of_token(there, new) == 1 and there.seats[1].claimed
            await b.claim(there, 1)  # the new link's use: nothing to do
        finally:
            first.close()
            second.close()

    asyncio.run(run())


def test_closing_a_table_another_process_finished_keeps_its_ending(pg_url: str) -> None:
    """The creator closes the table on process A while process B has just stored its last action.
    Before, the close overwrote the stored ``finished`` with ``abandoned``.  Now the database marks a
    table abandoned only while it is being played: the close is refused as too late, and the table
    keeps its winner; the idle sweep leaves it too."""

    async def run() -> None:
        first, second, a, b = two_processes(pg_url)
        try:
            created = a.create("wakfu", "1v1", {"max_turns": 2}, ["human", "human"], seed=23)
            table = created.table
            there = await b.open(table.id)
            play_to_end(b, there)  # stored by B; A has not followed it (no cluster here)
            assert table.status == "playing" and first.status_of(table.id) == FINISHED
            with pytest.raises(AlreadyOver):
                await a.close_async(table, created.creator_token)
            assert first.status_of(table.id) == FINISHED and not table.abandoned
            assert first.abandon([table.id]) == []  # what the sweep would do: nothing either
            assert first.status_of(table.id) == FINISHED
            # a table still being played is closed, once
            other = a.create("swdbg", "1v1", {}, ["human", "human"], seed=24)
            await a.close_async(other.table, other.creator_token)
            assert other.table.abandoned and first.status_of(other.table.id) == ABANDONED
            with pytest.raises(AlreadyOver):
                await a.close_async(other.table, other.creator_token)
        finally:
            first.close()
            second.close()

    asyncio.run(run())


def test_the_listing_reads_postgresql_in_three_queries_off_the_loop(pg_url: str) -> None:
    """The lobby's listing read each table's seats and secret with queries of their own: 400 round
    trips for its 200 tables, on the event loop.  Now three queries, in a worker thread: here the seats'
    table is locked by another session, so the listing's read waits inside PostgreSQL, while the loop
    plays another table and a second lobby request waits for the same build rather than starting one."""
    import psycopg

    async def run() -> None:
        storage = Storage(pg_url)
        mgr = TableManager(storage, bot_delay=0.0)
        cluster = Cluster(mgr)
        try:
            tables = [(await mgr.create_async("swdbg", "1v1", {}, ["human", "human"], seed=30 + n)).table
                      for n in range(3)]
            first_etag, first_body = await mgr.listing.get("playing", 200)
            builds = mgr.listing.builds
            mgr.lobby_changed()
            with psycopg.connect(storage.libpq_url(), autocommit=True) as blocker:
                blocker.execute("BEGIN")
                blocker.execute("LOCK TABLE seats IN ACCESS EXCLUSIVE MODE")
                # a hang guard, not a measure: a listing that blocked the loop would wait here for ever
                guard = threading.Timer(60, blocker.execute, ("ROLLBACK",))
                guard.start()
                listing = asyncio.create_task(mgr.listing.get("playing", 200))
                await until_waiting(storage.libpq_url(), listing)
                assert not listing.done()
                again = asyncio.create_task(mgr.listing.get("playing", 5))
                played = tables[0]
                seat, action = first_legal(played)
                await mgr.act(played, seat, action, played.state.version)  # the loop is free
                assert played.state.version == 1 and not listing.done() and not again.done()
                guard.cancel()
                blocker.execute("ROLLBACK")
            etag, body = await listing
            _, few = await again
            assert mgr.listing.builds == builds + 1  # one build served both requests
            assert etag == first_etag and body == first_body  # the listing has no version: unchanged
            listed = body.count(b'"game"')  # the other tests' playing tables are there too
            assert listed >= 3 and few.count(b'"game"') == min(5, listed)
            statements: list[str] = []
            event.listen(storage.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
            assert len(storage.table_records("playing", 200)) == listed and len(statements) == 3
            statements.clear()
            assert len(storage.table_records("playing", 1)) == 1 and len(statements) == 3
        finally:
            await mgr.shutdown()
            await cluster.stop()
            storage.close()

    asyncio.run(run())


def test_a_table_at_its_maximum_length_is_closed_off_the_loop(pg_url: str) -> None:
    """``Limits.max_actions`` closes a game that reaches it without a winner.  With PostgreSQL that write
    went over a blocking connection from inside the action's path; now it is stored from a task, in a
    worker thread, and meanwhile the table's bots are not woken.  The table ends abandoned in memory and
    in the database, and the manager forgets the task once done."""
    import psycopg

    from allegiance.server.limits import Limits

    async def run() -> None:
        storage = Storage(pg_url)
        mgr = TableManager(storage, bot_delay=0.0, limits=Limits(max_actions=4))
        cluster = Cluster(mgr)
        try:
            table = mgr.create("swdbg", "1v1", {}, ["human", "human"], seed=41).table
            tasks = set(mgr._tasks)  # noqa: SLF001 - the manager's own tasks before
            for _ in range(3):
                seat, action = first_legal(table)
                await mgr.act(table, seat, action, table.state.version)
            with psycopg.connect(storage.libpq_url(), autocommit=True) as blocker:
                # the table's row held against updates (not against the log rows' foreign key): the
                # fourth action is stored, and the close that follows waits inside PostgreSQL
                blocker.execute("BEGIN")
                blocker.execute("SELECT id FROM tables WHERE id = %s FOR NO KEY UPDATE", (table.id,))
                guard = threading.Timer(60, blocker.execute, ("ROLLBACK",))  # a hang guard, not a measure
                guard.start()
                seat, action = first_legal(table)
                await mgr.act(table, seat, action, table.state.version)
                assert table.closing and table.status == "playing"  # being stored
                closing = next(iter(set(mgr._tasks) - tasks))  # noqa: SLF001
                await until_waiting(storage.libpq_url(), closing)
                assert not closing.done() and table.status == "playing"  # the loop runs meanwhile
                guard.cancel()
                blocker.execute("ROLLBACK")
            while table.status == "playing":
                await asyncio.sleep(0.01)
            assert table.abandoned and not table.closing and table.actions_played == 4
            assert storage.status_of(table.id) == ABANDONED
            await asyncio.sleep(0)
            assert set(mgr._tasks) <= tasks  # noqa: SLF001 - nothing left behind
        finally:
            await mgr.shutdown()
            await cluster.stop()
            storage.close()

    asyncio.run(run())
