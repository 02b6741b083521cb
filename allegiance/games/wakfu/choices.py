"""The choices of an announcement (808.2) and what may be played now: a card's Spec, where a permanent
appears, X, the legal targets with the range rules (508), additional costs (418.8), and the checks
that offer a card, a power or a Réaction only when every step of it can be done."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from allegiance.games.wakfu import combat, rules
from allegiance.games.wakfu.cards import CLASSES
from allegiance.games.wakfu.effects import (
    ACTIONS,
    HAND_POWERS,
    HERO_L2_POWERS,
    PERMANENT,
    PLAY_CONDITIONS,
    POWERS,
    TRIGGERS,
    Spec,
)
from allegiance.games.wakfu.resources import cost_payable, craftable, feasible, producers
from allegiance.games.wakfu.state import Item, Pending, Player, WakfuState


# -- what a card or power is ----------------------------------------------------------------------------------
def spec_of(state: WakfuState, item: Item) -> Spec:
    if item.kind == "power":
        return powers_of(state, item.card)[item.power]
    if item.kind == "trigger":
        return Spec(item.effect, TRIGGERS[item.effect])
    d = state.cards[item.card]
    if item.effect in ("polter", "celeste"):
        return HAND_POWERS[d.name]
    if d.type == "Action":
        return ACTIONS[d.name]
    return PERMANENT


#: the names of the cards with a paid power, with a Réaction power, of the Réaction Actions and of the cards
#: with a Réaction power usable from the hand: a card named in none of them has nothing of that kind to
#: offer, which spares the legal-move and Réaction lists their full tests (a Héros' sides share its name)
POWERED = frozenset(POWERS) | frozenset(HERO_L2_POWERS)
REACTIVE_POWERED = frozenset(n for table in (POWERS, HERO_L2_POWERS) for n, specs in table.items()
                             if any(sp.reaction for sp in specs))
REACTIVE_ACTIONS = frozenset(n for n, sp in ACTIONS.items() if sp.reaction)
REACTIVE_HAND = frozenset(n for n, sp in HAND_POWERS.items() if sp.reaction)


def powers_of(state: WakfuState, card: int) -> tuple[Spec, ...]:
    d = state.cards[card]
    if d.name not in POWERED:
        return ()
    if d.type == "Héros":  # the side of its level (rules.cd; any other card is its own definition)
        d = rules.cd(state, card)
        if d.hero_side == 2 and d.name in HERO_L2_POWERS:
            return HERO_L2_POWERS[d.name]
    return POWERS.get(d.name, ())


def places(state: WakfuState, seat: int, card: int, only_one: bool = False) -> list[Any]:
    """Where a permanent may appear: an Allié in the Monde or the Havre Sac (303.1, 506.3); an Équipement
    on a non-Monstre Allié/Héros you control (305.3, 305.5, 305.7); a Salle in the Havre Sac (309).
    ``only_one``: up to the first place only (enough to know whether there is one)."""
    d = state.cards[card]
    p = state.players[seat]
    first = rules.first_turn_of_first_player(state)
    if d.type == "Allié":
        out: list[Any] = []
        if not first:
            out.append("monde")
            if only_one:
                return out
        if rules.sac_room(state, seat):
            out.append("havre")
        return out
    if d.type in ("Équipement", "Dofus"):
        porteurs = _porteurs(state, p, card, first)
        if only_one:
            found = next(porteurs, None)
            return [] if found is None else [found]
        return list(porteurs)
    if d.type == "Salle":
        return ["havre"] if rules.sac_room(state, seat) else []
    if d.type == "Zone":
        return [] if first else ["monde"]
    return ["file"]


def _porteurs(state: WakfuState, p: Player, card: int, first: bool) -> Iterator[int]:
    """The cards of ``p`` that may carry the Équipement ``card`` (305.3, 305.5, 305.7): its non-Monstre Alliés
    and Héros with room for it; not in the Monde on the first player's first turn (``first``, 506.3)."""
    cards = state.cards
    for zone in (p.monde, p.havre):
        if first and zone is p.monde:
            continue
        for c in zone:
            d = cards[c]
            if d.type == "Héros":
                d = rules.cd(state, c)  # the side of its level
            elif d.type != "Allié":  # rules.is_character
                continue
            if not d.is_monster and rules.slot_free(state, c, card):
                yield c


def max_x(state: WakfuState, item: Item) -> int:
    n = len(producers(state, item.seat)) - (1 if item.kind == "power" and spec_of(state, item).incline else 0)
    spec = spec_of(state, item)
    n -= len(spec.cost)
    return max(0, min(n, 20))


def x_options(state: WakfuState, item: Item) -> list[int]:
    """The values of X that can be paid (and, for Merelyne Manro, that name an Équipement's Niveau)."""
    top = max_x(state, item)
    spec = spec_of(state, item)
    if spec.x_max is not None:
        top = min(top, spec.x_max(state, item.seat))
    if spec.split and not candidates(state, Item(item.kind, item.seat, item.card, item.effect), spec.targets[0]):
        return [0]
    if "equipment_x" in spec.targets:
        src = item.card
        levels = {state.cards[e].level for e in state.attached if rules.can_affect(state, item.seat, src, e)}
        return sorted(x for x in levels if x <= top) or [0]
    return list(range(top + 1))


def candidates(state: WakfuState, item: Item, kind: str, first: bool = False) -> list[Any]:
    """The legal choices for one target slot (807, 808.2d), range rules applied (508).  ``first``: stop
    at the first choice of a card in play (enough to know whether there is one)."""
    if kind[-1] == "?":  # "up to": the slot may be left empty
        return [*candidates(state, item, kind[:-1], first), "none"]
    if kind in _SPECIAL_KINDS:
        return _special_candidates(state, item, kind)
    seat = item.seat
    cards = state.cards
    # 508 (rules.can_affect, inlined): where the source is decides what it may affect
    szone = "" if item.kind == "card" or cards[item.card].type == "Action" else rules.where(state, item.card)
    seeking = kind == "seeking"  # 508.4: in the Monde or in its Havre Sac
    chosen = item.targets if kind != "combatant_split" else ()  # a split may name a card again
    # the kinds decided by the card's type alone (an Allié or Héros, in or out of range, is the most asked),
    # tested here without a call of _kind_ok
    types = _CHARACTER if seeking else _TYPE_KINDS.get(kind)
    table = state.table
    out: list[Any] = []
    for p in state.players:
        if p.out:
            continue
        # WK-COMM-6: no Havre Sac but one's own; WK-COMM-7: from one's Havre Sac, a teammate's Monde
        if seeking or (p.seat == seat and szone != "monde"):
            zones: tuple[list[int], ...] = (p.monde, p.havre)
        elif szone != "havre" or table.team_of(p.seat) == table.team_of(seat):
            zones = (p.monde,)
        else:
            continue
        for zone in zones:
            if types is not None:
                for c in zone:
                    if cards[c].type in types and c not in chosen:
                        out.append(c)
                        if first:
                            return out
                continue
            for c in zone:
                if c not in chosen and _kind_ok(state, item, kind, c, cards[c].type):
                    out.append(c)
                    if first:
                        return out
    return out


_CHARACTER = ("Allié", "Héros")
#: the slot kinds that ``_kind_ok`` decides by the card's type alone: kind -> the types it takes
_TYPE_KINDS: dict[str, tuple[str, ...]] = {
    "character": _CHARACTER, "ally": ("Allié",), "hero": ("Héros",), "equipment": ("Équipement",),
    "sac": ("Havre Sac",), "zone": ("Zone",), "equipment_or_salle": ("Équipement", "Salle")}
#: the slot kinds whose choices are not found by the scan of the cards in play (``_special_candidates``)
_SPECIAL_KINDS = frozenset(("player", "element", "metier", "just_inclined", "just_played", "just_played_sort"))


def _special_candidates(state: WakfuState, item: Item, kind: str) -> list[Any]:
    """The choices of a slot of :data:`_SPECIAL_KINDS`: players, an element or Métier, or the cards of the
    File item just below."""
    seat = item.seat
    if kind == "player":
        return [p.seat for p in state.players if not p.out]
    if kind == "element":
        return ["Air", "Terre", "Feu", "Eau", "Neutre"]
    if kind == "metier":
        return ["Armurier", "Forgeron", "Bricoleur", "Bijoutier"]
    if kind == "just_inclined":
        # the cards inclined to pay for the card or power just played, or by the end of combat (708.3)
        below = [i for i in state.file if i is not item and i.paid
                 and (i.kind in ("card", "power") or i.effect == "combat_inclined")]
        if not below:
            return []
        # 508.2: a Réaction does not see inside the opponent's Havre Sac
        return [c for c in dict.fromkeys(below[-1].inclined) if c >= 0 and rules.is_character(state, c)
                and c not in item.targets and (rules.where(state, c) == "monde" or rules.controller(state, c) == seat)]
    if kind == "just_played":
        below = [i for i in state.file if i is not item and i.paid and not i.cancelled and i.kind in ("card", "power")
                 and (i.kind == "power" or state.cards[i.card].type == "Action")]
        return [below[-1].card] if below else []
    # just_played_sort: the Sort just played (a card, not a power)
    below = [i for i in state.file if i is not item and i.paid and not i.cancelled and i.kind in ("card", "power")]
    top = below[-1] if below else None
    return [top.card] if top is not None and top.kind == "card" and "Sort" in state.cards[top.card].subtypes else []


def _kind_ok(state: WakfuState, item: Item, kind: str, c: int, ctype: str) -> bool:
    """Whether the card ``c`` (of type ``ctype``) may fill a target slot of ``kind`` for ``item`` (the kinds that
    ``candidates`` does not decide by the card's type alone).  Each test names one kind: their order is free."""
    # the kinds of a combat first: the most asked (each card in play, at each legal list of a Phase d'Actions)
    if kind == "combatant_split":
        kind = "combatant"
    if kind == "combatant":
        cb = state.combat
        return cb is not None and (c in cb.attackers or c in cb.blockers)
    if kind == "bond_blocker":
        cb = state.combat
        return (cb is not None and ctype in ("Allié", "Héros") and rules.controller(state, c) == item.seat
                and rules.where(state, c) == "monde" and c not in state.tapped and c != cb.target
                and c not in cb.blockers and state.cards[c].name not in ("Jicé Aouaire",))
    if kind == "bond_attacker":
        cb = state.combat
        return cb is not None and c in cb.attackers and bool(item.targets) and combat.can_block(state, item.targets[0], c)
    if kind == "own_combatant":
        cb = state.combat
        return cb is not None and (c in cb.attackers or c in cb.blockers) and rules.controller(state, c) == item.seat
    if kind == "blocked_attacker":  # an attacker with a blocker (704)
        cb = state.combat
        return cb is not None and c in cb.attackers and (c in cb.blocked or c in cb.blockers.values())
    if kind in ("divert", "own_monster"):  # Diversion, Protège !: another of yours takes the damage
        window = next((i for i in reversed(state.file) if i.effect == "damage_window"), None)
        return (window is not None and c != window.targets[0] and rules.controller(state, c) == item.seat
                and (ctype in ("Allié", "Héros") if kind == "divert" else ctype == "Allié" and state.cards[c].is_monster))
    if kind == "character":
        return ctype in ("Allié", "Héros")
    if kind == "tapped_character":
        return ctype in ("Allié", "Héros") and c in state.tapped
    if kind == "critique":
        return ctype in ("Allié", "Héros") and ("coup_critique", c) not in state.flags
    if kind == "ally":
        return ctype == "Allié"
    if kind == "ally_monde":
        return ctype == "Allié" and rules.where(state, c) == "monde"
    if kind == "ally_l1":
        return ctype == "Allié" and state.cards[c].level == 1
    if kind == "hero":
        return ctype == "Héros"
    if kind == "unequipped":
        return ctype in ("Allié", "Héros") and not rules.equipment_of(state, c)
    if kind == "monster":
        return ctype == "Allié" and state.cards[c].is_monster
    if kind == "equipment":
        return ctype == "Équipement"
    if kind == "equipment_x":
        return ctype == "Équipement" and state.cards[c].level == item.x
    if kind == "sac":
        return ctype == "Havre Sac"
    if kind == "zone":
        return ctype == "Zone"
    if kind in ("opposing_ally_monde", "own_ally_monde"):  # Corruption
        seat = rules.controller(state, c)
        mine = seat == item.seat
        return ctype == "Allié" and rules.where(state, c) == "monde" and (
            mine if kind == "own_ally_monde" else state.table.team_of(seat) != state.table.team_of(item.seat))
    if kind == "other_hero_monde":  # Emprise: another Héros in the Monde
        return ctype == "Héros" and c != state.players[item.seat].hero and rules.where(state, c) == "monde"
    if kind == "opposing_hero":
        return ctype == "Héros" and state.table.team_of(state.owner(c)) != state.table.team_of(item.seat)
    if kind == "own_character":
        return ctype in ("Allié", "Héros") and rules.controller(state, c) == item.seat
    if kind == "own_character_other_untapped":
        # Porter: its additional cost inclines *another* of your Alliés/Héros (418.8: a cost that cannot be paid
        # makes the play fail), so only a card that leaves one of them untapped is a target
        if ctype not in ("Allié", "Héros") or rules.controller(state, c) != item.seat:
            return False
        return _other_untapped(state, item.seat, c)
    if kind.startswith("sub:"):  # an Allié or Héros of a family / subtype (Bandit)
        return ctype in ("Allié", "Héros") and kind[4:] in rules.cd(state, c).subtypes
    if kind.startswith("ally_sub:"):  # an Allié of a family (Gelée)
        return ctype == "Allié" and kind[9:] in state.cards[c].subtypes
    if kind.startswith("ally_force_le:"):
        return ctype == "Allié" and rules.force(state, c) <= int(kind[14:])
    if kind == "ally_non_monster_le_force":  # Baba Fatt: Niveau at most the source's Force
        return ctype == "Allié" and not state.cards[c].is_monster and state.cards[c].level <= rules.force(state, item.card)
    if kind.startswith("ally_named:"):
        return ctype == "Allié" and state.cards[c].name == kind[11:]
    if kind.startswith("own_other_sub:"):  # another Allié or Héros of yours of a family (Edasse: Bandit)
        return (ctype in ("Allié", "Héros") and c != item.card and rules.controller(state, c) == item.seat
                and kind[14:] in rules.cd(state, c).subtypes)
    if kind == "own_other_character":
        return ctype in ("Allié", "Héros") and c != item.card and rules.controller(state, c) == item.seat
    if kind == "equipment_or_salle":
        return ctype in ("Équipement", "Salle")
    if kind == "new_porteur":  # Gelamu: another of your non-Monstre Alliés / Héros with room for it (305.5, 305.7)
        return (ctype in ("Allié", "Héros") and rules.controller(state, c) == item.seat
                and c != state.attached.get(item.card) and not rules.cd(state, c).is_monster
                and rules.slot_free(state, c, item.card))
    return False


def _other_untapped(state: WakfuState, seat: int, card: int) -> bool:
    """Whether the seat has an untapped Allié or Héros other than ``card`` (a function of its own: the generator
    in ``_kind_ok`` made cells at each of its calls)."""
    p = state.players[seat]
    return any(o != card and o not in state.tapped and rules.is_character(state, o) for o in p.monde + p.havre)


# -- additional costs (418.8) ---------------------------------------------------------------------------------
#: additional costs that destroy a card whose Force the effect then reads (810.2d): Boucherie de Bout d'Chair
#: (one of your Monstres), Village des Katrepats (one of your Alliés in the Monde)
DESTROY_REMEMBERED = ("destroy_monster", "destroy_ally_monde")


def inclines_extra(kind: str) -> bool:
    """Whether an additional cost inclines one of the player's cards (Gélaxième Dimension: one of his Gelées)."""
    return kind in ("incline_own", "incline_other") or kind.startswith("incline_sub:")


def extra_options(state: WakfuState, item: Item, kind: str) -> list[Any]:
    p = state.players[item.seat]
    if kind in ("incline_own", "incline_other"):  # incline_other: not the card the effect targets (Porter)
        return [c for c in p.monde + p.havre if rules.is_character(state, c) and c not in state.tapped
                and c not in item.extra and (kind == "incline_own" or c not in item.targets)]
    if kind.startswith("incline_sub:"):  # one of your untapped Alliés of a family (Gélaxième Dimension)
        return [c for c in p.monde + p.havre if state.cards[c].type == "Allié" and c not in state.tapped
                and kind[12:] in state.cards[c].subtypes and c not in item.extra]
    if kind == "destroy_monster":
        return [c for c in p.monde + p.havre if state.cards[c].type == "Allié" and state.cards[c].is_monster]
    if kind == "destroy_ally_monde":
        return [c for c in p.monde if state.cards[c].type == "Allié"]
    if kind == "recycleX:monster":
        return [c for c in p.defausse if state.cards[c].is_monster and c not in item.extra]
    if kind.startswith("discard1:"):  # discard a card of a type or subtype (Art du lancer, La Sacrifiée)
        what = kind.split(":")[1]
        return [c for c in p.main if c not in item.extra and c != item.card
                and (state.cards[c].type == what or what in state.cards[c].subtypes)]
    if kind.startswith(("recycle3:", "recycle1:")):
        el = kind.split(":")[1]
        return [c for c in p.defausse if rules.of_element(state, c, el) and c not in item.extra]
    if kind in ("discard3", "discard1", "discardX"):
        return [c for c in p.main if c not in item.extra]
    if kind == "destroy_tofu":
        return [c for c in p.monde + p.havre if state.cards[c].type == "Allié" and "Tofu" in state.cards[c].subtypes]
    if kind.startswith("destroy_sub:"):  # one (or, "destroy_sub3:", up to three) of your Alliés of a family
        fam = kind.split(":")[1]
        return [c for c in p.monde + p.havre if state.cards[c].type == "Allié" and fam in state.cards[c].subtypes
                and c not in item.extra]
    if kind.startswith("destroy_sub3:"):
        fam = kind.split(":")[1]
        return [c for c in p.monde + p.havre if state.cards[c].type == "Allié" and fam in state.cards[c].subtypes
                and c not in item.extra]
    if kind == "destroy_ally":
        return [c for c in p.monde + p.havre if state.cards[c].type == "Allié"]
    if kind == "recycle_monster":  # a Monstre you control, recycled from play (Vampyro; a token ceases to exist)
        return [c for c in p.monde + p.havre if state.cards[c].type == "Allié" and state.cards[c].is_monster
                and c != item.card]
    return []


def extra_payable(state: WakfuState, seat: int, card: int, spec: Spec) -> bool:
    """Whether the additional cost of the card or power can be paid now (418.8)."""
    return not spec.extra or _extra_cost_payable(state, seat, card, spec)


def _extra_cost_payable(state: WakfuState, seat: int, card: int, spec: Spec) -> bool:
    """:func:`extra_payable` of a spec with an additional cost (a function of its own: its generators made cells
    at every call, most of them for specs with no additional cost)."""
    if spec.extra.startswith("discard1:"):
        return bool(extra_options(state, Item("card", seat, card, spec.name), spec.extra))
    if spec.extra in ("incline_own", "incline_other"):
        p = state.players[seat]
        return any(rules.is_character(state, c) and c not in state.tapped and c != card for c in p.monde + p.havre)
    if spec.extra == "discard1":  # another card than the one announced (it leaves the hand first)
        return any(c != card for c in state.players[seat].main)
    if spec.extra == "mill1":
        return bool(state.players[seat].pioche)
    if spec.extra == "discardX":
        # Ayron Fan: X is at least 1 (RULES.md): at X = 0 the power does nothing, and a free Réaction usable
        # any number of times could answer itself for ever (809: each Réaction may be answered)
        return bool(state.players[seat].main)
    if spec.extra.startswith("recycle1:"):
        el = spec.extra.split(":")[1]
        return any(rules.of_element(state, c, el) for c in state.players[seat].defausse)
    if spec.extra.startswith(("destroy_sub:", "incline_sub:")) or spec.extra in ("destroy_ally", "recycle_monster",
                                                                                  *DESTROY_REMEMBERED):
        return bool(extra_options(state, Item("power", seat, card, spec.name), spec.extra))
    return True


def extra_step(state: WakfuState, item: Item) -> bool:
    """Ask the next additional-cost choice; False once the additional cost is complete (then paid)."""
    spec = spec_of(state, item)
    kind = spec.extra
    name = state.name(item.card)
    if kind in ("destroy_self", "mill1", "return_self", "banish_self"):
        return False  # paid in after_paid (no choice)
    if kind in ("incline_own", "incline_other", "discard1", "destroy_tofu", "destroy_ally", "recycle_monster",
                *DESTROY_REMEMBERED) or kind.startswith(("recycle1:", "discard1:", "destroy_sub:", "incline_sub:")):
        if item.extra:
            return False
        options = extra_options(state, item, kind)
        prompt = {"incline_own": "incline one of your Alliés/Héros", "discard1": "discard a card",
                  "incline_other": "incline another of your Alliés/Héros",
                  "discard1:Équipement": "discard an Équipement card", "discard1:Monstre": "discard a Monstre card",
                  "destroy_tofu": "destroy one of your Tofus", "destroy_ally": "destroy one of your Alliés",
                  "recycle_monster": "recycle a Monstre you control",
                  "destroy_monster": "destroy one of your Monstres",
                  "destroy_ally_monde": "destroy one of your Alliés in the Monde"}.get(
            kind, f"destroy one of your {kind[12:]}s" if kind.startswith("destroy_sub:")
            else f"incline one of your {kind[12:]} Alliés" if kind.startswith("incline_sub:")
            else "recycle a card from your Défausse")
        # 808.2: the player may still take the card back (nothing is paid yet)
        state.pending.append(Pending("extra", item.seat, f"{name}: {prompt}",
                                     (*options, "cancel") if options else (), item.card))
        return True
    options = extra_options(state, item, kind)
    if kind == "recycleX:monster":  # Salle des Trophées de Kabrok: X Monstres, X as the player likes
        if item.extra and item.extra[-1] == "done":
            return False
        state.pending.append(Pending("extra", item.seat, f"{name}: recycle a Monstre from your Défausse "
                                     f"({len(item.extra)} so far), or done", (*options, "done", "cancel"), item.card))
        return True
    limit = 3 if kind != "discardX" else len(state.players[item.seat].main) + len(item.extra)
    if len(item.extra) >= limit:
        return False
    if not options:
        return False
    what = ("recycle a card from your Défausse" if kind.startswith("recycle3") else
            f"destroy one of your {kind[13:]} Alliés" if kind.startswith("destroy_sub3:") else "discard a card")
    upto = "up to 3" if kind != "discardX" else "any number"
    done = ("done",) if kind != "discardX" or item.extra else ()  # discardX: X is at least 1 (extra_payable)
    state.pending.append(Pending("extra", item.seat, f"{name}: {what} ({upto}){', or done' if done else ''}",
                                 (*options, *done, "cancel"),
                                 item.card))
    return True


def undo_extra(state: WakfuState, item: Item) -> None:
    spec = spec_of(state, item)
    if inclines_extra(spec.extra):
        for c in item.extra:
            state.tapped.discard(c)


# -- playability --------------------------------------------------------------------------------------------
def can_play(state: WakfuState, seat: int, card: int, reaction: bool = False,
             prods: list[tuple[int, str]] | None = None) -> bool:
    """Whether a card in hand may be announced now with every choice and cost possible (808.1, 808.2).

    Every test is a plain question about the state, so the order is free: the cost, the one most often
    missing, is asked first.  The answer depends on the card only through its definition (its copies in
    the same hand get the same answer, which the legal-action list relies on)."""
    d = state.cards[card]
    if d.type != "Action":  # a permanent: PERMANENT has no target and no additional cost
        if reaction or state.combat is not None or state.phase != "main":  # 303.1, 305.1, 309.1, 310.1
            return False
        if prods is None:
            prods = producers(state, seat)
        if not cost_payable(state, card, prods) and not (d.recipe is not None and craftable(state, seat, card)):
            return False
        if d.type == "Allié":  # places(), inlined for the card most often asked: the Monde, but on the first
            # player's first turn (rules.first_turn_of_first_player) only the Havre Sac, if it has room
            if state.turn == 1 and not rules.sac_room(state, seat):
                return False
        elif not places(state, seat, card, only_one=True):
            return False
        # its own play restriction (304.1)
        return d.name not in PLAY_CONDITIONS or PLAY_CONDITIONS[d.name](state, seat, card)
    spec = ACTIONS.get(d.name)
    if spec is None or spec.reaction != reaction:
        return False
    if ("forgotten", d.name) in state.flags:  # Potion d'Oubli de Sort: nobody plays it this turn
        return False
    # the inclined card cannot also pay: one Neutre more, a safe over-estimate
    extra = 1 if spec.extra in ("incline_own", "incline_other") else 0
    if prods is None:
        prods = producers(state, seat)
    if not cost_payable(state, card, prods, extra) and not (d.recipe is not None and craftable(state, seat, card)):
        return False
    if "Sort" in d.subtypes:  # 302.5
        for cls in d.subtypes:  # its class: CardDef.classes[0], without building the tuple
            if cls in CLASSES:
                if not rules.has_class(state, seat, cls):
                    return False
                break
    if spec.condition is not None and not spec.condition(state, seat, card):
        return False
    if not spec.split and spec.targets and not targets_possible(state, Item("card", seat, card, d.name), spec.targets):
        return False
    return extra_payable(state, seat, card, spec)


def targets_possible(state: WakfuState, probe: Item, kinds: tuple[str, ...]) -> bool:
    """Whether every target slot can be filled, each choice depending on the ones before (Bond)."""
    if not kinds:
        return True
    if len(kinds) == 1:
        return bool(candidates(state, probe, kinds[0], first=True))
    options = candidates(state, probe, kinds[0])
    if not options:
        return False
    for o in options:
        probe.targets.append(o)
        ok = targets_possible(state, probe, kinds[1:])
        probe.targets.pop()
        if ok:
            return True
    return False


def can_use_from_hand(state: WakfuState, seat: int, card: int, reaction: bool = False) -> bool:
    """A power usable from the hand (Polter Tofu, Tofu Céleste)."""
    spec = HAND_POWERS.get(state.name(card))
    if spec is None or spec.reaction != reaction or card not in state.players[seat].main:
        return False
    if spec.condition is not None and not spec.condition(state, seat, card):
        return False
    if (spec.extra == "destroy_tofu" or spec.extra.startswith("destroy_sub:")) and not extra_options(
            state, Item("card", seat, card, spec.name), spec.extra):
        return False
    return feasible(list(spec.cost), producers(state, seat))


def can_use(state: WakfuState, seat: int, card: int, index: int, reaction: bool = False,
            prods: list[tuple[int, str]] | None = None, spec: Spec | None = None) -> bool:
    """A paid power: its card in play and controlled, the Incliner symbol payable, once-per-turn unused (802).
    ``spec``: ``powers_of(state, card)[index]`` when the caller has it already."""
    if spec is None:
        spec = powers_of(state, card)[index]
    if spec.reaction != reaction:
        return False
    if spec.incline and card in state.tapped:
        return False
    if spec.once and ("once", card, index) in state.flags:
        return False
    if spec.condition is not None and not spec.condition(state, seat, card):
        return False
    probe = None
    for kind in spec.targets:
        if probe is None:
            probe = Item("power", seat, card, spec.name, power=index)
        if kind == "equipment_x":
            # 808.2: X must name the Niveau of an Équipement it can reach and X must be payable; offering the
            # power otherwise would let it be announced and undone forever (X = 0, no target, 808.2 undo)
            if not _equipment_level_payable(state, seat, card, max_x(state, probe)):
                return False
            continue
        if not candidates(state, probe, kind, first=True):
            return False
    if not extra_payable(state, seat, card, spec):
        return False
    if spec.extra == "destroy_self" and not rules.in_play(state, card):
        return False
    if not spec.cost:
        return True  # nothing to pay but the Incliner symbol, checked above
    if prods is None:
        prods = producers(state, seat)
    if spec.incline:
        prods = _others(prods, card)
    return feasible(spec.cost, prods)


def _others(prods: list[tuple[int, str]], card: int) -> list[tuple[int, str]]:
    """The producers but ``card`` (a power's Incliner symbol inclines it: it cannot also pay)."""
    return [pr for pr in prods if pr[0] != card]


def _equipment_level_payable(state: WakfuState, seat: int, card: int, top: int) -> bool:
    """Whether an Équipement the power of ``card`` can reach has a Niveau of at most ``top`` (the highest X
    payable): Merelyne Manro's X names such a Niveau."""
    return any(state.cards[c].level <= top for c in state.attached if rules.can_affect(state, seat, card, c))


def reactions(state: WakfuState, seat: int, top: Item) -> list[Any]:
    """Réaction cards the seat may play in answer to the top item (809)."""
    p = state.players[seat]
    cards = state.cards
    # (a card outside the REACTIVE_* names fails these tests at once: it is not asked; and a kind no deck
    # of the game holds is not looked for: at 4v4 this runs for seven seats after every card played)
    names = rules.game_names(state)
    out: list[Any] = []
    if not names.isdisjoint(REACTIVE_ACTIONS):  # (a loop: a comprehension made cells at every call)
        for c in p.main:
            if cards[c].name in REACTIVE_ACTIONS and can_play(state, seat, c, reaction=True):
                out.append(c)
    if not names.isdisjoint(REACTIVE_POWERED):
        for zone in (p.monde, p.havre):
            for c in zone:
                if cards[c].name not in REACTIVE_POWERED:
                    continue
                for i, spec in enumerate(powers_of(state, c)):
                    if spec.reaction and can_use(state, seat, c, i, reaction=True, spec=spec):
                        out.append(f"use:{c}:{i}")
    if not names.isdisjoint(REACTIVE_HAND):
        for c in p.main:
            if cards[c].name in REACTIVE_HAND and can_use_from_hand(state, seat, c, reaction=True):
                out.append(f"hand:{c}")
    return out
