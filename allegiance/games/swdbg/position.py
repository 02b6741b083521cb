"""Position files — the FEN of this project: a readable JSON object that fully describes a game.

Cards are written by name, with their id after a ``#`` (``"X-Wing#37"``) so that actions keep
naming the same cards; a person writing a position may leave the ids out and the engine numbers
those cards itself.  Decks and discard piles list the bottom card first and the top card last.

The loader checks what it is given: a player's zones hold only their own faction's cards and neutral
ones, and bases only their own faction's bases (``lenient: true`` turns these two checks off, for
"what if" questions); a ``base_owner`` map names every base of the position; a reference by name alone
(in ``damage``, ``used``…) must match exactly one card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from allegiance.core.errors import PositionError
from allegiance.core.rng import rng_from_json
from allegiance.core.table import Table
from allegiance.games.swdbg.cards import CardDef, card
from allegiance.games.swdbg.setup import read_config, table_for
from allegiance.games.swdbg.state import Attack, Config, Pending, Player, Region, SwdbgState

FORMAT = "allegiance-position/1"
PLAYER_ZONES = ("deck", "hand", "discard", "units", "ships", "base_deck")
REGION_ZONES = ("galaxy_deck", "row", "galaxy_discard", "pilots")
#: every field a position may have (docs/formats/position.schema.json); anything else is a mistake
TOP_FIELDS = frozenset((
    "format", "game", "mode", "options", "seed", "rng", "lenient", "version", "turn", "stage", "active_team",
    "first_team", "force", "players", "regions", "exiled", "box", "victory", "base_owner", "damage", "used",
    "attacked", "bonus", "flags", "hoth_prevented", "next_top", "attack", "pending", "queue", "winner", "draw",
    "end_reason", "turn_actions", "main_since"))
PLAYER_FIELDS = frozenset(("seat", "faction", "region", *PLAYER_ZONES, "base", "resources", "ended", "end_exile"))


def _ref(state: SwdbgState, c: int) -> str:
    return f"{state.cards[c].name}#{c}"


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def to_position(state: SwdbgState) -> dict[str, Any]:
    """The position form of a state."""
    ref = lambda c: _ref(state, c)  # noqa: E731
    cfg = state.config
    return {
        "format": FORMAT, "game": "swdbg", "mode": cfg.mode,
        "options": {"galaxy": cfg.galaxy, "bases_to_win": cfg.bases_to_win,
                    "pay_off_neutral": cfg.pay_off_neutral, "max_turns": cfg.max_turns},
        "seed": cfg.seed, "rng": state.rng.to_json(), "version": state.version, "turn": state.turn,
        "stage": state.stage, "active_team": state.active_team, "first_team": state.first_team,
        "force": state.force,
        "players": [{
            "seat": p.seat, "faction": p.faction, "region": p.region,
            **{z: [ref(c) for c in getattr(p, z)] for z in PLAYER_ZONES},
            "base": ref(p.base) if p.base is not None else None,
            "resources": p.resources, "ended": p.ended,
            "end_exile": [ref(c) for c in p.end_exile],  # cards to exile at end of turn (a marker, not a zone)
        } for p in state.players],
        "regions": [{z: [ref(c) for c in getattr(r, z)] for z in REGION_ZONES} for r in state.regions],
        "exiled": [ref(c) for c in state.exiled], "box": [ref(c) for c in state.box],
        "victory": [[ref(c) for c in v] for v in state.victory],
        "base_owner": {ref(c): s for c, s in sorted(state.base_owner.items())},
        "damage": {ref(c): n for c, n in sorted(state.damage.items())},
        "used": [ref(c) for c in sorted(state.used)], "attacked": [ref(c) for c in sorted(state.attacked)],
        "bonus": {ref(c): n for c, n in sorted(state.bonus.items())},
        "flags": sorted([list(f) for f in state.flags], key=repr), "hoth_prevented": state.hoth_prevented,
        "next_top": state.next_top,
        "attack": None if state.attack is None else {
            "target": state.attack.target, "row_card": state.attack.row_card, "region": state.attack.region,
            "cards": state.attack.cards, "seats": list(state.attack.seats)},
        "pending": [{
            "kind": pd.kind, "seats": list(pd.seats), "actor": pd.actor, "prompt": pd.prompt,
            "options": [_encode(o) for o in pd.options], "card": pd.card,
            "data": {k: _encode(v) for k, v in pd.data}, "shown": list(pd.shown), "since": pd.since,
        } for pd in state.pending],
        "main_since": state.main_since,
        "queue": [list(q) for q in state.queue],
        "winner": state.winner, "draw": state.draw, "end_reason": state.end_reason,
        "turn_actions": state.turn_actions,
    }


class _Cards:
    """Reads ``"Name#id"`` / ``"Name"`` references, giving fresh ids to cards written without one."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.cards: dict[int, CardDef] = {}
        self.pending_new: list[str] = []
        self.seen: set[int] = set()
        self.where: dict[int, str] = {}  # the zone each card was read from, for error messages

    def read(self, text: Any, where: str) -> int:
        if not isinstance(text, str):
            raise PositionError(f"{where}: a card must be written as a name string, not {text!r}")
        name, _, num = text.partition("#")
        try:
            d = card(name.strip())
        except KeyError as exc:
            raise PositionError(f"{where}: {exc.args[0]}") from None
        if num:
            try:
                cid = int(num)
            except ValueError:
                raise PositionError(f"{where}: {text!r} has a card id that is not a number") from None
            if cid in self.seen:
                raise PositionError(f"{where}: card id #{cid} appears twice; every card is in exactly one zone")
        else:
            cid = -1 - len(self.pending_new)
            self.pending_new.append(name)
        self.seen.add(cid)
        self.cards[cid] = d
        self.where[cid] = where
        return cid

    def finish(self, state: SwdbgState) -> None:
        """Give real ids to cards written without one (above the highest id given)."""
        if not self.pending_new:
            state.cards = self.cards
            return
        nxt = max([c for c in self.cards if c >= 0], default=-1) + 1
        remap = {}
        for i in range(len(self.pending_new)):
            remap[-1 - i] = nxt + i

        def fix(c: int) -> int:
            return remap.get(c, c)

        state.cards = {fix(c): d for c, d in self.cards.items()}
        for p in state.players:
            for z in (*PLAYER_ZONES, "end_exile"):
                setattr(p, z, [fix(c) for c in getattr(p, z)])
            if p.base is not None:
                p.base = fix(p.base)
        for r in state.regions:
            for z in REGION_ZONES:
                setattr(r, z, [fix(c) for c in getattr(r, z)])
        state.exiled = [fix(c) for c in state.exiled]
        state.box = [fix(c) for c in state.box]
        state.victory = [[fix(c) for c in v] for v in state.victory]
        state.base_owner = {fix(c): s for c, s in state.base_owner.items()}
        state.damage = {fix(c): n for c, n in state.damage.items()}
        state.used = {fix(c) for c in state.used}
        state.attacked = {fix(c) for c in state.attacked}
        state.bonus = {fix(c): n for c, n in state.bonus.items()}


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def from_position(data: Mapping[str, Any]) -> SwdbgState:
    """Read a position; raises :class:`PositionError` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    if data.get("game", "swdbg") != "swdbg":
        raise PositionError(f"this is a position of {data.get('game')!r}, not swdbg")
    try:
        return _read(data)
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"invalid swdbg position: {type(exc).__name__}: {exc}") from None


def _check_fields(data: Any, allowed: frozenset[str], where: str) -> None:
    """A misspelt field would silently be ignored: say so instead."""
    if not isinstance(data, Mapping):
        raise PositionError(f"{where} must be an object of fields")
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise PositionError(f"unknown field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} in {where}; "
                            f"the fields are: {', '.join(sorted(allowed))}")


def _read(data: Mapping[str, Any]) -> SwdbgState:
    _check_fields(data, TOP_FIELDS, "the position")
    for i, pd in enumerate(data.get("players") or []):
        _check_fields(pd, PLAYER_FIELDS, f"players[{i}]")
    for i, rd in enumerate(data.get("regions") or []):
        _check_fields(rd, frozenset(REGION_ZONES), f"regions[{i}]")
    mode = data.get("mode", "1v1")
    table: Table = table_for(mode)
    options = dict(data.get("options", {}))
    cfg: Config = read_config(mode, int(data.get("seed", 0)), options)
    state = SwdbgState(table, {}, cfg)
    cards = _Cards(data)
    state.rng = rng_from_json(data.get("rng", cfg.seed))
    state.version = int(data.get("version", 0))
    state.turn = int(data.get("turn", 1))
    state.stage = data.get("stage", "main")
    if state.stage not in ("setup", "start", "main", "over"):
        raise PositionError(f"stage must be setup, start, main or over, not {state.stage!r}")
    state.active_team = int(data.get("active_team", 0))
    state.first_team = int(data.get("first_team", 0))
    state.force = int(data.get("force", 6))
    if not 0 <= state.force <= 6:
        raise PositionError("force must be between 0 (fully Empire) and 6 (fully Rebel)")
    players_data = data.get("players", [])
    if len(players_data) != len(table.seats):
        raise PositionError(f"mode {mode} needs {len(table.seats)} players, the position has {len(players_data)}")
    for i, pd in enumerate(players_data):
        faction = table.seats[i].team
        if pd.get("faction", faction) != faction:
            raise PositionError(f"seat {i} is {faction} in mode {mode}, not {pd.get('faction')}")
        region = int(pd.get("region", 0 if mode == "1v1" else i % 2))
        p = Player(i, faction, 0 if faction == "empire" else 1, region)
        for z in PLAYER_ZONES:
            setattr(p, z, [cards.read(c, f"players[{i}].{z}") for c in pd.get(z, [])])
        p.base = cards.read(pd["base"], f"players[{i}].base") if pd.get("base") else None
        if data.get("lenient") is not True:
            _check_factions(p, cards, i)
        p.resources = int(pd.get("resources", 0))
        p.ended = bool(pd.get("ended", False))
        state.players.append(p)
    nregions = 1 if mode == "1v1" else 2
    regions_data = data.get("regions", [{}] * nregions)
    if len(regions_data) != nregions:
        raise PositionError(f"mode {mode} has {nregions} region(s), the position has {len(regions_data)}")
    for i, rd in enumerate(regions_data):
        r = Region(i)
        for z in REGION_ZONES:
            setattr(r, z, [cards.read(c, f"regions[{i}].{z}") for c in rd.get(z, [])])
        state.regions.append(r)
    state.exiled = [cards.read(c, "exiled") for c in data.get("exiled", [])]
    state.box = [cards.read(c, "box") for c in data.get("box", [])]
    state.victory = [[cards.read(c, f"victory[{t}]") for c in v] for t, v in enumerate(data.get("victory", [[], []]))]
    lookup = _lookup(state, cards)
    owner_data = data.get("base_owner")
    if owner_data is None:
        # Written by hand: each base belongs to the player whose base or base deck holds it.
        state.base_owner = {}
        for p in state.players:
            for b in [p.base, *p.base_deck]:
                if b is not None:
                    state.base_owner[b] = p.seat
        for t, v in enumerate(state.victory):
            for b in v:
                state.base_owner.setdefault(b, _default_owner(state, b, 1 - t))
    else:
        state.base_owner = _read_owners(state, cards, lookup, owner_data)
    for p, pd in zip(state.players, players_data, strict=True):
        p.end_exile = [lookup(c) for c in pd.get("end_exile", [])]
    state.damage = {lookup(k): int(n) for k, n in data.get("damage", {}).items()}
    state.used = {lookup(k) for k in data.get("used", [])}
    state.attacked = {lookup(k) for k in data.get("attacked", [])}
    state.bonus = {lookup(k): int(n) for k, n in data.get("bonus", {}).items()}
    state.flags = {tuple(f) for f in data.get("flags", [])}
    state.hoth_prevented = int(data.get("hoth_prevented", 0))
    state.next_top = [int(n) for n in data.get("next_top", [0, 0])]
    att = data.get("attack")
    if att:
        state.attack = Attack(att["target"], att.get("row_card"), att.get("region"), list(att.get("cards", [])),
                              tuple(att.get("seats", [])))
    state.pending = [Pending(pd["kind"], tuple(pd["seats"]), int(pd["actor"]), pd.get("prompt", ""),
                             tuple(_decode(o) for o in pd["options"]), pd.get("card"),
                             tuple(sorted((k, _decode(v)) for k, v in pd.get("data", {}).items())),
                             tuple(pd.get("shown", [])), int(pd.get("since", 0)))
                     for pd in data.get("pending", [])]
    state.main_since = int(data.get("main_since", 0))
    state.queue = [tuple(q) for q in data.get("queue", [])]  # type: ignore[misc]
    state.winner = data.get("winner")
    state.draw = bool(data.get("draw", False))
    state.end_reason = data.get("end_reason", "")
    state.turn_actions = int(data.get("turn_actions", 0))
    cards.finish(state)
    if state.stage != "over" and not state.pending and state.stage in ("setup", "start"):
        from allegiance.games.swdbg.turns import advance
        version, state.version = state.version, state.version - 1  # decisions asked now belong to it
        advance(state)
        state.version = version
    return state


def _check_factions(p: Player, cards: _Cards, i: int) -> None:
    """A player's zones hold their own faction's cards and neutral ones; their bases are their faction's."""
    for z in (*PLAYER_ZONES, "base"):
        ids = [p.base] if z == "base" else getattr(p, z)
        for c in ids:
            if c is None:
                continue
            d = cards.cards[c]
            where = f"players[{i}].{z}"
            if z in ("base", "base_deck"):
                if not d.is_base or d.faction != p.faction:
                    raise PositionError(f"{where}: {d.name} is not {_a(p.faction)} base and seat {i} plays the "
                                        f"{p.faction.title()} (write `lenient: true` in the file to allow it)")
            elif d.is_base:
                raise PositionError(f"{where}: {d.name} is a base; bases go in `base` or `base_deck`")
            elif d.faction not in (p.faction, "neutral"):
                raise PositionError(f"{where}: {d.name} is {_a(d.faction)} card and seat {i} plays the "
                                    f"{p.faction.title()}; a player's zones hold their own faction's cards "
                                    "and neutral ones (write `lenient: true` in the file to allow it)")


def _a(faction: str) -> str:
    """ "an Empire", "a Rebel" """
    return f"{'an' if faction[0] in 'aeiou' else 'a'} {faction.title()}"


def _read_owners(state: SwdbgState, cards: _Cards, lookup: Any, owner_data: Any) -> dict[int, int]:
    """A ``base_owner`` map: each base of the position (bases, base decks, victory piles) -> its seat."""
    if not isinstance(owner_data, Mapping):
        raise PositionError("base_owner must map each base to the seat that owns it, e.g. {\"Lothal#110\": 0}")
    owners: dict[int, int] = {}
    for k, seat in owner_data.items():
        c = lookup(k)
        if not cards.cards[c].is_base:
            raise PositionError(f"base_owner: {k!r} is not a base")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
            raise PositionError(f"base_owner: the owner of {k!r} must be a seat from 0 to {len(state.players) - 1}, "
                                f"not {seat!r}")
        owners[c] = seat
    bases = [b for p in state.players for b in (p.base, *p.base_deck) if b is not None]
    bases += [b for v in state.victory for b in v]
    missing = [b for b in bases if b not in owners]
    if missing:
        names = ", ".join(f"{cards.cards[b].name} ({cards.where[b]})" for b in missing)
        raise PositionError(f"base_owner names no owner for {names}: give every base an owner, "
                            "or leave base_owner out and each base belongs to the player whose zones hold it")
    return owners


def _default_owner(state: SwdbgState, base: int, team: int) -> int:
    for p in state.players:
        if p.team == team:
            return p.seat
    return 0


def _shown(cards: _Cards, c: int) -> str:
    """A card as the file wrote it: with its id, or by name alone when the file gave none."""
    return f"{cards.cards[c].name}#{c}" if c >= 0 else cards.cards[c].name


def _lookup(state: SwdbgState, cards: _Cards) -> Any:
    def find(text: str) -> int:
        name, _, num = str(text).partition("#")
        if num:
            cid = int(num)
            if cid not in cards.cards:
                raise PositionError(f"{text!r} names card #{cid}, which is in no zone")
            return cid
        matches = [cid for cid, d in cards.cards.items() if d.name == name.strip()]
        if len(matches) > 1:
            found = "; ".join(f"{_shown(cards, c)} in {cards.where[c]}" for c in matches)
            raise PositionError(f"{text!r} matches {len(matches)} cards ({found}): name one by its id "
                                f"(write ids in the zones too, e.g. \"{name.strip()}#40\")")
        if matches:
            return matches[0]
        raise PositionError(f"{text!r} names no card of the position")
    return find
