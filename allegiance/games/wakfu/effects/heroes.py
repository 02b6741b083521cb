"""The Héros (307): their paid powers at each Niveau (307.4), their "quand [nom] attaque" powers, their
Réaction powers and their triggered powers (a Héros' two sides share its name: ``HERO_L2_POWERS`` holds the
Niveau 2 powers that differ, and a trigger reads the side in force with ``rules.cd``)."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.effects.common import alive, draw, may, p_damage, p_draw, p_pa
from allegiance.games.wakfu.registry import (
    ATTACK_PM,
    DAMAGED,
    DAMAGED_AMOUNT,
    EFFECT_HANDLERS,
    HERO_L2_POWERS,
    ON_ATTACK,
    PLAIN,
    POWERS,
    START_OF_TURN,
    TRIGGERS,
    Spec,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def _side(state: WakfuState, card: int) -> int:
    """1 or 2: the Niveau side of the Héros now (307.4)."""
    return rules.cd(state, card).hero_side


# -- Hynd Yanajone: draw -------------------------------------------------------------------------------------
def _draw2(state: WakfuState, item: Item) -> None:
    draw(state, item.seat, 2)


# -- Klore Ofil: a Réaction to an attack declaration (701.2) ------------------------------------------------------
def _klore_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Right after another player declared an attack, before its target is chosen (the declaration is the top
    of the File, 701.2)."""
    top = state.file[-1] if state.file else None
    return top is not None and top.kind == "attack" and top.seat != seat


def _klore(gain: int) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        decl = next((i for i in reversed(state.file) if i.kind == "attack"), None)
        if decl is not None:
            state.pmods.append((decl.seat, "pm", -1, "turn"))
        if gain:
            state.pmods.append((item.seat, "pm", gain, "turn"))
    return run


# -- Kouff Ourbe: attackers and blockers that incline take Terre damage ------------------------------------------
def _kouff(n: int) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        state.pmods.append((item.seat, "kouff", n, "combat"))  # events.incline deals it (source: the game)
    return run


def _in_actions(state: WakfuState, seat: int, card: int) -> bool:
    return state.combat is not None and state.combat.step == "actions"


# -- Shimay Rouch: while it stays inclined ------------------------------------------------------------------------
def _shimay(n: int) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        """+N Force and N less damage while it stays inclined: modifiers lasting until it untaps
        (``until`` "untap", ended by ``events.untapped``)."""
        if alive(state, item.card) and item.card in state.tapped:
            rules.add_mod(state, item.card, "force", n, "untap")
            rules.add_mod(state, item.card, "reduce", n, "untap")
    return run


# -- Opée Tissoin: heals at the start of its turn, shields an Allié or Héros ----------------------------------------
def _opee_heals(state: WakfuState, item: Item) -> None:
    if alive(state, item.card):
        rules.heal(state, rules.controller(state, item.card), 1)


def _opee_shield(n: int) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        """Reduce the damage about to be dealt to the target: a shield spent by its next damage (as Gelée
        Fraise and Mob l'Éponge, RULES.md)."""
        if alive(state, item.targets[0]):
            rules.add_mod(state, item.targets[0], "shield", n)
    return run


# -- Ayma Ragie: whenever it loses PV ------------------------------------------------------------------------------
def _ayma(state: WakfuState, item: Item) -> None:
    """Niveau 1: +1 Force for each time it loses PV; Niveau 2: +1 Force for each PV lost (the trigger's X)."""
    if alive(state, item.card):
        rules.add_mod(state, item.card, "force", 1 if _side(state, item.card) == 1 else max(1, item.x))


# -- Trantmy Londami: a Monstre from the hand into play (412.2) ---------------------------------------------------
def _monsters_in_hand(state: WakfuState, seat: int, top: int) -> list[int]:
    return [c for c in state.players[seat].main
            if state.cards[c].type == "Allié" and state.cards[c].is_monster and state.cards[c].level <= top]


def _trantmy_cond(top: int) -> Any:
    def cond(state: WakfuState, seat: int, card: int) -> bool:
        return bool(_monsters_in_hand(state, seat, top))
    return cond


def _trantmy(top: int) -> Any:
    def run(state: WakfuState, item: Item) -> None:
        found = _monsters_in_hand(state, item.seat, top)
        if found:
            may(state, item.seat, item.card, "trantmy", f"{state.name(item.card)}: which Monstre of Niveau {top} "
                "or less is put into play?", (*sorted(found, key=lambda c: (state.name(c), c)), "none"), top=top)
    return run


def _fx_trantmy(state: WakfuState, pend: Pending, value: Any) -> None:
    """Mettre en jeu (412.2): the card is not played, costs nothing, and appears in the Monde (the Havre Sac on
    the first player's first turn, 506.3)."""
    p = state.players[pend.seat]
    if not isinstance(value, int) or value not in _monsters_in_hand(state, pend.seat, int(pend.get("top"))):
        return
    p.main.remove(value)
    rules.say(state, "put", f"{rules.label(state, pend.seat)} puts {state.name(value)} into play", pend.seat,
              card=value)
    place = "havre" if rules.first_turn_of_first_player(state) else "monde"
    events.appear(state, Item("card", pend.seat, value, state.name(value), place=place))


POWERS.update({
    "Tirlangue Portey": (Spec("Tirlangue Portey", p_damage(2, "Air"), ("character",), incline=True,
                              text="2 Air damage to an Allié or Héros"),),
    "Aeron Zeklox": (Spec("Aeron Zeklox", p_pa, ("player",), incline=True, text="a player loses 1 PA"),),
    "Hynd Yanajone": (Spec("Hynd Yanajone", p_draw, incline=True, text="draw a card"),),
    "Klore Ofil": (Spec("Klore Ofil", _klore(0), incline=True, reaction=True, condition=_klore_cond,
                        text="the attacking player loses 1 PM"),),
    "Kouff Ourbe": (Spec("Kouff Ourbe", _kouff(1), cost=("Neutre",), condition=_in_actions,
                         text="attackers and blockers that incline take 1 Terre damage"),),
    "Shimay Rouch": (Spec("Shimay Rouch", _shimay(1), incline=True,
                          text="while inclined: +1 Force, damage to it reduced by 1"),),
    "Opée Tissoin": (Spec("Opée Tissoin", _opee_shield(2), ("character",), incline=True, reaction=True,
                          text="the next damage to an Allié or Héros is reduced by 2"),),
    "Trantmy Londami": (Spec("Trantmy Londami", _trantmy(2), incline=True, condition=_trantmy_cond(2),
                             text="put a Monstre of Niveau 2 or less from your hand into play"),),
})
HERO_L2_POWERS.update({
    "Tirlangue Portey": (Spec("Tirlangue Portey", p_damage(3), ("character", "element"), incline=True,
                              text="3 damage of a chosen element"),),
    "Hynd Yanajone": (Spec("Hynd Yanajone", _draw2, incline=True, text="draw two cards"),),
    "Klore Ofil": (Spec("Klore Ofil", _klore(1), incline=True, reaction=True, condition=_klore_cond,
                        text="the attacking player loses 1 PM, you gain 1 PM"),),
    "Kouff Ourbe": (Spec("Kouff Ourbe", _kouff(2), cost=("Neutre", "Neutre"), condition=_in_actions,
                         text="attackers and blockers that incline take 2 Terre damage"),),
    "Shimay Rouch": (Spec("Shimay Rouch", _shimay(2), incline=True,
                          text="while inclined: +2 Force, damage to it reduced by 2"),),
    "Opée Tissoin": (Spec("Opée Tissoin", _opee_shield(1000), ("character",), incline=True, reaction=True,
                          text="the next damage to an Allié or Héros is reduced to 0"),),
    "Trantmy Londami": (Spec("Trantmy Londami", _trantmy(3), incline=True, condition=_trantmy_cond(3),
                             text="put a Monstre of Niveau 3 or less from your hand into play"),),
})


def _bruss_attacks(state: WakfuState, card: int) -> None:
    """Bruss Ouilis: when it attacks, +1 Force and +1 PM (Niveau 2: and Géant) until end of combat; the PM
    counts before the attacker count is checked (703.2c)."""
    d = rules.cd(state, card)
    seat = rules.controller(state, card)
    rules.add_mod(state, card, "force", 1, "combat")
    state.pmods.append((seat, "pm", 1, "combat"))
    if d.hero_side == 2:
        rules.add_mod(state, card, "Géant", 1, "combat")


ON_ATTACK["Bruss Ouilis"] = _bruss_attacks
ATTACK_PM["Bruss Ouilis"] = 1
START_OF_TURN["Opée Tissoin"] = "Opée Tissoin:heal"
TRIGGERS.update({"Opée Tissoin:heal": _opee_heals, "Ayma Ragie": _ayma})
DAMAGED.add("Ayma Ragie")
DAMAGED_AMOUNT.add("Ayma Ragie")
EFFECT_HANDLERS["trantmy"] = _fx_trantmy

# no power beyond stats, keywords and continuous powers (Poum Ondacié's prevention is in events)
PLAIN.update({
    "Bruss Ouilis", "Poum Ondacié",
})
