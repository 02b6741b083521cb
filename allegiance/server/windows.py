"""Response windows at an online table: nobody clicks "pass" when there is nothing to decide, and
nobody learns from the table who had something (issue 24, item 3).

A game marks a decision as a *response window* (:meth:`allegiance.core.game.Game.response_window`: a
Wakfu Réaction prompt, asked of every seat whether or not it holds a Réaction).  For a person's seat
the server then opens the window for a fixed time, the same whatever the seat holds, and when it runs
out plays the window's pass for the seat as an ordinary logged action (the game stays deterministic:
a replay holds that pass like any other).  A seat with something to play sees a countdown and may
answer meanwhile; a "pass" it clicks early is held until the window's end, so that an early pass does
not tell that there was a choice.  A page whose seat holds nothing shows no question at all.

A window asked of several seats at once (:attr:`allegiance.core.table.ResponseWindow.together`: a Wakfu
Réaction round, whose answers the game applies only once every seat asked has answered) holds *every*
answer until its end: applied at once, a Réaction would tell the others that the seat had one, by the
state message sent to them at that moment.  All the windows of a round open together and end together.

A decision with nothing to decide and nothing hidden (:meth:`allegiance.core.game.Game.forced_action`: a
lone target on the board, "end the turn" with an empty hand) is played for a person's seat at once: a
window of no time, shown to nobody else, so that only the process holding the table's lease plays it.

A bot's seat has no window: bots answer every decision after a fixed think time already
(:meth:`allegiance.server.tables.TableManager._run_bots`), which tells nothing of their options either.

Time comes from a :class:`Clock`, so tests drive windows with a fake one rather than the wall clock.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from allegiance.core.actions import Action


class Clock(Protocol):
    """Where windows read the time and wait (seconds on a monotonic scale)."""

    def now(self) -> float: ...

    async def sleep_until(self, when: float) -> None: ...


class MonotonicClock:
    """The real clock: ``time.monotonic()`` (the event loop's own time scale)."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep_until(self, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.monotonic()))


@dataclass(eq=False)
class Window:
    """One open response window of one seat."""

    seat: int
    #: the state version since which the seat's decision has stood (the window's identity)
    since: int
    seconds: float
    opened: float
    ends: float
    pass_action: Action
    #: the seat answered before the end (a "pass"; in a window asked of several seats at once, any answer):
    #: the answer is played at the end, like a pass nobody clicked
    held: bool = False
    #: shown to the seat's own page only (:attr:`allegiance.core.table.ResponseWindow.private`; a forced
    #: action's window of no time, :meth:`allegiance.core.game.Game.forced_action`, is one too)
    private: bool = False
    #: asked of several seats at once (:attr:`allegiance.core.table.ResponseWindow.together`): every answer
    #: is held to the end, not only the pass
    together: bool = False
    #: the held answer when it is not the pass, and its words for the seat's own page
    answer: Action | None = None
    answer_text: str = ""
    task: asyncio.Task[Any] | None = field(default=None, repr=False)

    @property
    def action_at_end(self) -> Action:
        """What the table plays for the seat at the window's end: its held answer, else the pass."""
        return self.answer if self.answer is not None else self.pass_action

    def to_json(self, now: float, reader: int | None) -> dict[str, Any] | None:
        """The window as a state message shows it to ``reader``: public (who is asked, for how long),
        except ``held``, which only the seat's own page is told; ``None``: a private window, for
        another reader."""
        if self.private and reader != self.seat:
            return None
        out: dict[str, Any] = {"seat": self.seat, "seconds": self.seconds,
                               "remaining": round(max(0.0, min(self.seconds, self.ends - now)), 3)}
        if reader == self.seat:
            out["held"] = self.held
            if self.answer is not None:
                out["answer"] = self.answer_text
        return out
