"""The ISMCTS bot: information-set Monte Carlo tree search with determinisation (SO-ISMCTS).

One tree is grown from the deciding seat's point of view.  Each iteration

1. **determinises**: plays on a copy of one of ``determinizations`` sampled worlds, taken in turn;
   each deals every card the seat cannot see again at random, consistently with its view
   (the game's ``SearchHooks.determinize``) — the bot never reads a hidden card of the real state.  A small
   fixed ensemble (each world keeps its own future shuffles) means moves are compared on the same
   worlds, which cuts the noise of the comparisons, and copying a world is cheaper than dealing one;
2. **selects** down the tree with UCB1 over the moves legal *in that determinisation*, using
   availability counts (a move is scored against the number of times it was available, not the
   parent's visits: Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search");
3. **expands** one new move, the greedy heuristic's choice first;
4. **rolls out** with the greedy heuristic for both teams until ``horizon`` team turns after the
   root (counted from the seat's own turn: a choice forced on it in the opponents' turn is followed
   through its next turn), then scores the position with the game's evaluation (a win chance per team);
5. **backs up** the reward of each move's team: its own value of the position (in 2v2 teammates share
   a team and a reward; in a three-sided game each side maximises its own chance).

Moves are named by their meaning (``move_key``), not card ids, so the seven Imperial Shuttles in a
hand are one move and an opponent's move is the same node in every determinisation.  In a team turn
both teammates' moves are in the tree; the root holds only the deciding seat's.

Two kinds of decision are not searched: a choice with a single distinct move, and playing a card
from hand in the main phase (playing every card before buying or attacking never loses anything, and
the greedy order is kept), which keeps the tree for the decisions that matter.  Any card the rollout
policy would play is played so; searching those plays too was measured in the later games and gained
nothing there either (docs/figures/jk.md and wakfu.md, session 27).

Options: ``iterations`` (default 300) or ``time_ms`` (a time budget; not reproducible, for play),
``exploration`` (UCB constant; low, as rollouts to the end of the turn are nearly deterministic; by
default the game's ``SearchHooks.exploration``, which suits the spread of its evaluation),
``horizon`` (team turns simulated past the root's turn), ``determinizations`` (worlds sampled).
A :attr:`~allegiance.bots.base.Bot.deadline` set by the online table ends the search earlier than
its budget: iterations stop at it, and a search that starts after it takes the rollout policy's choice.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import Any

from allegiance.bots.base import Bot
from allegiance.core.actions import Action
from allegiance.core.game import Game
from allegiance.core.hooks import SearchHooks
from allegiance.core.rng import Rng

Move = tuple[Hashable, int, Action]  # (key, seat, action)
#: the UCB constant of a game whose hooks do not set one
DEFAULT_EXPLORATION = 0.3


def hooks_for(game: Game) -> SearchHooks:
    """The search hooks of a game; raises ``ValueError`` for a game ISMCTS does not support yet."""
    try:
        return game.search_hooks()
    except NotImplementedError:
        raise ValueError(f"the ismcts bot does not support {game.name!r} yet") from None


class Node:
    """A move in the tree and its statistics, from the point of view of the team that made it."""

    __slots__ = ("children", "visits", "avail", "reward", "team")

    def __init__(self, team: int) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.team = team


class IsmctsBot(Bot):
    """Information-set MCTS with determinisation, greedy rollouts and a horizon (see module doc)."""

    name = "ismcts"
    searches = True

    def __init__(self, seed: int = 0, iterations: int = 300, time_ms: float | None = None,
                 exploration: float | None = None, horizon: int = 1, determinizations: int = 10) -> None:
        super().__init__(seed)
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_ms is not None and time_ms <= 0:
            raise ValueError("time_ms must be positive")
        if exploration is not None and exploration < 0:
            raise ValueError("exploration must not be negative")
        if horizon < 0:
            raise ValueError("horizon must not be negative")
        self.iterations = int(iterations)
        self.time_ms = time_ms
        #: the UCB constant; None: the game's (``SearchHooks.exploration``)
        self.exploration = None if exploration is None else float(exploration)
        self._c = DEFAULT_EXPLORATION
        self.horizon = int(horizon)
        if determinizations < 1:
            raise ValueError("determinizations must be at least 1")
        self.determinizations = int(determinizations)
        #: the generator of :meth:`hurried`, apart from the search's
        self.hurry_rng = Rng(seed ^ 0x5EED)
        self.last_iterations = 0  # iterations run by the last searched decision (for reports)

    # -- the decision -------------------------------------------------------------------------------
    def hurried(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        """What :meth:`choose` answers with no time to search: the one move, a card the heuristic
        plays, or the rollout policy's pick (with :attr:`hurry_rng`, not the search's generator)."""
        hooks = hooks_for(game)
        if hooks.searched is not None:
            legal = hooks.searched(state, seat, legal) or legal
        if len({hooks.move_key(state, seat, action) for action in legal}) == 1:
            return legal[0]
        return hooks.policy(state, seat, legal, self.hurry_rng)

    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        hooks = hooks_for(game)
        if hooks.searched is not None:
            legal = hooks.searched(state, seat, legal) or legal
        by_key: dict[Hashable, Action] = {}
        for action in legal:
            by_key.setdefault(hooks.move_key(state, seat, action), action)
        if len(by_key) == 1:
            return legal[0]
        forced = _play_first(hooks, state, seat, legal, self.rng)
        if forced is not None:
            return forced
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.last_iterations = 0
            return hooks.policy(state, seat, legal, self.rng)
        self._c = self.exploration if self.exploration is not None else hooks.exploration
        root = Node(hooks.team_of(state, seat))
        iterations = self.iterations if hooks.budget is None else max(1, round(self.iterations * hooks.budget(state)))
        worlds = [hooks.determinize(state, seat, self.rng)
                  for _ in range(min(self.determinizations, iterations))]
        # time.monotonic: the table's deadline is set in another process, on the same system clock
        deadline = None if self.time_ms is None else time.monotonic() + self.time_ms / 1000
        if self.deadline is not None:
            deadline = self.deadline if deadline is None else min(deadline, self.deadline)
        done = 0
        while True:
            self._iterate(game, hooks, game.copy(worlds[done % len(worlds)]), state, seat, root)
            done += 1
            if done >= iterations and self.time_ms is None:
                break
            if deadline is not None and time.monotonic() >= deadline:
                break
        self.last_iterations = done
        best = max((k for k in root.children if k in by_key),
                   key=lambda k: (root.children[k].visits, root.children[k].reward), default=None)
        return by_key[best] if best is not None else legal[0]

    # -- one iteration ---------------------------------------------------------------------------
    def _iterate(self, game: Game, hooks: SearchHooks, state: Any, root_state: Any, seat: int,
                 root: Node) -> None:
        """One iteration on ``state``, a fresh copy of a determinisation of ``root_state``."""
        stop_turn = self._stop_turn(hooks, root_state, seat)
        node = root
        path: list[Node] = []
        only: int | None = seat  # the root holds the deciding seat's moves only
        while game.outcome(state) is None and hooks.turn(state) < stop_turn:
            moves, forced = self._moves(game, hooks, state, only)
            only = None
            if forced is not None:
                game.apply_unchecked(state, forced[1], forced[2])
                continue
            untried = [m for m in moves if m[0] not in node.children]
            if untried:
                key, mover, action = self._expansion(game, hooks, state, untried)
                child = Node(hooks.team_of(state, mover))
                node.children[key] = child
                path.append(child)
                game.apply_unchecked(state, mover, action)
                break
            key, mover, action = self._select(node, moves)
            node = node.children[key]
            path.append(node)
            game.apply_unchecked(state, mover, action)
        self._rollout(game, hooks, state, stop_turn)
        values = hooks.evaluate(state)
        for n in path:
            n.visits += 1
            n.reward += values[n.team]

    def _stop_turn(self, hooks: SearchHooks, state: Any, seat: int) -> int:
        """The turn counter at which simulations stop: ``horizon`` team turns on, counted from the
        seat's own team turn.  A choice made in the opponents' turn (what to discard to their
        Snowspeeder) shows its worth only in the seat's next turn, so that turn is simulated too."""
        waiting = hooks.active_team(state) != hooks.team_of(state, seat)
        return hooks.turn(state) + self.horizon + (1 if waiting else 0)

    def _moves(self, game: Game, hooks: SearchHooks, state: Any,
               only: int | None) -> tuple[list[Move], Move | None]:
        """The distinct moves now (one per key), or a forced move that needs no node."""
        seats = (only,) if only is not None else game.active_seats(state)
        moves: list[Move] = []
        seen: set[Hashable] = set()
        for s in seats:
            legal = game.legal_actions(state, s)
            if hooks.searched is not None:
                legal = hooks.searched(state, s, legal) or legal
            forced = _play_first(hooks, state, s, legal, self.rng)
            if forced is not None:
                return moves, (None, s, forced)
            for action in legal:
                key = hooks.move_key(state, s, action)
                if key not in seen:
                    seen.add(key)
                    moves.append((key, s, action))
        if len(moves) == 1:
            return moves, moves[0]
        return moves, None

    def _expansion(self, game: Game, hooks: SearchHooks, state: Any, untried: list[Move]) -> Move:
        """The untried move to add: the rollout policy's pick if it is untried, else a random one."""
        mover = untried[0][1]
        pick = hooks.policy(state, mover, game.legal_actions(state, mover), self.rng)
        key = hooks.move_key(state, mover, pick)
        for m in untried:
            if m[0] == key:
                return m
        return untried[self.rng.below(len(untried))]

    def _select(self, node: Node, moves: list[Move]) -> Move:
        """UCB1 with availability counts over the moves available in this determinisation."""
        best: Move | None = None
        best_score = -math.inf
        c = self._c
        for move in moves:
            child = node.children[move[0]]
            child.avail += 1
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = move, score
        assert best is not None
        return best

    def _rollout(self, game: Game, hooks: SearchHooks, state: Any, stop_turn: int) -> None:
        """Play the rollout policy for every seat until the horizon or the end of the game."""
        rng = self.rng
        while game.outcome(state) is None and hooks.turn(state) < stop_turn:
            seats = game.active_seats(state)
            s = seats[0] if len(seats) == 1 else seats[rng.below(len(seats))]
            legal = game.legal_actions(state, s)
            game.apply_unchecked(state, s, legal[0] if len(legal) == 1 else hooks.policy(state, s, legal, rng))


def _play_first(hooks: SearchHooks, state: Any, seat: int, legal: list[Action], rng: Rng) -> Action | None:
    """When the heuristic would play a card from hand, play it (playing cards is not searched)."""
    if not any(a.kind == "play" for a in legal):
        return None
    pick = hooks.policy(state, seat, legal, rng)
    return pick if pick.kind == "play" else None
