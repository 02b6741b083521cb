"""Seats, teams and decisions: who sits where and who may act now."""

from __future__ import annotations

from dataclasses import dataclass

from allegiance.core.actions import Action


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
        out = []  # (a loop: a generator made a function and a cell at every call; Wakfu asks at every card drawn)
        for s in self.seats:
            if s.team == team:
                out.append(s.index)
        return tuple(out)

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


@dataclass(frozen=True, slots=True)
class ResponseWindow:
    """A decision that only answers what another seat did (a Wakfu Réaction prompt): the seat may play
    something the others cannot see it holds, or pass, and everyone is asked whether or not they hold
    anything, so that nobody learns who does.

    An online table holds the window open ``seconds`` (the same for every seat, whatever it holds) and
    then plays ``pass_action`` for a person who did not answer; a person's "pass" clicked earlier waits
    for the window's end too.  ``seconds`` 0: no window, the seat answers as any other decision.
    """

    pass_action: Action
    seconds: float
    #: only the seat's own page is told of the window (others see the seat to act, as for any decision):
    #: for a decision that is no timed one for everybody (a Phase Principale with "end the turn" alone),
    #: whose window shown to all would tell that the seat holds nothing
    private: bool = False
    #: asked of several seats at once, whose answers the game applies only once all are in (a Wakfu Réaction
    #: round): the table holds every answer, not only the pass, until the window's end, since an answer
    #: applied early would tell the others that the seat had something to play
    together: bool = False

