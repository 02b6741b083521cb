"""What a game supplies beyond the play protocol so that generic layers can carry it.

The search bots (``allegiance.bots``), the PettingZoo environment (``allegiance.envs``), the
terminal (``allegiance play``), the simulation runner (``allegiance.sim``) and the balance report
(``allegiance.report``) are written once for every game; each game hands them these small objects from
:meth:`Game.search_hooks`, :meth:`Game.agent_encoding`, :meth:`Game.terminal_hooks` and
:meth:`Game.record_hooks`.  Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
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
    - ``evaluate(state)``: each team's value of the position, indexed by team index: its chance of
      winning from here, in [0, 1] (a game of two teams wraps its first-team chance with
      :func:`two_teams`); every team's value is its own, so in a three-sided game each side searches
      for itself and teammates share one value;
    - ``policy(state, seat, legal, rng)``: the rollout policy's pick among ``legal``;
    - ``team_of(state, seat)``: the team index (0 .. number of teams - 1) of a seat;
    - ``turn(state)``: a counter of turns that only grows (the search horizon counts in it);
    - ``active_team(state)``: the team index whose turn it is;
    - ``searched(state, seat, legal)`` (optional): the legal actions worth searching, a non-empty
      subset of ``legal`` (a game whose rules allow moves that cycle back to the same position within a
      turn, e.g. free unlimited moves between two zones, drops the ones that would let a tree search
      loop forever);
    - ``exploration``: the ISMCTS bot's default UCB constant for this game (a game whose evaluation
      spreads its values little needs a low one, or the search hardly tells its moves apart);
    - ``budget(state)`` (optional): how many times the bot's iterations a decision in ``state`` gets
      (1.0 when absent): a game whose few decisive moments settle it (a last battle, say) searches
      them longer.  Only an iteration budget is scaled, never a time budget.
    """

    determinize: Callable[[Any, int, Rng], Any]
    move_key: Callable[[Any, int, Action], Hashable]
    evaluate: Callable[[Any], Sequence[float]]
    policy: Callable[[Any, int, list[Action], Rng], Action]
    team_of: Callable[[Any, int], int]
    turn: Callable[[Any], int]
    active_team: Callable[[Any], int]
    searched: Callable[[Any, int, list[Action]], list[Action]] | None = None
    exploration: float = 0.3
    budget: Callable[[Any], float] | None = None


def two_teams(first_team_chance: Callable[[Any], float]) -> Callable[[Any], tuple[float, float]]:
    """The per-team evaluation of a two-team game from its first team's winning chance ``v``:
    ``(v, 1 - v)``."""
    def evaluate(state: Any) -> tuple[float, float]:
        v = first_team_chance(state)
        return v, 1.0 - v
    evaluate.__doc__ = first_team_chance.__doc__
    return evaluate


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


@dataclass(frozen=True)
class TrackInfo:
    """What a game's per-turn track means, in the words the balance report uses.

    - ``name``: a short key stored with each simulation record (``track_name``), so a report can tell
      that a record's numbers are the track the game describes now;
    - ``title``: the figure's title (e.g. "The score over time");
    - ``axis``: the y axis label;
    - ``summary``: the track in a few words for the text summary, with its scale (e.g. "score (0 = one
      side's end, 6 = the other's)"); it follows "Mean ";
    - ``meaning``: one or two sentences under the figure: what a value is, when it is taken;
    - ``low``/``high``: the track's bounds when it has fixed ones (the plot's y range), else ``None``;
    - ``ticks``: labelled y ticks (value, label), e.g. the ends of a track named by who they favour;
      empty: the plot's own ticks;
    - ``centre``: a value drawn as a dashed reference line (e.g. 0 for "even"), or ``None``;
    - ``every``: plot one turn in ``every`` (a track that swings with whose turn it is reads better
      sampled once per round: 2 for two alternating teams);
    - ``turns``: the x axis label.
    """

    name: str
    title: str
    axis: str
    summary: str
    meaning: str
    low: float | None = None
    high: float | None = None
    ticks: tuple[tuple[float, str], ...] = ()
    centre: float | None = None
    every: int = 1
    turns: str = "turn"


class CardRecorder(Protocol):
    """Records one simulated game's card events (made fresh for each game by
    :attr:`RecordHooks.card_recorder`; it may keep what it needs between calls)."""

    def step(self, state: Any, seat: int, action: Action) -> list[tuple[int, str]] | None:
        """Called *before* ``action`` is applied, for each action whose kind is in
        :attr:`RecordHooks.card_kinds`: the card events completed since the previous call, as
        ``(seat, card name)`` pairs (``None`` or empty for none).  It must not change ``state``."""
        ...

    def end(self, state: Any) -> list[tuple[int, str]] | None:
        """Called once when the game is over: the card events not yet returned."""
        ...


@dataclass(frozen=True)
class RecordHooks:
    """What a simulation records of one game beyond its result, and how the balance report names it.

    The runner (``allegiance.sim.runner``) asks for these once per game; every field is optional and the
    default (:meth:`Game.record_hooks`) records nothing, at no cost per action.

    - ``track`` and ``track_value(state)``: a number the runner reads at the start of each turn (when
      the state's ``turn`` counter changes); the report plots its mean by turn, overall and by the team
      that went on to win;
    - ``card_verb``: what a card event is, as a past participle ("bought", "played"): the report's
      card table reads "bought by" / "played by" and compares the win rate of the seats that did it with
      their teams' usual rate;
    - ``card_noun``: the act as a noun ("purchase", "play") for titles;
    - ``card_recorder()``: a fresh :class:`CardRecorder` for one game;
    - ``card_kinds``: the action kinds the runner passes to the recorder (``None``: every action);
      keeping this small keeps recording cheap;
    - ``card_group``: what the report calls a card's group (:meth:`Game.card_group`), e.g. "faction";
    - ``colours``: a colour (``#rrggbb``) for a team or card group by name, where the game has
      customary ones; others get the report's palette.
    """

    track: TrackInfo | None = None
    track_value: Callable[[Any], int | float] | None = None
    card_verb: str = ""
    card_noun: str = ""
    card_recorder: Callable[[], CardRecorder] | None = None
    card_kinds: frozenset[str] | None = frozenset()
    card_group: str = "group"
    colours: Mapping[str, str] = field(default_factory=dict)
