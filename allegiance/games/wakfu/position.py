"""Position files: a readable JSON object that fully describes a Wakfu game (cards as ``"Name#id"``).

Every zone, the File d'Attente, the combat, pending decisions, effects in play and the RNG are written,
so that a game read back continues exactly as the original (determinism, invariant 1).

A person writing a position may leave out every field but ``game`` and ``players`` and name cards
without their ids: the engine numbers them, each player's deck (option ``decks``, Iop by default)
gives the Héros and the Havre Sac a player leaves out, and the rest takes the values of a game in
progress (the Phase Principale of seat 0, every player past their first turn, Héros at full PV, cards
in play since before this turn).  Effects in play are written by card and effect name
(``{"card": "Bouftou", "effect": "force", "value": 2, "until": "end of turn"}``).  A mistake is
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
from allegiance.games.wakfu.cards import CARDS, INVOKED, TOKEN_NUMBER, TOKENS, CardDef
from allegiance.games.wakfu.setup import deck_specs, read_deck, table_for
from allegiance.games.wakfu.state import Combat, Config, Item, Pending, Player, WakfuState

FORMAT = "allegiance-position/1"
ZONES = ("pioche", "main", "defausse", "havre", "monde")
PLAYER_INTS = ("xp", "level", "pv", "sac_pr", "turns", "mulligans")
PLAYER_BOOLS = ("recycled", "drew_or_played", "out")
PHASES = ("setup", "mulligan", "untap", "main", "draw", "end", "over")
#: every field a position may have (docs/formats/position.schema.json); anything else is a mistake
TOP_FIELDS = frozenset((
    "format", "game", "mode", "seed", "options", "cards", "owners", "rng", "version", "active", "first", "turn",
    "phase", "players", "tapped", "damage", "appeared", "attached", "effects", "player_effects", "mods", "pmods",
    "file", "pending", "combat", "banished", "attacked", "flags", "winner", "draw", "end_reason"))
PLAYER_FIELDS = frozenset((*ZONES, *PLAYER_INTS, *PLAYER_BOOLS, "hero", "sac", "gone", "seat"))
OPTION_FIELDS = frozenset(("decks", "max_turns", "reaction_prompts", "reaction_seconds", "deck_names",
                           "team_uniques"))
FILE_FIELDS = frozenset(("kind", "seat", "card", "effect", "targets", "x", "paid", "cancelled", "to_ask", "need",
                         "inclined", "place", "extra", "step", "power", "source_zone", "crafted", "hand_at",
                         "answered"))
COMBAT_FIELDS = frozenset(("attacker", "defender", "target", "step", "attackers", "blockers", "blocked", "dealt",
                           "destroyed", "to_act", "passes", "passed", "last_att", "last_def"))


def _enc(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_enc(v) for v in value]
    return value


def _dec(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_dec(v) for v in value)
    return value


# -- how long an effect lasts: the engine's marks and the words a position uses -------------------------
def until_words(until: str) -> str:
    """``turn`` -> ``end of turn``, ``combat`` -> ``end of combat``, ``next:2`` -> ``next turn of seat 2``."""
    if until == "turn":
        return "end of turn"
    if until == "combat":
        return "end of combat"
    if until == "perm":  # a marker kept while the card stays in play (Bouloute)
        return "permanent"
    if until.startswith("next:"):
        return f"next turn of seat {until[5:]}"
    if until.startswith("after:"):  # the untap of that turn included (Grippe de Wakfu)
        return f"untap of the next turn of seat {until[6:]}"
    if until == "untap":  # while the card stays inclined (Shimay Rouch)
        return "while inclined"
    return until


_NEXT = re.compile(r"next turn of seat (\d+)")
_AFTER = re.compile(r"untap of the next turn of seat (\d+)")


def until_mark(words: Any, where: str) -> str:
    if words == "end of turn":
        return "turn"
    if words == "end of combat":
        return "combat"
    if words == "permanent":
        return "perm"
    if words == "while inclined":
        return "untap"
    m = _NEXT.fullmatch(str(words))
    if m:
        return f"next:{m.group(1)}"
    m = _AFTER.fullmatch(str(words))
    if m:
        return f"after:{m.group(1)}"
    raise PositionError(f"{where}: until must be \"end of turn\", \"end of combat\", \"permanent\", \"next turn of seat N\", "
                        f"\"untap of the next turn of seat N\" or \"while inclined\", not {words!r}")


def to_position(state: WakfuState) -> dict[str, Any]:
    def ref(c: int) -> str:
        return f"{state.cards[c].name}#{c}"

    def cref(c: Any) -> Any:  # a combat slot: a card, or -1 before the target is chosen
        return ref(c) if isinstance(c, int) and c in state.cards else c
    cfg = state.config
    players = []
    for p in state.players:
        pd: dict[str, Any] = {z: [ref(c) for c in getattr(p, z)] for z in ZONES}
        pd.update({k: getattr(p, k) for k in PLAYER_INTS + PLAYER_BOOLS})
        pd["hero"], pd["sac"] = ref(p.hero), ref(p.sac)
        pd["gone"] = [ref(c) for c in p.gone]
        players.append(pd)
    # who made each effect (WK-ELIM-2: a leaving player's effects end with them) goes beside the effect
    makers = sorted((f for f in state.flags if f[0] == "mod_by"), key=repr)
    effects = []
    for c, stat, value, until in state.mods:
        e: dict[str, Any] = {"card": ref(c), "effect": stat, "value": value, "until": until_words(until)}
        maker = next((f for f in makers if f[2] == (c, stat, value, until)), None)
        if maker is not None:
            makers.remove(maker)
            e["by"] = maker[1]
        effects.append(e)
    flags = (state.flags - {f for f in state.flags if f[0] == "mod_by"}) | set(makers)
    cb = state.combat
    return {
        "format": FORMAT, "game": "wakfu", "mode": cfg.mode, "seed": cfg.seed,
        "options": {"decks": list(state.deck_texts), "max_turns": cfg.max_turns,
                    "reaction_prompts": cfg.reaction_prompts, "deck_names": list(cfg.decks),
                    **({"reaction_seconds": cfg.reaction_seconds} if cfg.reaction_seconds != 4 else {})},
        "cards": [ref(c) for c in range(len(state.cards))], "owners": state.owners[:],
        "rng": state.rng.to_json(), "version": state.version, "active": state.active, "first": state.first,
        "turn": state.turn, "phase": state.phase, "players": players,
        "tapped": sorted(ref(c) for c in state.tapped),
        "damage": {ref(c): n for c, n in sorted(state.damage.items())},
        "appeared": {ref(c): n for c, n in sorted(state.appeared.items())},
        "attached": {ref(e): ref(c) for e, c in sorted(state.attached.items())},
        "effects": effects,
        "player_effects": [{"seat": s, "effect": k, "value": v, "until": until_words(u)} for s, k, v, u in state.pmods],
        "file": [{"kind": i.kind, "seat": i.seat, "card": ref(i.card), "effect": i.effect, "targets": _enc(i.targets),
                  "x": i.x, "paid": i.paid, "cancelled": i.cancelled, "to_ask": i.to_ask[:], "need": i.need[:],
                  "inclined": i.inclined[:], "place": i.place, "extra": _enc(i.extra), "step": i.step,
                  "power": i.power, "source_zone": i.source_zone, "crafted": i.crafted, "hand_at": i.hand_at,
                  **({"answered": [[s, _enc(v)] for s, v in i.answered]} if i.answered else {})}
                 for i in state.file],
        "pending": [{"kind": q.kind, "seat": q.seat, "prompt": q.prompt, "options": _enc(q.options), "card": q.card,
                     "data": _enc(q.data)} for q in state.pending],
        "combat": None if cb is None else {
            "attacker": cb.attacker, "defender": cb.defender, "target": cref(cb.target), "step": cb.step,
            "attackers": [ref(c) for c in cb.attackers], "blockers": [[ref(b), ref(a)] for b, a in cb.blockers.items()],
            "blocked": [ref(c) for c in cb.blocked], "dealt": [ref(c) for c in cb.dealt],
            "destroyed": [[ref(c), s] for c, s in cb.destroyed], "to_act": cb.to_act,
            "passes": cb.passes, "passed": cb.passed[:], "last_att": cb.last_att, "last_def": cb.last_def},
        "banished": [ref(c) for c in state.banished], "attacked": state.attacked,
        "flags": sorted((_enc(f) for f in flags), key=repr),
        "winner": state.winner, "draw": state.draw, "end_reason": state.end_reason,
    }


def from_position(data: Mapping[str, Any]) -> WakfuState:
    """Read a position; raises :class:`PositionError` saying what is wrong (one line, naming the field)."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    if data.get("game") != "wakfu":
        raise PositionError(f"this is a position of {data.get('game')!r}, not wakfu")
    reader = _Reader(data)
    try:
        return reader.read()
    except PositionError:
        raise
    except KeyError as exc:
        raise PositionError(f"{reader.at}: the field {exc.args[0]} is missing") from None
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        # a value of the wrong shape deep in a field: name the field being read, not Python's words
        raise PositionError(f"{reader.at}: a value of the wrong type or shape ({type(exc).__name__})") from None


def _named(name: str, where: str) -> CardDef:
    if name in CARDS:
        return CARDS[name]
    if name in TOKENS:  # a token in play (413.2)
        return TOKENS[name]
    close = difflib.get_close_matches(name, CARDS, n=1)
    hint = f' (did you mean "{close[0]}"?)' if close else ""
    raise PositionError(f'{where}: no card named "{name}"{hint}')


class _Reader:
    """Reads one position; ``at`` names the field being read, for the one-line error."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.at = "the position"
        self.cards: dict[int, CardDef] = {}
        self.fresh: list[int] = []  # placeholder ids (negative) of cards written without an id
        self.where: dict[int, str] = {}
        self.owner_of: dict[int, int] = {}
        self.table_given = data.get("cards") is not None
        self.known: dict[int, CardDef] = {}  # the ``cards`` table, when the position has one
        self.file_cards: list[int] = []

    # -- card references ---------------------------------------------------------------------------------
    def zone_card(self, text: Any, where: str, owner: int | None) -> int:
        """A card placed in a zone: ``"Name#id"`` or ``"Name"`` (a fresh card, numbered later)."""
        if not isinstance(text, str):
            raise PositionError(f"{where}: a card is written as its name (\"Bouftou\" or \"Bouftou#12\"), "
                                f"not {text!r}")
        name, _, num = text.rpartition("#") if "#" in text else (text, "", "")
        d = _named(name.strip(), where)
        if num:
            if not num.isdigit():
                raise PositionError(f"{where}: {text!r} has a card id that is not a number")
            cid = int(num)
            if cid in self.where:
                raise PositionError(f"{where}: card #{cid} is also in {self.where[cid]}; every card is in one zone")
            if self.table_given and (cid not in self.known or self.known[cid].name != d.name):
                raise PositionError(f"{where}: {text!r} is not card #{cid} of the cards table")
        else:
            if self.table_given:
                raise PositionError(f"{where}: {text!r} has no id, and a position with a cards table names "
                                    "each card with its id")
            cid = -1 - len(self.fresh)
            self.fresh.append(cid)
        self.cards[cid] = d
        self.where[cid] = where
        if owner is not None:
            self.owner_of[cid] = owner
        return cid

    def ref(self, text: Any, where: str) -> int:
        """A card already placed, named again (``damage``, ``tapped``, effects...): by id, or by a name that
        matches one card of the position."""
        if isinstance(text, int) and not isinstance(text, bool):
            if text not in self.where:
                raise PositionError(f"{where}: card #{text} is in no zone")
            return text
        if not isinstance(text, str):
            raise PositionError(f"{where}: a card is written as its name, not {text!r}")
        name, _, num = text.rpartition("#") if "#" in text else (text, "", "")
        name = name.strip()
        if num:
            if not num.isdigit() or int(num) not in self.where:
                raise PositionError(f"{where}: {text!r} names no card of the position")
            if self.cards[int(num)].name != name:
                raise PositionError(f"{where}: card #{num} is {self.cards[int(num)].name}, not {name}")
            return int(num)
        _named(name, where)
        matches = [c for c in self.where if self.cards[c].name == name]
        if not matches:
            raise PositionError(f"{where}: no {name} in any zone of the position")
        if len(matches) > 1:
            places = "; ".join(self.where[c] for c in matches)
            raise PositionError(f"{where}: {name!r} matches {len(matches)} cards ({places}): give the cards ids, "
                                f"e.g. \"{name}#40\"")
        return matches[0]

    # -- the position ------------------------------------------------------------------------------------
    def read(self) -> WakfuState:
        data = self.data
        check_fields(data, TOP_FIELDS, "the position")
        players_data = a_list(data.get("players"), "players") if "players" in data else None
        if not players_data:
            raise PositionError("players: a position lists its players (an object per seat, {} for an empty one)")
        for i, pd in enumerate(players_data):
            check_fields(pd, PLAYER_FIELDS, f"players[{i}]")
        self.at = "mode"
        mode = str(data.get("mode", f"{len(players_data) // 2}v{len(players_data) // 2}"))
        try:
            table = table_for(mode)
        except (KeyError, ValueError) as exc:
            raise PositionError(f"mode: {exc}") from None
        if len(players_data) != len(table.seats):
            raise PositionError(f"players: mode {mode} has {len(table.seats)} players, the position lists "
                                f"{len(players_data)}")
        n = len(players_data)
        self.at = "options"
        opts = data.get("options", {})
        check_fields(opts, OPTION_FIELDS, "options")
        try:
            specs = deck_specs(table, opts.get("decks"))
            decks = [read_deck(s) for s in specs]
        except ValueError as exc:  # DeckError too
            raise PositionError(f"options.decks: {exc}") from None
        deck_names = tuple(opts.get("deck_names", [d.name for d in decks]))
        max_turns = whole_number(opts.get("max_turns", 200 * (n // 2)), "options.max_turns")
        prompts = opts.get("reaction_prompts", "always")
        if prompts not in ("always", "playable"):
            raise PositionError(f"options.reaction_prompts: always or playable, not {prompts!r}")
        seconds = whole_number(opts.get("reaction_seconds", 4), "options.reaction_seconds")
        cfg = Config(mode, whole_number(data.get("seed", 0), "seed"), deck_names, max_turns, prompts,  # type: ignore[arg-type]
                     seconds)
        if self.table_given:
            self.at = "cards"
            for i, r in enumerate(a_list(data["cards"], "cards")):
                name, _, num = str(r).rpartition("#")
                if num != str(i) or (name not in CARDS and name not in TOKENS):
                    raise PositionError(f"cards[{i}]: {r!r} is not a known card with id #{i}")
                self.known[i] = CARDS[name] if name in CARDS else TOKENS[name]
        # the zones
        players = []
        for seat, pd in enumerate(players_data):
            p = Player(seat)
            for z in ZONES + ("gone",):
                self.at = f"players[{seat}].{z}"
                setattr(p, z, [self.zone_card(r, f"players[{seat}].{z}[{k}]", seat)
                               for k, r in enumerate(a_list(pd.get(z, []), self.at))])
            players.append(p)
        self.at = "banished"
        banished = [self.zone_card(r, f"banished[{k}]", None) for k, r in enumerate(a_list(data.get("banished", []),
                                                                                         "banished"))]
        file_cards = self.file_cards
        for k, d in enumerate(a_list(data.get("file", []), "file")):
            check_fields(d, FILE_FIELDS, f"file[{k}]")
            self.at = f"file[{k}].card"
            if d.get("kind", "card") == "card":
                file_cards.append(self.zone_card(d.get("card"), self.at, whole_number(d.get("seat", 0), f"file[{k}].seat")))
        # the Héros and Havre Sac: named (a card of the zones, or placed now), or the deck's
        for seat, (p, pd) in enumerate(zip(players, players_data, strict=True)):
            for key, start, default in (("hero", "havre", decks[seat].hero), ("sac", "monde", decks[seat].havre_sac)):
                where = f"players[{seat}].{key}"
                self.at = where
                text = pd.get(key, default)
                cid = self._find_in_zones(text, p, where)
                if cid is None:
                    cid = self.zone_card(text, where, seat)
                    getattr(p, start).insert(0, cid)
                setattr(p, key, cid)
                self.owner_of[cid] = seat
                want = "Héros" if key == "hero" else "Havre Sac"
                if self.cards[cid].type != want:
                    raise PositionError(f"{where}: {self.cards[cid].name} is not a {want}")
        self._number(players, banished, file_cards)
        if self.table_given:
            missing = sorted(set(self.known) - set(self.cards))
            for c in [c for c in missing if self.known[c].number == TOKEN_NUMBER]:
                self.cards[c] = self.known[c]  # a token that ceased to exist: in no zone (413.2)
                missing.remove(c)
            if missing:
                raise PositionError("cards: in no zone: " + ", ".join(f"{self.known[c].name}#{c}" for c in missing[:5]))
        state = WakfuState(table, self.cards, cfg)
        state.deck_texts = tuple(opts["decks"]) if opts.get("decks") and len(opts["decks"]) == n \
            else tuple(d.to_text() for d in decks)  # type: ignore[assignment]
        state.owners = self._owners(data, n)
        state.players = players
        state.banished = banished
        state.tokens = tuple(c for c in sorted(self.cards) if self.cards[c].number == TOKEN_NUMBER)
        for p in players:  # an Invocation in play is its Monstre (302.6)
            for c in p.monde + p.havre:
                if self.cards[c].name in INVOKED:
                    self.cards[c] = INVOKED[self.cards[c].name]
        self._scalars(state, players_data)
        self._in_play(state)
        self._file_pending_combat(state)
        self._check_ends(state)
        if not self.table_given:
            _ask_combat(state)
        return state

    def _find_in_zones(self, text: Any, p: Player, where: str) -> int | None:
        """The card ``text`` names if the position holds it already (a Havre Sac may be banished, a Héros
        destroyed): by id anywhere, by name in the player's zones or the banished pile."""
        if not isinstance(text, str):
            raise PositionError(f"{where}: a card is written as its name, not {text!r}")
        name, _, num = text.rpartition("#") if "#" in text else (text, "", "")
        if num:
            return int(num) if num.isdigit() and int(num) in self.where else None
        mine = [c for z in (*ZONES, "gone") for c in getattr(p, z)]
        mine += [c for c, w in self.where.items() if w.startswith("banished") and self.owner_of.get(c) is None]
        found = [c for c in mine if self.cards[c].name == name.strip()]
        return found[0] if found else None

    def _number(self, players: list[Player], banished: list[int], file_cards: list[int]) -> None:
        """Give the cards written without an id the lowest free ids, in reading order."""
        if not self.fresh:
            return
        taken = {c for c in self.cards if c >= 0}
        free = (i for i in range(len(self.cards) + len(taken) + 1) if i not in taken)
        remap = {c: next(free) for c in self.fresh}

        def fix(c: int) -> int:
            return remap.get(c, c)
        self.cards = {fix(c): d for c, d in self.cards.items()}
        self.where = {fix(c): w for c, w in self.where.items()}
        self.owner_of = {fix(c): s for c, s in self.owner_of.items()}
        for p in players:
            for z in (*ZONES, "gone"):
                setattr(p, z, [fix(c) for c in getattr(p, z)])
            p.hero, p.sac = fix(p.hero), fix(p.sac)
        banished[:] = [fix(c) for c in banished]
        file_cards[:] = [fix(c) for c in file_cards]
        self.fresh = []
        n = len(self.cards)
        if sorted(self.cards) != list(range(n)):
            high = min(c for c in self.cards if c >= n)
            raise PositionError(f"{self.where[high]}: card id #{high} is too high: the {n} cards of the position "
                                f"have the ids 0 to {n - 1}")

    def _owners(self, data: Mapping[str, Any], n: int) -> list[int]:
        self.at = "owners"
        given = data.get("owners")
        if isinstance(given, list):
            if len(given) != len(self.cards):
                raise PositionError(f"owners: one seat per card ({len(self.cards)}), not {len(given)}")
            out = [whole_number(o, f"owners[{i}]") for i, o in enumerate(given)]
        else:
            if given is not None and not isinstance(given, Mapping):
                raise PositionError("owners: a list (a seat per card id) or a map from card to seat")
            # a card's owner is the seat whose zones hold it (a banished card: seat 0 unless named here)
            out = [self.owner_of.get(c, 0) for c in range(len(self.cards))]
            for k, seat in (given or {}).items():
                out[self.ref(k, f"owners[{k!r}]")] = whole_number(seat, f"owners[{k!r}]")
        if any(not 0 <= o < n for o in out):
            raise PositionError(f"owners: a seat from 0 to {n - 1}")
        return out

    def _scalars(self, state: WakfuState, players_data: list[Any]) -> None:
        from allegiance.games.wakfu import rules
        data = self.data
        n = len(state.players)
        self.at = "rng"
        state.rng = rng_from_json(data.get("rng", state.config.seed))
        state.version = whole_number(data.get("version", 0), "version")
        state.active = whole_number(data.get("active", 0), "active")
        state.first = whole_number(data.get("first", 0), "first")
        for key, v in (("active", state.active), ("first", state.first)):
            if not 0 <= v < n:
                raise PositionError(f"{key}: a seat from 0 to {n - 1}, not {v}")
        state.phase = str(data.get("phase", "main"))
        if state.phase not in PHASES:
            raise PositionError(f"phase: one of {', '.join(PHASES)}, not {state.phase!r}")
        for p, pd in zip(state.players, players_data, strict=True):
            where = f"players[{p.seat}]"
            for k in ("xp", "turns", "mulligans"):
                # written by hand: a game in progress, every player past their first turn (303.3, 701.1)
                setattr(p, k, whole_number(pd.get(k, 2 if k == "turns" else 0), f"{where}.{k}"))
            default_level = 1 if p.xp < rules.XP_LEVEL_2 else 3 if p.xp >= rules.XP_WIN and n == 2 else 2
            p.level = whole_number(pd.get("level", default_level), f"{where}.level")
            for k in PLAYER_BOOLS:
                v = pd.get(k, False)
                if not isinstance(v, bool):
                    raise PositionError(f"{where}.{k}: true or false, not {v!r}")
                setattr(p, k, v)
        state.turn = whole_number(data.get("turn", sum(p.turns for p in state.players)), "turn")
        state.attacked = bool(data.get("attacked", False))
        state.winner = data.get("winner")
        if state.winner is not None and not (isinstance(state.winner, int) and 0 <= state.winner < n):
            raise PositionError(f"winner: a seat from 0 to {n - 1} or null, not {state.winner!r}")
        state.draw = bool(data.get("draw", False))
        state.end_reason = str(data.get("end_reason", ""))
        for p, pd in zip(state.players, players_data, strict=True):  # PV and PR need the cards in place
            p.pv = whole_number(pd.get("pv", rules.cd(state, p.hero).pv), f"players[{p.seat}].pv")
            p.sac_pr = whole_number(pd.get("sac_pr", state.cards[p.sac].resistance), f"players[{p.seat}].sac_pr")

    def _in_play(self, state: WakfuState) -> None:
        data = self.data
        self.at = "tapped"
        state.tapped = {self.ref(r, f"tapped[{k}]") for k, r in enumerate(a_list(data.get("tapped", []), "tapped"))}
        state.damage = {self.ref(k, f"damage[{k!r}]"): whole_number(v, f"damage[{k!r}]")
                        for k, v in dict(data.get("damage", {})).items()}
        if not self.table_given:  # written by hand: every card in play came before this turn unless told (303.3)
            state.appeared = {c: 0 for p in state.players for c in p.monde + p.havre}
        self.at = "appeared"
        state.appeared.update({self.ref(k, f"appeared[{k!r}]"): whole_number(v, f"appeared[{k!r}]")
                               for k, v in dict(data.get("appeared", {})).items()})
        state.attached = {self.ref(k, f"attached[{k!r}]"): self.ref(v, f"attached[{k!r}]")
                          for k, v in dict(data.get("attached", {})).items()}
        self.at = "flags"
        state.flags = {_dec(f) for f in a_list(data.get("flags", []), "flags")}
        n = len(state.players)
        for k, e in enumerate(a_list(data.get("effects", []), "effects")):
            where = f"effects[{k}]"
            check_fields(e, frozenset(("card", "effect", "value", "until", "by")), where)
            if "card" not in e or not isinstance(e.get("effect"), str) or not e["effect"]:
                raise PositionError(f"{where}: an effect names its card and its effect, e.g. "
                                    "{\"card\": \"Bouftou\", \"effect\": \"force\", \"value\": 2}")
            mod = (self.ref(e["card"], f"{where}.card"), e["effect"], _dec(e.get("value", 1)),
                   until_mark(e.get("until", "end of turn"), f"{where}.until"))
            state.mods.append(mod)
            if "by" in e:
                by = whole_number(e["by"], f"{where}.by")
                if not 0 <= by < n:
                    raise PositionError(f"{where}.by: a seat from 0 to {n - 1}, not {by}")
                state.flags.add(("mod_by", by, mod))
        for k, e in enumerate(a_list(data.get("player_effects", []), "player_effects")):
            where = f"player_effects[{k}]"
            check_fields(e, frozenset(("seat", "effect", "value", "until")), where)
            seat = whole_number(e.get("seat", 0), f"{where}.seat")
            if not 0 <= seat < n or not isinstance(e.get("effect"), str):
                raise PositionError(f"{where}: an effect names its seat (0 to {n - 1}) and its effect, e.g. "
                                    "{\"seat\": 0, \"effect\": \"pa\", \"value\": -1}")
            state.pmods.append((seat, e["effect"], whole_number(e.get("value", 1), f"{where}.value"),
                                until_mark(e.get("until", "end of turn"), f"{where}.until")))
        # the rows of positions written before effects had names
        for k, m in enumerate(a_list(data.get("mods", []), "mods")):
            self.at = f"mods[{k}]"
            state.mods.append((self.ref(m[0], self.at), str(m[1]), _dec(m[2]), str(m[3])))
        for k, m in enumerate(a_list(data.get("pmods", []), "pmods")):
            self.at = f"pmods[{k}]"
            state.pmods.append((int(m[0]), str(m[1]), int(m[2]), str(m[3])))

    def _file_pending_combat(self, state: WakfuState) -> None:
        data = self.data
        placed = iter(self.file_cards)
        for k, d in enumerate(a_list(data.get("file", []), "file")):
            self.at = f"file[{k}]"
            kind = d.get("kind", "card")
            card = next(placed) if kind == "card" else self.ref(d.get("card"), f"file[{k}].card")
            state.file.append(Item(kind, int(d.get("seat", 0)), card, str(d["effect"]),
                                   list(_dec(d.get("targets", []))), int(d.get("x", 0)), bool(d.get("paid", False)),
                                   bool(d.get("cancelled", False)), list(d.get("to_ask", [])),
                                   list(d.get("need", [])), list(d.get("inclined", [])), d.get("place", ""),
                                   list(_dec(d.get("extra", []))), d.get("step", "place"), int(d.get("power", 0)),
                                   d.get("source_zone", ""), bool(d.get("crafted", False)),
                                   int(d.get("hand_at", -1)),
                                   [(int(s), _dec(v)) for s, v in a_list(d.get("answered", []), "answered")]))
        for k, d in enumerate(a_list(data.get("pending", []), "pending")):
            self.at = f"pending[{k}]"
            state.pending.append(Pending(d["kind"], int(d["seat"]), d.get("prompt", ""), _dec(d["options"]),
                                         d.get("card"), _dec(d.get("data", []))))
        cbd = data.get("combat")
        if cbd is not None:
            self.at = "combat"
            check_fields(cbd, COMBAT_FIELDS, "combat")

            def in_combat(v: Any, where: str) -> int:
                return v if v == -1 else self.ref(v, where)
            state.combat = Combat(
                int(cbd["attacker"]), int(cbd["defender"]), in_combat(cbd.get("target", -1), "combat.target"),
                cbd.get("step", "target"),
                [in_combat(c, f"combat.attackers[{i}]") for i, c in enumerate(cbd.get("attackers", []))],
                {in_combat(b, f"combat.blockers[{i}]"): in_combat(a, f"combat.blockers[{i}]")
                 for i, (b, a) in enumerate(cbd.get("blockers", []))},
                [in_combat(c, f"combat.blocked[{i}]") for i, c in enumerate(cbd.get("blocked", []))],
                [in_combat(c, f"combat.dealt[{i}]") for i, c in enumerate(cbd.get("dealt", []))],
                [(in_combat(c, f"combat.destroyed[{i}]"), int(s)) for i, (c, s) in enumerate(cbd.get("destroyed", []))],
                int(cbd.get("to_act", cbd["attacker"])), int(cbd.get("passes", 0)),
                [int(x) for x in cbd.get("passed", [])], int(cbd.get("last_att", -1)), int(cbd.get("last_def", -1)))

    def _check_ends(self, state: WakfuState) -> None:
        """An outcome the position has already reached (a Héros at 0 PV, XP at its goal) ends the game
        now, as the engine's checks would have after the step that reached it (103.2, WK-WIN-2)."""
        if state.phase != "over":
            from allegiance.games.wakfu import flow
            flow.victory(state)


def _ask_combat(state: WakfuState) -> None:
    """A combat written by hand names its step, not the question the step asks: ask it now (the target,
    an attacker, a blocker...), running the automatic parts of the steps before it, as the engine would."""
    from allegiance.games.wakfu import combat
    for _ in range(8):
        cb = state.combat
        if cb is None or state.pending or state.file or cb.step == "actions" or state.phase == "over":
            return
        before = cb.step
        combat.step(state)
        if state.combat is cb and cb.step == before and not state.pending:
            return
