"""Build Wakfu positions for tests in a few readable lines (cards by name).

>>> s = board(hand={0: ["Bouftou"]}, monde={1: ["Tofu"]})
>>> c = ids(s, "Bouftou")[0]
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.core.table import Table
from allegiance.games.wakfu import GAME, flow
from allegiance.games.wakfu.cards import CARDS, CardDef
from allegiance.games.wakfu.setup import place_start, table_for
from allegiance.games.wakfu.state import Config, Player, WakfuState

FILLER = "Boufton Blanc"


def board(*, heroes: tuple[str, str] = ("Bruss Ouilis", "Tirlangue Portey"),
          sacs: tuple[str, str] = ("Havre Sac du Bouftou", "Havre Sac du Tofu"),
          hand: dict[int, list[str]] | None = None, monde: dict[int, list[str]] | None = None,
          havre: dict[int, list[str]] | None = None, defausse: dict[int, list[str]] | None = None,
          pioche: dict[int, list[str]] | None = None, hero_in_monde: tuple[int, ...] = (),
          active: int = 0, first: int = 0, turn: int = 3, seed: int = 1, reaction_prompts: str = "playable",
          max_turns: int = 200) -> WakfuState:
    """A position in the Phase Principale of ``active``'s turn ``turn`` (turn 3 = the first player's
    second turn: everybody may attack and play into the Monde).  Cards in play appeared at turn 0.
    Each Pioche holds ten fillers unless given."""
    cards: dict[int, CardDef] = {}
    config = Config("1v1", seed, ("test", "test"), max_turns, reaction_prompts)
    state = WakfuState(table_for("1v1"), cards, config)

    def new(name: str, seat: int) -> int:
        cid = len(cards)
        cards[cid] = CARDS[name]
        state.owners.append(seat)
        return cid

    for seat in (0, 1):
        p = Player(seat)
        p.hero = new(heroes[seat], seat)
        p.sac = new(sacs[seat], seat)
        state.players.append(p)
        place_start(state, p)
        if seat in hero_in_monde:
            p.havre.remove(p.hero)
            p.monde.append(p.hero)
        p.main = [new(n, seat) for n in (hand or {}).get(seat, [])]
        p.monde += [new(n, seat) for n in (monde or {}).get(seat, [])]
        p.havre += [new(n, seat) for n in (havre or {}).get(seat, [])]
        p.defausse = [new(n, seat) for n in (defausse or {}).get(seat, [])]
        p.pioche = [new(n, seat) for n in (pioche or {}).get(seat, [FILLER] * 10)]
        for c in p.monde + p.havre:
            state.appeared[c] = 0
        p.turns = (turn + (1 if seat == first else 0)) // 2
    state.first, state.active, state.turn, state.phase = first, active, turn, "main"
    state.flags = {("kept", 0), ("kept", 1)}
    flow.advance(state)
    return state


def ids(state: WakfuState, name: str, seat: int | None = None) -> list[int]:
    """Every card id with that name (of that owner), in id order."""
    return [c for c, d in state.cards.items() if d.name == name and (seat is None or state.owners[c] == seat)]


def one(state: WakfuState, name: str, seat: int | None = None) -> int:
    found = ids(state, name, seat)
    assert found, f"no {name} in the position"
    return found[0]


def act(state: WakfuState, seat: int, kind: str, **params: Any) -> None:
    GAME.apply(state, seat, Action.of(kind, **params))


def choose(state: WakfuState, value: Any, amount: Any = None) -> None:
    """Answer the pending decision (whoever's it is)."""
    seat = state.pending[-1].seat
    if amount is None:
        GAME.apply(state, seat, Action.of("choose", value=value))
    else:
        GAME.apply(state, seat, Action.of("choose", value=value, amount=amount))


def pay(state: WakfuState, *cards: int) -> None:
    """Pay the pending cost with these cards, then with whatever is offered first."""
    for c in cards:
        assert state.pending and state.pending[-1].kind == "pay", state.pending
        choose(state, c)
    while state.pending and state.pending[-1].kind == "pay":
        options = [o for o in state.pending[-1].options if o != "cancel"]
        assert options, "nothing left to pay with"
        choose(state, options[0])


def pass_reactions(state: WakfuState) -> None:
    while state.pending and state.pending[-1].kind == "reaction":
        choose(state, "pass")


def attack(state: WakfuState, attackers: list[int], blocks: dict[int, int] | None = None, seat: int = 0) -> None:
    """Seat ``seat`` attacks the opposing Havre Sac with ``attackers``; ``blocks`` maps blocker -> attacker.
    Réactions to the declaration (701.2) are passed; the combat is left at its Phase d'Actions (705)."""
    act(state, seat, "attack")
    pass_reactions(state)
    choose(state, state.players[1 - seat].sac)
    for a in attackers:
        choose(state, a)
    if state.pending and state.pending[-1].kind == "attacker":
        choose(state, "done")
    for b, a in (blocks or {}).items():
        choose(state, b, a)
    if state.pending and state.pending[-1].kind == "blocker":
        choose(state, "done")


def kinds(state: WakfuState, seat: int) -> set[str]:
    return {a.kind for a in GAME.legal_actions(state, seat)}


def play(state: WakfuState, seat: int, card: int, *choices: Any) -> None:
    """Play a card: answer the announcement choices in order, pay with whatever is offered."""
    act(state, seat, "play", card=card)
    for value in choices:
        choose(state, value)
    pay(state)


def use(state: WakfuState, seat: int, card: int, *choices: Any, power: int = 0) -> None:
    act(state, seat, "use", card=card, power=power)
    for value in choices:
        choose(state, value)
    pay(state)


def table() -> Table:
    return table_for("1v1")


HEROES = ("Bruss Ouilis", "Tirlangue Portey", "Poum Ondacié", "Aeron Zeklox")
SACS = ("Havre Sac du Bouftou", "Havre Sac du Tofu", "Havre Sac du Prespic", "Havre Sac du Wabbit")


def team_board(mode: str = "2v2", *, hand: dict[int, list[str]] | None = None,
               monde: dict[int, list[str]] | None = None, havre: dict[int, list[str]] | None = None,
               hero_in_monde: tuple[int, ...] = (), active: int = 0, first: int = 0, turn: int | None = None,
               seed: int = 1, heroes: dict[int, str] | None = None) -> WakfuState:
    """A team position in the Phase Principale of ``active`` (seats: A1..AN = 0..N-1, B1..BN = N..2N-1),
    late enough that everybody has had a turn (everybody may attack).  Each Pioche holds ten fillers."""
    from allegiance.games.wakfu import teams
    tab = table_for(mode)
    n = len(tab.seats)
    cards: dict[int, CardDef] = {}
    config = Config(mode, seed, ("test",) * n, 2000, "playable")
    state = WakfuState(tab, cards, config)
    state.deck_texts = ("",) * n

    def new(name: str, seat: int) -> int:
        cid = len(cards)
        cards[cid] = CARDS[name]
        state.owners.append(seat)
        return cid

    for seat in range(n):
        p = Player(seat)
        p.hero = new((heroes or {}).get(seat, HEROES[seat % 4]), seat)
        p.sac = new(SACS[seat % 4], seat)
        state.players.append(p)
        place_start(state, p)
        if seat in hero_in_monde:
            p.havre.remove(p.hero)
            p.monde.append(p.hero)
        p.main = [new(c, seat) for c in (hand or {}).get(seat, [])]
        p.monde += [new(c, seat) for c in (monde or {}).get(seat, [])]
        p.havre += [new(c, seat) for c in (havre or {}).get(seat, [])]
        p.pioche = [new(FILLER, seat) for _ in range(10)]
        for c in p.monde + p.havre:
            state.appeared[c] = 0
        p.turns = 3
    state.first = first
    state.active = active
    state.turn = turn if turn is not None else 3 * n + 1
    state.phase = "main"
    state.flags = {("kept", s) for s in range(n)}
    assert teams.order(state)[0] == first
    flow.advance(state)
    return state
