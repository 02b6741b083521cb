"""Playing a card or a paid power (808.2): announce, choose where / X / targets, pay additional costs,
then produce resources by inclining cards (418, 803), each as a decision of the player.

The card goes into the File d'Attente at once (808.2a); if the player cancels before the cost is paid
everything is undone (808.2: "if any step fails").  An Allié needs at least one resource of its element
(418.5b); other cards take any element (418.5c); a power's symbols each need their element (418.5d).
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import choices, combat, effects, events, rules, teams
from allegiance.games.wakfu.choices import DESTROY_REMEMBERED, inclines_extra
from allegiance.games.wakfu.registry import CARD_PLAYED, Spec
from allegiance.games.wakfu.resources import (
    artisans,
    cost_symbols,
    equipment_tax,
    fill,
    pay_options,
    produced,
    recipe_cards,
    sac_twice,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def incline_for(state: WakfuState, item: Item, card: int) -> None:
    """Incline one card to produce its resource (803: no File, no Réaction)."""
    seat = item.seat
    element = produced(state, seat, card)
    name = state.cards[card].name
    rest = fill(item.need, element)
    assert rest is not None
    item.need = rest
    p = state.players[seat]
    if card == p.sac and sac_twice(state, seat):
        state.flags.add(("sac_twice", seat))  # 306.4: it is inclined and untapped at once
        item.inclined.append(-1 - card)  # remembered so that a cancel gives the free untap back
        rules.say(state, "resource", f"{rules.label(state, seat)} inclines {name} for {element} "
                  "and untaps it (306.4)", seat, card=card)
        return
    events.incline(state, card)
    item.inclined.append(card)
    shown = "an element of their choice" if element == "*" else element
    rules.say(state, "resource", f"{rules.label(state, seat)} inclines {name} for {shown}", seat,
              card=card)


# -- the announcement -------------------------------------------------------------------------------------
def announce(state: WakfuState, seat: int, card: int, power: int | None = None) -> None:
    """808.2a: a card from hand (or a paid power of a card in play) enters the File d'Attente."""
    name = state.cards[card].name
    if power is None or card in state.players[seat].main:
        hand = state.players[seat].main
        at = hand.index(card)
        hand.remove(card)
        effect = name if power is None else effects.HAND_POWERS[name].name
        item = Item("card", seat, card, effect, hand_at=at)
        rules.say(state, "announce", f"{rules.label(state, seat)} plays {name}", seat, card=card)
    else:
        pw = choices.powers_of(state, card)[power]
        item = Item("power", seat, card, pw.name, power=power, source_zone=rules.where(state, card))
        rules.say(state, "announce", f"{rules.label(state, seat)} uses {name}: {pw.text}", seat,
                  card=card)
    state.file.append(item)
    proceed(state)


def react(state: WakfuState, seat: int, value: Any) -> None:
    """A Réaction (809): a card from hand, a Réaction power ("use:card:power") or a hand power ("hand:card");
    "pass" does nothing."""
    if value == "pass":
        return
    if isinstance(value, str) and value.startswith("use:"):
        _, card, power = value.split(":")
        announce(state, seat, int(card), int(power))
    elif isinstance(value, str) and value.startswith("hand:"):
        announce(state, seat, int(value.split(":")[1]), 0)
    else:
        announce(state, seat, int(value))


def current(state: WakfuState) -> Item:
    """The item being announced: the last unpaid one.  Triggers that fire while it is being paid (a
    Glyphe's damage, a Prespic strike) go to the File above it and resolve after it is played (804.7)."""
    for item in reversed(state.file):
        if not item.paid:
            return item
    raise AssertionError("no card or power is being announced")  # pragma: no cover


def proceed(state: WakfuState) -> None:
    """Ask the next announcement choice of the unpaid item, or finish it."""
    for item in reversed(state.file):  # current(), inlined: the last unpaid item
        if not item.paid:
            break
    else:  # pragma: no cover - proceed is only called while an item is being announced
        raise AssertionError("no card or power is being announced")
    spec = choices.spec_of(state, item)
    d = state.cards[item.card]
    if item.step == "place":
        item.step = "x"
        if item.kind == "card" and not spec.alternative:
            places = choices.places(state, item.seat, item.card)
            if d.type in ("Allié", "Équipement", "Dofus") and len(places) > 1:
                state.pending.append(Pending("place", item.seat, f"Where does {d.name} appear?",
                                             (*places, "cancel"), item.card))
                return
            item.place = str(places[0]) if places else ""
    if item.step == "x":
        item.step = "targets"
        if spec.x:
            state.pending.append(Pending("x", item.seat, f"Choose X for {d.name}",
                                         (*choices.x_options(state, item), "cancel"), item.card))
            return
    if item.step == "targets":
        slots = [spec.targets[0]] * item.x if spec.split else list(spec.targets)
        if len(item.targets) < len(slots):
            options = choices.candidates(state, item, slots[len(item.targets)])
            if not options:  # 808.2: a step that cannot be done undoes the whole announcement
                cancel(state)
                return
            # 808.2: until the cost is paid the player may take the card back ("cancel"), even when its only
            # target is one of their own cards (Agression on their own Héros is legal, never forced)
            state.pending.append(Pending("target", item.seat, f"{d.name}: choose {slots[len(item.targets)]}",
                                         (*options, "cancel"), item.card))
            return
        item.step = "extra"
    if item.step == "extra":
        if spec.extra and choices.extra_step(state, item):
            if state.pending[-1].options in ((), ("cancel",)):
                # 808.2: an additional cost that can no longer be paid (the Allié it would incline died when
                # the card left the hand, Vrombyx) undoes the announcement, as a missing target does
                state.pending.pop()
                cancel(state)
            return
        start_payment(state, item, spec)
    if item.step == "pay":
        if item.need:
            state.pending.append(Pending("pay", item.seat, f"Pay for {d.name}: still {', '.join(item.need)}",
                                         (*pay_options(state, item), "cancel"), item.card))
            return
        finish(state, item)


def start_payment(state: WakfuState, item: Item, spec: Spec | None = None) -> None:
    """808.2f: the total cost: the Niveau of a card (or an alternative cost a card names), or a power's
    symbols plus X; a power's Incliner symbol inclines its card now (802).  ``spec``: ``choices.spec_of(state,
    item)`` when the caller has it already."""
    if spec is None:
        spec = choices.spec_of(state, item)
    item.step = "pay"
    if item.kind == "card" and not spec.alternative:
        item.need = cost_symbols(state, item.card, item.x)
    else:
        item.need = list(spec.cost) + ["Neutre"] * item.x
        if spec.incline:
            events.incline(state, item.card)  # the Incliner symbol (802)
            item.inclined.append(item.card)


def finish(state: WakfuState, item: Item) -> None:
    """808.2h: the card or power is played; each player may react once, the opponent first (809.6)."""
    item.step = "done"
    item.paid = True
    item.to_ask = teams.after(state, item.seat)  # 809.6; in teams every player, in turn order (WK-GOLD-2)
    if item.kind == "card":
        state.players[item.seat].drew_or_played = True
        for watch in CARD_PLAYED:
            watch(state, item)
    after_paid(state, item)


def cancel(state: WakfuState) -> None:
    """Undo the announcement (808.2): untap what was inclined, the card back to hand, extra costs back."""
    item = current(state)
    at = _index(state.file, item)
    below = state.file[at - 1] if at else None
    if below is not None and below.paid:  # a Réaction taken back: its player is asked again (809.6)
        below.to_ask.insert(0, item.seat)
    state.file = state.file[:at] + state.file[at + 1:]
    for c in item.inclined:
        if c < 0:
            state.flags.discard(("sac_twice", item.seat))
        else:
            state.tapped.discard(c)
    choices.undo_extra(state, item)
    if item.kind == "card":  # back where it was in the hand (the last place for a position without it)
        hand = state.players[item.seat].main
        hand.insert(item.hand_at if 0 <= item.hand_at <= len(hand) else len(hand), item.card)
    rules.say(state, "cancel", f"{rules.label(state, item.seat)} takes back {state.name(item.card)}", item.seat)


def _index(file: list[Item], item: Item) -> int:
    """Where ``item`` itself (not an equal item) is in the File."""
    for k, i in enumerate(file):
        if i is item:
            return k
    raise ValueError("the item is not in the File")  # pragma: no cover - current() took it from the File


def answer(state: WakfuState, pend: Pending, value: Any) -> None:
    """Continue the announcement with the answer to a place / x / target / pay choice."""
    item = current(state)
    if value == "cancel":  # 808.2: any announcement choice before the cost is paid may take the card back
        cancel(state)
        return
    if pend.kind == "place":
        item.place = str(value)
    elif pend.kind == "x":
        item.x = int(value)
    elif pend.kind == "target":
        item.targets.append(value)
    elif pend.kind == "pay":
        if value == "craft":
            r = state.cards[item.card].recipe
            assert r is not None
            state.pending.append(Pending("craft", item.seat, f"Fabriquer {state.name(item.card)}: incline a "
                                         f"{r.metier}", (*artisans(state, item.seat, r.metier, item.card), "cancel"), item.card))
            return
        incline_for(state, item, int(value))
    elif pend.kind == "craft":
        r = state.cards[item.card].recipe
        assert r is not None
        if not item.crafted:  # the Artisan (418.6)
            events.incline(state, int(value))
            item.inclined.append(int(value))
            item.crafted = True
            item.need = ["Neutre"] * equipment_tax(state)  # Erbus Erport
        else:
            item.extra.append(int(value))
        if len(item.extra) < r.count:
            state.pending.append(Pending("craft", item.seat, f"Fabriquer {state.name(item.card)}: recycle a "
                                         f"{r.element} card from your Défausse ({r.count - len(item.extra)} left)",
                                         (*recipe_cards(state, item.seat, r.element, item.extra), "cancel"),
                                         item.card))
            return
    proceed(state)


# -- additional costs (418.8) ---------------------------------------------------------------------------------
def answer_extra(state: WakfuState, pend: Pending, value: Any) -> None:
    item = current(state)
    if value == "cancel":
        cancel(state)
        return
    if value == "done":
        item.extra.append("done")
        item.step = "pay"
        _pay_extra_then(state, item)
        return
    item.extra.append(value)
    spec = choices.spec_of(state, item)
    if inclines_extra(spec.extra):
        events.incline(state, value)
    proceed(state)


def _pay_extra_then(state: WakfuState, item: Item) -> None:
    item.extra = [e for e in item.extra if e != "done"]
    start_payment(state, item)
    proceed(state)


def after_paid(state: WakfuState, item: Item) -> None:
    """Additional costs that move cards are paid once the whole cost is paid (418.2: simultaneously)."""
    spec = choices.spec_of(state, item)
    p = state.players[item.seat]
    if item.crafted:  # the Recette's cards are recycled as the cost is paid (418.6)
        for c in item.extra:
            rules.recycle(state, c)
        item.extra = []
    elif spec.extra.startswith(("recycle3:", "recycle1:")) or spec.extra == "recycle_monster":
        for c in item.extra:
            rules.recycle(state, c)
    elif spec.extra in ("discard3", "discard1", "discardX") or spec.extra.startswith("discard1:"):
        for c in item.extra:
            rules.remove(state, c)
            p.defausse.append(c)
    elif spec.extra == "mill1" and p.pioche:
        p.defausse.append(p.pioche.pop())
    elif spec.extra == "destroy_self":
        events.destroy(state, item.card, item.seat)  # its own card: the credit names who destroyed it, no XP
    elif spec.extra in DESTROY_REMEMBERED:  # the Force it had is remembered for the effect (810.2d: Boucherie)
        for c in item.extra:
            state.flags.add(("lki", c, rules.force(state, c), 0))
            events.destroy(state, c, item.seat)
    elif spec.extra == "recycleX:monster":  # Salle des Trophées de Kabrok
        for c in item.extra:
            rules.recycle(state, c)
    elif spec.extra == "banish_self" and rules.in_play(state, item.card):  # Incarnam (its errata: banished)
        rules.remove(state, item.card)
        state.banished.append(item.card)
        rules.say(state, "banish", f"{state.name(item.card)} is banished", item.seat, card=item.card)
    elif spec.extra in ("destroy_tofu", "destroy_ally") or spec.extra.startswith(("destroy_sub:", "destroy_sub3:")):
        for c in item.extra:
            events.destroy(state, c, item.seat)
    elif spec.extra == "return_self" and rules.in_play(state, item.card):  # Selk Ator
        for e in rules.equipment_of(state, item.card):
            events.destroy(state, e)
        rules.remove(state, item.card)
        state.players[state.owner(item.card)].main.append(item.card)
    if spec.once:
        state.flags.add(("once", item.card, item.power))
    if item.kind == "card":
        for watch in effects.WHEN_PLAYED:  # "whenever a player plays a card" (Le Collectionneur)
            watch(state, item)
    # 705.3 / 809.7: a Réaction is outside the alternation of the Phase d'Actions (it neither uses the
    # reacting player's turn to act nor hands the turn on); every other Action or power is an action
    if not spec.reaction and (item.kind == "power" or state.cards[item.card].type == "Action"):
        combat.acted(state, item.seat)
