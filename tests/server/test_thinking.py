"""Searching bots think in another process and play exactly as they would in this one."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any

import pytest

from allegiance.bots.base import Bot
from allegiance.bots.ismcts import IsmctsBot
from allegiance.core.actions import Action
from allegiance.core.game import Game
from allegiance.games import get_game
from allegiance.server.storage import Storage
from allegiance.server.tables import TableManager
from allegiance.server.thinking import BotThinker

GAME = get_game("swdbg")


class WhereBot(Bot):
    """Says in which process it chose."""

    searches = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.pid = 0

    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        self.pid = os.getpid()
        return legal[0]


def test_a_searching_bot_thinks_in_another_process_and_a_quick_one_here() -> None:
    thinker = BotThinker(processes=1)
    state = GAME.new_game("1v1", 2)
    seat = GAME.active_seats(state)[0]
    legal = GAME.legal_actions(state, seat)

    async def both() -> tuple[WhereBot, WhereBot]:
        _, far = await thinker.choose(WhereBot(), GAME, "swdbg", state.copy(), seat, legal)
        quick = WhereBot()
        quick.searches = False
        _, near = await thinker.choose(quick, GAME, "swdbg", state.copy(), seat, legal)
        return far, near  # type: ignore[return-value]

    try:
        far, near = asyncio.run(both())
    finally:
        thinker.close()
    assert far.pid not in (0, os.getpid())
    assert near.pid == os.getpid()


def test_a_bot_thinking_in_another_process_plays_as_it_would_here() -> None:
    """The bot comes back with its generator moved on, so a game's moves do not depend on where it ran."""
    thinker = BotThinker(processes=1)
    local, remote = IsmctsBot(7, iterations=25), IsmctsBot(7, iterations=25)
    state = GAME.new_game("1v1", 4)
    moves = 0

    async def play() -> None:
        nonlocal remote, moves
        while GAME.outcome(state) is None and moves < 40:
            seat = GAME.active_seats(state)[0]
            legal = GAME.legal_actions(state, seat)
            mine = local.choose(GAME, state.copy(), seat, legal)
            theirs, remote = await thinker.choose(remote, GAME, "swdbg", state.copy(), seat, legal)
            assert theirs == mine
            GAME.apply(state, seat, mine)
            moves += 1

    try:
        asyncio.run(play())
    finally:
        thinker.close()
    assert moves == 40


class NiceBot(Bot):
    """Says how nice its process is."""

    searches = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.nice = -100

    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        self.nice = os.nice(0)
        return legal[0]


def searched_position() -> tuple[Any, int, list[Action]]:
    """A SWDBG position where ISMCTS searches (several moves, none of them playing a card)."""
    state = GAME.new_game("1v1", 4)
    probe = IsmctsBot(1, iterations=3)
    while True:
        seat = GAME.active_seats(state)[0]
        legal = GAME.legal_actions(state, seat)
        probe.last_iterations = 0
        action = probe.choose(GAME, state.copy(), seat, legal)
        if probe.last_iterations:
            return state, seat, legal
        GAME.apply(state, seat, action)


def test_the_tables_deadline_ends_a_search_in_its_process_and_one_past_it_does_not_search() -> None:
    """Issue 21, item 2: a searching bot's answer must never come later than its fixed think time, so
    the search stops at the deadline the table gives (here far below its iteration budget), and a
    search that starts after its deadline takes the heuristic's choice at once."""
    import time

    thinker = BotThinker(processes=1)
    state, seat, legal = searched_position()

    async def think(deadline: float | None, iterations: int = 10**8) -> IsmctsBot:
        _, bot = await thinker.choose(IsmctsBot(3, iterations=iterations), GAME, "swdbg", state.copy(), seat,
                                      legal, deadline)
        return bot  # type: ignore[return-value]

    try:
        asyncio.run(think(None, 1))  # the pool is started: its start-up does not eat the deadline below
        bounded = asyncio.run(think(time.monotonic() + 0.3))
        late = asyncio.run(think(time.monotonic() - 1))
    finally:
        thinker.close()
    assert 0 < bounded.last_iterations < 10**8 and bounded.deadline is None
    assert late.last_iterations == 0


def test_thinking_processes_use_every_core_below_the_event_loops_priority() -> None:
    """Issue 21, item 5: one thinking process per core this server may use, each niced, so the searches
    take every idle core and the event loop still gets its core when it wakes."""
    from allegiance.server.thinking import THINKER_NICE, default_thinkers

    assert default_thinkers() == len(os.sched_getaffinity(0))
    thinker = BotThinker(processes=1)
    state = GAME.new_game("1v1", 2)
    seat = GAME.active_seats(state)[0]

    async def ask() -> NiceBot:
        _, bot = await thinker.choose(NiceBot(), GAME, "swdbg", state.copy(), seat, GAME.legal_actions(state, seat))
        return bot  # type: ignore[return-value]

    try:
        bot = asyncio.run(ask())
    finally:
        thinker.close()
    assert bot.nice == min(19, os.nice(0) + THINKER_NICE)


class FailingBot(Bot):
    """A bot whose every choice raises: a bug in a bot's code."""

    name = "failing"

    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        raise RuntimeError("a bug in the bot")


def test_a_bot_that_fails_to_choose_plays_a_legal_action_and_the_table_goes_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Once, a table stalled for good when a bot's choice raised: its task logged the failure and stopped."""
    async def run() -> list[tuple[int, dict[str, Any]]]:
        mgr = TableManager(Storage(str(tmp_path / "t.db")), bot_delay=0.0)
        try:
            table = mgr.create("swdbg", "1v1", {}, ["greedy", "greedy"], seed=3).table
            table.bots = {0: FailingBot(0), 1: FailingBot(1)}  # before their task first runs
            async with asyncio.timeout(120):  # a hang bound, not a measure: a stalled table hangs here
                while table.state.version < 6:
                    await asyncio.sleep(0.01)
            return list(table.record.actions[:6])
        finally:
            await mgr.shutdown()

    with caplog.at_level(logging.ERROR, logger="allegiance.server"):
        played = asyncio.run(run())
    assert "could not choose" in caplog.text and "a bug in the bot" in caplog.text  # said in the log
    state = GAME.new_game("1v1", 3, {})
    for seat, action in played:  # legal moves, drawn at random (a first legal move may cycle forever)
        assert Action.from_json(action) in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, Action.from_json(action))
