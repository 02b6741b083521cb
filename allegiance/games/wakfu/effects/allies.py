"""The Allié cards (303): their paid powers (802), powers usable from the hand (412.2), triggered powers
(804) and the Alliés with no power beyond stats and keywords.  Each card's entries are in the tables at the
end of its section."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules, teams
from allegiance.games.wakfu.effects.common import alive, draw, may, p_damage, p_force, untap
from allegiance.games.wakfu.registry import (
    APPEAR,
    BEFORE_DAMAGE,
    DAMAGED,
    DESTROYED,
    EFFECT_HANDLERS,
    END_OF_TURN,
    HAND_POWERS,
    PLAIN,
    POWERS,
    START_OF_TURN,
    TRIGGER_TARGETS,
    TRIGGERS,
    WHEN_DESTROYED,
    Spec,
    noop,
)
from allegiance.games.wakfu.resources import producers
from allegiance.games.wakfu.state import Item, Pending, WakfuState


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
