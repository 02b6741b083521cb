"""Rule primitives every other module uses: zones, characteristics, range, modifiers, XP, drawing.

Nothing here sets off a triggered power: what does (a card appearing, inclined, damaged or destroyed) is in
``events``, one level up (the layers are in ``__init__``).  Each function names the tournament rules (v2.6)
it implements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allegiance.core.events import Event
from allegiance.games.wakfu.cards import CARDS, HERO_SIDES, INVOKED, TOKEN_NUMBER, CardDef
from allegiance.games.wakfu.state import Player, WakfuState

XP_LEVEL_2 = 6  # 307.4
XP_WIN = 18  # 307.5, 415.4
#: the lowest printed PA of any Héros side: a hand this small is never over PA unless PA was lowered
MIN_HERO_PA = min(side.pa for sides in HERO_SIDES.values() for side in sides)
#: Équipements granting a keyword to their porteur (card text)
EQUIP_KEYWORDS = {"Marcassin": "Géant", "Pantoufles du Tofu": "Agilité", "Cape du Vampyre": "Agilité",
                  "Hache du Mulou": "Géant",
                  # "its porteur may attack the turn it appears": what Agressivité does (806, 303.3)
                  "Gelamu": "Agressivité"}
#: Panoplies (404): set name -> (pieces needed, bonuses) from the cards' pages (RULES.md); "resist:<element>" is a
#: Résistance (806.12), "gelax" the Gelax set's "draw a card whenever an Allié is destroyed", "vampyre" the Vampyre set's "whenever an
#: Allié is destroyed, you may pay (Neutre) for a Vampyre token" (both in ``effects.equipment_more``)
PANOPLIES = {"Bouftou": (3, {"force": 2}), "Akwadala": (2, {"force": 1, "pv": 3}), "Tofu": (3, {"pm": 1, "pv": 3}),
             "Prespic": (3, {"xp": 1}),
             "Abraknyde": (2, {"force": 1, "pv": 3, "resist:Terre": 1}),
             "Larvesque": (2, {"force": 1, "pv": 3, "resist:Feu": 1}),
             "Kwak de Glace": (3, {"force": 1, "pm": 1, "pv": 3, "resist:Eau": 1}),
             "Scarafeuille Blanc": (3, {"force": 1, "pv": 4, "resist:Air": 1}),
             "Mulou": (3, {"force": 3, "pv": 5}), "Wa": (3, {"pv": 4}), "Gelax": (3, {"gelax": 1}),
             "Vampyre": (2, {"vampyre": 1})}
#: Équipement subtype -> how many a porteur may carry (305.5); Familier and Monture share one slot
#: Alliés that may be recycled as a card of another element too (card text)
RECYCLE_AS = {"Pissenlit Diabolique": ("Air", "Feu"), "Tournesol Sauvage": ("Air", "Terre")}
#: Donjon Zones (310): the family of your Alliés each gives +1 Force, and the keyword it gives them (805)
DUNGEONS = {"Donjon des Bouftous": ("Bouftou", "Géant"), "Donjon des Larves": ("Larve", ""),
            "Donjon des Tofus": ("Tofu", "Agilité")}
#: Alliés with a continuous Force bonus of their own (805), computed in ``_aura_force``
FORCE_AURAS = frozenset({"Milimulou", "Morora", "Pohn Bèche", "Roi Gélax"})
#: Alliés that gain +1 Force until end of turn whenever a card is drawn: by their controller (Gros Smare) or
#: by another player (Brelondass)
DRAW_WATCHERS = {"Gros Smare": True, "Brelondass": False}
SLOT_LIMITS = {"Arme": 1, "Chapeau": 1, "Coiffe": 1, "Cape": 1, "Ceinture": 1, "Bottes": 1, "Amulette": 1,
               "Anneau": 2, "Familier": 1, "Monture": 1, "Bouclier": 1}


# -- events -----------------------------------------------------------------------------------------
def say(state: WakfuState, kind: str, text: str, seat: int | None = None,
        visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
    state.log.append(Event(kind, text, seat, visible_to, data or None))


def label(state: WakfuState, seat: int) -> str:
    return state.table.seats[seat].label


# -- zones -------------------------------------------------------------------------------------------
def zone_of(state: WakfuState, card: int) -> tuple[str, int]:
    """(zone, seat) of a card: pioche/main/defausse/havre/monde with the seat, or file/banished with -1."""
    for p in state.players:
        for zone in ("monde", "havre", "main", "defausse", "pioche"):
            if card in getattr(p, zone):
                return zone, p.seat
    for item in state.file:
        if item.kind == "card" and item.card == card:
            return "file", item.seat
    return "banished", -1


def controller(state: WakfuState, card: int) -> int:
    """The seat controlling a card in play (-1 if not in play)."""
    p = state.players[state.owners[card]]  # most often its owner (a card is in one zone only, invariant 3)
    if card in p.monde or card in p.havre:
        return p.seat
    for p in state.players:
        if card in p.monde or card in p.havre:
            return p.seat
    return -1


def in_play(state: WakfuState, card: int) -> bool:
    return controller(state, card) >= 0


def where(state: WakfuState, card: int) -> str:
    """'monde' or 'havre' for a card in play, else ''."""
    p = state.players[state.owners[card]]  # most often its owner's (a card is in one zone only, invariant 3)
    if card in p.monde:
        return "monde"
    if card in p.havre:
        return "havre"
    for p in state.players:
        if card in p.monde:
            return "monde"
        if card in p.havre:
            return "havre"
    return ""


def remove(state: WakfuState, card: int) -> None:
    """Take a card out of whatever player zone holds it (501.5: it becomes a new object)."""
    for p in state.players:
        for zone in (p.monde, p.havre, p.main, p.defausse, p.pioche):
            if card in zone:
                zone.remove(card)
                break
    state.tapped.discard(card)
    state.damage.pop(card, None)
    state.appeared.pop(card, None)
    state.attached.pop(card, None)
    if state.mods:
        _drop_mods(state, card)
    d = state.cards[card]
    if d.name in INVOKED and d is not CARDS[d.name]:  # an Invocation out of play is its Action again (302.6)
        redefine(state, card, CARDS[d.name])


def _drop_mods(state: WakfuState, card: int) -> None:
    """The card's modifiers end (it left play: a new object, 501.5)."""
    state.mods = [m for m in state.mods if m[0] != card]


def redefine(state: WakfuState, card: int, d: CardDef) -> None:
    """The card is now ``d`` (an Invocation in or out of play): the shared card table is replaced, not mutated."""
    state.cards = {**state.cards, card: d}


def is_token(state: WakfuState, card: int) -> bool:
    """413.2: a token is no card."""
    return state.cards[card].number == TOKEN_NUMBER


def cease(state: WakfuState, card: int) -> None:
    """A token leaving play ceases to exist (413.2): it goes to no hand, pile or Défausse."""
    remove(state, card)
    say(state, "cease", f"{state.name(card)} (a token) ceases to exist", None, card=card)


def tokens_out_of_play(state: WakfuState) -> None:
    """The check after every step (``flow.check``): a token that some effect sent to a hand, a pile, a Défausse or
    the banished cards ceases to exist at once (413.2)."""
    for t in state.tokens:
        if t in state.banished:
            state.banished.remove(t)
        for p in state.players:
            if t in p.main or t in p.pioche or t in p.defausse:
                cease(state, t)
            if t in p.gone:  # a leaving player takes back his cards (WK-ELIM-1), not his tokens
                p.gone.remove(t)


def equipment_of(state: WakfuState, porteur: int) -> list[int]:
    attached = state.attached
    if porteur not in attached.values():  # most cards carry nothing: one scan in C, no list built
        return []
    out = []
    for e, c in attached.items():
        if c == porteur:
            out.append(e)
    return out


def _worn(state: WakfuState, porteur: int) -> list[CardDef]:
    """The definitions of the Équipements the porteur carries (a function of its own: a comprehension in the
    callers would make a cell of ``state`` at each of their calls)."""
    cards = state.cards
    out = []
    for e in equipment_of(state, porteur):
        out.append(cards[e])
    return out


def panoply(state: WakfuState, porteur: int, stat: str) -> int:
    """404: a Panoplie's bonus applies once when the porteur carries enough different pieces of it."""
    return _panoply_worn(_worn(state, porteur), stat)


#: stat -> the Panoplies giving a bonus to it: (set name, pieces needed, bonus), in ``PANOPLIES`` order
_PANOPLIES_OF: dict[str, tuple[tuple[str, int, int], ...]] = {
    stat: tuple((name, need, bonus[stat]) for name, (need, bonus) in PANOPLIES.items() if stat in bonus)
    for stat in {s for _, bonus in PANOPLIES.values() for s in bonus}}


def _panoply_worn(worn: list[CardDef], stat: str) -> int:
    if len(worn) < 2:
        return 0
    total = 0
    for name, need, bonus in _PANOPLIES_OF.get(stat, ()):
        pieces = set()  # the different pieces of the set worn
        for w in worn:
            if name in w.subtypes:
                pieces.add(w.name)
        if len(pieces) >= need:
            total += bonus
    return total


def cd(state: WakfuState, card: int) -> CardDef:
    """The card's current definition (a Héros: the side of its level, 307.4)."""
    d = state.cards[card]
    if d.type == "Héros":
        p = state.players[state.owners[card]]  # (state.owner, inlined)
        return HERO_SIDES[d.name][min(p.level, 2) - 1]
    return d


def fragile(state: WakfuState) -> frozenset[int]:
    """The Alliés of the game whose Force can be 0 with no damage (a "*" Force, or 0 printed): with the
    damaged ones, the only Alliés the check after every step must look at (410.8, 204.6)."""
    known = state.fragile
    if known is None or known[0] != len(state.cards):  # cards are only ever added (setup, tests)
        known = state.fragile = (len(state.cards), frozenset(
            c for c, d in state.cards.items() if d.type == "Allié" and (d.variable_force or d.force <= 0)))
    return known[1]


#: the card names of the last games seen: (their card table, its size, the names); a few entries, each
#: holding its table, so that an identity is never reused while cached
_NAMES: list[tuple[dict[int, CardDef], int, frozenset[str]]] = []


def game_names(state: WakfuState) -> frozenset[str]:
    """The names of the game's cards: spares the continuous powers of cards that no deck holds their search
    of the zones (Chêne Mou, Erbus Erport, Gros Smare…)."""
    cards = state.cards
    if _NAMES:  # the game being played is most often the last one seen
        table, size, names = _NAMES[-1]
        if table is cards and size == len(cards):  # cards are only ever added (setup, tests)
            return names
    return _names_of(cards)


def _names_of(cards: dict[int, CardDef]) -> frozenset[str]:
    """:func:`game_names` of a card table other than the last one seen (found in ``_NAMES``, or added)."""
    for table, size, names in reversed(_NAMES):
        if table is cards and size == len(cards):
            return names
    names = frozenset(d.name for d in cards.values())
    _NAMES[:] = [e for e in _NAMES if e[0] is not cards][-7:] + [(cards, len(cards), names)]
    return names


def in_game(state: WakfuState, name: str) -> bool:
    return name in game_names(state)


def is_character(state: WakfuState, card: int) -> bool:
    return state.cards[card].type in ("Allié", "Héros")


def occupancy(state: WakfuState, seat: int) -> int:
    """Héros + Alliés + Salles inside the Havre Sac (306.3a, 504.3)."""
    cards = state.cards
    n = 0
    for c in state.players[seat].havre:  # (a loop, not sum() of a generator: sac_room asks it very often)
        if cards[c].type in ("Héros", "Allié", "Salle"):
            n += 1
    return n


def sac_room(state: WakfuState, seat: int) -> bool:
    """Whether one more Héros/Allié/Salle fits in the seat's Havre Sac (it must not be banished, 306.5)."""
    p = state.players[seat]
    if state.pmods and any(st == "no_havre" for _, st, _, _ in state.pmods):  # Abcès de Wakfu
        return False
    return p.sac in p.monde and occupancy(state, seat) < state.cards[p.sac].taille


def first_turn_of_first_player(state: WakfuState) -> bool:
    """506.3 / 603.3: during the first player's first turn nothing is played or moved into the Monde."""
    return state.turn == 1


# -- characteristics -----------------------------------------------------------------------------------
def force(state: WakfuState, card: int) -> int:
    """Current Force (204.3-204.5), negatives counting as 0 (105.2); doubling counts earlier mods only (105.3)."""
    cards = state.cards
    d = cards[card]
    if d.type == "Héros":  # cd(), inlined (this runs for every damaged Allié after every step)
        d = HERO_SIDES[d.name][min(state.players[state.owners[card]].level, 2) - 1]
    value = d.force
    if d.variable_force and d.name == "Vrombyx":  # 105.4: "*" is continuous
        seat = controller(state, card)
        value = len(state.players[seat].main) if seat >= 0 else 0
    attached = state.attached
    if attached and card in attached.values():  # (equipment_of, once it is known to find one)
        worn = []
        for e, c in attached.items():
            if c == card:
                w = cards[e]
                worn.append(w)
                value += w.force
        value += _panoply_worn(worn, "force")  # panoply(), the Équipements found once
    for c, stat, v, _ in state.mods:
        if c == card:
            if stat == "force":
                value += v
            elif stat == "base_force":  # Gonard: the printed Force of the Allié it copied (no modifier copied)
                value += v - d.force
            elif stat == "double":
                value = max(value, 0) * 2
    value += _aura_force(state, card)
    return max(value, 0)


def _aura_force(state: WakfuState, card: int) -> int:
    """Continuous powers (805): Chef de Guerre Bouftou, Maître Bolet while blocking, the Alliés of
    ``FORCE_AURAS`` and Chêne Mou's bonus to the other Monstres."""
    d = state.cards[card]
    bonus = 0
    ally = d.type == "Allié"
    names = game_names(state) if ally else frozenset()  # (the names matter only to an Allié's bonuses)
    if d.name in FORCE_AURAS or (ally and "Chêne Mou" in names and d.is_monster):
        bonus = _own_aura(state, card, d)
    if ally and not names.isdisjoint(DUNGEONS):
        bonus += dungeons_of(state, card)
    if d.name != "Maître Bolet" and (d.type != "Allié" or ("Bouftou" not in d.subtypes and not state.pmods)):
        return bonus  # none of the three bonuses below can apply: no need to find the controller
    seat = controller(state, card)
    if seat < 0:
        return 0
    p = state.players[seat]
    # (loops, not sums of generators: a generator here made cells of this function's names at every call)
    if d.type == "Allié" and "Bouftou" in d.subtypes and card in p.monde:
        for c in p.monde:
            if c != card and state.cards[c].name == "Chef de Guerre Bouftou":
                bonus += 1
    if d.name == "Maître Bolet" and state.combat is not None and card in state.combat.blockers:
        bonus += 2
    if d.type == "Allié" and card in p.monde and state.pmods:
        for s, st, v, _ in state.pmods:
            if s == seat and st == "strategie":
                bonus += v
    return bonus


def _own_aura(state: WakfuState, card: int, d: CardDef) -> int:
    seat = controller(state, card)
    if seat < 0:
        return 0
    p = state.players[seat]
    bonus = 0
    if d.is_monster and d.element == "Terre":  # Chêne Mou, while in the Monde: your other Terre Monstres +1
        bonus += sum(1 for c in p.monde if c != card and state.cards[c].name == "Chêne Mou")  # Havre Sac too
    cb = state.combat
    if d.name == "Milimulou" and cb is not None and card in cb.attackers and (
            card in cb.blocked or card in cb.blockers.values()):
        bonus += 2  # while blocked
    elif d.name == "Morora" and any("Dague" in state.cards[e].subtypes for e in equipment_of(state, card)):
        bonus += 1
    elif d.name == "Pohn Bèche" and any(state.cards[c].type == "Zone" and state.cards[c].element == "Eau"
                                        for c in p.monde + p.havre):
        bonus += 1
    elif d.name == "Roi Gélax":  # "*" Force: the Gelée Alliés you control (itself included, 204.6)
        bonus += sum(1 for c in p.monde + p.havre
                     if state.cards[c].type == "Allié" and "Gelée" in state.cards[c].subtypes)
    return bonus


#: the cards that cannot block (their text)
CANNOT_BLOCK = frozenset({"Jicé Aouaire", "Terra", "Aero", "Pyro", "Akwa"})


def may_block(state: WakfuState, blocker: int, attacker: int) -> bool:
    """704.5 / 806.1: only an Agilité card may block an Agilité attacker; the cards of ``CANNOT_BLOCK`` never
    block; Minotoror cannot be blocked by a card of Force 4 or less (its text)."""
    if state.cards[blocker].name in CANNOT_BLOCK:
        return False
    if state.cards[attacker].name == "Minotoror" and force(state, blocker) <= 4:
        return False
    return not has_keyword(state, attacker, "Agilité") or has_keyword(state, blocker, "Agilité")


#: a keyword a card in play gives its controller's Héros (Dofus Turquoise: Géant, whoever carries it)
HERO_KEYWORDS = {"Dofus Turquoise": "Géant"}


def dungeons_of(state: WakfuState, card: int, keyword: str = "") -> int:
    """How many Donjons its controller controls whose family the Allié is of (and that give ``keyword``)."""
    d = state.cards[card]
    seat = controller(state, card)
    if seat < 0 or d.type != "Allié":
        return 0
    n = 0
    for c in state.players[seat].monde:
        fam = DUNGEONS.get(state.cards[c].name)
        if fam is not None and fam[0] in d.subtypes and (not keyword or fam[1] == keyword):
            n += 1
    return n


def has_keyword(state: WakfuState, card: int, keyword: str) -> bool:
    """Whether the card has the keyword: printed, from its Équipements, given to its controller's Héros by a
    card in play, from a Donjon, or from a modifier."""
    if cd(state, card).has(keyword):
        return True
    if state.attached:  # (equipment_of finds nothing in an empty ``attached``)
        cards = state.cards
        for e in equipment_of(state, card):
            if EQUIP_KEYWORDS.get(cards[e].name) == keyword:
                return True
        if cards[card].type == "Héros" and _hero_keyword(state, card, keyword):
            return True
    if keyword in ("Géant", "Agilité") and not game_names(state).isdisjoint(DUNGEONS) \
            and dungeons_of(state, card, keyword):  # Donjon des Bouftous / des Tofus
        return True
    for c, stat, _, _ in state.mods:
        if c == card and stat == keyword:
            return True
    return False


def _hero_keyword(state: WakfuState, hero: int, keyword: str) -> bool:
    """Whether a card attached to something of the Héros' controller gives the Héros the keyword (``HERO_KEYWORDS``)."""
    return any(HERO_KEYWORDS.get(state.cards[e].name) == keyword and controller(state, e) == controller(state, hero)
               for e in state.attached)


def resistance(state: WakfuState, card: int, element: str) -> int:
    """Résistance [élément] N (806.12), cumulative, from the card, its Équipements and modifiers."""
    n = cd(state, card).resistance_to(element)
    if state.attached:
        worn = _worn(state, card)
        for w in worn:
            n += w.resistance_to(element)
        n += _panoply_worn(worn, "resist:" + element)  # 404: a Panoplie's Résistance
    key = "resist:" + element
    for c, stat, v, _ in state.mods:
        if c == card and stat == key:
            n += v
    return n


def pa(state: WakfuState, seat: int) -> int:
    """Points d'Action: the maximum hand size (307.3b, 505.3); Équipement PA bonuses go to the player (403)."""
    return max(0, _player_stat(state, seat, "pa"))


def pa_floor(state: WakfuState, seat: int) -> int:
    """A cheap lower bound of :func:`pa` (the Héros' printed PA and the PA losses; Équipements only add
    PA): a hand no bigger than it needs no exact count (the hand-size check after every step, flow.check,
    has it inlined: change both together)."""
    value: int = cd(state, state.players[seat].hero).pa
    if state.pmods:
        value += sum(v for s, st, v, _ in state.pmods if s == seat and st == "pa" and v < 0)
    return value


def pm(state: WakfuState, seat: int) -> int:
    """Points de Mouvement: how many Héros/Alliés the seat may send into a combat (307.3c)."""
    return max(0, _player_stat(state, seat, "pm"))


def _player_stat(state: WakfuState, seat: int, stat: str) -> int:
    p = state.players[seat]
    value = getattr(cd(state, p.hero), stat)
    if state.attached:
        cards = state.cards
        worn: dict[int, list[CardDef]] = {}  # the seat's porteurs -> their Équipements (one pass over ``attached``)
        for e, porteur in state.attached.items():
            if porteur in p.monde or porteur in p.havre:
                d = cards[e]
                value += getattr(d, stat)
                worn.setdefault(porteur, []).append(d)
        for eqs in worn.values():
            if len(eqs) > 1:  # a Panoplie needs two pieces or more
                value += _panoply_worn(eqs, stat)
    for s, st, v, _ in state.pmods:
        if s == seat and st == stat:
            value += v
    return value


def max_pv(state: WakfuState, seat: int) -> int:
    """The Héros' maximum PV: the printed side plus PV bonuses of Équipements it carries (403, 410.2)."""
    hero = state.players[seat].hero
    worn = equipment_of(state, hero)
    value = cd(state, hero).pv + sum(state.cards[e].pv for e in worn) + panoply(state, hero, "pv")
    if worn and state.mods:  # a PV bonus grown by its own power (Bouloute: markers, "perm")
        value += sum(v for c, st, v, _ in state.mods if st == "pv_bonus" and c in worn)
    return value


# -- range (508) ----------------------------------------------------------------------------------------
def can_affect(state: WakfuState, seat: int, source: int | None, target: int) -> bool:
    """Whether an effect controlled by ``seat`` coming from ``source`` may choose or damage ``target``.

    ``source`` None or an Action in the File: its player's own Havre Sac, the Monde, never an opposing
    Havre Sac (508.1a).  A card inside a Havre Sac: the same Havre Sac and its controller's own cards in
    the Monde (508.1b).  A card in the Monde: the Monde only, nothing in any Havre Sac (508.1c).
    """
    tzone = where(state, target)
    tseat = controller(state, target)
    if not tzone:
        return False
    szone = "" if source is None or state.cards[source].type == "Action" else where(state, source)
    if szone == "havre":  # WK-COMM-7: a teammate's card in the Monde as if it were yours
        return tseat == seat or (tzone == "monde" and state.table.team_of(tseat) == state.table.team_of(seat))
    if szone == "monde":
        return tzone == "monde"
    return tzone == "monde" or tseat == seat


# -- modifiers -----------------------------------------------------------------------------------------
def add_mod(state: WakfuState, card: int, stat: str, value: Any, until: str = "turn") -> None:
    """A modifier of a card until a time: "turn", "combat" or "next:<seat>" (the start of that seat's turn)."""
    state.mods.append((card, stat, value, until))


def has_class(state: WakfuState, seat: int, cls: str) -> bool:
    """302.5: whether the seat has an Allié or Héros of the class (a Sort needs one to be played)."""
    p = state.players[seat]
    cards = state.cards
    for zone in (p.monde, p.havre):
        for c in zone:
            d = cards[c]
            if d.type == "Héros":
                d = cd(state, c)
            elif d.type != "Allié":  # is_character
                continue
            if cls in d.subtypes:
                return True
    return False


def slot_free(state: WakfuState, porteur: int, card: int) -> bool:
    """305.5: whether the porteur has room for the Équipement (``SLOT_LIMITS``; never two identical Anneaux)."""
    if not state.attached:
        return True  # nothing worn by anyone
    d = state.cards[card]
    slots = [slot for slot in d.subtypes if slot in SLOT_LIMITS]  # (each slot is tested alone: any order)
    if not slots:
        return True  # no slot to fill
    worn = _worn(state, porteur)
    if not worn:
        return True
    return _slots_left(state, porteur, d, slots, worn)


def _slots_left(state: WakfuState, porteur: int, d: CardDef, slots: list[str], worn: list[CardDef]) -> bool:
    """:func:`slot_free` once the porteur is known to wear something: each of the Équipement's slots has room."""
    for slot in slots:
        limit = SLOT_LIMITS[slot]
        same = [w for w in worn if slot in w.subtypes
                or (slot in ("Familier", "Monture") and ({"Familier", "Monture"} & set(w.subtypes)))]
        if slot == "Arme" and state.cards[porteur].name == "Dodge":
            limit = 2  # Dodge may carry two Armes
        if len(same) >= limit or (slot == "Anneau" and any(w.name == d.name for w in same)):
            return False
    return True


# -- leaving play, XP ----------------------------------------------------------------------------------


def leave_combat(state: WakfuState, card: int) -> None:
    """A card stops attacking or blocking (destroyed, 705.6).  The blockers of an attacker that leaves
    during the Phase d'Actions are remembered as ("unassigned", blocker): their controller may assign
    each to another attacker (705.4; ``combat.ask_reassign``)."""
    cb = state.combat
    if cb is None:
        return
    if card in cb.attackers:
        cb.attackers.remove(card)
    cb.blockers.pop(card, None)
    state.flags.discard(("unassigned", card))
    for b, a in list(cb.blockers.items()):
        if a == card:
            del cb.blockers[b]
            if cb.step == "actions":
                state.flags.add(("unassigned", b))


def to_defausse(state: WakfuState, card: int) -> None:
    """Out of play (or wherever it is) to its owner's Défausse; a token ceases to exist (413.2)."""
    if state.tokens and is_token(state, card):
        return cease(state, card)
    remove(state, card)
    state.players[state.owner(card)].defausse.append(card)


def banish_sac(state: WakfuState, seat: int) -> None:
    """410.7 / 306.3b: Salles inside are destroyed, Héros/Alliés expelled to the Monde (not a mouvement)."""
    p = state.players[seat]
    if p.sac not in p.monde:
        return
    say(state, "banish", f"{state.name(p.sac)} is banished", seat, card=p.sac)
    remove(state, p.sac)
    state.banished.append(p.sac)
    for c in p.havre[:]:
        if state.cards[c].type == "Salle":
            to_defausse(state, c)
        else:
            p.havre.remove(c)
            p.monde.append(c)


#: (state, seat, n) -> True when XP about to be gained waits for the Réactions to it (Fourberie de Djaul); and
#: (state, seat, n) called once XP is gained (Curiosité Dangereuse).  Hooks the card modules fill (``registry``
#: is beside this module, so the two lists live here)
XP_ABOUT: list[Callable[[WakfuState, int, int], bool]] = []
XP_GAINED: list[Callable[[WakfuState, int, int], None]] = []
#: (state, seat) -> True when the card about to be drawn waits for the Réactions to it (Humour de Pouchecot)
DRAW_ABOUT: list[Callable[[WakfuState, int], bool]] = []


def gain_xp(state: WakfuState, seat: int, n: int) -> None:
    """XP for the seat's Héros (415): Niveau 2 at the 6th (307.4, 415.3), Niveau 3 wins (415.4)."""
    if n <= 0 or state.phase == "over":
        return
    if XP_ABOUT and any(about(state, seat, n) for about in XP_ABOUT):
        return  # gained later, once the Réactions to it have resolved
    p = state.players[seat]
    if any(panoply(state, c, "xp") for c in set(state.attached.values()) if controller(state, c) == seat):
        n += 1  # Panoplie du Prespic: your XP gains are increased by 1
    if in_game(state, "Dragoune Rose") and any(state.cards[c].name == "Dragoune Rose" for c in p.monde + p.havre):
        n += 1  # Dragoune Rose (errata): your XP gains are increased by 1; a gain of 0 never gets here
    p.xp += n
    say(state, "xp", f"{label(state, seat)}'s Héros gains {n} XP ({p.xp} XP)", seat, amount=n)
    if p.level == 1 and p.xp >= XP_LEVEL_2:
        p.level = 2  # keeps current PV and tapped state (415.3)
        say(state, "level", f"{state.name(p.hero)} reaches Niveau 2", seat)
    if p.xp >= XP_WIN and len(state.players) == 2:  # WK-XP-1: in teams a Héros stays at Niveau 2
        p.level = 3
    for gained in XP_GAINED:
        gained(state, seat, n)


def heal(state: WakfuState, seat: int, n: int) -> None:
    """The Héros regains PV, never above its maximum (410.2)."""
    p = state.players[seat]
    p.pv = min(max_pv(state, seat), p.pv + n)


# -- drawing and the hand ------------------------------------------------------------------------------
def draw(state: WakfuState, seat: int) -> bool:
    """Draw one card (507.4); an empty Pioche takes the shuffled Défausse (507.5). False if nothing to draw."""
    for about in DRAW_ABOUT:
        if about(state, seat):
            return True  # drawn later, by whoever the Réactions to it leave it to
    p = state.players[seat]
    if not p.pioche:
        if not p.defausse:
            return False
        p.pioche = p.defausse
        p.defausse = []
        state.rng.shuffle(p.pioche)
        say(state, "reshuffle", f"{label(state, seat)} shuffles the Défausse into a new Pioche", seat)
    card = p.pioche.pop()
    p.main.append(card)
    # the team sees its hands (WK-COMM-1)
    say(state, "draw", f"{label(state, seat)} draws {state.name(card)}", seat,
        state.table.members(state.table.team_of(seat)), card=card)
    _draw_watchers(state, seat)
    return True


def _draw_watchers(state: WakfuState, seat: int) -> None:
    """Gros Smare (you draw) and Brelondass (another player draws): +1 Force until end of turn (RULES.md:
    applied at once, as a continuous bonus per card drawn)."""
    if game_names(state).isdisjoint(DRAW_WATCHERS):
        return
    for p in state.players:
        for c in p.monde + p.havre:
            own = DRAW_WATCHERS.get(state.cards[c].name)
            if own is not None and own == (p.seat == seat):
                add_mod(state, c, "force", 1)


def of_element(state: WakfuState, card: int, element: str) -> bool:
    """Whether the card counts as a card of ``element`` when recycled or discarded for a cost (its own
    element; Pissenlit Diabolique and Tournesol Sauvage may count as another, ``RECYCLE_AS``)."""
    d = state.cards[card]
    return d.element == element or element in RECYCLE_AS.get(d.name, ())


def recycle(state: WakfuState, card: int) -> None:
    """Put a card at the bottom of its owner's Pioche (recycler); a token ceases to exist (413.2)."""
    if state.tokens and is_token(state, card):
        return cease(state, card)
    remove(state, card)
    state.players[state.owner(card)].pioche.insert(0, card)


def player_of(state: WakfuState, card: int) -> Player:
    return state.players[controller(state, card)]
