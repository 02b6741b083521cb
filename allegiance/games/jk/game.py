"""``JKGame``: Jedi Knights TCG behind the core protocol (game name ``jk``, the line-ups of JK-MODES-1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError
from allegiance.core.game import Game, Outcome
from allegiance.core.hooks import SearchHooks
from allegiance.core.table import Decision, ResponseWindow, Table
from allegiance.games.jk import battle, flow, lineups, play, setup
from allegiance.games.jk.options import OPTION_SPECS
from allegiance.games.jk.rules import say, starships_at_system
from allegiance.games.jk.state import JKState

ACTION_KINDS: Final = ("choose", "deploy", "play", "battle", "intimidate", "support", "tactic", "fire", "shuttle",
                       "pass")
PASS: Final = Action.of("pass")


class JKGame(Game):
    """Jedi Knights TCG (Decipher 2001) with the *Scum and Villainy* multiplayer rules (JK-*); the gaps
    of the base rules are options marked UNSOURCED (see RULES.md)."""

    name = "jk"
    title = "Jedi Knights TCG"
    modes: tuple[str, ...] = lineups.MODES
    default_mode = "AvE"
    action_kinds: tuple[str, ...] = ACTION_KINDS
    option_specs = OPTION_SPECS

    def table_for(self, mode: str) -> Table:
        """The seats of a line-up: each side's players side by side; three sides are three teams."""
        return lineups.table_for(mode)

    def seat_option_defaults(self, mode: str) -> dict[str, list[str]]:
        return {"decks": setup.default_decks(mode)}

    def new_game(self, mode: str, seed: int, options: Mapping[str, Any] | None = None,
                 shuffle_key: bytes | None = None) -> JKState:
        """A new game of a JK-MODES-1 line-up; ``options`` per :data:`OPTION_SPECS`."""
        return setup.new_game(mode, seed, dict(options or {}), shuffle_key)

    # -- who acts -------------------------------------------------------------------------------------
    def decisions(self, state: JKState) -> list[Decision]:
        if state.phase == "over":
            return []
        if state.pending is not None:
            what = "choose the first location (JK-3S-5)" if state.pending.kind == "location" \
                else "quick-draw the pictured weapon, or decline (JK-QUICK-1)"
            return [Decision((state.pending.seat,), what, state.pending.kind)]
        if state.window is not None:
            return [Decision((state.window.turns.seat,), "respond, or pass", "response")]
        if state.phase == "force":
            return [Decision(tuple(flow.force_choosers(state)), "pick a Force card in secret", "force")]
        if state.battle is not None:
            return [Decision((state.battle.turns.seat,), f"battle, {state.battle.step} step: act or pass", "battle")]
        return [Decision((state.turns.seat,), f"{flow.PHASE_NAMES[state.phase]}: act or pass", state.phase)]

    def active_seats(self, state: JKState) -> tuple[int, ...]:
        """The seats of :meth:`decisions` without building its prompts (asked twice per action)."""
        if state.phase == "over":
            return ()
        if state.pending is not None:
            return (state.pending.seat,)
        if state.windows:
            return (state.windows[-1].turns.seat,)
        if state.phase == "force":
            return tuple(flow.force_choosers(state))
        if state.battle is not None:
            return (state.battle.turns.seat,)
        return (state.turns.seat,)

    def response_window(self, state: JKState, seat: int) -> ResponseWindow | None:
        """With ``response_prompts: always``, a turn in a response window (S3 timing: asked of every seat in
        turn, whether or not it holds a response) is one: its options other than "pass" are the seat's
        hidden responses; so is every turn of a battle step (S5: support, weapons, power; the seats take
        turns acting or passing, the tactics and events they may play are hidden cards), whatever the
        seat holds, its time the option ``response_seconds``.  A phase's turn (deployment, battle
        declarations, blockade) left with "pass" alone by a hidden hand is a private one: the seat's
        own page only is told (a phase's turn is no timed decision, a window shown to all would tell)."""
        if state.phase == "over" or state.pending is not None or state.options.get("response_prompts") != "always":
            return None
        seconds = float(state.options.get("response_seconds", 4))
        if state.windows:
            return ResponseWindow(PASS, seconds) if state.windows[-1].turns.seat == seat else None
        if state.phase == "force" or seat not in self.active_seats(state):
            return None
        if state.battle is not None:
            return ResponseWindow(PASS, seconds)
        if self.legal_actions(state, seat) == [PASS]:
            return ResponseWindow(PASS, seconds, private=True)
        return None

    def forced_action(self, state: JKState, seat: int) -> Action | None:
        """Nothing to decide and nothing hidden: "pass" alone in a battle step, a phase's turn or a response
        window while the seat holds no hidden card that could be played (an empty hand and no starting
        event in its theme pile: their sizes are public)."""
        if state.phase in ("over", "force") or state.pending is not None or seat not in self.active_seats(state):
            return None
        p = state.players[seat]
        if p.hand or any(state.cards[c].starting for c in p.theme_pile):
            return None  # a hidden card: never a tell (response_window)
        return PASS if self.legal_actions(state, seat) == [PASS] else None

    def explain(self, state: JKState, seat: int, action: Action) -> str:
        """Why an action is not legal now, in a player's words (see ``why``)."""
        from allegiance.games.jk.why import explain
        return explain(state, seat, action)

    def card_actions(self, state: JKState, seat: int) -> dict[int, Action]:
        """What a click on each of the seat's cards asks for (see ``why``)."""
        from allegiance.games.jk.why import card_actions
        return card_actions(state, seat)

    def _legal(self, state: JKState, seat: int) -> list[Action]:
        # actions are built with their parameters already in name order (what Action.of sorts into)
        if seat not in self.active_seats(state):
            return []
        if state.pending is not None:
            return [Action("choose", (("value", v),)) for v in state.pending.options]
        if state.window is not None:
            return [Action("play", (("card", c), ("function", f), ("target", t))) for c, f, t in play.responses(state, seat)] \
                + [PASS]
        if state.phase == "force":
            return [Action("choose", (("value", c),)) for c in sorted(state.players[seat].force_deck)]
        out: list[Action] = []
        if state.battle is not None:
            out += self._battle_actions(state, seat)
        elif state.phase == "deploy":
            p = state.players[seat]
            for c in p.hand:
                for place in play.deploy_places(state, seat, c):
                    out.append(Action("deploy", (("at", place), ("card", c))) if isinstance(place, str)
                               else Action("deploy", (("card", c), ("on", place))))
            out += self._plays(state, seat)
        elif state.phase in ("starship", "character"):
            kind = state.phase
            for a in battle.attackers(state, seat, kind):
                out += [Action("battle", (("attacker", a), ("defender", d))) for d in battle.defenders(state, seat, kind)]
            if kind == "starship":
                out += [Action("intimidate", (("card", c), ("side", t))) for c in self._intimidators(state, seat)
                        for t in self._opposing(state, seat)]
        elif state.phase == "blockade":
            out += [Action("shuttle", (("card", c),)) for c in self._shuttlers(state, seat)]
        out.append(PASS)
        return out

    @staticmethod
    def _plays(state: JKState, seat: int) -> list[Action]:
        timing = play.context(state, seat)  # play_options offers nothing for a card of another timing
        cards = state.cards
        return [Action("play", (("card", c), ("function", f), ("target", t))) for c in play.playable_from(state, seat)
                if cards[c].timing == timing for f, t in play.play_options(state, seat, c)]

    def _battle_actions(self, state: JKState, seat: int) -> list[Action]:
        b = state.battle
        assert b is not None
        out: list[Action] = []
        if b.step == "support":
            out += [Action("support", (("card", c), ("supported", m))) for c, m in battle.supportable(state, seat)]
        if b.step == "weapons":
            out += [Action("fire", (("target", t), ("weapon", w))) for w in battle.weapons(state, seat)
                    for t in battle.targets(state, seat)]
        out += [Action("tactic", (("card", c), ("under", u))) for c in play.tactic_cards(state, seat)
                for u in battle.tactic_targets(state, seat)]
        out += self._plays(state, seat)
        return out

    @staticmethod
    def _opposing(state: JKState, seat: int) -> list[str]:
        return [t for t in state.live_teams() if t != state.team(seat)]

    @staticmethod
    def _intimidators(state: JKState, seat: int) -> list[int]:
        """A ready capital starship of the player's at the system (JK-3S-8)."""
        return [c for c in state.system if state.owner[c] == seat and state.cards[c].capital
                and state.cards[c].type == "Starship" and c not in state.rotated]

    @staticmethod
    def _shuttlers(state: JKState, seat: int) -> list[int]:
        """Shuttling in the Blockade Phase (S4): a character between system and site, once per phase; to
        the system only aboard a starship of the side; an intimidated side may not (option intimidation)."""
        team = state.team(seat)
        if team in state.intimidated and state.options["intimidation"] == "no_shuttle":
            return []
        up = bool(starships_at_system(state, team))
        return [c for c in state.site + state.system if state.owner[c] == seat
                and state.cards[c].type == "Character" and c not in state.shuttled and (c in state.system or up)]

    # -- apply ----------------------------------------------------------------------------------------
    def _apply(self, state: JKState, seat: int, action: Action) -> list[Any]:
        state.log = []
        kind = action.kind
        get = action.get
        if kind == "choose":
            value = get("value")
            if state.pending is not None and state.pending.kind == "location":
                state.pending = None
                flow.choose_location(state, value)
            elif state.pending is not None:
                play.answer_quick_draw(state, seat, value)
            else:
                flow.choose_force(state, seat, value)
        elif kind == "deploy":
            place = get("at") if get("at") is not None else get("on")
            play.deploy(state, seat, get("card"), place)
        elif kind == "play":
            play.play(state, seat, get("card"), get("function"), get("target"))
        elif kind == "battle":
            battle.start(state, seat, get("attacker"), get("defender"))
        elif kind == "intimidate":
            card, side = get("card"), get("side")
            state.rotated.add(card)
            state.intimidated.add(side)  # JK-3S-8: the capital starship names one opposing side
            say(state, "intimidate", f"{state.name(card)} intimidates {side}", seat, card=card)
            flow.after_action(state, False)
        elif kind == "support":
            battle.support(state, seat, get("card"), get("supported"))
            battle.after(state, False)
        elif kind == "tactic":
            play.tactic(state, seat, get("card"), get("under"))
        elif kind == "fire":
            play.fire(state, seat, get("weapon"), get("target"))
        elif kind == "shuttle":
            card = get("card")
            src, dst = (state.site, state.system) if card in state.site else (state.system, state.site)
            src.remove(card)
            dst.append(card)
            for w in [w for w, b in state.attached.items() if b == card]:
                src.remove(w)
                dst.append(w)
            state.shuttled.add(card)
            say(state, "shuttle", f"{state.name(card)} shuttles to the {'system' if dst is state.system else 'site'}",
                seat, card=card)
            flow.after_action(state, False)
        elif kind == "pass":
            if state.window is not None:
                play.respond_done(state, True)
            elif state.battle is not None:
                battle.after(state, True)
            else:
                flow.after_action(state, True)
        else:  # pragma: no cover - _legal never offers another kind
            raise AllegianceError(f"unknown action kind {kind!r}")
        return state.log

    # -- outcome, views, files -------------------------------------------------------------------------
    def outcome(self, state: JKState) -> Outcome | None:
        if state.phase != "over":
            return None
        teams = state.table.teams
        if not state.winner:
            # 0.5 each, as in the other games (the PettingZoo reward 2 * score - 1 is then 0 for a draw)
            return Outcome((), state.end_reason, draw=True, scores={t: 0.5 for t in teams})
        return Outcome((state.winner,), state.end_reason,
                       scores={t: 1.0 if t == state.winner else 0.0 for t in teams})

    def view(self, state: JKState, seat: int | None) -> dict[str, Any]:
        from allegiance.games.jk.view import view
        return view(state, seat)

    def option_values(self, mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value at a table of ``mode`` (JK-3S-2: turns per planet by the number of sides)."""
        from allegiance.games.jk.options import resolved
        return resolved(options, lineups.three_sided(mode))

    def legend(self) -> dict[str, Any]:
        """Icons and numbers of the cards, how to win, the turn's phases, the decks (``legend.toml``)."""
        from allegiance.games.jk.legend import legend
        return legend()

    def progress(self, state: JKState, seat: int | None) -> list[str]:
        """How close each side is to winning, in words (public information only, whatever ``seat``)."""
        from allegiance.games.jk.legend import progress
        return progress(state)

    def card_catalog(self) -> dict[str, dict[str, Any]]:
        from allegiance.games.jk.cards import catalog
        return {name: card.to_json() for name, card in catalog().items()}

    def card_group(self, name: str) -> str:
        from allegiance.games.jk.cards import catalog
        card = catalog().get(name)
        return card.allegiance if card is not None else ""

    def card_table(self) -> Any:
        """The established rows and the demo set (invented) for ``allegiance cards jk``."""
        from allegiance.games.jk.view import card_table
        return card_table()

    def greedy_choice(self, state: JKState, seat: int, legal: list[Action], rng: Any) -> Action:
        """The greedy heuristic's pick (see ``strategy``)."""
        from allegiance.games.jk.strategy import greedy_choice
        return greedy_choice(state, seat, legal, rng)

    def search_hooks(self) -> SearchHooks:
        """Determinisation, evaluation (a chance per side) and move keys for the searching bots (``search``)."""
        from allegiance.games.jk.determinize import determinize
        from allegiance.games.jk.search import (
            active_team,
            budget,
            checks,
            evaluate,
            move_key,
            searched,
            team_index,
        )
        from allegiance.games.jk.strategy import greedy_choice
        # the evaluation's chances differ little between moves (greedy games are close): a low UCB constant
        return SearchHooks(determinize, move_key, evaluate, greedy_choice, team_index, checks, active_team,
                           searched, exploration=0.05, budget=budget)

    def record_hooks(self) -> Any:
        """A simulation records the first side's planet lead each turn and the cards deployed or played."""
        from allegiance.games.jk.record import HOOKS
        return HOOKS

    def agent_encoding(self, mode: str, options: Mapping[str, Any]) -> Any:
        """Observation vector and action numbering for learning agents (``agent_encoding``)."""
        from allegiance.games.jk.agent_encoding import JKAgentEncoding
        return JKAgentEncoding(mode, options)

    def to_position(self, state: JKState) -> dict[str, Any]:
        from allegiance.games.jk.position import to_position
        return to_position(state)

    def from_position(self, data: Mapping[str, Any]) -> JKState:
        from allegiance.games.jk.position import from_position
        return from_position(data)

    def describe_action(self, state: JKState, seat: int, action: Action) -> str:
        from allegiance.games.jk.view import describe
        return describe(state, seat, action)
