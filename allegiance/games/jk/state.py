"""The Jedi Knights game state: plain data (lists of card ids, ints, small records) with a cheap ``copy``.

Card ids are ints; ``JKState.cards`` maps each id to its :class:`CardDef` (shared, never changed) and
``owner`` to its player.  Every card id is in exactly one zone (invariant 3): a player's draw pile,
hand, theme pile, Force deck, used Force pile, current or chosen Force card, discard pile, table
(lasting events and powers), ``left`` (cards left on a planet already decided) or theme card; the
current planet's ``system`` or ``site``; or a power waiting in a response window.  A weapon sits in
the same zone as its bearer (``attached``), a tactic bonus likewise under its card (``under``).
"""

from __future__ import annotations

from typing import Any

from allegiance.core.rng import Rng
from allegiance.core.table import Table
from allegiance.games.jk.cards import CardDef

PILES = ("draw", "hand", "theme_pile", "force_deck", "force_used", "discard", "table", "left")


class Player:
    """One seat's piles and counters.  A pile's top is the list end."""

    __slots__ = ("seat", "allegiance", "theme", "deck", "theme_card", "draw", "hand", "theme_pile", "force_deck",
                 "force_used", "discard", "table", "left", "force_card", "chosen", "credits", "out")

    def __init__(self, seat: int, allegiance: str, theme: str, deck: str) -> None:
        self.seat = seat
        self.allegiance = allegiance
        self.theme = theme
        self.deck = deck
        self.theme_card = -1
        self.draw: list[int] = []
        self.hand: list[int] = []
        self.theme_pile: list[int] = []
        self.force_deck: list[int] = []
        self.force_used: list[int] = []
        self.discard: list[int] = []
        self.table: list[int] = []
        self.left: list[int] = []
        self.force_card = -1  # the Force card revealed this turn (its number is the Force number)
        self.chosen = -1  # the Force card picked in secret, before all are revealed
        self.credits = 0
        self.out = False  # the side is out of the Final Conflict (JK-3S-11)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat, p.allegiance, p.theme, p.deck, p.theme_card = self.seat, self.allegiance, self.theme, self.deck, \
            self.theme_card
        p.draw, p.hand, p.theme_pile = self.draw[:], self.hand[:], self.theme_pile[:]
        p.force_deck, p.force_used, p.discard = self.force_deck[:], self.force_used[:], self.discard[:]
        p.table, p.left = self.table[:], self.left[:]
        p.force_card, p.chosen, p.credits, p.out = self.force_card, self.chosen, self.credits, self.out
        return p


class Turns:
    """An alternation of single actions (a phase, a battle step or a response window): the seats in
    order, whose action it is, and how many passed in a row (it ends when every seat has)."""

    __slots__ = ("order", "idx", "passes")

    def __init__(self, order: list[int]) -> None:
        self.order = order
        self.idx = 0
        self.passes = 0

    @property
    def seat(self) -> int:
        return self.order[self.idx]

    def step(self, passed: bool) -> bool:
        """Record an action (or a pass) and move on; True when every seat has passed in a row."""
        self.passes = self.passes + 1 if passed else 0
        if self.passes >= len(self.order):
            return True
        self.idx = (self.idx + 1) % len(self.order)
        return False

    def copy(self) -> Turns:
        t = Turns(self.order[:])
        t.idx, t.passes = self.idx, self.passes
        return t


class Battle:
    """A battle in progress: its two cards, sides, step, supporters and the weapons already fired."""

    __slots__ = ("kind", "attacker", "defender", "att_team", "def_team", "step", "supporters", "fired", "turns")

    def __init__(self, kind: str, attacker: int, defender: int, att_team: str, def_team: str) -> None:
        self.kind = kind  # "starship" or "character"
        self.attacker = attacker
        self.defender = defender
        self.att_team = att_team
        self.def_team = def_team
        self.step = "support"
        self.supporters: dict[int, int] = {}  # supporter -> the card it supports
        self.fired: list[int] = []
        self.turns = Turns([])

    def cards(self) -> list[int]:
        return [self.attacker, self.defender, *self.supporters]

    def copy(self) -> Battle:
        b = Battle(self.kind, self.attacker, self.defender, self.att_team, self.def_team)
        b.step, b.supporters, b.fired, b.turns = self.step, dict(self.supporters), self.fired[:], self.turns.copy()
        return b


class Window:
    """A response window (S3 timing): opened by a weapon shot or a power being played; opponents first,
    clockwise from the player's left, then the player; each response resolves when played."""

    __slots__ = ("kind", "seat", "turns", "weapon", "target", "bonuses", "card", "function", "aim", "cancelled")

    def __init__(self, kind: str, seat: int, order: list[int]) -> None:
        self.kind = kind  # "shot" or "power"
        self.seat = seat
        self.turns = Turns(order)
        self.weapon = -1
        self.target = -1
        self.bonuses: list[int] = []  # the to-hit bonuses that count so far (the weapon's printed one first)
        self.card = -1  # the power being played
        self.function = 0
        self.aim = -1  # the power's target, if it has one
        self.cancelled = False

    def copy(self) -> Window:
        w = Window(self.kind, self.seat, [])
        w.turns = self.turns.copy()
        w.weapon, w.target, w.bonuses = self.weapon, self.target, self.bonuses[:]
        w.card, w.function, w.aim, w.cancelled = self.card, self.function, self.aim, self.cancelled
        return w


class Pending:
    """A choice one seat must make before play goes on (the first location, a quick-draw weapon)."""

    __slots__ = ("kind", "seat", "options", "card")

    def __init__(self, kind: str, seat: int, options: tuple[Any, ...], card: int = -1) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options
        self.card = card


class JKState:
    """A whole game.  ``copy`` copies every mutable part; card definitions and options are shared."""

    def __init__(self, table: Table, mode: str, cards: list[CardDef], options: dict[str, Any], rng: Rng) -> None:
        self.table = table
        self.mode = mode
        self.version = 0
        self.cards = cards
        self.options = options
        self.rng = rng
        self.owner: list[int] = []
        self.players: list[Player] = []
        self.planets: list[str] = []  # the planets in the order they are fought over
        self.planet = 0  # index of the current planet
        self.controlled: list[str] = []  # per decided planet: the side that won it ("" nobody)
        self.final = False  # the Final Conflict on the fourth planet
        self.system: list[int] = []
        self.site: list[int] = []
        self.attached: dict[int, int] = {}  # weapon -> bearer
        self.under: dict[int, int] = {}  # tactic-bonus event -> the card it is under
        self.boost: dict[int, int] = {}  # card -> power bonus until end of turn
        self.rotated: set[int] = set()
        self.shuttled: set[int] = set()  # characters shuttled this Blockade Phase
        self.intimidated: set[str] = set()  # sides intimidated this turn (JK-3S-8)
        self.phase = "setup"
        self.turn = 0
        self.turn_at_planet = 0
        self.player_one = -1
        self.turns = Turns([])
        self.battle: Battle | None = None
        #: open response windows, innermost last (a power played as a response opens its own, JK-POWER-4)
        self.windows: list[Window] = []
        self.pending: Pending | None = None
        self.winner = ""
        self.draw_game = False
        self.end_reason = ""
        self.log: list[Any] = []

    def copy(self) -> JKState:
        s = JKState.__new__(JKState)
        s.table, s.mode, s.version, s.cards, s.options = self.table, self.mode, self.version, self.cards, self.options
        s.rng = self.rng.copy()
        s.owner = self.owner  # fixed after setup
        s.players = [p.copy() for p in self.players]
        s.planets, s.planet, s.controlled, s.final = self.planets[:], self.planet, self.controlled[:], self.final
        s.system, s.site = self.system[:], self.site[:]
        s.attached, s.under, s.boost = dict(self.attached), dict(self.under), dict(self.boost)
        s.rotated, s.shuttled, s.intimidated = set(self.rotated), set(self.shuttled), set(self.intimidated)
        s.phase, s.turn, s.turn_at_planet, s.player_one = self.phase, self.turn, self.turn_at_planet, self.player_one
        s.turns = self.turns.copy()
        s.battle = self.battle.copy() if self.battle is not None else None
        s.windows = [w.copy() for w in self.windows]
        s.pending = self.pending  # immutable once made
        s.winner, s.draw_game, s.end_reason = self.winner, self.draw_game, self.end_reason
        s.log = []
        return s

    # -- small helpers --------------------------------------------------------------------------------
    @property
    def window(self) -> Window | None:
        """The innermost open response window."""
        return self.windows[-1] if self.windows else None

    def shot_window(self) -> Window | None:
        """The innermost open window of a weapon shot (to-hit responses act on it)."""
        for w in reversed(self.windows):
            if w.kind == "shot":
                return w
        return None

    def name(self, card: int) -> str:
        return self.cards[card].name

    def team(self, seat: int) -> str:
        return self.table.seats[seat].team

    def label(self, seat: int) -> str:
        return self.table.seats[seat].label

    def live_seats(self) -> list[int]:
        return [p.seat for p in self.players if not p.out]

    def live_teams(self) -> list[str]:
        return [t for t in self.table.teams if any(not self.players[s].out for s in self.table.members(t))]

    def team_of_card(self, card: int) -> str:
        return self.team(self.owner[card])

    def zone_of(self, card: int) -> str:
        """The zone a card is in (for checks and tests)."""
        if card in self.system:
            return "system"
        if card in self.site:
            return "site"
        if any(w.card == card for w in self.windows):
            return "window"
        p = self.players[self.owner[card]]
        if card == p.theme_card:
            return "theme_card"
        if card in (p.force_card, p.chosen):
            return "force_card"
        for pile in PILES:
            if card in getattr(p, pile):
                return pile
        return "nowhere"
