"""Where the online table's bots think.

A quick bot (random, greedy: microseconds a move) chooses on the event loop.  A searching bot
(``Bot.searches``, e.g. ISMCTS: tens of milliseconds a move) would stall every other table there, and
in a thread it still holds the GIL most of the time (with four ISMCTS tables beside 100 human tables
the humans' p99 went from 12 to 70 ms).  So it thinks in a separate process: the bot and a copy of the
state are pickled to a process pool (one process per core, niced below the event loop: see
:func:`default_thinkers`), and the bot comes back with its random generator advanced, so a table's
bots play as they would in one process.  The tables take turns at the pool through a fair queue
(:mod:`allegiance.server.botqueue`), and each choice may carry a deadline at which the search stops.

If the state or bot cannot be pickled, or the pool is broken, the bot thinks in a thread instead and
the server says so once in its log.  That is the case of the mypyc-compiled build (``setup.py``): its
native classes are made through ``__init__``, which pickle cannot call, so there searching bots think
in threads.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import multiprocessing
import os
import pickle
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from allegiance.bots.base import Bot
from allegiance.core.actions import Action
from allegiance.core.game import Game
from allegiance.games import get_game
from allegiance.server.orphans import WorkAbandoned, abandonable, start_worker, stop_pool

log = logging.getLogger("allegiance.server")


#: the niceness of the thinking processes: the event loop's process keeps the priority
THINKER_NICE = 10


def default_thinkers() -> int:
    """Processes for searching bots: one per core this process may run on.

    The event loop needs a core too, but only in bursts, and the thinking processes run at a lower
    priority (:data:`THINKER_NICE`): the kernel hands the loop its core as soon as it wakes, and the
    searches have every core the loop leaves idle.  Fewer processes (all cores but one, as before)
    leave one of two cores idle most of the time while tables queue for the other (issue 21, item 5).
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _start_thinker() -> None:
    start_worker()
    try:
        os.nice(THINKER_NICE)
    except OSError:  # pragma: no cover - not allowed here: thinks at the same priority
        pass


def _think(bot: Bot, game_name: str, state: Any, seat: int, legal: list[Action],
           deadline: float | None = None) -> tuple[Action, Bot]:
    """In a worker process: the bot's choice, and the bot itself (its generator has moved on)."""
    with abandonable():  # a stopping server abandons the search (orphans.stop_pool)
        return _choose(bot, get_game(game_name), state, seat, legal, deadline), bot


def _choose(bot: Bot, game: Game, state: Any, seat: int, legal: list[Action], deadline: float | None) -> Action:
    bot.deadline = deadline
    try:
        return bot.choose(game, state, seat, legal)
    finally:
        bot.deadline = None


def _forget_late(search: asyncio.Future[Any]) -> None:
    """A late search's result is not wanted; its failure is still said in the log."""
    if not search.cancelled() and (exc := search.exception()) is not None:
        log.warning("a late search failed (%s: %s)", type(exc).__name__, exc)


class BotThinker:
    """Runs bots' choices off the event loop when they search (see the module doc)."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or default_thinkers()
        self._pool: ProcessPoolExecutor | None = None
        #: None until the first searching bot shows whether states pickle; True once bots think in threads
        self._in_threads: bool | None = None

    @property
    def in_processes(self) -> bool:
        """Whether searching bots think in other processes (False once they fell back to threads)."""
        return not self._in_threads

    @staticmethod
    def _pickles(bot: Bot, state: Any) -> bool:
        try:
            pickle.loads(pickle.dumps((bot, state)))
        except Exception as exc:  # noqa: BLE001 - any failure means: think in threads
            log.warning("searching bots think in threads: their state cannot be pickled (%s: %s)",
                        type(exc).__name__, exc)
            return False
        return True

    async def choose(self, bot: Bot, game: Game, game_name: str, state: Any, seat: int,
                     legal: list[Action], deadline: float | None = None) -> tuple[Action, Bot]:
        """The bot's action for ``seat`` and the bot to keep for its next move.

        ``state`` must be the caller's own copy: the bot may change it.  ``deadline``: the
        ``time.monotonic()`` instant at which a searching bot stops searching (:attr:`Bot.deadline`).
        """
        if not bot.searches:
            return bot.choose(game, state, seat, legal), bot
        if self._in_threads is None:
            self._in_threads = not self._pickles(bot, state)
        if not self._in_threads:
            try:
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(self._get_pool(), _think, bot, game_name, state, seat, legal,
                                                  deadline)
            except WorkAbandoned:  # the server is stopping (close): the choice is no longer wanted
                raise asyncio.CancelledError() from None
            except (pickle.PicklingError, BrokenProcessPool) as exc:
                log.warning("searching bots think in threads from now on (%s: %s)", type(exc).__name__, exc)
                self._in_threads = True
                self.close()
        return await asyncio.to_thread(_choose, bot, game, state, seat, legal, deadline), bot

    async def choose_by(self, answer_at: float, bot: Bot, game: Game, game_name: str, state: Any, seat: int,
                        legal: list[Action], deadline: float | None = None,
                        ) -> tuple[Action, Bot, asyncio.Future[Any] | None]:
        """Like :meth:`choose`, but never later than ``answer_at`` (event-loop time).

        A search that is not back by then (a starved process on a busy machine overruns its
        deadline) is not waited for: the answer is the bot's :meth:`~Bot.hurried` choice, so that the
        answer time never tells whether there was anything to search.  Returns the action, the bot
        to keep, and the search still running (its process is busy until it ends), or ``None``.
        ``state`` must be the caller's own copy.
        """
        loop = asyncio.get_running_loop()
        spare = state.copy()  # the hurried choice's: the search may change ``state``
        thinking = asyncio.ensure_future(self.choose(bot, game, game_name, state, seat, legal, deadline))
        try:
            done, _ = await asyncio.wait({thinking}, timeout=max(0.0, answer_at - loop.time()))
        except asyncio.CancelledError:
            thinking.cancel()
            raise
        if done:
            action, kept = thinking.result()
            return action, kept, None
        thinking.add_done_callback(_forget_late)
        # a copy to keep: a search in a thread still sets and clears this bot's deadline
        kept = copy.copy(bot)
        return await asyncio.to_thread(kept.hurried, game, spare, seat, legal), kept, thinking

    def _get_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: forking a process that runs an event loop and threads is not safe
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_thinker)
        return self._pool

    def close(self) -> None:
        """Stop the worker processes (pending choices are cancelled)."""
        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None
