"""Response windows (issue 24, item 3): a person is never asked to click when there is nothing to decide,
and nobody learns from the table who holds a Réaction.

A Wakfu 1v1 between two people's seats, played through the table manager, with the windows' time from
a fake clock: every Réaction prompt opens a window for the seat asked; without any message from that
seat, its pass is played and stored when the window's time has run out, never before; and the time
from opening to the pass is the window's time exactly, whether the seat held a playable Réaction or
only "pass".  A "pass" clicked early is held until the same end.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from allegiance.bots import make_bot
from allegiance.server.messages import state_message
from allegiance.server.play import handle
from allegiance.server.storage import Storage
from allegiance.server.tables import TableManager

CRA = (Path(__file__).resolve().parents[2] / "allegiance/games/wakfu/data/decks/cra.txt").read_text()
#: the Crâ starter with three Échec Critique (a Réaction to any Action or power): often one in hand
REACTIVE_DECK = CRA.replace("2 Pandrista\n", "").replace("1 Repos\n", "3 Échec Critique\n")
WINDOW = 3
PASS = {"kind": "choose", "value": "pass"}


class FakeClock:
    """Time moves only when the test says so."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.waiting: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.t

    async def sleep_until(self, when: float) -> None:
        if when <= self.t:
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((when, fut))
        await fut

    async def advance(self, seconds: float) -> None:
        self.t += seconds
        for when, fut in list(self.waiting):
            if when <= self.t:
                self.waiting.remove((when, fut))
                if not fut.done():
                    fut.set_result(None)
        for _ in range(5):  # let the woken tasks run
            await asyncio.sleep(0)


class Page:
    """A connection that only counts the state messages it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.states = 0
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def notify(self, events: list[Any]) -> None:
        self.states += 1

    def presence(self) -> None:
        pass


def stored_actions(storage: Storage, table_id: str) -> list[tuple[int, dict[str, Any]]]:
    record = storage.load_table(table_id)
    assert record is not None
    return [(seat, action) for seat, action in record.actions]


async def play(tmp_path: Path, options: dict[str, Any], want_real: int = 1, want_pass: int = 3,
               max_steps: int = 4000) -> dict[str, Any]:
    clock = FakeClock()
    storage = Storage(str(tmp_path / "t.db"))
    mgr = TableManager(storage, bot_delay=0.0, clock=clock)
    created = mgr.create("wakfu", "1v1", options, ["human", "human"], seed=7)
    table = created.table
    game = table.game
    watchers = {seat: Page(seat) for seat in (0, 1, None)}
    for page in watchers.values():
        table.attach(page)
    movers = [make_bot("greedy", seed=s) for s in (1, 2)]
    seen: dict[str, list[float]] = {"real": [], "pass": []}
    held_once = False
    reactions = {"real": 0, "pass": 0}
    prompts_without_window = 0
    seen_private: dict[str, list[str]] = {"forced": [], "private": []}
    for _ in range(max_steps):
        if table.finished or (reactions["real"] >= want_real and reactions["pass"] >= want_pass):
            break
        state = table.state
        seat = game.active_seats(state)[0]
        forced = game.forced_action(state, seat)
        asked = game.response_window(state, seat)
        if forced is not None or (asked is not None and asked.private and asked.seconds > 0):
            await private_window(table, storage, clock, seat, forced, asked, seen_private)
            continue
        if asked is None or asked.seconds <= 0:
            legal = game.legal_actions(state, seat)
            if state.pending and state.pending[-1].kind == "reaction":
                prompts_without_window += 1
                mgr.submit(table, seat, movers[seat].choose(game, state.copy(), seat, legal), state.version)
                continue
            mgr.submit(table, seat, movers[seat].choose(game, state.copy(), seat, legal), state.version)
            continue
        window = table.windows[seat]
        kind = "pass" if len(game.legal_actions(state, seat)) == 1 else "real"
        reaction = bool(state.pending)  # else a turn in a combat's Phase d'Actions
        # what every page is told of the window is the same, whatever the seat holds
        shown = [state_message(table, s, [])["windows"] for s in (0, 1, None)]
        public = [[{k: v for k, v in w.items() if k != "held"} for w in ws] for ws in shown]
        assert public[0] == public[1] == public[2] == [{"seat": seat, "seconds": WINDOW, "remaining": WINDOW}]
        assert "held" in shown[seat][0] and "held" not in shown[1 - seat][0] and "held" not in shown[2][0]
        version = state.version
        before = len(stored_actions(storage, table.id))
        if kind == "pass" and reaction and reactions["pass"] and not held_once:
            # an early click on "pass" is held: nothing changes until the window's end
            told = {s: p.states for s, p in watchers.items()}
            # sent as a page sends it: the answer says it is held, not stored (the version is unchanged)
            handle(mgr, table, watchers[seat], json.dumps({"type": "action", "action": PASS, "version": version,
                                                           "ref": 9}))
            assert watchers[seat].sent[-1] == {"type": "ack", "ref": 9, "version": version, "held": True}
            assert table.state.version == version and table.windows[seat].held
            # only the seat's own page hears of it: no other page gets a message whose time would tell
            assert {s: p.states - told[s] for s, p in watchers.items()} == {seat: 1, 1 - seat: 0, None: 0}
            held_once = True
        await clock.advance(WINDOW - 0.001)
        assert table.state.version == version, "passed before the window's end"
        await clock.advance(0.001)
        # passed (and what follows, when it is forced: a lone "end the turn" with an empty hand)
        assert table.state.version >= version + 1, "not passed at the window's end"
        actions = stored_actions(storage, table.id)
        # an ordinary logged action
        assert len(actions) == before + table.state.version - version
        assert actions[before] == (seat, PASS if reaction else {"kind": "pass"})
        seen[kind].append(clock.now() - window.opened)
        if reaction:
            reactions[kind] += 1
    storage.close()
    return {"seen": seen, "reactions": reactions, "held": held_once, "without_window": prompts_without_window,
            "private": seen_private}


async def private_window(table: Any, storage: Storage, clock: FakeClock, seat: int, forced: Any, asked: Any,
                         seen: dict[str, list[str]]) -> None:
    """A forced action (nothing to decide, nothing hidden) is played at once; a private window (a Phase
    Principale left with "end the turn" alone by a hidden hand) at its end.  Either way no other page is
    told of it, and the action is an ordinary logged one."""
    version, before = table.state.version, len(stored_actions(storage, table.id))
    for reader in (1 - seat, None):
        assert state_message(table, reader, [])["windows"] == [], "another page was told of a private window"
    mine = state_message(table, seat, [])["windows"]
    assert [w["seat"] for w in mine] == [seat]
    if forced is None:
        await clock.advance(asked.seconds - 0.001)
        assert table.state.version == version, "ended before the window's end"
        await clock.advance(0.001)
    else:
        await clock.advance(0)
    # played (and what it led to, when that is forced too: an attack's lone target, then its lone attacker)
    assert table.state.version >= version + 1, "not played"
    actions = stored_actions(storage, table.id)
    played = (forced or asked.pass_action).to_json()
    assert len(actions) == before + table.state.version - version and actions[before] == (seat, played)
    seen["forced" if forced is not None else "private"].append(played["kind"])


def test_a_seat_is_passed_at_the_windows_end_without_a_message_whatever_it_holds(tmp_path: Path) -> None:
    out = asyncio.run(play(tmp_path, {"decks": ["iop", REACTIVE_DECK], "reaction_seconds": WINDOW}))
    seen = out["seen"]
    assert out["reactions"]["real"] >= 1 and out["reactions"]["pass"] >= 3, out
    assert out["held"] and out["without_window"] == 0
    # the same time from opening to the pass, held a Réaction or not: the timing tells nothing
    assert set(seen["real"]) == set(seen["pass"]) == {WINDOW}, seen


def test_no_window_when_the_table_sets_zero_seconds(tmp_path: Path) -> None:
    """``reaction_seconds: 0``: the prompts are decisions like any other (what the table did before)."""
    out = asyncio.run(play(tmp_path, {"reaction_seconds": 0}, want_real=0, want_pass=10**6, max_steps=300))
    assert out["without_window"] > 0 and out["seen"] == {"real": [], "pass": []}



class SwitchedLeases:
    """The table's lease, held by another process until the test hands it to this one."""

    def __init__(self) -> None:
        self.mine = False
        self.tries = 0

    async def acquire_many(self, table_ids: Any) -> list[str]:
        return [t for t in table_ids if await self.acquire(t)]

    async def acquire(self, table_id: str) -> bool:
        self.tries += 1
        return self.mine

    def holds(self, table_id: str) -> bool:
        return self.mine

    async def release(self, table_id: str) -> None:
        self.mine = False

    async def check(self) -> None:
        return None

    async def close(self) -> None:
        return None


def test_only_the_lease_holder_passes_at_a_windows_end(tmp_path: Path, monkeypatch: Any) -> None:
    """With several processes (issue 25) each one holding the table runs the window, but only the one
    holding the table's lease plays the pass at its end: a process without the lease plays nothing and
    tries the lease again; once the lease is its own (the holder died), it passes."""
    import allegiance.server.tables as tables

    monkeypatch.setattr(tables, "TAKEOVER_PERIOD", 0.01)

    async def run() -> None:
        clock = FakeClock()
        storage = Storage(str(tmp_path / "t.db"))
        mgr = TableManager(storage, bot_delay=0.0, clock=clock)
        leases = SwitchedLeases()
        mgr.leases = leases  # type: ignore[assignment]
        table = mgr.create("wakfu", "1v1", {"reaction_seconds": WINDOW}, ["human", "human"], seed=7).table
        game, movers = table.game, [make_bot("greedy", seed=s) for s in (1, 2)]
        for _ in range(2000):  # played until a window opens
            seat = game.active_seats(table.state)[0]
            if seat in table.windows:
                break
            state = table.state
            mgr.submit(table, seat, movers[seat].choose(game, state.copy(), seat, game.legal_actions(state, seat)),
                       state.version)
        else:
            raise AssertionError("no response window opened")
        version, before = table.state.version, len(stored_actions(storage, table.id))
        await clock.advance(WINDOW)
        for _ in range(5):
            await asyncio.sleep(0.02)
        assert leases.tries >= 2, "the lease was not tried again"
        assert table.state.version == version and len(stored_actions(storage, table.id)) == before
        leases.mine = True  # the holder died: this process takes the lease at its next try
        for _ in range(100):
            if table.state.version > version:
                break
            await asyncio.sleep(0.01)
        assert table.state.version == version + 1
        assert len(stored_actions(storage, table.id)) == before + 1
        storage.close()

    asyncio.run(run())


def test_nothing_to_decide_is_played_for_the_seat_and_told_to_nobody_else(tmp_path: Path) -> None:
    """Issue 24, item 3: a lone option about cards in play (an attack's only target, the only possible
    attacker) or a lone "end the turn" with an empty hand is played by the table at once; a Phase
    Principale left with "end the turn" alone by a hidden hand ends at its private window's end.  No
    other page is told of either (``private_window`` asserts it), and each is a logged action."""
    out = asyncio.run(play(tmp_path, {"decks": ["iop", REACTIVE_DECK], "reaction_seconds": WINDOW},
                           want_real=10**6, max_steps=1500))
    assert "choose" in out["private"]["forced"], out["private"]
    assert out["private"]["private"] and set(out["private"]["private"]) == {"end_turn"}, out["private"]
