"""Rule primitives of SWDBG: the Force, drawing, discarding, exiling, the galaxy row, purchasing,
damage and repair.  Team rules are applied here, where each primitive resolves (DESIGN.md), so one
set of card effects serves 1v1 and 2v2.
"""

from __future__ import annotations

from typing import Any, Final

from allegiance.core.events import Event
from allegiance.games.swdbg.cards import EMPIRE, NEUTRAL, REBEL
from allegiance.games.swdbg.state import Pending, Player, SwdbgState

FORCE_MAX: Final = 6
TEAM_FACTION: Final = (EMPIRE, REBEL)  # team 0 is the Empire, team 1 the Rebels


# -- events -------------------------------------------------------------------------------------
def label(state: SwdbgState, seat: int) -> str:
    return state.table.seats[seat].label


def resources_text(n: int) -> str:
    """``n`` resources in words: "1 resource", "3 resources"."""
    return f"{n} resource" if n == 1 else f"{n} resources"


def say(state: SwdbgState, kind: str, text: str, seat: int | None = None,
        visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
    """Record an event of the action being applied."""
    state.log.append(Event(kind, text, seat, visible_to, data))


def team_view(state: SwdbgState, seat: int) -> tuple[int, ...]:
    """The seats that share what ``seat`` sees privately: itself and its teammates."""
    team = state.players[seat].team
    return tuple(p.seat for p in state.players if p.team == team)


# -- teams and regions --------------------------------------------------------------------------
def teammates(state: SwdbgState, p: Player) -> list[Player]:
    return [q for q in state.players if q.team == p.team]


def enemies(state: SwdbgState, p: Player) -> list[Player]:
    return [q for q in state.players if q.team != p.team]


def regional_opponent(state: SwdbgState, p: Player) -> Player:
    """SW-REGION-2: "your opponent" is the opposing player of your own region only."""
    for q in state.players:
        if q.team != p.team and q.region == p.region:
            return q
    raise AssertionError("every region holds one player of each team")


def team_bases(state: SwdbgState, team: int) -> list[tuple[Player, int]]:
    """The team's bases in play, with their owners (the team's shared zone, SW-SETUP-5)."""
    return [(q, q.base) for q in state.players if q.team == team and q.base is not None]


def team_ships(state: SwdbgState, team: int) -> list[tuple[Player, int]]:
    """SW-SHARED-2/3: every capital ship in a team's shared zone, with the player who played it.

    SW-SHARED-1: the shared zone is in both regions, so no caller filters these (or ``team_bases``) by region.
    """
    return [(q, c) for q in state.players if q.team == team for c in q.ships]


def team_units(state: SwdbgState, team: int) -> list[int]:
    return [c for q in state.players if q.team == team for c in q.units]


def team_has_base(state: SwdbgState, team: int, name: str) -> int:
    """How many of the team's bases in play are called ``name`` (SW-TEAM-2: copies stack)."""
    return sum(1 for q in state.players if q.team == team and q.base is not None and state.name(q.base) == name)


# -- the Force ----------------------------------------------------------------------------------
def force_with(state: SwdbgState, faction: str) -> bool:
    """The Force is with a faction when the marker is on one of its three spaces."""
    return state.force <= 2 if faction == EMPIRE else state.force >= 4


def force_full(state: SwdbgState, faction: str) -> bool:
    """The marker is all the way on the faction's side."""
    return state.force == (0 if faction == EMPIRE else FORCE_MAX)


def can_gain_force(state: SwdbgState, faction: str) -> bool:
    return not force_full(state, faction)


def gain_force(state: SwdbgState, p: Player, amount: int) -> None:
    """Move the marker toward ``p``'s side; the excess past the end is lost."""
    if amount <= 0:
        return
    before = state.force
    if p.faction == EMPIRE:
        state.force = max(0, state.force - amount)
    else:
        state.force = min(FORCE_MAX, state.force + amount)
    if state.force != before:
        say(state, "force", f"{label(state, p.seat)} gains {abs(state.force - before)} Force (track {state.force})", p.seat)


# -- zones --------------------------------------------------------------------------------------
def draw(state: SwdbgState, p: Player, n: int = 1) -> int:
    """Draw ``n`` cards; reshuffle the discard pile only when a card must be drawn from an empty deck."""
    drawn = []
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck, p.discard = p.discard, []
            state.rng.shuffle(p.deck)
            say(state, "shuffle", f"{label(state, p.seat)} shuffles the discard pile into a new deck", p.seat)
        drawn.append(p.deck.pop())
    p.hand.extend(drawn)
    if drawn:
        names = ", ".join(state.name(c) for c in drawn)
        say(state, "draw", f"{label(state, p.seat)} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}", p.seat)
        say(state, "draw_private", f"{label(state, p.seat)} draws {names}", p.seat, team_view(state, p.seat))
    return len(drawn)


def galaxy_top(state: SwdbgState, region: int) -> int | None:
    """The top card of a region's galaxy deck, reshuffling its galaxy discard pile if it must."""
    r = state.regions[region]
    if not r.galaxy_deck and r.galaxy_discard:
        r.galaxy_deck, r.galaxy_discard = r.galaxy_discard, []
        state.rng.shuffle(r.galaxy_deck)
        say(state, "shuffle", f"region {region + 1}: the galaxy discard pile is shuffled into a new galaxy deck")
    return r.galaxy_deck[-1] if r.galaxy_deck else None


def refill_row(state: SwdbgState, region: int, slot: int | None = None) -> None:
    """Keep the galaxy row at six cards, refilling at once from the galaxy deck."""
    r = state.regions[region]
    while len(r.row) < 6:
        top = galaxy_top(state, region)
        if top is None:
            return
        r.galaxy_deck.pop()
        if slot is not None and slot <= len(r.row):
            r.row.insert(slot, top)
            slot = None
        else:
            r.row.append(top)
        say(state, "row", f"{state.name(top)} enters the galaxy row of region {region + 1}", data_card=top)


def remove_from_row(state: SwdbgState, region: int, card: int, to_discard: bool = False) -> None:
    """Take a card out of the galaxy row (onto the galaxy discard pile if ``to_discard``) and refill its slot.

    The card is discarded before the refill: if the galaxy deck is empty, the refill reshuffles a
    galaxy discard pile that already holds it (swdbg.md §3.4, §5.2).
    """
    r = state.regions[region]
    slot = r.row.index(card)
    r.row.pop(slot)
    if to_discard:
        r.galaxy_discard.append(card)
    refill_row(state, region, slot)


def discard_from_row(state: SwdbgState, region: int, card: int) -> None:
    """Discard a galaxy-row card to the galaxy discard pile (no reward) and refill the row."""
    say(state, "discard_row", f"{state.name(card)} is discarded from the galaxy row")
    remove_from_row(state, region, card, to_discard=True)


def discard_from_hand(state: SwdbgState, victim: Player, card: int) -> None:
    """``victim`` discards ``card`` from hand; Yavin 4 may trigger (SW-CARD-YAVIN)."""
    victim.hand.remove(card)
    victim.discard.append(card)
    say(state, "discard", f"{label(state, victim.seat)} discards {state.name(card)}", victim.seat)
    if state.active_team != victim.team:
        # SW-CARD-YAVIN / SW-TEAM-3: during the opposing team's turn each Yavin 4 of that team (either
        # teammate's) triggers once for this discard; the victim's regional opponent resolves it.
        resolver = regional_opponent(state, victim)
        for q in state.players:
            if q.team == resolver.team and q.base is not None and state.name(q.base) == "Yavin 4":
                state.queue.append(("yavin", resolver.seat, q.base))


def find_owner_zone(state: SwdbgState, card: int) -> tuple[Player, list[int]] | None:
    """The player and zone list that hold ``card``, among hands, discards, decks and units."""
    for q in state.players:
        for zone in (q.hand, q.discard, q.units, q.deck, q.ships):
            if card in zone:
                return q, zone
    return None


def exile(state: SwdbgState, card: int, zone: list[int]) -> None:
    """Remove a card from the game."""
    zone.remove(card)
    state.exiled.append(card)
    state.damage.pop(card, None)
    say(state, "exile", f"{state.name(card)} is exiled")


def exile_options(state: SwdbgState, p: Player) -> list[int]:
    """SW-TEAM-4: exile choices come from the player's own hand and discard, never a teammate's."""
    return p.hand + p.discard


# -- damage, repair, destruction ------------------------------------------------------------------
def hp_left(state: SwdbgState, card: int) -> int:
    return state.cards[card].hit_points - state.damage.get(card, 0)


def hoth_shield_left(state: SwdbgState, team: int) -> int:
    """SW-CARD-HOTH: the team's Hoths prevent the first 2 damage each (pooled) per turn."""
    return max(0, 2 * team_has_base(state, team, "Hoth") - state.hoth_prevented)


def damage_needed(state: SwdbgState, owner: Player, base: int) -> int:
    """Damage it takes to destroy a base now, counting Hoth's shield."""
    extra = hoth_shield_left(state, owner.team) if state.name(base) == "Hoth" else 0
    return hp_left(state, base) + extra


def damage_base(state: SwdbgState, owner: Player, amount: int, by_team: int) -> None:
    """Put damage on ``owner``'s base (Hoth prevention first); destroy it when damage reaches its HP."""
    base = owner.base
    if base is None or amount <= 0:
        return
    if state.name(base) == "Hoth":
        # SW-CARD-HOTH: one pool for the team's Hoths, during the opposing team's turn.
        prevented = min(amount, hoth_shield_left(state, owner.team)) if state.active_team != owner.team else 0
        if prevented:
            state.hoth_prevented += prevented
            amount -= prevented
            say(state, "prevent", f"Hoth's planetary shield prevents {prevented} damage")
    if amount <= 0:
        return
    state.damage[base] = state.damage.get(base, 0) + amount
    say(state, "damage", f"{state.name(base)} ({label(state, owner.seat)}) takes {amount} damage", owner.seat)
    if state.damage[base] >= state.cards[base].hit_points:
        destroy_base(state, owner, by_team)


def destroy_base(state: SwdbgState, owner: Player, by_team: int) -> None:
    """The base goes to the attacking team's victory pile; excess damage is lost."""
    base = owner.base
    assert base is not None
    state.damage.pop(base, None)
    owner.base = None
    state.victory[by_team].append(base)
    say(state, "base_destroyed", f"{state.name(base)} ({label(state, owner.seat)}) is destroyed", owner.seat)
    check_win(state)


def check_win(state: SwdbgState) -> None:
    """SW-WIN-1: a team wins once it has destroyed ``bases_to_win`` bases of *each* opposing base deck."""
    need = state.config.bases_to_win
    for team in (0, 1):
        victims = [q for q in state.players if q.team != team]
        if all(bases_lost(state, q) >= need for q in victims):
            state.winner = team
            state.stage = "over"
            state.pending.clear()
            state.queue.clear()
            state.attack = None
            state.end_reason = f"{TEAM_FACTION[team].title()} destroyed {need} bases of each opposing base deck"
            say(state, "win", f"{TEAM_FACTION[team].title()} wins: {state.end_reason}")
            return


def owner_of_base(state: SwdbgState, base: int) -> int:
    """The seat whose base deck a base came from (bases never change owner)."""
    return state.base_owner[base]


def bases_lost(state: SwdbgState, p: Player) -> int:
    """How many of ``p``'s bases the opposing team has destroyed."""
    return sum(1 for c in state.victory[1 - p.team] if state.base_owner[c] == p.seat)


def repair(state: SwdbgState, base: int, amount: int) -> int:
    """Remove up to ``amount`` damage from a base; the part that cannot be done is ignored."""
    done = min(amount, state.damage.get(base, 0))
    if done:
        state.damage[base] -= done
        if not state.damage[base]:
            del state.damage[base]
        say(state, "repair", f"{state.name(base)} is repaired by {done}")
    return done


def damage_ship(state: SwdbgState, owner: Player, ship: int, amount: int) -> None:
    state.damage[ship] = state.damage.get(ship, 0) + amount
    say(state, "damage", f"{state.name(ship)} ({label(state, owner.seat)}) takes {amount} damage", owner.seat)
    if state.damage[ship] >= state.cards[ship].hit_points:
        destroy_ship(state, owner, ship)


def destroy_ship(state: SwdbgState, owner: Player, ship: int) -> None:
    """A destroyed capital ship goes to its owner's discard pile, its damage removed."""
    owner.ships.remove(ship)
    owner.discard.append(ship)
    state.damage.pop(ship, None)
    state.used.discard(ship)
    say(state, "ship_destroyed", f"{state.name(ship)} ({label(state, owner.seat)}) is destroyed", owner.seat)


def ship_owner(state: SwdbgState, ship: int) -> Player:
    for q in state.players:
        if ship in q.ships:
            return q
    raise KeyError(ship)


# -- purchasing ---------------------------------------------------------------------------------
def may_buy_faction(p: Player, faction: str) -> bool:
    """You may buy cards of your own faction and neutral cards."""
    return faction == p.faction or faction == NEUTRAL


def purchase(state: SwdbgState, p: Player, card: int, source: str, free: bool = False,
             dest: str | None = None, exile_at_end: bool = False) -> None:
    """Buy ``card`` from ``source`` ("row", "pilots" or "galaxy_discard") of the buyer's own region.

    A free purchase (Leia, Tarkin, Corellia, rewards) is still a purchase: "when you purchase"
    abilities trigger (swdbg.md §4).  ``dest`` forces a destination ("hand" or "top").
    """
    region = state.regions[p.region]  # SW-BUY-2 / SW-REGION-1: only the buyer's own region
    d = state.cards[card]
    if source == "row":
        remove_from_row(state, p.region, card)
    elif source == "pilots":
        region.pilots.remove(card)
    else:
        region.galaxy_discard.remove(card)
    if not free:
        p.resources -= d.cost  # SW-BUY-1: resources are the buyer's own
    team = p.team
    # Per-turn purchase triggers are consumed by the purchase even when an effect fixes the destination.
    jedha = d.faction == NEUTRAL and _take_base_flag(state, team, "Jedha")
    sullust = _take_base_flag(state, team, "Sullust")  # SW-CARD-SULLUST: the first card bought each turn
    # Twi'lek Smuggler's "the next card you purchase" is this purchase, wherever it goes.
    twilek = state.next_top[team] > 0
    if twilek:
        state.next_top[team] -= 1
    if dest is None:
        if d.name == "Fang Fighter":
            dest = "hand"
        elif jedha:
            dest = "hand"  # SW-CARD-JEDHA
        elif twilek:
            dest = "top"  # SW-CARD-TWILEK: onto the buyer's own deck
        elif sullust:
            dest = "top"
        else:
            dest = "discard"
    if jedha and dest == "hand":
        # Jedha consumed by a card that reaches the hand anyway (Fang Fighter, Mon Cala): it is still
        # the card Jedha adds to the hand, so its "you must exile that card" applies too.
        exile_at_end = True
    # SW-BUY-3: the card always goes to the buyer's own zones.
    {"hand": p.hand, "top": p.deck, "discard": p.discard}[dest].append(card)
    if exile_at_end:
        p.end_exile.append(card)
    where = {"hand": "into hand", "top": "on top of the deck", "discard": "to the discard pile"}[dest]
    cost = "for free" if free else f"for {d.cost}"
    say(state, "buy", f"{label(state, p.seat)} buys {d.name} {cost}, {where}", p.seat, card=card)
    if d.name == "Fang Fighter" and force_with(state, p.faction):
        draw(state, p, 1)
    if d.name == "Quarren Mercenary":
        n = 2 if force_with(state, p.faction) else 1
        # SW-CARD-QUARREN: only the buyer exiles, from their own cards.
        push_exile(state, p, n, card, "Quarren Mercenary: exile")


def _take_base_flag(state: SwdbgState, team: int, base_name: str) -> bool:
    """Whether this purchase is the team's first triggering event of the turn for ``base_name``.

    SW-TEAM-3: every copy of the team triggers on that one event ("the first card you purchase each
    turn"), so all copies are consumed together; a second copy never makes a second purchase "first".
    """
    hit = False
    for q in state.players:
        if q.team == team and q.base is not None and state.name(q.base) == base_name:
            key = ("base", q.base)
            if key not in state.flags:
                state.flags.add(key)
                hit = True
    return hit


def push_exile(state: SwdbgState, p: Player, count: int, card: int | None, prompt: str,
               must: bool = False) -> None:
    """Ask ``p`` to exile up to ``count`` cards from their own hand and/or discard pile."""
    options = exile_options(state, p)
    if not options or count <= 0:
        return
    opts: tuple[Any, ...] = tuple(options) if must else (*options, "done")
    state.pending.append(Pending("exile", (p.seat,), p.seat, f"{prompt} a card from your hand or discard pile"
                                 + ("" if must else f" (up to {count})"), opts, card, (("left", count),),
                                 since=state.version + 1))
