"""Setting a game up: line-up and decks checked, piles built, starting events to the theme pile,
opening hands, and the side that chooses the first location (JK-3S-5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from allegiance.core.options import validate_options
from allegiance.core.rng import make_rng
from allegiance.games.jk import lineups
from allegiance.games.jk.decks import DEMO_BY_ALLEGIANCE, Deck, DeckError, read_deck, validate
from allegiance.games.jk.options import OPTION_SPECS, resolved
from allegiance.games.jk.rules import draw, say
from allegiance.games.jk.state import JKState, Pending, Player


class SetupError(ValueError):
    """The line-up or the decks cannot make a game; the message says why and what is allowed."""


def default_decks(mode: str) -> list[str]:
    """Each seat's demo deck: the demo decks of its allegiance in turn."""
    used: dict[str, int] = {}
    out = []
    for allegiance in lineups.allegiances(mode):
        names = DEMO_BY_ALLEGIANCE[allegiance]
        out.append(names[used.get(allegiance, 0) % len(names)])
        used[allegiance] = used.get(allegiance, 0) + 1
    return out


def new_game(mode: str, seed: int, options: Mapping[str, Any], shuffle_key: bytes | None) -> JKState:
    lineups.check_mode(mode)  # JK-MODES-1: an unlisted line-up is refused with the valid ones
    opts = resolved(validate_options(OPTION_SPECS, dict(options)), lineups.three_sided(mode))
    if lineups.mixed(mode) and opts["mixed_sides"] == "refuse":
        # JK-MODES-2 (open question, option mixed_sides): with "refuse" each side is one allegiance
        valid = [m for m in lineups.MODES if not lineups.mixed(m)]
        raise SetupError(f"line-up {mode} mixes Empire and Independent players on one side, which "
                         f"mixed_sides=refuse does not allow; line-ups: {', '.join(valid)}")
    table = lineups.table_for(mode)
    allegiances = lineups.allegiances(mode)
    specs = opts["decks"] or default_decks(mode)
    if len(specs) != len(table.seats):
        raise SetupError(f"option decks: one deck per seat ({len(table.seats)}), not {len(specs)}")
    decks: list[Deck] = []
    for seat, spec in enumerate(specs):
        deck = read_deck(spec)
        validate(deck, opts)
        if deck.allegiance != allegiances[seat]:
            raise DeckError([f"{table.seats[seat].label} plays an {allegiances[seat]} deck in line-up {mode}; "
                             f"deck {deck.name!r} is {deck.allegiance}"])
        decks.append(deck)
    if lineups.three_sided(mode):
        themes = [d.theme for d in decks]
        if len(set(themes)) != len(themes):  # JK-3S-1: every player's hero and theme differ
            raise DeckError([f"in a three-sided game every player has a different theme (JK-3S-1); "
                             f"the decks' themes are {', '.join(themes)}"])
    state = JKState(table, mode, [], opts, make_rng(seed, shuffle_key))
    for seat, deck in enumerate(decks):
        cards = deck.known()
        p = Player(seat, allegiances[seat], deck.theme, deck.name)
        state.players.append(p)

        def new(name: str, seat: int = seat, cards: dict = cards) -> int:
            state.cards.append(cards[name])
            state.owner.append(seat)
            return len(state.cards) - 1
        from allegiance.games.jk.cards import theme_card
        p.theme_card = new(theme_card(deck.theme).name)
        p.force_deck = [new(n) for n in deck.force]
        p.draw = [new(n) for n in deck.card_list()]
        for name in deck.theme_pile:  # the quick-draw weapons set aside (option theme_pile_cards)
            c = next(c for c in p.draw if state.cards[c].name == name)
            p.draw.remove(c)
            p.theme_pile.append(c)
        # JK-START-2: when the theme card is played, every starting event moves to the theme pile
        for c in [c for c in p.draw if state.cards[c].starting]:
            p.draw.remove(c)
            p.theme_pile.append(c)
        state.rng.shuffle(p.draw)
        say(state, "theme", f"{state.label(seat)} plays the {deck.theme} theme card", seat)
    for p in state.players:
        draw(state, p.seat, opts["hand_size"])
    _choose_first_location(state, decks)
    return state


def _choose_first_location(state: JKState, decks: list[Deck]) -> None:
    """JK-3S-5: the side with the most themes chooses the first location (a tie: chosen at random,
    UNSOURCED); the other planets come from the pile of every side's locations, shuffled (UNSOURCED)."""
    table = state.table
    themes = {t: len({decks[s].theme for s in table.members(t)}) for t in table.teams}
    best = max(themes.values())
    tied = [t for t in table.teams if themes[t] == best]
    chooser_team = tied[state.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    chooser = table.members(chooser_team)[0]
    options = tuple(dict.fromkeys(p for s in table.members(chooser_team) for p in decks[s].locations))
    state.pending = Pending("location", chooser, options)
    state.phase = "location"
    pool = list(dict.fromkeys(p for d in decks for p in d.locations))
    state.planets = pool  # the system pile until the first location is chosen
    say(state, "location", f"{chooser_team} has the most themes and chooses the first location", chooser)
