"""The protocol every game implements, and the checked entry point that enforces the invariants.

A game subclasses :class:`Game` and provides the unchecked rules (``_legal``/``_apply``).  The public
:meth:`Game.apply` validates seat, version and legality first, so illegal input never reaches the
rules and never changes the state (invariant 5).
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from mypy_extensions import mypyc_attr

from allegiance.core.actions import Action
from allegiance.core.cards import CardTable
from allegiance.core.errors import (
    AllegianceError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    StaleActionError,
)
from allegiance.core.events import Event
from allegiance.core.hooks import AgentEncoding, RecordHooks, SearchHooks, TerminalHooks
from allegiance.core.legend import empty_legend
from allegiance.core.options import OptionSpec, validate_options
from allegiance.core.refusals import SenderView, guard_message, guard_text, literal, plain_description
from allegiance.core.table import Decision, ResponseWindow, Table

#: the parameters of an action that name what it acts on (a target), not the card that acts: a card
#: named only there still carries no action of its own (:meth:`Game.card_reasons`)
OBJECT_KEYS: Final = frozenset({"target", "defender", "supported", "under", "on", "side"})


class GameState(Protocol):
    """What the core needs of any game state: its table, a version counter and a cheap copy."""

    table: Table
    version: int

    def copy(self) -> GameState: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning teams (empty on a draw) and why."""

    winners: tuple[str, ...]
    reason: str
    draw: bool = False
    scores: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "draw": self.draw, "scores": self.scores}


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game's rules behind a small protocol: new_game, decisions, legal_actions, apply, view, outcome."""

    name: str = ""
    title: str = ""
    modes: tuple[str, ...] = ()
    #: the mode the lobby offers first (empty: the first of :attr:`modes`)
    default_mode: str = ""
    #: every action kind of the game (an action of another kind is malformed, not merely illegal)
    action_kinds: tuple[str, ...] = ()
    #: the game's options; :meth:`new_game` must accept exactly what :meth:`check_options` accepts
    option_specs: tuple[OptionSpec, ...] = ()

    # -- to implement --------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, mode: str, seed: int, options: Mapping[str, Any] | None = None,
                 shuffle_key: bytes | None = None) -> Any:
        """A new game, deterministic given ``seed`` (or ``shuffle_key``) and ``options``.

        Without ``shuffle_key`` the game's shuffles come from the fast generator seeded by ``seed``
        (simulation, search, practice).  With a 32-byte ``shuffle_key`` they come from
        :class:`~allegiance.core.rng.SecureRng` keyed by it (:func:`~allegiance.core.rng.make_rng`),
        and nothing a seat sees may depend on the generator's output except through the cards it is
        shown (an online table: the key stays on the server until the game is over).
        """

    @abstractmethod
    def table_for(self, mode: str) -> Table:
        """The seats of ``mode`` in seat order, with their labels and teams (the lobby shows them)."""

    @abstractmethod
    def decisions(self, state: Any) -> list[Decision]:
        """Which seats may act now, each with a prompt (empty once the game is over)."""

    @abstractmethod
    def _legal(self, state: Any, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty if it may not act)."""

    @abstractmethod
    def _apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Apply a legal action; called only with actions from ``_legal``."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator, public information only).

        Each card the seat may see is an object with its ``"id"`` and ``"name"``: those are the cards a
        refusal sent to the seat may describe by name and place (:mod:`allegiance.core.refusals`)."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game goes on."""

    @abstractmethod
    def to_position(self, state: Any) -> dict[str, Any]:
        """The position file form of a state (readable JSON, cards by name)."""

    @abstractmethod
    def from_position(self, data: Mapping[str, Any]) -> Any:
        """Read a position file; raises :class:`PositionError` on a bad one."""

    def describe_action(self, state: Any, seat: int, action: Action) -> str:
        """The action in words, for people.  Must not raise on any well-formed action, legal or not.

        A refusal calls it with the numbers the sender's view does not hold as cards replaced by numbers
        that name nothing, so a number that is no card should read as the number (e.g. "card #37")."""
        return str(action)

    def explain(self, state: Any, seat: int, action: Action) -> str:
        """Why ``action`` is not legal now for ``seat``, in a player's words ("needs 4, you have 2"); ""
        when the game has nothing more specific to say than the core's generic reason.

        Called only for a seat that may act now and an action that is not among its legal ones, with the
        numbers the seat's view does not hold as cards blinded (see :meth:`describe_action`): the reason
        must rest on what the seat may see (its own resources, the cards shown to it, the phase), never
        on a hidden card.  Must not raise on any well-formed action."""
        return ""

    def card_actions(self, state: Any, seat: int) -> dict[int, Action]:
        """The action a click on each of ``seat``'s cards asks for (a card in hand: play it; a card in a
        shop row: buy it; a character: attack or move), by card id: the cards :meth:`card_reasons`
        explains when they carry no legal action.  Only cards ``seat`` may see (the default: none)."""
        return {}

    def action_parts(self, state: Any, seat: int, action: Action) -> tuple[int | None, tuple[int, ...]]:
        """The card that does ``action`` (its source: an attacker, a blocker, a card played on something)
        and the cards it is done to (its targets), as card ids: the table page offers two clicks, the
        source then one of its highlighted targets, instead of a list of every pair.  ``(None, ())``:
        no such pair.  The default reads the action's parameters: the first card number that is no
        object (:data:`OBJECT_KEYS`) is the source, the card numbers in :data:`OBJECT_KEYS` the targets;
        a game overrides it for a pair carried otherwise (a choice's value and amount).  Only cards the
        seat's view shows are sent (the server drops any other)."""
        source: int | None = None
        targets: list[int] = []
        for key, value in action.params:
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            if key in OBJECT_KEYS:
                targets.append(value)
            elif source is None and key not in ("amount", "power", "value"):
                source = value
        return source, tuple(targets)

    def describe_action_for(self, state: Any, seat: int, action: Action, reader: int | None) -> str:
        """The action of ``seat`` in the words of ``reader`` (a seat, or ``None``: a spectator), as a replay
        seen from that seat shows it: "your" means the reader's, and a card the reader may not see is not
        named.  The default is :meth:`describe_action`, for a game whose words never say "your"."""
        return self.describe_action(state, seat, action)

    def response_window(self, state: Any, seat: int) -> ResponseWindow | None:
        """Whether ``seat``'s current decision is a response window (see
        :class:`~allegiance.core.table.ResponseWindow`): a prompt asked of the seat whether or not it holds
        an answer, whose every option but ``pass_action`` rests on hidden cards.  The online table then
        passes for a person at the window's end without a click (the same time for everyone), and the
        page shows a countdown only to a seat with something to play.  ``pass_action`` must be among the
        seat's legal actions.  The default: ``None`` (no decision is one)."""
        return None

    def forced_action(self, state: Any, seat: int) -> Action | None:
        """The one action ``seat`` may take now when there is nothing to decide *and nothing hidden*: its
        only legal action, where no card hidden from the others could have offered another (a lone
        target on the board, "end the turn" with an empty hand).  The online table plays it for a
        person at once, as a logged action.  A lone option that rests on a hidden card (a hand with
        nothing playable) is never one: the others would learn it; that is a :meth:`response_window`.
        The default: ``None``."""
        return None

    def decision_since(self, state: Any, seat: int) -> int:
        """The state version since which ``seat``'s current decision has stood unchanged.

        An action chosen at an older version ``v`` (another seat acted meanwhile, e.g. a teammate in a
        simultaneous team turn) is applied when ``v >= decision_since`` and it is legal now: it then
        means what it meant when chosen.  A game whose actions name things by stable ids returns when
        the current decision began (a pending choice: when it was asked); the default, the current
        version, refuses every action chosen at an older version.
        """
        return int(state.version)

    def stale_reason(self, state: Any, seat: int, action: Action) -> str:
        """Why an action chosen at an older version is not possible now, in a player's words."""
        return "another player acted first and the table changed since you chose it"

    def turn_order(self, state: Any) -> list[int]:
        """The seats in the order they play from the first turn: position 1 (the first player) first.

        Fixed for the whole game (a seat that drops out keeps its position).  Seats that play their
        turn together (a team turn) follow one another in seat order.  Empty: the game has no fixed
        turn order to report (simulation records and the balance report then show none).
        """
        return []

    def card_catalog(self) -> dict[str, dict[str, Any]]:
        """The fixed data of every card by name, which views may refer to instead of repeating it
        (empty: the game's views carry everything)."""
        return {}

    def card_table(self) -> CardTable | None:
        """The card database as a table for ``allegiance cards`` (``None``: the game has none)."""
        return None

    def card_group(self, name: str) -> str:
        """The group a card belongs to in reports (e.g. a faction), "" when the game has none or the
        name is unknown.  Must not raise."""
        return ""

    def legend(self) -> dict[str, Any]:
        """The game for people (see :mod:`allegiance.core.legend`): ``about`` (what the game is),
        ``icons`` (each symbol or number on a card and its meaning), ``win`` (how to win), ``phases``
        (the turn's phases) and ``decks`` (each ready-made deck's description); the default: empty."""
        return empty_legend()

    def option_values(self, mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The value of each option at a table of ``mode`` given ``options`` (already checked), with the
        defaults the rules set by mode filled in (the rules panel shows them); the default: as given."""
        return dict(options)

    def progress(self, state: Any, seat: int | None) -> list[str]:
        """How close each side is to winning, in words ("Player 1: XP 5 of 18 to win"), from public
        information only (the same lines for every seat and spectators); the default: none."""
        return []

    def seat_option_defaults(self, mode: str) -> dict[str, list[str]]:
        """The per-seat options' defaults of ``mode``, one value per seat (the lobby preselects them;
        the default: the game has no per-seat option)."""
        return {}

    def terminal_hooks(self) -> TerminalHooks:
        """How ``allegiance play`` draws this game beyond the generic board (see
        :class:`allegiance.core.hooks.TerminalHooks`; the default: nothing of its own)."""
        return TerminalHooks()

    def record_hooks(self) -> RecordHooks:
        """What a simulation records of each game beyond its result (a per-turn track, card events) and
        how the balance report names it (see :class:`allegiance.core.hooks.RecordHooks`; the default:
        nothing, which costs the runner nothing per action)."""
        return RecordHooks()

    def search_hooks(self) -> SearchHooks:
        """What the searching bots need of this game (see :class:`allegiance.core.hooks.SearchHooks`);
        raises ``NotImplementedError`` for a game they cannot play yet."""
        raise NotImplementedError(f"{self.name} has no search hooks yet")

    def agent_encoding(self, mode: str, options: Mapping[str, Any]) -> AgentEncoding:
        """The fixed-size observation and action encoding of ``mode`` for learning agents (see
        :class:`allegiance.core.hooks.AgentEncoding`); raises ``NotImplementedError`` if there is none."""
        raise NotImplementedError(f"{self.name} has no agent encoding yet")

    # -- provided ------------------------------------------------------------------------------
    def check_options(self, options: Any) -> dict[str, Any]:
        """``options`` checked strictly against :attr:`option_specs` (raises
        :class:`~allegiance.core.options.OptionError` saying what is allowed); before anything is stored."""
        return validate_options(self.option_specs, options)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in a stable order."""
        if self.outcome(state) is not None:
            return []
        return self._legal(state, seat)

    def why_not(self, state: Any, seat: int, action: Action | Mapping[str, Any] | str) -> str | None:
        """Why ``seat`` may not take ``action`` now, in words (``None``: it is legal now).

        The one source of every "why not" (the table, ``allegiance play``, ``allegiance legal --why`` and
        the refusals of :meth:`apply`): the game's :meth:`explain` where it has something specific, else a
        generic reason; built only from what the seat's view holds (:mod:`allegiance.core.refusals`).
        Raises :class:`MalformedActionError` for input that is no action at all."""
        if not isinstance(action, Action):
            action = Action.from_json(action)
        return self._reason(state, seat, action, SenderView(lambda: self.view(state, seat)))

    def card_reasons(self, state: Any, seat: int, view: Mapping[str, Any] | SenderView | None = None) -> dict[int, str]:
        """Why each of ``seat``'s cards of :meth:`card_actions` that carries no legal action now may not be
        used: card id -> reason (``view``: the seat's view, or its :class:`SenderView`, if the caller has
        it already)."""
        asked = self.card_actions(state, seat)
        if not asked:
            return {}
        if isinstance(view, SenderView):
            sender = view
        else:
            sender = SenderView(lambda: view if view is not None else self.view(state, seat))
        legal = self.legal_actions(state, seat)
        carried = {v for a in legal for k, v in a.params
                   if k not in OBJECT_KEYS and isinstance(v, int) and not isinstance(v, bool)}
        out: dict[int, str] = {}
        for card, action in asked.items():
            if card in carried or card not in sender.cards:  # never a card the seat's view does not show
                continue
            reason = self._reason(state, seat, action, sender, legal)
            if reason is not None:
                out[card] = reason
        return out

    def _reason(self, state: Any, seat: int, action: Action, sender: SenderView,
                legal: list[Action] | None = None) -> str | None:
        """:meth:`why_not` with the sender's view at hand (``legal``: the seat's legal actions, if known)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.table.seats):
            return f"there is no seat {seat!r} at this table"
        if self.outcome(state) is not None:
            return "the game is over"
        active = self.active_seats(state)
        if seat not in active:
            who = ", ".join(state.table.seats[s].label for s in active) or "nobody"
            return f"it is not your turn: waiting for {who}"
        if legal is None:
            legal = self._legal(state, seat)
        if action in legal:
            return None
        if self.action_kinds and action.kind not in self.action_kinds:
            return f"unknown action kind {literal(action.kind)}; {self.name} actions are: {', '.join(self.action_kinds)}"
        kinds = sorted({a.kind for a in legal})
        generic = f"not possible now (allowed now: {', '.join(kinds)})"  # built from nothing of the game's
        default = generic
        if kinds == ["choose"] and action.kind != "choose":
            prompts = [d.prompt for d in self.decisions(state) if seat in d.seats]
            if prompts:
                default = f"answer the choice in front of you first: {prompts[0]} (allowed now: choose)"
        reason = guard_text(lambda a: self.explain(state, seat, a) or default, action, sender, generic,
                            self.name, self.card_catalog)
        return reason or generic

    def active_seats(self, state: Any) -> tuple[int, ...]:
        """Every seat that may act now."""
        seats: list[int] = []
        for decision in self.decisions(state):
            for s in decision.seats:
                if s not in seats:
                    seats.append(s)
        return tuple(seats)

    def apply(self, state: Any, seat: int, action: Action | Mapping[str, Any] | str,
              version: int | None = None) -> list[Event]:
        """Apply one action for ``seat`` after checking it; illegal input raises and changes nothing.

        ``version`` (optional) is the state version the action was chosen for.  One chosen at an older
        version is applied only if the seat's decision is still the one it answered
        (:meth:`decision_since`) and it is legal now; otherwise :class:`StaleActionError` says why.

        A refusal says only what the sender's view holds and what the sender sent (see
        :mod:`allegiance.core.refusals`): its wording of the action and the stale reason are built from a
        copy of the action whose numbers the view does not hold as cards are blinded, and no refusal
        names a card the sender's view does not show.
        """
        if not isinstance(action, Action):
            action = Action.from_json(action)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.table.seats):
            raise NotYourTurnError(f"there is no seat {seat!r} at this table (seats 0..{len(state.table.seats) - 1})")
        sender = SenderView(lambda: self.view(state, seat))
        try:
            self._check(state, seat, action, version, sender)
        except AllegianceError as exc:
            message = str(exc)
            safe = guard_message(message, sender, self.name, self.card_catalog,
                                 f"{self._label(state, seat)}: that action is not possible now")
            if safe is message:
                raise
            raise type(exc)(safe) from None
        events = self._apply(state, seat, action)
        state.version += 1
        return events

    def _check(self, state: Any, seat: int, action: Action, version: int | None, sender: SenderView) -> None:
        """Raise the refusal of ``action`` if ``seat`` may not play it now (see :meth:`apply`)."""
        stale = version is not None and version != state.version
        if stale:
            if not isinstance(version, int) or isinstance(version, bool) or version > state.version:
                raise StaleActionError(f"version {version!r} is not a version this game has reached "
                                       f"(it is at version {state.version}); reload the table")
            if version < self.decision_since(state, seat):  # it answered a decision that is over
                raise self._stale(state, seat, action, sender)
        if self.outcome(state) is not None:
            raise IllegalActionError("the game is over")
        active = self.active_seats(state)
        if seat not in active:
            if stale:  # chosen in an older view, where it may have been its turn: the table moved on
                raise self._stale(state, seat, action, sender)
            who = ", ".join(state.table.seats[s].label for s in active) or "nobody"
            raise NotYourTurnError(f"{state.table.seats[seat].label} may not act now; waiting for {who}")
        legal = self._legal(state, seat)
        if action not in legal:
            if self.action_kinds and action.kind not in self.action_kinds:
                raise MalformedActionError(
                    f"unknown action kind {action.kind!r}; {self.name} actions are: {', '.join(self.action_kinds)}"
                )
            if stale:
                raise self._stale(state, seat, action, sender)
            reason = self._reason(state, seat, action, sender, legal)
            raise IllegalActionError(f"{self._describe(state, seat, action, sender)} is not a legal action now: {reason}")

    def _label(self, state: Any, seat: int) -> str:
        return str(state.table.seats[seat].label)

    def _describe(self, state: Any, seat: int, action: Action, sender: SenderView) -> str:
        """:meth:`describe_action` for a refusal: guarded by the sender's view (see :meth:`apply`)."""
        return guard_text(lambda a: self.describe_action(state, seat, a), action, sender,
                          plain_description(self._label(state, seat), action), self.name, self.card_catalog)

    def _stale(self, state: Any, seat: int, action: Action, sender: SenderView) -> StaleActionError:
        """The refusal of an action chosen at an older version, with the game's reason (guarded likewise)."""
        default = Game.stale_reason(self, state, seat, action)
        reason = guard_text(lambda a: self.stale_reason(state, seat, a), action, sender, default,
                            self.name, self.card_catalog)
        return StaleActionError(f"{self._describe(state, seat, action, sender)} is no longer possible: {reason}; "
                                "nothing was done")

    def apply_unchecked(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Apply an action known to be legal (bots and search); skips validation."""
        events = self._apply(state, seat, action)
        state.version += 1
        return events

    def copy(self, state: Any) -> Any:
        """A cheap independent copy (for search)."""
        return state.copy()

    def digest(self, state: Any) -> str:
        """A short hash of the whole state (the position form), equal for equal states."""
        text = json.dumps(self.to_position(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def action_id(self, action: Action) -> int:
        """A fixed integer for an action (for action masks); games override with a real encoding."""
        raise NotImplementedError(f"{self.name} has no fixed action encoding")
