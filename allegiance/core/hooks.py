"""What a game supplies beyond the play protocol so that generic layers can carry it.

The search bots (``allegiance.bots``), the PettingZoo environment (``allegiance.envs``) and the
terminal (``allegiance play``) are written once for every game; each game hands them these small
objects from :meth:`Game.search_hooks`, :meth:`Game.agent_encoding` and :meth:`Game.terminal_hooks`.
Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from allegiance.core.actions import Action
from allegiance.core.rng import Rng


@dataclass(frozen=True)
class SearchHooks:
    """What an information-set search needs of one game besides its protocol.

    - ``determinize(state, seat, rng)``: a copy of ``state`` whose every card hidden from ``seat`` is
      dealt again at random, consistently with what ``seat`` sees (the searcher never reads a hidden
      card of the real state);
    - ``move_key(state, seat, action)``: a hashable name of the move by its meaning (two copies of the
      same card in hand are one move), equal across determinisations;
    - ``evaluate(state)``: the chance that the *first* team (team 0) wins from here, in [0, 1];
    - ``policy(state, seat, legal, rng)``: the rollout policy's pick among ``legal``;
    - ``team_of(state, seat)``: the team index (0 or 1) of a seat;
    - ``turn(state)``: a counter of turns that only grows (the search horizon counts in it);
    - ``active_team(state)``: the team index whose turn it is;
    - ``searched(state, seat, legal)`` (optional): the legal actions worth searching, a non-empty
      subset of ``legal`` (a game whose rules allow moves that cycle back to the same position within a
      turn, e.g. free unlimited moves between two zones, drops the ones that would let a tree search
      loop forever).
    """

    determinize: Callable[[Any, int, Rng], Any]
    move_key: Callable[[Any, int, Action], Hashable]
    evaluate: Callable[[Any], float]
    policy: Callable[[Any, int, list[Action], Rng], Action]
    team_of: Callable[[Any, int], int]
    turn: Callable[[Any], int]
    active_team: Callable[[Any], int]
    searched: Callable[[Any, int, list[Action]], list[Action]] | None = None


@dataclass(frozen=True)
class TerminalHooks:
    """How ``allegiance play`` shows one game, where the generic board (drawn from the view alone) is
    not enough.  Every field is optional; the terminal falls back to its generic form for each.

    - ``board(console, view, catalog)``: draw the whole board of a seat's view on a Rich console
      (``catalog``: :meth:`Game.card_catalog`); it must show only what the view holds;
    - ``status(console, view, catalog)``: a line or two after each of the player's own actions;
    - ``card_text(info)``: a card's full text (Rich markup) from its catalogue entry;
    - ``card_note(info)``: a card's numbers in a few words, shown beside an action that plays or
      buys it;
    - ``explain(state, seat, action, bot)``: why the bot named ``bot`` (e.g. ``greedy``) chooses
      ``action`` for ``seat``, asked before the action is applied; "" when it cannot say.
    """

    board: Callable[[Any, dict[str, Any], dict[str, dict[str, Any]]], None] | None = None
    status: Callable[[Any, dict[str, Any], dict[str, dict[str, Any]]], None] | None = None
    card_text: Callable[[dict[str, Any]], str] | None = None
    card_note: Callable[[dict[str, Any]], str] | None = None
    explain: Callable[[Any, int, Action, str], str] | None = None


class AgentEncoding(Protocol):
    """A game's fixed-size encoding of observations and actions for learning agents (one mode).

    ``observe`` reads a seat's *view* only (invariant 4: the vector holds nothing the seat may not see).
    """

    #: length of the observation vector (float32 numbers in [0, 1])
    observation_size: int
    #: size of the discrete action space
    action_count: int
    #: every option a reset may set
    option_names: tuple[str, ...]

    def observe(self, view: dict[str, Any]) -> Any:
        """The observation vector (a NumPy float32 array) of a seat's view."""
        ...

    def index_map(self, actions: Iterable[Action]) -> dict[int, Action]:
        """Index in the action space -> action, for the given legal actions."""
        ...

    def describe_index(self, index: int) -> str:
        """An action index in words ("outside the action space" when it is not one)."""
        ...

    def truncated(self, state: Any) -> bool:
        """Whether a finished game ended by the turn limit (a truncation, not a result)."""
        ...

    def summary(self, view: dict[str, Any]) -> str:
        """One line describing a spectator's view (the environment's ``render``)."""
        ...
