"""Team modes (multiplayer rules, WK-*): modes, seating, turn order, teams, team XP and decks.

Seats: in ``NvN`` (N >= 2) seats ``0..N-1`` are team ``a`` (players A1..AN, left to right) and seats
``N..2N-1`` team ``b`` (B1..BN).  A_i sits opposite B_(N+1-i) (WK-SEAT-1).  ``1v1`` is the duel with
teams ``p0`` and ``p1``, unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from allegiance.core.table import Seat, Table

if TYPE_CHECKING:
    from allegiance.games.wakfu.decks import Deck
    from allegiance.games.wakfu.state import WakfuState

MAX_TEAM: Final = 8  # WK-TEAM-1: up to 8v8
MODES: Final = tuple(f"{n}v{n}" for n in range(1, MAX_TEAM + 1))
XP_PER_HERO: Final = 18  # WK-WIN-2


def team_size(mode: str) -> int:
    """N of an ``NvN`` mode (WK-TEAM-1: two teams of the same size, 1 to 8)."""
    if mode not in MODES:
        raise ValueError(f"Wakfu modes: {', '.join(MODES)} (two teams of the same size); not {mode!r}")
    return int(mode.split("v")[0])


def table_for(mode: str) -> Table:
    """The seats of a mode (WK-SEAT-1); 1v1 keeps the duel's seats."""
    n = team_size(mode)
    if n == 1:
        return Table((Seat(0, "p0", "Player 1"), Seat(1, "p1", "Player 2")))
    seats = [Seat(i, "a", f"A{i + 1}") for i in range(n)]
    seats += [Seat(n + i, "b", f"B{i + 1}") for i in range(n)]
    return Table(tuple(seats))


def is_team(state: WakfuState) -> bool:
    return len(state.players) > 2


def opposite(table: Table, seat: int) -> int:
    """The seat facing ``seat`` across the table: A_i faces B_(N+1-i) (WK-SEAT-1)."""
    n = len(table) // 2
    if n == 1:
        return 1 - seat
    return 2 * n - 1 - seat


def turn_order(table: Table, first: int) -> list[int]:
    """WK-ORDER-1: player 1 of the starting team, the player opposite, the starting team's player 2,
    the player opposite them, and so on (2v2: A1 B2 A2 B1; 3v3: A1 B3 A2 B2 A3 B1)."""
    start = table.members(table.team_of(first))
    out: list[int] = []
    for s in start:
        out += [s, opposite(table, s)]
    return out


#: the turn orders of the last tables seen: (table, first seat, order); a few entries, each holding its table,
#: so that an identity is never reused while cached
_ORDERS: list[tuple[Table, int, tuple[int, ...]]] = []


def order(state: WakfuState) -> list[int]:
    """:func:`turn_order` of the game (asked at every File item, pass and turn: kept for the game's table,
    which never changes, and its first player)."""
    table, first = state.table, state.first
    for known, start, seq in reversed(_ORDERS):
        if known is table and start == first:
            return list(seq)
    return list(_remember_order(table, first))


def _remember_order(table: Table, first: int) -> tuple[int, ...]:
    """The turn order of a table not in ``_ORDERS``, added to it (a function of its own: its comprehension
    would make a cell of ``table`` at every call of :func:`order`)."""
    seq = tuple(turn_order(table, first))
    _ORDERS[:] = [e for e in _ORDERS if e[0] is not table][-7:] + [(table, first, seq)]
    return seq


def alive(state: WakfuState, seat: int) -> bool:
    """Whether a seat is still in the game (WK-ELIM-3: an eliminated player takes no part)."""
    return not state.players[seat].out


def next_seat(state: WakfuState, seat: int) -> int:
    """The next player in the turn order who is still in the game; eliminated players are skipped and
    the order never changes (WK-ORDER-2)."""
    seq = order(state)
    i = seq.index(seat)
    for k in range(1, len(seq) + 1):
        s = seq[(i + k) % len(seq)]
        if alive(state, s):
            return s
    return seat


def same_team(state: WakfuState, a: int, b: int) -> bool:
    n = len(state.players) // 2 or 1  # seats k*N .. k*N+N-1 form team k (see table_for)
    return a // n == b // n


def team_seats(state: WakfuState, seat: int) -> tuple[int, ...]:
    """Every seat of ``seat``'s team, itself included, in seat order."""
    n = len(state.players) // 2 or 1
    k = seat // n
    return tuple(range(k * n, k * n + n))


def opponents(state: WakfuState, seat: int) -> list[int]:
    """The players still in the game on the other team ("opposing", WK-COMM-5)."""
    # table.opponents without the scan of the seats: team k holds seats k*N .. k*N+N-1 (table_for)
    players = state.players
    n = len(players) // 2
    out = []
    for s in range(n, 2 * n) if seat < n else range(n):
        if not players[s].out:  # alive
            out.append(s)
    return out


def after(state: WakfuState, seat: int) -> list[int]:
    """Every player still in the game in turn order starting after ``seat``, ``seat`` last (809.6 in
    teams: the others are asked first, in the usual order; in 1v1: the opponent, then the seat)."""
    seq = order(state)
    i = seq.index(seat)
    players = state.players
    out = []
    for s in seq[i + 1:] + seq[:i + 1]:
        if not players[s].out:  # alive
            out.append(s)
    return out


def members(state: WakfuState, team: str) -> range:
    """The seats of a team (``table.members`` without the scan: team k holds seats k*N .. k*N+N-1)."""
    n = len(state.players) // 2
    k = 0 if team == state.table.seats[0].team else 1
    return range(k * n, k * n + n)


def team_xp(state: WakfuState, team: str) -> int:
    """WK-XP-1 / WK-XP-2: XP earned by every player of the team, eliminated players' XP included."""
    return sum(state.players[s].xp for s in members(state, team))


def xp_goal(state: WakfuState, team: str) -> int:
    """WK-WIN-2: 18 XP per Héros of the team (its players at the start: 36 in 2v2, 54 in 3v3)."""
    return XP_PER_HERO * (len(state.players) // 2)


def team_in_order(state: WakfuState, seat: int) -> list[int]:
    """The seat's teammates still in the game in turn order, starting with ``seat`` (WK-COMBAT-6)."""
    players = state.players
    n = len(players) // 2 or 1  # same_team, inlined: seats k*N .. k*N+N-1 form team k (see table_for)
    team = seat // n
    seq = []  # (loops: comprehensions made cells at every call)
    for s in order(state):
        if s // n == team:
            seq.append(s)
    i = seq.index(seat)
    out = []
    for s in seq[i:] + seq[:i]:
        if not players[s].out or s == seat:  # alive
            out.append(s)
    return out


def check_team_decks(table: Table, decks: list[Deck]) -> None:
    """WK-DECK-2: a Unique card at most once across the decks of one team; the error names the card and
    the players holding it."""
    from allegiance.games.wakfu.cards import CARDS
    from allegiance.games.wakfu.decks import DeckError
    problems = []
    for team in table.teams:
        holders: dict[str, list[str]] = {}
        for s in table.members(team):
            d = decks[s]
            for name in (d.hero, d.havre_sac, *dict(d.cards)):
                if CARDS[name].unique:
                    holders.setdefault(name, []).append(table.seats[s].label)
        for name, who in holders.items():
            if len(who) > 1:
                problems.append(f"{name} is Unique: at most one copy per team (WK-DECK-2), but "
                                f"{' and '.join(who)} of team {team.upper()} each hold one")
    if problems:
        decks_way = distinct_starters(table, decks)
        ways = ([{"decks": decks_way}] if decks_way else []) + [{"team_uniques": "ignore"}]
        fix = (f"give each player of a team a different deck (e.g. decks {', '.join(decks_way)})" if decks_way
               else "give each player of a team decks that share no Unique card")
        raise DeckError(problems, ways,
                        advice=f"to play: {fix}, or set the option team_uniques=ignore to play without this rule")


def _uniques(name: str) -> set[str]:
    from allegiance.games.wakfu.cards import CARDS
    from allegiance.games.wakfu.decks import starter
    d = starter(name)
    return {n for n in (d.hero, d.havre_sac, *dict(d.cards)) if CARDS[n].unique}


def distinct_starters(table: Table, decks: list[Deck]) -> list[str]:
    """Starter decks for every seat such that no team holds a Unique card twice (WK-DECK-2): each team
    keeps the starter its first player had and takes other starters after it; empty when there are not
    enough such starters for a team (more players than starters sharing no Unique)."""
    from allegiance.games.wakfu.decks import STARTERS
    out: list[str] = []
    for team in table.teams:
        seats = table.members(team)
        first = decks[seats[0]].name
        chosen: list[str] = []
        held: set[str] = set()
        for name in ([first] if first in STARTERS else []) + [s for s in STARTERS if s != first]:
            if len(chosen) == len(seats):
                break
            if not _uniques(name) & held:
                chosen.append(name)
                held |= _uniques(name)
        if len(chosen) < len(seats):
            return []
        out += chosen
    return out
