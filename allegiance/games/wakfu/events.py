"""The events of play that set off triggered powers (804), and how a triggered power goes to the File.

A card appears (303, 305, 309, 310), is inclined (106.1), damaged (410) or destroyed (409), attacks, a turn
starts or ends: each looks up, by card name in the ``registry``, the powers it triggers and puts them in
the File d'Attente (804), the target chosen at once when the power has one (804.3).  The cards' own code
is one level up (``effects``): this module never imports it.
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import rules, teams
from allegiance.games.wakfu.registry import (
    APPEAR,
    APPEAR_INCLINED,
    ATTACK_PM,
    ATTACKS,
    BEFORE_DAMAGE,
    BEFORE_DESTROY,
    DAMAGE_WINDOW,
    DAMAGED,
    DAMAGED_AMOUNT,
    DESTROY_INSTEAD,
    DESTROYED,
    DESTROYED_BY,
    DESTROYED_EFFECT,
    END_OF_TURN,
    MOVE_WATCHERS,
    ON_ATTACK,
    ON_UNTAP,
    REDIRECT,
    REMEMBER,
    START_FROM_DEFAUSSE,
    START_OF_EACH_TURN,
    START_OF_TURN,
    STRIKE_BACK,
    TRIGGER_TARGETS,
    TURN_START,
    WHEN_DESTROYED,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState


# -- the File (804) ------------------------------------------------------------------------------------------
def push_trigger(state: WakfuState, seat: int, card: int, effect: str, targets: list[object] | None = None) -> None:
    """A triggered power goes to the File (804); the opponent may react first (809.6)."""
    item = Item("trigger", seat, card, effect, list(targets or []), paid=True, to_ask=teams.after(state, seat))
    state.file.append(item)
    if not targets:
        trigger_target(state, item)


def trigger_target(state: WakfuState, item: Item) -> bool:
    """804.3: the controller chooses the trigger's target as it triggers; with no legal choice the
    trigger is removed (annulled).  True if a choice is asked."""
    pick = TRIGGER_TARGETS.get(item.effect)
    if pick is None:
        return False
    options = pick(state, item)
    if not options:
        state.file = [i for i in state.file if i is not item]
        rules.say(state, "fizzle", f"{state.name(item.card)}: no legal choice, the power is annulled (804)", item.seat)
        return False
    state.pending.append(Pending("trigger_target", item.seat, f"{state.name(item.card)}: choose its target",
                                 tuple(options), item.card, (("effect", item.effect),)))
    return True


def answer_trigger_target(state: WakfuState, pend: Pending, value: Any) -> None:
    for item in reversed(state.file):
        if item.kind == "trigger" and item.card == pend.card and item.effect == pend.get("effect") and not item.targets:
            item.targets = [value]
            return


# -- appearing -----------------------------------------------------------------------------------------------
def appear(state: WakfuState, item: Item) -> None:
    """The permanent of a resolved File item comes into play where ``item.place`` says (303, 305, 309, 310;
    a card put into play without being played, 412.2, too)."""
    d = state.cards[item.card]
    p = state.players[item.seat]
    place = item.place
    if d.type in ("Équipement", "Dofus"):
        porteur = int(place)
        if not rules.in_play(state, porteur) or rules.controller(state, porteur) != item.seat \
                or not rules.slot_free(state, porteur, item.card):
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
        incline(state, item.card)
    rules.say(state, "appear", f"{d.name} appears", item.seat, card=item.card)
    if d.name in APPEAR:
        push_trigger(state, item.seat, item.card, d.name)


# -- inclining, damage, destruction --------------------------------------------------------------------------
def incline(state: WakfuState, card: int) -> None:
    """Incline a card (106.1).  Glyphe Incandescent: an attacker or blocker inclining during the Phase
    d'Actions of its combat takes 2 Feu damage."""
    if card in state.tapped:
        return
    state.tapped.add(card)
    cb = state.combat
    if cb is not None and cb.step == "actions" and (card in cb.attackers or card in cb.blockers):
        for seat, stat, v, _ in state.pmods:
            if stat == "glyphe_inc":
                deal_damage(state, seat, None, card, 2, "Feu")
            elif stat == "tiwabbit":  # Tiwabbit Kiafin: 1 Eau damage per effect
                deal_damage(state, seat, None, card, v, "Eau")
            elif stat == "kouff":  # Kouff Ourbe: N Terre damage, its source the game (no range, 508)
                deal_damage(state, seat, None, card, v, "Terre")
    if state.pmods and rules.is_character(state, card):
        # Dragon Cochon: the next Allié or Héros that inclines takes 4 Eau damage (each effect used once)
        burns = [m for m in state.pmods if m[1] == "dragon_cochon"]
        if burns:
            state.pmods = [m for m in state.pmods if m[1] != "dragon_cochon"]
            for seat, _, v, _ in burns:
                if rules.can_affect(state, seat, None, card):  # blind to an opposing Havre Sac (its ruling)
                    deal_damage(state, seat, None, card, v, "Eau")


def moved(state: WakfuState, seat: int, card: int) -> None:
    """A mouvement (414) as an event the controllers of a ``MOVE_WATCHERS`` card may answer (Lâme Ourduvis,
    who sees it from the Monde and the Havre Sac, in either direction: its ruling)."""
    if rules.game_names(state).isdisjoint(MOVE_WATCHERS):
        return
    top = state.file[-1] if state.file else None
    if top is not None and top.effect == "moved" and top.card == card and top.paid and top.to_ask:
        return  # this mouvement's window is open already (Piège Glacial's, asking every player)
    _ask_watchers(state, seat, card)


def _ask_watchers(state: WakfuState, seat: int, card: int) -> None:
    """:func:`moved` in a game holding a ``MOVE_WATCHERS`` card: a window for the players who control one."""
    watchers = [p.seat for p in state.players for c in p.monde + p.havre if state.name(c) in MOVE_WATCHERS]
    if watchers:
        order = [s for s in teams.after(state, seat) if s in watchers]
        state.file.append(Item("trigger", seat, card, "moved", [seat], paid=True, to_ask=order))


def untapped(state: WakfuState, card: int) -> None:
    """A card untaps: its "whenever it untaps" power (Goultard le Barbare); the effects lasting "while it stays
    inclined" end (``until`` "untap": Shimay Rouch)."""
    if state.mods:
        _end_while_inclined(state, card)
    effect = ON_UNTAP.get(state.cards[card].name)
    if effect is not None and rules.in_play(state, card):
        push_trigger(state, rules.controller(state, card), card, effect)


def _end_while_inclined(state: WakfuState, card: int) -> None:
    """The card's modifiers lasting "while it stays inclined" end (``until`` "untap")."""
    if any(m[0] == card and m[3] == "untap" for m in state.mods):
        state.mods = [m for m in state.mods if not (m[0] == card and m[3] == "untap")]


def deal_damage(state: WakfuState, seat: int | None, source: int | None, target: int, amount: int,
                element: str, combat: bool = False, ask: bool = True) -> int:
    """Deal damage (410): reduced by Résistance (806.12) and prevention; returns the damage dealt."""
    if amount <= 0 or not rules.in_play(state, target):
        return 0
    if state.mods or state.pmods:  # damage dealt to another card instead (the replacement effects, 410)
        for instead in REDIRECT:
            target = instead(state, target)
    if ask:  # (a loop, not any() of a generator: that made a cell of every argument at each call)
        for window in DAMAGE_WINDOW:
            if window(state, seat, source, target, amount, element, combat):
                return 0  # dealt later, once the Réactions to the damage about to be dealt have resolved
    d = state.cards[target]
    amount -= rules.resistance(state, target, element) if d.type in ("Allié", "Héros") else 0
    if state.mods:
        target = _redirected(state, target)
        d = state.cards[target]
    amount -= _prevention(state, target)
    amount = _shields(state, target, amount)
    if amount <= 0:
        return 0
    if ask and d.name in BEFORE_DAMAGE:  # Kanigrou: decided before the damage
        BEFORE_DAMAGE[d.name](state, seat, source, target, amount, element, combat)
        return 0
    tseat = rules.controller(state, target)
    src = state.name(source) if source is not None else "the game"
    if d.type == "Havre Sac":
        state.players[tseat].sac_pr -= amount  # 410.5
        rules.say(state, "damage", f"{src} deals {amount} {element} damage to {d.name}", seat,
            card=target, amount=amount)
    elif d.type == "Héros":
        state.players[tseat].pv -= amount  # 410.2
        rules.say(state, "damage", f"{src} deals {amount} {element} damage to {d.name}", seat,
            card=target, amount=amount)
    else:
        state.damage[target] = state.damage.get(target, 0) + amount  # 410.8
        rules.say(state, "damage", f"{src} deals {amount} {element} damage to {d.name}", seat,
            card=target, amount=amount)
        if state.damage[target] >= rules.force(state, target):
            _credit(state, target, seat, source, combat)
    after_damage(state, source, target, amount)
    return amount


def _redirected(state: WakfuState, target: int) -> int:
    """Damage about to be dealt to a card redirected to another (Dodge, Edasse): a ``redirect`` modifier on
    the card, spent by the next damage, naming the card that takes it instead (if still in play)."""
    for m in state.mods:
        if m[0] == target and m[1] == "redirect":
            state.mods = [x for x in state.mods if x is not m]
            if rules.in_play(state, m[2]):
                rules.say(state, "redirect", f"the damage to {state.name(target)} goes to {state.name(m[2])}", None,
                          card=m[2])
                return int(m[2])
    return target


def _shields(state: WakfuState, target: int, amount: int) -> int:
    """Damage "about to be dealt" to a card reduced by a power used before it (Mob l'Éponge, Gelée Fraise,
    Ayron Fan; RULES.md): a ``shield`` modifier on the card is spent by the next damage it would take."""
    if amount <= 0 or not state.mods:
        return amount
    for m in state.mods:
        if m[0] == target and m[1] == "shield":
            break
    else:
        return amount  # no shield on the card
    kept = []
    for m in state.mods:
        if m[0] == target and m[1] == "shield" and amount > 0:
            amount -= m[2]
        else:
            kept.append(m)
    state.mods = kept
    return amount


def _prevention(state: WakfuState, target: int) -> int:
    n = 0
    d = rules.cd(state, target)
    if d.name == "Arty":
        n += 1  # damage about to be dealt to Arty is reduced by 1
    elif d.name == "Le Bourreau des Brumes" and target not in state.tapped:
        n += 2
    if d.name == "Poum Ondacié" and state.combat is not None and (
            target in state.combat.attackers or target in state.combat.blockers or target == state.combat.target):
        n += d.hero_side  # 1 at Niveau 1, 2 at Niveau 2
    seat = rules.controller(state, target)
    # (loops, not sums of generators: those made cells at every call)
    if state.combat is not None and seat >= 0 and (target in state.combat.attackers or target in state.combat.blockers):
        for s, st, v, _ in state.pmods:
            if s == seat and st == "glyphe":
                n += v
    for _, st, _, _ in state.pmods:
        if st == "treve":
            n += 1000
            break
    for m in state.mods:  # damage reduced while a modifier lasts (Shimay Rouch, while it stays inclined)
        if m[0] == target and m[1] == "reduce":
            n += m[2]
    return n


def _credit(state: WakfuState, card: int, seat: int | None, source: int | None, combat: bool) -> None:
    """Remember who destroyed an Allié (409.2) for XP: at the end of combat if in combat (415.1).  The
    first damage that made it lethal decides; later hits add no second credit (with two credits the
    one read back depended on set order, so on the process's string hashing: not deterministic)."""
    if any(f[0] == "lethal" and f[1] == card for f in state.flags):
        return
    state.flags.add(("lethal", card, -1 if seat is None else seat, 1 if combat else 0))


def destroy(state: WakfuState, card: int, credit: int | None = None) -> None:
    """Destroy a card in play (409): to its owner's Défausse; a Havre Sac is banished instead (306.5)."""
    if not rules.in_play(state, card):
        return
    d = state.cards[card]
    if d.name in BEFORE_DESTROY and BEFORE_DESTROY[d.name](state, card, credit):
        return  # about to be destroyed: its controller decides first (Vampyro)
    seat = rules.controller(state, card)
    if d.type == "Havre Sac":
        rules.banish_sac(state, seat)
        return
    if DESTROY_INSTEAD and any(instead(state, card) for instead in DESTROY_INSTEAD):
        return  # it went elsewhere instead (Donjon des Larves)
    for e in rules.equipment_of(state, card):  # 305.8
        rules.to_defausse(state, e)
    if d.type in ("Équipement", "Dofus") and card in state.attached:
        hero = state.attached[card]
        before = rules.max_pv(state, state.owner(hero)) if state.cards[hero].type == "Héros" else 0
        rules.say(state, "destroy", f"{d.name} is destroyed", seat, card=card)
        rules.to_defausse(state, card)
        if state.cards[hero].type == "Héros":  # 403.2: losing a PV bonus lowers the Héros' PV
            p = state.players[state.owner(hero)]
            p.pv -= max(0, before - rules.max_pv(state, p.seat))
        return
    rules.say(state, "destroy", f"{d.name} is destroyed", seat, card=card)
    if d.name in REMEMBER:  # last known information for its own power (810.2d)
        cb = state.combat
        fighting = cb is not None and (card in cb.attackers or card in cb.blockers)
        state.flags = {f for f in state.flags if not (f[0] == "lki" and f[1] == card)}
        state.flags.add(("lki", card, rules.force(state, card), int(fighting)))
    rules.to_defausse(state, card)
    if state.combat is not None:
        rules.leave_combat(state, card)
    if d.type == "Héros":
        return
    owner = state.owner(card)
    if credit is not None and state.table.team_of(credit) != state.table.team_of(owner) and d.xp > 0:
        # 415.1, 415.2, 415.5 (a teammate's card counts as one's own: no XP)
        rules.gain_xp(state, credit, d.xp)
    on_destroyed(state, card, owner)
    for watch in DESTROYED_BY:
        watch(state, card, seat, credit)


def after_damage(state: WakfuState, source: int | None, target: int, amount: int = 0) -> None:
    """Triggers on damage dealt: the damaged card's own (Wa Wabbit may draw; Prespic Royal, the amount in
    the trigger's X); the card or its Équipements striking back at an Allié or Héros in play (Cape / Anneau
    du Prespic, 1 Feu; Crocabulia, 3 Feu)."""
    seat = rules.controller(state, target)
    name = state.name(target)
    if name in DAMAGED:
        push_trigger(state, seat, target, name)
        for item in reversed(state.file) if name in DAMAGED_AMOUNT else ():
            if item.kind == "trigger" and item.card == target and item.effect == name:
                item.x = amount
                break
    if source is not None and rules.is_character(state, source) and rules.in_play(state, source):
        strikers = rules.equipment_of(state, target)
        for e in [target, *strikers] if name in STRIKE_BACK else strikers:
            effect = STRIKE_BACK.get(state.name(e))
            if effect is not None:
                push_trigger(state, seat, e, effect, [source])


def on_destroyed(state: WakfuState, card: int, owner: int) -> None:
    """Triggers on a card destroyed: its own power (DESTROYED), then the watchers (Tofu Céleste)."""
    name = state.name(card)
    if name in DESTROYED:
        push_trigger(state, owner, card, name)
    elif name in DESTROYED_EFFECT:
        push_trigger(state, owner, card, DESTROYED_EFFECT[name])
    for watch in WHEN_DESTROYED:
        watch(state, card, owner)


# -- attacking -----------------------------------------------------------------------------------------------
def attack_pm_bonus(state: WakfuState, card: int) -> int:
    """The PM that a card's "quand [nom] attaque" power gives its controller (Bruss Ouilis: +1)."""
    return ATTACK_PM.get(state.cards[card].name, 0)


def on_attacks(state: WakfuState, card: int) -> None:
    """A card's "quand [nom] attaque" power, applied as it is declared an attacker: its PM counts before
    the attacker count is checked (703.2c)."""
    power = ON_ATTACK.get(rules.cd(state, card).name)
    if power is not None:
        power(state, card)
    for watch in ATTACKS:
        watch(state, card)


# -- start and end of turn -----------------------------------------------------------------------------------
def start_of_turn(state: WakfuState, seat: int) -> None:
    """602.2: the active player's start-of-turn triggers (Zones and Familiers upkeep, Dollarawan)."""
    p = state.players[seat]
    cards = state.cards
    names = rules.game_names(state)
    batch = []
    for c in p.monde + p.havre:
        effect = START_OF_TURN.get(cards[c].name)
        if effect is not None:
            push_trigger(state, seat, c, effect)
            batch.append(c)
    if not names.isdisjoint(START_FROM_DEFAUSSE):  # (a Défausse grows long: looked at only if such a card is in the game)
        for c in p.defausse:  # Goule: from the Défausse
            effect = START_FROM_DEFAUSSE.get(cards[c].name)
            if effect is not None:
                push_trigger(state, seat, c, effect)
                batch.append(c)
    if not names.isdisjoint(START_OF_EACH_TURN):  # Bowissette: at the start of each player's turn, for its controller
        for q in state.players:
            for c in q.monde + q.havre:
                effect = START_OF_EACH_TURN.get(cards[c].name)
                if effect is not None and q.seat != seat:
                    push_trigger(state, q.seat, c, effect)
                elif effect is not None:
                    push_trigger(state, seat, c, effect)
                    batch.append(c)
    if len(batch) > 1:
        ask_order(state, seat, tuple(batch), ())
    for watch in TURN_START:
        watch(state, seat)


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
    """605.1: the end-of-turn effects (Katsou Mee)."""
    for fn in END_OF_TURN:
        fn(state, seat)
