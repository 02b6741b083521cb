"""What the command line's rules workbench says about a position beyond its actions' words.

``choice`` tells what a ``choose`` action picks (a seat, a card, a base or an option) and ``in_play``
gives every card in play with its attack value now (every constant modifier applied, ``combat.attack_value``).
The CLI finds this module by name (``allegiance.games.<game>.workbench``); a game without one gets
the bare action lists.
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.swdbg.combat import attack_value
from allegiance.games.swdbg.rules import hp_left, label
from allegiance.games.swdbg.state import SwdbgState
from allegiance.games.swdbg.text import option_text


def _ref(state: SwdbgState, card: int) -> str:
    return f"{state.cards[card].name}#{card}"


def choice(state: SwdbgState, seat: int, action: Action) -> dict[str, Any] | None:
    """What a ``choose`` action's value is: ``{"type": "seat"|"card"|"base"|"option", ...}``."""
    if action.kind != "choose" or not state.pending:
        return None
    kind = state.pending[-1].kind
    value = action.get("value")
    amount = action.get("amount")
    words = option_text(state, kind, (value, amount) if amount is not None else value)
    out: dict[str, Any]
    if kind == "who" and isinstance(value, int):
        out = {"type": "seat", "seat": value, "label": label(state, value)}
    elif isinstance(value, int) and value in state.cards:
        d = state.cards[value]
        out = {"type": "base" if d.is_base else "card", "card": _ref(state, value), "name": d.name}
    else:
        out = {"type": "option", "option": value}
    if amount is not None:
        out["amount"] = amount
    out["text"] = words
    return out


def in_play(state: SwdbgState) -> list[dict[str, Any]]:
    """Every unit, capital ship and base in play, with its attack value now and the damage it can take."""
    out = []
    for p in state.players:
        for zone in ("units", "ships"):
            for c in getattr(p, zone):
                d = state.cards[c]
                row: dict[str, Any] = {"card": _ref(state, c), "seat": p.seat, "zone": zone,
                                       "attack": attack_value(state, p, c), "printed_attack": d.attack,
                                       "used": c in state.used, "attacked": c in state.attacked}
                vs_row = attack_value(state, p, c, vs_row=True)
                if vs_row != row["attack"]:
                    row["attack_vs_galaxy_row"] = vs_row  # Rodian Gunslinger
                if d.is_ship:
                    row.update(damage=state.damage.get(c, 0), hp_left=hp_left(state, c))
                out.append(row)
        if p.base is not None:
            out.append({"card": _ref(state, p.base), "seat": p.seat, "zone": "base",
                        "damage": state.damage.get(p.base, 0), "hp_left": hp_left(state, p.base)})
    return out


def stats(state: SwdbgState, card: int) -> str:
    """A card's cost and numbers in a few words: ``cost 3 · 2 atk 1 res 0 frc · target 3``."""
    d = state.cards[card]
    words = f"cost {d.cost} · {d.attack} atk {d.resources} res {d.force} frc"
    if d.is_ship or d.is_base:
        words += f" · {hp_left(state, card)} hp"
    elif d.target_value:
        words += f" · target {d.target_value}"
    return words


def greedy_reason(state: SwdbgState, seat: int, action: Action) -> str:
    """Why the greedy heuristic (``strategy.greedy_choice``) picks ``action`` here, before it is applied.

    Its rules in order: answer a pending choice; carry an open attack through; play every card (the most
    resources first); use an ability that pays; attack (a base it can destroy, else the best row card it
    can defeat, else the bases); buy the best card worth at least 1.5 of its value; end the turn.
    """
    p = state.players[seat]
    card = action.get("card")
    kind = action.kind
    if kind == "choose":
        return "its answer to the pending choice"
    if kind == "play" and card is not None:
        d = state.cards[card]
        return f"plays every card, the most resources first (+{d.resources} res, +{d.force} frc)"
    if kind == "use":
        return "the ability pays off now"
    if kind == "commit" and card is not None:
        value = attack_value(state, p, card, action.get("target") != "base")
        if action.get("target") == "base":
            return f"adds {value} attack to the attack on the enemy bases"
        return f"adds {value} attack: the best galaxy-row card it can defeat"
    if kind == "resolve":
        return "the attack has what it needs (or nothing more to add)"
    if kind == "buy" and card is not None:
        return f"the best card it can afford ({stats(state, card)})"
    if kind == "end_turn":
        return "nothing left worth doing this turn"
    return ""
