"""Game setup: the table, the options, the decks (SW-SETUP-1..6 for 2v2)."""

from __future__ import annotations

from typing import Any, Final

from allegiance.core.errors import AllegianceError
from allegiance.core.options import OptionError, OptionSpec, validate_options
from allegiance.core.rng import Rng, make_rng
from allegiance.core.table import Seat, Table
from allegiance.games.swdbg.cards import (
    BEGINNER_BASES,
    EMPIRE,
    STARTERS,
    STARTING_BASE,
    CardDef,
    card,
    faction_bases,
    galaxy_cards,
)
from allegiance.games.swdbg.rules import draw, refill_row
from allegiance.games.swdbg.state import Config, Player, Region, SwdbgState

GALAXY_MODES: Final = ("beginner", "full", "secret")
DEFAULT_BASES_TO_WIN: Final = {"beginner": 3, "full": 4, "secret": 4}
DEFAULT_MAX_TURNS: Final = 200
#: the longest game an option may ask for (team turns); games end far sooner
MAX_TURNS_LIMIT: Final = 10_000
OPTION_SPECS: Final = (
    OptionSpec("galaxy", "choice", "which galaxy deck and bases", default="beginner", choices=GALAXY_MODES,
               source="SWDBG rulebook (beginner and full games), SW-WIN-2"),
    OptionSpec("bases_to_win", "int", "bases of each opposing deck to destroy (default: the rules')",
               default=None, min=2, max=5, source="SW-WIN-1, SW-WIN-2"),
    OptionSpec("pay_off_neutral", "bool", "allow paying off neutral cards", default=False,
               source="SWDBG rulebook (optional rule)"),
    OptionSpec("max_turns", "int", "the game is a draw after this many team turns", default=DEFAULT_MAX_TURNS,
               min=1, max=MAX_TURNS_LIMIT),
)
OPTION_NAMES: Final = tuple(s.name for s in OPTION_SPECS)


def table_for(mode: str) -> Table:
    """1v1: Empire (seat 0) vs Rebel (seat 1).  2v2: Empire 1, Empire 2, Rebel 1, Rebel 2;
    seats 0 and 2 form region 1, seats 1 and 3 region 2 (SW-SETUP-2)."""
    if mode == "1v1":
        return Table((Seat(0, "empire", "Empire"), Seat(1, "rebel", "Rebel")))
    if mode == "2v2":
        return Table((Seat(0, "empire", "Empire 1"), Seat(1, "empire", "Empire 2"),
                      Seat(2, "rebel", "Rebel 1"), Seat(3, "rebel", "Rebel 2")))
    raise AllegianceError(f"unknown mode {mode!r} for swdbg; modes: 1v1, 2v2")


def read_config(mode: str, seed: int, options: dict[str, Any]) -> Config:
    """Check (strictly, against :data:`OPTION_SPECS`) and complete the options; errors say what is allowed."""
    options = validate_options(OPTION_SPECS, options)
    galaxy = options.get("galaxy", "beginner")
    # SW-WIN-2: in 2v2 the default stays three bases of each opposing deck (SW-WIN-1) whatever the galaxy.
    default_bases = 3 if mode == "2v2" else DEFAULT_BASES_TO_WIN[galaxy]
    bases_to_win = options.get("bases_to_win", default_bases)
    deck_size = 5 if galaxy in ("beginner", "secret") else 10
    if not 2 <= bases_to_win <= min(5, deck_size):
        raise OptionError(f"option bases_to_win must be between 2 and {min(5, deck_size)}, not {bases_to_win}")
    max_turns = options.get("max_turns", DEFAULT_MAX_TURNS)
    return Config(mode, galaxy, bases_to_win, options.get("pay_off_neutral", False), max_turns, int(seed))


def new_game(mode: str, seed: int, options: dict[str, Any], shuffle_key: bytes | None = None) -> SwdbgState:
    """Deal a new game; deterministic given the seed (or ``shuffle_key``) and options.

    With ``shuffle_key`` the hidden shuffles come from the secure generator and the card ids are
    drawn at random (see :func:`_secret_ids`); without it, the fast generator from ``seed`` deals and
    the ids follow the catalogue, as they always did (old replays and positions stay exact).
    """
    table = table_for(mode)
    config = read_config(mode, seed, options)
    cards: dict[int, CardDef] = {}

    def make(name: str) -> int:
        cid = len(cards)
        cards[cid] = card(name)
        return cid

    regions = 1 if mode == "1v1" else 2
    region_list = []
    for r in range(regions):
        region = Region(r)
        region.galaxy_deck = [make(n) for n in galaxy_cards()]  # SW-SETUP-3: one galaxy per region
        region.pilots = [make("Outer Rim Pilot") for _ in range(10)]
        region_list.append(region)
    players = []
    base_owner: dict[int, int] = {}
    for seat in table.seats:
        faction = seat.team
        team = 0 if faction == EMPIRE else 1
        p = Player(seat.index, faction, team, 0 if mode == "1v1" else seat.index % 2)
        for name, copies in STARTERS[faction]:
            p.deck.extend(make(name) for _ in range(copies))  # SW-SETUP-4: each player's own deck
        names = BEGINNER_BASES[faction] if config.galaxy == "beginner" else faction_bases(faction)
        for name in names:
            b = make(name)
            base_owner[b] = seat.index
            if name == STARTING_BASE[faction]:
                p.base = b
            else:
                p.base_deck.append(b)  # SW-SETUP-5: the base decks sit in the team's shared zone
        players.append(p)
    rng = make_rng(seed, shuffle_key)
    if shuffle_key is not None:
        cards, base_owner = _secret_ids(rng, cards, players, region_list, base_owner)
    state = SwdbgState(table, cards, config)
    state.rng = rng
    state.players = players
    state.regions = region_list
    state.base_owner = base_owner
    for region in region_list:
        state.rng.shuffle(region.galaxy_deck)
        refill_row(state, region.index)
    for p in players:
        state.rng.shuffle(p.deck)
    if mode == "1v1":
        state.first_team = 0  # the Empire moves first; the Force starts fully Rebel
    else:
        state.first_team = state.rng.below(2)  # SW-SETUP-6: a random first team ...
    state.active_team = state.first_team
    # ... and the other team starts with the Force fully on its side (SW-SETUP-1: one track).
    state.force = 6 if state.first_team == 0 else 0
    for p in players:
        draw(state, p, 5)
    state.stage = "setup" if config.galaxy == "secret" else "start"
    state.log = []
    return state



def _secret_ids(rng: Rng, cards: dict[int, CardDef], players: list[Player], regions: list[Region],
                base_owner: dict[int, int]) -> tuple[dict[int, CardDef], dict[int, int]]:
    """Give every card a secret random id (a uniform permutation of ``0..n-1`` from the secure generator).

    Ids made in catalogue order name a card and, before the shuffle, its deck position: the ids in a
    galaxy row then show where the generator put each card, the very output a spectator needs to
    attack the generator.  Drawn as a uniformly random permutation, independent of the shuffles that
    follow, an id is a meaningless label: a card's id, seen when the card is seen, says nothing about
    its position nor about which hidden card holds which other id (every assignment of the unseen ids
    to the unseen cards is equally likely).  Views never show an id of a card in a hidden zone, so an
    id cannot track a card through one either.  Deterministic for a given key, so replays stay exact.
    """
    order = list(range(len(cards)))
    rng.shuffle(order)
    relabel = dict(zip(range(len(cards)), order, strict=True))
    for region in regions:
        region.galaxy_deck = [relabel[c] for c in region.galaxy_deck]
        region.pilots = [relabel[c] for c in region.pilots]
    for p in players:
        p.deck = [relabel[c] for c in p.deck]
        p.base_deck = [relabel[c] for c in p.base_deck]
        p.base = relabel[p.base] if p.base is not None else None
    return ({relabel[c]: d for c, d in cards.items()}, {relabel[c]: s for c, s in base_owner.items()})
