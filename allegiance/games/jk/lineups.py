"""The line-ups of JK-MODES-1 as modes, and the seats and sides (teams) each one makes.

A mode names every seat's allegiance, side by side: ``AvE`` is Alliance v Empire; ``AAvEI`` is two
Alliance players v an Empire and an Independent player (a mixed side, JK-MODES-2); ``AvEvI`` is the
three-sided game.  A side is a team (three sides: three teams).
"""

from __future__ import annotations

from typing import Final

from allegiance.core.table import Seat, Table

LETTERS: Final = {"A": "Alliance", "E": "Empire", "I": "Independent"}


def _two_sided(n: int) -> list[str]:
    """n Alliance players v n Empire and/or Independent players (JK-MODES-1)."""
    return ["A" * n + "v" + "E" * (n - k) + "I" * k for k in range(n + 1)]


#: JK-MODES-1, every supported line-up: 2 players (A v E, A v I); 3 players three-sided; 4 players
#: 2 v 2 (Empire and/or Independent); 6 players 3 v 3 (Independents may join either side: here the
#: non-Alliance one); 6 players 2 v 2 v 2; 8 players 4 v 4.
MODES: Final = ("AvE", "AvI", "AvEvI", *_two_sided(2), *_two_sided(3), "AAvEEvII", *_two_sided(4))


def check_mode(mode: str) -> None:
    """Refuse a line-up JK-MODES-1 does not list, naming the valid ones."""
    if mode not in MODES:
        raise ValueError(f"unknown line-up {mode!r}; Jedi Knights line-ups (JK-MODES-1): {', '.join(MODES)}")


def sides_of(mode: str) -> list[str]:
    """The sides' letter groups of a mode, e.g. ``["AA", "EI"]``."""
    check_mode(mode)
    return mode.split("v")


def three_sided(mode: str) -> bool:
    return len(sides_of(mode)) == 3


def mixed(mode: str) -> bool:
    """Whether a side mixes allegiances (the case JK-MODES-2 leaves open)."""
    return any(len(set(side)) > 1 for side in sides_of(mode))


def side_name(letters: str) -> str:
    """A side's (team's) name: its allegiance, or the allegiances it mixes."""
    names = [LETTERS[c] for c in dict.fromkeys(letters)]
    return " & ".join(names)


def table_for(mode: str) -> Table:
    """The seats in seat (clockwise) order: each side's players side by side (JK-3S-4: teammates sit
    together; the Independent side sits between the other two, beside the site pile)."""
    sides = sides_of(mode)
    if len(sides) == 3:
        sides = [sides[0], sides[2], sides[1]]  # Alliance, Independent (by the site pile), Empire
    seats: list[Seat] = []
    count: dict[str, int] = {}
    for letters in sides:
        team = side_name(letters)
        for c in letters:
            count[c] = count.get(c, 0) + 1
            seats.append(Seat(len(seats), team, f"{LETTERS[c]} {count[c]}"))
    return Table(tuple(seats))


def allegiances(mode: str) -> list[str]:
    """Each seat's allegiance, in seat order."""
    return [seat.label.rsplit(" ", 1)[0] for seat in table_for(mode).seats]
