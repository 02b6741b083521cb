"""The Quêtes (302.2): Actions with the Réaction trait, played only right when their condition happens, even
in an opponent's turn.

A condition that is an event (an Allié just destroyed, a player declaring the end of the turn) opens a window:
a File item of its own (effect ``quest:destroyed`` / ``quest:end_turn``, no effect when it resolves) that every
player may answer with a Réaction (809.6), and that the Quêtes' conditions read.  A window opens only when some
player holds a Quête it may concern, so that games without Quêtes play exactly as before.  Vacances sur l'île de
Moon reads a state at the start of its player's turn instead (RULES.md).
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules, teams
from allegiance.games.wakfu.effects.common import draw, may
from allegiance.games.wakfu.registry import (
    ACTIONS,
    DESTROYED_BY,
    EFFECT_HANDLERS,
    END_DECLARED,
    TRIGGERS,
    TURN_START,
    Spec,
    noop,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState

#: the cards answering an Allié just destroyed (Passion d'Ulgrude is a Réaction, not a Quête, to the same event)
ON_DESTROY = ("Piou ?", "Premières Armes", "La Dernière Mode", "À la poursuite d'Ogrest", "Passion d'Ulgrude")
ON_END_TURN = ("Festin des Wabbits", "La complainte de Lykhen")


def _held(state: WakfuState, names: tuple[str, ...]) -> bool:
    if rules.game_names(state).isdisjoint(names):  # no deck holds one: no hand to look through
        return False
    cards = state.cards
    for p in state.players:
        if not p.out:
            for c in p.main:
                if cards[c].name in names:
                    return True
    return False


def _window(state: WakfuState, seat: int, card: int, effect: str, data: list[Any]) -> None:
    state.file.append(Item("trigger", seat, card, effect, data, paid=True, to_ask=teams.after(state, seat)))


# -- an Allié just destroyed ------------------------------------------------------------------------------------
def _destroyed(state: WakfuState, card: int, controller: int, by: int | None) -> None:
    """An Allié destroyed opens a window (its targets: the controller it had, the player who destroyed it, the
    one credited for it (409.2), or -1)."""
    if state.cards[card].type != "Allié" or not _held(state, ON_DESTROY):
        return
    _window(state, controller if by is None else by, card, "quest:destroyed", [controller, -1 if by is None else by])


def _destroyed_window(state: WakfuState) -> Item | None:
    top = state.file[-1] if state.file else None
    return top if top is not None and top.effect == "quest:destroyed" else None


def _just_destroyed(state: WakfuState, seat: int) -> Item | None:
    """The window of an Allié the seat just destroyed, if it is the top of the File."""
    top = _destroyed_window(state)
    return top if top is not None and top.targets[1] == seat else None


def _passion_cond(state: WakfuState, seat: int, card: int) -> bool:
    """One of your Alliés was just destroyed (by anyone)."""
    top = _destroyed_window(state)
    return top is not None and top.targets[0] == seat


def _opposing(state: WakfuState, seat: int, card: int) -> bool:
    top = _just_destroyed(state, seat)
    return top is not None and not teams.same_team(state, int(top.targets[0]), seat)


def _own(state: WakfuState, seat: int, card: int) -> bool:
    top = _just_destroyed(state, seat)
    return top is not None and int(top.targets[0]) == seat


def _unique(state: WakfuState, seat: int, card: int) -> bool:
    top = _just_destroyed(state, seat)
    return top is not None and state.cards[top.card].unique


# -- a player declaring the end of the turn -------------------------------------------------------------------
def end_declared(state: WakfuState, seat: int) -> None:
    """The active player declares the end of the turn (603.4): a window for the Quêtes."""
    if _held(state, ON_END_TURN):
        _window(state, seat, state.players[seat].hero, "quest:end_turn", [int(state.attacked)])


def _end_window(state: WakfuState) -> Item | None:
    top = state.file[-1] if state.file else None
    return top if top is not None and top.effect == "quest:end_turn" else None


def _festin_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Your Héros inclined in the Monde as you declare the end of your turn."""
    top = _end_window(state)
    p = state.players[seat]
    return top is not None and top.seat == seat and p.hero in p.monde and p.hero in state.tapped


def _complainte_cond(state: WakfuState, seat: int, card: int) -> bool:
    """An opposing player declares the end of the turn without having attacked."""
    top = _end_window(state)
    return top is not None and not teams.same_team(state, top.seat, seat) and not top.targets[0]


# -- the start of the turn -----------------------------------------------------------------------------------
def _turn_start(state: WakfuState, seat: int) -> None:
    """Vacances sur l'île de Moon: whether the seat's Héros is the only Héros in the Monde now (remembered only
    by a player who has the card in hand, Pioche or Défausse: a game without it keeps its flags as before)."""
    p = state.players[seat]
    if not rules.in_game(state, "Vacances sur l'île de Moon") or not any(
            state.cards[c].name == "Vacances sur l'île de Moon" for c in (*p.main, *p.pioche, *p.defausse)):
        return
    heroes = [c for q in state.players for c in q.monde if state.cards[c].type == "Héros"]
    if heroes == [p.hero]:
        state.flags.add(("alone_at_start", seat))


def _vacances_cond(state: WakfuState, seat: int, card: int) -> bool:
    return ("alone_at_start", seat) in state.flags and state.active == seat


# -- the effects ---------------------------------------------------------------------------------------------
def _piou(state: WakfuState, item: Item) -> None:
    draw(state, item.seat)


def _search(what: str, to: str) -> Any:
    """Search your Pioche for a card of a type or subtype (a hidden zone: the search may fail), then shuffle."""
    def run(state: WakfuState, item: Item) -> None:
        p = state.players[item.seat]
        found = [c for c in p.pioche if state.cards[c].type == what or what in state.cards[c].subtypes]
        may(state, item.seat, item.card, "quest_search", f"{state.name(item.card)}: search your Pioche for a {what}",
            (*sorted(found, key=lambda c: (state.name(c), c)), "none"), shown=tuple(found), to=to)
    return run


def _fx_quest_search(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if isinstance(value, int) and value in p.pioche:
        to = pend.get("to")
        rules.say(state, "search", f"{rules.label(state, pend.seat)} reveals {state.name(value)}", pend.seat,
                  card=value)
        p.pioche.remove(value)
        if to == "hand":
            p.main.append(value)
        elif to == "zone":
            events.appear(state, Item("card", pend.seat, value, state.name(value), place="monde"))
        else:  # a Dofus: on one of your Héros / Alliés (not a Monstre), like an Équipement (305.3, 305.7)
            porteurs = [c for c in p.monde + p.havre if rules.is_character(state, c)
                        and not rules.cd(state, c).is_monster and rules.slot_free(state, c, value)]
            if porteurs:
                state.rng.shuffle(p.pioche)
                may(state, pend.seat, pend.card or 0, "dofus_porteur", f"Who carries {state.name(value)}?",
                    tuple(porteurs), dofus=value)
                return
            p.defausse.append(value)
    state.rng.shuffle(p.pioche)  # 405: a searched hidden zone is shuffled


def _fx_dofus_porteur(state: WakfuState, pend: Pending, value: Any) -> None:
    events.appear(state, Item("card", pend.seat, pend.get("dofus"), state.name(pend.get("dofus")), place=str(value)))


def _passion(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if isinstance(t, int) and rules.in_play(state, t):
        events.destroy(state, t, item.seat)


def _festin(state: WakfuState, item: Item) -> None:
    rules.heal(state, item.seat, 5)


def _complainte(state: WakfuState, item: Item) -> None:
    rules.gain_xp(state, item.seat, 1)


ACTIONS.update({s.name: s for s in (
    Spec("Piou ?", _piou, reaction=True, condition=_opposing),
    Spec("Premières Armes", _search("Arme", "hand"), reaction=True, condition=_opposing),
    Spec("La Dernière Mode", _search("Équipement", "hand"), reaction=True, condition=_own),
    Spec("À la poursuite d'Ogrest", _search("Dofus", "play"), reaction=True, condition=_unique),
    Spec("Passion d'Ulgrude", _passion, ("ally",), reaction=True, condition=_passion_cond),
    Spec("Festin des Wabbits", _festin, reaction=True, condition=_festin_cond),
    Spec("La complainte de Lykhen", _complainte, reaction=True, condition=_complainte_cond),
    Spec("Vacances sur l'île de Moon", _search("Zone", "zone"), condition=_vacances_cond),
)})
TRIGGERS.update({"quest:destroyed": noop, "quest:end_turn": noop})
DESTROYED_BY.append(_destroyed)
TURN_START.append(_turn_start)
END_DECLARED.append(end_declared)
EFFECT_HANDLERS.update({"quest_search": _fx_quest_search, "dofus_porteur": _fx_dofus_porteur})
