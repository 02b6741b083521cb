"""The Incarnam Équipements beyond the starters (issue 23): their paid powers (802), triggered powers (804)
and the ones whose bonuses, keywords and Panoplies are all in ``rules`` (Force, PV, PA, PM, Résistance,
``EQUIP_KEYWORDS``, ``PANOPLIES``).  Stats, powers and Panoplies were read on each card's page
(``data/cards.csv`` names the page in its source column)."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.effects.common import alive, damage, draw, make_token, may, p_pa
from allegiance.games.wakfu.registry import (
    APPEAR,
    EFFECT_HANDLERS,
    END_OF_TURN,
    PLAIN,
    POWERS,
    START_OF_ACTIONS,
    TRIGGER_TARGETS,
    TRIGGERS,
    WHEN_DESTROYED,
    Spec,
)
from allegiance.games.wakfu.resources import producers
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def _porteur(state: WakfuState, card: int) -> int | None:
    """The Allié or Héros carrying the Équipement, if it is still in play (305)."""
    porteur = state.attached.get(card)
    return porteur if alive(state, porteur) else None


# -- paid powers (802) ------------------------------------------------------------------------------------------
def _p_arc_hidsad(state: WakfuState, item: Item) -> None:
    """1 Air damage to the chosen Allié / Héros, then 1 Air damage to the Arc's own porteur (errata: Air)."""
    damage(state, item, item.targets[0], 1, "Air")
    porteur = _porteur(state, item.card)
    if porteur is not None:
        damage(state, item, porteur, 1, "Air")


def _p_larvamulette(state: WakfuState, item: Item) -> None:
    """Recycle a card of the element of your choice: the porteur has Résistance 1 to it until end of turn.
    The card chosen names the element; with an empty Défausse nothing happens (the card's note)."""
    defausse = state.players[item.seat].defausse
    if defausse and _porteur(state, item.card) is not None:
        may(state, item.seat, item.card, "larvamulette", "Larvamulette: recycle a card from your Défausse; the "
            "porteur gains Résistance 1 to its element until end of turn", tuple(defausse))


def _fx_larvamulette(state: WakfuState, pend: Pending, value: Any) -> None:
    if not isinstance(value, int) or pend.card is None:
        return
    element = state.cards[value].element
    rules.recycle(state, value)
    rules.say(state, "recycle", f"{rules.label(state, pend.seat)} recycles {state.name(value)}", pend.seat, card=value)
    porteur = _porteur(state, pend.card)
    if porteur is not None:
        rules.add_mod(state, porteur, "resist:" + element, 1)  # 806.12, until end of turn


def _p_marteau(state: WakfuState, item: Item) -> None:
    """Up to two different attacking or blocking Alliés / Héros take 1 Feu damage each (those still fighting)."""
    cb = state.combat
    for t in item.targets:
        if cb is not None and (t in cb.attackers or t in cb.blockers):
            damage(state, item, t, 1, "Feu")


def _in_combat(state: WakfuState, seat: int, card: int) -> bool:
    return state.combat is not None


def _p_razielle(state: WakfuState, item: Item) -> None:
    """(Terre): the porteur gets +1 Force until end of turn; each use is counted for the end of turn."""
    porteur = _porteur(state, item.card)
    if porteur is not None:
        rules.add_mod(state, porteur, "force", 1)
    uses = sum(1 for f in state.flags if f[0] == "razielle" and f[1] == item.card)
    state.flags.add(("razielle", item.card, uses))


def _razielle_end(state: WakfuState, seat: int) -> None:
    """Razielle: more than 3 Terre spent on its power this turn (a 4th use) destroys it at end of turn (605.1)."""
    for f in sorted(state.flags, key=repr):  # a fixed order, whatever the process's string hashing
        if f[0] == "razielle" and f[2] >= 3 and rules.in_play(state, f[1]):
            events.destroy(state, f[1])


def _p_tueuse(state: WakfuState, item: Item) -> None:
    """Recycle a Terre card from the Défausse of the chosen player (the one choosing is the power's controller)."""
    target = int(item.targets[0])
    options = tuple(c for c in state.players[target].defausse if rules.of_element(state, c, "Terre"))
    if options:
        may(state, item.seat, item.card, "recycle_any", f"Tueuse de Chênes: recycle a Terre card from "
            f"{rules.label(state, target)}'s Défausse", options)


def _fx_recycle_any(state: WakfuState, pend: Pending, value: Any) -> None:
    if isinstance(value, int):
        rules.recycle(state, value)
        rules.say(state, "recycle", f"{rules.label(state, pend.seat)} recycles {state.name(value)}", pend.seat,
                  card=value)


def _p_gelamu(state: WakfuState, item: Item) -> None:
    """Move the Gelamu from its porteur to the chosen one (still legal: yours, with room for it)."""
    new = item.targets[0]
    old = state.attached.get(item.card)
    if not (alive(state, item.card) and alive(state, new)) or old == new or rules.controller(state, new) != item.seat \
            or not rules.slot_free(state, new, item.card):
        return
    move_equipment(state, item.card, new)


def move_equipment(state: WakfuState, card: int, porteur: int) -> None:
    """An Équipement changes porteur: it follows its new porteur's zone (414.1) and a Héros' PV follow the PV
    bonuses it gains or loses (403: raised when it arrives, lowered when it leaves)."""
    seat = rules.controller(state, card)
    p = state.players[seat]
    heroes = {state.owner(c) for c in (state.attached.get(card), porteur)
              if c is not None and state.cards[c].type == "Héros"}
    before = {s: rules.max_pv(state, s) for s in heroes}
    (p.monde if card in p.monde else p.havre).remove(card)
    (p.monde if porteur in p.monde else p.havre).append(card)
    state.attached[card] = porteur
    for s, was in sorted(before.items()):
        state.players[s].pv += rules.max_pv(state, s) - was
    rules.say(state, "move_equipment", f"{state.name(card)} goes to {state.name(porteur)}", seat, card=card)


POWERS.update({
    "Arc Hidsad": (Spec("Arc Hidsad", _p_arc_hidsad, ("character",), incline=True,
                        text="1 Air damage, then 1 Air damage to its porteur"),),
    "Baguette Larvesque": (Spec("Baguette Larvesque", p_pa, ("player",), incline=True,
                                text="a player loses 1 PA until end of turn"),),
    "Larvamulette": (Spec("Larvamulette", _p_larvamulette, incline=True,
                          text="recycle a card: its porteur gains Résistance 1 to its element"),),
    "Marteau Toh'Lo": (Spec("Marteau Toh'Lo", _p_marteau, ("combatant", "combatant?"), incline=True,
                            condition=_in_combat, text="1 Feu damage to up to two attackers / blockers"),),
    "Razielle": (Spec("Razielle", _p_razielle, cost=("Terre",), text="its porteur gets +1 Force"),),
    "Tueuse de Chênes": (Spec("Tueuse de Chênes", _p_tueuse, ("player",), incline=True,
                              text="recycle a Terre card from a player's Défausse"),),
    "Gelamu": (Spec("Gelamu", _p_gelamu, ("new_porteur",), cost=("Neutre", "Neutre", "Neutre"),
                    text="move it to another porteur"),),
})
EFFECT_HANDLERS.update({"larvamulette": _fx_larvamulette, "recycle_any": _fx_recycle_any})
END_OF_TURN.append(_razielle_end)


# -- triggered powers (804) -------------------------------------------------------------------------------------
def _aiguille_targets(state: WakfuState, item: Item) -> list[int]:
    """804.3: an Allié or Héros within the Aiguille's reach (508), chosen as it triggers."""
    if not rules.in_play(state, item.card):
        return []
    return [c for p in state.players for c in p.monde + p.havre
            if rules.is_character(state, c) and rules.can_affect(state, item.seat, item.card, c)]


def _t_aiguille(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if t is not None and alive(state, t) and rules.can_affect(state, item.seat, item.card, t):
        events.deal_damage(state, item.seat, item.card, t, 1, "Feu")


def _t_boufballe(state: WakfuState, item: Item) -> None:
    rules.gain_xp(state, item.seat, 1)


def _boufballe_watch(state: WakfuState) -> None:
    """Boufballe: each attacker carrying one that no blocker was declared against gains its controller 1 XP
    (checked as the Phase d'Actions starts, once the blockers are known: 704, 705)."""
    cb = state.combat
    if cb is None or not rules.in_game(state, "Boufballe"):
        return
    for a in cb.attackers:
        if a in cb.blocked:
            continue
        for e in rules.equipment_of(state, a):
            if state.cards[e].name == "Boufballe":
                events.push_trigger(state, rules.controller(state, e), e, "Boufballe")


def _t_gelax(state: WakfuState, item: Item) -> None:
    draw(state, item.seat)


def _t_vampyre(state: WakfuState, item: Item) -> None:
    options = sorted({c for c, _ in producers(state, item.seat)})
    if options:
        may(state, item.seat, item.card, "vampyre_set", "Panoplie Vampyre: incline a card (Neutre) for a Force 1 "
            "Air Vampyre token?", (*options, "no"))


def _fx_vampyre_set(state: WakfuState, pend: Pending, value: Any) -> None:
    """The Panoplie Vampyre's answer: the chosen card inclined pays (Neutre), then a Vampyre token (413.2)."""
    if isinstance(value, int) and value not in state.tapped and rules.controller(state, value) == pend.seat:
        events.incline(state, value)
        make_token(state, pend.seat, "Vampyre (jeton)")


def _on_destroyed(state: WakfuState, card: int, owner: int) -> None:
    """Whenever an Allié is destroyed: the Panoplie Gelax draws its porteur's controller a card and the Panoplie
    Vampyre offers him a Vampyre token for (Neutre) (triggered powers, 804; 404); Bouloute's PV bonus grows by 1
    for an opposing Monstre (a marker: permanent, its note)."""
    d = state.cards[card]
    if d.type != "Allié" or not state.attached:
        return
    names = rules.game_names(state)
    gelax = "Gelobottes" in names or "Gelano" in names or "Gelamu" in names
    vampyre = "Cape du Vampyre" in names and "Ceinture du Vampyre" in names
    if not gelax and not vampyre and "Bouloute" not in names:
        return
    for porteur in sorted(set(state.attached.values())):
        seat = rules.controller(state, porteur)
        if seat < 0:
            continue
        if gelax and rules.panoply(state, porteur, "gelax"):
            piece = min(e for e in rules.equipment_of(state, porteur) if "Gelax" in state.cards[e].subtypes)
            events.push_trigger(state, seat, piece, "gelax")
        if vampyre and rules.panoply(state, porteur, "vampyre"):  # 404: Panoplie Vampyre (2 pieces)
            piece = min(e for e in rules.equipment_of(state, porteur) if "Vampyre" in state.cards[e].subtypes)
            events.push_trigger(state, seat, piece, "vampyre_set")
        if d.is_monster and state.table.team_of(seat) != state.table.team_of(owner):
            for e in rules.equipment_of(state, porteur):
                if state.cards[e].name == "Bouloute":
                    _grow_bouloute(state, e, porteur, seat)


def _grow_bouloute(state: WakfuState, bouloute: int, porteur: int, seat: int) -> None:
    before = rules.max_pv(state, seat)
    rules.add_mod(state, bouloute, "pv_bonus", 1, "perm")  # kept until it leaves play (rules.remove)
    if porteur == state.players[seat].hero:
        state.players[seat].pv += rules.max_pv(state, seat) - before  # 403: a PV bonus raises current PV
    rules.say(state, "bouloute", "Bouloute's PV bonus grows by 1", seat, card=bouloute)


TRIGGERS.update({"Aiguille Gluante": _t_aiguille, "Boufballe": _t_boufballe, "gelax": _t_gelax,
                 "vampyre_set": _t_vampyre})
EFFECT_HANDLERS["vampyre_set"] = _fx_vampyre_set
TRIGGER_TARGETS["Aiguille Gluante"] = _aiguille_targets
APPEAR.add("Aiguille Gluante")
START_OF_ACTIONS.append(_boufballe_watch)
WHEN_DESTROYED.append(_on_destroyed)

PLAIN.update({
    # Force, PV, PA, PM, Résistance, keywords (rules.EQUIP_KEYWORDS) and Panoplies (rules.PANOPLIES) only;
    # Bouloute and Dragoune Rose have continuous powers written above and in rules.gain_xp
    "Abrabottes", "Abraton", "Anneau de Bouze le Clerc", "Anneau de l'Invocateur", "Anneau Stradamus", "Bashers",
    "Bâton du Wa Wabbit", "Bouloute", "Cape du Mulou", "Cape du Vampyre", "Cape du Wa Wabbit", "Ceinture du Vampyre",
    "Couronne du Wa Wabbit", "Dragoune Rose", "Gelano", "Gelobottes", "Hache du Mulou", "Kwaklame de Glace",
    "Kwakobottes de Glace", "Kwakoiffe de Glace", "La Broche Céleste", "Queues de Chatons", "Scaracape Blanche",
    "Scaracoiffe Blanche", "String du Mulou",
})
