"""Position files: a readable JSON object that fully describes a Wakfu game (cards as ``"Name#id"``).

Every zone, the File d'Attente, the combat, pending decisions, modifiers and the RNG are written, so
that a game read back continues exactly as the original (determinism, invariant 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from allegiance.core.errors import PositionError
from allegiance.core.rng import rng_from_json
from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.setup import table_for
from allegiance.games.wakfu.state import Combat, Config, Item, Pending, Player, WakfuState

FORMAT = "allegiance-position/1"
ZONES = ("pioche", "main", "defausse", "havre", "monde")
PLAYER_INTS = ("xp", "level", "pv", "sac_pr", "turns", "mulligans")
PLAYER_BOOLS = ("recycled", "drew_or_played", "out")


def _enc(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_enc(v) for v in value]
    return value


def _dec(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_dec(v) for v in value)
    return value


def to_position(state: WakfuState) -> dict[str, Any]:
    def ref(c: int) -> str:
        return f"{state.cards[c].name}#{c}"
    cfg = state.config
    players = []
    for p in state.players:
        pd: dict[str, Any] = {z: [ref(c) for c in getattr(p, z)] for z in ZONES}
        pd.update({k: getattr(p, k) for k in PLAYER_INTS + PLAYER_BOOLS})
        pd["hero"], pd["sac"] = ref(p.hero), ref(p.sac)
        pd["gone"] = [ref(c) for c in p.gone]
        players.append(pd)
    cb = state.combat
    return {
        "format": FORMAT, "game": "wakfu", "mode": cfg.mode, "seed": cfg.seed,
        "options": {"decks": list(state.deck_texts), "max_turns": cfg.max_turns,
                    "reaction_prompts": cfg.reaction_prompts, "deck_names": list(cfg.decks)},
        "cards": [ref(c) for c in range(len(state.cards))], "owners": state.owners[:],
        "rng": state.rng.to_json(), "version": state.version, "active": state.active, "first": state.first,
        "turn": state.turn, "phase": state.phase, "players": players,
        "tapped": sorted(ref(c) for c in state.tapped),
        "damage": {ref(c): n for c, n in sorted(state.damage.items())},
        "appeared": {ref(c): n for c, n in sorted(state.appeared.items())},
        "attached": {ref(e): ref(c) for e, c in sorted(state.attached.items())},
        "mods": [[ref(c), st, v, u] for c, st, v, u in state.mods],
        "pmods": [list(m) for m in state.pmods],
        "file": [{"kind": i.kind, "seat": i.seat, "card": ref(i.card), "effect": i.effect, "targets": _enc(i.targets),
                  "x": i.x, "paid": i.paid, "cancelled": i.cancelled, "to_ask": i.to_ask[:], "need": i.need[:],
                  "inclined": i.inclined[:], "place": i.place, "extra": _enc(i.extra), "step": i.step,
                  "power": i.power, "source_zone": i.source_zone, "crafted": i.crafted} for i in state.file],
        "pending": [{"kind": q.kind, "seat": q.seat, "prompt": q.prompt, "options": _enc(q.options), "card": q.card,
                     "data": _enc(q.data)} for q in state.pending],
        "combat": None if cb is None else {
            "attacker": cb.attacker, "defender": cb.defender, "target": cb.target, "step": cb.step,
            "attackers": cb.attackers[:], "blockers": [[b, a] for b, a in cb.blockers.items()],
            "blocked": cb.blocked[:], "dealt": cb.dealt[:], "destroyed": _enc(cb.destroyed), "to_act": cb.to_act,
            "passes": cb.passes, "passed": cb.passed[:], "last_att": cb.last_att, "last_def": cb.last_def},
        "banished": [ref(c) for c in state.banished], "attacked": state.attacked,
        "flags": sorted((_enc(f) for f in state.flags), key=repr),
        "winner": state.winner, "draw": state.draw, "end_reason": state.end_reason,
    }


def from_position(data: Mapping[str, Any]) -> WakfuState:
    """Read a position; raises :class:`PositionError` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    if data.get("game") != "wakfu":
        raise PositionError(f"this is a position of {data.get('game')!r}, not wakfu")
    try:
        return _read(data)
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise PositionError(f"invalid wakfu position: {type(exc).__name__}: {exc}") from None


def _read(data: Mapping[str, Any]) -> WakfuState:
    names = data["cards"]
    cards = {}
    for i, r in enumerate(names):
        name, _, cid = str(r).rpartition("#")
        if int(cid) != i or name not in CARDS:
            raise PositionError(f"cards[{i}]: {r!r} is not a known card with id #{i}")
        cards[i] = CARDS[name]

    def card(r: Any) -> int:
        name, _, cid = str(r).rpartition("#")
        c = int(cid)
        if c not in cards or cards[c].name != name:
            raise PositionError(f"{r!r} names no card of the position")
        return c
    opts = data["options"]
    cfg = Config(str(data["mode"]), int(data["seed"]), tuple(opts["deck_names"]), int(opts["max_turns"]),  # type: ignore[arg-type]
                 str(opts["reaction_prompts"]))
    state = WakfuState(table_for(cfg.mode), cards, cfg)
    if len(data["players"]) != len(state.table) or len(data["owners"]) != len(cards):
        raise PositionError(f"mode {cfg.mode} has {len(state.table)} players and the position {len(cards)} cards: "
                            f"it lists {len(data['players'])} players and {len(data['owners'])} owners")
    state.deck_texts = tuple(opts["decks"])  # type: ignore[assignment]
    state.owners = [int(o) for o in data["owners"]]
    state.rng = rng_from_json(data["rng"])
    state.version, state.active, state.first = int(data["version"]), int(data["active"]), int(data["first"])
    state.turn, state.phase = int(data["turn"]), str(data["phase"])
    seen: set[int] = set()
    for seat, pd in enumerate(data["players"]):
        p = Player(seat)
        for z in ZONES:
            ids = [card(r) for r in pd[z]]
            setattr(p, z, ids)
        for k in PLAYER_INTS:
            setattr(p, k, int(pd[k]))
        for k in PLAYER_BOOLS:
            setattr(p, k, bool(pd.get(k, False)))
        p.gone = [card(r) for r in pd.get("gone", [])]
        p.hero, p.sac = card(pd["hero"]), card(pd["sac"])
        state.players.append(p)
    state.tapped = {card(r) for r in data["tapped"]}
    state.damage = {card(k): int(v) for k, v in data["damage"].items()}
    state.appeared = {card(k): int(v) for k, v in data["appeared"].items()}
    state.attached = {card(k): card(v) for k, v in data["attached"].items()}
    state.mods = [(card(m[0]), str(m[1]), m[2], str(m[3])) for m in data["mods"]]
    state.pmods = [(int(m[0]), str(m[1]), int(m[2]), str(m[3])) for m in data["pmods"]]
    state.file = [Item(d["kind"], int(d["seat"]), card(d["card"]), d["effect"], list(_dec(d["targets"])), int(d["x"]),
                       bool(d["paid"]), bool(d["cancelled"]), list(d["to_ask"]), list(d["need"]), list(d["inclined"]),
                       d["place"], list(_dec(d["extra"])), d["step"], int(d["power"]), d["source_zone"],
                       bool(d.get("crafted", False)))
                  for d in data["file"]]
    state.pending = [Pending(d["kind"], int(d["seat"]), d["prompt"], _dec(d["options"]), d["card"], _dec(d["data"]))
                     for d in data["pending"]]
    cbd = data["combat"]
    if cbd is not None:
        state.combat = Combat(int(cbd["attacker"]), int(cbd["defender"]), int(cbd["target"]), cbd["step"],
                              list(cbd["attackers"]), {int(b): int(a) for b, a in cbd["blockers"]},
                              list(cbd["blocked"]), list(cbd["dealt"]), [tuple(x) for x in cbd["destroyed"]],
                              int(cbd["to_act"]), int(cbd["passes"]), [int(x) for x in cbd.get("passed", [])],
                              int(cbd.get("last_att", -1)), int(cbd.get("last_def", -1)))
    state.banished = [card(r) for r in data["banished"]]
    state.attacked = bool(data["attacked"])
    state.flags = {_dec(f) for f in data["flags"]}
    state.winner = data["winner"]
    state.draw = bool(data["draw"])
    state.end_reason = str(data["end_reason"])
    # invariant 3: every card in exactly one zone
    for p in state.players:
        for z in (*ZONES, "gone"):
            for c in getattr(p, z):
                if c in seen:
                    raise PositionError(f"card #{c} ({cards[c].name}) is in two zones")
                seen.add(c)
    for c in state.banished + [i.card for i in state.file if i.kind == "card"]:
        if c in seen:
            raise PositionError(f"card #{c} ({cards[c].name}) is in two zones")
        seen.add(c)
    if seen != set(cards):
        missing = sorted(set(cards) - seen)
        raise PositionError(f"cards in no zone: {', '.join(f'{cards[c].name}#{c}' for c in missing[:5])}")
    return state
