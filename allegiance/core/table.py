"""Seats, teams and decisions: who sits where and who may act now."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place at the table.  ``index`` is its position in seat order."""

    index: int
    team: str
    label: str


@dataclass(frozen=True, slots=True)
class Table:
    """The seats in seat order and the teams they form."""

    seats: tuple[Seat, ...]

    @property
    def teams(self) -> tuple[str, ...]:
        """Team names in order of first appearance."""
        seen: list[str] = []
        for seat in self.seats:
            if seat.team not in seen:
                seen.append(seat.team)
        return tuple(seen)

    def team_of(self, seat: int) -> str:
        """The team of a seat."""
        return self.seats[seat].team

    def members(self, team: str) -> tuple[int, ...]:
        """The seats of a team, in seat order."""
        return tuple(s.index for s in self.seats if s.team == team)

    def teammates(self, seat: int) -> tuple[int, ...]:
        """The other seats of the same team."""
        team = self.seats[seat].team
        return tuple(s.index for s in self.seats if s.team == team and s.index != seat)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Every seat of every other team."""
        team = self.seats[seat].team
        return tuple(s.index for s in self.seats if s.team != team)

    def __len__(self) -> int:
        return len(self.seats)


@dataclass(frozen=True, slots=True)
class Decision:
    """Who may act now and what they are asked.

    ``seats`` lists every seat that may answer; several seats means any of them may act (an SWDBG
    team turn, or a choice either teammate may make).
    """

    seats: tuple[int, ...]
    prompt: str
    kind: str = "main"
