"""Resolving the File d'Attente (810): targets checked again, Actions to the Défausse, permanents
appearing (303, 305, 309, 310), and the events that trigger powers (appear, destroyed, attack, start and
end of turn, damage)."""

from __future__ import annotations

from allegiance.games.wakfu import flow, rules
from allegiance.games.wakfu.choices import _slot_free, candidates, spec_of
from allegiance.games.wakfu.effects import APPEAR, APPEAR_INCLINED, DESTROYED, UPKEEP, Resolve, add_mod
from allegiance.games.wakfu.state import Item, Pending, WakfuState


# -- resolution --------------------------------------------------------------------------------------------
def resolve(state: WakfuState, item: Item) -> None:
    """810: targets are checked again; if every one is illegal the effect is cancelled (810.2)."""
    if item.kind == "attack":  # 701.2: the declaration resolved, the combat begins (702)
        return
    d = state.cards[item.card]
    if item.cancelled:
        if item.kind == "card":
            state.players[state.owner(item.card)].defausse.append(item.card)
        return
    spec = spec_of(state, item)
    if spec.split:
        probe = Item(item.kind, item.seat, item.card, item.effect)
        ok = set(candidates(state, probe, spec.targets[0]))
        item.targets = [t if t in ok else None for t in item.targets]
    elif spec.targets:
        legal = []
        for i, kind in enumerate(spec.targets):
            t = item.targets[i] if i < len(item.targets) else None
            if kind in ("player", "element", "metier", "just_played", "just_inclined"):
                legal.append(t)
                continue
            probe = Item(item.kind, item.seat, item.card, item.effect, item.targets[:i], item.x)
            legal.append(t if t in candidates(state, probe, kind) else None)
        if all(t is None for t in legal):
            rules.say(state, "fizzle", f"{d.name}: no legal target left, it is cancelled (810.2)", item.seat)
            if item.kind == "card":
                state.players[state.owner(item.card)].defausse.append(item.card)
            return
        item.targets = legal
    if item.kind == "card" and spec.alternative:
        _run(state, spec.resolve, item)
    elif item.kind == "card":
        if d.type == "Action":
            rules.say(state, "resolve", f"{d.name} resolves", item.seat, card=item.card)
            _run(state, spec.resolve, item)
            state.players[state.owner(item.card)].defausse.append(item.card)  # 302.1
        else:
            _appear(state, item)
    else:
        _run(state, spec.resolve, item)


def _run(state: WakfuState, fn: Resolve, item: Item) -> None:
    """Resolve an effect; in team games remember who made each modifier it adds, so that the effects of
    a player who leaves the game end with them (WK-ELIM-2)."""
    if len(state.players) == 2:
        fn(state, item)
        return
    before = state.mods[:]
    fn(state, item)
    for m in state.mods:
        if m in before:
            before.remove(m)
        else:
            state.flags.add(("mod_by", item.seat, m))


def _appear(state: WakfuState, item: Item) -> None:
    d = state.cards[item.card]
    p = state.players[item.seat]
    place = item.place
    if d.type in ("Équipement", "Dofus"):
        porteur = int(place)
        if not rules.in_play(state, porteur) or rules.controller(state, porteur) != item.seat \
                or not _slot_free(state, porteur, item.card):
            p.defausse.append(item.card)
            rules.say(state, "fizzle", f"{d.name} has no porteur any more and goes to the Défausse", item.seat)
            return
        zone = p.monde if porteur in p.monde else p.havre
        before = rules.max_pv(state, item.seat)
        zone.append(item.card)
        state.attached[item.card] = porteur
        if porteur == p.hero:
            p.pv += rules.max_pv(state, item.seat) - before  # 403: a PV bonus raises current and maximum PV
    elif place == "havre" or d.type == "Salle":
        if not rules.sac_room(state, item.seat):
            p.defausse.append(item.card)
            rules.say(state, "fizzle", f"{d.name} cannot appear in a full Havre Sac (504.3a)", item.seat)
            return
        p.havre.append(item.card)
    else:
        p.monde.append(item.card)
    state.appeared[item.card] = state.turn
    if d.name in APPEAR_INCLINED:
        rules.incline(state, item.card)
    rules.say(state, "appear", f"{d.name} appears", item.seat, card=item.card)
    if d.name in APPEAR:
        flow.push_trigger(state, item.seat, item.card, d.name)


def on_destroyed(state: WakfuState, card: int, owner: int) -> None:
    name = state.name(card)
    if name in DESTROYED:
        flow.push_trigger(state, owner, card, name)
    d = state.cards[card]
    if d.type == "Allié" and "Tofu" in d.subtypes and any(state.name(c) == "Tofu Céleste"
                                                          for c in state.players[owner].main):
        # the destruction as an event its owner may react to with Tofu Céleste (809)
        state.file.append(Item("trigger", owner, card, "tofu_destroyed", paid=True, to_ask=[owner]))


def attack_pm_bonus(state: WakfuState, card: int) -> int:
    """The PM that a card's "quand [nom] attaque" power gives its controller (Bruss Ouilis: +1)."""
    return 1 if state.cards[card].name == "Bruss Ouilis" else 0


def on_attacks(state: WakfuState, card: int) -> None:
    """Bruss Ouilis: when it attacks, +1 Force and +1 PM (Niveau 2: and Géant) until end of combat; the PM
    counts before the attacker count is checked (703.2c)."""
    d = rules.cd(state, card)
    if d.name == "Bruss Ouilis":
        seat = rules.controller(state, card)
        add_mod(state, card, "force", 1, "combat")
        state.pmods.append((seat, "pm", 1, "combat"))
        if d.hero_side == 2:
            add_mod(state, card, "Géant", 1, "combat")


def start_of_turn(state: WakfuState, seat: int) -> None:
    """602.2: the active player's start-of-turn triggers (Zones and Familiers upkeep, Dollarawan)."""
    p = state.players[seat]
    batch = []
    for c in p.monde + p.havre:
        name = state.name(c)
        if name in UPKEEP:
            flow.push_trigger(state, seat, c, "upkeep:" + UPKEEP[name])
            batch.append(c)
        elif name == "Dollarawan le Banquier":
            flow.push_trigger(state, seat, c, name)
            batch.append(c)
    if len(batch) > 1:
        ask_order(state, seat, tuple(batch), ())


def ask_order(state: WakfuState, seat: int, batch: tuple[int, ...], order: tuple[int, ...]) -> None:
    """602.2 / 804.6: the player orders his simultaneous triggers; asked "which resolves next?" until
    one is left."""
    left = tuple(c for c in batch if c not in order)
    if len(left) <= 1:
        ordered = order + left  # first to resolve first
        items = {i.card: i for i in state.file if i.kind == "trigger" and i.card in batch}
        rest = [i for i in state.file if not (i.kind == "trigger" and i.card in batch)]
        state.file = rest + [items[c] for c in reversed(ordered) if c in items]  # LIFO: the first on top
        return
    state.pending.append(Pending("trigger_order", seat, "Your start-of-turn powers: which resolves next?", left,
                                 data=(("batch", batch), ("order", order))))


def answer_order(state: WakfuState, pend: Pending, value: object) -> None:
    assert isinstance(value, int)
    ask_order(state, pend.seat, pend.get("batch"), pend.get("order") + (value,))


def end_of_turn(state: WakfuState, seat: int) -> None:
    """Katsou Mee: destroyed at end of turn if more than 3 Terre were spent on its power this turn."""
    for f in sorted(state.flags, key=repr):  # a fixed order, whatever the process's string hashing
        if f[0] == "katsou" and f[2] >= 3 and rules.in_play(state, f[1]):
            rules.destroy(state, f[1])



def after_damage(state: WakfuState, source: int | None, target: int) -> None:
    """Triggers on damage dealt: Wa Wabbit may draw; Cape / Anneau du Prespic strike back (1 Feu)."""
    seat = rules.controller(state, target)
    if state.name(target) == "Wa Wabbit":
        flow.push_trigger(state, seat, target, "Wa Wabbit")
    if source is not None and rules.is_character(state, source) and rules.in_play(state, source):
        for e in rules.equipment_of(state, target):
            if state.name(e) in ("Cape du Prespic", "Anneau du Prespic"):
                flow.push_trigger(state, seat, e, "prespic", [source])
