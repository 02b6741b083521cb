"""``WakfuGame``: the Wakfu TCG duel behind the core protocol (game name ``wakfu``, mode ``1v1``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from allegiance.core.actions import Action, ActionTable, choice_action
from allegiance.core.errors import AllegianceError
from allegiance.core.game import Game, Outcome
from allegiance.core.hooks import RecordHooks, SearchHooks, two_teams
from allegiance.core.table import Decision, ResponseWindow, Table
from allegiance.games.wakfu import choices, combat, effects, events, flow, pay, resources, rules, setup, text
from allegiance.games.wakfu.effects import HAND_POWERS
from allegiance.games.wakfu.registry import MOVED
from allegiance.games.wakfu.state import Pending, WakfuState
from allegiance.games.wakfu.teams import MODES, order


def _react(state: WakfuState, pend: Pending, value: Any) -> None:
    """A Réaction asked of one seat alone (809; ``reaction_prompts: playable``)."""
    pay.react(state, pend.seat, value)


HANDLERS: Final[dict[str, Callable[[WakfuState, Pending, Any], None]]] = {
    "first_player": setup.choose_first, "mulligan": flow.mulligan, "recycle_hand": flow.recycle_hand, "discard": flow.discard,
    "place": pay.answer, "x": pay.answer, "target": pay.answer, "pay": pay.answer, "craft": pay.answer,
    "trigger_order": events.answer_order, "extra": pay.answer_extra,
    "trigger_target": events.answer_trigger_target, "reaction": _react, "effect": effects.answer_effect,
    "attack_target": combat.choose, "attacker": combat.choose, "blocker": combat.choose, "reassign": combat.choose,
    "duel_target": combat.choose, "riposte": combat.choose, "duel_order": combat.choose, "geant": combat.choose,
}
ACTION_KINDS: Final = ("choose", "play", "use", "move", "attack", "end_turn", "pass")


class WakfuGame(Game):
    """Wakfu TCG (Ankama 2009-2011), the duel per the tournament rules v2.6 and the team modes 2v2 … 8v8
    per the multiplayer rules (WK-*; see RULES.md)."""

    name = "wakfu"
    title = "Wakfu TCG"
    modes: tuple[str, ...] = MODES
    action_kinds: tuple[str, ...] = ACTION_KINDS

    option_specs = setup.OPTION_SPECS

    def table_for(self, mode: str) -> Table:
        """The seats of a mode (the lobby shows them): ``1v1`` p0/p1; ``NvN`` A1..AN and B1..BN."""
        return setup.table_for(mode)

    def seat_option_defaults(self, mode: str) -> dict[str, list[str]]:
        """The per-seat options' defaults of a mode (the lobby preselects them): each seat's starter deck."""
        return {"decks": [str(d) for d in setup.deck_specs(setup.table_for(mode), None)]}

    def new_game(self, mode: str, seed: int, options: Mapping[str, Any] | None = None,
                 shuffle_key: bytes | None = None) -> WakfuState:
        """A new duel (``1v1``) or team game (``2v2`` … ``8v8``).  ``options``: decks (one starter name or
        deck-file text per seat, or per team; default Iop decks in a duel, iop/feca/cra/xelor per team),
        max_turns (turns before a draw, default 200), reaction_prompts ("always" or "playable"),
        team_uniques ("enforce" WK-DECK-2, or "ignore").  ``shuffle_key``: deal with the secure generator (see :meth:`Game.new_game`)."""
        state = setup.new_game(mode, seed, dict(options or {}), shuffle_key)
        flow.advance(state)
        return state

    # -- who acts -------------------------------------------------------------------------------------
    def decisions(self, state: WakfuState) -> list[Decision]:
        if state.phase == "over":
            return []
        # every decision names the one seat that answers it: in teams, the defender alone places the
        # blockers (WK-COMBAT-4) and each player pays with their own cards (WK-COMM-3); a teammate's
        # advice is not a move
        if state.pending:
            asked = state.round()  # a Réaction round: each seat asked answers (flow.open_round)
            if asked:
                return [Decision((p.seat,), p.prompt, p.kind) for p in asked]
            top = state.pending[-1]
            return [Decision((top.seat,), top.prompt, top.kind)]
        cb = state.combat
        if cb is not None and cb.step == "actions":
            return [Decision((cb.to_act,), "Phase d'Actions: play an Action, use a power, or pass", "combat")]
        return [Decision((state.active,), "Phase Principale: play cards, use powers, move, attack or end the turn",
                         "main")]

    def active_seats(self, state: WakfuState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.pending:
            top = state.pending[-1]
            if top.kind == "reaction":  # perhaps a Réaction round (state.round: only Réactions are asked in one)
                asked = state.round()
                if asked:
                    return tuple(p.seat for p in asked)
            return (top.seat,)
        cb = state.combat
        if cb is not None and cb.step == "actions":
            return (cb.to_act,)
        return (state.active,)

    def response_window(self, state: WakfuState, seat: int) -> ResponseWindow | None:
        """Two decisions are response windows, asked whether or not the seat holds an answer: a Réaction
        prompt (809.6) asked of every seat at once (``reaction_prompts: always``: a round, ``flow.open_round``), whose options other than
        "pass" are the seat's hidden cards, and a turn in the Phase d'Actions of a combat (705.3,
        WK-COMBAT-6), where the seat plays an Action from its hidden hand, uses a power, or passes.  A
        third, private, is a Phase Principale left with "end the turn" alone by a hidden hand
        (:meth:`main_window`)."""
        if state.phase == "over" or state.config.reaction_prompts != "always":
            return None
        seconds = float(state.config.reaction_seconds)
        if state.pending:
            asked = state.decision(seat)
            if asked is None or asked.kind != "reaction":
                return None
            # 809.6 asks every seat at once (flow.open_round); hidden information: the table must not tell
            # who holds a Réaction, by what it shows or by when the seat's answer comes, so every answer,
            # not only a pass, waits for the window's end
            return ResponseWindow(CHOICES["pass"], seconds, together=asked.get("since") is not None)
        cb = state.combat
        if cb is not None and cb.step == "actions" and seat == cb.to_act and not state.file:
            return ResponseWindow(PASS, seconds)  # WK-COMBAT-6: the Phase d'Actions' turns, pass included
        return self.main_window(state, seat)

    def decision_since(self, state: WakfuState, seat: int) -> int:
        """A question of an open Réaction round stands from the round's opening, while the others answer
        (an answer chosen then is still good); any other decision: from the current version."""
        asked = state.decision(seat) if state.pending else None
        since = asked.get("since") if asked is not None and asked.kind == "reaction" else None
        return min(int(since), state.version) if since is not None else int(state.version)

    def main_window(self, state: WakfuState, seat: int) -> ResponseWindow | None:
        """A Phase Principale (603) whose only legal action is "end the turn" while the seat holds cards
        in hand: the hidden hand made the choice empty, so the table ends the turn after the window's
        time rather than at once, and tells nobody else of the window (the others see the seat to act,
        as for any Phase Principale, which is no timed decision: a window shown to all would tell)."""
        if (state.phase != "main" or state.pending or state.combat is not None or state.file
                or seat != state.active or not state.players[seat].main):
            return None
        if self.legal_actions(state, seat) != [END_TURN]:
            return None
        return ResponseWindow(END_TURN, float(state.config.reaction_seconds), private=True)

    def forced_action(self, state: WakfuState, seat: int) -> Action | None:
        """Nothing to decide and nothing hidden: a lone option of a prompt about cards in play
        (:data:`PUBLIC_CHOICES`: the only target of an attack, 702; the only possible first attacker,
        703.2; the only duel, blocker or attacker left to pick; a triggered power's only target, 804.3; the
        effect prompts of :data:`PUBLIC_EFFECTS`, such as a Zone's upkeep with nothing of its element in
        the public Défausse: "destroy" alone),
        or, with an empty hand (its size is public), a lone "end the turn" (603) or "pass" in a combat's
        Phase d'Actions (705.3, WK-COMBAT-6).  A lone option a hidden card leaves (a hand with nothing
        playable) is a window instead (:meth:`response_window`)."""
        if state.phase == "over" or seat not in self.active_seats(state):
            return None
        if state.pending:
            top = state.decision(seat)
            if top is None:
                return None
            public = top.kind in PUBLIC_CHOICES or (top.kind == "effect" and top.get("fx") in PUBLIC_EFFECTS)
            if public and len(top.options) == 1:
                return CHOICES[top.options[0]]
            return None
        if state.file or state.players[seat].main:
            return None  # a File to resolve first; or a hidden hand: never a tell
        legal = self.legal_actions(state, seat)
        return legal[0] if len(legal) == 1 and legal[0] in (END_TURN, PASS) else None

    def explain(self, state: WakfuState, seat: int, action: Action) -> str:
        """Why an action is not legal now, in a player's words (see ``why``)."""
        from allegiance.games.wakfu.why import explain
        return explain(state, seat, action)

    def card_actions(self, state: WakfuState, seat: int) -> dict[int, Action]:
        """What a click on each of the seat's cards asks for (see ``why``)."""
        from allegiance.games.wakfu.why import card_actions
        return card_actions(state, seat)

    def legal_actions(self, state: WakfuState, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in a stable order: the protocol's, without asking
        :meth:`outcome` first (``_legal`` answers ``[]`` once the game is over, as it would)."""
        return self._legal(state, seat)

    def _legal(self, state: WakfuState, seat: int) -> list[Action]:
        if state.phase == "over":
            return []
        if state.pending:
            top = state.decision(seat)
            if top is None:
                return []
            out = []  # (a loop: a comprehension is a function made and called, here at most actions)
            for v in top.options:
                out.append(CHOICES[v])
            return out
        if state.file:
            return []
        cb = state.combat
        if cb is not None:
            if cb.step != "actions" or seat != cb.to_act:
                return []
            prods = resources.producers(state, seat)
            out = self._playable(state, seat, prods, True)
            out += self._uses(state, seat, prods)
            out.append(PASS)
            return out
        if state.phase != "main" or seat != state.active:
            return []
        prods = resources.producers(state, seat)
        out = self._playable(state, seat, prods, False)
        out += self._uses(state, seat, prods)
        for c in self._movable(state, seat):
            out.append(MOVE[c])
        if combat.can_attack(state, seat):
            out.append(ATTACK)
        out.append(END_TURN)
        return out

    @staticmethod
    def _playable(state: WakfuState, seat: int, prods: list[tuple[int, str]], actions_only: bool) -> list[Action]:
        """The cards of the hand that may be played now (Actions only in a Phase d'Actions).  Copies of a
        card share one answer: ``can_play`` depends on a card in hand only through its definition."""
        cards = state.cards
        known: dict[int, bool] = {}  # id of a CardDef -> playable
        out = []
        have = len(prods)
        for c in state.players[seat].main:
            d = cards[c]
            if actions_only and d.type != "Action":
                continue
            if d.level > have and not d.x_cost and d.recipe is None:
                continue  # more cost symbols than resources and no Recette: can_play's cost test fails
            ok = known.get(id(d))
            if ok is None:
                ok = known[id(d)] = choices.can_play(state, seat, c, False, prods)  # (positional: a faster call)
            if ok:
                out.append(PLAY[c])
        return out

    @staticmethod
    def _uses(state: WakfuState, seat: int, prods: list[tuple[int, str]]) -> list[Action]:
        p = state.players[seat]
        cards = state.cards
        names = rules.game_names(state)
        out = []
        if not names.isdisjoint(HAND_POWERS):  # (loops, not comprehensions: those made cells at every call)
            for c in p.main:
                if cards[c].name in HAND_POWERS and choices.can_use_from_hand(state, seat, c):
                    out.append(USE[c, 0])
        powered = choices.POWERED
        for zone in (p.monde, p.havre):
            for c in zone:
                if cards[c].name not in powered:  # no power (choices.powers_of)
                    continue
                for i, spec in enumerate(choices.powers_of(state, c)):
                    if choices.can_use(state, seat, c, i, False, prods, spec):  # (positional: a faster call)
                        out.append(USE[c, i])
        if not names.isdisjoint(effects.DEFAUSSE_POWERS):  # powers used from the Défausse (Flaqueux)
            for c in p.defausse:
                if cards[c].name in effects.DEFAUSSE_POWERS:
                    for i in range(len(choices.powers_of(state, c))):
                        if choices.can_use(state, seat, c, i, prods=prods):
                            out.append(USE[c, i])
        if not names.isdisjoint(effects.SHARED_POWERS):  # powers any player may use (Gonard)
            for q in state.players:
                if q.seat == seat:
                    continue
                for c in q.monde + q.havre:
                    if cards[c].name in effects.SHARED_POWERS:
                        for i in range(len(choices.powers_of(state, c))):
                            if choices.can_use(state, seat, c, i, prods=prods):
                                out.append(USE[c, i])
        return out

    @staticmethod
    def _movable(state: WakfuState, seat: int) -> list[int]:
        """414: an untapped Héros/Allié between the Monde and its Havre Sac (room needed, 414.3); none on the
        first player's first turn (603.3)."""
        if state.turn == 1:  # rules.first_turn_of_first_player, inlined
            return []
        p = state.players[seat]
        if p.sac not in p.monde:
            return []
        cards = state.cards
        tapped = state.tapped
        out = []
        for zone in (p.monde, p.havre) if rules.sac_room(state, seat) else (p.havre,):
            for c in zone:
                if cards[c].type in ("Allié", "Héros") and c not in tapped:  # rules.is_character
                    out.append(c)
        return out

    # -- apply ----------------------------------------------------------------------------------------
    def _apply(self, state: WakfuState, seat: int, action: Action) -> list[Any]:
        state.log = []
        kind = action.kind
        if kind == "choose":
            pend = state.take_decision(seat)
            value = action.get("value")
            amount = action.get("amount")
            if amount is not None:
                value = (value, amount)
            if pend.kind == "reaction" and pend.get("since") is not None:
                flow.answer_round(state, pend, value)  # recorded; applied once everyone asked has answered
            else:
                HANDLERS[pend.kind](state, pend, value)
        elif kind == "play":
            pay.announce(state, seat, action.get("card"))
        elif kind == "use":
            pay.announce(state, seat, action.get("card"), action.get("power"))
        elif kind == "move":
            self._move(state, seat, action.get("card"))
        elif kind == "attack":
            combat.declare(state, seat)
        elif kind == "pass":
            combat.pass_action(state, seat)
        elif kind == "end_turn":
            rules.say(state, "end_turn", f"{rules.label(state, seat)} ends the turn", seat)
            flow.end_turn(state)
        else:  # pragma: no cover - _legal never offers another kind
            raise AllegianceError(f"unknown action kind {kind!r}")
        flow.advance(state)
        return state.log

    @staticmethod
    def _move(state: WakfuState, seat: int, card: int) -> None:
        """A mouvement (414.1): the card keeps its markers and modifiers and does not appear (402.2, 501.5);
        its Équipements follow it."""
        p = state.players[seat]
        src, dst = (p.monde, p.havre) if card in p.monde else (p.havre, p.monde)
        for c in [card, *rules.equipment_of(state, card)]:
            src.remove(c)
            dst.append(c)
        where = "its Havre Sac" if dst is p.havre else "the Monde"
        rules.say(state, "move", f"{state.name(card)} moves to {where}", seat, card=card)
        for watch in MOVED:  # the Réactions to a mouvement (Piège Glacial)
            watch(state, seat, card)
        events.moved(state, seat, card)

    # -- outcome, views, files --------------------------------------------------------------------------
    def outcome(self, state: WakfuState) -> Outcome | None:
        if state.phase != "over":
            return None
        names = state.table.teams
        if state.draw or state.winner is None:
            return Outcome((), state.end_reason, draw=True, scores=dict.fromkeys(names, 0.5))
        w = state.table.team_of(state.winner)
        scores = dict.fromkeys(names, 0.0)  # (no comprehension: it made a cell at every call, asked twice an action)
        scores[w] = 1.0
        return Outcome((w,), state.end_reason, scores=scores)

    def turn_order(self, state: WakfuState) -> list[int]:
        """WK-ORDER-1: the starting team's player 1, the player opposite, and so on, alternating teams
        (1v1: the first player, then the other); eliminated players keep their place (WK-ORDER-2)."""
        return order(state)

    def view(self, state: WakfuState, seat: int | None) -> dict[str, Any]:
        from allegiance.games.wakfu.view import view
        return view(state, seat)

    def option_values(self, mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with the turn limit of ``mode`` filled in (200 per player on a side)."""
        return {**options, "max_turns": options.get("max_turns") or 200 * (len(setup.table_for(mode)) // 2)}

    def legend(self) -> dict[str, Any]:
        """Icons and numbers of the cards, how to win, the turn's phases, the decks (``legend.toml``)."""
        from allegiance.games.wakfu.legend import legend
        return legend()

    def progress(self, state: WakfuState, seat: int | None) -> list[str]:
        """How close each side is to winning, in words (public information only, whatever ``seat``)."""
        from allegiance.games.wakfu.legend import progress
        return progress(state)

    def card_catalog(self) -> dict[str, dict[str, Any]]:
        """Every Incarnam card's fixed data by name (see ``view.card_catalog``)."""
        from allegiance.games.wakfu.view import card_catalog
        return card_catalog()

    def to_position(self, state: WakfuState) -> dict[str, Any]:
        from allegiance.games.wakfu.position import to_position
        return to_position(state)

    def from_position(self, data: Mapping[str, Any]) -> WakfuState:
        from allegiance.games.wakfu.position import from_position
        return from_position(data)

    def describe_action(self, state: WakfuState, seat: int, action: Action) -> str:
        return text.describe(state, seat, action)

    def action_parts(self, state: WakfuState, seat: int, action: Action) -> tuple[int | None, tuple[int, ...]]:
        """The combat's choices as a card and the card it acts on, so that the table offers them as two
        clicks on the board: a blocker declared against an attacker (WK-COMBAT-2, 704: the choice's value
        and amount); the target of an attack (702), from the attacking player's Héros in the Monde (else from
        the one card able to attack, if only one is); an
        attacker (703), against the combat's target; the blocker an attacker deals its damage to (706)
        and the attacker the target strikes back at (707.1), from that card.  Other actions: the
        protocol's default."""
        value = action.get("value")
        if action.kind != "choose" or not state.pending or not isinstance(value, int) or isinstance(value, bool):
            return super().action_parts(state, seat, action)
        top = state.decision(seat)
        if top is None:
            return super().action_parts(state, seat, action)
        if top.kind == "blocker" and isinstance(action.get("amount"), int):
            return value, (action.get("amount"),)
        if top.kind == "attack_target":  # from the Héros in the Monde, else from the one card able to attack
            p = state.players[seat]
            able = [p.hero] if p.hero in p.monde else combat.eligible_attackers(state, seat)
            if len(able) == 1:
                return able[0], (value,)
        cb = state.combat
        if top.kind == "attacker" and cb is not None and cb.target >= 0:
            return value, (cb.target,)
        if top.kind in ("duel_target", "riposte") and isinstance(top.card, int):
            return top.card, (value,)
        return super().action_parts(state, seat, action)

    def describe_action_for(self, state: Any, seat: int, action: Action, reader: int | None) -> str:
        return text.describe(state, seat, action, reader=reader)

    def action_id(self, action: Action) -> int:
        from allegiance.games.wakfu.encoding import encode
        return encode(action)

    def card_table(self) -> Any:
        """The Incarnam cards for ``allegiance cards wakfu``."""
        from allegiance.games.wakfu.view import card_table
        return card_table()

    def card_group(self, name: str) -> str:
        """A card's element (Air, Terre, Feu, Eau, Neutre), "" for an unknown name."""
        from allegiance.games.wakfu.cards import CARDS
        d = CARDS.get(name)
        return d.element if d is not None else ""

    def record_hooks(self) -> RecordHooks:
        """A simulation records the first team's XP lead at the start of each turn and the cards played
        from hand (``record``)."""
        from allegiance.games.wakfu.record import HOOKS
        return HOOKS

    def search_hooks(self) -> SearchHooks:
        """Determinisation, evaluation and move keys for the searching bots (see ``search``)."""
        from allegiance.games.wakfu.determinize import determinize
        from allegiance.games.wakfu.search import evaluate, move_key, searched, team_index
        from allegiance.games.wakfu.strategy import greedy_choice
        return SearchHooks(determinize, move_key, two_teams(evaluate), greedy_choice, team_index,
                           lambda state: state.turn, lambda state: team_index(state, state.active), searched)

    def agent_encoding(self, mode: str, options: Mapping[str, Any]) -> Any:
        """Observation vector and action numbering for learning agents (``agent_encoding``)."""
        from allegiance.games.wakfu.agent_encoding import WakfuAgentEncoding
        return WakfuAgentEncoding(mode, options)

    def terminal_hooks(self) -> Any:
        """The terminal draws the generic board of the view (team XP against its goal, the turn
        order); a greedy teammate's moves come with the heuristic's reason."""
        from allegiance.core.hooks import TerminalHooks
        from allegiance.games.wakfu.strategy import greedy_reason

        def explain(state: WakfuState, seat: int, action: Action, bot: str) -> str:
            return greedy_reason(state, seat, action) if bot == "greedy" else ""
        return TerminalHooks(explain=explain)

    def greedy_choice(self, state: WakfuState, seat: int, legal: list[Action], rng: Any) -> Action:
        """The greedy heuristic's pick (see ``strategy``)."""
        from allegiance.games.wakfu.strategy import greedy_choice
        return greedy_choice(state, seat, legal, rng)


END_TURN: Final = Action.of("end_turn")
#: prompts whose options are cards in play (or their order) or players: public, whatever anyone holds, so
#: a lone option is forced for everyone to see (:meth:`WakfuGame.forced_action`).  A triggered power's
#: target (804.3, ``trigger_target``) is always a card in a Monde or Havre-Sac, or a player (every
#: ``TRIGGER_TARGETS`` picker reads only those).
PUBLIC_CHOICES: Final = frozenset(("attack_target", "attacker", "duel_order", "duel_target", "riposte",
                                   "trigger_target"))
#: effect prompts (``fx``) whose lone option nothing hidden can leave: a Zone's or Familier's upkeep with
#: nothing of its element in the public Défausse ("destroy" alone); the Allié or Héros in play that Dames
#: de Bouffe's won Chi-Fu-Mi damages; the attacker a Monstre put into a combat by Lisa Modas blocks
PUBLIC_EFFECTS: Final = frozenset(("upkeep", "dames_target", "lisa_block"))
ATTACK: Final = Action.of("attack")
PASS: Final = Action.of("pass")
PLAY: Final = ActionTable(lambda card: Action.of("play", card=card))
MOVE: Final = ActionTable(lambda card: Action.of("move", card=card))
USE: Final = ActionTable(lambda key: Action.of("use", card=key[0], power=key[1]))
CHOICES: Final = ActionTable(choice_action)
