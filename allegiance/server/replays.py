"""Replay playback (``POST /api/replays/step``): rebuilt in a worker process, cached, limited per client.

Rebuilding a long replay takes up to half a second of pure Python; on the event loop that would stall
every table (40 such requests at once pushed every player's ping past a second).  So the request body
goes, unparsed, to a small process pool, which parses, checks and rebuilds it and sends back the
answer as plain JSON data.  Each worker keeps a bounded cache of *checkpoints* (copies of the state
every :data:`CHECKPOINT_EVERY` actions) of the last :data:`CACHED_REPLAYS` replays, keyed by a digest
of the replay, so stepping through one replay rebuilds at most a few hundred actions per step.

One client address may have :attr:`Limits.replays_per_client` rebuilds running or waiting (more
answer 429): counted by :mod:`allegiance.server.slots`, so on a PostgreSQL site of several processes
the address has that many in all, not that many on each.  At most :attr:`Limits.replays_waiting` wait
in this process (more answer 503): that bound guards this process's own worker pool, so each process
counts its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import multiprocessing
from bisect import bisect_right
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from pydantic import ValidationError

from allegiance.core.errors import AllegianceError, PositionError
from allegiance.replay import load_replay
from allegiance.server.limits import Limits
from allegiance.server.messages import visible_events
from allegiance.server.schemas import ReplayStep
from allegiance.server.slots import REPLAY, LocalSlots
from allegiance.server.validation import describe

log = logging.getLogger("allegiance.server")

#: the longest replay the step viewer rebuilds (actions)
MAX_REPLAY_ACTIONS = 20000
#: a state copy is kept every this many actions
CHECKPOINT_EVERY = 500
#: replays whose checkpoints a worker keeps (least recently used go first)
CACHED_REPLAYS = 4
#: worker processes rebuilding replays
REPLAY_PROCESSES = 1


class ReplayRefused(Exception):
    """The request is refused before any work: ``status`` (429 or 503) and a message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


# -- in the worker process -----------------------------------------------------------------------
def _lower_priority() -> None:
    """Rebuilds are background work: the scheduler should prefer the process that serves the tables.

    Parsing a replay makes tens of thousands of objects, and the checkpoints hold many more, so the
    default collector thresholds ran full collections every few requests (measured: 0.5-4 s each on a
    busy machine); states are acyclic, so collections are made rare, and start-up objects frozen.
    """
    import gc
    import os

    from allegiance.server.orphans import start_worker

    start_worker()
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)
    gc.collect()
    gc.freeze()
    gc.set_threshold(200_000, 50, 1000)


def _ready() -> bool:
    return True


_checkpoints: OrderedDict[str, tuple[list[int], dict[int, Any]]] = OrderedDict()
#: each cached replay's turn markers (see :func:`turn_starts`), dropped with its checkpoints
_turn_marks: dict[str, list[dict[str, int]] | None] = {}


def _state_after(rep: Any, key: str, upto: int) -> tuple[Any, Any]:
    """The game and a fresh state after ``upto`` actions, from the nearest cached checkpoint."""
    from allegiance.games import get_game

    game = get_game(rep.game)
    steps, states = _checkpoints.get(key) or ([0], {0: game.new_game(rep.mode, rep.seed, rep.options,
                                                                       shuffle_key=rep.shuffle_key)})
    _checkpoints[key] = (steps, states)
    _checkpoints.move_to_end(key)
    while len(_checkpoints) > CACHED_REPLAYS:
        _turn_marks.pop(_checkpoints.popitem(last=False)[0], None)
    start = steps[bisect_right(steps, upto) - 1]
    state = states[start].copy()
    for i in range(start, upto):
        seat, action = rep.actions[i]
        try:
            game.apply(state, seat, action)
        except AllegianceError as exc:
            raise PositionError(f"replay action {i} ({action}) by seat {seat} is illegal: {exc}") from None
        if (i + 1) % CHECKPOINT_EVERY == 0 and i + 1 not in states:
            states[i + 1] = state.copy()
            steps.insert(bisect_right(steps, i + 1), i + 1)
    return game, state


def turn_starts(rep: Any, key: str) -> list[dict[str, int]] | None:
    """The replay's turn markers: ``{"step", "turn"}`` at step 0 and at each step after which the game's
    own turn number (its state's ``turn``, as the simulation records read it) changed.  ``None`` for a
    game whose state keeps no turn number (the page then finds turns from the actions).  One pass over
    the whole replay, once per cached replay (it fills the checkpoints on the way)."""
    if key in _turn_marks and key in _checkpoints:
        return _turn_marks[key]
    game, state = _state_after(rep, key, 0)
    turn = getattr(state, "turn", None)
    if not isinstance(turn, int):
        _turn_marks[key] = None
        return None
    marks = [{"step": 0, "turn": turn}]
    steps, states = _checkpoints[key]
    for i, (seat, action) in enumerate(rep.actions):
        try:
            game.apply(state, seat, action)
        except AllegianceError:
            break  # the step request itself says what is wrong with this action
        if state.turn != marks[-1]["turn"]:
            marks.append({"step": i + 1, "turn": int(state.turn)})
        if (i + 1) % CHECKPOINT_EVERY == 0 and i + 1 not in states:
            states[i + 1] = state.copy()
            steps.insert(bisect_right(steps, i + 1), i + 1)
    _turn_marks[key] = marks
    return marks


def _rebuild_step_in_worker(body: bytes) -> tuple[int, Any]:
    from allegiance.server.orphans import abandonable

    with abandonable():  # a stopping server abandons the rebuild (orphans.stop_pool)
        return rebuild_step(body)


def rebuild_step(body: bytes) -> tuple[int, Any]:
    """Answer one step request from its raw body: ``(HTTP status, JSON body)``."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        return 400, {"detail": f"the body must be a JSON object ({type(exc).__name__})"}
    try:
        req = ReplayStep.model_validate(data)
    except ValidationError as exc:
        # a sentence, never the values: they may be non-finite floats that JSON cannot carry (item 8)
        return 400, {"detail": describe(exc.errors())}
    except RecursionError:
        return 400, {"detail": "the body is nested too deeply"}
    try:
        rep = load_replay(req.replay)
    except (PositionError, ValueError, TypeError, OverflowError, RecursionError) as exc:
        return 400, {"detail": f"not a replay file: {exc}"}
    if len(rep.actions) > MAX_REPLAY_ACTIONS:
        return 400, {"detail": f"replay too long ({len(rep.actions)} actions; at most {MAX_REPLAY_ACTIONS})"}
    step = max(0, min(req.step, len(rep.actions)))
    try:
        key = hashlib.blake2b(json.dumps(req.replay, sort_keys=True).encode(), digest_size=16).hexdigest()
        turns = turn_starts(rep, key) if req.turns else None
        game, state = _state_after(rep, key, step - 1 if step else 0)
        events = []
        if step:
            seat, action = rep.actions[step - 1]
            # in the words of the reader (the seat chosen, or a spectator), not of the seat that acted
            text = game.describe_action_for(state, seat, action, req.seat)
            events = game.apply(state, seat, action)
        else:
            text = "the deal"
    except (AllegianceError, ValueError, TypeError, OverflowError) as exc:
        return 400, {"detail": str(exc)}
    seats = len(state.table.seats)
    if req.seat is not None and not 0 <= req.seat < seats:
        return 400, {"detail": f"seat must be between 0 and {seats - 1} (or left out for a spectator's view)"}
    outcome = game.outcome(state)
    return 200, {"step": step, "steps": len(rep.actions), "action": text, "view": game.view(state, req.seat),
                 "events": visible_events(events, req.seat),
                 "seats": [{"seat": s.index, "label": s.label, "team": s.team} for s in state.table.seats],
                 "outcome": outcome.to_json() if outcome else None,
                 "progress": game.progress(state, req.seat), "turns": turns}


# -- on the event loop ---------------------------------------------------------------------------
class ReplayService:
    """Sends step requests to the worker pool, within the per-client and server-wide limits."""

    def __init__(self, limits: Limits, processes: int = REPLAY_PROCESSES, slots: LocalSlots | None = None) -> None:
        """``slots``: where each address's rebuilds are counted (default: in this process; a PostgreSQL
        site passes :class:`~allegiance.server.slots.AdvisorySlots`, counting them site-wide)."""
        self.limits = limits
        self.processes = processes
        self.slots = slots or LocalSlots()
        self._pool: ProcessPoolExecutor | None = None
        self._waiting = 0

    async def step(self, body: bytes, client: str) -> tuple[int, Any]:
        # the address's rebuilds, over every process of a PostgreSQL site (issue 25)
        slot = await self.slots.take(REPLAY, client, self.limits.replays_per_client)
        if slot is None:
            raise ReplayRefused(429, f"at most {self.limits.replays_per_client} replay step(s) at once per "
                                "client; wait for the previous answer")
        try:
            if self._waiting >= self.limits.replays_waiting:
                raise ReplayRefused(503, "the server is busy rebuilding replays; try again in a moment")
            self._waiting += 1
            try:
                return await asyncio.get_running_loop().run_in_executor(self._get_pool(), _rebuild_step_in_worker,
                                                                        body)
            except BrokenProcessPool:
                log.warning("the replay worker died; starting a new one")
                self.close()
                raise ReplayRefused(503, "the replay worker restarted; try again") from None
            finally:
                self._waiting -= 1
        finally:
            await self.slots.give_back(slot)

    async def warm(self) -> None:
        """Start the worker now: starting a process costs the event loop a pause (measured up to 0.7 s
        on a busy machine), better paid at start-up than in the middle of games."""
        await asyncio.get_running_loop().run_in_executor(self._get_pool(), _ready)

    def _get_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: forking a process that runs an event loop and threads is not safe
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_lower_priority)
        return self._pool

    def close(self) -> None:
        """Stop the worker processes (see :func:`allegiance.server.orphans.stop_pool`)."""
        from allegiance.server.orphans import stop_pool

        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None
