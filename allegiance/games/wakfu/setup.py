"""Setting a duel up (102): Havre Sac and Héros in play, shuffled Pioches, first player, first hands."""

from __future__ import annotations

from typing import Any, Final

from allegiance.core.options import OptionError, OptionSpec, validate_options
from allegiance.core.rng import make_rng
from allegiance.core.table import Seat, Table
from allegiance.games.wakfu import rules
from allegiance.games.wakfu.cards import CARDS, CardDef
from allegiance.games.wakfu.decks import STARTERS, Deck, DeckError, parse_deck, starter
from allegiance.games.wakfu.state import Config, Player, WakfuState


def table_for(mode: str) -> Table:
    if mode != "1v1":
        raise ValueError(f"Wakfu modes: 1v1 (not {mode!r}); the team modes come later")
    return Table((Seat(0, "p0", "Player 1"), Seat(1, "p1", "Player 2")))


def read_deck(spec: Any) -> Deck:
    """A deck option: a starter name ('iop', 'feca', 'cra', 'xelor') or a deck file's text."""
    if isinstance(spec, Deck):
        return spec
    if not isinstance(spec, str):
        raise ValueError("a deck is a starter name (iop, feca, cra, xelor) or the text of a deck file")
    if spec in STARTERS:
        return starter(spec)
    if "\n" not in spec:
        raise ValueError(f"unknown deck {spec!r}: give a starter ({', '.join(STARTERS)}) or a deck file's text")
    return parse_deck(spec, "custom")


def check_implemented(deck: Deck) -> None:
    """Refuse a deck holding a card whose effects the engine lacks (never play a card as a blank)."""
    from allegiance.games.wakfu.effects import implemented
    missing = sorted({n for n in (deck.hero, deck.havre_sac, *dict(deck.cards)) if not implemented(n)})
    if missing:
        raise DeckError([f"deck {deck.name!r} holds cards whose effects are not implemented yet: "
                         + ", ".join(missing)])


#: the duel's options (checked strictly by the core validator before a table stores them)
OPTION_SPECS: Final = (
    OptionSpec("decks", "seat_texts", "each seat's deck: a starter or the text of a deck file "
               "(default: Iop against Iop)", default=None, choices=tuple(STARTERS), free_text=True),
    OptionSpec("max_turns", "int", "the game is a draw after this many turns", default=200, min=2, max=10_000),
    # "always" asks every player after every event, so the table never shows who holds a Réaction;
    # "playable" asks only players who could react (faster, for simulation: bots' games are the same,
    # since a player who cannot react always passes).
    OptionSpec("reaction_prompts", "choice", "when to ask for Réactions: always (hides who holds one) or "
               "only when playable (faster)", default="always", choices=("always", "playable")),
)


def new_game(mode: str, seed: int, options: dict[str, Any], shuffle_key: bytes | None = None) -> WakfuState:
    """102.1-102.3: each player's Havre Sac dressé in the Monde with the Héros inside; Pioches shuffled;
    the first player chosen at random (102.2); hands of PA cards drawn.  The rollbacks follow (102.4).

    With ``shuffle_key`` the shuffles come from the secure generator and card ids are a secret random
    permutation (as in SWDBG: an id made in deck order would tell a card's place before the shuffle)."""
    try:
        options = validate_options(OPTION_SPECS, options)
    except OptionError as exc:
        raise ValueError(str(exc)) from None
    table = table_for(mode)
    specs = options.get("decks") or ["iop"] * len(table.seats)
    if len(specs) != len(table.seats):
        raise ValueError(f"option decks: one deck per seat ({len(table.seats)}), not {len(specs)}")
    decks = [read_deck(s) for s in specs]
    for deck in decks:
        check_implemented(deck)
    max_turns = options.get("max_turns", 200)
    prompts = options.get("reaction_prompts", "always")
    config = Config(mode, seed, (decks[0].name, decks[1].name), max_turns, prompts)
    cards: dict[int, CardDef] = {}
    state = WakfuState(table, cards, config)
    state.rng = make_rng(seed, shuffle_key)
    state.deck_texts = (decks[0].to_text(), decks[1].to_text())
    for seat, deck in enumerate(decks):
        p = Player(seat)
        p.hero = _new(cards, deck.hero)
        p.sac = _new(cards, deck.havre_sac)
        p.pioche = [_new(cards, n) for n in deck.pioche()]
        state.owners.extend([seat] * (len(cards) - len(state.owners)))
        state.players.append(p)
    if shuffle_key is not None:
        _secret_ids(state)
    for p in state.players:
        place_start(state, p)
        state.rng.shuffle(p.pioche)
    state.first = state.rng.below(2)  # 102.2: a random choice stands for Chi-Fu-Mi and the winner's choice
    rules.say(state, "first", f"{rules.label(state, state.first)} plays first", state.first)
    for p in state.players:
        for _ in range(rules.pa(state, p.seat)):  # 102.3
            rules.draw(state, p.seat)
    state.phase = "mulligan"
    return state


def _secret_ids(state: WakfuState) -> None:
    """Relabel every card with an id from a uniformly random permutation (secure generator)."""
    order = list(range(len(state.cards)))
    state.rng.shuffle(order)
    old_cards, old_owners = dict(state.cards), list(state.owners)
    state.cards.clear()
    for c, d in old_cards.items():
        state.cards[order[c]] = d
    state.owners[:] = [0] * len(old_owners)
    for c, seat in enumerate(old_owners):
        state.owners[order[c]] = seat
    for p in state.players:
        p.hero, p.sac = order[p.hero], order[p.sac]
        p.pioche = [order[c] for c in p.pioche]


def _new(cards: dict[int, CardDef], name: str) -> int:
    cid = len(cards)
    cards[cid] = CARDS[name]
    return cid


def place_start(state: WakfuState, p: Player) -> None:
    """102.1 / 306.1 / 307.1: the Havre Sac dressé in the Monde, the Héros dressé inside it, full PV/PR."""
    p.monde = [p.sac]
    p.havre = [p.hero]
    p.pv = state.cards[p.hero].pv
    p.sac_pr = state.cards[p.sac].resistance
    state.appeared[p.sac] = 0
    state.appeared[p.hero] = 0
