"""What the cards' effects share: the checks and small steps every card type uses (a target still in
play, damage from a card's effect, untapping, drawing, a choice asked while an effect resolves), the
power shapes several cards have (N damage, +N Force, a player loses 1 PA), and the upkeep of Zones and
Familiers (recycle a card of an element or the card is destroyed)."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.cards import TOKENS
from allegiance.games.wakfu.registry import EFFECT_HANDLERS, TRIGGERS, Resolve
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def alive(state: WakfuState, card: Any) -> bool:
    return isinstance(card, int) and rules.in_play(state, card)


def damage(state: WakfuState, item: Item, target: Any, amount: int, element: str) -> None:
    if alive(state, target):
        src = None if state.cards[item.card].type == "Action" else item.card
        if item.kind == "power" and state.cards[item.card].type == "Allié":
            amount += sum(v for s, st, v, _ in state.pmods if s == item.seat and st == "guma")
        events.deal_damage(state, item.seat, src, target, amount, element)  # credit: 409.2


def untap(state: WakfuState, card: int) -> None:
    if any(c == card and st == "no_untap" for c, st, _, _ in state.mods):
        return  # 104.2: "cannot" beats "can" (Pandrista)
    if card in state.tapped:
        state.tapped.discard(card)
        events.untapped(state, card)


def hero_seat(state: WakfuState, hero: Any) -> int:
    return state.owner(hero)


def draw(state: WakfuState, seat: int, n: int = 1) -> None:
    for _ in range(n):
        rules.draw(state, seat)
    state.players[seat].drew_or_played = state.players[seat].drew_or_played or seat == state.active


def may(state: WakfuState, seat: int, card: int, fx: str, prompt: str, options: tuple[Any, ...],
        **data: Any) -> None:
    """Ask the seat a choice while an effect resolves; ``EFFECT_HANDLERS[fx]`` applies the answer."""
    state.pending.append(Pending("effect", seat, prompt, options, card, (("fx", fx), *sorted(data.items()))))


def pa_loss(state: WakfuState, item: Item) -> None:
    """The targeted player loses 1 PA this turn."""
    state.pmods.append((int(item.targets[0]), "pa", -1, "turn"))


# -- power shapes ---------------------------------------------------------------------------------------------
def p_damage(n: int, element: str | None = None) -> Resolve:
    """N damage to the target, of ``element``, or of the chosen element, or of the card's own."""
    def run(state: WakfuState, item: Item) -> None:
        el = element or (item.targets[1] if len(item.targets) > 1 else rules.cd(state, item.card).element)
        damage(state, item, item.targets[0], n, el)
    return run


def p_force(n: int) -> Resolve:
    """+N Force until end of turn to the target, or to the card itself."""
    def run(state: WakfuState, item: Item) -> None:
        t = item.targets[0] if item.targets else item.card
        if alive(state, t):
            rules.add_mod(state, t, "force", n)
    return run


def p_draw(state: WakfuState, item: Item) -> None:
    draw(state, item.seat)


def p_pa(state: WakfuState, item: Item) -> None:
    pa_loss(state, item)


# -- upkeep (Zones, Familiers) ---------------------------------------------------------------------------------
def t_upkeep(element: str) -> Resolve:
    def run(state: WakfuState, item: Item) -> None:
        if not rules.in_play(state, item.card):
            return
        p = state.players[state.owner(item.card)]
        options = [c for c in p.defausse if rules.of_element(state, c, element)]
        may(state, item.seat, item.card, "upkeep", f"{state.name(item.card)}: recycle a {element} card from your "
            "Défausse, or it is destroyed", (*options, "destroy"))
    return run


def fx_upkeep(state: WakfuState, pend: Pending, value: Any) -> None:
    """804.8: "do A or B": recycle the card, otherwise the Zone / Familier is destroyed."""
    if isinstance(value, int):
        rules.recycle(state, value)
        rules.say(state, "recycle", f"{rules.label(state, pend.seat)} recycles {state.name(value)}", pend.seat,
                  card=value)
    elif pend.card is not None and rules.in_play(state, pend.card):
        events.destroy(state, pend.card)


def upkeep(element: str) -> str:
    """The start-of-turn trigger of a card that recycles an ``element`` card or is destroyed."""
    return "upkeep:" + element


TRIGGERS.update({upkeep(el): t_upkeep(el) for el in ("Feu", "Terre", "Air", "Eau")})
EFFECT_HANDLERS["upkeep"] = fx_upkeep


def make_token(state: WakfuState, seat: int, name: str) -> int:
    """Put a token into play for ``seat`` (413.2): in the Monde (the Havre Sac on the first player's first turn,
    506.3, if there is room); its id is the next free one."""
    tid = len(state.cards)
    state.cards = {**state.cards, tid: TOKENS[name]}
    state.owners = [*state.owners, seat]
    state.tokens = (*state.tokens, tid)
    place = "havre" if rules.first_turn_of_first_player(state) else "monde"
    events.appear(state, Item("card", seat, tid, name, place=place))
    if not rules.in_play(state, tid):  # no room: it never came into play
        rules.tokens_out_of_play(state)
    return tid


def put_places(state: WakfuState, seat: int) -> tuple[str, ...]:
    """Where an Allié put into play by an effect may appear (412.2): the Monde (not on the first player's
    first turn, 506.3) or the Havre Sac while it has room."""
    out = () if rules.first_turn_of_first_player(state) else ("monde",)
    return out + (("havre",) if rules.sac_room(state, seat) else ())
