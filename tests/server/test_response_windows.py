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
    early = {"pass": 0, "real": 0}  # answers clicked before the window's end (held)
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
        # a Réaction round asks both seats at once (809.6): their windows open together and end together
        open_now = [s for s in game.active_seats(state) if s in table.windows]
        assert seat in open_now and len({(table.windows[s].opened, table.windows[s].ends) for s in open_now}) == 1
        kinds = {s: "pass" if len(game.legal_actions(state, s)) == 1 else "real" for s in open_now}
        reaction = bool(state.pending)  # else a turn in a combat's Phase d'Actions
        # what every page is told of the windows is the same, whatever the seats hold
        shown = [state_message(table, s, [])["windows"] for s in (0, 1, None)]
        public = [[{k: v for k, v in w.items() if k != "held"} for w in ws] for ws in shown]
        assert public[0] == public[1] == public[2] == [{"seat": s, "seconds": WINDOW, "remaining": WINDOW}
                                                       for s in open_now]
        for reader in (0, 1, None):
            assert [w["seat"] for w in shown[reader if reader is not None else 2] if "held" in w] == \
                [s for s in open_now if s == reader]
        version = state.version
        before = len(stored_actions(storage, table.id))
        played = {s: PASS if reaction else {"kind": "pass"} for s in open_now}
        clicker = next((s for s in open_now if kinds[s] == "real"), None)
        if reaction and len(open_now) == 2 and clicker is not None and not early["real"]:
            # an early Réaction in a round is held too: applied now, it would tell the other seat it had one
            told = {s: p.states for s, p in watchers.items()}
            answer = next(a for a in game.legal_actions(state, clicker) if a.to_json() != PASS).to_json()
            await handle(mgr, table, watchers[clicker], json.dumps({"type": "action", "action": answer,
                                                                    "version": version, "ref": 8}))
            assert watchers[clicker].sent[-1] == {"type": "ack", "ref": 8, "version": version, "held": True}
            assert table.state.version == version and table.windows[clicker].held
            assert {s: p.states - told[s] for s, p in watchers.items()} == {clicker: 1, 1 - clicker: 0, None: 0}
            mine = state_message(table, clicker, [])["windows"]
            assert [w.get("answer", "").startswith(f"{table.state.table.seats[clicker].label}: ") for w in mine
                    if w["seat"] == clicker] == [True]
            played[clicker] = answer
            early["real"] += 1
        elif kinds[seat] == "pass" and reaction and reactions["pass"] and not early["pass"]:
            # an early click on "pass" is held: nothing changes until the window's end
            told = {s: p.states for s, p in watchers.items()}
            # sent as a page sends it: the answer says it is held, not stored (the version is unchanged)
            await handle(mgr, table, watchers[seat], json.dumps({"type": "action", "action": PASS, "version": version,
                                                                 "ref": 9}))
            assert watchers[seat].sent[-1] == {"type": "ack", "ref": 9, "version": version, "held": True}
            assert table.state.version == version and table.windows[seat].held
            # only the seat's own page hears of it: no other page gets a message whose time would tell
            assert {s: p.states - told[s] for s, p in watchers.items()} == {seat: 1, 1 - seat: 0, None: 0}
            early["pass"] += 1
        opened = {s: table.windows[s].opened for s in open_now}
        await clock.advance(WINDOW - 0.001)
        assert table.state.version == version, "answered before the window's end"
        await clock.advance(0.001)
        # answered (and what follows, when it is forced: a lone "end the turn" with an empty hand)
        assert table.state.version >= version + len(open_now), "not answered at the window's end"
        actions = stored_actions(storage, table.id)
        # ordinary logged actions, one per seat asked, the held answers and the passes
        assert len(actions) == before + table.state.version - version
        assert sorted(actions[before:before + len(open_now)], key=str) == sorted(played.items(), key=str)
        for s in open_now:
            seen[kinds[s]].append(clock.now() - opened[s])
            if reaction:
                reactions[kinds[s]] += 1
    storage.close()
    return {"seen": seen, "reactions": reactions, "held": early["pass"] > 0, "held_real": early["real"] > 0, "without_window": prompts_without_window,
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
    assert out["held"] and out["held_real"] and out["without_window"] == 0
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
        asked = len([s for s in game.active_seats(table.state) if s in table.windows])  # a round: both seats
        await clock.advance(WINDOW)
        for _ in range(5):
            await asyncio.sleep(0.02)
        assert leases.tries >= 2, "the lease was not tried again"
        assert table.state.version == version and len(stored_actions(storage, table.id)) == before
        leases.mine = True  # the holder died: this process takes the lease at its next try
        for _ in range(100):
            if table.state.version >= version + asked:
                break
            await asyncio.sleep(0.01)
        assert table.state.version == version + asked
        assert len(stored_actions(storage, table.id)) == before + asked
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


def test_a_team_table_opens_every_window_of_a_round_at_once(tmp_path: Path) -> None:
    """Issue 24, item 3: at a Wakfu 2v2 of four people, a card played asks the three other players and its
    own at once (809.6, WK-GOLD-2): four windows open together and end together, so the card waits one
    window's time, not four; the round's answers are then applied, the first seat in priority first."""

    async def run() -> None:
        clock = FakeClock()
        storage = Storage(str(tmp_path / "t.db"))
        mgr = TableManager(storage, bot_delay=0.0, clock=clock)
        table = mgr.create("wakfu", "2v2", {"reaction_seconds": WINDOW}, ["human"] * 4, seed=3).table
        game, movers = table.game, [make_bot("greedy", seed=s) for s in range(4)]
        rounds = 0
        for _ in range(3000):
            if rounds == 3 or table.finished:
                break
            state = table.state
            asked = state.round()
            if asked:
                version = state.version
                seats = [q.seat for q in asked]
                assert sorted(seats) == [0, 1, 2, 3] and sorted(table.windows) == [0, 1, 2, 3]
                assert len({(w.opened, w.ends) for w in table.windows.values()}) == 1  # together
                await clock.advance(WINDOW - 0.001)
                assert table.state.version == version
                await clock.advance(0.001)  # the four answers, all at the windows' end
                assert table.state.version >= version + 4
                assert not any(q.get("since") == asked[0].get("since") for q in table.state.pending)
                rounds += 1
                continue
            seat = game.active_seats(state)[0]
            if seat in table.windows:  # a turn of a combat's Phase d'Actions, or a private window
                await clock.advance(WINDOW)
                continue
            mgr.submit(table, seat, movers[seat].choose(game, state.copy(), seat, game.legal_actions(state, seat)),
                       state.version)
        assert rounds == 3
        storage.close()

    asyncio.run(run())
