"""What one seat may see (invariant 4).  Hidden cards are left out, never sent redacted-by-name:
decks (order and content) appear as counts, opponents' hands as counts; a teammate's hand is shown
(the 2v2 rules have teammates plan together)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from allegiance.games.swdbg.cards import card_defs
from allegiance.games.swdbg.combat import attack_value
from allegiance.games.swdbg.rules import force_with, label
from allegiance.games.swdbg.state import Player, SwdbgState
from allegiance.games.swdbg.text import option_text

if TYPE_CHECKING:
    from allegiance.games.swdbg.game import SwdbgGame


def card_json(state: SwdbgState, c: int, owner: Player | None = None) -> dict[str, Any]:
    """A card as a view shows it: its id and name, plus what play changes (damage; for a card in play,
    its attack now and its used / attacked flags).

    What never changes (faction, kind, cost, stats, traits, texts) is the card catalogue's
    (:func:`card_catalog`), looked up by name: sending it with every card made each view three times
    larger (10.4 KB -> 3.1 KB for a 2v2 mid-game view, measured).
    """
    d = state.cards[c]
    out: dict[str, Any] = {"id": c, "name": d.name}
    if d.hit_points:
        out["damage"] = state.damage.get(c, 0)
    if owner is not None:
        out["attack"] = attack_value(state, owner, c)
        out["used"] = c in state.used
        out["attacked"] = c in state.attacked
    return out


@cache
def card_catalog() -> dict[str, dict[str, Any]]:
    """Every card's fixed data by name (name, faction, kind, cost, attack, resources, force, traits,
    unique, hit_points, target_value, ability, reward): what a view's ``{"id", "name"}`` refers to.
    Built once and shared: do not mutate it."""
    keys = ("name", "faction", "kind", "cost", "attack", "resources", "force", "traits", "unique",
            "hit_points", "target_value", "ability", "reward")
    return {name: {k: data[k] for k in keys} for name, data in ((n, d.to_json()) for n, d in card_defs().items())}


def view(game: SwdbgGame, state: SwdbgState, seat: int | None) -> dict[str, Any]:
    """The board as ``seat`` may see it (``None``: a spectator sees public information only)."""
    my_team = state.players[seat].team if seat is not None else None
    players = []
    for p in state.players:
        friendly = my_team is not None and p.team == my_team
        secret = state.config.galaxy == "secret" and not friendly
        players.append({
            "seat": p.seat, "label": label(state, p.seat), "faction": p.faction, "team": p.team,
            "region": p.region,
            "hand": [card_json(state, c) for c in p.hand] if friendly else None,
            "hand_count": len(p.hand), "deck_count": len(p.deck),
            "discard": [card_json(state, c) for c in p.discard],
            "units": [card_json(state, c, p) for c in p.units],
            "ships": [card_json(state, c, p) for c in p.ships],
            "base": card_json(state, p.base, p) if p.base is not None else None,
            "base_deck": None if secret else sorted(state.name(c) for c in p.base_deck),
            "bases_left": len(p.base_deck), "resources": p.resources, "ended": p.ended,
        })
    regions = [{
        "index": r.index, "galaxy_deck_count": len(r.galaxy_deck),
        "row": [card_json(state, c) for c in r.row],
        "galaxy_discard": [card_json(state, c) for c in r.galaxy_discard],
        "pilots": len(r.pilots), "pilot": card_json(state, r.pilots[-1]) if r.pilots else None,
    } for r in state.regions]
    pending: dict[str, Any] | None = None
    if state.pending:
        top = state.pending[-1]
        mine = seat is not None and seat in top.seats
        pending = {"kind": top.kind, "prompt": top.prompt, "seats": list(top.seats),
                   "card": card_json(state, top.card) if top.card is not None and top.card >= 0 else None}
        if mine:
            pending["options"] = [option_text(state, top.kind, v, seat) for v in top.options]
            pending["shown"] = [card_json(state, c) for c in top.shown]
    outcome = game.outcome(state)
    out: dict[str, Any] = {
        "game": "swdbg", "mode": state.config.mode, "galaxy": state.config.galaxy,
        "bases_to_win": state.config.bases_to_win, "version": state.version, "turn": state.turn,
        "active_team": ("empire", "rebel")[state.active_team], "stage": state.stage, "seat": seat,
        "force": state.force,
        "force_with": "empire" if force_with(state, "empire") else "rebel" if force_with(state, "rebel") else None,
        "players": players, "regions": regions,
        "victory": {"empire": [state.name(c) for c in state.victory[0]],
                    "rebel": [state.name(c) for c in state.victory[1]]},
        "exiled": [state.name(c) for c in state.exiled],
        "attack": None if state.attack is None else {
            "target": state.attack.target, "row_card": state.attack.row_card,
            "cards": [card_json(state, c) for c in state.attack.cards], "seats": list(state.attack.seats)},
        "pending": pending,
        "decisions": [{"seats": list(d.seats), "prompt": d.prompt, "kind": d.kind} for d in game.decisions(state)],
        "outcome": outcome.to_json() if outcome else None,
    }
    return out
