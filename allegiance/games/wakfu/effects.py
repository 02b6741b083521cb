"""Card effects from a small vocabulary of primitives (damage, heal, draw, Force until a time, incline,
untap, XP, bounce, destroy) and the registries that say which cards are implemented.

A card is implemented when every power it has is here (``implemented``); a deck holding any other card
is refused (setup.check_implemented), so no card ever plays as a blank.  Choices made while an effect
resolves are :class:`Pending` decisions of kind ``effect`` handled by :data:`EFFECT_HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from allegiance.games.wakfu import rules
from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.state import Item, Pending, WakfuState

Resolve = Callable[[WakfuState, Item], None]


@dataclass(frozen=True, slots=True)
class Spec:
    """How an Action or power is played: its targets (808.2d), X, additional cost and effect."""

    name: str
    resolve: Resolve
    targets: tuple[str, ...] = ()
    x: bool = False
    extra: str = ""  # additional cost (418.8): incline_own, recycle3:<el>, discard3, discard1, destroy_self...
    condition: Callable[[WakfuState, int, int], bool] | None = None  # (state, seat, card) -> may play now
    reaction: bool = False
    text: str = ""
    cost: tuple[str, ...] = ()  # powers: element symbols (418.5d)
    incline: bool = False  # powers: the Incliner symbol (802)
    once: bool = False  # powers: once per turn (per card instance, 802)
    alternative: bool = False  # a card put into play from hand for ``cost`` instead of its Niveau
    split: bool = False  # X target slots of kind targets[0], repeats allowed (a split of X damage, 808.2e)


def _noop(state: WakfuState, item: Item) -> None:
    return None


PERMANENT = Spec("permanent", _noop)


# -- primitives ------------------------------------------------------------------------------------------
def add_mod(state: WakfuState, card: int, stat: str, value: Any, until: str = "turn") -> None:
    state.mods.append((card, stat, value, until))


def _alive(state: WakfuState, card: Any) -> bool:
    return isinstance(card, int) and rules.in_play(state, card)


def _damage(state: WakfuState, item: Item, target: Any, amount: int, element: str) -> None:
    if _alive(state, target):
        src = None if state.cards[item.card].type == "Action" else item.card
        if item.kind == "power" and state.cards[item.card].type == "Allié":
            amount += sum(v for s, st, v, _ in state.pmods if s == item.seat and st == "guma")
        rules.deal_damage(state, item.seat, src, target, amount, element)  # credit: 409.2


def _untap(state: WakfuState, card: int) -> None:
    if any(c == card and st == "no_untap" for c, st, _, _ in state.mods):
        return  # 104.2: "cannot" beats "can" (Pandrista)
    state.tapped.discard(card)


def _hero_seat(state: WakfuState, hero: Any) -> int:
    return state.owner(hero)


def _draw(state: WakfuState, seat: int, n: int = 1) -> None:
    for _ in range(n):
        rules.draw(state, seat)
    state.players[seat].drew_or_played = state.players[seat].drew_or_played or seat == state.active


def _may(state: WakfuState, seat: int, card: int, fx: str, prompt: str, options: tuple[Any, ...],
         **data: Any) -> None:
    state.pending.append(Pending("effect", seat, prompt, options, card, (("fx", fx), *sorted(data.items()))))


# -- Actions ----------------------------------------------------------------------------------------------
def _parchemin_blanc(state: WakfuState, item: Item) -> None:
    rules.gain_xp(state, item.seat, 1)


def _heal3(state: WakfuState, item: Item) -> None:
    if _alive(state, item.targets[0]):
        rules.heal(state, _hero_seat(state, item.targets[0]), 3)


def _jeunesse(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if _alive(state, t):
        _untap(state, t)
        add_mod(state, t, "force", 2)


def _pandrista(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if _alive(state, t):
        rules.incline(state, t)
        add_mod(state, t, "no_untap", 1, f"next:{item.seat}")


def _incline(state: WakfuState, item: Item) -> None:
    if _alive(state, item.targets[0]):
        rules.incline(state, item.targets[0])


def _repulsion(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if _alive(state, t):
        for e in rules.equipment_of(state, t):
            rules.destroy(state, e)
        rules.remove(state, t)
        state.players[state.owner(t)].main.append(t)
        rules.say(state, "bounce", f"{state.name(t)} returns to its owner's hand", item.seat, card=t)


def _destroy_target(state: WakfuState, item: Item) -> None:
    if _alive(state, item.targets[0]):
        rules.destroy(state, item.targets[0], item.seat)


def _pa_loss(state: WakfuState, item: Item) -> None:
    state.pmods.append((int(item.targets[0]), "pa", -1, "turn"))


def _coupure(state: WakfuState, item: Item) -> None:
    _pa_loss(state, item)
    _draw(state, item.seat)


def _charge(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if _alive(state, t):
        add_mod(state, t, "force", 2)
        if "Iop" in rules.cd(state, t).subtypes:
            add_mod(state, t, "Géant", 1)


def _coup_critique(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if _alive(state, t):
        # the bonus is fixed when it resolves (card ruling): doubling counts earlier modifiers only (105.3)
        add_mod(state, t, "force", rules.force(state, t))
        state.flags.add(("coup_critique", t))


def _fleche_chercheuse(state: WakfuState, item: Item) -> None:
    _damage(state, item, item.targets[0], 1, "Air")


def _blizzard(state: WakfuState, item: Item) -> None:
    """2 Air damage to every Allié and Héros in the Monde, and no XP for it (card text)."""
    for p in state.players:
        for c in p.monde[:]:
            if rules.is_character(state, c):
                rules.deal_damage(state, None, None, c, 2, "Air")  # no seat: nobody is credited


def _exclusion(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    cb = state.combat
    if _alive(state, t) and cb is not None:
        rules.leave_combat(state, t)  # its blockers may be assigned to another attacker (705.4)
        rules.incline(state, t)  # 705.6: it returns to the Monde, inclined


def _prospection(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if _alive(state, t):
        _draw(state, item.seat, state.cards[t].xp)


def _strategie(state: WakfuState, item: Item) -> None:
    """A continuous modifier (card ruling): every Allié of yours in the Monde this turn, even one that
    appears later; not one that moves into the Havre Sac."""
    state.pmods.append((item.seat, "strategie", min(state.players[item.seat].level, 2), "turn"))


def _repos(state: WakfuState, item: Item) -> None:
    rules.heal(state, item.seat, item.x)


def _agression(state: WakfuState, item: Item) -> None:
    attacker = item.extra[0] if item.extra else None
    t = item.targets[0]
    if _alive(state, attacker) and _alive(state, t) and rules.can_affect(state, item.seat, attacker, t):
        rules.deal_damage(state, item.seat, attacker, t, rules.force(state, attacker), "Neutre")  # its page: Neutre


def _treve(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "treve", 1, f"next:{item.seat}"))


def _glyphe_revigorant(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "glyphe", 1, "combat" if state.combat is not None else "turn"))


def _echec(state: WakfuState, item: Item) -> None:
    """Cancel the Action, Sort or paid power just played: the item right below it in the File."""
    t = item.targets[0]
    for other in state.file:
        if id(other) != id(item) and other.card == t and other.kind in ("card", "power") and other.paid:
            other.cancelled = True
            rules.say(state, "cancel", f"{state.name(t)} is cancelled", item.seat, card=t)
            return


def _bonne_affaire(state: WakfuState, item: Item) -> None:
    p = state.players[item.seat]
    top = p.pioche[-2:][::-1]
    if not top:
        return
    _may(state, item.seat, item.card, "bonne_affaire", "Bonne Affaire !: put one in your hand, recycle the other",
         tuple(top), shown=tuple(top))


def _fx_bonne_affaire(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    for c in pend.get("shown"):
        if c == value:
            p.pioche.remove(c)
            p.main.append(c)
            rules.say(state, "to_hand", f"{rules.label(state, pend.seat)} puts a card in hand", pend.seat)
        else:
            rules.recycle(state, c)


def _parchemin(kind: str) -> Resolve:
    def run(state: WakfuState, item: Item) -> None:
        n = len(item.extra)
        if kind == "force":
            if _alive(state, item.targets[0]):
                add_mod(state, item.targets[0], "force", n)
        elif kind == "draw":
            _draw(state, item.seat, n)
        elif kind == "damage":
            _damage(state, item, item.targets[0], n, "Feu")
        elif kind == "untap":
            for t in item.targets:
                if _alive(state, t):
                    _untap(state, t)
    return run


def _fletrissement(state: WakfuState, item: Item) -> None:
    _damage(state, item, item.targets[0], len(item.extra), "Air")


def _defi(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    mine = item.extra[0] if item.extra else None
    if not (_alive(state, t) and _alive(state, mine)):
        return
    _may(state, rules.controller(state, t), item.card, "defi", f"Défi: accept the duel against {state.name(mine)}?",
         ("accept", "refuse"), mine=mine, target=t, challenger=item.seat)


def _fx_defi(state: WakfuState, pend: Pending, value: Any) -> None:
    mine, t, seat = pend.get("mine"), pend.get("target"), pend.get("challenger")
    if value == "refuse":
        rules.gain_xp(state, seat, 1)
        return
    if _alive(state, mine) and _alive(state, t):
        fm, ft = rules.force(state, mine), rules.force(state, t)
        rules.deal_damage(state, seat, mine, t, fm, rules.cd(state, mine).element)
        rules.deal_damage(state, rules.controller(state, t), t, mine, ft, rules.cd(state, t).element)


def _has_class(cls: str) -> Callable[[WakfuState, int, int], bool]:
    def cond(state: WakfuState, seat: int, card: int) -> bool:
        p = state.players[seat]
        return any(cls in rules.cd(state, c).subtypes for c in p.monde + p.havre if rules.is_character(state, c))
    return cond


def _repos_cond(state: WakfuState, seat: int, card: int) -> bool:
    p = state.players[seat]
    return p.hero in p.havre


def _bond_cond(state: WakfuState, seat: int, card: int) -> bool:
    cb = state.combat
    return cb is not None and cb.step == "actions" and cb.defender == seat


def _bond(state: WakfuState, item: Item) -> None:
    """Bond: one of your Alliés/Héros blocks the chosen attacker, beyond the PM limit (card text, 705.7)."""
    cb = state.combat
    b, a = item.targets[0], item.targets[1]
    if cb is None or not (_alive(state, b) and _alive(state, a)) or a not in cb.attackers:
        return
    cb.blockers[b] = a
    if a not in cb.blocked:
        cb.blocked.append(a)
    rules.say(state, "blocker", f"{state.name(b)} blocks {state.name(a)}", item.seat, card=b)


def _colere(state: WakfuState, item: Item) -> None:
    """Colère de Iop: X Terre damage split when it was played (its ruling), each point a target slot;
    points on a target no longer legal are lost (810.2)."""
    for c in dict.fromkeys(t for t in item.targets if t is not None):
        rules.deal_damage(state, item.seat, None, c, item.targets.count(c), "Terre")


def _pick_n(verb: str) -> Resolve:
    """Choc Temporel / Parchemin d'Agilité: as many Alliés/Héros as cards paid, chosen one by one."""
    def run(state: WakfuState, item: Item) -> None:
        _pick(state, item.seat, item.card, verb, len(item.extra), ())
    return run


def _pick(state: WakfuState, seat: int, card: int, verb: str, left: int, chosen: tuple[int, ...]) -> None:
    options = [c for p in state.players for c in p.monde + p.havre
               if rules.is_character(state, c) and c not in chosen and rules.can_affect(state, seat, None, c)]
    if left <= 0 or not options:
        for c in chosen:
            if verb == "incline":
                rules.incline(state, c)
            else:
                _untap(state, c)
        return
    _may(state, seat, card, "pick", f"{state.name(card)}: choose an Allié or Héros to {verb} ({left} left)",
         (*options, "done"), verb=verb, left=left, chosen=chosen)


def _fx_pick(state: WakfuState, pend: Pending, value: Any) -> None:
    if value == "done":
        _pick(state, pend.seat, pend.card or 0, pend.get("verb"), 0, pend.get("chosen"))
    else:
        _pick(state, pend.seat, pend.card or 0, pend.get("verb"), pend.get("left") - 1, pend.get("chosen") + (value,))


def _glyphe_incandescent(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "glyphe_inc", 1, "combat" if state.combat is not None else "turn"))


def _immolation(state: WakfuState, item: Item) -> None:
    _damage(state, item, item.targets[0], 2, "Feu")


ACTIONS: dict[str, Spec] = {s.name: s for s in (
    Spec("Glyphe Incandescent", _glyphe_incandescent),
    Spec("Flèche d'Immolation", _immolation, ("just_inclined",), reaction=True),
    Spec("Bond", _bond, ("bond_blocker", "bond_attacker"), condition=_bond_cond),
    Spec("Colère de Iop", _colere, ("combatant_split",), x=True, split=True),
    Spec("Choc Temporel", _pick_n("incline"), extra="discard3"),
    Spec("Parchemin d'Agilité", _pick_n("untap"), extra="recycle3:Air"),
    Spec("Parchemin Blanc", _parchemin_blanc),
    Spec("Pain au Blé Complet", _heal3, ("hero",)),
    Spec("Jeunesse d'Ogrest", _jeunesse, ("tapped_character",)),
    Spec("Pandrista", _pandrista, ("character",)),
    Spec("Boon Attitude", _incline, ("unequipped",)),
    Spec("Répulsion", _repulsion, ("ally",)),
    Spec("Brisé !", _destroy_target, ("equipment",)),
    Spec("Coupure Temporelle", _coupure, ("player",)),
    Spec("Charge", _charge, ("character",)),
    Spec("Coup Critique", _coup_critique, ("critique",)),
    Spec("Flèche Chercheuse", _fleche_chercheuse, ("seeking",)),
    Spec("Flèche Blizzard", _blizzard),
    Spec("Exclusion", _exclusion, ("combatant",)),
    Spec("Prospection", _prospection, ("ally_monde",)),
    Spec("Stratégie de Groupe", _strategie),
    Spec("Repos", _repos, x=True, condition=_repos_cond),
    Spec("Agression", _agression, ("character",), extra="incline_own"),
    Spec("Trêve", _treve),
    Spec("Glyphe Revigorant", _glyphe_revigorant),
    Spec("Échec Critique", _echec, ("just_played",), reaction=True),
    Spec("Bonne Affaire !", _bonne_affaire),
    Spec("Parchemin de Force", _parchemin("force"), ("character",), extra="recycle3:Terre"),
    Spec("Parchemin de Chance", _parchemin("draw"), extra="recycle3:Eau"),
    Spec("Parchemin d'Intelligence", _parchemin("damage"), ("character",), extra="recycle3:Feu"),
    Spec("Flétrissement", _fletrissement, ("character",), extra="discard3"),
    Spec("Défi", _defi, ("character",), extra="incline_own"),
)}


# -- paid powers --------------------------------------------------------------------------------------------
def _p_damage(n: int, element: str | None = None) -> Resolve:
    def run(state: WakfuState, item: Item) -> None:
        el = element or (item.targets[1] if len(item.targets) > 1 else rules.cd(state, item.card).element)
        _damage(state, item, item.targets[0], n, el)
    return run


def _p_force(n: int) -> Resolve:
    def run(state: WakfuState, item: Item) -> None:
        t = item.targets[0] if item.targets else item.card
        if _alive(state, t):
            add_mod(state, t, "force", n)
    return run


def _p_untap_target(state: WakfuState, item: Item) -> None:
    if _alive(state, item.targets[0]):
        _untap(state, item.targets[0])


def _p_untap_self(state: WakfuState, item: Item) -> None:
    if _alive(state, item.card):
        _untap(state, item.card)


def _p_untap_bearer(state: WakfuState, item: Item) -> None:
    porteur = state.attached.get(item.card)
    if porteur is not None:
        _untap(state, porteur)


def _p_draw(state: WakfuState, item: Item) -> None:
    _draw(state, item.seat)


def _p_heal_hero(n: int) -> Resolve:
    def run(state: WakfuState, item: Item) -> None:
        if _alive(state, item.targets[0]):
            rules.heal(state, _hero_seat(state, item.targets[0]), n)
    return run


def _p_resist(state: WakfuState, item: Item) -> None:
    if _alive(state, item.targets[0]):
        add_mod(state, item.targets[0], "resist:" + str(item.targets[1]), 1)


def _p_vampyre(state: WakfuState, item: Item) -> None:
    rules.heal(state, item.seat, 3)


def _p_ekraz(state: WakfuState, item: Item) -> None:
    if _alive(state, item.targets[0]):
        rules.destroy(state, item.targets[0], item.seat)


def _p_royal_search(state: WakfuState, item: Item) -> None:
    p = state.players[item.seat]
    found = [c for c in p.pioche if "Bouftou" in state.cards[c].subtypes or "Bouftou" in state.cards[c].name]
    if not found:
        state.rng.shuffle(p.pioche)
        return
    _may(state, item.seat, item.card, "search", "Search your Pioche: which Bouftou card goes to your hand?",
         tuple(sorted(set(found), key=lambda c: (state.name(c), c))) + ("none",))


def _fx_search(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if isinstance(value, int):
        p.pioche.remove(value)
        p.main.append(value)
        rules.say(state, "search", f"{rules.label(state, pend.seat)} reveals {state.name(value)} and puts it in hand",
                  pend.seat, card=value)
    state.rng.shuffle(p.pioche)  # 405: a searched hidden zone is shuffled


def _p_katsou(state: WakfuState, item: Item) -> None:
    if _alive(state, item.card):
        add_mod(state, item.card, "force", 1)
        state.flags.add(("katsou", item.card, sum(1 for f in state.flags if f[0] == "katsou" and f[1] == item.card)))


def _p_dora(state: WakfuState, item: Item) -> None:
    _draw(state, item.seat)


def _dora_cond(state: WakfuState, seat: int, card: int) -> bool:
    cb = state.combat
    porteur = state.attached.get(card)
    return cb is not None and porteur is not None and (porteur in cb.attackers or porteur in cb.blockers)


def _p_pa(state: WakfuState, item: Item) -> None:
    _pa_loss(state, item)


def _p_merelyne(state: WakfuState, item: Item) -> None:
    if _alive(state, item.targets[0]):
        rules.destroy(state, item.targets[0], item.seat)


def _p_sac(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if _alive(state, t):
        q = state.players[rules.controller(state, t)]
        q.sac_pr = min(state.cards[t].resistance, q.sac_pr + 2)  # 410.5: never above the printed Résistance


def _p_leopardo(state: WakfuState, item: Item) -> None:
    if _alive(state, item.card):
        add_mod(state, item.card, "force", 3)
        add_mod(state, item.card, "Géant", 1)


def _p_guma(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "guma", 1, "turn"))


def _fecaline_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Only when you have just played a Quête or Parchemin card: the item right below is one."""
    below = [i for i in state.file if i.paid and i.kind == "card"]
    if not below or below[-1].seat != seat:
        return False
    return bool({"Parchemin", "Quête"} & set(state.cards[below[-1].card].subtypes))


def _p_xp(state: WakfuState, item: Item) -> None:
    rules.gain_xp(state, item.seat, 1)


def _p_metier(state: WakfuState, item: Item) -> None:
    if _alive(state, item.card):
        add_mod(state, item.card, "metier", str(item.targets[0]))


POWERS: dict[str, tuple[Spec, ...]] = {
    "Amar Casto": (Spec("Amar Casto", _p_metier, ("metier",), cost=("Neutre",), text="gains a Métier until end of turn"),),
    "Fécaline la Sage": (Spec("Fécaline la Sage", _p_xp, incline=True, reaction=True, condition=_fecaline_cond,
                              text="gain 1 XP"),),
    "Keyss Aouti": (Spec("Keyss Aouti", _p_sac, ("sac",), incline=True, text="a Havre Sac regains 2 PR"),),
    "Léopardo": (Spec("Léopardo", _p_leopardo, cost=("Neutre", "Neutre"), once=True, text="+3 Force and Géant"),),
    "Guma Bobeule": (Spec("Guma Bobeule", _p_guma, incline=True, text="your Alliés' powers deal 1 more damage"),),
    "Wa Wabbit": (Spec("Wa Wabbit", _p_damage(2, "Eau"), ("character",), incline=True, text="2 Eau damage"),),
    "Amulette Akwadala": (Spec("Amulette Akwadala", _p_draw, incline=True, extra="discard1",
                               text="discard a card: draw a card"),),
    "Ceinture Akwadala": (Spec("Ceinture Akwadala", _p_draw, incline=True, extra="recycle1:Eau",
                               text="recycle an Eau card: draw a card"),),
    "Baguette du Tofu": (Spec("Baguette du Tofu", _p_heal_hero(2), ("hero",), incline=True,
                              text="a Héros regains 2 PV"),),
    "Tirlangue Portey": (Spec("Tirlangue Portey", _p_damage(2, "Air"), ("character",), incline=True,
                              text="2 Air damage to an Allié or Héros"),),
    "Aeron Zeklox": (Spec("Aeron Zeklox", _p_pa, ("player",), incline=True, text="a player loses 1 PA"),),
    "Temple Iop": (Spec("Temple Iop", _p_force(2), ("character",), incline=True, text="+2 Force"),),
    "Temple Crâ": (Spec("Temple Crâ", _p_untap_target, ("character",), incline=True, text="untap"),),
    "Temple Xélor": (Spec("Temple Xélor", _p_pa, ("player",), incline=True, text="a player loses 1 PA"),),
    "Temple Féca": (Spec("Temple Féca", _p_resist, ("character", "element"), incline=True,
                         text="Résistance 1 to an element"),),
    "Nomoon": (Spec("Nomoon", _p_damage(1), ("character",), incline=True, text="1 damage"),),
    "Guy Yomtella": (Spec("Guy Yomtella", _p_damage(1, "Air"), ("ally",), cost=("Air",), incline=True,
                          text="1 Air damage to an Allié"),
                     Spec("Guy Yomtella:untap", _p_untap_self, cost=("Air", "Air"), text="untap Guy Yomtella")),
    "Demi Finame": (Spec("Demi Finame", _p_force(2), ("monster",), incline=True, text="a Monstre gets +2 Force"),),
    "Chauve-Souris Vampyre": (Spec("Chauve-Souris Vampyre", _p_vampyre, extra="destroy_self",
                                   text="destroy it: your Héros regains 3 PV"),),
    "Ekraz Lenoub": (Spec("Ekraz Lenoub", _p_ekraz, ("ally_l1",), incline=True, extra="destroy_self",
                          text="destroy a Niveau 1 Allié"),),
    "Bouftou Royal": (Spec("Bouftou Royal", _p_royal_search, incline=True, text="search for a Bouftou card"),),
    "Katsou Mee": (Spec("Katsou Mee", _p_katsou, cost=("Terre",), text="+1 Force"),),
    "Crapaud Mufle": (Spec("Crapaud Mufle", _p_force(2), extra="mill1", once=True, text="+2 Force"),),
    "Bwork Mage": (Spec("Bwork Mage", _p_damage(1, "Feu"), ("character",), extra="discard1", once=True,
                        text="1 Feu damage"),),
    "Bébé Panda": (Spec("Bébé Panda", _p_draw, incline=True, text="draw a card"),),
    "Tiwabbit": (Spec("Tiwabbit", _p_untap_bearer, incline=True, text="untap the porteur"),),
    "Dora": (Spec("Dora", _p_dora, incline=True, condition=_dora_cond, text="draw a card"),),
    "Merelyne Manro": (Spec("Merelyne Manro", _p_merelyne, ("equipment_x",), x=True, incline=True,
                            text="destroy an Équipement of Niveau X"),),
}

def _put_inclined(state: WakfuState, item: Item) -> None:
    """Mettre en jeu (412.2): the card appears without being played, here inclined, in the Monde (or the
    Havre Sac on the first player's first turn, 506.3)."""
    from allegiance.games.wakfu.resolution import _appear
    item.place = "havre" if rules.first_turn_of_first_player(state) else "monde"
    _appear(state, item)
    if rules.in_play(state, item.card):
        rules.incline(state, item.card)


def _own_tofu(state: WakfuState, seat: int, card: int) -> bool:
    p = state.players[seat]
    return any("Tofu" in state.cards[c].subtypes and state.cards[c].type == "Allié" for c in p.monde + p.havre)


def _polter_cond(state: WakfuState, seat: int, card: int) -> bool:
    return (state.phase == "main" and state.combat is None and state.active == seat and not state.file
            and _own_tofu(state, seat, card)
            and (not rules.first_turn_of_first_player(state) or rules.sac_room(state, seat)))


def _celeste_cond(state: WakfuState, seat: int, card: int) -> bool:
    top = [i for i in state.file if i.paid]
    return bool(top) and top[-1].effect == "tofu_destroyed" and top[-1].seat == seat


#: powers usable from the hand (a card put into play instead of being played, 412.2)
HAND_POWERS: dict[str, Spec] = {
    "Polter Tofu": Spec("polter", _put_inclined, extra="destroy_tofu", condition=_polter_cond, alternative=True,
                        text="destroy one of your Tofus: put Polter Tofu into play, inclined"),
    "Tofu Céleste": Spec("celeste", _put_inclined, cost=("Air", "Air"), reaction=True, condition=_celeste_cond,
                         alternative=True, text="a Tofu of yours was destroyed: put it into play, inclined"),
}


#: Level 2 Héros powers that differ from level 1
HERO_L2_POWERS: dict[str, tuple[Spec, ...]] = {
    "Tirlangue Portey": (Spec("Tirlangue Portey", _p_damage(3), ("character", "element"), incline=True,
                              text="3 damage of a chosen element"),),
}


# -- triggered powers -----------------------------------------------------------------------------------------
def _t_may_draw(state: WakfuState, item: Item) -> None:
    _may(state, item.seat, item.card, "may_draw", f"{state.name(item.card)}: draw a card?", ("draw", "no"))


def _fx_may_draw(state: WakfuState, pend: Pending, value: Any) -> None:
    if value == "draw":
        _draw(state, pend.seat)


def _amal_targets(state: WakfuState, item: Item) -> list[int]:
    src = item.card if rules.in_play(state, item.card) else None
    return [p.hero for p in state.players if rules.in_play(state, p.hero) and rules.can_affect(state, item.seat, src, p.hero)]


def _t_amal(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if _alive(state, t) and t in _amal_targets(state, item):  # checked again (810.2)
        rules.heal(state, state.owner(t), 3)


def _corailleur_targets(state: WakfuState, item: Item) -> list[int]:
    if not rules.in_play(state, item.card):
        return []
    return sorted(e for e in state.attached if rules.can_affect(state, item.seat, item.card, e))


def _t_corailleur(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if _alive(state, t) and t in _corailleur_targets(state, item):  # the "may" is decided now (804)
        _may(state, item.seat, item.card, "destroy_eq", f"Corailleur: destroy {state.name(t)}?", ("destroy", "no"),
             target=t)


def _fx_destroy_eq(state: WakfuState, pend: Pending, value: Any) -> None:
    t = pend.get("target")
    if value == "destroy" and _alive(state, t):
        rules.destroy(state, t, pend.seat)


def _t_djakky(state: WakfuState, item: Item) -> None:
    # 419.2: the active player chooses first; every choice then applies
    for seat in _each_player(state):
        mine = [c for c in state.players[seat].monde + state.players[seat].havre
                if state.cards[c].type == "Allié" and c in state.tapped]
        if mine:
            _may(state, seat, item.card, "untap_one", "Djakky Chwan: untap one of your Alliés?", (*mine, "none"))


def _fx_untap_one(state: WakfuState, pend: Pending, value: Any) -> None:
    if isinstance(value, int) and rules.in_play(state, value):
        _untap(state, value)


def _t_royal(state: WakfuState, item: Item) -> None:
    for c in state.players[item.seat].monde:
        # 401.2: "your Bouftous" are the Alliés/Héros of the family, not every card with the trait (an
        # Équipement such as Coiffe du Bouftou is a "Bouftou card", which only the search names)
        if "Bouftou" in state.cards[c].subtypes and rules.is_character(state, c):
            _untap(state, c)


def _each_player(state: WakfuState) -> list[int]:
    """Every player in the game, pushed so that the active player decides first, then the turn order."""
    from allegiance.games.wakfu.teams import after
    seq = after(state, state.active)  # ends with the active player
    return list(reversed(seq[:-1])) + [state.active]


def _t_coffre(state: WakfuState, item: Item) -> None:
    for seat in _each_player(state):
        _may(state, seat, item.card, "may_draw", "Coffre Malveillant: draw a card?", ("draw", "no"))


def _mutant_targets(state: WakfuState, item: Item) -> list[int]:
    # from the Défausse, a card affects the Monde only (508.1c)
    return [c for p in state.players for c in p.monde if rules.is_character(state, c)]


def _t_tofu_mutant(state: WakfuState, item: Item) -> None:
    t = item.targets[0] if item.targets else None
    if _alive(state, t) and t in _mutant_targets(state, item):
        rules.deal_damage(state, item.seat, None, t, 1, "Air")


#: triggered powers whose target is chosen when they trigger (804.3), with their legal choices
TRIGGER_TARGETS: dict[str, Callable[[WakfuState, Item], list[int]]] = {
    "Amal Odoua": _amal_targets, "Corailleur": _corailleur_targets, "Tofu Mutant": _mutant_targets,
}


def trigger_target(state: WakfuState, item: Item) -> bool:
    """804.3: the controller chooses the trigger's target as it triggers; with no legal choice the
    trigger is removed (annulled).  True if a choice is asked."""
    pick = TRIGGER_TARGETS.get(item.effect)
    if pick is None:
        return False
    options = pick(state, item)
    if not options:
        state.file = [i for i in state.file if i is not item]
        rules.say(state, "fizzle", f"{state.name(item.card)}: no legal choice, the power is annulled (804)", item.seat)
        return False
    state.pending.append(Pending("trigger_target", item.seat, f"{state.name(item.card)}: choose its target",
                                 tuple(options), item.card, (("effect", item.effect),)))
    return True


def answer_trigger_target(state: WakfuState, pend: Pending, value: Any) -> None:
    for item in reversed(state.file):
        if item.kind == "trigger" and item.card == pend.card and item.effect == pend.get("effect") and not item.targets:
            item.targets = [value]
            return


def _t_upkeep(element: str) -> Resolve:
    def run(state: WakfuState, item: Item) -> None:
        if not rules.in_play(state, item.card):
            return
        p = state.players[state.owner(item.card)]
        options = [c for c in p.defausse if state.cards[c].element == element]
        _may(state, item.seat, item.card, "upkeep", f"{state.name(item.card)}: recycle a {element} card from your "
             "Défausse, or it is destroyed", (*options, "destroy"))
    return run


def _fx_upkeep(state: WakfuState, pend: Pending, value: Any) -> None:
    """804.8: "do A or B": recycle the card, otherwise the Zone / Familier is destroyed."""
    if isinstance(value, int):
        rules.recycle(state, value)
        rules.say(state, "recycle", f"{rules.label(state, pend.seat)} recycles {state.name(value)}", pend.seat,
                  card=value)
    elif pend.card is not None and rules.in_play(state, pend.card):
        rules.destroy(state, pend.card)


def _t_dollarawan(state: WakfuState, item: Item) -> None:
    if item.card in state.players[item.seat].havre:
        _t_may_draw(state, item)


def _t_bruss(state: WakfuState, item: Item) -> None:
    return None  # applied at declaration (on_attacks): the PM bonus counts for the legality check (703.2c)


def _t_smare(state: WakfuState, item: Item) -> None:
    from allegiance.games.wakfu.pay import producers
    options = sorted({c for c, _ in producers(state, item.seat)})
    if options:
        _may(state, item.seat, item.card, "smare", "Smare: incline a card (Neutre) to draw a card?", (*options, "no"))


def _fx_smare(state: WakfuState, pend: Pending, value: Any) -> None:
    if isinstance(value, int) and value not in state.tapped and rules.controller(state, value) == pend.seat:
        rules.incline(state, value)
        _draw(state, pend.seat)


def _t_prespic(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if not _alive(state, t):
        return
    # 810.2d: once triggered, the power resolves even if the Cape / Anneau has left play with its porteur
    # (last known information); from the Défausse it reaches the Monde only (508.1c)
    if rules.in_play(state, item.card):
        reach = rules.can_affect(state, item.seat, item.card, t)
    else:
        reach = rules.where(state, t) == "monde"
    if reach:
        rules.deal_damage(state, item.seat, item.card, t, 1, "Feu")


TRIGGERS: dict[str, Resolve] = {
    "tofu_destroyed": _noop, "combat_inclined": _noop,
    "Smare": _t_smare, "Wa Wabbit": _t_may_draw, "prespic": _t_prespic, "upkeep:Feu": _t_upkeep("Feu"),
    "Gelée Bleue": _t_may_draw, "Amal Odoua": _t_amal, "Corailleur": _t_corailleur, "Djakky Chwan": _t_djakky,
    "Bouftou Royal": _t_royal, "Coffre Malveillant": _t_coffre, "Tofu Mutant": _t_tofu_mutant,
    "Dollarawan le Banquier": _t_dollarawan,
    "upkeep:Terre": _t_upkeep("Terre"), "upkeep:Air": _t_upkeep("Air"),
    "upkeep:Eau": _t_upkeep("Eau"),
}
APPEAR = {"Smare", "Gelée Bleue", "Amal Odoua", "Corailleur", "Djakky Chwan", "Bouftou Royal"}
DESTROYED = {"Coffre Malveillant", "Tofu Mutant"}
#: start of your turn: recycle a card of this element from your Défausse or destroy the card
UPKEEP = {"Forêts d'Astrub": "Terre", "Mines d'Astrub": "Feu", "Champs d'Astrub": "Air", "Calanques d'Astrub": "Eau",
          "Marcassin": "Terre", "Bébé Panda": "Eau", "Tiwabbit": "Air", "Chacha Noir": "Feu"}
APPEAR_INCLINED = {"Forêts d'Astrub", "Mines d'Astrub", "Champs d'Astrub", "Calanques d'Astrub"}

#: cards with no powers beyond keywords, Force, stats or continuous powers encoded in rules / combat
PLAIN = {
    "Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu", "Boufton Blanc", "Bouftou", "Larve Verte", "Larve Orange",
    "Larve Bleue", "Craqueleur", "Berger Porkass", "Arakne", "Demi Moon", "Tomla Klass", "Jicé Aouaire",
    "Chef de Guerre Bouftou", "Maître Bolet", "Dragodinde Rousse Sauvage", "Bwork", "Gobelinet", "Chevaucheur Gobelin",
    "Shiffer Van Brushing", "Fofy Fafié", "Akoua Flesh", "Tofu", "Kristie Endor", "Moskito", "Boo", "Wabbit",
    "Belgodass", "Montrakristo", "Vrombyx", "Bruss Ouilis", "Poum Ondacié", "Havre Sac du Bouftou",
    "Havre Sac du Prespic", "Havre Sac du Tofu", "Havre Sac du Wabbit", "Coiffe du Bouftou", "Marteau du Bouftou",
    "Scaranneau Blanc", "Arès", "Pelle Mechba", "Marcassin", "Forêts d'Astrub", "Mines d'Astrub", "Champs d'Astrub",
    "Calanques d'Astrub", "Chacha Noir", "Ceinture du Prespic", "Cape du Prespic", "Anneau du Prespic",
    "Amulette du Tofu", "Pantoufles du Tofu", "Kanigrou",
}


def implemented(name: str) -> bool:
    """Whether every power of the card is implemented."""
    return name in PLAIN or name in ACTIONS or name in POWERS or name in TRIGGERS or name in HAND_POWERS


def implemented_cards() -> list[str]:
    return sorted(n for n in CARDS if implemented(n))


def answer_effect(state: WakfuState, pend: Pending, value: Any) -> None:
    EFFECT_HANDLERS[pend.get("fx")](state, pend, value)


EFFECT_HANDLERS: dict[str, Callable[[WakfuState, Pending, Any], None]] = {
    "bonne_affaire": _fx_bonne_affaire, "defi": _fx_defi, "search": _fx_search, "may_draw": _fx_may_draw,
    "destroy_eq": _fx_destroy_eq, "untap_one": _fx_untap_one,
    "upkeep": _fx_upkeep, "pick": _fx_pick, "smare": _fx_smare,
}


def _fx_kanigrou(state: WakfuState, pend: Pending, value: Any) -> None:
    """Kanigrou: about to be damaged, its controller may play Chi-Fu-Mi (RULES.md: a fair coin)."""
    k = pend.card
    if k is None or not rules.in_play(state, k):
        return
    seat, source, amount, element, combat = (pend.get("by"), pend.get("source"), pend.get("amount"),
                                             pend.get("element"), pend.get("combat"))
    if value == "no":
        rules.deal_damage(state, seat, source, k, amount, element, bool(combat), ask=False)
    elif state.rng.below(2) == 0:
        rules.say(state, "chifumi", "Kanigrou wins the Chi-Fu-Mi: the damage is reduced to 0", pend.seat, card=k)
    else:
        rules.say(state, "chifumi", "Kanigrou loses the Chi-Fu-Mi and is destroyed", pend.seat, card=k)
        rules.destroy(state, k, None)  # no XP for the opponent (card text)


def kanigrou(state: WakfuState, seat: int | None, source: int | None, target: int, amount: int, element: str,
             combat: bool) -> None:
    _may(state, rules.controller(state, target), target, "kanigrou",
         f"Kanigrou is about to take {amount} {element} damage: play Chi-Fu-Mi?", ("chifumi", "no"),
         by=seat, source=source, amount=amount, element=element, combat=int(combat))


EFFECT_HANDLERS["kanigrou"] = _fx_kanigrou
