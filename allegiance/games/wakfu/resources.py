"""Resources (418, 803): which cards the player may incline for which element, whether symbols can be
paid, the launch cost of a card, and crafting with a Recette (305.4, 418.6).  Questions about the state
only: paying itself (inclining, in order, as decisions) is in ``pay``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from allegiance.games.wakfu import rules
from allegiance.games.wakfu.state import Item, WakfuState

#: resource powers (803): these cards produce the named element instead of their own when inclined
RESOURCE_POWERS = {"Piou Vert": "Terre", "Piou Rouge": "Feu", "Piou Jaune": "Air", "Piou Bleu": "Eau"}
#: the cards in play whose controller's resource cards produce the element of his choice (Laboratoire d'Otomaï);
#: such a resource is written ``ANY`` and fills any symbol (418.5)
ANY_ELEMENT_SOURCES = frozenset({"Laboratoire d'Otomaï"})
ANY = "*"


ELEMENTS = ("Air", "Terre", "Feu", "Eau")


def producers(state: WakfuState, seat: int, exclude: tuple[int, ...] = ()) -> list[tuple[int, str]]:
    """(card, element) for every card the seat may incline for a resource now (418.1; not Protecteurs).
    The second player's Havre Sac counts twice on his first turn (306.4)."""
    p = state.players[seat]
    tapped = state.tapped
    cards = state.cards
    powers = RESOURCE_POWERS
    # plain loops over the two zones in turn (no concatenated copy, no call per card, no comprehension: each
    # made a function and cells at every call): this runs for every legal-action list and every payment step;
    # the rarer filters below keep the order
    out = []
    for zone in (p.monde, p.havre):
        for c in zone:
            if c not in tapped:
                d = cards[c]
                if d.type != "Protecteur":
                    out.append((c, powers[d.name] if d.name in powers else d.element))
    if exclude:
        out = _excluding(out, exclude)
    cb = state.combat
    if cb is not None and cb.step == "actions" and (cb.blockers or cb.attackers):  # else no card is tackled
        out = _untackled(state, out)
    for c in p.havre:  # any_element, inlined (a Salle: in the Havre Sac)
        if cards[c].name in ANY_ELEMENT_SOURCES:
            out = [(pc, ANY) for pc, _ in out]
            break
    # sac_twice, inlined: the second player's first turn, the Havre Sac not yet inclined for a resource
    if seat != state.first and p.turns == 1 and state.active == seat and ("sac_twice", seat) not in state.flags:
        for k, pr in enumerate(out):
            if pr[0] == p.sac:
                out.insert(k + 1, pr)
                break
    return out


def _excluding(prods: list[tuple[int, str]], exclude: tuple[int, ...]) -> list[tuple[int, str]]:
    """The producers but the cards of ``exclude``."""
    return [pr for pr in prods if pr[0] not in exclude]


def _untackled(state: WakfuState, prods: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The producers that no Tacle holds (``_tackled``; only a card in the combat may be tackled)."""
    cb = state.combat
    assert cb is not None
    out = []
    for pr in prods:
        if not ((pr[0] in cb.blockers or pr[0] in cb.attackers) and _tackled(state, pr[0])):
            out.append(pr)
    return out


def produced(state: WakfuState, seat: int, card: int) -> str:
    """The element a card of the seat produces when inclined (803), ``ANY`` under Laboratoire d'Otomaï."""
    if any_element(state, seat):
        return ANY
    return RESOURCE_POWERS.get(state.cards[card].name, state.cards[card].element)


def any_element(state: WakfuState, seat: int) -> bool:
    """Laboratoire d'Otomaï (its text): while the seat controls one in play, every card of his that produces a
    resource produces one of the element of his choice."""
    cards = state.cards
    for c in state.players[seat].havre:  # a Salle: in the Havre Sac
        if cards[c].name in ANY_ELEMENT_SOURCES:
            return True
    return False


def sac_twice(state: WakfuState, seat: int) -> bool:
    """306.4: the second player's first turn, the Havre Sac not yet inclined for a resource this game."""
    p = state.players[seat]
    return seat != state.first and p.turns == 1 and state.active == seat and ("sac_twice", seat) not in state.flags


def _tackled(state: WakfuState, card: int) -> bool:
    """806.13 Tacle: no inclining while blocking or blocked by a Tacle card (no Incarnam starter has Tacle)."""
    cb = state.combat
    if cb is None or cb.step not in ("actions",):
        return False
    if card in cb.blockers:
        return rules.has_keyword(state, cb.blockers[card], "Tacle")
    if card in cb.attackers:
        for b, a in cb.blockers.items():
            if a == card and rules.has_keyword(state, b, "Tacle"):
                return True
    return False


def feasible(need: Sequence[str], prods: list[tuple[int, str]]) -> bool:
    """Whether the produced elements can cover the symbols: each element symbol needs its element, a
    Neutre symbol takes anything (418.5)."""
    if len(need) > len(prods):
        return False
    if need.count("Neutre") == len(need):  # Neutre takes anything: enough producers is enough
        return True
    made: dict[str, int] = {}  # element -> how many producers make it
    for _, pe in prods:
        made[pe] = made.get(pe, 0) + 1
    # an ANY resource fills any symbol: the element symbols its own producers cannot cover are taken from them
    wild = made.get(ANY, 0)
    for e in set(need):
        if e == "Neutre":
            continue
        short = need.count(e) - made.get(e, 0)
        if short > 0:
            wild -= short
            if wild < 0:
                return False
    return True  # the rest (Neutre symbols and the spare resources) match, as len(need) <= len(prods)


def cost_symbols(state: WakfuState, card: int, x: int) -> list[str]:
    """The launch cost of a card (418.4a, 418.5b): Niveau symbols, one of them the Allié's element."""
    d = state.cards[card]
    n = x if d.x_cost else d.level
    if d.type == "Équipement":
        n += equipment_tax(state)
    if d.type == "Allié" and n > 0 and d.cost_element != "Neutre":
        return [d.cost_element] + ["Neutre"] * (n - 1)
    return ["Neutre"] * n


def cost_payable(state: WakfuState, card: int, prods: list[tuple[int, str]], extra: int = 0) -> bool:
    """``feasible(cost_symbols(state, card, 0) + ["Neutre"] * extra, prods)``, without building either list:
    the legal-action list asks it of every card in hand.  A launch cost is Neutre symbols and, for an Allié,
    one symbol of its element (418.5b), so it is payable when there are enough producers and one of them
    makes that element or any element (``ANY``).  Change it together with :func:`cost_symbols`."""
    d = state.cards[card]
    n = 0 if d.x_cost else d.level
    if d.type == "Équipement":
        n += equipment_tax(state)
    if n + extra > len(prods):
        return False
    if d.type != "Allié" or n <= 0 or d.cost_element == "Neutre":
        return True  # Neutre symbols only: enough producers is enough
    element = d.cost_element
    for _, pe in prods:
        if pe == element or pe == ANY:
            return True
    return False


def equipment_tax(state: WakfuState) -> int:
    """Erbus Erport: while it is untapped in the Monde, Équipements cost one Neutre more, crafted ones too
    (its ruling)."""
    if not rules.in_game(state, "Erbus Erport"):
        return 0
    n = 0
    for p in state.players:
        for c in p.monde:
            if state.cards[c].name == "Erbus Erport" and c not in state.tapped:
                n += 1
    return n


#: Salles inclined instead of an Artisan of a Métier to craft a card of a subtype (Forge de Deudoiné: a Forgeron
#: for an Arme)
ARTISAN_SALLES = {"Forge de Deudoiné": ("Forgeron", "Arme")}


def artisans(state: WakfuState, seat: int, metier: str, card: int | None = None) -> list[int]:
    """Untapped Alliés/Héros of the seat with the Métier (401.4), printed or gained (Amar Casto); for crafting
    ``card``, the untapped Salles that may be inclined instead (Forge de Deudoiné for an Arme)."""
    p = state.players[seat]
    out = [c for c in p.monde + p.havre if rules.is_character(state, c) and c not in state.tapped
           and (metier in rules.cd(state, c).metiers or (c, "metier", metier) in {(m[0], m[1], m[2]) for m in state.mods})]
    if card is not None:
        subtypes = state.cards[card].subtypes
        for c in p.havre:
            instead = ARTISAN_SALLES.get(state.cards[c].name)
            if instead is not None and instead[0] == metier and instead[1] in subtypes and c not in state.tapped:
                out.append(c)
    return out


def recipe_cards(state: WakfuState, seat: int, element: str, chosen: list[Any] = ()) -> list[int]:  # type: ignore[assignment]
    return [c for c in state.players[seat].defausse if c not in chosen
            and (element == "Neutre" or state.cards[c].element == element or rules.of_element(state, c, element))]


def craftable(state: WakfuState, seat: int, card: int) -> bool:
    """305.4 / 418.6: an Artisan with the Métier to incline and enough cards of the element to recycle."""
    r = state.cards[card].recipe
    if r is None or not artisans(state, seat, r.metier, card) or len(recipe_cards(state, seat, r.element)) < r.count:
        return False
    tax = equipment_tax(state)  # paid after the Recette, by other cards than the Artisan
    return not tax or len(producers(state, seat)) > tax


def pay_options(state: WakfuState, item: Item) -> list[Any]:
    """The cards whose inclining keeps the rest of the cost payable (and "craft" when the Recette can pay)."""
    prods = producers(state, item.seat)
    out: list[Any] = []
    if item.kind == "card" and not item.inclined and craftable(state, item.seat, item.card):
        out.append("craft")
    seen: set[int] = set()
    need = item.need
    if need and need.count("Neutre") == len(need):
        # any resource fills a Neutre symbol, so every producer leaves a payable rest exactly when there
        # are enough producers (what the general case below finds, without its copies)
        if len(need) <= len(prods):
            for c, _ in prods:
                if c not in seen:
                    out.append(c)
                    seen.add(c)
        return out
    # whether the rest stays payable depends on a producer only through its element (feasible counts the
    # elements of the others): one test per element
    payable: dict[str, bool] = {}
    for i, (c, e) in enumerate(prods):
        if c in seen:
            continue
        ok = payable.get(e)
        if ok is None:
            rest = fill(need, e)
            ok = payable[e] = rest is not None and feasible(rest, prods[:i] + prods[i + 1:])
        if ok:
            out.append(c)
            seen.add(c)
    return out


def fill(need: list[str], element: str) -> list[str] | None:
    """The symbols left once one resource of ``element`` paid one (an ``ANY`` resource pays an element
    symbol first)."""
    rest = need[:]
    if element == ANY:
        if not rest:
            return None
        rest.remove(next((e for e in rest if e != "Neutre"), rest[0]))
        return rest
    if element in rest:
        rest.remove(element)
    elif "Neutre" in rest:
        rest.remove("Neutre")
    else:
        return None
    return rest
