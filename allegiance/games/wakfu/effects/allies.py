"""The Allié cards (303): their paid powers (802), powers usable from the hand (412.2), triggered powers
(804) and the Alliés with no power beyond stats and keywords.  Each card's entries are in the tables at the
end of its section."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules, teams
from allegiance.games.wakfu.effects.common import alive, damage, draw, may, p_damage, p_force, p_pa, untap
from allegiance.games.wakfu.registry import (
    ACTIONS,
    APPEAR,
    APPEAR_INCLINED,
    BEFORE_DAMAGE,
    CHIFUMI_WON,
    COMBAT_ENDED,
    DAMAGED,
    DAMAGED_AMOUNT,
    DEFAUSSE_POWERS,
    DESTROYED,
    DESTROYED_EFFECT,
    EFFECT_HANDLERS,
    END_OF_TURN,
    HAND_POWERS,
    HERO_L2_POWERS,
    MOVE_WATCHERS,
    ON_UNTAP,
    PLAIN,
    POWERS,
    REMEMBER,
    SHARED_POWERS,
    START_FROM_DEFAUSSE,
    START_OF_EACH_TURN,
    START_OF_TURN,
    STRIKE_BACK,
    TRIGGER_TARGETS,
    TRIGGERS,
    WHEN_DESTROYED,
    WHEN_PLAYED,
    Resolve,
    Spec,
    noop,
)
from allegiance.games.wakfu.resources import producers
from allegiance.games.wakfu.state import Combat, Item, Pending, WakfuState


# -- paid powers (802) ----------------------------------------------------------------------------------------
def _p_untap_self(state: WakfuState, item: Item) -> None:
    if alive(state, item.card):
        untap(state, item.card)


def _p_vampyre(state: WakfuState, item: Item) -> None:
    rules.heal(state, item.seat, 3)


def _p_ekraz(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        events.destroy(state, item.targets[0], item.seat)


def _p_royal_search(state: WakfuState, item: Item) -> None:
    p = state.players[item.seat]
    found = [c for c in p.pioche if "Bouftou" in state.cards[c].subtypes or "Bouftou" in state.cards[c].name]
    if not found:
        state.rng.shuffle(p.pioche)
        return
    may(state, item.seat, item.card, "search", "Search your Pioche: which Bouftou card goes to your hand?",
        tuple(sorted(set(found), key=lambda c: (state.name(c), c))) + ("none",))


def _fx_search(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if isinstance(value, int):
        p.pioche.remove(value)
        p.main.append(value)
        rules.say(state, "search", f"{rules.label(state, pend.seat)} reveals {state.name(value)} and puts it in hand",
                  pend.seat, card=value)
    state.rng.shuffle(p.pioche)  # 405: a searched hidden zone is shuffled


def _p_katsou(state: WakfuState, item: Item) -> None:
    if alive(state, item.card):
        rules.add_mod(state, item.card, "force", 1)
        state.flags.add(("katsou", item.card, sum(1 for f in state.flags if f[0] == "katsou" and f[1] == item.card)))


def _p_merelyne(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        events.destroy(state, item.targets[0], item.seat)


def _p_sac(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        q = state.players[rules.controller(state, t)]
        q.sac_pr = min(state.cards[t].resistance, q.sac_pr + 2)  # 410.5: never above the printed Résistance


def _p_leopardo(state: WakfuState, item: Item) -> None:
    if alive(state, item.card):
        rules.add_mod(state, item.card, "force", 3)
        rules.add_mod(state, item.card, "Géant", 1)


def _p_guma(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "guma", 1, "turn"))


def _fecaline_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Only when you have just played a Quête or Parchemin card: the item right below is one."""
    below = [i for i in state.file if i.paid and i.kind == "card"]
    if not below or below[-1].seat != seat:
        return False
    return bool({"Parchemin", "Quête"} & set(state.cards[below[-1].card].subtypes))


def _p_xp(state: WakfuState, item: Item) -> None:
    rules.gain_xp(state, item.seat, 1)


def _p_metier(state: WakfuState, item: Item) -> None:
    if alive(state, item.card):
        rules.add_mod(state, item.card, "metier", str(item.targets[0]))


def _katsou_end(state: WakfuState, seat: int) -> None:
    """Katsou Mee: destroyed at end of turn if more than 3 Terre were spent on its power this turn."""
    for f in sorted(state.flags, key=repr):  # a fixed order, whatever the process's string hashing
        if f[0] == "katsou" and f[2] >= 3 and rules.in_play(state, f[1]):
            events.destroy(state, f[1])


POWERS.update({
    "Amar Casto": (Spec("Amar Casto", _p_metier, ("metier",), cost=("Neutre",), text="gains a Métier until end of turn"),),
    "Fécaline la Sage": (Spec("Fécaline la Sage", _p_xp, incline=True, reaction=True, condition=_fecaline_cond,
                              text="gain 1 XP"),),
    "Keyss Aouti": (Spec("Keyss Aouti", _p_sac, ("sac",), incline=True, text="a Havre Sac regains 2 PR"),),
    "Léopardo": (Spec("Léopardo", _p_leopardo, cost=("Neutre", "Neutre"), once=True, text="+3 Force and Géant"),),
    "Guma Bobeule": (Spec("Guma Bobeule", _p_guma, incline=True, text="your Alliés' powers deal 1 more damage"),),
    "Wa Wabbit": (Spec("Wa Wabbit", p_damage(2, "Eau"), ("character",), incline=True, text="2 Eau damage"),),
    "Guy Yomtella": (Spec("Guy Yomtella", p_damage(1, "Air"), ("ally",), cost=("Air",), incline=True,
                          text="1 Air damage to an Allié"),
                     Spec("Guy Yomtella:untap", _p_untap_self, cost=("Air", "Air"), text="untap Guy Yomtella")),
    "Demi Finame": (Spec("Demi Finame", p_force(2), ("monster",), incline=True, text="a Monstre gets +2 Force"),),
    "Chauve-Souris Vampyre": (Spec("Chauve-Souris Vampyre", _p_vampyre, extra="destroy_self",
                                   text="destroy it: your Héros regains 3 PV"),),
    "Ekraz Lenoub": (Spec("Ekraz Lenoub", _p_ekraz, ("ally_l1",), incline=True, extra="destroy_self",
                          text="destroy a Niveau 1 Allié"),),
    "Bouftou Royal": (Spec("Bouftou Royal", _p_royal_search, incline=True, text="search for a Bouftou card"),),
    "Katsou Mee": (Spec("Katsou Mee", _p_katsou, cost=("Terre",), text="+1 Force"),),
    "Crapaud Mufle": (Spec("Crapaud Mufle", p_force(2), extra="mill1", once=True, text="+2 Force"),),
    "Bwork Mage": (Spec("Bwork Mage", p_damage(1, "Feu"), ("character",), extra="discard1", once=True,
                        text="1 Feu damage"),),
    "Merelyne Manro": (Spec("Merelyne Manro", _p_merelyne, ("equipment_x",), x=True, incline=True,
                            text="destroy an Équipement of Niveau X"),),
})
END_OF_TURN.append(_katsou_end)
EFFECT_HANDLERS["search"] = _fx_search


# -- powers usable from the hand (412.2) ------------------------------------------------------------------------
def _put_inclined(state: WakfuState, item: Item) -> None:
    """Mettre en jeu (412.2): the card appears without being played, here inclined, in the Monde (or the
    Havre Sac on the first player's first turn, 506.3)."""
    item.place = "havre" if rules.first_turn_of_first_player(state) else "monde"
    events.appear(state, item)
    if rules.in_play(state, item.card):
        events.incline(state, item.card)


def _own_tofu(state: WakfuState, seat: int, card: int) -> bool:
    p = state.players[seat]
    return any("Tofu" in state.cards[c].subtypes and state.cards[c].type == "Allié" for c in p.monde + p.havre)


def _polter_cond(state: WakfuState, seat: int, card: int) -> bool:
    return (state.phase == "main" and state.combat is None and state.active == seat and not state.file
            and _own_tofu(state, seat, card)
            and (not rules.first_turn_of_first_player(state) or rules.sac_room(state, seat)))


def _celeste_cond(state: WakfuState, seat: int, card: int) -> bool:
    top = [i for i in state.file if i.paid]
    return bool(top) and top[-1].effect == "tofu_destroyed" and top[-1].seat == seat


def _tofu_destroyed(state: WakfuState, card: int, owner: int) -> None:
    """A Tofu of a player holding Tofu Céleste destroyed: an event its owner may react to (809)."""
    d = state.cards[card]
    if d.type == "Allié" and "Tofu" in d.subtypes and any(state.name(c) == "Tofu Céleste"
                                                          for c in state.players[owner].main):
        state.file.append(Item("trigger", owner, card, "tofu_destroyed", paid=True, to_ask=[owner]))


HAND_POWERS.update({
    "Polter Tofu": Spec("polter", _put_inclined, extra="destroy_tofu", condition=_polter_cond, alternative=True,
                        text="destroy one of your Tofus: put Polter Tofu into play, inclined"),
    "Tofu Céleste": Spec("celeste", _put_inclined, cost=("Air", "Air"), reaction=True, condition=_celeste_cond,
                         alternative=True, text="a Tofu of yours was destroyed: put it into play, inclined"),
})
TRIGGERS["tofu_destroyed"] = noop
WHEN_DESTROYED.append(_tofu_destroyed)


# -- triggered powers (804) ----------------------------------------------------------------------------------
def _t_may_draw(state: WakfuState, item: Item) -> None:
    may(state, item.seat, item.card, "may_draw", f"{state.name(item.card)}: draw a card?", ("draw", "no"))


def _fx_may_draw(state: WakfuState, pend: Pending, value: Any) -> None:
    if value == "draw":
        draw(state, pend.seat)


def _amal_targets(state: WakfuState, item: Item) -> list[int]:
    src = item.card if rules.in_play(state, item.card) else None
    return [p.hero for p in state.players if rules.in_play(state, p.hero) and rules.can_affect(state, item.seat, src, p.hero)]


def _t_amal(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if alive(state, t) and t in _amal_targets(state, item):  # checked again (810.2)
        rules.heal(state, state.owner(t), 3)


def _corailleur_targets(state: WakfuState, item: Item) -> list[int]:
    if not rules.in_play(state, item.card):
        return []
    return sorted(e for e in state.attached if rules.can_affect(state, item.seat, item.card, e))


def _t_corailleur(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if alive(state, t) and t in _corailleur_targets(state, item):  # the "may" is decided now (804)
        may(state, item.seat, item.card, "destroy_eq", f"Corailleur: destroy {state.name(t)}?", ("destroy", "no"),
            target=t)


def _fx_destroy_eq(state: WakfuState, pend: Pending, value: Any) -> None:
    t = pend.get("target")
    if value == "destroy" and alive(state, t):
        events.destroy(state, t, pend.seat)


def _t_djakky(state: WakfuState, item: Item) -> None:
    # 419.2: the active player chooses first; every choice then applies
    for seat in _each_player(state):
        mine = [c for c in state.players[seat].monde + state.players[seat].havre
                if state.cards[c].type == "Allié" and c in state.tapped]
        if mine:
            may(state, seat, item.card, "untap_one", "Djakky Chwan: untap one of your Alliés?", (*mine, "none"))


def _fx_untap_one(state: WakfuState, pend: Pending, value: Any) -> None:
    if isinstance(value, int) and rules.in_play(state, value):
        untap(state, value)


def _t_royal(state: WakfuState, item: Item) -> None:
    for c in state.players[item.seat].monde:
        # 401.2: "your Bouftous" are the Alliés/Héros of the family, not every card with the trait (an
        # Équipement such as Coiffe du Bouftou is a "Bouftou card", which only the search names)
        if "Bouftou" in state.cards[c].subtypes and rules.is_character(state, c):
            untap(state, c)


def _each_player(state: WakfuState) -> list[int]:
    """Every player in the game, pushed so that the active player decides first, then the turn order."""
    seq = teams.after(state, state.active)  # ends with the active player
    return list(reversed(seq[:-1])) + [state.active]


def _t_coffre(state: WakfuState, item: Item) -> None:
    for seat in _each_player(state):
        may(state, seat, item.card, "may_draw", "Coffre Malveillant: draw a card?", ("draw", "no"))


def _mutant_targets(state: WakfuState, item: Item) -> list[int]:
    # from the Défausse, a card affects the Monde only (508.1c)
    return [c for p in state.players for c in p.monde if rules.is_character(state, c)]


def _t_tofu_mutant(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if alive(state, t) and t in _mutant_targets(state, item):
        events.deal_damage(state, item.seat, None, t, 1, "Air")


def _t_dollarawan(state: WakfuState, item: Item) -> None:
    if item.card in state.players[item.seat].havre:
        _t_may_draw(state, item)


def _t_smare(state: WakfuState, item: Item) -> None:
    options = sorted({c for c, _ in producers(state, item.seat)})
    if options:
        may(state, item.seat, item.card, "smare", "Smare: incline a card (Neutre) to draw a card?", (*options, "no"))


def _fx_smare(state: WakfuState, pend: Pending, value: Any) -> None:
    if isinstance(value, int) and value not in state.tapped and rules.controller(state, value) == pend.seat:
        events.incline(state, value)
        draw(state, pend.seat)


TRIGGERS.update({
    "Smare": _t_smare, "Wa Wabbit": _t_may_draw, "Gelée Bleue": _t_may_draw, "Amal Odoua": _t_amal,
    "Corailleur": _t_corailleur, "Djakky Chwan": _t_djakky, "Bouftou Royal": _t_royal,
    "Coffre Malveillant": _t_coffre, "Tofu Mutant": _t_tofu_mutant, "Dollarawan le Banquier": _t_dollarawan,
})
#: triggered powers whose target is chosen when they trigger (804.3), with their legal choices
TRIGGER_TARGETS.update({
    "Amal Odoua": _amal_targets, "Corailleur": _corailleur_targets, "Tofu Mutant": _mutant_targets,
})
APPEAR.update({"Smare", "Gelée Bleue", "Amal Odoua", "Corailleur", "Djakky Chwan", "Bouftou Royal"})
DESTROYED.update({"Coffre Malveillant", "Tofu Mutant"})
DAMAGED.add("Wa Wabbit")
START_OF_TURN["Dollarawan le Banquier"] = "Dollarawan le Banquier"
EFFECT_HANDLERS.update({"may_draw": _fx_may_draw, "destroy_eq": _fx_destroy_eq, "untap_one": _fx_untap_one,
                        "smare": _fx_smare})


# -- Kanigrou --------------------------------------------------------------------------------------------------
def _fx_kanigrou(state: WakfuState, pend: Pending, value: Any) -> None:
    """Kanigrou: about to be damaged, its controller may play Chi-Fu-Mi (RULES.md: a fair coin)."""
    k = pend.card
    if k is None or not rules.in_play(state, k):
        return
    seat, source, amount, element, combat = (pend.get("by"), pend.get("source"), pend.get("amount"),
                                             pend.get("element"), pend.get("combat"))
    if value == "no":
        events.deal_damage(state, seat, source, k, amount, element, bool(combat), ask=False)
    elif state.rng.below(2) == 0:
        rules.say(state, "chifumi", "Kanigrou wins the Chi-Fu-Mi: the damage is reduced to 0", pend.seat, card=k)
        for watch in CHIFUMI_WON:  # Karey Dass
            watch(state, pend.seat)
    else:
        rules.say(state, "chifumi", "Kanigrou loses the Chi-Fu-Mi and is destroyed", pend.seat, card=k)
        events.destroy(state, k, None)  # no XP for the opponent (card text)


def _kanigrou(state: WakfuState, seat: int | None, source: int | None, target: int, amount: int, element: str,
             combat: bool) -> None:
    may(state, rules.controller(state, target), target, "kanigrou",
        f"Kanigrou is about to take {amount} {element} damage: play Chi-Fu-Mi?", ("chifumi", "no"),
        by=seat, source=source, amount=amount, element=element, combat=int(combat))


BEFORE_DAMAGE["Kanigrou"] = _kanigrou
EFFECT_HANDLERS["kanigrou"] = _fx_kanigrou


# -- no power beyond stats, keywords and continuous powers (in rules, combat, resources) -----------------------
PLAIN.update({
    "Akoua Flesh", "Arakne", "Belgodass", "Berger Porkass", "Boo", "Boufton Blanc", "Bouftou", "Bwork",
    "Chef de Guerre Bouftou", "Chevaucheur Gobelin", "Craqueleur", "Demi Moon", "Dragodinde Rousse Sauvage",
    "Fofy Fafié", "Gobelinet", "Jicé Aouaire", "Kanigrou", "Kristie Endor", "Larve Bleue", "Larve Orange",
    "Larve Verte", "Maître Bolet", "Montrakristo", "Moskito", "Piou Bleu", "Piou Jaune", "Piou Rouge", "Piou Vert",
    "Shiffer Van Brushing", "Tofu", "Tomla Klass", "Vrombyx", "Wabbit",
})


# == the other Incarnam Alliés (issue 23) ====================================================================
def _hero_of(state: WakfuState, seat: int) -> int:
    return state.players[seat].hero


def _ints(targets: list[Any]) -> list[int]:
    return [t for t in targets if isinstance(t, int)]


def _p_player_pm(n: int) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        state.pmods.append((int(item.targets[0]), "pm", n, "turn"))
    return run


def _p_gain(stat: str) -> Any:
    """The target (or the card itself) gains a keyword until end of turn (Gelée Citron, Ouassingue)."""
    def run(state: WakfuState, item: Item) -> None:
        t = item.targets[0] if item.targets else item.card
        if alive(state, t):
            rules.add_mod(state, t, stat, 1)
    return run


def _p_nomekop(state: WakfuState, item: Item) -> None:
    for el in ("Feu", "Terre", "Air", "Eau"):  # four packets, one after the other
        damage(state, item, item.targets[0], 1, el)


def _p_each(n: int, element: str | None = None) -> Any:
    """N damage to each chosen target ("up to two": a slot may be ``none``)."""
    def run(state: WakfuState, item: Item) -> None:
        for t in _ints(item.targets):
            damage(state, item, t, n, element or rules.cd(state, item.card).element)
    return run


def _p_every_combatant(n: int, element: str) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        cb = state.combat
        if cb is None:
            return
        for t in list(dict.fromkeys([*cb.attackers, *cb.blockers])):
            damage(state, item, t, n, element)
    return run


def _p_incline_target(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t) and rules.force(state, t) <= 3:  # checked again on resolution (810.2)
        events.incline(state, t)


def _bounce(state: WakfuState, seat: int, t: int) -> None:
    """Return a card in play to its owner's hand; its Équipements are destroyed (305.8)."""
    for e in rules.equipment_of(state, t):
        events.destroy(state, e)
    rules.remove(state, t)
    state.players[state.owner(t)].main.append(t)
    rules.say(state, "bounce", f"{state.name(t)} returns to its owner's hand", seat, card=t)


def _p_bounce(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        _bounce(state, item.seat, item.targets[0])


def _p_baba(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t) and not state.cards[t].is_monster:
        events.destroy(state, t, item.seat)


def _p_harebourg_pa(state: WakfuState, item: Item) -> None:
    if item.extra:
        state.pmods.append((int(item.targets[0]), "pa", -len(item.extra), "turn"))


def _p_harebourg_damage(state: WakfuState, item: Item) -> None:
    damage(state, item, item.targets[0], len(item.extra), "Eau")


def _p_anerice(state: WakfuState, item: Item) -> None:
    damage(state, item, item.targets[0], len(item.extra), "Air")


def _lki(state: WakfuState, card: int) -> tuple[int, bool]:
    """(Force, was attacking or blocking) of a card when it was destroyed (``registry.REMEMBER``)."""
    for f in state.flags:
        if f[0] == "lki" and f[1] == card:
            return f[2], bool(f[3])
    return rules.force(state, card), False


def _p_arty(state: WakfuState, item: Item) -> None:
    damage_from(state, item, item.targets[0], _lki(state, item.card)[0], "Feu")


def damage_from(state: WakfuState, item: Item, target: Any, amount: int, element: str) -> None:
    """Damage from a card that has left play (its power paid by destroying it): no source in play."""
    if alive(state, target):
        events.deal_damage(state, item.seat, None, target, amount, element)


def _p_shield(n: int, own: bool = True) -> Any:
    """Reduce by N the damage about to be dealt to the card (or the target): a shield until end of turn
    spent by the next damage it would take (RULES.md)."""
    def run(state: WakfuState, item: Item) -> None:
        t = item.card if own else item.targets[0]
        if alive(state, t):
            rules.add_mod(state, t, "shield", n)
    return run


def _p_ayron(state: WakfuState, item: Item) -> None:
    if alive(state, item.card) and item.extra:
        rules.add_mod(state, item.card, "shield", len(item.extra))


def _p_dragon(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "dragon_cochon", 4, "game"))


def _p_tiwabbit(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "tiwabbit", 1, "combat"))


def _combat_only(state: WakfuState, seat: int, card: int) -> bool:
    return state.combat is not None and state.combat.step == "actions"


def _just_played_equipment(state: WakfuState, seat: int, card: int) -> bool:
    """Tolot: only when you have just played an Équipement card (the item right below is one of yours)."""
    below = [i for i in state.file if i.paid and i.kind == "card"]
    return bool(below) and below[-1].seat == seat and state.cards[below[-1].card].type == "Équipement"


def _p_draw(state: WakfuState, item: Item) -> None:
    draw(state, item.seat)


def _p_selk(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        _bounce(state, item.seat, item.targets[0])


def _p_roi_gelax(state: WakfuState, item: Item) -> None:
    p = state.players[item.seat]
    found = [c for c in p.pioche + p.defausse if state.cards[c].type == "Allié" and "Gelée" in state.cards[c].subtypes]
    if not found:
        state.rng.shuffle(p.pioche)
        return
    may(state, item.seat, item.card, "gelax", "Roi Gélax: which Gelée Allié is put into play, inclined?",
        (*sorted(set(found), key=lambda c: (state.name(c), c)), "none"))


def _fx_gelax(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if isinstance(value, int) and (value in p.pioche or value in p.defausse):
        rules.remove(state, value)
        rules.say(state, "search", f"{rules.label(state, pend.seat)} puts {state.name(value)} into play", pend.seat,
                  card=value)
        _put_inclined(state, Item("card", pend.seat, value, "gelax"))
    state.rng.shuffle(p.pioche)  # 405: a searched hidden zone is shuffled


def _p_elisabetron(state: WakfuState, item: Item) -> None:
    if alive(state, item.card):
        rules.add_mod(state, item.card, "force", 2)


POWERS.update({
    "Moon": (Spec("Moon", p_damage(3, "Air"), ("character",), incline=True, text="3 Air damage"),),
    "Prespic": (Spec("Prespic", p_pa, ("player",), incline=True, text="a player loses 1 PA"),),
    "Prespic Ventru": (Spec("Prespic Ventru", p_damage(1, "Feu"), ("character",), cost=("Feu", "Feu"),
                            text="1 Feu damage"),),
    "Ouassingue": (Spec("Ouassingue", _p_gain("Géant"), incline=True, text="gains Géant"),),
    "Nomekop le Crapoteur": (Spec("Nomekop le Crapoteur", _p_nomekop, ("character",), incline=True,
                                  text="1 Feu, 1 Terre, 1 Air and 1 Eau damage"),),
    "Sylvine Folherbe": (Spec("Sylvine Folherbe", _p_player_pm(1), ("player",), incline=True,
                              text="a player gains 1 PM"),
                         Spec("Sylvine Folherbe:lose", _p_player_pm(-1), ("player",), incline=True,
                              text="a player loses 1 PM")),
    "Dwanlaposh": (Spec("Dwanlaposh", p_damage(1, "Eau"), ("combatant",), cost=("Eau", "Eau"),
                        text="1 Eau damage to an attacker or blocker"),),
    "Gelée Citron": (Spec("Gelée Citron", _p_gain("Agilité"), ("ally_sub:Gelée",), incline=True,
                          text="a Gelée gains Agilité"),),
    "Gelée Menthe": (Spec("Gelée Menthe", p_force(2), ("ally_sub:Gelée",), incline=True,
                          text="a Gelée gets +2 Force"),),
    "Gelée Fraise": (Spec("Gelée Fraise", _p_shield(1, own=False), ("ally_sub:Gelée",), incline=True, reaction=True,
                          text="the next damage to a Gelée is reduced by 1"),),
    "Eratz Le Revendicateur": (Spec("Eratz Le Revendicateur", p_force(3), ("sub:Bandit",), incline=True,
                                    text="a Bandit gets +3 Force"),),
    "L'Homme Louf": (Spec("L'Homme Louf", _p_incline_target, ("ally_force_le:3",), incline=True,
                          text="incline an Allié of Force 3 or less"),),
    "Deyko Nexion": (Spec("Deyko Nexion", _p_bounce, ("ally",), incline=True, extra="destroy_self",
                          text="an Allié returns to its owner's hand"),),
    "Baba Fatt": (Spec("Baba Fatt", _p_baba, ("ally_non_monster_le_force",), incline=True, extra="destroy_self",
                       text="destroy a non-Monstre Allié of Niveau up to its Force"),),
    "Comte Harebourg": (Spec("Comte Harebourg", _p_harebourg_pa, ("player",), incline=True, extra="discard3",
                             text="discard up to 3: a player loses that many PA"),
                        Spec("Comte Harebourg:damage", _p_harebourg_damage, ("character",), incline=True,
                             extra="discard3", text="discard up to 3: that many Eau damage")),
    "Anerice la Shushess": (Spec("Anerice la Shushess", _p_anerice, ("character",), incline=True,
                                 extra="destroy_sub3:Vampyre",
                                 text="destroy up to 3 of your Vampyres: that many Air damage"),),
    "Arty": (Spec("Arty", _p_arty, ("combatant",), incline=True, extra="destroy_self",
                  text="its Force in Feu damage to an attacker or blocker"),),
    "Mob l'Éponge": (Spec("Mob l'Éponge", _p_shield(1000), incline=True, reaction=True,
                          text="the next damage to it is reduced to 0"),),
    "Ayron Fan": (Spec("Ayron Fan", _p_ayron, extra="discardX", reaction=True,
                       text="discard X: the next damage to it is reduced by X"),),
    "Zatoïshwan": (Spec("Zatoïshwan", _p_each(2, "Terre"), ("combatant", "combatant?"), incline=True,
                        text="up to two attackers/blockers take 2 Terre damage"),),
    "Chêne Mou": (Spec("Chêne Mou", _p_each(2, "Terre"), ("combatant", "combatant?"), incline=True,
                       text="up to two attackers/blockers take 2 Terre damage"),),
    "Dark Vlad": (Spec("Dark Vlad", _p_every_combatant(2, "Feu"), incline=True, condition=_combat_only,
                       text="2 Feu damage to every attacker and blocker"),),
    "Dragon Cochon": (Spec("Dragon Cochon", _p_dragon, incline=True,
                           text="the next Allié or Héros that inclines takes 4 Eau damage"),),
    "Tiwabbit Kiafin": (Spec("Tiwabbit Kiafin", _p_tiwabbit, incline=True, condition=_combat_only,
                             text="attackers and blockers that incline take 1 Eau damage"),),
    "Tolot": (Spec("Tolot", _p_draw, incline=True, reaction=True, condition=_just_played_equipment,
                   text="draw a card"),),
    "Selk Ator": (Spec("Selk Ator", _p_selk, ("equipment_or_salle",), incline=True, extra="return_self",
                       text="an Équipement or Salle returns to its owner's hand"),),
    "Roi Gélax": (Spec("Roi Gélax", _p_roi_gelax, incline=True, text="put a Gelée Allié into play"),),
    "Elisabetron": (Spec("Elisabetron", _p_elisabetron, extra="destroy_ally", once=True, text="+2 Force"),),
})
EFFECT_HANDLERS["gelax"] = _fx_gelax
REMEMBER.update({"Arty", "Rolac le Bandit"})


# -- their triggered powers (804) ------------------------------------------------------------------------------
def _players(state: WakfuState, item: Item) -> list[int]:
    return [p.seat for p in state.players if not p.out]


def _t_pa_loss(n: int) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        if item.targets:
            state.pmods.append((int(item.targets[0]), "pa", -n, "turn"))
    return run


def _demone_targets(state: WakfuState, item: Item) -> list[int]:
    if not rules.in_play(state, item.card):
        return []
    return [c for p in state.players for c in p.monde + p.havre if state.cards[c].type == "Allié"
            and rules.force(state, c) <= 5 and rules.can_affect(state, item.seat, item.card, c)]


def _t_demone(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if alive(state, t) and t in _demone_targets(state, item):  # the "may" is decided on resolution
        may(state, item.seat, item.card, "destroy_eq", f"Démone XXIV: destroy {state.name(t)}?", ("destroy", "no"),
            target=t)


def _otomai_targets(state: WakfuState, item: Item) -> list[int]:
    return [c for p in state.players for c in p.monde
            if state.cards[c].type in ("Allié", "Zone", "Équipement")
            and (not rules.in_play(state, item.card) or rules.can_affect(state, item.seat, item.card, c))]


def _t_otomai(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if t is not None and alive(state, t) and rules.where(state, t) == "monde":
        events.destroy(state, t, item.seat)


def _t_otomai_destroyed(state: WakfuState, item: Item) -> None:
    """When destroyed: the chosen player's whole Défausse goes to the bottom of his Pioche (its order is
    the Défausse's, top card last)."""
    if not item.targets:
        return
    p = state.players[int(item.targets[0])]
    for c in list(p.defausse):
        rules.recycle(state, c)
    rules.say(state, "recycle", f"{rules.label(state, p.seat)} recycles the whole Défausse", item.seat)


def _t_vener(state: WakfuState, item: Item) -> None:
    options = [c for c in state.players[item.seat].defausse if state.cards[c].type == "Équipement"]
    if options:
        may(state, item.seat, item.card, "to_hand", "Vener: return an Équipement from your Défausse to your hand?",
            (*options, "no"))


def _fx_to_hand(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if isinstance(value, int) and value in p.defausse:
        p.defausse.remove(value)
        p.main.append(value)
        rules.say(state, "to_hand", f"{rules.label(state, pend.seat)} returns {state.name(value)} to hand", pend.seat,
                  card=value)


def _t_demon_vi(state: WakfuState, item: Item) -> None:
    if not item.targets:
        return
    victim = int(item.targets[0])
    hand = state.players[victim].main
    # revealed to the Démon's controller only ("vous révèle"); the choice below shows him the same cards
    rules.say(state, "reveal", f"{rules.label(state, victim)} reveals the hand to {rules.label(state, item.seat)}: "
              + ", ".join(sorted(state.name(c) for c in hand)), victim, (item.seat, victim), cards=tuple(hand))
    _ask_demon(state, item.seat, item.card, victim, 2)


def _ask_demon(state: WakfuState, seat: int, card: int, victim: int, left: int) -> None:
    hand = state.players[victim].main
    if hand and left > 0:
        may(state, seat, card, "demon_vi", f"Démon VI: which card does {rules.label(state, victim)} discard?",
            tuple(hand), victim=victim, left=left)


def _fx_demon_vi(state: WakfuState, pend: Pending, value: Any) -> None:
    victim = pend.get("victim")
    p = state.players[victim]
    if isinstance(value, int) and value in p.main:
        p.main.remove(value)
        p.defausse.append(value)
        rules.say(state, "discard", f"{rules.label(state, victim)} discards {state.name(value)}", pend.seat, card=value)
    if pend.card is not None:
        _ask_demon(state, pend.seat, pend.card, victim, pend.get("left") - 1)


def _t_upkeep_pv(n: int) -> Any:
    """Start of your turn: your Héros loses N PV, or the card is destroyed (804.8: do A or B)."""
    def run(state: WakfuState, item: Item) -> None:
        if rules.in_play(state, item.card):
            may(state, item.seat, item.card, "upkeep_pv", f"{state.name(item.card)}: your Héros loses {n} PV, or "
                f"{state.name(item.card)} is destroyed", ("lose_pv", "destroy"), n=n)
    return run


def _fx_upkeep_pv(state: WakfuState, pend: Pending, value: Any) -> None:
    if pend.card is None or not rules.in_play(state, pend.card):
        return
    if value == "lose_pv":
        state.players[pend.seat].pv -= pend.get("n")  # a loss of PV, not damage (410.2)
        rules.say(state, "pv", f"{rules.label(state, pend.seat)}'s Héros loses {pend.get('n')} PV", pend.seat)
    else:
        events.destroy(state, pend.card)


def _t_goule(state: WakfuState, item: Item) -> None:
    if item.card in state.players[state.owner(item.card)].defausse:
        may(state, item.seat, item.card, "goule", "Goule: return it inclined to the Monde (your Héros loses 1 PV)?",
            ("monde", "no"))


def _fx_goule(state: WakfuState, pend: Pending, value: Any) -> None:
    c = pend.card
    p = state.players[pend.seat]
    if value != "monde" or c is None or c not in p.defausse:
        return
    p.defausse.remove(c)
    p.monde.append(c)
    state.appeared[c] = state.turn
    rules.say(state, "appear", "Goule returns to the Monde", pend.seat, card=c)
    events.incline(state, c)
    p.pv -= 1


def _t_bowissette(state: WakfuState, item: Item) -> None:
    if rules.in_play(state, item.card) and item.card in state.tapped:
        may(state, item.seat, item.card, "untap_one", "Bowissette: untap it?", (item.card, "none"))


def _character_targets(state: WakfuState, item: Item) -> list[int]:
    if not rules.in_play(state, item.card):
        return []
    return [c for p in state.players for c in p.monde + p.havre
            if rules.is_character(state, c) and rules.can_affect(state, item.seat, item.card, c)]


def _t_prespic_royal(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if t is not None and alive(state, t) and alive(state, item.card) and rules.can_affect(state, item.seat, item.card, t):
        events.deal_damage(state, item.seat, item.card, t, item.x, "Feu")


def _t_crocabulia(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t) and alive(state, item.card) and rules.can_affect(state, item.seat, item.card, t):
        events.deal_damage(state, item.seat, item.card, t, 3, "Feu")


def _rolac_targets(state: WakfuState, item: Item) -> list[int]:
    cb = state.combat
    force, fighting = _lki(state, item.card)
    if cb is None or not fighting:
        return []
    return [c for c in dict.fromkeys([*cb.attackers, *cb.blockers]) if state.cards[c].type == "Allié"]


def _t_rolac(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if alive(state, t) and t in _rolac_targets(state, item):
        events.deal_damage(state, item.seat, None, t, _lki(state, item.card)[0], "Feu")


def _t_goultard(state: WakfuState, item: Item) -> None:
    """When it appears: every other Allié and every Zone in the Monde is destroyed, no XP for anyone."""
    for p in state.players:
        for c in list(p.monde):
            if c != item.card and state.cards[c].type in ("Allié", "Zone") and rules.in_play(state, c):
                events.destroy(state, c, None)


def _t_goultard_untaps(state: WakfuState, item: Item) -> None:
    state.players[item.seat].pv -= 3  # a loss of PV (410.2)
    rules.say(state, "pv", f"{rules.label(state, item.seat)}'s Héros loses 3 PV (Goultard le Barbare)", item.seat)


TRIGGERS.update({
    "Corbac": _t_pa_loss(2), "Maître Corbac": _t_pa_loss(4), "Démone XXIV": _t_demone, "Otomaï": _t_otomai,
    "Otomaï:destroyed": _t_otomai_destroyed, "Vener": _t_vener, "Démon VI": _t_demon_vi,
    "Chafer": _t_upkeep_pv(1), "Dark Vlad:upkeep": _t_upkeep_pv(3), "Goule": _t_goule, "Bowissette": _t_bowissette,
    "Prespic Royal": _t_prespic_royal, "Crocabulia": _t_crocabulia, "Rolac le Bandit": _t_rolac,
    "Goultard le Barbare": _t_goultard, "goultard_untaps": _t_goultard_untaps,
})
TRIGGER_TARGETS.update({
    "Corbac": _players, "Maître Corbac": _players, "Démone XXIV": _demone_targets, "Otomaï": _otomai_targets,
    "Otomaï:destroyed": _players, "Démon VI": _players, "Prespic Royal": _character_targets,
    "Rolac le Bandit": _rolac_targets,
})
APPEAR.update({"Corbac", "Maître Corbac", "Démone XXIV", "Otomaï", "Vener", "Démon VI", "Goultard le Barbare"})
APPEAR_INCLINED.add("Goultard le Barbare")
DESTROYED.update({"Rolac le Bandit"})
DESTROYED_EFFECT["Otomaï"] = "Otomaï:destroyed"
DAMAGED.add("Prespic Royal")
DAMAGED_AMOUNT.add("Prespic Royal")
STRIKE_BACK["Crocabulia"] = "Crocabulia"
START_OF_TURN.update({"Chafer": "Chafer", "Dark Vlad": "Dark Vlad:upkeep"})
START_FROM_DEFAUSSE["Goule"] = "Goule"
START_OF_EACH_TURN["Bowissette"] = "Bowissette"
ON_UNTAP["Goultard le Barbare"] = "goultard_untaps"
EFFECT_HANDLERS.update({"to_hand": _fx_to_hand, "demon_vi": _fx_demon_vi, "upkeep_pv": _fx_upkeep_pv,
                        "goule": _fx_goule})


# -- put into play from the hand (412.2): the Polters -----------------------------------------------------------
def _own_family(state: WakfuState, seat: int, family: str) -> bool:
    p = state.players[seat]
    return any(family in state.cards[c].subtypes and state.cards[c].type == "Allié" for c in p.monde + p.havre)


def _polter_of(family: str) -> Any:
    """Whenever you could play a (non-Réaction) Action: your Phase Principale, nothing in the File."""
    def cond(state: WakfuState, seat: int, card: int) -> bool:
        return (state.phase == "main" and state.combat is None and state.active == seat and not state.file
                and _own_family(state, seat, family)
                and (not rules.first_turn_of_first_player(state) or rules.sac_room(state, seat)))
    return cond


HAND_POWERS.update({
    "Polter Bouftou": Spec("polter", _put_inclined, extra="destroy_sub:Bouftou", condition=_polter_of("Bouftou"),
                           alternative=True, text="destroy one of your Bouftous: put Polter Bouftou into play, inclined"),
    "Polter Piou": Spec("polter", _put_inclined, extra="destroy_sub:Piou", condition=_polter_of("Piou"),
                        alternative=True, text="destroy one of your Pious: put Polter Piou into play, inclined"),
})

# stats, keywords and continuous powers only (rules: Force auras, recycling as another element, draw watchers;
# events: damage reductions; combat: Minotoror)
PLAIN.update({
    "L'Homme Ours", "Guerya Wood", "Minotoror", "Milimulou", "Morora", "Pohn Bèche", "Gros Smare", "Brelondass",
    "Le Bourreau des Brumes", "Pissenlit Diabolique", "Tournesol Sauvage",
})


# -- redirections, a tax, Le Collectionneur, Gonard, Kriss la Krass, Calt Aclysme, Lâme Ourduvis, Shika -----------
def _p_redirect(state: WakfuState, item: Item) -> None:
    """Dodge / Edasse: the damage about to be dealt to the target goes to this card instead (RULES.md: the
    next damage to the target this turn)."""
    t = item.targets[0]
    if alive(state, t) and alive(state, item.card):
        rules.add_mod(state, t, "redirect", item.card)


def _collectionneur(state: WakfuState, item: Item) -> None:
    """Whenever another player plays an Équipement card: Le Collectionneur's controller may draw."""
    if state.cards[item.card].type != "Équipement":
        return
    for p in state.players:
        if p.seat == item.seat:
            continue
        for c in p.monde + p.havre:
            if state.name(c) == "Le Collectionneur":
                events.push_trigger(state, p.seat, c, "Le Collectionneur")


def _p_gonard(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t) and alive(state, item.card):
        # the last copy wins (its ruling): earlier copies this turn are replaced
        state.mods = [m for m in state.mods if not (m[0] == item.card and m[1] == "base_force")]
        rules.add_mod(state, item.card, "base_force", rules.cd(state, t).force)


def _p_kriss(state: WakfuState, item: Item) -> None:
    """Kriss la Krass swaps places with one of your Alliés or your Héros: zone (Monde / Havre Sac) and combat
    role (attacker, blocker, the attack's target).  Not a mouvement (414) and nothing appears."""
    k, o = item.card, item.targets[0]
    if not (alive(state, k) and alive(state, o)) or rules.controller(state, o) != item.seat:
        return
    cb = state.combat
    if cb is not None and any((b == k and not rules.may_block(state, o, a)) or (b == o and not rules.may_block(state, k, a))
                              for b, a in cb.blockers.items()):
        return  # the new blocker could not block that attacker (Agilité, "cannot block": its note)
    p = state.players[item.seat]
    zk, zo = (p.monde if k in p.monde else p.havre), (p.monde if o in p.monde else p.havre)
    if zk is not zo:
        for c in [k, *rules.equipment_of(state, k)]:
            zk.remove(c)
            zo.append(c)
        for c in [o, *rules.equipment_of(state, o)]:
            zo.remove(c)
            zk.append(c)
    if cb is not None:
        swap = {k: o, o: k}
        cb.attackers = [swap.get(c, c) for c in cb.attackers]
        cb.blocked = [swap.get(c, c) for c in cb.blocked]
        cb.blockers = {swap.get(b, b): swap.get(a, a) for b, a in cb.blockers.items()}
        cb.target = swap.get(cb.target, cb.target)
    rules.say(state, "swap", f"{state.name(k)} and {state.name(o)} swap places", item.seat, card=k)


def _calt_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Calt Aclysme: while inclined, when an opposing player has just acted in this combat (an Action or a
    power in the File above its combat)."""
    if state.combat is None or card not in state.tapped:
        return False
    top = [i for i in state.file if i.paid and i.kind in ("card", "power")]
    return bool(top) and state.table.team_of(top[-1].seat) != state.table.team_of(seat)


def _p_calt(state: WakfuState, item: Item) -> None:
    untap(state, item.card)
    damage(state, item, item.targets[0], 1, "Eau")


def _moved_cond(state: WakfuState, seat: int, card: int) -> bool:
    top = [i for i in state.file if i.paid]
    return bool(top) and top[-1].effect == "moved"


def _p_lame(state: WakfuState, item: Item) -> None:
    below = [i for i in state.file if i.paid and i.effect == "moved"]
    if below and alive(state, below[-1].card):
        # not a choice (its ruling): the mover is hit wherever it went
        events.deal_damage(state, item.seat, item.card, below[-1].card, 1, "Terre")


def _resolve_of(state: WakfuState, item: Item) -> Resolve | None:
    """What an item of the File does when it resolves (an Action, a paid power, a triggered power)."""
    name = state.name(item.card)
    if item.kind == "trigger":
        return TRIGGERS.get(item.effect)
    if item.kind == "power":
        d = rules.cd(state, item.card)
        specs = HERO_L2_POWERS.get(name, ()) if d.type == "Héros" and d.hero_side == 2 else ()
        specs = specs or POWERS.get(name, ())
        return specs[item.power].resolve if item.power < len(specs) else None
    spec = ACTIONS.get(name) if state.cards[item.card].type == "Action" else None
    return spec.resolve if spec is not None else None


def _force_bonus_below(state: WakfuState) -> int | None:
    """The place in the File of the item just played or triggered if it gives a Force bonus: found by
    resolving it on a copy of the game (whatever the card, Action or power)."""
    live = [i for i, x in enumerate(state.file) if x.paid and not x.cancelled and x.kind in ("card", "power", "trigger")
            and x.effect != "combat_inclined"]
    if not live:
        return None
    at = live[-1]
    fn = _resolve_of(state, state.file[at])
    if fn is None:
        return None
    probe = state.copy()
    item = probe.file.pop(at)
    before = len(probe.mods)
    fn(probe, item)
    gained = [m for m in probe.mods[before:] if m[1] == "force" and isinstance(m[2], int) and m[2] > 0]
    return at if gained else None


def _shika_cond(state: WakfuState, seat: int, card: int) -> bool:
    return _force_bonus_below(state) is not None


def _p_shika(state: WakfuState, item: Item) -> None:
    """The Force bonus the item below is about to give is cancelled: the rest of its effect happens (RULES.md:
    the positive Force modifiers it adds are taken away as it resolves)."""
    at = _force_bonus_below(state)
    if at is not None:
        state.flags.add(("no_force_bonus", at, state.file[at].card))


POWERS.update({
    "Dodge": (Spec("Dodge", _p_redirect, ("ally_named:Arty",), incline=True, reaction=True,
                   text="the damage about to be dealt to Arty goes to Dodge"),),
    "Edasse le Trouble Fête": (Spec("Edasse le Trouble Fête", _p_redirect, ("own_other_sub:Bandit",),
                                    cost=("Air", "Air"), reaction=True,
                                    text="the damage about to be dealt to another Bandit of yours goes to Edasse"),),
    "Gonard": (Spec("Gonard", _p_gonard, ("ally",), cost=("Neutre", "Neutre"),
                    text="copies the printed Force of an Allié"),),
    "Kriss la Krass": (Spec("Kriss la Krass", _p_kriss, ("own_other_character",), incline=True,
                            text="swaps places with your Héros or another of your Alliés"),),
    "Calt Aclysme": (Spec("Calt Aclysme", _p_calt, ("combatant",), reaction=True, condition=_calt_cond,
                          text="untaps and deals 1 Eau damage to an attacker or blocker"),),
    "Lâme Ourduvis": (Spec("Lâme Ourduvis", _p_lame, incline=True, reaction=True, condition=_moved_cond,
                           text="1 Terre damage to the card that just moved"),),
    "Shika Ingalsse": (Spec("Shika Ingalsse", _p_shika, incline=True, reaction=True, condition=_shika_cond,
                            text="cancel the Force bonus just played"),),
})
PLAIN.add("Erbus Erport")
TRIGGERS.update({"Le Collectionneur": _t_may_draw, "moved": noop})
WHEN_PLAYED.append(_collectionneur)
SHARED_POWERS.add("Gonard")
MOVE_WATCHERS.add("Lâme Ourduvis")


# -- Flaqueux (from the Défausse), Lisa Modas (a Monstre into the combat) -------------------------------------------
def _in_defausse(state: WakfuState, seat: int, card: int) -> bool:
    return card in state.players[seat].defausse


def _p_flaqueux(state: WakfuState, item: Item) -> None:
    if item.card in state.players[item.seat].defausse:
        rules.recycle(state, item.card)
        rules.say(state, "recycle", f"{rules.label(state, item.seat)} recycles Flaqueux", item.seat, card=item.card)
    rules.heal(state, item.seat, 2)


def _lisa_monsters(state: WakfuState, seat: int) -> list[int]:
    return [c for c in state.players[seat].main
            if state.cards[c].type == "Allié" and state.cards[c].is_monster and state.cards[c].level <= 3]


def _lisa_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Only in a combat (its ruling), by the attacking or the defending side, with a Monstre to put in."""
    cb = state.combat
    if cb is None or cb.step != "actions" or not _lisa_monsters(state, seat):
        return False
    team = state.table.team_of(seat)
    if team == state.table.team_of(cb.attacker):
        return True
    return team == state.table.team_of(cb.defender) and bool(cb.attackers)


def _p_lisa(state: WakfuState, item: Item) -> None:
    options = _lisa_monsters(state, item.seat)
    if state.combat is not None and options:
        may(state, item.seat, item.card, "lisa", "Lisa Modas: which Monstre joins the combat?", (*options, "none"))


def _fx_lisa(state: WakfuState, pend: Pending, value: Any) -> None:
    cb = state.combat
    p = state.players[pend.seat]
    if not isinstance(value, int) or value not in p.main or cb is None:
        return
    p.main.remove(value)
    rules.say(state, "put", f"{rules.label(state, pend.seat)} puts {state.name(value)} into play (Lisa Modas)",
              pend.seat, card=value)
    events.appear(state, Item("card", pend.seat, value, "lisa", place="monde"))
    if not rules.in_play(state, value):
        return
    state.flags.add(("lisa", value))
    if state.table.team_of(pend.seat) == state.table.team_of(cb.attacker):
        cb.attackers.append(value)  # "assign it as an attacker": the PM count is not asked (RULES.md)
        return
    targets = [a for a in cb.attackers if rules.may_block(state, value, a)]
    if targets:
        may(state, pend.seat, value, "lisa_block", f"{state.name(value)} blocks which attacker?", tuple(targets))


def _fx_lisa_block(state: WakfuState, pend: Pending, value: Any) -> None:
    cb = state.combat
    m = pend.card
    if cb is None or m is None or not rules.in_play(state, m) or value not in cb.attackers:
        return
    cb.blockers[m] = value
    if value not in cb.blocked:
        cb.blocked.append(value)


def _lisa_end(state: WakfuState, cb: Combat) -> None:
    """At the end of the combat, the Monstre Lisa Modas put in is destroyed if still in play."""
    for f in sorted(state.flags, key=repr):
        if f[0] == "lisa":
            state.flags.discard(f)
            if rules.in_play(state, f[1]):
                events.destroy(state, f[1])


POWERS.update({
    "Flaqueux": (Spec("Flaqueux", _p_flaqueux, cost=("Eau",), condition=_in_defausse,
                      text="from your Défausse: recycle it, your Héros regains 2 PV"),),
    "Lisa Modas": (Spec("Lisa Modas", _p_lisa, incline=True, condition=_lisa_cond,
                        text="a Monstre of Niveau 3 or less from your hand joins the combat"),),
})
DEFAUSSE_POWERS.add("Flaqueux")
COMBAT_ENDED.append(_lisa_end)
EFFECT_HANDLERS.update({"lisa": _fx_lisa, "lisa_block": _fx_lisa_block})
