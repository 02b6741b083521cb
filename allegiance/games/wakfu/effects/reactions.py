"""Réaction Actions answering an event that has no File item of its own (809): XP about to be gained or just
gained (Fourberie de Djaul, Curiosité Dangereuse), a card about to be drawn (Humour de Pouchecot), a mouvement
(Piège Glacial).

As for the Quêtes (``effects.quests``), the event opens a window, a File item every player may answer in turn
(809.6) that the cards' conditions read, and only when some player holds a card that may answer it: games
without those cards play exactly as before.  XP about to be gained is gained when its window resolves, by
whoever the Réactions left it to.
"""

from __future__ import annotations

from allegiance.games.wakfu import events, rules, teams
from allegiance.games.wakfu.registry import ACTIONS, COMBAT_ENDED, MOVED, TRIGGERS, Spec, noop
from allegiance.games.wakfu.state import Combat, Item, WakfuState


def _holders(state: WakfuState, name: str, but: int) -> bool:
    """Whether a player other than ``but`` still in the game holds a card called ``name`` in hand (asked at
    every card drawn, XP gained and mouvement: a game without the card answers at once)."""
    if name not in rules.game_names(state):
        return False
    cards = state.cards
    for p in state.players:  # (loops: a generator made cells at every call)
        if p.seat != but and not p.out:
            for c in p.main:
                if cards[c].name == name:
                    return True
    return False


def _window(state: WakfuState, seat: int, effect: str, data: list[object]) -> None:
    state.file.append(Item("trigger", seat, state.players[seat].hero, effect, data, paid=True,
                           to_ask=teams.after(state, seat)))


def _top(state: WakfuState, effect: str) -> Item | None:
    top = state.file[-1] if state.file else None
    return top if top is not None and top.effect == effect else None


# -- XP ----------------------------------------------------------------------------------------------------------
def _xp_about(state: WakfuState, seat: int, n: int) -> bool:
    if ("xp_window_done", seat) in state.flags:
        state.flags.discard(("xp_window_done", seat))
        return False
    if not _holders(state, "Fourberie de Djaul", seat):
        return False
    _window(state, seat, "xp_about", [seat, n])
    return True


def _xp_about_resolves(state: WakfuState, item: Item) -> None:
    seat, n = item.targets
    state.flags.add(("xp_window_done", seat))
    rules.gain_xp(state, seat, n)
    state.flags.discard(("xp_window_done", seat))


def _xp_gained(state: WakfuState, seat: int, n: int) -> None:
    if _holders(state, "Curiosité Dangereuse", -1):
        _window(state, seat, "xp_gained", [seat, n])


def _fourberie_cond(state: WakfuState, seat: int, card: int) -> bool:
    top = _top(state, "xp_about")
    return top is not None and top.targets[0] != seat


def _fourberie(state: WakfuState, item: Item) -> None:
    """You gain that XP instead: the window's XP goes to you."""
    window = next((i for i in reversed(state.file) if i.effect == "xp_about"), None)
    if window is not None:
        window.targets[0] = item.seat


def _curiosite_cond(state: WakfuState, seat: int, card: int) -> bool:
    return _top(state, "xp_gained") is not None


def _curiosite(state: WakfuState, item: Item) -> None:
    """The Héros of the player who just gained XP takes as many Neutre damage."""
    window = next((i for i in reversed(state.file) if i.effect == "xp_gained"), None)
    if window is not None:
        seat, n = window.targets
        events.deal_damage(state, item.seat, None, state.players[seat].hero, n, "Neutre")


# -- a card about to be drawn --------------------------------------------------------------------------------------
def _draw_about(state: WakfuState, seat: int) -> bool:
    """Each card drawn is a draw of its own (Humour de Pouchecot's ruling); not during the setup (102)."""
    if ("draw_window_done", seat) in state.flags:
        state.flags.discard(("draw_window_done", seat))
        return False
    if state.phase in ("setup", "mulligan") or not _holders(state, "Humour de Pouchecot", seat):
        return False
    _window(state, seat, "draw_about", [seat])
    return True


def _draw_about_resolves(state: WakfuState, item: Item) -> None:
    seat = int(item.targets[0])
    state.flags.add(("draw_window_done", seat))
    rules.draw(state, seat)
    state.flags.discard(("draw_window_done", seat))


def _humour_cond(state: WakfuState, seat: int, card: int) -> bool:
    top = _top(state, "draw_about")
    return top is not None and top.targets[0] != seat


def _humour(state: WakfuState, item: Item) -> None:
    """You draw that card instead (from your own Pioche)."""
    window = next((i for i in reversed(state.file) if i.effect == "draw_about"), None)
    if window is not None:
        window.targets[0] = item.seat


# -- right after a combat: La Ruse d'Allister -----------------------------------------------------------------------
def _combat_ended(state: WakfuState, cb: Combat) -> None:
    """A combat just ended: a window for its defender, if he holds La Ruse d'Allister."""
    if any(state.cards[c].name == "La Ruse d'Allister" for c in state.players[cb.defender].main):
        state.file.append(Item("trigger", cb.defender, state.players[cb.defender].hero, "combat_over",
                               [cb.attacker, cb.defender], paid=True, to_ask=[cb.defender]))


def _ruse_cond(state: WakfuState, seat: int, card: int) -> bool:
    top = _top(state, "combat_over")
    return top is not None and top.targets[1] == seat and state.combat is None


def _ruse(state: WakfuState, item: Item) -> None:
    """Declare an attack against the player who just attacked you (701.2: the declaration goes to the File and
    the combat follows, in his turn; its target is one of his cards, ``combat.targets``)."""
    window = next((i for i in reversed(state.file) if i.effect == "combat_over"), None)
    if window is None or state.combat is not None or not teams.alive(state, int(window.targets[0])):
        return
    foe = int(window.targets[0])
    state.flags.add(("ruse", item.seat, foe))
    state.combat = Combat(item.seat, foe, to_act=item.seat)
    rules.say(state, "attack", f"{rules.label(state, item.seat)} attacks back (La Ruse d'Allister)", item.seat)
    state.file.append(Item("attack", item.seat, state.players[item.seat].hero, "attack", paid=True,
                           to_ask=teams.after(state, item.seat)))


# -- a mouvement -------------------------------------------------------------------------------------------------
def _moved(state: WakfuState, seat: int, card: int) -> None:
    """A mouvement opens one "moved" window (414): the moved card and, as its target, the player who made it,
    the same window as ``events.moved`` opens for Lâme Ourduvis (which skips it when this one is there)."""
    if _holders(state, "Piège Glacial", seat):
        state.file.append(Item("trigger", seat, card, "moved", [seat], paid=True, to_ask=teams.after(state, seat)))


def _piege_cond(state: WakfuState, seat: int, card: int) -> bool:
    return _top(state, "moved") is not None


def _piege(state: WakfuState, item: Item) -> None:
    """The player who just made a mouvement loses 2 PM until end of turn."""
    window = next((i for i in reversed(state.file) if i.effect == "moved"), None)
    if window is not None:  # the window's seat made the mouvement
        state.pmods.append((window.seat, "pm", -2, "turn"))


ACTIONS.update({s.name: s for s in (
    Spec("Fourberie de Djaul", _fourberie, reaction=True, condition=_fourberie_cond),
    Spec("Curiosité Dangereuse", _curiosite, reaction=True, condition=_curiosite_cond),
    Spec("Piège Glacial", _piege, reaction=True, condition=_piege_cond),
    Spec("Humour de Pouchecot", _humour, reaction=True, condition=_humour_cond),
    Spec("La Ruse d'Allister", _ruse, reaction=True, condition=_ruse_cond),
)})
TRIGGERS.update({"xp_about": _xp_about_resolves, "xp_gained": noop, "moved": noop,
                 "draw_about": _draw_about_resolves, "combat_over": noop})
rules.XP_ABOUT.append(_xp_about)
rules.XP_GAINED.append(_xp_gained)
rules.DRAW_ABOUT.append(_draw_about)
MOVED.append(_moved)
COMBAT_ENDED.append(_combat_ended)
