"""The SWDBG game state: plain data (lists of card ids, ints, small records) with a cheap ``copy``.

Card ids are ints; ``SwdbgState.cards`` maps each id to its :class:`CardDef` and is shared, never
mutated, by every copy.  Every card id is in exactly one zone at any time (invariant 3):
a player's deck / hand / discard / units / ships / base / base deck, a region's galaxy deck / row /
galaxy discard / pilot stack, a team's victory pile, or the exile pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from allegiance.core.rng import Rng
from allegiance.core.table import Table
from allegiance.games.swdbg.cards import CardDef


class Player:
    """One seat's cards and per-turn counters.  Deck and discard tops are the list ends."""

    __slots__ = (
        "seat", "faction", "team", "region", "deck", "hand", "discard", "units", "ships", "base",
        "base_deck", "resources", "ended", "end_exile",
    )

    def __init__(self, seat: int, faction: str, team: int, region: int) -> None:
        self.seat = seat
        self.faction = faction
        self.team = team
        self.region = region
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.units: list[int] = []  # units in play this turn
        self.ships: list[int] = []  # capital ships in play: this player's half of the team's shared zone
        self.base: int | None = None
        self.base_deck: list[int] = []  # remaining bases (unordered: the owner chooses)
        self.resources = 0
        self.ended = False  # 2v2: this teammate has ended the team turn
        self.end_exile: list[int] = []  # Tarkin / Jedha: cards to exile at end of turn

    def copy(self) -> Player:
        p = Player(self.seat, self.faction, self.team, self.region)
        p.deck, p.hand, p.discard = self.deck[:], self.hand[:], self.discard[:]
        p.units, p.ships, p.base_deck = self.units[:], self.ships[:], self.base_deck[:]
        p.base, p.resources, p.ended = self.base, self.resources, self.ended
        p.end_exile = self.end_exile[:]
        return p


class Region:
    """One region's galaxy deck, galaxy row, galaxy discard pile and Outer Rim Pilot stack (SW-SETUP-3)."""

    __slots__ = ("index", "galaxy_deck", "row", "galaxy_discard", "pilots")

    def __init__(self, index: int) -> None:
        self.index = index
        self.galaxy_deck: list[int] = []
        self.row: list[int] = []
        self.galaxy_discard: list[int] = []
        self.pilots: list[int] = []

    def copy(self) -> Region:
        r = Region(self.index)
        r.galaxy_deck, r.row = self.galaxy_deck[:], self.row[:]
        r.galaxy_discard, r.pilots = self.galaxy_discard[:], self.pilots[:]
        return r


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice inside an effect, waiting for an answer: plain data, never a callback.

    ``kind`` names the handler that continues the effect; ``seats`` may answer; ``actor`` is the
    seat on whose behalf the effect resolves; ``options`` are the legal answers; ``data`` carries
    whatever the handler needs (immutable: replaced, never mutated).
    """

    kind: str
    seats: tuple[int, ...]
    actor: int
    prompt: str
    options: tuple[Any, ...]
    card: int | None = None
    data: tuple[tuple[str, Any], ...] = ()
    shown: tuple[int, ...] = ()  # cards the answering seats may see while deciding (look effects)
    since: int = 0  # the state version at which this choice was first asked (see Game.decision_since)

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == name:
                return v
        return default


@dataclass(slots=True)
class Attack:
    """An attack being declared: the target and the cards committed so far."""

    target: str  # "base" or "row"
    row_card: int | None
    region: int | None
    cards: list[int] = field(default_factory=list)
    seats: tuple[int, ...] = ()  # who may commit to it

    def copy(self) -> Attack:
        return Attack(self.target, self.row_card, self.region, self.cards[:], self.seats)


@dataclass(frozen=True, slots=True)
class Config:
    """Settings fixed for the whole game."""

    mode: str  # "1v1" or "2v2"
    galaxy: str  # "beginner", "full" or "secret"
    bases_to_win: int
    pay_off_neutral: bool
    max_turns: int
    seed: int


class SwdbgState:
    """The whole game.  ``copy()`` is cheap: static parts are shared, mutable parts copied shallowly."""

    __slots__ = (
        "table", "cards", "config", "version", "rng", "force", "players", "regions", "exiled",
        "victory", "damage", "used", "attacked", "bonus", "attack", "pending", "active_team",
        "first_team", "turn", "stage", "flags", "hoth_prevented", "winner", "draw", "end_reason",
        "log", "turn_actions", "next_top", "queue", "base_owner", "box", "main_since",
    )

    def __init__(self, table: Table, cards: dict[int, CardDef], config: Config) -> None:
        self.table = table
        self.cards = cards
        self.config = config
        self.version = 0
        self.rng = Rng(config.seed)
        self.force = 6  # 0 = fully Empire ... 6 = fully Rebel
        self.players: list[Player] = []
        self.regions: list[Region] = []
        self.exiled: list[int] = []
        self.victory: list[list[int]] = [[], []]  # per team: bases it destroyed
        self.damage: dict[int, int] = {}  # card id -> damage on a base or capital ship
        self.used: set[int] = set()  # cards whose ability was used this turn
        self.attacked: set[int] = set()  # cards that committed to an attack this turn
        self.bonus: dict[int, int] = {}  # card id -> attack gained this turn (Inquisitor, Lobot, B-Wing)
        self.attack: Attack | None = None
        self.pending: list[Pending] = []  # top = last
        self.active_team = 0
        self.first_team = 0
        self.turn = 1  # team turns started so far
        self.stage = "setup"  # "setup", "start", "main", "over"
        self.flags: set[tuple[Any, ...]] = set()  # once-per-turn markers
        self.hoth_prevented = 0
        self.winner: int | None = None
        self.draw = False
        self.end_reason = ""
        self.log: list[Any] = []  # events of the action being applied (transient)
        self.turn_actions = 0
        self.next_top = [0, 0]  # per team: Twi'lek Smuggler purchases still to put on top of the buyer's deck
        self.queue: list[tuple[str, int, int | None]] = []  # deferred effects: (effect name, seat, card)
        self.box: list[int] = []  # Secret Bases: bases put back in the box unseen
        self.base_owner: dict[int, int] = {}  # base card id -> seat of its base deck (fixed at setup, shared)
        self.main_since = 0  # the state version at which the current team turn's main phase began

    def copy(self) -> SwdbgState:
        # Copies are built through ``__init__`` (so are the players' and regions'), not ``__new__``:
        # mypyc-compiled classes (setup.py) cannot be made without it.  It costs about 1.4 µs of a
        # 6.5 µs copy in pure Python; compiled, a copy takes under 3 µs.
        s = SwdbgState(self.table, self.cards, self.config)
        s.version, s.rng, s.force = self.version, self.rng.copy(), self.force
        s.players = [p.copy() for p in self.players]
        s.regions = [r.copy() for r in self.regions]
        s.exiled = self.exiled[:]
        s.victory = [v[:] for v in self.victory]
        s.damage, s.used, s.attacked, s.bonus = dict(self.damage), set(self.used), set(self.attacked), dict(self.bonus)
        s.attack = self.attack.copy() if self.attack else None
        s.pending = self.pending[:]
        s.active_team, s.first_team, s.turn, s.stage = self.active_team, self.first_team, self.turn, self.stage
        s.flags, s.hoth_prevented = set(self.flags), self.hoth_prevented
        s.winner, s.draw, s.end_reason = self.winner, self.draw, self.end_reason
        s.log, s.turn_actions = [], self.turn_actions
        s.next_top, s.queue = self.next_top[:], self.queue[:]
        s.base_owner, s.box, s.main_since = self.base_owner, self.box[:], self.main_since
        return s

    # -- small queries used everywhere ----------------------------------------------------------
    def team_seats(self, team: int) -> list[Player]:
        return [p for p in self.players if p.team == team]

    def name(self, card_id: int) -> str:
        return self.cards[card_id].name
