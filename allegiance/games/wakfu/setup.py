"""Setting a duel up (102): Havre Sac and Héros in play, shuffled Pioches, first player, first hands."""

from __future__ import annotations

from typing import Any, Final

from allegiance.core.options import OptionError, OptionSpec, validate_options
from allegiance.core.rng import make_rng
from allegiance.core.table import Table
from allegiance.games.wakfu import rules, teams
from allegiance.games.wakfu.cards import CARDS, CardDef
from allegiance.games.wakfu.decks import STARTERS, Deck, deck_summary, parse_deck, starter
from allegiance.games.wakfu.state import Config, Pending, Player, WakfuState


def table_for(mode: str) -> Table:
    """The seats of ``1v1`` (the duel) or of a team mode ``2v2`` … ``8v8`` (see ``teams``)."""
    return teams.table_for(mode)


def read_deck(spec: Any) -> Deck:
    """A deck option: a starter name ('iop', 'feca', 'cra', 'xelor') or a deck file's text."""
    if isinstance(spec, Deck):
        return spec
    if not isinstance(spec, str):
        raise ValueError("a deck is a starter name (iop, feca, cra, xelor) or the text of a deck file")
    if spec in STARTERS:
        return starter(spec)
    if "\n" not in spec:
        shown = repr(spec if len(spec) <= 40 else spec[:37] + "...")
        raise ValueError(f"unknown deck {shown}: give a starter ({', '.join(STARTERS)}) or a deck file's text")
    return parse_deck(spec, "custom")


#: the duel's options (checked strictly by the core validator before a table stores them)
OPTION_SPECS: Final = (
    OptionSpec("decks", "seat_texts", "each seat's deck: a starter or the text of a deck file, one per seat "
               "or (team modes) one per team, repeated for each of its players (default: Iop against Iop; "
               "in teams each team plays iop, feca, cra, xelor in seat order)", default=None,
               choices=tuple(STARTERS), free_text=True, summarize=deck_summary),
    # a turn is one player's turn: the default grows with the table (200 in a duel, 1,600 in 8v8)
    OptionSpec("max_turns", "int", "the game is a draw after this many turns (one player's turn each; default "
               "200 per player on a side)", default=None, min=2, max=10_000),
    # "always" asks every player after every event, so the table never shows who holds a Réaction;
    # "playable" asks only players who could react (faster, for simulation: bots' games are the same,
    # since a player who cannot react always passes).
    OptionSpec("reaction_prompts", "choice", "when to ask for Réactions: always (hides who holds one) or "
               "only when playable (faster)", default="always", choices=("always", "playable")),
    # an online table's Réaction window: with "always", a person who holds no Réaction is passed for at the
    # window's end without a click, and one who holds one sees a countdown; the same time either way, so
    # that neither what is shown nor when tells who holds one (0: every person answers each prompt)
    OptionSpec("reaction_seconds", "int", "online tables: seconds each Réaction window stays open before the "
               "table passes for a player who did not answer (the same for everyone, whether they hold a "
               "Réaction or not; 0: every player answers each prompt by a click, but one with a single option "
               "and nothing hidden, which the table plays at once)", default=4, min=0, max=60),
    # WK-DECK-2 with only four starters: a team of five or more starters always repeats a Unique card;
    # "ignore" is a house rule for simulations of big teams (RULES.md, Team modes).
    OptionSpec("team_uniques", "choice", "team modes: a Unique card at most once per team (enforce, the rule "
               "WK-DECK-2) or not checked (ignore, for big teams of starter decks)", default="enforce",
               choices=("enforce", "ignore"), source="WK-DECK-2"),
)


def deck_specs(table: Table, given: Any) -> list[Any]:
    """One deck spec per seat: the option as given per seat, or one per team repeated for its players."""
    n = len(table.seats)
    if not given:
        if n == 2:
            return ["iop", "iop"]
        return [STARTERS[i % len(STARTERS)] for t in table.teams for i in range(len(table.members(t)))]
    given = list(given)
    if len(given) == n:
        return given
    if len(given) == len(table.teams) and n > 2:
        return [given[table.teams.index(table.team_of(s))] for s in range(n)]
    per_team = f" or one per team ({len(table.teams)})" if n > 2 else ""
    raise ValueError(f"option decks: one deck per seat ({n}){per_team}, not {len(given)}")


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
    specs = deck_specs(table, options.get("decks"))
    decks = [read_deck(s) for s in specs]
    if len(table) > 2 and options.get("team_uniques", "enforce") == "enforce":
        teams.check_team_decks(table, decks)  # WK-DECK-2
    max_turns = options.get("max_turns") or 200 * (len(table) // 2)
    prompts = options.get("reaction_prompts", "always")
    config = Config(mode, seed, tuple(d.name for d in decks), max_turns, prompts,
                    int(options.get("reaction_seconds", 4)))
    cards: dict[int, CardDef] = {}
    state = WakfuState(table, cards, config)
    state.rng = make_rng(seed, shuffle_key)
    state.deck_texts = tuple(d.to_text() for d in decks)
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
    # 102.2: a random draw stands for Chi-Fu-Mi and its winner chooses who plays first (a decision);
    # WK-SEAT-2 (teams): the team that wins the draw starts, its player 1 first
    winner = table.members(table.teams[state.rng.below(2)])[0]
    state.first = winner
    if len(table) == 2:
        rules.say(state, "draw_won", f"{rules.label(state, winner)} wins the draw and chooses who plays first",
                  winner)
        state.pending.append(Pending("first_player", winner, "You won the draw: do you play first or second? "
                                     "(102.2)", ("play_first", "play_second")))
        return state
    start(state, winner)
    return state


def start(state: WakfuState, first: int) -> None:
    """The first player is known (102.2): everybody draws PA cards (102.3), then the rollbacks (102.4)."""
    state.first = first
    rules.say(state, "first", f"{rules.label(state, first)} plays first", first)
    for p in state.players:
        for _ in range(rules.pa(state, p.seat)):  # 102.3
            rules.draw(state, p.seat)
    state.phase = "mulligan"


def choose_first(state: WakfuState, pend: Pending, value: object) -> None:
    """102.2: the winner of the draw plays first or lets the opponent play first."""
    start(state, pend.seat if value == "play_first" else teams.opposite(state.table, pend.seat))


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
