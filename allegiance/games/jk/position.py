"""The position file form of a Jedi Knights state: readable JSON, cards as ``"Name#id"``.

The engine writes every field: the ``cards`` table (each id's name) and ``owner`` (each id's player),
every pile, the current planet's system and site, battles, response windows and the pending choice, so
that a game read back continues exactly as the original.

A person writing a position may leave out every field but ``game`` and ``players`` and name cards
without their ids: the engine numbers them.  Each player may list the cards they have at the current
planet in their own ``system`` and ``site`` (an owner is then known without an ``owner`` table); the
line-up follows from the number of players (``AvE``, ``AvEvI``, ``AAvEE``...); each player's theme card
comes from their deck (option ``decks``, the demo decks by default); the planets are the decks'
locations; the rest is the Deploy Phase of the first turn, Player 1 (seat 0) to act.  A mistake is
reported in one line naming its field.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from allegiance.core.errors import PositionError
from allegiance.core.position_fields import a_list, check_fields, whole_number
from allegiance.core.rng import rng_from_json
from allegiance.games.jk import lineups
from allegiance.games.jk.cards import CardDef, catalog, theme_card
from allegiance.games.jk.decks import DeckError, read_deck
from allegiance.games.jk.options import OPTION_SPECS, resolved
from allegiance.games.jk.state import PILES, Battle, JKState, Pending, Player, Turns, Window

PHASES = ("location", "force", "deploy", "starship", "blockade", "character", "over")
TOP_FIELDS = frozenset((
    "format", "game", "mode", "version", "options", "rng", "cards", "owner", "players", "planets", "planet",
    "controlled", "final", "system", "site", "attached", "under", "boost", "rotated", "shuttled", "intimidated",
    "phase", "turn", "turn_at_planet", "player_one", "turns", "battle", "windows", "pending", "winner", "draw",
    "end_reason"))
PLAYER_FIELDS = frozenset(("seat", "allegiance", "theme", "deck", "theme_card", "force_card", "chosen", "credits",
                           "out", *PILES, "system", "site"))
#: the line-up a hand-written position has by its number of players
DEFAULT_MODES = {2: "AvE", 3: "AvEvI", 4: "AAvEE", 6: "AAAvEEE", 8: "AAAAvEEEE"}
_ID = re.compile(r"#(\d+)$")


def _turns(t: Turns) -> dict[str, Any]:
    return {"order": t.order, "idx": t.idx, "passes": t.passes}


def to_position(state: JKState) -> dict[str, Any]:
    def ref(c: int) -> str | None:
        return f"{state.cards[c].name}#{c}" if c >= 0 else None

    def refs(cards: Any) -> list[str | None]:
        return [ref(c) for c in cards]
    b, pend = state.battle, state.pending
    return {
        "format": "allegiance-position/1",
        "game": "jk", "mode": state.mode, "version": state.version, "options": state.options,
        "rng": state.rng.to_json(), "cards": [c.name for c in state.cards], "owner": state.owner,
        "players": [{"seat": p.seat, "allegiance": p.allegiance, "theme": p.theme, "deck": p.deck,
                     "theme_card": ref(p.theme_card), "force_card": ref(p.force_card), "chosen": ref(p.chosen),
                     "credits": p.credits, "out": p.out, **{k: refs(getattr(p, k)) for k in PILES}}
                    for p in state.players],
        "planets": state.planets, "planet": state.planet, "controlled": state.controlled, "final": state.final,
        "system": refs(state.system), "site": refs(state.site),
        "attached": [refs(pair) for pair in sorted(state.attached.items())],
        "under": [refs(pair) for pair in sorted(state.under.items())],
        "boost": [[ref(c), n] for c, n in sorted(state.boost.items())], "rotated": refs(sorted(state.rotated)),
        "shuttled": refs(sorted(state.shuttled)),
        "intimidated": sorted(state.intimidated), "phase": state.phase, "turn": state.turn,
        "turn_at_planet": state.turn_at_planet, "player_one": state.player_one, "turns": _turns(state.turns),
        "battle": None if b is None else {
            "kind": b.kind, "attacker": ref(b.attacker), "defender": ref(b.defender), "att_team": b.att_team,
            "def_team": b.def_team, "step": b.step, "supporters": [refs(pair) for pair in sorted(b.supporters.items())],
            "fired": refs(b.fired), "turns": _turns(b.turns)},
        "windows": [{
            "kind": w.kind, "seat": w.seat, "turns": _turns(w.turns), "weapon": ref(w.weapon),
            "target": ref(w.target), "bonuses": w.bonuses, "card": ref(w.card), "function": w.function,
            "aim": ref(w.aim), "cancelled": w.cancelled}
            for w in state.windows],
        "pending": None if pend is None else {"kind": pend.kind, "seat": pend.seat, "options": list(pend.options),
                                              "card": ref(pend.card)},
        "winner": state.winner, "draw": state.draw_game, "end_reason": state.end_reason,
    }


def from_position(data: Mapping[str, Any]) -> JKState:
    """A state from its position form; raises :class:`PositionError` saying what is wrong (one line,
    naming the field)."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    reader = _Reader(data)
    try:
        return reader.read()
    except PositionError:
        raise
    except KeyError as exc:
        raise PositionError(f"{reader.at}: the field {exc.args[0]} is missing") from None
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise PositionError(f"{reader.at}: a value of the wrong type or shape ({type(exc).__name__})") from None


def _explicit_ids(value: Any, out: set[int]) -> set[int]:
    """Every id written after a ``#`` anywhere in the document (fresh ids avoid them)."""
    if isinstance(value, str):
        m = _ID.search(value)
        if m:
            out.add(int(m.group(1)))
    elif isinstance(value, Mapping):
        for v in value.values():
            _explicit_ids(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _explicit_ids(v, out)
    return out


class _Reader:
    """Reads one position; ``at`` names the field being read, for the one-line error."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.at = "the position"
        self.names: list[str] | None = None  # the ``cards`` table, when given
        self.owner_table: list[int] | None = None
        self.known: list[dict[str, CardDef]] = []  # the card names each seat's deck may use
        self.cards: dict[int, CardDef] = {}
        self.owner: dict[int, int] = {}
        self.where: dict[int, str] = {}
        self.taken: set[int] = set()
        self.next_id = 0

    # -- cards ---------------------------------------------------------------------------------------------
    def _split(self, text: Any, where: str) -> tuple[str | None, int | None]:
        """(name, id) of a card slot: an id alone, ``"Name#id"`` or ``"Name"``."""
        if isinstance(text, int) and not isinstance(text, bool):
            return None, text
        if not isinstance(text, str) or not text.strip():
            raise PositionError(f"{where}: a card is written as its name (\"Ridge Scout\" or \"Ridge Scout#14\"), "
                                f"not {text!r}")
        m = _ID.search(text)
        if m:
            return text[:m.start()].strip(), int(m.group(1))
        return text.strip(), None

    def _def(self, name: str, seat: int, where: str) -> CardDef:
        known = self.known[seat]
        if name in known:
            return known[name]
        close = difflib.get_close_matches(name, known, n=1)
        hint = f' (did you mean "{close[0]}"?)' if close else ""
        raise PositionError(f'{where}: no card named "{name}"{hint}')

    def place(self, text: Any, where: str, seat: int | None) -> int:
        """A card in a zone (``seat``: the player whose zone it is; None for the shared planet, whose cards'
        owners the ``owner`` table gives)."""
        name, cid = self._split(text, where)
        if cid is not None and cid in self.where:
            raise PositionError(f"{where}: card #{cid} is also in {self.where[cid]}; every card is in exactly one zone")
        if self.names is not None:
            if cid is None:
                raise PositionError(f"{where}: {text!r} has no id, and a position with a cards table names each "
                                    "card with its id")
            if not 0 <= cid < len(self.names):
                raise PositionError(f"{where}: there is no card #{cid} in the cards table")
            if name is not None and name != self.names[cid]:
                raise PositionError(f"{where}: card #{cid} is {self.names[cid]}, not {name}")
            assert self.owner_table is not None
            owner = self.owner_table[cid]
            name = self.names[cid]
        else:
            if name is None:
                raise PositionError(f"{where}: card #{cid}: name the card (\"Name#{cid}\"), as there is no cards table")
            if seat is None:
                raise PositionError(f"{where}: whose card is {name}? Without an owner table, list a player's cards "
                                    f"at the planet in that player's own system or site")
            owner = seat
            if cid is None:
                while self.next_id in self.taken:
                    self.next_id += 1
                cid = self.next_id
                self.taken.add(cid)
        if seat is not None and owner != seat:
            raise PositionError(f"{where}: card #{cid} belongs to seat {owner}, not to this player")
        self.cards[cid] = self._def(name, owner, where)
        self.owner[cid] = owner
        self.where[cid] = where
        return cid

    def ref(self, text: Any, where: str, none: bool = False) -> int:
        """A card already placed, named again (a weapon's bearer, a battle's cards...): by id, ``"Name#id"``,
        or a name that matches one card of the position; ``none``: null or -1 for no card."""
        if none and (text is None or text == -1):
            return -1
        name, cid = self._split(text, where)
        if cid is not None:
            if cid not in self.where:
                raise PositionError(f"{where}: card #{cid} is in no zone of the position")
            if name is not None and self.cards[cid].name != name:
                raise PositionError(f"{where}: card #{cid} is {self.cards[cid].name}, not {name}")
            return cid
        matches = [c for c in self.where if self.cards[c].name == name]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise PositionError(f'{where}: no card named "{name}" in any zone of the position')
        raise PositionError(f"{where}: {name!r} matches {len(matches)} cards ({'; '.join(self.where[c] for c in matches)})"
                            f": give the cards ids, e.g. \"{name}#40\"")

    # -- the position ----------------------------------------------------------------------------------------
    def read(self) -> JKState:
        data = self.data
        if data.get("game") != "jk":
            raise PositionError(f"the position is not of the game jk but of {data.get('game')!r}")
        check_fields(data, TOP_FIELDS, "the position")
        players_data = a_list(data.get("players"), "players") if "players" in data else []
        if not players_data:
            raise PositionError("players: a position lists its players (an object per seat, {} for an empty one)")
        for i, pd in enumerate(players_data):
            check_fields(pd, PLAYER_FIELDS, f"players[{i}]")
        mode = data.get("mode", DEFAULT_MODES.get(len(players_data)))
        if mode is None:
            raise PositionError(f"mode: no default line-up has {len(players_data)} players; write the mode "
                                f"(line-ups: {', '.join(lineups.MODES)})")
        if mode not in lineups.MODES:
            raise PositionError(f"mode: unknown line-up {mode!r}; line-ups: {', '.join(lineups.MODES)}")
        table = lineups.table_for(mode)
        if len(players_data) != len(table.seats):
            raise PositionError(f"players: line-up {mode} has {len(table.seats)} players, the position lists "
                                f"{len(players_data)}")
        self.at = "options"
        options = self._options(data, mode)
        specs = options.get("decks") or _default_decks(mode)
        decks: list[Any] = []
        self.decks = decks
        for seat in range(len(table.seats)):
            try:
                deck = read_deck(specs[seat]) if seat < len(specs) else None
            except DeckError as exc:
                raise PositionError(f"options.decks[{seat}]: {exc}") from None
            decks.append(deck)
            self.known.append(deck.known() if deck is not None else catalog())
        if data.get("cards") is not None:
            self.at = "cards"
            self.names = [str(n) for n in a_list(data["cards"], "cards")]
            self.owner_table = [whole_number(o, f"owner[{i}]") for i, o in enumerate(a_list(data.get("owner"), "owner"))]
            if len(self.owner_table) != len(self.names) or not all(0 <= o < len(table.seats) for o in self.owner_table):
                raise PositionError("cards, owners and seats do not match: owner gives each card's seat")
            unknown = sorted({n for n, o in zip(self.names, self.owner_table, strict=True) if n not in self.known[o]})
            if unknown:
                raise PositionError(f"cards: unknown card(s): {', '.join(unknown[:5])}")
        else:
            self.taken = _explicit_ids(data, set())
        state = self._zones(data, table, mode, options, players_data, decks)
        self._rest(state, data)
        _check_refs(state)
        if state.phase != "over":
            _check_ends(state)
        return state

    def _options(self, data: Mapping[str, Any], mode: str) -> dict[str, Any]:
        from allegiance.core.options import OptionError, validate_options
        given = data.get("options", {})
        if not isinstance(given, Mapping):
            raise PositionError("options: an object of option values")
        given = {k: v for k, v in given.items() if k in {s.name for s in OPTION_SPECS}}
        try:
            return resolved(validate_options(OPTION_SPECS, given), lineups.three_sided(mode))
        except (OptionError, ValueError) as exc:
            raise PositionError(f"options: {exc}") from None

    def _zones(self, data: Mapping[str, Any], table: Any, mode: str, options: dict[str, Any],
               players_data: list[Any], decks: list[Any]) -> JKState:
        allegiances = lineups.allegiances(mode)
        players = []
        in_play: list[tuple[str, int]] = []  # (system/site, card) in reading order
        for seat, pd in enumerate(players_data):
            deck = decks[seat]
            where = f"players[{seat}]"
            if pd.get("allegiance", allegiances[seat]) != allegiances[seat]:
                raise PositionError(f"{where}.allegiance: seat {seat} plays {allegiances[seat]} in line-up {mode}")
            theme = pd.get("theme", deck.theme if deck is not None else "")
            p = Player(seat, allegiances[seat], str(theme), str(pd.get("deck", deck.name if deck is not None else "")))
            for k in PILES:
                self.at = f"{where}.{k}"
                setattr(p, k, [self.place(c, f"{where}.{k}[{i}]", seat) for i, c in enumerate(a_list(pd.get(k, []), self.at))])
            for k in ("system", "site"):
                self.at = f"{where}.{k}"
                in_play += [(k, self.place(c, f"{where}.{k}[{i}]", seat)) for i, c in enumerate(a_list(pd.get(k, []), self.at))]
            for k in ("force_card", "chosen"):
                self.at = f"{where}.{k}"
                v = pd.get(k)
                setattr(p, k, -1 if v is None or v == -1 else self.place(v, f"{where}.{k}", seat))
            self.at = f"{where}.theme_card"
            if "theme_card" in pd:
                v = pd["theme_card"]
                p.theme_card = -1 if v is None or v == -1 else self.place(v, f"{where}.theme_card", seat)
            else:  # written by hand: the deck's theme card is in play (JK-START-2)
                try:
                    p.theme_card = self.place(theme_card(p.theme).name, f"{where}.theme_card", seat)
                except ValueError as exc:
                    raise PositionError(f"{where}.theme: {exc}") from None
            p.credits = whole_number(pd.get("credits", 0), f"{where}.credits")
            p.out = bool(pd.get("out", False))
            players.append(p)
        for k in ("system", "site"):
            self.at = k
            in_play += [(k, self.place(c, f"{k}[{i}]", None)) for i, c in enumerate(a_list(data.get(k, []), k))]
        windows_data = a_list(data.get("windows", []), "windows")
        window_cards = []
        for i, d in enumerate(windows_data):
            self.at = f"windows[{i}]"
            v = d.get("card") if isinstance(d, Mapping) else None
            window_cards.append(-1 if v is None or v == -1 else self.place(v, f"windows[{i}].card", None
                                                                            if self.names is not None
                                                                            else whole_number(d.get("seat", 0), self.at)))
        self.at = "cards"
        n = len(self.cards)
        if sorted(self.cards) != list(range(n)):
            if self.names is not None:
                missing = sorted(set(range(len(self.names))) - set(self.cards))
                raise PositionError(f"every card must be in exactly one zone: in no zone: "
                                    f"{', '.join(f'{self.names[c]}#{c}' for c in missing[:5])}")
            high = min(c for c in self.cards if c >= n)
            raise PositionError(f"{self.where[high]}: card id #{high} is too high: the {n} cards of the position "
                                f"have the ids 0 to {n - 1}")
        self.at = "rng"
        state = JKState(table, mode, [self.cards[c] for c in range(n)], options, rng_from_json(data.get("rng", 0)))
        state.owner = [self.owner[c] for c in range(n)]
        state.players = players
        state.system = [c for k, c in in_play if k == "system"]
        state.site = [c for k, c in in_play if k == "site"]
        self._window_cards = window_cards
        return state

    def _rest(self, state: JKState, data: Mapping[str, Any]) -> None:
        n = len(state.players)
        state.version = whole_number(data.get("version", 0), "version")
        self.at = "planets"
        if "planets" in data:
            state.planets = [str(p) for p in a_list(data["planets"], "planets")]
        else:  # written by hand: the decks' locations, in order
            state.planets = list(dict.fromkeys(loc for d in self.decks if d is not None for loc in d.locations))[:4]
        state.planet = whole_number(data.get("planet", 0), "planet")
        if state.planets and not 0 <= state.planet < len(state.planets):
            raise PositionError(f"planet: the index of the current planet in planets (0 to {len(state.planets) - 1})")
        self.at = "controlled"
        state.controlled = [str(t) for t in a_list(data.get("controlled", [""] * state.planet), "controlled")]
        teams = set(state.table.teams) | {""}
        if any(t not in teams for t in state.controlled):
            raise PositionError(f"controlled: each decided planet's side ({', '.join(state.table.teams)}) or \"\"")
        state.final = bool(data.get("final", state.planet >= 3))
        for key, target in (("attached", state.attached), ("under", state.under)):
            for i, pair in enumerate(a_list(data.get(key, []), key)):
                where = f"{key}[{i}]"
                self.at = where
                a, b = a_list(pair, where)
                target[self.ref(a, where)] = self.ref(b, where)
        for i, pair in enumerate(a_list(data.get("boost", []), "boost")):
            self.at = f"boost[{i}]"
            c, v = a_list(pair, self.at)
            state.boost[self.ref(c, self.at)] = whole_number(v, self.at)
        for key in ("rotated", "shuttled"):
            self.at = key
            setattr(state, key, {self.ref(c, f"{key}[{i}]") for i, c in enumerate(a_list(data.get(key, []), key))})
        state.intimidated = {str(t) for t in a_list(data.get("intimidated", []), "intimidated")}
        self.at = "phase"
        state.phase = str(data.get("phase", "deploy"))
        if state.phase not in PHASES:
            raise PositionError(f"unknown phase {state.phase!r}; phases: {', '.join(PHASES)}")
        state.turn = whole_number(data.get("turn", 1), "turn")
        state.turn_at_planet = whole_number(data.get("turn_at_planet", 0), "turn_at_planet")
        state.player_one = whole_number(data.get("player_one", 0), "player_one")
        if not -1 <= state.player_one < n:
            raise PositionError(f"player_one: a seat number is out of range (0 to {n - 1})")
        self.at = "turns"
        if "turns" in data:
            state.turns = _read_turns(data["turns"], "turns")
        else:  # Player 1 acts first, then clockwise (S2)
            state.turns = Turns([(state.player_one + i) % n for i in range(n) if not state.players[(state.player_one + i) % n].out])
        if data.get("battle") is not None:
            self.at = "battle"
            d = data["battle"]
            b = Battle(d.get("kind", "starship" if state.phase == "starship" else "character"),
                       self.ref(d["attacker"], "battle.attacker"),
                       self.ref(d["defender"], "battle.defender"),
                       d.get("att_team", state.team_of_card(self.ref(d["attacker"], "battle.attacker"))),
                       d.get("def_team", state.team_of_card(self.ref(d["defender"], "battle.defender"))))
            b.step = d.get("step", "support")
            b.supporters = {self.ref(a, f"battle.supporters[{i}]"): self.ref(m, f"battle.supporters[{i}]")
                            for i, (a, m) in enumerate(d.get("supporters", []))}
            b.fired = [self.ref(c, f"battle.fired[{i}]") for i, c in enumerate(d.get("fired", []))]
            state.battle = b
            if "turns" in d:
                b.turns = _read_turns(d["turns"], "battle.turns")
            else:  # S2: the defending player acts first in the support step, the attacker in the others
                from allegiance.games.jk.battle import participants
                b.turns = Turns(participants(state, state.owner[b.defender if b.step == "support" else b.attacker]))
        for i, d in enumerate(a_list(data.get("windows", []), "windows")):
            self.at = f"windows[{i}]"
            w = Window(d["kind"], whole_number(d["seat"], f"{self.at}.seat"), [])
            w.turns = _read_turns(d["turns"], f"{self.at}.turns")
            w.weapon = self.ref(d.get("weapon"), f"{self.at}.weapon", none=True)
            w.target = self.ref(d.get("target"), f"{self.at}.target", none=True)
            w.bonuses, w.card = [int(x) for x in d.get("bonuses", [])], self._window_cards[i]
            w.function = int(d.get("function", 0))
            w.aim, w.cancelled = self.ref(d.get("aim"), f"{self.at}.aim", none=True), bool(d.get("cancelled", False))
            state.windows.append(w)
        if data.get("pending") is not None:
            self.at = "pending"
            d = data["pending"]
            state.pending = Pending(d["kind"], whole_number(d["seat"], "pending.seat"), tuple(d["options"]),
                                    self.ref(d.get("card"), "pending.card", none=True))
        self.at = "winner"
        state.winner, state.draw_game = str(data.get("winner", "")), bool(data.get("draw", False))
        state.end_reason = str(data.get("end_reason", ""))


def _default_decks(mode: str) -> list[str]:
    from allegiance.games.jk.setup import default_decks
    return default_decks(mode)


def _read_turns(d: Any, where: str) -> Turns:
    check_fields(d, frozenset(("order", "idx", "passes")), where)
    t = Turns([whole_number(s, f"{where}.order") for s in a_list(d["order"], f"{where}.order")])
    t.idx, t.passes = whole_number(d.get("idx", 0), f"{where}.idx"), whole_number(d.get("passes", 0), f"{where}.passes")
    return t


def _check_ends(state: JKState) -> None:
    """An outcome the position has already reached ends the game now: a side that controls three planets
    wins at once (JK-3S-10)."""
    from allegiance.games.jk.flow import end_game
    for team in state.table.teams:
        if state.controlled.count(team) >= 3:
            end_game(state, team, "it controls three planets")
            return


def _check_refs(state: JKState) -> None:
    """Seats, cards and phases the rest of the engine relies on are in range."""
    n = len(state.players)
    seats_ok = all(0 <= o < n for o in state.owner) and -1 <= state.player_one < n
    alternations = [state.turns] + [w.turns for w in state.windows] + ([state.battle.turns] if state.battle else [])
    for t in alternations:
        seats_ok = seats_ok and all(0 <= s < n for s in t.order) and (not t.order or 0 <= t.idx < len(t.order))
    if not seats_ok:
        raise PositionError("turns: a seat number is out of range")
    in_play = set(state.system) | set(state.site)
    refs = list(state.attached.items()) + list(state.under.items())
    if state.battle is not None:
        refs.append((state.battle.attacker, state.battle.defender))
    if any(a not in in_play or b not in in_play for a, b in refs):
        raise PositionError("attached/under/battle: a weapon, tactic bonus or battle names a card that is not in play")
    if state.pending is not None and not 0 <= state.pending.seat < n:
        raise PositionError("pending.seat: the pending choice's seat is out of range")
