"""The position file form of a Jedi Knights state: readable JSON, each card id with its name in ``cards``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from allegiance.core.errors import PositionError
from allegiance.core.rng import rng_from_json
from allegiance.games.jk import lineups
from allegiance.games.jk.cards import catalog
from allegiance.games.jk.decks import DeckError, read_deck
from allegiance.games.jk.options import OPTION_SPECS, resolved
from allegiance.games.jk.state import PILES, Battle, JKState, Pending, Player, Turns, Window


def _turns(t: Turns) -> dict[str, Any]:
    return {"order": t.order, "idx": t.idx, "passes": t.passes}


def to_position(state: JKState) -> dict[str, Any]:
    b, pend = state.battle, state.pending
    return {
        "game": "jk", "mode": state.mode, "version": state.version, "options": state.options,
        "rng": state.rng.to_json(), "cards": [c.name for c in state.cards], "owner": state.owner,
        "players": [{"seat": p.seat, "allegiance": p.allegiance, "theme": p.theme, "deck": p.deck,
                     "theme_card": p.theme_card, "force_card": p.force_card, "chosen": p.chosen,
                     "credits": p.credits, "out": p.out, **{k: getattr(p, k) for k in PILES}}
                    for p in state.players],
        "planets": state.planets, "planet": state.planet, "controlled": state.controlled, "final": state.final,
        "system": state.system, "site": state.site,
        "attached": sorted(state.attached.items()), "under": sorted(state.under.items()),
        "boost": sorted(state.boost.items()), "rotated": sorted(state.rotated), "shuttled": sorted(state.shuttled),
        "intimidated": sorted(state.intimidated), "phase": state.phase, "turn": state.turn,
        "turn_at_planet": state.turn_at_planet, "player_one": state.player_one, "turns": _turns(state.turns),
        "battle": None if b is None else {
            "kind": b.kind, "attacker": b.attacker, "defender": b.defender, "att_team": b.att_team,
            "def_team": b.def_team, "step": b.step, "supporters": sorted(b.supporters.items()), "fired": b.fired,
            "turns": _turns(b.turns)},
        "windows": [{
            "kind": w.kind, "seat": w.seat, "turns": _turns(w.turns), "weapon": w.weapon, "target": w.target,
            "bonuses": w.bonuses, "card": w.card, "function": w.function, "aim": w.aim, "cancelled": w.cancelled}
            for w in state.windows],
        "pending": None if pend is None else {"kind": pend.kind, "seat": pend.seat, "options": list(pend.options),
                                              "card": pend.card},
        "winner": state.winner, "draw": state.draw_game, "end_reason": state.end_reason,
    }


def _read_turns(d: Mapping[str, Any]) -> Turns:
    t = Turns([int(s) for s in d["order"]])
    t.idx, t.passes = int(d["idx"]), int(d["passes"])
    return t


def from_position(data: Mapping[str, Any]) -> JKState:
    """A state from its position form; raises :class:`PositionError` saying what is wrong."""
    try:
        return _read(data)
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise PositionError(f"not a Jedi Knights position: {type(exc).__name__}: {exc}") from None


def _read(data: Mapping[str, Any]) -> JKState:
    if data.get("game") != "jk":
        raise PositionError("the position is not of the game jk")
    mode = data["mode"]
    if mode not in lineups.MODES:
        raise PositionError(f"unknown line-up {mode!r}; line-ups: {', '.join(lineups.MODES)}")
    given = {k: v for k, v in dict(data.get("options", {})).items() if k in {s.name for s in OPTION_SPECS}}
    from allegiance.core.options import validate_options
    options = resolved(validate_options(OPTION_SPECS, given), lineups.three_sided(mode))
    table = lineups.table_for(mode)
    owner = [int(o) for o in data["owner"]]
    names = list(data["cards"])
    if len(owner) != len(names) or len(data["players"]) != len(table.seats) \
            or not all(0 <= o < len(table.seats) for o in owner):
        raise PositionError("cards, owners and seats do not match")
    # a seat's deck file may type in cards of its own (kept in the options): they name that seat's cards
    specs = options.get("decks") or []
    known = []
    for seat in range(len(table.seats)):
        try:
            known.append(read_deck(specs[seat]).known() if seat < len(specs) else catalog())
        except DeckError as exc:
            raise PositionError(f"the deck of seat {seat} in the options: {exc}") from None
    unknown = [n for n, o in zip(names, owner, strict=True) if n not in known[o]]
    if unknown:
        raise PositionError(f"unknown card(s): {', '.join(sorted(set(unknown))[:5])}")
    state = JKState(table, mode, [known[o][n] for n, o in zip(names, owner, strict=True)], options,
                    rng_from_json(data["rng"]))
    state.version = int(data["version"])
    state.owner = owner
    for seat, d in enumerate(data["players"]):
        p = Player(seat, d["allegiance"], d["theme"], d["deck"])
        p.theme_card, p.force_card, p.chosen = int(d["theme_card"]), int(d["force_card"]), int(d["chosen"])
        p.credits, p.out = int(d["credits"]), bool(d["out"])
        for k in PILES:
            setattr(p, k, [int(c) for c in d[k]])
        state.players.append(p)
    state.planets, state.planet = list(data["planets"]), int(data["planet"])
    state.controlled, state.final = list(data["controlled"]), bool(data["final"])
    state.system, state.site = [int(c) for c in data["system"]], [int(c) for c in data["site"]]
    state.attached = {int(a): int(b) for a, b in data["attached"]}
    state.under = {int(a): int(b) for a, b in data["under"]}
    state.boost = {int(a): int(b) for a, b in data["boost"]}
    state.rotated, state.shuttled = {int(c) for c in data["rotated"]}, {int(c) for c in data["shuttled"]}
    state.intimidated = set(data["intimidated"])
    state.phase, state.turn = str(data["phase"]), int(data["turn"])
    state.turn_at_planet, state.player_one = int(data["turn_at_planet"]), int(data["player_one"])
    state.turns = _read_turns(data["turns"])
    if data["battle"] is not None:
        d = data["battle"]
        b = Battle(d["kind"], int(d["attacker"]), int(d["defender"]), d["att_team"], d["def_team"])
        b.step, b.supporters = d["step"], {int(a): int(m) for a, m in d["supporters"]}
        b.fired, b.turns = [int(c) for c in d["fired"]], _read_turns(d["turns"])
        state.battle = b
    for d in data["windows"]:
        w = Window(d["kind"], int(d["seat"]), [])
        w.turns, w.weapon, w.target = _read_turns(d["turns"]), int(d["weapon"]), int(d["target"])
        w.bonuses, w.card, w.function = [int(x) for x in d["bonuses"]], int(d["card"]), int(d["function"])
        w.aim, w.cancelled = int(d["aim"]), bool(d["cancelled"])
        state.windows.append(w)
    if data["pending"] is not None:
        d = data["pending"]
        state.pending = Pending(d["kind"], int(d["seat"]), tuple(d["options"]), int(d["card"]))
    state.winner, state.draw_game, state.end_reason = str(data["winner"]), bool(data["draw"]), str(data["end_reason"])
    _check_zones(state)
    _check_refs(state)
    return state


def _check_zones(state: JKState) -> None:
    """Every card in exactly one zone (invariant 3)."""
    seen: list[int] = list(state.system) + list(state.site)
    seen += [w.card for w in state.windows if w.card >= 0]
    for p in state.players:
        seen += [c for c in (p.theme_card, p.force_card, p.chosen) if c >= 0]
        for k in PILES:
            seen += getattr(p, k)
    if sorted(seen) != list(range(len(state.cards))):
        raise PositionError("every card must be in exactly one zone")


def _check_refs(state: JKState) -> None:
    """Seats, cards and phases the rest of the engine relies on are in range."""
    n, cards = len(state.players), len(state.cards)
    seats_ok = all(0 <= o < n for o in state.owner) and -1 <= state.player_one < n
    alternations = [state.turns] + [w.turns for w in state.windows] + ([state.battle.turns] if state.battle else [])
    for t in alternations:
        seats_ok = seats_ok and all(0 <= s < n for s in t.order) and (not t.order or 0 <= t.idx < len(t.order))
    if not seats_ok:
        raise PositionError("a seat number is out of range")
    in_play = set(state.system) | set(state.site)
    refs = list(state.attached.items()) + list(state.under.items())
    if state.battle is not None:
        refs.append((state.battle.attacker, state.battle.defender))
    if any(a not in in_play or b not in in_play for a, b in refs):
        raise PositionError("a weapon, tactic bonus or battle names a card that is not in play")
    if any(not 0 <= w.card < cards and w.card != -1 for w in state.windows):
        raise PositionError("a response window names an unknown card")
    if state.phase not in ("location", "force", "deploy", "starship", "blockade", "character", "over"):
        raise PositionError(f"unknown phase {state.phase!r}")
    if state.pending is not None and not 0 <= state.pending.seat < n:
        raise PositionError("the pending choice's seat is out of range")
