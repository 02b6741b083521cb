"""The Wakfu game state: plain data (lists of card ids, ints, small records) with a cheap ``copy``.

Card ids are ints; ``WakfuState.cards`` maps each id to its :class:`CardDef` (shared, never mutated).
Every card id is in exactly one zone (invariant 3): a player's Pioche / Main / Défausse / Havre Sac /
Monde, the File d'Attente (``file`` items own their card), or the banished pile; a token (413.2, ``tokens``) is
in the Monde or a Havre Sac while in play and in no zone once it ceased to exist.  ``cards`` and ``owners`` are
shared by copies: a token made or a card changing what it is (an Invocation) replaces them, never mutates them.  A player's ``monde``
lists the cards of the shared Monde that player controls (506.1); their Havre Sac card is one of them.
Équipements sit in the same zone list as their porteur (``attached``: équipement -> porteur).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from allegiance.core.rng import Rng
from allegiance.core.table import Table
from allegiance.games.wakfu.cards import CardDef


class Player:
    """One seat's zones, Héros and counters.  Pioche top is the list end."""

    __slots__ = (
        "seat", "hero", "sac", "pioche", "main", "defausse", "havre", "monde", "xp", "level", "pv",
        "sac_pr", "recycled", "turns", "drew_or_played", "mulligans", "out", "gone",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hero = -1  # card id of the Héros
        self.sac = -1  # card id of the Havre Sac
        self.pioche: list[int] = []
        self.main: list[int] = []
        self.defausse: list[int] = []
        self.havre: list[int] = []  # cards inside the Havre Sac (504)
        self.monde: list[int] = []  # cards of the Monde this player controls
        self.xp = 0
        self.level = 1
        self.pv = 0
        self.sac_pr = 0  # Points de Résistance left (410.5)
        self.recycled = False  # the once-per-game hand recycle is spent (604.2)
        self.turns = 0  # own turns started
        self.drew_or_played = False  # this turn (604.2)
        self.mulligans = 0  # rollbacks taken (102.4)
        self.out = False  # eliminated: the Héros fell in a team game (WK-ELIM-1)
        self.gone: list[int] = []  # the cards an eliminated player took back when leaving (WK-ELIM-1)

    def copy(self) -> Player:
        p = Player(self.seat)
        p.hero, p.sac = self.hero, self.sac
        p.pioche, p.main, p.defausse = self.pioche[:], self.main[:], self.defausse[:]
        p.havre, p.monde = self.havre[:], self.monde[:]
        p.xp, p.level, p.pv, p.sac_pr = self.xp, self.level, self.pv, self.sac_pr
        p.recycled, p.turns, p.drew_or_played, p.mulligans = self.recycled, self.turns, self.drew_or_played, self.mulligans
        p.out, p.gone = self.out, self.gone[:]
        return p


class Pending(NamedTuple):
    """A decision waiting for one seat: plain data, never a callback.

    ``kind`` names the handler that continues; ``options`` are the legal answers (a pair is a value
    with an amount); ``data`` carries what the handler needs (immutable: replaced, never mutated).

    Immutable, so copies of a state share their pending decisions.  A named tuple rather than a frozen
    dataclass: one is made at most steps of a game, and a frozen dataclass sets each field through
    ``object.__setattr__`` (five times the cost of the whole tuple's construction, measured with cachegrind).
    """

    kind: str
    seat: int
    prompt: str
    options: tuple[Any, ...]
    card: int | None = None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == name:
                return v
        return default


@dataclass(slots=True, init=False)
class Item:
    """One entry of the File d'Attente (503): a card being played, a paid power or a triggered power.

    ``to_ask`` lists the seats that may still react to it (809.6: once each, the opponent of its
    controller first); ``paid`` is False while its costs are being paid (808.2).
    """

    kind: str  # "card", "power" or "trigger"
    seat: int
    card: int  # the card played, or the source of the power
    effect: str  # the card or power name, or a trigger effect in registry.TRIGGERS
    targets: list[Any] = field(default_factory=list)
    x: int = 0
    paid: bool = False
    cancelled: bool = False
    to_ask: list[int] = field(default_factory=list)
    need: list[str] = field(default_factory=list)  # cost symbols still unpaid (418.5)
    inclined: list[int] = field(default_factory=list)  # cards inclined to pay, undone on cancel
    place: str = ""  # where an Allié appears ("monde"/"havre"), or the porteur of an Équipement
    extra: list[Any] = field(default_factory=list)  # additional-cost choices (418.8)
    step: str = "place"  # how far the announcement has got (808.2): place, x, targets, extra, pay, done
    power: int = 0  # which power of the card (paid powers)
    source_zone: str = ""  # where the power's source was when used (508: range)
    crafted: bool = False  # paid by its Recette (305.4, 418.6): ``extra`` holds the cards to recycle
    hand_at: int = -1  # where the card was in the hand, so that a cancel puts it back there (808.2)
    #: the answers given so far in the open Réaction round about this item, (seat, answer), hidden from the
    #: other seats until every seat asked has answered (``flow.answer_round``)
    answered: list[tuple[int, Any]] = field(default_factory=list)

    # written out rather than generated: the generated __init__ calls ``list`` for each list left out, and an
    # Item is built at most legal-action lists (a probe for the targets of a card or power); the defaults are
    # the fields' above (keep both the same)
    def __init__(self, kind: str, seat: int, card: int, effect: str, targets: list[Any] | None = None, x: int = 0,
                 paid: bool = False, cancelled: bool = False, to_ask: list[int] | None = None,
                 need: list[str] | None = None, inclined: list[int] | None = None, place: str = "",
                 extra: list[Any] | None = None, step: str = "place", power: int = 0, source_zone: str = "",
                 crafted: bool = False, hand_at: int = -1, answered: list[tuple[int, Any]] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.card = card
        self.effect = effect
        self.targets = [] if targets is None else targets
        self.x = x
        self.paid = paid
        self.cancelled = cancelled
        self.to_ask = [] if to_ask is None else to_ask
        self.need = [] if need is None else need
        self.inclined = [] if inclined is None else inclined
        self.place = place
        self.extra = [] if extra is None else extra
        self.step = step
        self.power = power
        self.source_zone = source_zone
        self.crafted = crafted
        self.hand_at = hand_at
        self.answered = [] if answered is None else answered

    def copy(self) -> Item:
        return Item(self.kind, self.seat, self.card, self.effect, self.targets[:], self.x, self.paid,
                    self.cancelled, self.to_ask[:], self.need[:], self.inclined[:], self.place, self.extra[:],
                    self.step, self.power, self.source_zone, self.crafted, self.hand_at, self.answered[:])


@dataclass(slots=True)
class Combat:
    """A combat (701-708): its step, target, attackers and blockers (blocker -> attacker)."""

    attacker: int  # seat
    defender: int
    target: int = -1
    step: str = "target"  # target, attackers, blockers, actions, duels, damage, end
    attackers: list[int] = field(default_factory=list)
    blockers: dict[int, int] = field(default_factory=dict)
    blocked: list[int] = field(default_factory=list)  # attackers that were blocked at 704 (duels)
    dealt: list[int] = field(default_factory=list)  # cards that dealt combat damage
    destroyed: list[tuple[int, int]] = field(default_factory=list)  # (card, xp credit seat) for 708.2
    to_act: int = 0  # whose action in the Phase d'Actions (705.1)
    passes: int = 0  # consecutive passes (705.5)
    passed: list[int] = field(default_factory=list)  # seats that passed since the last action (WK-COMBAT-7)
    last_att: int = -1  # the attacker's team's last seat to act or pass (WK-COMBAT-6)
    last_def: int = -1  # the defender's team's last seat to act or pass

    def copy(self) -> Combat:
        return Combat(self.attacker, self.defender, self.target, self.step, self.attackers[:],
                      dict(self.blockers), self.blocked[:], self.dealt[:], self.destroyed[:], self.to_act,
                      self.passes, self.passed[:], self.last_att, self.last_def)


@dataclass(frozen=True, slots=True)
class Config:
    """Settings fixed for the whole game."""

    mode: str
    seed: int
    decks: tuple[str, ...]  # deck names per seat (starter names or "custom")
    max_turns: int
    reaction_prompts: str  # "playable": ask only seats holding a playable Réaction; "always"
    #: seconds an online table holds each Réaction window open before passing for a person who does not
    #: answer (0: no window, the person must answer; see :meth:`WakfuGame.response_window`)
    reaction_seconds: int = 4


class WakfuState:
    """The whole game.  ``copy()`` is cheap: static parts shared, mutable parts copied shallowly."""

    __slots__ = (
        "table", "cards", "config", "version", "rng", "players", "active", "first", "turn", "phase",
        "tapped", "damage", "appeared", "attached", "mods", "pmods", "file", "pending", "combat",
        "banished", "attacked", "flags", "winner", "draw", "end_reason", "log", "deck_texts", "owners", "fragile",
        "tokens",
    )

    def __init__(self, table: Table, cards: dict[int, CardDef], config: Config) -> None:
        self.table = table
        self.cards = cards
        self.config = config
        self.version = 0
        self.rng = Rng(config.seed)
        self.players: list[Player] = []
        self.active = 0
        self.first = 0
        self.turn = 0  # turns started in the game (both players)
        self.phase = "setup"  # setup, mulligan, untap, main, draw, end, over
        self.tapped: set[int] = set()
        self.damage: dict[int, int] = {}  # Allié -> damage marked this turn (410.8)
        self.appeared: dict[int, int] = {}  # card -> game turn it appeared (303.3)
        self.attached: dict[int, int] = {}  # Équipement -> porteur
        # card modifiers: (card, stat, value, until) with stat force/pm/double/geant/agilite/resist:<el>/
        # no_untap and until "turn" (end of turn), "combat", or "next:<seat>" (start of that seat's turn)
        self.mods: list[tuple[int, str, Any, str]] = []
        self.pmods: list[tuple[int, str, int, str]] = []  # player modifiers: (seat, "pa"/"pm", value, until)
        self.file: list[Item] = []
        self.pending: list[Pending] = []  # top = last
        self.combat: Combat | None = None
        self.banished: list[int] = []
        self.attacked = False  # an attack was declared this Phase Principale (603.2)
        self.flags: set[tuple[Any, ...]] = set()  # once-per-turn / once-per-game markers
        self.winner: int | None = None
        self.draw = False
        self.end_reason = ""
        self.log: list[Any] = []  # events of the action being applied (transient)
        self.deck_texts: tuple[str, ...] = ("", "")
        self.owners: list[int] = []  # card id -> owning seat (416.1); fixed at setup, shared by copies
        # (number of cards, the Alliés whose Force can be 0): derived from ``cards`` when first needed
        # (``rules.fragile``), shared by copies
        self.fragile: tuple[int, frozenset[int]] | None = None
        # the ids of every token made in the game (413.2), in play or gone: a token is no card, it is in a zone only
        # while in play (invariant 3 counts the others as tokens that ceased to exist); replaced, never mutated
        self.tokens: tuple[int, ...] = ()

    def copy(self) -> WakfuState:
        s = WakfuState(self.table, self.cards, self.config)
        s.version, s.rng = self.version, self.rng.copy()
        s.players = [p.copy() for p in self.players]
        s.active, s.first, s.turn, s.phase = self.active, self.first, self.turn, self.phase
        s.tapped, s.damage, s.appeared = set(self.tapped), dict(self.damage), dict(self.appeared)
        s.attached, s.mods, s.pmods = dict(self.attached), self.mods[:], self.pmods[:]
        s.file = [i.copy() for i in self.file]
        s.pending = self.pending[:]
        s.combat = self.combat.copy() if self.combat else None
        s.banished, s.attacked, s.flags = self.banished[:], self.attacked, set(self.flags)
        s.winner, s.draw, s.end_reason = self.winner, self.draw, self.end_reason
        s.log, s.deck_texts, s.owners, s.fragile = [], self.deck_texts, self.owners, self.fragile
        s.tokens = self.tokens
        return s

    def name(self, card: int) -> str:
        return self.cards[card].name

    def round(self) -> list[Pending]:
        """The open Réaction round's questions still unanswered, the first seat in priority (809.6) first;
        empty when no round is open.  A round asks every seat about the top File item at once
        (``flow.open_round``); its questions sit on top of ``pending`` and carry the version ``since``
        which they have stood."""
        pending = self.pending
        if not pending or pending[-1].kind != "reaction":
            return []
        since = pending[-1].get("since")
        if since is None:
            return []
        out = []
        for p in reversed(pending):
            if p.kind != "reaction" or p.get("since") != since:
                break
            out.append(p)
        return out

    def decision(self, seat: int) -> Pending | None:
        """The question ``seat`` answers now: the top of ``pending``, or the seat's own in an open round."""
        pending = self.pending
        if not pending:
            return None
        if pending[-1].seat == seat:
            return pending[-1]
        for p in self.round():
            if p.seat == seat:
                return p
        return None

    def take_decision(self, seat: int) -> Pending:
        """Remove and return the question ``seat`` answers now (see :meth:`decision`)."""
        pending = self.pending
        if pending[-1].seat == seat:
            return pending.pop()
        for k in range(len(pending) - 1, -1, -1):
            if pending[k].seat == seat:
                return pending.pop(k)
        raise LookupError(f"no question waits for seat {seat}")  # pragma: no cover - _legal offered none

    @property
    def first_team(self) -> int:
        """The index (in ``table.teams``) of the team of the first player (for simulation records)."""
        return self.table.teams.index(self.table.seats[self.first].team)

    def owner(self, card: int) -> int:
        """The seat that owns a card (416.1)."""
        return self.owners[card]
