"""Playing a card or a paid power (808.2): announce, choose where / X / targets, pay additional costs,
then produce resources by inclining cards (418, 803), each as a decision of the player.

The card goes into the File d'Attente at once (808.2a); if the player cancels before the cost is paid
everything is undone (808.2: "if any step fails").  An Allié needs at least one resource of its element
(418.5b); other cards take any element (418.5c); a power's symbols each need their element (418.5d).
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import effects, rules
from allegiance.games.wakfu.state import Item, Pending, WakfuState

#: resource powers (803): these cards produce the named element instead of their own when inclined
RESOURCE_POWERS = {"Piou Vert": "Terre", "Piou Rouge": "Feu", "Piou Jaune": "Air", "Piou Bleu": "Eau"}
ELEMENTS = ("Air", "Terre", "Feu", "Eau")


# -- resources -----------------------------------------------------------------------------------------
def producers(state: WakfuState, seat: int, exclude: tuple[int, ...] = ()) -> list[tuple[int, str]]:
    """(card, element) for every card the seat may incline for a resource now (418.1; not Protecteurs).
    The second player's Havre Sac counts twice on his first turn (306.4)."""
    p = state.players[seat]
    out = []
    tapped = state.tapped
    cards = state.cards
    cb = state.combat
    tackle = cb is not None and cb.step == "actions"  # else no card is tackled (_tackled)
    for c in p.monde + p.havre:
        if c in tapped or c in exclude:
            continue
        d = cards[c]
        if d.type == "Protecteur":
            continue
        if tackle and _tackled(state, c):
            continue
        element = RESOURCE_POWERS.get(d.name, d.element)
        out.append((c, element))
        if c == p.sac and sac_twice(state, seat):
            out.append((c, element))
    return out


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
        return any(a == card and rules.has_keyword(state, b, "Tacle") for b, a in cb.blockers.items())
    return False


def feasible(need: list[str], prods: list[tuple[int, str]]) -> bool:
    """Whether the produced elements can cover the symbols: each element symbol needs its element, a
    Neutre symbol takes anything (418.5)."""
    if len(need) > len(prods):
        return False
    if need.count("Neutre") == len(need):  # Neutre takes anything: enough producers is enough
        return True
    spare = len(prods)
    for e in set(need):
        if e == "Neutre":
            continue
        k = need.count(e)
        if k > sum(1 for _, pe in prods if pe == e):
            return False
        spare -= k
    return need.count("Neutre") <= spare


def cost_symbols(state: WakfuState, card: int, x: int) -> list[str]:
    """The launch cost of a card (418.4a, 418.5b): Niveau symbols, one of them the Allié's element."""
    d = state.cards[card]
    n = x if d.x_cost else d.level
    if d.type == "Allié" and n > 0 and d.cost_element != "Neutre":
        return [d.cost_element] + ["Neutre"] * (n - 1)
    return ["Neutre"] * n


def artisans(state: WakfuState, seat: int, metier: str) -> list[int]:
    """Untapped Alliés/Héros of the seat with the Métier (401.4), printed or gained (Amar Casto)."""
    p = state.players[seat]
    return [c for c in p.monde + p.havre if rules.is_character(state, c) and c not in state.tapped
            and (metier in rules.cd(state, c).metiers or (c, "metier", metier) in {(m[0], m[1], m[2]) for m in state.mods})]


def recipe_cards(state: WakfuState, seat: int, element: str, chosen: list[Any] = ()) -> list[int]:  # type: ignore[assignment]
    return [c for c in state.players[seat].defausse if c not in chosen
            and (element == "Neutre" or state.cards[c].element == element)]


def craftable(state: WakfuState, seat: int, card: int) -> bool:
    """305.4 / 418.6: an Artisan with the Métier to incline and enough cards of the element to recycle."""
    r = state.cards[card].recipe
    return r is not None and bool(artisans(state, seat, r.metier)) and len(recipe_cards(state, seat, r.element)) >= r.count


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
    for i, (c, e) in enumerate(prods):
        if c in seen:
            continue
        rest = _fill(item.need, e)
        if rest is None:
            continue
        if feasible(rest, prods[:i] + prods[i + 1:]):
            out.append(c)
            seen.add(c)
    return out


def _fill(need: list[str], element: str) -> list[str] | None:
    rest = need[:]
    if element in rest:
        rest.remove(element)
    elif "Neutre" in rest:
        rest.remove("Neutre")
    else:
        return None
    return rest


def incline_for(state: WakfuState, item: Item, card: int) -> None:
    """Incline one card to produce its resource (803: no File, no Réaction)."""
    seat = item.seat
    element = RESOURCE_POWERS.get(state.name(card), state.cards[card].element)
    rest = _fill(item.need, element)
    assert rest is not None
    item.need = rest
    p = state.players[seat]
    if card == p.sac and sac_twice(state, seat):
        state.flags.add(("sac_twice", seat))  # 306.4: it is inclined and untapped at once
        item.inclined.append(-1 - card)  # remembered so that a cancel gives the free untap back
        rules.say(state, "resource", f"{rules.label(state, seat)} inclines {state.name(card)} for {element} "
                  "and untaps it (306.4)", seat, card=card)
        return
    rules.incline(state, card)
    item.inclined.append(card)
    rules.say(state, "resource", f"{rules.label(state, seat)} inclines {state.name(card)} for {element}", seat,
              card=card)


# -- the announcement -------------------------------------------------------------------------------------
def announce(state: WakfuState, seat: int, card: int, power: int | None = None) -> None:
    """808.2a: a card from hand (or a paid power of a card in play) enters the File d'Attente."""
    if power is None or card in state.players[seat].main:
        state.players[seat].main.remove(card)
        effect = state.name(card) if power is None else effects.HAND_POWERS[state.name(card)].name
        item = Item("card", seat, card, effect)
        rules.say(state, "announce", f"{rules.label(state, seat)} plays {state.name(card)}", seat, card=card)
    else:
        pw = choices.powers_of(state, card)[power]
        item = Item("power", seat, card, pw.name, power=power, source_zone=rules.where(state, card))
        rules.say(state, "announce", f"{rules.label(state, seat)} uses {state.name(card)}: {pw.text}", seat,
                  card=card)
    state.file.append(item)
    proceed(state)


def current(state: WakfuState) -> Item:
    """The item being announced: the last unpaid one.  Triggers that fire while it is being paid (a
    Glyphe's damage, a Prespic strike) go to the File above it and resolve after it is played (804.7)."""
    for item in reversed(state.file):
        if not item.paid:
            return item
    raise AssertionError("no card or power is being announced")  # pragma: no cover


def proceed(state: WakfuState) -> None:
    """Ask the next announcement choice of the unpaid item, or finish it."""
    item = current(state)
    spec = choices.spec_of(state, item)
    d = state.cards[item.card]
    if item.step == "place":
        item.step = "x"
        if item.kind == "card" and not spec.alternative:
            places = choices.places(state, item.seat, item.card)
            if d.type in ("Allié", "Équipement", "Dofus") and len(places) > 1:
                state.pending.append(Pending("place", item.seat, f"Where does {d.name} appear?",
                                             tuple(places), item.card))
                return
            item.place = str(places[0]) if places else ""
    if item.step == "x":
        item.step = "targets"
        if spec.x:
            state.pending.append(Pending("x", item.seat, f"Choose X for {d.name}", tuple(choices.x_options(state, item)),
                                         item.card))
            return
    if item.step == "targets":
        slots = [spec.targets[0]] * item.x if spec.split else list(spec.targets)
        if len(item.targets) < len(slots):
            options = choices.candidates(state, item, slots[len(item.targets)])
            if not options:  # 808.2: a step that cannot be done undoes the whole announcement
                cancel(state)
                return
            state.pending.append(Pending("target", item.seat, f"{d.name}: choose {slots[len(item.targets)]}",
                                         tuple(options), item.card))
            return
        item.step = "extra"
    if item.step == "extra":
        if spec.extra and choices.extra_step(state, item):
            if not state.pending[-1].options:
                # 808.2: an additional cost that can no longer be paid (the Allié it would incline died when
                # the card left the hand, Vrombyx) undoes the announcement, as a missing target does
                state.pending.pop()
                cancel(state)
            return
        start_payment(state, item)
    if item.step == "pay":
        if item.need:
            state.pending.append(Pending("pay", item.seat, f"Pay for {d.name}: still {', '.join(item.need)}",
                                         (*pay_options(state, item), "cancel"), item.card))
            return
        finish(state, item)


def start_payment(state: WakfuState, item: Item) -> None:
    """808.2f: the total cost: the Niveau of a card (or an alternative cost a card names), or a power's
    symbols plus X; a power's Incliner symbol inclines its card now (802)."""
    spec = choices.spec_of(state, item)
    item.step = "pay"
    if item.kind == "card" and not spec.alternative:
        item.need = cost_symbols(state, item.card, item.x)
    else:
        item.need = list(spec.cost) + ["Neutre"] * item.x
        if spec.incline:
            rules.incline(state, item.card)  # the Incliner symbol (802)
            item.inclined.append(item.card)


def finish(state: WakfuState, item: Item) -> None:
    """808.2h: the card or power is played; each player may react once, the opponent first (809.6)."""
    item.step = "done"
    item.paid = True
    from allegiance.games.wakfu.teams import after
    item.to_ask = after(state, item.seat)  # 809.6; in teams every player, in turn order (WK-GOLD-2)
    if item.kind == "card":
        state.players[item.seat].drew_or_played = True
    choices.after_paid(state, item)


def cancel(state: WakfuState) -> None:
    """Undo the announcement (808.2): untap what was inclined, the card back to hand, extra costs back."""
    item = current(state)
    state.file = [i for i in state.file if i is not item]
    for c in item.inclined:
        if c < 0:
            state.flags.discard(("sac_twice", item.seat))
        else:
            state.tapped.discard(c)
    choices.undo_extra(state, item)
    if item.kind == "card":
        state.players[item.seat].main.append(item.card)
    rules.say(state, "cancel", f"{rules.label(state, item.seat)} takes back {state.name(item.card)}", item.seat)


def answer(state: WakfuState, pend: Pending, value: Any) -> None:
    """Continue the announcement with the answer to a place / x / target / pay choice."""
    item = current(state)
    if pend.kind == "place":
        item.place = str(value)
    elif pend.kind == "x":
        item.x = int(value)
    elif pend.kind == "target":
        item.targets.append(value)
    elif pend.kind == "pay":
        if value == "cancel":
            cancel(state)
            return
        if value == "craft":
            r = state.cards[item.card].recipe
            assert r is not None
            state.pending.append(Pending("craft", item.seat, f"Fabriquer {state.name(item.card)}: incline a "
                                         f"{r.metier}", (*artisans(state, item.seat, r.metier), "cancel"), item.card))
            return
        incline_for(state, item, int(value))
    elif pend.kind == "craft":
        if value == "cancel":
            cancel(state)
            return
        r = state.cards[item.card].recipe
        assert r is not None
        if not item.crafted:  # the Artisan (418.6)
            rules.incline(state, int(value))
            item.inclined.append(int(value))
            item.crafted = True
            item.need = []
        else:
            item.extra.append(int(value))
        if len(item.extra) < r.count:
            state.pending.append(Pending("craft", item.seat, f"Fabriquer {state.name(item.card)}: recycle a "
                                         f"{r.element} card from your Défausse ({r.count - len(item.extra)} left)",
                                         (*recipe_cards(state, item.seat, r.element, item.extra), "cancel"),
                                         item.card))
            return
    proceed(state)


# choices imports this module: bound once both exist (an import inside the functions cost a lookup
# through the import machinery on every call)
from allegiance.games.wakfu import choices  # noqa: E402
