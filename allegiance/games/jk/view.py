"""What a seat may see, and actions in words.

Hidden (S4 and the team rules): a hand, a theme pile and a Force deck are seen by their player and
teammates (teammates compare cards, JK-3S-4), a Force deck only during the Force Phase (S4); a Force
card picked in secret until all are revealed; the draw piles, used Force piles and the cards left on
decided planets by count only.  Card ids of hidden cards are never shown (an id would name the card).
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.jk import flow
from allegiance.games.jk.rules import power
from allegiance.games.jk.state import JKState


def _card(state: JKState, c: int) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c, "name": state.name(c), "owner": state.owner[c]}
    if c in state.system or c in state.site:
        out["power"] = power(state, c)
        out["rotated"] = c in state.rotated
        if c in state.attached:
            out["on"] = state.attached[c]
        if c in state.under:
            out["under"] = state.under[c]
    return out


def view(state: JKState, seat: int | None) -> dict[str, Any]:
    team = state.table.members(state.team(seat)) if seat is not None else ()
    players = []
    for p in state.players:
        sees = p.seat in team
        entry: dict[str, Any] = {
            "seat": p.seat, "label": state.label(p.seat), "team": state.team(p.seat), "allegiance": p.allegiance,
            "theme": p.theme, "deck": p.deck, "credits": p.credits, "out": p.out,
            "force_number": flow.force_number(state, p.seat),
            "force_card": state.name(p.force_card) if p.force_card >= 0 else None,
            "picked": p.chosen >= 0, "draw": len(p.draw), "force_used": len(p.force_used), "left": len(p.left),
            "hand": len(p.hand), "theme_pile": len(p.theme_pile), "force_deck": len(p.force_deck),
            "discard": [_card(state, c) for c in p.discard], "table": [_card(state, c) for c in p.table],
        }
        if sees:
            entry["hand_cards"] = [_card(state, c) for c in p.hand]
            entry["theme_pile_cards"] = [_card(state, c) for c in p.theme_pile]
            if state.phase == "force":
                entry["force_deck_cards"] = [_card(state, c) for c in sorted(p.force_deck)]
            if p.chosen >= 0:
                entry["picked_card"] = _card(state, p.chosen)
        players.append(entry)
    out: dict[str, Any] = {
        "game": "jk", "mode": state.mode, "seat": seat, "phase": state.phase, "turn": state.turn,
        "planets": state.planets if state.phase != "location" else [], "planet": state.planet,
        "controlled": state.controlled, "final": state.final,
        "player_one": state.player_one, "turn_at_planet": state.turn_at_planet,
        "intimidated": sorted(state.intimidated), "players": players,
        "system": [_card(state, c) for c in state.system], "site": [_card(state, c) for c in state.site],
        "version": state.version, "active": active(state),
        # the order of play in each phase: Player 1, then clockwise (S2); Player 1 changes with the Force
        "order": [(max(state.player_one, 0) + i) % len(state.players) for i in range(len(state.players))],
    }
    b = state.battle
    if b is not None:
        out["battle"] = {"kind": b.kind, "attacker": b.attacker, "defender": b.defender, "step": b.step,
                         "supporters": {str(k): v for k, v in b.supporters.items()}, "fired": b.fired,
                         "to_act": b.turns.seat}
    out["windows"] = [{"kind": w.kind, "seat": w.seat, "to_act": w.turns.seat, "bonuses": w.bonuses,
                       "weapon": w.weapon, "target": w.target,
                       "card": state.name(w.card) if w.card >= 0 else None, "cancelled": w.cancelled}
                      for w in state.windows]
    pend = state.pending
    if pend is not None:
        out["pending"] = {"kind": pend.kind, "seat": pend.seat}
        if seat == pend.seat:
            out["pending"]["options"] = list(pend.options)
    if state.phase == "over":
        out["winner"] = state.winner
        out["reason"] = state.end_reason
    return out


def active(state: JKState) -> list[int]:
    """The seats that may act now (public: who is to act, never what they hold)."""
    if state.phase == "over":
        return []
    if state.pending is not None:
        return [state.pending.seat]
    if state.window is not None:
        return [state.window.turns.seat]
    if state.phase == "force":
        return flow.force_choosers(state)
    if state.battle is not None:
        return [state.battle.turns.seat]
    return [state.turns.seat] if state.turns.order else []


def visible_to(state: JKState, seat: int | None) -> set[int]:
    """Every card id ``seat`` may see (``None``: a spectator): in play, discards, tables, revealed Force
    cards, and the hands, theme piles, picked Force card (and, in the Force Phase, Force decks) of the
    seat's side."""
    out = set(state.system) | set(state.site)
    team = state.table.members(state.team(seat)) if seat is not None else ()
    for p in state.players:
        out |= set(p.discard) | set(p.table)
        if p.force_card >= 0:
            out.add(p.force_card)
        if p.seat in team:
            out |= set(p.hand) | set(p.theme_pile)
            if state.phase == "force":
                out |= set(p.force_deck)
            if p.chosen >= 0:
                out.add(p.chosen)
    return out


def describe(state: JKState, seat: int, action: Action) -> str:
    """An action in words; never raises on a well-formed action, and names only cards ``seat`` may see
    (a refusal quotes the action: an id of a hidden card must not tell its name)."""
    seen: set[int] | None = None

    def name(c: Any) -> str:
        nonlocal seen
        if not isinstance(c, int) or isinstance(c, bool):
            return repr(c)
        if not 0 <= c < len(state.cards):  # a number that is no card reads as one that is hidden
            return f"card #{c}"
        if seen is None:
            seen = visible_to(state, seat)
        return state.name(c) if c in seen else f"card #{c}"
    kind, get = action.kind, action.get
    if kind == "deploy":
        where = f"at the {get('at')}" if get("at") is not None else f"on {name(get('on'))}"
        return f"deploy {name(get('card'))} {where}"
    if kind == "play":
        return f"play {name(get('card'))}" + (f" on {name(get('target'))}" if get("target") is not None else "")
    if kind == "battle":
        return f"attack {name(get('defender'))} with {name(get('attacker'))}"
    if kind == "intimidate":
        return f"intimidate {get('side')} with {name(get('card'))}"
    if kind == "support":
        return f"support {name(get('supported'))} with {name(get('card'))}"
    if kind == "tactic":
        return f"play {name(get('card'))} as a tactic bonus under {name(get('under'))}"
    if kind == "fire":
        return f"fire {name(get('weapon'))} at {name(get('target'))}"
    if kind == "shuttle":
        return f"shuttle {name(get('card'))}"
    if kind == "choose":
        v = get("value")
        return f"choose {name(v) if isinstance(v, int) else v}"
    return kind


def card_table() -> Any:
    """Every card the game knows as a :class:`~allegiance.core.cards.CardTable`: the established rows
    (with their sources) and the demo set, marked invented for this project."""
    from allegiance.core.cards import CardTable
    from allegiance.games.jk.cards import catalog
    columns = ("name", "type", "allegiance", "themes", "deploy", "power", "destiny", "icons", "timing", "origin",
               "text")
    rows, records = [], []
    for name, d in catalog().items():
        icons = [f"leadership {d.leadership}"] if d.leadership else []
        icons += [f"to hit +{d.to_hit}"] if d.to_hit else []
        icons += [f"tactic +{d.tactic}"] if d.tactic else []
        icons += [f"Force {d.force_number} ({d.force_colour})"] if d.force_number else []
        origin = "invented (demo)" if d.invented else f"established ({d.confidence})"
        known = d.playable or d.type in ("Force", "Theme")
        rows.append({"name": name, "type": d.type, "allegiance": d.allegiance, "themes": ", ".join(d.themes),
                     "deploy": str(d.deploy) if known and d.type not in ("Force", "Theme") else "",
                     "power": str(d.power) if d.power else "", "destiny": str(d.destiny) if d.destiny else "",
                     "icons": ", ".join(icons + list(d.keywords)), "timing": d.timing, "origin": origin,
                     "text": d.text + ("" if d.invented else f" [source: {d.source}]")})
        records.append(d.to_json())
    types = tuple(dict.fromkeys(r["type"] for r in rows))
    return CardTable("Jedi Knights TCG — established cards (with sources) and the demo set (invented for this "
                     "project, not Decipher's cards)", columns, rows, records,
                     numeric=("deploy", "power", "destiny"), wrapping=("icons", "text"),
                     filters={"type": types, "allegiance": ("Alliance", "Empire", "Independent", ""),
                              "origin": tuple(dict.fromkeys(r["origin"] for r in rows))})
