"""``SwdbgGame``: Star Wars: The Deckbuilding Game behind the core protocol, in 1v1 and 2v2."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from allegiance.core.actions import Action, ActionTable, choice_action
from allegiance.core.errors import AllegianceError
from allegiance.core.game import Game, Outcome
from allegiance.core.hooks import RecordHooks, SearchHooks, two_teams
from allegiance.core.options import OptionSpec
from allegiance.core.table import Decision, Table
from allegiance.games.swdbg import combat, effects, rules, setup, strategy, text, turns
from allegiance.games.swdbg.cards import NEUTRAL
from allegiance.games.swdbg.effects import ABILITIES
from allegiance.games.swdbg.state import Player, SwdbgState

HANDLERS: Final = {**effects.HANDLERS, **combat.COMBAT_HANDLERS, **turns.TURN_HANDLERS}
ACTION_KINDS: Final = ("play", "buy", "pay_off", "use", "commit", "resolve", "end_turn", "choose")


class SwdbgGame(Game):
    """Star Wars: The Deckbuilding Game (FFG 2023): 1v1 and the 2v2 team mode (SW-* rules)."""

    name = "swdbg"
    title = "Star Wars: The Deckbuilding Game"
    modes: tuple[str, ...] = ("1v1", "2v2")
    default_mode = "2v2"  # the team game is what the table is for
    action_kinds: tuple[str, ...] = ACTION_KINDS
    option_specs: tuple[OptionSpec, ...] = setup.OPTION_SPECS

    # -- setup ------------------------------------------------------------------------------------
    def new_game(self, mode: str, seed: int, options: Mapping[str, Any] | None = None,
                 shuffle_key: bytes | None = None) -> SwdbgState:
        """A new game.  ``options``: galaxy ("beginner" | "full" | "secret"), bases_to_win (2..5),
        pay_off_neutral (bool), max_turns (team turns before a draw).  ``shuffle_key``: deal with the
        secure generator (see :meth:`Game.new_game`)."""
        state = setup.new_game(mode, seed, dict(options or {}), shuffle_key)
        # Decisions are stamped with the version the apply that asks them leads to (version + 1);
        # those asked while dealing belong to version 0.
        state.version = -1
        turns.advance(state)
        state.version = 0
        return state

    def table_for(self, mode: str) -> Table:
        return setup.table_for(mode)

    # -- who acts ---------------------------------------------------------------------------------
    def decisions(self, state: SwdbgState) -> list[Decision]:
        if state.stage == "over":
            return []
        if state.pending:
            top = state.pending[-1]
            return [Decision(top.seats, top.prompt, top.kind)]
        # SW-TURN-1 / SW-TURN-3: both teammates may act, in whatever order they agree on.
        seats = tuple(p.seat for p in state.players if p.team == state.active_team and not p.ended)
        team = ("Empire", "Rebel")[state.active_team]
        if state.attack is not None:
            prompt = f"{team} team's turn: an attack is open — commit more cards to it or resolve it"
        else:
            prompt = f"{team} team's turn: play, buy, use, attack or end your turn"
        return [Decision(seats, prompt, "main")]

    def active_seats(self, state: SwdbgState) -> tuple[int, ...]:
        """The seats of :meth:`decisions`, without building its prompts (a hot path of playouts)."""
        if state.stage == "over":
            return ()
        if state.pending:
            return state.pending[-1].seats
        return tuple(p.seat for p in state.players if p.team == state.active_team and not p.ended)

    def decision_since(self, state: SwdbgState, seat: int) -> int:
        """Since when the seat's current decision stands: the pending choice's, else the main phase's.

        Card ids name the same card for the whole game, so a play, buy, use or commit chosen earlier in
        the same main phase means the same thing now if it is still legal (teammates act at once:
        SW-TURN-1).  An answer to a pending choice is only for that choice, asked at ``since``.
        """
        if state.pending:
            return state.pending[-1].since
        return state.main_since

    def stale_reason(self, state: SwdbgState, seat: int, action: Action) -> str:
        """Why an action chosen earlier is not possible now, in a player's words."""
        return text.stale_reason(state, seat, action)

    def explain(self, state: SwdbgState, seat: int, action: Action) -> str:
        """Why an action is not legal now, in a player's words (see ``why``)."""
        from allegiance.games.swdbg.why import explain
        return explain(state, seat, action)

    def card_actions(self, state: SwdbgState, seat: int) -> dict[int, Action]:
        """What a click on each of the seat's cards asks for (see ``why``)."""
        from allegiance.games.swdbg.why import card_actions
        return card_actions(state, seat)

    def _legal(self, state: SwdbgState, seat: int) -> list[Action]:
        if state.stage == "over":
            return []
        if state.pending:
            top = state.pending[-1]
            if seat not in top.seats:
                return []
            return [CHOICES[v] for v in top.options]
        p = state.players[seat]
        if state.stage != "main" or p.team != state.active_team or p.ended:
            return []
        out: list[Action] = [PLAY[c] for c in p.hand]
        region = state.regions[p.region]
        cards, resources, faction = state.cards, p.resources, p.faction
        for c in region.row:  # SW-BUY-2: only your own region's row
            d = cards[c]
            if d.cost <= resources and (d.faction == faction or d.faction == NEUTRAL):  # rules.may_buy_faction
                out.append(BUY[c])
        if region.pilots and state.cards[region.pilots[-1]].cost <= p.resources:
            out.append(BUY[region.pilots[-1]])
        if state.config.pay_off_neutral:
            for c in region.row:
                if state.cards[c].faction == NEUTRAL and state.cards[c].cost <= p.resources:
                    out.append(PAY_OFF[c])
        for c in self._usable(state, p):
            out.append(USE[c])
        if state.attack is not None:
            # While an attack is open, its attackers may still play, buy and use cards, commit more
            # cards to it and resolve it; it must be resolved before they end their turn.
            return out + self._attack_actions(state, p)
        if combat.can_attack_bases(state, p.team):
            for c in combat.attackers(state, p, vs_row=False):
                out.append(COMMIT[c, "base"])
        targets = combat.row_targets(state, p)
        if targets:
            units = combat.attackers(state, p, vs_row=True)
            for t in targets:
                for c in units:
                    out.append(COMMIT[c, t])
        out.append(END_TURN)
        return out

    def _attack_actions(self, state: SwdbgState, p: Player) -> list[Action]:
        attack = state.attack
        assert attack is not None
        if p.seat not in attack.seats:
            return [END_TURN]  # a teammate's galaxy-row attack does not hold this player up
        vs_row = attack.target == "row"
        target: Any = attack.row_card if vs_row else "base"
        out = [COMMIT[c, target] for c in combat.attackers(state, p, vs_row)]
        out.append(RESOLVE)
        return out

    @staticmethod
    def _usable(state: SwdbgState, p: Player) -> list[int]:
        """Cards whose ability ``p`` may use now: own units; any ship or base of the team (SW-SHARED-4)."""
        candidates = list(p.units)
        for q in state.players:
            if q.team == p.team:
                candidates.extend(q.ships)
                if q.base is not None:
                    candidates.append(q.base)
        out = []
        for c in candidates:
            entry = ABILITIES.get(state.cards[c].name)
            if entry is not None and c not in state.used and entry[0](state, p, c):
                out.append(c)
        return out

    # -- apply ------------------------------------------------------------------------------------
    def _apply(self, state: SwdbgState, seat: int, action: Action) -> list[Any]:
        state.log = []
        p = state.players[seat]
        kind = action.kind
        state.turn_actions += 1
        if kind == "choose":
            pend = state.pending.pop()
            value = action.get("value")
            amount = action.get("amount")
            if amount is not None:
                value = (value, amount)
            HANDLERS[pend.kind](state, pend, value)
        elif kind == "play":
            turns.play_card(state, p, action.get("card"))
        elif kind == "buy":
            card = action.get("card")
            source = "pilots" if card in state.regions[p.region].pilots else "row"
            rules.purchase(state, p, card, source)
        elif kind == "pay_off":
            card = action.get("card")
            p.resources -= state.cards[card].cost
            rules.say(state, "pay_off", f"{rules.label(state, seat)} pays off {state.name(card)}", seat)
            rules.discard_from_row(state, p.region, card)
        elif kind == "use":
            card = action.get("card")
            state.used.add(card)
            rules.say(state, "use", f"{rules.label(state, seat)} uses {state.name(card)}", seat, card=card)
            effects.ABILITIES[state.name(card)][1](state, p, card)
        elif kind == "commit":
            combat.commit(state, p, action.get("card"), action.get("target"))
        elif kind == "resolve":
            combat.resolve(state)
        elif kind == "end_turn":
            turns.end_turn(state, p)
        else:  # pragma: no cover - _legal never offers another kind
            raise AllegianceError(f"unknown action kind {kind!r}")
        turns.advance(state)
        return state.log

    # -- outcome, views, files ------------------------------------------------------------------------
    def outcome(self, state: SwdbgState) -> Outcome | None:
        if state.stage != "over":
            return None
        if state.draw:
            return Outcome((), state.end_reason, draw=True, scores={"empire": 0.5, "rebel": 0.5})
        winner = ("empire", "rebel")[state.winner or 0]
        loser = ("empire", "rebel")[1 - (state.winner or 0)]
        return Outcome((winner,), state.end_reason, scores={winner: 1.0, loser: 0.0})

    def turn_order(self, state: SwdbgState) -> list[int]:
        """The first team's seats, then the other team's (SW-TURN-1: a team plays its turn together,
        so teammates share their place in the order; seat order within a team)."""
        first = state.table.teams[state.first_team]
        return [s.index for s in state.table.seats if s.team == first] + \
            [s.index for s in state.table.seats if s.team != first]

    def view(self, state: SwdbgState, seat: int | None) -> dict[str, Any]:
        from allegiance.games.swdbg.view import view
        return view(self, state, seat)

    def option_values(self, mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with the rules' defaults for ``mode`` (SW-WIN-1/2: bases to win by galaxy and mode)."""
        config = setup.read_config(mode, 0, dict(options))
        return {**options, "galaxy": config.galaxy, "bases_to_win": config.bases_to_win,
                "pay_off_neutral": config.pay_off_neutral, "max_turns": config.max_turns}

    def legend(self) -> dict[str, Any]:
        """Icons and numbers of the cards, how to win, the turn's phases, the decks (``legend.toml``)."""
        from allegiance.games.swdbg.legend import legend
        return legend()

    def progress(self, state: SwdbgState, seat: int | None) -> list[str]:
        """How close each side is to winning, in words (public information only, whatever ``seat``)."""
        from allegiance.games.swdbg.legend import progress
        return progress(state)

    def card_catalog(self) -> dict[str, dict[str, Any]]:
        """Every card's fixed data by name, which views refer to (see ``view.card_catalog``)."""
        from allegiance.games.swdbg.view import card_catalog
        return card_catalog()

    def to_position(self, state: SwdbgState) -> dict[str, Any]:
        from allegiance.games.swdbg.position import to_position
        return to_position(state)

    def from_position(self, data: Mapping[str, Any]) -> SwdbgState:
        from allegiance.games.swdbg.position import from_position
        return from_position(data)

    def describe_action(self, state: SwdbgState, seat: int, action: Action) -> str:
        return text.describe(state, seat, action)

    def action_parts(self, state: SwdbgState, seat: int, action: Action) -> tuple[int | None, tuple[int, ...]]:
        """A unit committed to an attack is the source; its target is the galaxy-row card, or for an attack
        on the bases every enemy capital ship and base in play (SW-SHARED-5: the ships are hit first)."""
        if action.kind == "commit" and action.get("target") == "base":
            team = state.players[seat].team
            hit = [c for q in state.players if q.team != team for c in q.ships]
            hit += [q.base for q in state.players if q.team != team and q.base is not None]
            return action.get("card"), tuple(hit)
        return super().action_parts(state, seat, action)

    def describe_action_for(self, state: Any, seat: int, action: Action, reader: int | None) -> str:
        return text.describe(state, seat, action, reader=reader)

    def greedy_choice(self, state: SwdbgState, seat: int, legal: list[Action], rng: Any) -> Action:
        """The greedy heuristic's pick (see ``strategy``)."""
        return strategy.greedy_choice(state, seat, legal, rng)

    def action_id(self, action: Action) -> int:
        from allegiance.games.swdbg.encoding import encode
        return encode(action)

    def card_table(self) -> Any:
        """The 82 cards for ``allegiance cards swdbg``."""
        from allegiance.games.swdbg.cards import card_table
        return card_table()

    def card_group(self, name: str) -> str:
        """A card's faction (empire, rebel, neutral), "" for an unknown name."""
        from allegiance.games.swdbg.cards import card
        try:
            return card(name).faction
        except KeyError:
            return ""

    def record_hooks(self) -> RecordHooks:
        """A simulation records the Force at the start of each team turn and the cards bought
        (``record``)."""
        from allegiance.games.swdbg.record import HOOKS
        return HOOKS

    def terminal_hooks(self) -> Any:
        """The compact SWDBG board for ``allegiance play`` (``terminal``)."""
        from allegiance.games.swdbg.terminal import hooks
        return hooks()

    def search_hooks(self) -> SearchHooks:
        """Determinisation, evaluation and move keys for the searching bots (see ``search``)."""
        from allegiance.games.swdbg.determinize import determinize
        from allegiance.games.swdbg.search import evaluate, move_key
        return SearchHooks(determinize, move_key, two_teams(evaluate), strategy.greedy_choice,
                           lambda state, seat: state.players[seat].team, lambda state: state.turn,
                           lambda state: state.active_team)

    def agent_encoding(self, mode: str, options: Mapping[str, Any]) -> Any:
        """Observation vector and action numbering for learning agents (``agent_encoding``)."""
        from allegiance.games.swdbg.agent_encoding import SwdbgAgentEncoding
        return SwdbgAgentEncoding(mode, options)


END_TURN: Final = Action.of("end_turn")
RESOLVE: Final = Action.of("resolve")
#: card id -> the action on that card
PLAY: Final = ActionTable(lambda card: Action.of("play", card=card))
BUY: Final = ActionTable(lambda card: Action.of("buy", card=card))
PAY_OFF: Final = ActionTable(lambda card: Action.of("pay_off", card=card))
USE: Final = ActionTable(lambda card: Action.of("use", card=card))
#: (card id, target) -> committing that card to an attack on the target (a row card or "base")
COMMIT: Final = ActionTable(lambda key: Action.of("commit", card=key[0], target=key[1]))
#: the value of a pending choice's option -> the action that chooses it
CHOICES: Final = ActionTable(choice_action)
