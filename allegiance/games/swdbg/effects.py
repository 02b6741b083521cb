"""Card effects: every ability, reward and trigger of the 82 SWDBG cards, over the rule primitives.

Each table maps a card's English name to a short function.  A choice inside an effect pushes a
:class:`Pending` (plain data) whose ``kind`` names the handler in :data:`HANDLERS` that continues it.
Abilities are optional (the player chooses to ``use`` them) and usable only when they can resolve;
once started they resolve as fully as they can (swdbg.md §7).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from allegiance.games.swdbg.cards import EMPIRE, NEUTRAL, REBEL
from allegiance.games.swdbg.rules import (
    can_gain_force,
    damage_base,
    destroy_ship,
    discard_from_hand,
    discard_from_row,
    draw,
    exile,
    force_with,
    gain_force,
    galaxy_top,
    label,
    may_buy_faction,
    purchase,
    push_exile,
    regional_opponent,
    repair,
    resources_text,
    say,
    team_bases,
    team_has_base,
    team_ships,
    team_units,
    team_view,
    teammates,
)
from allegiance.games.swdbg.state import Pending, Player, SwdbgState

Effect = Callable[[SwdbgState, Player, int], None]
Condition = Callable[[SwdbgState, Player, int], bool]
#: continues an effect with the answer to its pending choice
Handler = Callable[[SwdbgState, Pending, Any], None]


def ask(state: SwdbgState, kind: str, seats: tuple[int, ...], actor: int, prompt: str,
        options: list[Any] | tuple[Any, ...], card: int | None = None, shown: tuple[int, ...] = (),
        **data: Any) -> None:
    """Push a pending choice (nothing when there is no option at all)."""
    if options:
        state.pending.append(Pending(kind, seats, actor, prompt, tuple(options), card,
                                     tuple(sorted(data.items())), shown, state.version + 1))


def fw(state: SwdbgState, p: Player) -> bool:
    return force_with(state, p.faction)


def team_seats(state: SwdbgState, p: Player) -> tuple[int, ...]:
    return tuple(q.seat for q in teammates(state, p))


# -- shared building blocks ---------------------------------------------------------------------
def who_resolves(state: SwdbgState, p: Player, effect: str, card: int | None, what: str) -> None:
    """SW-SHARED-4: the team decides which teammate resolves an ability of its shared zone."""
    mates = teammates(state, p)
    if len(mates) == 1:
        EFFECTS[effect](state, p, card if card is not None else -1)
        return
    ask(state, "who", team_seats(state, p), p.seat, f"{what}: which teammate resolves it?",
        [q.seat for q in mates], card, effect=effect)


def damaged_team_bases(state: SwdbgState, p: Player) -> list[int]:
    return [b for _, b in team_bases(state, p.team) if state.damage.get(b, 0) > 0]


def repair_choice(state: SwdbgState, p: Player, amount: int, card: int) -> None:
    """Repair one base: yours, or in 2v2 either of your team's bases (SW-CARD-UWING, -HWK, ...)."""
    bases = damaged_team_bases(state, p)
    if len(bases) == 1:
        repair(state, bases[0], amount)
    elif bases:
        ask(state, "repair", (p.seat,), p.seat, f"Repair {amount} damage on which base?", bases, card, amount=amount)


def enemy_bases(state: SwdbgState, p: Player) -> list[int]:
    """SW-SHARED-5: every base in the opposing team's shared zone."""
    return [b for _, b in team_bases(state, 1 - p.team)]


def deal_damage_choice(state: SwdbgState, p: Player, amount: int, card: int, optional: bool = False) -> None:
    """"Deal damage" goes straight to an enemy base, ignoring capital ships (swdbg.md §7)."""
    bases = enemy_bases(state, p)
    if len(bases) == 1 and not optional:
        _damage_base_card(state, p, bases[0], amount)
    elif bases:
        ask(state, "deal_damage", (p.seat,), p.seat, f"Deal {amount} damage to which enemy base?",
            [*bases, "decline"] if optional else bases, card, amount=amount)


def _damage_base_card(state: SwdbgState, p: Player, base: int, amount: int) -> None:
    owner = next(q for q in state.players if q.base == base)
    damage_base(state, owner, amount, p.team)


def ship_targets(state: SwdbgState, p: Player, row: str) -> list[int]:
    """Capital ships ``p`` may destroy: every opposing ship in play (SW-SHARED-5), plus row ships.

    ``row`` is "none", "enemy" (enemy-faction ships in the galaxy row) or "any".
    """
    targets = [c for _, c in team_ships(state, 1 - p.team)]
    if row != "none":
        for c in state.regions[p.region].row:  # SW-REGION-2: only your own region's row
            d = state.cards[c]
            if d.is_ship and (row == "any" or d.faction not in (p.faction, NEUTRAL)):
                targets.append(c)
    return targets


def destroy_choice(state: SwdbgState, p: Player, card: int, row: str) -> None:
    ask(state, "destroy_ship", (p.seat,), p.seat, "Destroy which capital ship?", ship_targets(state, p, row), card)


def opponent_discards(state: SwdbgState, p: Player, card: int, at_random: bool = False) -> None:
    """Your (regional, SW-REGION-2) opponent discards a card of their choice, or at random."""
    victim = regional_opponent(state, p)
    if not victim.hand:
        return
    if at_random:
        discard_from_hand(state, victim, state.rng.choice(victim.hand))
    else:
        ask(state, "discard", (victim.seat,), victim.seat, f"{state.name(card)}: discard a card from your hand",
            victim.hand, card)


def free_buy_options(state: SwdbgState, p: Player, factions: tuple[str, ...]) -> list[int]:
    return [c for c in state.regions[p.region].row if state.cards[c].faction in factions]


def free_buy(state: SwdbgState, p: Player, card: int, factions: tuple[str, ...], dest: str | None,
             optional: bool = True, **data: Any) -> None:
    """Purchase a card from your own row for free (SW-CARD-LEIA, SW-CARD-TARKIN: never for the teammate)."""
    options: list[Any] = free_buy_options(state, p, factions)
    if options and optional:
        options.append("decline")
    ask(state, "free_buy", (p.seat,), p.seat, f"{state.name(card)}: purchase a card from your galaxy row for free",
        options, card, dest=dest, **data)


#: a test of one card (by id) in a state
CardTest = Callable[[SwdbgState, int], bool]


def discards_have(state: SwdbgState, p: Player, test: CardTest) -> bool:
    """Whether the discard pile of ``p`` or of a teammate holds a card that passes ``test``."""
    return any(test(state, c) for q in teammates(state, p) for c in q.discard)


def to_hand_from_discards(state: SwdbgState, p: Player, card: int, test: CardTest) -> None:
    """SW-CARD-ATAT, SW-CARD-FALCON, SW-CARD-SAILBARGE: from your discard, or let the teammate take from theirs."""
    options = [c for q in teammates(state, p) for c in q.discard if test(state, c)]
    ask(state, "to_hand", (p.seat,), p.seat, f"{state.name(card)}: add a card from a discard pile to its owner's hand",
        options, card)


def row_has(state: SwdbgState, p: Player, test: CardTest) -> bool:
    return any(test(state, c) for c in state.regions[p.region].row)


def exile_self(state: SwdbgState, p: Player, card: int) -> None:
    """Exile the card whose ability is used (a teammate may use a shared-zone ship, SW-SHARED-4)."""
    for q in state.players:
        for zone in (q.units, q.ships):
            if card in zone:
                exile(state, card, zone)
                return


# -- abilities ("use") -----------------------------------------------------------------------------
def _always(state: SwdbgState, p: Player, card: int) -> bool:
    return True


def _galaxy_not_empty(state: SwdbgState, p: Player, card: int) -> bool:
    """A galaxy card can be looked at or revealed.  A condition must not reshuffle the galaxy discard
    pile (``galaxy_top`` does): legal actions never change the state."""
    r = state.regions[p.region]
    return bool(r.galaxy_deck or r.galaxy_discard)


def _draw_n(n: int) -> Effect:
    def run(state: SwdbgState, p: Player, card: int) -> None:
        draw(state, p, n)
    return run


def _mode(options: Callable[[SwdbgState, Player], list[str]]) -> Effect:
    def run(state: SwdbgState, p: Player, card: int) -> None:
        ask(state, "mode", (p.seat,), p.seat, f"{state.name(card)}: choose one", options(state, p), card)
    return run


def _repair_or(resources_mode: str, repair_mode: str) -> Callable[[SwdbgState, Player], list[str]]:
    def options(state: SwdbgState, p: Player) -> list[str]:
        out = [resources_mode]
        if damaged_team_bases(state, p):
            out.append(repair_mode)  # "choose" only a resolvable option
        return out
    return options


def _reveal(on_empire: str) -> Effect:
    """Scout Trooper / TIE Interceptor: reveal the top galaxy card and act on its faction."""
    def run(state: SwdbgState, p: Player, card: int) -> None:
        top = galaxy_top(state, p.region)
        if top is None:
            return
        d = state.cards[top]
        say(state, "reveal", f"{label(state, p.seat)} reveals {d.name} from the galaxy deck", p.seat)
        if d.faction == p.faction:
            if on_empire == "force":
                gain_force(state, p, 1)
            else:
                draw(state, p, 1)
        elif d.faction != NEUTRAL:
            r = state.regions[p.region]
            r.galaxy_deck.pop()
            r.galaxy_discard.append(top)
            say(state, "discard_row", f"{d.name} is discarded from the galaxy deck")
        # Neutral: nothing happens; it goes back face down (swdbg.md §9).
    return run


def _jerjerrod(state: SwdbgState, p: Player, card: int) -> None:
    top = galaxy_top(state, p.region)
    if top is None:
        return
    if fw(state, p):
        ask(state, "jerjerrod", (p.seat,), p.seat,
            # The prompt is public (every seat sees it): the looked-at card is only in ``shown``.
            "Moff Jerjerrod: swap the top galaxy card (shown to you) with a galaxy-row card?",
            [*state.regions[p.region].row, "keep"], card, (top,))
    else:
        say(state, "look", f"{label(state, p.seat)} looks at the top galaxy card: {state.name(top)}", p.seat,
            team_view(state, p.seat))


def _jyn(state: SwdbgState, p: Player, card: int) -> None:
    victim = regional_opponent(state, p)
    names = ", ".join(state.name(c) for c in victim.hand) or "nothing"
    if fw(state, p) and victim.hand:
        ask(state, "jyn", (p.seat,), p.seat,
            f"Jyn Erso: put one card of {label(state, victim.seat)}'s hand (shown to you) on top of their deck",
            victim.hand, card, tuple(victim.hand))
    else:
        say(state, "look", f"{label(state, p.seat)} looks at {label(state, victim.seat)}'s hand: {names}",
            p.seat, team_view(state, p.seat))


def _has_trait(state: SwdbgState, c: int, *traits: str) -> bool:
    d = state.cards[c]
    return d.is_unit and any(t in d.traits for t in traits)


def _is_trooper(state: SwdbgState, c: int) -> bool:
    return _has_trait(state, c, "Trooper")


def _is_bounty_hunter(state: SwdbgState, c: int) -> bool:
    return _has_trait(state, c, "Bounty Hunter")


def _is_unique_unit(state: SwdbgState, c: int) -> bool:
    d = state.cards[c]
    return d.unique and d.is_unit


def _is_empire(state: SwdbgState, c: int) -> bool:
    return state.cards[c].faction == EMPIRE


def _is_rebel(state: SwdbgState, c: int) -> bool:
    return state.cards[c].faction == REBEL


def _opp_has_hand(state: SwdbgState, p: Player, card: int) -> bool:
    return bool(regional_opponent(state, p).hand)


def _duros(state: SwdbgState, p: Player, card: int) -> None:
    victim = regional_opponent(state, p)
    options: list[Any] = list(victim.hand)
    if can_gain_force(state, p.faction):
        options.append("force")  # FAQ: only a resolvable option may be chosen
    ask(state, "duros", (victim.seat,), victim.seat,
        "Duros Spy: discard a card from your hand, or let the Rebel gain 1 Force", options, card)


def _bwing(state: SwdbgState, p: Player, card: int) -> None:
    victim = regional_opponent(state, p)
    ask(state, "bwing", (victim.seat,), victim.seat,
        "B-Wing: discard a card from your hand, or B-Wing gains 2 attack", [*victim.hand, "attack"], card)


def _commando(state: SwdbgState, p: Player, card: int) -> None:
    opponent_discards(state, p, card, at_random=fw(state, p))


def _lando(state: SwdbgState, p: Player, card: int) -> None:
    draw(state, p, 1)
    if fw(state, p):
        opponent_discards(state, p, card)


def _krennic(state: SwdbgState, p: Player, card: int) -> None:
    # SW-CARD-KRENNIC: either team base being the Death Star counts.
    draw(state, p, 2 if team_has_base(state, p.team, "Death Star") else 1)


def _han(state: SwdbgState, p: Player, card: int) -> None:
    # SW-CARD-HAN: the Falcon may be the teammate's.
    falcon = any(state.name(c) == "Millennium Falcon" for c in team_units(state, p.team))
    draw(state, p, 2 if falcon else 1)


def _jawa_options(state: SwdbgState, p: Player, spare: int = 0) -> list[int]:
    r = state.regions[p.region]
    return [c for c in r.galaxy_discard
            if may_buy_faction(p, state.cards[c].faction) and state.cards[c].cost <= p.resources + spare]


def _jawa(state: SwdbgState, p: Player, card: int) -> None:
    exile_self(state, p, card)
    ask(state, "jawa", (p.seat,), p.seat, "Jawa Scavenger: purchase a card from the galaxy discard pile",
        _jawa_options(state, p), card)


def _hand_then(what: str) -> Effect:
    def run(state: SwdbgState, p: Player, card: int) -> None:
        ask(state, "hand_then", (p.seat,), p.seat, f"{state.name(card)}: choose a card from your hand", p.hand,
            card, then=what)
    return run


def _exile_self_then(then: Effect) -> Effect:
    def run(state: SwdbgState, p: Player, card: int) -> None:
        exile_self(state, p, card)
        then(state, p, card)
    return run


def _twilek(state: SwdbgState, p: Player, card: int) -> None:
    state.next_top[p.team] += 1  # SW-CARD-TWILEK: the next purchase by either teammate


def _death_star(state: SwdbgState, p: Player, card: int) -> None:
    p.resources -= 4
    say(state, "spend", f"{label(state, p.seat)} spends 4 resources on the Death Star", p.seat)
    destroy_choice(state, p, card, "any")


ABILITIES: Final[dict[str, tuple[Condition, Effect]]] = {
    "Outer Rim Pilot": (_always, _exile_self_then(lambda s, p, c: gain_force(s, p, 1))),
    "TIE Fighter": (lambda s, p, c: bool(team_ships(s, p.team)), _draw_n(1)),  # SW-CARD-TIE
    "TIE Bomber": (lambda s, p, c: bool(s.regions[p.region].row),
                   lambda s, p, c: ask(s, "row_discard", (p.seat,), p.seat, "TIE Bomber: discard a galaxy-row card",
                                       s.regions[p.region].row, c)),
    "Scout Trooper": (_galaxy_not_empty, _reveal("force")),
    "TIE Interceptor": (_galaxy_not_empty, _reveal("draw")),
    "AT-ST": (lambda s, p, c: bool(s.regions[p.region].row),
              lambda s, p, c: ask(s, "row_discard", (p.seat,), p.seat, "AT-ST: discard a galaxy-row card",
                                  s.regions[p.region].row, c)),
    "Landing Craft": (_always, _mode(_repair_or("resources4", "repair4"))),  # SW-CARD-LANDING
    "Moff Jerjerrod": (_galaxy_not_empty, _jerjerrod),
    # SW-CARD-VEERS: a Trooper or Vehicle of either teammate counts.
    "General Veers": (lambda s, p, c: any(_has_trait(s, u, "Trooper", "Vehicle") for u in team_units(s, p.team)),
                      _draw_n(1)),
    "Director Krennic": (_always, _krennic),
    "Gozanti Cruiser": (lambda s, p, c: bool(p.hand), _hand_then("gozanti")),  # SW-CARD-GOZANTI
    "AT-AT": (lambda s, p, c: discards_have(s, p, _is_trooper),
              lambda s, p, c: to_hand_from_discards(s, p, c, _is_trooper)),
    "Grand Moff Tarkin": (lambda s, p, c: row_has(s, p, _is_empire),
                          lambda s, p, c: free_buy(s, p, c, (EMPIRE,), "hand", optional=False, exile_end=1)),
    "Y-Wing": (lambda s, p, c: bool(enemy_bases(s, p)),
               _exile_self_then(lambda s, p, c: deal_damage_choice(s, p, 2, c))),
    "Snowspeeder": (_opp_has_hand, lambda s, p, c: opponent_discards(s, p, c)),
    "Duros Spy": (lambda s, p, c: _opp_has_hand(s, p, c) or can_gain_force(s, p.faction), _duros),
    "Rebel Transport": (_always, _mode(_repair_or("resources1", "repair2"))),  # SW-CARD-TRANSPORT
    "Rebel Commando": (_opp_has_hand, _commando),
    "X-Wing": (lambda s, p, c: fw(s, p), _draw_n(1)),
    "Jyn Erso": (_opp_has_hand, _jyn),
    # SW-CARD-CHEWIE: another unique unit of either teammate.
    "Chewbacca": (lambda s, p, c: any(s.cards[u].unique and u != c for u in team_units(s, p.team)), _draw_n(1)),
    "U-Wing": (lambda s, p, c: fw(s, p) and bool(damaged_team_bases(s, p)),
               lambda s, p, c: repair_choice(s, p, 3, c)),  # SW-CARD-UWING
    # SW-TEAM-4: its cost exiles the ship itself, so only its owner may use it, never the teammate.
    "Hammerhead Corvette": (lambda s, p, c: c in p.ships and bool(ship_targets(s, p, "enemy")),
                            _exile_self_then(lambda s, p, c: destroy_choice(s, p, c, "enemy"))),
    "Han Solo": (_always, _han),
    "B-Wing": (_always, _bwing),
    "Princess Leia": (lambda s, p, c: row_has(s, p, _is_rebel),
                      lambda s, p, c: free_buy(s, p, c, (REBEL,), "top" if fw(s, p) else None, optional=False)),
    "Millennium Falcon": (lambda s, p, c: discards_have(s, p, _is_unique_unit),
                          lambda s, p, c: to_hand_from_discards(s, p, c, _is_unique_unit)),
    "Luke Skywalker": (lambda s, p, c: fw(s, p) and bool(ship_targets(s, p, "none")),
                       lambda s, p, c: destroy_choice(s, p, c, "none")),
    # SW-CARD-Z95: any capital ship in the opposing team's shared zone.
    "Z-95 Headhunter": (lambda s, p, c: bool(team_ships(s, 1 - p.team)), _draw_n(1)),
    "Jawa Scavenger": (lambda s, p, c: bool(_jawa_options(s, p)), _jawa),
    # SW-CARD-KELDOR: only the player who played it, from their own cards.
    "Kel Dor Mystic": (lambda s, p, c: bool(p.hand or p.discard),
                       _exile_self_then(lambda s, p, c: push_exile(s, p, 1, c, "Kel Dor Mystic: exile", must=True))),
    "Twi'lek Smuggler": (_always, _twilek),
    "C-ROC Cruiser": (lambda s, p, c: bool(p.hand) and bool(damaged_team_bases(s, p)), _hand_then("croc")),
    "HWK-290": (lambda s, p, c: bool(damaged_team_bases(s, p)),
                _exile_self_then(lambda s, p, c: repair_choice(s, p, 4, c))),  # SW-CARD-HWK
    "Nebulon-B Frigate": (_always, _mode(_repair_or("resources3", "repair3"))),  # SW-CARD-NEBULON
    "Lando Calrissian": (_always, _lando),
    "Jabba's Sail Barge": (lambda s, p, c: discards_have(s, p, _is_bounty_hunter),
                           lambda s, p, c: to_hand_from_discards(s, p, c, _is_bounty_hunter)),
    "Jabba the Hutt": (lambda s, p, c: bool(p.hand), _hand_then("jabba")),
    # SW-CARD-DEATHSTAR: either teammate, each copy once per turn; the user pays.
    "Death Star": (lambda s, p, c: p.resources >= 4 and bool(ship_targets(s, p, "any")), _death_star),
}

#: Cards whose ability may be used by either teammate because they sit in the shared zone (SW-SHARED-4).
SHARED_ZONE_KINDS: Final = ("capital ship", "base")


# -- on play ------------------------------------------------------------------------------------
def _boost(amount: int) -> Effect:
    def run(state: SwdbgState, p: Player, card: int) -> None:
        options = [f"attack{amount}", f"resources{amount}"]
        if can_gain_force(state, p.faction):
            options.append(f"force{amount}")
        ask(state, "mode", (p.seat,), p.seat, f"{state.name(card)}: choose one", options, card)
    return run


ON_PLAY: Final[dict[str, Effect]] = {
    "Inquisitor": _boost(1),
    "Temple Guardian": _boost(1),
    "Lobot": _boost(2),
}


def on_play_neutral(state: SwdbgState, p: Player) -> None:
    """SW-CARD-BESPIN / SW-CARD-KAFRENE: the first neutral card played by either teammate draws 1 per copy."""
    for _, base in team_bases(state, p.team):
        if state.name(base) in ("Kafrene", "Bespin") and ("base", base) not in state.flags:
            state.flags.add(("base", base))
            draw(state, p, 1)


# -- rewards and "when ... defeats a target" --------------------------------------------------------
def _gain(resources: int = 0, force: int = 0) -> Effect:
    def run(state: SwdbgState, p: Player, card: int) -> None:
        if resources:
            p.resources += resources
            say(state, "resources", f"{label(state, p.seat)} gains {resources_text(resources)}", p.seat)
        gain_force(state, p, force)
    return run


def _reward_exile(n: int) -> Effect:
    return lambda s, p, c: push_exile(s, p, n, c, f"Reward of {s.name(c)}: exile")


def _reward_free_faction(state: SwdbgState, p: Player, card: int) -> None:
    free_buy(state, p, card, (p.faction,), None)


REWARDS: Final[dict[str, Effect]] = {
    "TIE Fighter": _gain(1), "TIE Bomber": _reward_exile(1), "Scout Trooper": _reward_exile(1),
    "Admiral Piett": _gain(force=1), "Death Trooper": _gain(force=2), "TIE Interceptor": _gain(3),
    "AT-ST": _reward_exile(2), "Landing Craft": _gain(4), "Moff Jerjerrod": _gain(force=3),
    "General Veers": _gain(force=3), "Boba Fett": _gain(3, 2), "Director Krennic": _gain(3, 2),
    "AT-AT": _reward_free_faction, "Grand Moff Tarkin": _gain(3, 3), "Darth Vader": _gain(4, 4),
    "Y-Wing": _gain(1), "Snowspeeder": _reward_exile(1), "Duros Spy": _reward_exile(1),
    "Baze Malbus": _gain(force=1), "Chirrut Imwe": _gain(force=2), "Rebel Commando": _gain(force=2),
    "X-Wing": _gain(3), "Jyn Erso": _gain(force=3), "Chewbacca": _gain(force=3), "U-Wing": _gain(4),
    "Han Solo": _gain(3, 2), "Cassian Andor": _gain(3, 2), "B-Wing": _reward_exile(2),
    "Princess Leia": _gain(3, 3), "Millennium Falcon": _reward_free_faction, "Luke Skywalker": _gain(4, 4),
}

ON_DEFEAT: Final[dict[str, Effect]] = {
    "Boba Fett": _draw_n(1),
    "Bossk": _gain(force=1),
    "Dengar": _gain(2),
    # SW-CARD-IG88: only the player who used IG-88 exiles, from their own cards.
    "IG-88": lambda s, p, c: push_exile(s, p, 1, c, "IG-88: exile"),
    "Cassian Andor": lambda s, p, c: opponent_discards(s, p, c),
}


# -- bases: reveal and start of turn ------------------------------------------------------------------
def _corellia(state: SwdbgState, p: Player, card: int) -> None:
    free_buy(state, p, card, (p.faction, NEUTRAL), "hand")


def _rodia(state: SwdbgState, p: Player, card: int) -> None:
    """SW-CARD-RODIA: count enemy cards in the resolver's row, deal that much to one enemy base, discard them."""
    enemy = REBEL if p.faction == EMPIRE else EMPIRE
    targets = [c for c in state.regions[p.region].row if state.cards[c].faction == enemy]
    if not targets:
        return
    bases = enemy_bases(state, p)
    if len(bases) > 1:
        ask(state, "rodia", (p.seat,), p.seat, f"Rodia: deal {len(targets)} damage to which enemy base?", bases, card)
        return
    if bases:
        _damage_base_card(state, p, bases[0], len(targets))
    if state.stage != "over":  # the game ends at once when the damage wins it: nothing else resolves
        _rodia_discard(state, p)


def _rodia_discard(state: SwdbgState, p: Player) -> None:
    enemy = REBEL if p.faction == EMPIRE else EMPIRE
    for c in [c for c in state.regions[p.region].row if state.cards[c].faction == enemy]:
        if c in state.regions[p.region].row:
            discard_from_row(state, p.region, c)


def _tatooine(state: SwdbgState, p: Player, card: int) -> None:
    p.resources += 1
    say(state, "resources", f"{label(state, p.seat)} gains 1 resource", p.seat)
    r = state.regions[p.region]
    rebels = [c for c in r.galaxy_discard if state.cards[c].faction == REBEL]
    if rebels and r.row:
        ask(state, "tatooine", (p.seat,), p.seat, "Tatooine: take which Rebel card from the galaxy discard pile?",
            [*rebels, "decline"], card)


def _coruscant(state: SwdbgState, p: Player, card: int) -> None:
    r = state.regions[p.region]
    if galaxy_top(state, p.region) is None:
        return
    top_two = tuple(r.galaxy_deck[-2:])  # with one card left, only that one is looked at
    ask(state, "coruscant", (p.seat,), p.seat,
        "Coruscant: keep which card on top of the galaxy deck? (the other is discarded)",
        list(top_two), card, top_two)


ON_REVEAL: Final[dict[str, Effect]] = {
    # SW-CARD-CORELLIA / SW-CARD-MONCALA / SW-CARD-TATOOINE / SW-CARD-RODIA: the team picks the resolver.
    "Corellia": lambda s, p, c: who_resolves(s, p, "corellia", c, "Corellia"),
    "Mon Cala": lambda s, p, c: who_resolves(s, p, "corellia", c, "Mon Cala"),
    # SW-CARD-KESSEL / SW-CARD-DAGOBAH: only the player who selected it, from their own cards.
    "Kessel": lambda s, p, c: push_exile(s, p, 3, c, "Kessel: exile"),
    "Dagobah": lambda s, p, c: push_exile(s, p, 3, c, "Dagobah: exile"),
    "Mustafar": _gain(force=4),
    "Alderaan": _gain(force=4),
    "Rodia": lambda s, p, c: who_resolves(s, p, "rodia", c, "Rodia"),
    "Tatooine": lambda s, p, c: who_resolves(s, p, "tatooine", c, "Tatooine"),
}

#: effects run later: from the deferred queue or after a "who resolves" choice
EFFECTS: Final[dict[str, Effect]] = {
    "corellia": _corellia,
    "rodia": _rodia,
    "tatooine": _tatooine,
    "coruscant": _coruscant,
    # SW-CARD-YAVIN: the Yavin 4 may be the teammate's; it must still be in play when this resolves.
    "yavin": lambda s, p, c: deal_damage_choice(s, p, 2, c, optional=True)
    if any(b == c for _, b in team_bases(s, p.team)) else None,
}


# -- answers to pending choices -----------------------------------------------------------------
def _h_exile(state: SwdbgState, pend: Pending, value: Any) -> None:
    p = state.players[pend.actor]
    if value == "done":
        return
    exile(state, value, p.hand if value in p.hand else p.discard)
    left = pend.get("left", 1) - 1
    if left > 0:
        push_exile(state, p, left, pend.card, f"{state.name(pend.card) if pend.card is not None else ''}: exile")


def _h_mode(state: SwdbgState, pend: Pending, value: Any) -> None:
    p = state.players[pend.actor]
    card = pend.card
    assert card is not None  # a mode choice always comes from a card
    kind = value.rstrip("0123456789")
    amount = int(value[len(kind):])
    if kind == "attack":
        state.bonus[card] = state.bonus.get(card, 0) + amount
        say(state, "boost", f"{state.name(card)} gains {amount} attack", p.seat)
    elif kind == "resources":
        _gain(amount)(state, p, card)
    elif kind == "force":
        gain_force(state, p, amount)
    elif kind == "repair":
        repair_choice(state, p, amount, card)


def _h_row_discard(state: SwdbgState, pend: Pending, value: Any) -> None:
    discard_from_row(state, state.players[pend.actor].region, value)


def _h_free_buy(state: SwdbgState, pend: Pending, value: Any) -> None:
    if value == "decline":
        return
    p = state.players[pend.actor]
    purchase(state, p, value, "row", free=True, dest=pend.get("dest"), exile_at_end=bool(pend.get("exile_end")))


def _h_discard(state: SwdbgState, pend: Pending, value: Any) -> None:
    discard_from_hand(state, state.players[pend.actor], value)


def _h_duros(state: SwdbgState, pend: Pending, value: Any) -> None:
    victim = state.players[pend.actor]
    if value == "force":
        gain_force(state, regional_opponent(state, victim), 1)
    else:
        discard_from_hand(state, victim, value)


def _h_bwing(state: SwdbgState, pend: Pending, value: Any) -> None:
    if value == "attack":
        assert pend.card is not None
        state.bonus[pend.card] = state.bonus.get(pend.card, 0) + 2
        say(state, "boost", "B-Wing gains 2 attack")
    else:
        discard_from_hand(state, state.players[pend.actor], value)


def _h_jyn(state: SwdbgState, pend: Pending, value: Any) -> None:
    victim = regional_opponent(state, state.players[pend.actor])
    victim.hand.remove(value)
    victim.deck.append(value)
    say(state, "jyn", f"Jyn Erso puts a card from {label(state, victim.seat)}'s hand on top of their deck")


def _h_jerjerrod(state: SwdbgState, pend: Pending, value: Any) -> None:
    if value == "keep":
        return
    p = state.players[pend.actor]
    r = state.regions[p.region]
    top = r.galaxy_deck.pop()
    slot = r.row.index(value)
    r.row[slot] = top
    r.galaxy_deck.append(value)
    say(state, "swap", f"Moff Jerjerrod swaps {state.name(value)} with {state.name(top)} from the galaxy deck")


def _h_to_hand(state: SwdbgState, pend: Pending, value: Any) -> None:
    owner = next(q for q in state.players if value in q.discard)
    owner.discard.remove(value)
    owner.hand.append(value)
    say(state, "to_hand", f"{label(state, owner.seat)} adds {state.name(value)} from the discard pile to hand", owner.seat)


def _h_hand_then(state: SwdbgState, pend: Pending, value: Any) -> None:
    p = state.players[pend.actor]
    then = pend.get("then")
    if then == "jabba":
        exile(state, value, p.hand)
        draw(state, p, 2 if fw(state, p) else 1)
    else:
        p.hand.remove(value)
        p.discard.append(value)
        say(state, "discard", f"{label(state, p.seat)} discards {state.name(value)}", p.seat)
        if then == "gozanti":
            draw(state, p, 1)
        else:  # C-ROC: SW-CARD-CROC, either team base
            repair_choice(state, p, 3, pend.card)  # type: ignore[arg-type]


def _h_repair(state: SwdbgState, pend: Pending, value: Any) -> None:
    repair(state, value, pend.get("amount"))


def _h_deal_damage(state: SwdbgState, pend: Pending, value: Any) -> None:
    if value != "decline":
        _damage_base_card(state, state.players[pend.actor], value, pend.get("amount"))


def _h_destroy_ship(state: SwdbgState, pend: Pending, value: Any) -> None:
    p = state.players[pend.actor]
    for q in state.players:
        if value in q.ships:
            destroy_ship(state, q, value)
            return
    remove_row = state.regions[p.region]
    if value in remove_row.row:
        discard_from_row(state, p.region, value)
        say(state, "ship_destroyed", f"{state.name(value)} is destroyed in the galaxy row")


def _h_who(state: SwdbgState, pend: Pending, value: Any) -> None:
    EFFECTS[pend.get("effect")](state, state.players[value], pend.card if pend.card is not None else -1)


def _h_rodia(state: SwdbgState, pend: Pending, value: Any) -> None:
    p = state.players[pend.actor]
    enemy = REBEL if p.faction == EMPIRE else EMPIRE
    count = sum(1 for c in state.regions[p.region].row if state.cards[c].faction == enemy)
    _damage_base_card(state, p, value, count)
    if state.stage != "over":
        _rodia_discard(state, p)


def _h_tatooine(state: SwdbgState, pend: Pending, value: Any) -> None:
    if value == "decline":
        return
    p = state.players[pend.actor]
    ask(state, "tatooine_row", (p.seat,), p.seat, f"Tatooine: swap {state.name(value)} with which galaxy-row card?",
        state.regions[p.region].row, pend.card, take=value)


def _h_tatooine_row(state: SwdbgState, pend: Pending, value: Any) -> None:
    r = state.regions[state.players[pend.actor].region]
    take = pend.get("take")
    slot = r.row.index(value)
    r.galaxy_discard.remove(take)
    r.row[slot] = take
    r.galaxy_discard.append(value)
    say(state, "swap", f"Tatooine swaps {state.name(value)} in the galaxy row with {state.name(take)}")


def _h_coruscant(state: SwdbgState, pend: Pending, value: Any) -> None:
    r = state.regions[state.players[pend.actor].region]
    for c in pend.shown:
        if c != value:
            r.galaxy_deck.remove(c)
            r.galaxy_discard.append(c)
            say(state, "discard_row", f"Coruscant discards {state.name(c)} from the galaxy deck")
    if r.galaxy_deck and r.galaxy_deck[-1] != value:
        r.galaxy_deck.remove(value)
        r.galaxy_deck.append(value)


def _h_jawa(state: SwdbgState, pend: Pending, value: Any) -> None:
    purchase(state, state.players[pend.actor], value, "galaxy_discard")


HANDLERS: Final[dict[str, Handler]] = {
    "exile": _h_exile, "mode": _h_mode, "row_discard": _h_row_discard, "free_buy": _h_free_buy,
    "discard": _h_discard, "duros": _h_duros, "bwing": _h_bwing, "jyn": _h_jyn, "jerjerrod": _h_jerjerrod,
    "to_hand": _h_to_hand, "hand_then": _h_hand_then, "repair": _h_repair, "deal_damage": _h_deal_damage,
    "destroy_ship": _h_destroy_ship, "who": _h_who, "rodia": _h_rodia, "tatooine": _h_tatooine,
    "tatooine_row": _h_tatooine_row, "coruscant": _h_coruscant, "jawa": _h_jawa,
}

EFFECTS["defeat"] = lambda s, p, c: ON_DEFEAT[s.name(c)](s, p, c)
