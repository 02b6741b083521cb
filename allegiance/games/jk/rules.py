"""Primitives the phases share: power, costs, moving cards, drawing, the order of seats, the log."""

from __future__ import annotations

from typing import Any

from allegiance.core.events import Event
from allegiance.games.jk.state import JKState


def say(state: JKState, kind: str, text: str, seat: int | None = None,
        visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
    state.log.append(Event(kind, text, seat, visible_to, data))


def team_seats(state: JKState, seat: int) -> tuple[int, ...]:
    """The seat and its teammates (who may see each other's hands: teammates compare cards, JK-3S-4)."""
    return state.table.members(state.team(seat))


def clockwise_from(state: JKState, start: int, seats: list[int] | None = None) -> list[int]:
    """Live seats (or ``seats``) in clockwise (seat) order beginning with ``start``."""
    n = len(state.players)
    pool = set(state.live_seats() if seats is None else seats)
    return [(start + i) % n for i in range(n) if (start + i) % n in pool]


def opposing_teams(state: JKState, seat: int) -> list[str]:
    """JK-3S-3: "the opposing side" means every other live side (both, in a three-sided game)."""
    mine = state.team(seat)
    return [t for t in state.live_teams() if t != mine]


def in_play(state: JKState) -> list[int]:
    return state.system + state.site


def power(state: JKState, card: int) -> int:
    """A card's power now: printed, plus boosts and tactic bonuses this turn, plus lasting side_power
    bonuses of its owner's table cards for a character at the site; never below 0."""
    d = state.cards[card]
    total = d.power + state.boost.get(card, 0)
    for under, bearer in state.under.items():
        if bearer == card:
            total += state.cards[under].tactic
    if d.type == "Character" and card in state.site:
        for c in state.players[state.owner[card]].table:
            for f in state.cards[c].functions[:1]:
                total += sum(e.n for e in f if e.verb == "side_power")
    return max(0, total)


def cost(state: JKState, seat: int, card: int) -> int:
    """Deploy cost in credits; a card of another theme than the player's costs 1 more (JK-INDEP-2)."""
    d = state.cards[card]
    extra = 1 if d.themes and state.players[seat].theme not in d.themes else 0
    return d.deploy + extra


def draw(state: JKState, seat: int, n: int) -> None:
    p = state.players[seat]
    drawn = []
    for _ in range(n):
        if not p.draw:
            break
        c = p.draw.pop()
        p.hand.append(c)
        drawn.append(state.name(c))
    if drawn:
        say(state, "draw", f"{state.label(seat)} draws {len(drawn)}", seat)
        say(state, "draw_cards", f"{state.label(seat)} draws {', '.join(drawn)}", seat, team_seats(state, seat))


def discard_from_play(state: JKState, card: int, why: str) -> None:
    """A card leaves play for its owner's discard pile with the weapons on it and the cards under it."""
    zone = state.system if card in state.system else state.site
    riders = [w for w, b in state.attached.items() if b == card] + [u for u, b in state.under.items() if b == card]
    for c in [card, *riders]:
        if c in zone:
            zone.remove(c)
        state.attached.pop(c, None)
        state.under.pop(c, None)
        state.boost.pop(c, None)
        state.rotated.discard(c)
        state.players[state.owner[c]].discard.append(c)
    say(state, "discard", f"{state.name(card)} ({state.label(state.owner[card])}) is discarded: {why}",
        state.owner[card], card=card)


def characters_at_site(state: JKState, team: str) -> list[int]:
    return [c for c in state.site if state.cards[c].type == "Character" and state.team_of_card(c) == team]


def starships_at_system(state: JKState, team: str) -> list[int]:
    return [c for c in state.system if state.cards[c].type == "Starship" and state.team_of_card(c) == team]
