"""The Action cards (302): what each does when it resolves, and how it is played (targets, X, additional
cost, when it may be played).  One table entry per card, at the end (:data:`~registry.ACTIONS`)."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.effects.common import (
    alive,
    damage,
    draw,
    hero_seat,
    may,
    pa_loss,
    put_places,
    untap,
)
from allegiance.games.wakfu.registry import (
    ACTIONS,
    CARD_PLAYED,
    CHIFUMI_WON,
    DAMAGE_WINDOW,
    EFFECT_HANDLERS,
    END_OF_TURN,
    HERO_L2_POWERS,
    POWERS,
    REDIRECT,
    STEP_WATCH,
    TRIGGERS,
    TURN_START,
    UNTAP_LIMIT,
    Resolve,
    Spec,
)
from allegiance.games.wakfu.resources import cost_symbols, feasible, producers
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def _parchemin_blanc(state: WakfuState, item: Item) -> None:
    rules.gain_xp(state, item.seat, 1)


def _heal3(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        rules.heal(state, hero_seat(state, item.targets[0]), 3)


def _jeunesse(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        untap(state, t)
        rules.add_mod(state, t, "force", 2)


def _pandrista(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        events.incline(state, t)
        rules.add_mod(state, t, "no_untap", 1, f"next:{item.seat}")


def _incline(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        events.incline(state, item.targets[0])


def _repulsion(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        for e in rules.equipment_of(state, t):
            events.destroy(state, e)
        rules.remove(state, t)
        state.players[state.owner(t)].main.append(t)
        rules.say(state, "bounce", f"{state.name(t)} returns to its owner's hand", item.seat, card=t)


def _destroy_target(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        events.destroy(state, item.targets[0], item.seat)


def _coupure(state: WakfuState, item: Item) -> None:
    pa_loss(state, item)
    draw(state, item.seat)


def _charge(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        rules.add_mod(state, t, "force", 2)
        if "Iop" in rules.cd(state, t).subtypes:
            rules.add_mod(state, t, "Géant", 1)


def _coup_critique(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        # the bonus is fixed when it resolves (card ruling): doubling counts earlier modifiers only (105.3)
        rules.add_mod(state, t, "force", rules.force(state, t))
        state.flags.add(("coup_critique", t))


def _fleche_chercheuse(state: WakfuState, item: Item) -> None:
    damage(state, item, item.targets[0], 1, "Air")


def _blizzard(state: WakfuState, item: Item) -> None:
    """2 Air damage to every Allié and Héros in the Monde, and no XP for it (card text)."""
    for p in state.players:
        for c in p.monde[:]:
            if rules.is_character(state, c):
                events.deal_damage(state, None, None, c, 2, "Air")  # no seat: nobody is credited


def _exclusion(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    cb = state.combat
    if alive(state, t) and cb is not None:
        rules.leave_combat(state, t)  # its blockers may be assigned to another attacker (705.4)
        events.incline(state, t)  # 705.6: it returns to the Monde, inclined


def _prospection(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        draw(state, item.seat, state.cards[t].xp)


def _strategie(state: WakfuState, item: Item) -> None:
    """A continuous modifier (card ruling): every Allié of yours in the Monde this turn, even one that
    appears later; not one that moves into the Havre Sac."""
    state.pmods.append((item.seat, "strategie", min(state.players[item.seat].level, 2), "turn"))


def _repos(state: WakfuState, item: Item) -> None:
    rules.heal(state, item.seat, item.x)


def _agression(state: WakfuState, item: Item) -> None:
    attacker = item.extra[0] if item.extra else None
    t = item.targets[0]
    if attacker is not None and alive(state, attacker) and alive(state, t) and rules.can_affect(state, item.seat, attacker, t):
        events.deal_damage(state, item.seat, attacker, t, rules.force(state, attacker), "Neutre")  # its page: Neutre


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
    may(state, item.seat, item.card, "bonne_affaire", "Bonne Affaire !: put one in your hand, recycle the other",
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
            if alive(state, item.targets[0]):
                rules.add_mod(state, item.targets[0], "force", n)
        elif kind == "draw":
            draw(state, item.seat, n)
        elif kind == "damage":
            damage(state, item, item.targets[0], n, "Feu")
        elif kind == "untap":
            for t in item.targets:
                if alive(state, t):
                    untap(state, t)
    return run


def _fletrissement(state: WakfuState, item: Item) -> None:
    damage(state, item, item.targets[0], len(item.extra), "Air")


def _defi(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    mine = item.extra[0] if item.extra else None
    if mine is None or not (alive(state, t) and alive(state, mine)):
        return
    may(state, rules.controller(state, t), item.card, "defi", f"Défi: accept the duel against {state.name(mine)}?",
        ("accept", "refuse"), mine=mine, target=t, challenger=item.seat)


def _fx_defi(state: WakfuState, pend: Pending, value: Any) -> None:
    mine, t, seat = pend.get("mine"), pend.get("target"), pend.get("challenger")
    if value == "refuse":
        rules.gain_xp(state, seat, 1)
        return
    if alive(state, mine) and alive(state, t):
        fm, ft = rules.force(state, mine), rules.force(state, t)
        events.deal_damage(state, seat, mine, t, fm, rules.cd(state, mine).element)
        events.deal_damage(state, rules.controller(state, t), t, mine, ft, rules.cd(state, t).element)


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
    if cb is None or not (alive(state, b) and alive(state, a)) or a not in cb.attackers:
        return
    cb.blockers[b] = a
    if a not in cb.blocked:
        cb.blocked.append(a)
    rules.say(state, "blocker", f"{state.name(b)} blocks {state.name(a)}", item.seat, card=b)


def _colere(state: WakfuState, item: Item) -> None:
    """Colère de Iop: X Terre damage split when it was played (its ruling), each point a target slot;
    points on a target no longer legal are lost (810.2)."""
    for c in dict.fromkeys(t for t in item.targets if t is not None):
        events.deal_damage(state, item.seat, None, c, item.targets.count(c), "Terre")


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
                events.incline(state, c)
            else:
                untap(state, c)
        return
    may(state, seat, card, "pick", f"{state.name(card)}: choose an Allié or Héros to {verb} ({left} left)",
        (*options, "done"), verb=verb, left=left, chosen=chosen)


def _fx_pick(state: WakfuState, pend: Pending, value: Any) -> None:
    if value == "done":
        _pick(state, pend.seat, pend.card or 0, pend.get("verb"), 0, pend.get("chosen"))
    else:
        _pick(state, pend.seat, pend.card or 0, pend.get("verb"), pend.get("left") - 1, pend.get("chosen") + (value,))


def _glyphe_incandescent(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "glyphe_inc", 1, "combat" if state.combat is not None else "turn"))


def _immolation(state: WakfuState, item: Item) -> None:
    damage(state, item, item.targets[0], 2, "Feu")


ACTIONS.update({s.name: s for s in (
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
)})


EFFECT_HANDLERS.update({"bonne_affaire": _fx_bonne_affaire, "defi": _fx_defi, "pick": _fx_pick})


# -- the other Incarnam Actions (card pages read on wtcg-return.fr, rulings restated in RULES.md) ----------------
def _chi_fu_mi(state: WakfuState, seat: int, card: int) -> bool:
    """Chi-Fu-Mi: a fair coin drawn by the game's RNG, as for Kanigrou (RULES.md)."""
    won = state.rng.below(2) == 0
    rules.say(state, "chifumi", f"{rules.label(state, seat)} {'wins' if won else 'loses'} the Chi-Fu-Mi of "
              f"{state.name(card)}", seat, card=card)
    for watch in CHIFUMI_WON if won else ():  # Karey Dass
        watch(state, seat)
    return won


def _targets(state: WakfuState, item: Item) -> list[int]:
    """The chosen targets still in play (an empty "up to" slot holds "none", an illegal one None)."""
    return [t for t in item.targets if alive(state, t)]


def _damage_each(n: int, element: str) -> Resolve:
    """N damage of ``element`` to each chosen target (Ronce, Pandatak)."""
    def run(state: WakfuState, item: Item) -> None:
        for t in _targets(state, item):
            damage(state, item, t, n, element)
    return run


def _furie(state: WakfuState, item: Item) -> None:
    """1 Eau damage, then +1 Force until end of turn, even if a Résistance prevented the damage (its ruling)."""
    t = item.targets[0]
    damage(state, item, t, 1, "Eau")
    if alive(state, t):
        rules.add_mod(state, t, "force", 1)


def _tempete(state: WakfuState, item: Item) -> None:
    """Every Allié and Héros in the Monde whose Force is 3 or less is inclined (Forces read before any of them
    inclines: inclining changes no Force)."""
    low = [c for p in state.players for c in p.monde if rules.is_character(state, c) and rules.force(state, c) <= 3]
    for c in low:
        events.incline(state, c)


def _families(state: WakfuState) -> dict[str, int]:
    """The Monstre families in the Monde, each with a Monstre that stands for it when a player names it (a
    Monstre of two families, a Polter, stands for the one no other Monstre stands for)."""
    monsters = [c for p in state.players for c in p.monde if state.cards[c].is_monster]
    out: dict[str, int] = {}
    for fam in sorted({s for c in monsters for s in state.cards[c].subtypes if s != "Monstre"}):
        members = sorted((c for c in monsters if fam in state.cards[c].subtypes and c not in out.values()),
                         key=lambda c: (len(state.cards[c].subtypes), c))
        if members:
            out[fam] = members[0]
    return out


def _espece(state: WakfuState, item: Item) -> None:
    fams = _families(state)
    if fams:
        may(state, item.seat, item.card, "espece", "Espèce en Danger: name a Monstre family (choose a Monstre of it)",
            tuple(fams.values()), families=tuple(fams.items()))


def _fx_espece(state: WakfuState, pend: Pending, value: Any) -> None:
    family = next(f for f, c in pend.get("families") if c == value)
    rules.say(state, "name", f"{rules.label(state, pend.seat)} names the {family} family", pend.seat)
    hit = [c for p in state.players for c in p.monde if state.cards[c].is_monster and family in state.cards[c].subtypes]
    for c in hit:
        events.deal_damage(state, None, None, c, 1, "Neutre")  # no seat: no XP (card text)


def _echange(state: WakfuState, item: Item) -> None:
    """A random card of the chosen player's hand is discarded; only then you draw (its ruling: no discard, no
    draw)."""
    q = state.players[int(item.targets[0])]
    if not q.main:
        return
    c = q.main[state.rng.below(len(q.main))]
    q.main.remove(c)
    q.defausse.append(c)
    rules.say(state, "discard", f"{rules.label(state, q.seat)} discards {state.name(c)} at random", item.seat, card=c)
    draw(state, item.seat)


def _savoir(state: WakfuState, item: Item) -> None:
    """As many cards as Équipements you control, on your Héros and your Alliés (its ruling)."""
    p = state.players[item.seat]
    draw(state, item.seat, sum(1 for c in p.monde + p.havre if state.cards[c].type == "Équipement"))


def _from_defausse(what: str, fx: str) -> Resolve:
    """Search your Défausse for a card of a subtype: it cannot fail while one is there (its ruling: the
    Défausse is public)."""
    def run(state: WakfuState, item: Item) -> None:
        found = [c for c in state.players[item.seat].defausse if what in state.cards[c].subtypes]
        if found:
            may(state, item.seat, item.card, fx, f"{state.name(item.card)}: choose a {what} card of your Défausse",
                tuple(dict.fromkeys(found)))
    return run


def _fx_to_hand(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if value in p.defausse:
        p.defausse.remove(value)
        p.main.append(value)
        rules.say(state, "to_hand", f"{rules.label(state, pend.seat)} takes {state.name(value)} back in hand",
                  pend.seat, card=value)


def _fx_to_play(state: WakfuState, pend: Pending, value: Any) -> None:
    """A card of the Défausse chosen: where it appears is asked next (or it appears at once)."""
    places = put_places(state, pend.seat)
    if value not in state.players[pend.seat].defausse or not places:
        return
    if len(places) == 1:
        _put_into_play(state, pend.seat, value, places[0], bool(pend.get("inclined")))
        return
    may(state, pend.seat, pend.card or 0, "put_place", f"Where does {state.name(value)} appear?", places,
        put=value, inclined=pend.get("inclined"))


def _fx_put_place(state: WakfuState, pend: Pending, value: Any) -> None:
    c = pend.get("put")
    if c in state.players[pend.seat].defausse:
        _put_into_play(state, pend.seat, c, str(value), bool(pend.get("inclined")))


def _put_into_play(state: WakfuState, seat: int, card: int, place: str, inclined: bool) -> None:
    """Mettre en jeu (412.2): the card leaves the Défausse and appears without being played."""
    state.players[seat].defausse.remove(card)
    events.appear(state, Item("card", seat, card, state.name(card), place=place))
    if inclined and rules.in_play(state, card):
        events.incline(state, card)


def _capture(state: WakfuState, item: Item) -> None:
    found = [c for c in state.players[item.seat].defausse if state.cards[c].is_monster]
    if found and put_places(state, item.seat):
        may(state, item.seat, item.card, "to_play", "Capture d'Âmes: choose a Monstre of your Défausse to put into play",
            tuple(found))


def _malediction(state: WakfuState, item: Item) -> None:
    """Both Alliés are chosen as it resolves (its ruling); with no Allié of yours to destroy nothing comes back."""
    p = state.players[item.seat]
    mine = [c for c in p.monde + p.havre if state.cards[c].type == "Allié"]
    if mine:
        may(state, item.seat, item.card, "halouine", "Malédiction d'Halouine: choose one of your Alliés to destroy",
            tuple(mine))


def _fx_halouine(state: WakfuState, pend: Pending, value: Any) -> None:
    if not rules.in_play(state, value):
        return
    events.destroy(state, value, pend.seat)
    back = [c for c in state.players[pend.seat].defausse if state.cards[c].type == "Allié" and c != value]
    if back and put_places(state, pend.seat):  # "another" Allié: not the one just destroyed
        may(state, pend.seat, pend.card or 0, "to_play", "Malédiction d'Halouine: choose an Allié of your Défausse "
            "to put into play inclined", tuple(back), inclined=1)


def _porter(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        untap(state, item.targets[0])


def _art_du_lancer(state: WakfuState, item: Item) -> None:
    if item.extra:
        damage(state, item, item.targets[0], state.cards[item.extra[0]].level, "Eau")


def _sacrifiee(state: WakfuState, item: Item) -> None:
    if item.extra:
        damage(state, item, item.targets[0], state.cards[item.extra[0]].force, "Terre")


def _purgation(state: WakfuState, item: Item) -> None:
    """The Allié goes back to its owner's hand and that player's Héros loses PV equal to its Niveau (not damage:
    no Résistance, no prevention); if it left play first, nothing happens (its ruling)."""
    t = item.targets[0]
    if not alive(state, t):
        return
    owner = state.owner(t)
    for e in rules.equipment_of(state, t):
        events.destroy(state, e)
    rules.remove(state, t)
    state.players[owner].main.append(t)
    rules.say(state, "bounce", f"{state.name(t)} returns to its owner's hand", item.seat, card=t)
    state.players[owner].pv -= state.cards[t].level


def _vol_de_vie(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        state.players[state.owner(t)].pv -= item.x
        rules.heal(state, item.seat, item.x)


def _hero_force(state: WakfuState, seat: int) -> int:
    return rules.force(state, state.players[seat].hero)


def _hero_in_havre(state: WakfuState, seat: int, card: int) -> bool:
    p = state.players[seat]
    return p.hero in p.havre


def _mode_marchand(state: WakfuState, item: Item) -> None:
    _marchand_pick(state, item.seat, item.card, ())


def _marchand_pick(state: WakfuState, seat: int, card: int, chosen: tuple[int, ...]) -> None:
    left = [c for c in state.players[seat].main if c not in chosen]
    if not left:
        _marchand_done(state, seat, chosen)
        return
    may(state, seat, card, "marchand", f"Mode Marchand: discard a card ({len(chosen)} so far), or done",
        (*left, "done"), chosen=chosen)


def _fx_marchand(state: WakfuState, pend: Pending, value: Any) -> None:
    chosen = pend.get("chosen")
    if value == "done":
        _marchand_done(state, pend.seat, chosen)
    else:
        _marchand_pick(state, pend.seat, pend.card or 0, chosen + (value,))


def _marchand_done(state: WakfuState, seat: int, chosen: tuple[int, ...]) -> None:
    p = state.players[seat]
    for c in chosen:
        p.main.remove(c)
        p.defausse.append(c)
    draw(state, seat, len(chosen))


def _otomai(state: WakfuState, item: Item) -> None:
    """Every player discards the hand, recycles the whole Défausse, shuffles, then draws as many cards as PA;
    the card itself is on the File meanwhile and goes to the Défausse after (its ruling)."""
    for p in state.players:
        if p.out:
            continue
        p.defausse.extend(p.main)
        p.main = []
        p.pioche[:0] = p.defausse
        p.defausse = []
        state.rng.shuffle(p.pioche)
        rules.say(state, "otomai", f"{rules.label(state, p.seat)} recycles hand and Défausse", item.seat)
    for p in state.players:
        if not p.out:
            draw(state, p.seat, rules.pa(state, p.seat))


def _puissance_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Only one Puissance d'Ogrest per player and turn (card text): none played this turn, none on the File."""
    return ("puissance", seat) not in state.flags and not any(
        i.kind == "card" and i.seat == seat and state.name(i.card) == "Puissance d'Ogrest" for i in state.file)


def _puissance(state: WakfuState, item: Item) -> None:
    state.flags.add(("puissance", item.seat))
    t = item.targets[0]
    if alive(state, t):
        rules.add_mod(state, t, "force", 4)
        rules.add_mod(state, t, "Géant", 1)


def _vague(state: WakfuState, item: Item) -> None:
    """1, 2 and 3 Eau damage to the first, second and third target chosen (the order of choice); the amounts
    are fixed when it is played and a target gone loses its share only (its ruling)."""
    for n, t in enumerate(item.targets, start=1):
        if alive(state, t):
            damage(state, item, t, n, "Eau")


def _gambit(state: WakfuState, item: Item) -> None:
    n = 2 if _chi_fu_mi(state, item.seat, item.card) else 1  # errata: either way until end of turn
    for t in _targets(state, item):
        rules.add_mod(state, t, "force", n)


def _odorat(state: WakfuState, item: Item) -> None:
    n = 2 if _chi_fu_mi(state, item.seat, item.card) else 1  # errata: either way until your next turn
    until = f"next:{item.seat}"
    rules.add_mod(state, state.players[item.seat].hero, "force", n, until)
    state.pmods.append((item.seat, "pm", n, until))


def _bouftonik(state: WakfuState, item: Item) -> None:
    """Every player may dance the Bouftonik to draw a card: asked in turn order from its player."""
    _bouftonik_ask(state, item.card, _seats_from(state, item.seat))


def _seats_from(state: WakfuState, seat: int) -> tuple[int, ...]:
    n = len(state.players)
    return tuple(s for s in ((seat + i) % n for i in range(n)) if not state.players[s].out)


def _bouftonik_ask(state: WakfuState, card: int, seats: tuple[int, ...]) -> None:
    if seats:
        may(state, seats[0], card, "bouftonik", "Bouftonik: dance it to draw a card?", ("draw", "no"), rest=seats[1:])


def _fx_bouftonik(state: WakfuState, pend: Pending, value: Any) -> None:
    _bouftonik_ask(state, pend.card or 0, pend.get("rest"))
    if value == "draw":
        draw(state, pend.seat)


def _havrasacadabra(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        may(state, item.seat, item.card, "havrasac", f"Havrasacadabra: {state.name(t)} regains or loses {item.x} "
            "Points de Résistance?", ("regain", "lose"), sac=t, x=item.x)


def _fx_havrasac(state: WakfuState, pend: Pending, value: Any) -> None:
    t, x = pend.get("sac"), pend.get("x")
    if not alive(state, t):
        return
    q = state.players[rules.controller(state, t)]
    if value == "regain":
        q.sac_pr = min(state.cards[t].resistance, q.sac_pr + x)  # 410.5: never above the printed Résistance
    else:
        q.sac_pr -= x  # 410.5: at 0 it is banished (the check after every step)


# -- Flamiche, Mot Soignant: back from the Défausse at the start of your turn --------------------------------------
RECALL = ("Flamiche", "Mot Soignant")


def _recall_watch(state: WakfuState, seat: int) -> None:
    """"At the start of your turn, if it is in your Défausse, you may pay (Neutre)(Neutre) to take it back in
    hand": a triggered power (804) of a card in the Défausse."""
    for c in state.players[seat].defausse:
        if state.cards[c].name in RECALL:
            events.push_trigger(state, seat, c, "recall")


def _recall(state: WakfuState, item: Item) -> None:
    if item.card in state.players[item.seat].defausse and len(producers(state, item.seat)) >= 2:
        may(state, item.seat, item.card, "recall", f"{state.name(item.card)}: pay 2 to take it back in hand?",
            ("accept", "refuse"))


def _fx_recall(state: WakfuState, pend: Pending, value: Any) -> None:
    """Pay the two Neutre symbols (any resource, 418.5d), one card inclined at a time, then take the card."""
    card = pend.card or 0
    paid = pend.get("paid", ())
    if value == "refuse" or card not in state.players[pend.seat].defausse:
        return
    if isinstance(value, int):
        events.incline(state, value)
        rules.say(state, "resource", f"{rules.label(state, pend.seat)} inclines {state.name(value)}", pend.seat,
                  card=value)
        paid = (*paid, value)
    if len(paid) < 2:
        may(state, pend.seat, card, "recall", f"{state.name(card)}: incline a card to pay (Neutre)",
            tuple(c for c, _ in producers(state, pend.seat)), paid=paid)
        return
    state.players[pend.seat].defausse.remove(card)
    state.players[pend.seat].main.append(card)
    rules.say(state, "to_hand", f"{rules.label(state, pend.seat)} takes {state.name(card)} back in hand", pend.seat,
              card=card)


TURN_START.append(_recall_watch)


# -- damage dealt to your Héros instead (Câlin de Bajaah, Sacrifice) --------------------------------------------------
def _calin(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "calin", 1, "turn"))


def _sacrifice(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if alive(state, t):
        rules.add_mod(state, t, "sacrifice", item.seat, f"next:{item.seat}")


def _instead(state: WakfuState, target: int) -> int:
    """Damage about to be dealt to an Allié goes to a Héros instead: the Héros of the player of a Sacrifice on
    it, else of its controller under Câlin de Bajaah (until end of turn)."""
    if state.cards[target].type != "Allié":
        return target
    for c, stat, seat, _ in state.mods:
        if c == target and stat == "sacrifice":
            return state.players[seat].hero
    seat = rules.controller(state, target)
    if any(s == seat and st == "calin" for s, st, _, _ in state.pmods):
        return state.players[seat].hero
    return target


REDIRECT.append(_instead)


# -- Invocation: a Monstre from your hand, for free, for this turn --------------------------------------------------
def _invocation(state: WakfuState, item: Item) -> None:
    found = [c for c in state.players[item.seat].main if state.cards[c].is_monster and state.cards[c].type == "Allié"]
    if found and put_places(state, item.seat):
        may(state, item.seat, item.card, "invoke", "Invocation: choose a Monstre of your hand to put into play",
            tuple(found))


def _fx_invoke(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if value not in p.main:
        return
    p.main.remove(value)
    places = put_places(state, pend.seat)  # the Monde when it may, to attack
    events.appear(state, Item("card", pend.seat, value, state.name(value), place=places[0] if places else "monde"))
    if rules.in_play(state, value):
        rules.add_mod(state, value, "Agressivité", 1)  # it may attack the turn it appears (303.3)
        state.flags.add(("invoked", value))


def _invoked_end(state: WakfuState, seat: int) -> None:
    """Invocation: the Monstre is destroyed at the end of the turn."""
    for f in sorted((f for f in state.flags if f[0] == "invoked"), key=repr):
        state.flags.discard(f)
        if rules.in_play(state, f[1]):
            events.destroy(state, f[1])


END_OF_TURN.append(_invoked_end)


# -- Grippe de Wakfu, Romantisme d'Ogrest ------------------------------------------------------------------------------
def _grippe(state: WakfuState, item: Item) -> None:
    state.pmods.append((item.seat, "grippe", 1, f"after:{item.seat}"))


def _grippe_limit(state: WakfuState, seat: int) -> int | None:
    """Every player untaps at most as many cards as his PA (read as his turn starts)."""
    if state.pmods and any(st == "grippe" for _, st, _, _ in state.pmods):
        return rules.pa(state, seat)
    return None


def _grippe_ends(state: WakfuState, seat: int) -> None:
    """Until the start of its player's next turn, that turn's untap included: it ends once the untap is done."""
    if state.pmods:
        state.pmods = [m for m in state.pmods if m[3] != f"after:{seat}"]


def _fx_untap_some(state: WakfuState, pend: Pending, value: Any) -> None:
    left = pend.get("left") - 1
    if value == "done":
        return
    state.tapped.discard(value)
    options = tuple(o for o in pend.options if o != value)
    if left > 0 and len(options) > 1:
        state.pending.append(Pending("effect", pend.seat, f"Untap up to {left} cards: choose one, or done", options,
                                     data=(("fx", "untap_some"), ("left", left))))


UNTAP_LIMIT.append(_grippe_limit)
TURN_START.append(_grippe_ends)


def _romantisme_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Only during your turn, once you have attacked (RULES.md: the attack it gives is an additional one)."""
    return state.active == seat and state.attacked and ("romantisme", seat) not in state.flags


def _romantisme(state: WakfuState, item: Item) -> None:
    """One more attack this turn, against an opposing Héros or Havre Sac (``combat.targets``), which regains
    all its PV or Points de Résistance as it is chosen."""
    state.attacked = False
    state.flags.add(("romantisme", item.seat))


# -- Combat Tactique, Réflexes: something else played at once ---------------------------------------------------------
def _tactique(state: WakfuState, item: Item) -> None:
    """Play another Action at once (asked as a Réaction-like choice: the Action is announced and paid as usual,
    808); no Réaction may answer it (``_no_answer``)."""
    p = state.players[item.seat]
    prods = producers(state, item.seat)
    options = []
    for c in p.main:
        d = state.cards[c]
        spec = ACTIONS.get(d.name)
        if d.type != "Action" or spec is None or spec.reaction or ("forgotten", d.name) in state.flags:
            continue
        if "Sort" in d.subtypes and d.classes and not rules.has_class(state, item.seat, d.classes[0]):  # 302.5
            continue
        if spec.condition is not None and not spec.condition(state, item.seat, c):
            continue
        if feasible(cost_symbols(state, c, 0), prods):
            options.append(c)
    if options:
        may(state, item.seat, item.card, "tactique", "Combat Tactique: play another Action now (no Réaction may "
            "answer it), or none", (*options, "none"))


def _fx_tactique(state: WakfuState, pend: Pending, value: Any) -> None:
    """The Action chosen is then announced through a Réaction-like choice holding only it (the turn's flag
    marks it for ``_no_answer``)."""
    if isinstance(value, int) and value in state.players[pend.seat].main:
        state.flags.add(("tactique", pend.seat))
        state.pending.append(Pending("reaction", pend.seat, f"Combat Tactique: play {state.name(value)}", (value,),
                                     pend.card))


def _no_answer(state: WakfuState, item: Item) -> None:
    if ("tactique", item.seat) in state.flags and state.cards[item.card].type == "Action":
        state.flags.discard(("tactique", item.seat))
        item.to_ask = []  # Combat Tactique: no Réaction may be played in answer


def _reflexes(state: WakfuState, item: Item) -> None:
    """Untap one of your attacking or blocking Alliés/Héros; you may use one of its powers at once (offered as
    a Réaction-like choice; a power that cannot be paid is taken back, 808.2)."""
    t = item.targets[0]
    if not alive(state, t):
        return
    untap(state, t)
    d = rules.cd(state, t)
    powers = HERO_L2_POWERS.get(d.name, ()) if d.type == "Héros" and d.hero_side == 2 else ()
    powers = powers or POWERS.get(d.name, ())
    options = [f"use:{t}:{i}" for i, sp in enumerate(powers)
               if not (sp.once and ("once", t, i) in state.flags) and not (sp.incline and t in state.tapped)]
    if options:
        state.pending.append(Pending("reaction", item.seat, f"Réflexes: use a power of {state.name(t)} now, or pass",
                                     (*options, "pass"), item.card))


CARD_PLAYED.append(_no_answer)


# -- damage about to be dealt: Diversion, Protège !, Potion de Rappel ------------------------------------------------
DAMAGE_REACTIONS = ("Diversion", "Protège !", "Potion de Rappel")


def _may_answer(state: WakfuState, seat: int, name: str, target: int) -> bool:
    """Whether the seat could play the card in answer to damage about to be dealt to ``target`` (its own)."""
    d = state.cards[target]
    p = state.players[seat]
    if name == "Potion de Rappel":
        ok = d.type == "Allié"
    elif name == "Diversion":
        ok = rules.has_class(state, seat, "Sram") and any(
            rules.is_character(state, c) and c != target for c in p.monde + p.havre)
    else:
        ok = d.type == "Héros" and rules.has_class(state, seat, "Osamodas") and any(
            state.cards[c].type == "Allié" and state.cards[c].is_monster for c in p.monde + p.havre)
    return ok


def _open_damage_window(state: WakfuState, seat: int | None, source: int | None, target: int, amount: int,
                        element: str, combat: bool) -> bool:
    """Damage about to be dealt to an Allié/Héros whose controller holds a card answering it (and could play
    it) waits on the File (a window of its own, 809) and is dealt when the window resolves."""
    if ("damage_window_done", target) in state.flags:
        state.flags.discard(("damage_window_done", target))
        return False
    if not rules.is_character(state, target):
        return False
    owner = rules.controller(state, target)
    p = state.players[owner]
    names = [state.cards[c].name for c in p.main if state.cards[c].name in DAMAGE_REACTIONS]
    if not names:
        return False
    prods = producers(state, owner)
    if not any(_may_answer(state, owner, n, target) and feasible(["Neutre"] * state.cards[
            next(c for c in p.main if state.cards[c].name == n)].level, prods) for n in names):
        return False
    state.file.append(Item("trigger", owner, target, "damage_window",
                           [target, amount, element, -1 if seat is None else seat, -1 if source is None else source,
                            int(combat)], paid=True, to_ask=[owner]))
    return True


def _damage_window(state: WakfuState, item: Item) -> None:
    t, amount, element, seat, source, combat = item.targets
    if amount > 0 and alive(state, t):
        state.flags.add(("damage_window_done", t))
        events.deal_damage(state, None if seat < 0 else seat, None if source < 0 else source, t, amount, element,
                           bool(combat))
        state.flags.discard(("damage_window_done", t))


def _window_below(state: WakfuState) -> Item | None:
    return next((i for i in reversed(state.file) if i.effect == "damage_window"), None)


def _answers_damage(name: str) -> Any:
    def cond(state: WakfuState, seat: int, card: int) -> bool:
        top = state.file[-1] if state.file else None
        return (top is not None and top.effect == "damage_window" and top.seat == seat
                and alive(state, top.targets[0]) and _may_answer(state, seat, name, top.targets[0]))
    return cond


def _divert(state: WakfuState, item: Item) -> None:
    """Diversion / Protège !: the damage goes to the card chosen instead."""
    window = _window_below(state)
    if window is not None and alive(state, item.targets[0]):
        window.targets[0] = item.targets[0]


def _rappel(state: WakfuState, item: Item) -> None:
    """Potion de Rappel: the damage is reduced to 0 and the Allié goes back to its owner's hand."""
    window = _window_below(state)
    if window is None:
        return
    t = window.targets[0]
    window.targets[1] = 0
    if alive(state, t):
        for e in rules.equipment_of(state, t):
            events.destroy(state, e)
        rules.remove(state, t)
        state.players[state.owner(t)].main.append(t)
        rules.say(state, "bounce", f"{state.name(t)} returns to its owner's hand", item.seat, card=t)


DAMAGE_WINDOW.append(_open_damage_window)
TRIGGERS["damage_window"] = _damage_window


# -- Emprise: two Héros' PV linked --------------------------------------------------------------------------------
def _emprise_cond(state: WakfuState, seat: int, card: int) -> bool:
    """Its effect inclines your Héros in the Monde: it must be there, dressé."""
    p = state.players[seat]
    return p.hero in p.monde and p.hero not in state.tapped


def _emprise(state: WakfuState, item: Item) -> None:
    """Until the start of your next turn, every PV your Héros gains or loses, the other Héros gains or loses too
    (a player modifier ``emprise:<other seat>`` holding your Héros' PV last seen; ``_emprise_watch``)."""
    p = state.players[item.seat]
    t = item.targets[0]
    if p.hero in p.monde:
        events.incline(state, p.hero)
    if alive(state, t):
        state.pmods.append((item.seat, f"emprise:{state.owner(t)}", p.pv, f"next:{item.seat}"))


def _emprise_watch(state: WakfuState) -> None:
    for i, (seat, stat, last, until) in enumerate(state.pmods):
        if not stat.startswith("emprise:") or state.players[seat].pv == last:
            continue
        now = state.players[seat].pv
        other = int(stat.split(":")[1])
        q = state.players[other]
        if now > last:
            rules.heal(state, other, now - last)  # 410.2: never above its maximum
        else:
            q.pv -= last - now
        rules.say(state, "emprise", f"{state.name(q.hero)} follows: {now - last:+d} PV (Emprise)", seat)
        state.pmods[i] = (seat, stat, now, until)


STEP_WATCH.append(_emprise_watch)


# -- Abcès de Wakfu, Corruption, Vaillance de Jiva, Potion d'Oubli de Sort ------------------------------------------
def _abces(state: WakfuState, item: Item) -> None:
    """Every Allié and Héros in a Havre Sac goes to the Monde (not a movement of its own, like 410.7); until end
    of turn nothing may appear or move into a Havre Sac (``rules.sac_room``), so what would appear there
    appears in the Monde (its ruling)."""
    for p in state.players:
        for c in p.havre[:]:
            if rules.is_character(state, c):
                moved = [c, *rules.equipment_of(state, c)]
                for m in moved:
                    p.havre.remove(m)
                    p.monde.append(m)
    state.pmods.append((item.seat, "no_havre", 1, "turn"))


def _corruption(state: WakfuState, item: Item) -> None:
    """The two Alliés change controllers (416.3: tapped or not as they were; owners unchanged, so a destroyed
    one goes to its owner's Défausse); both must still be there, else nothing happens (its ruling).  One that
    was attacking or blocking leaves the combat (its ruling)."""
    theirs, mine = item.targets[0], item.targets[1]
    if not (alive(state, theirs) and alive(state, mine)):
        return
    a, b = rules.controller(state, theirs), rules.controller(state, mine)
    for card, src, dst in ((theirs, a, b), (mine, b, a)):
        if state.combat is not None:
            rules.leave_combat(state, card)
        for c in [card, *rules.equipment_of(state, card)]:
            state.players[src].monde.remove(c)
            state.players[dst].monde.append(c)
        rules.say(state, "control", f"{rules.label(state, dst)} gains control of {state.name(card)}", item.seat,
                  card=card)


def _vaillance_cond(state: WakfuState, seat: int, card: int) -> bool:
    """A player attacks you: the attack declaration of an opposing player is on the File (701.2)."""
    top = state.file[-1] if state.file else None
    return top is not None and top.kind == "attack" and state.table.team_of(top.seat) != state.table.team_of(seat)


def _vaillance(state: WakfuState, item: Item) -> None:
    for c in state.players[item.seat].monde:
        if rules.is_character(state, c):
            untap(state, c)


def _oubli(state: WakfuState, item: Item) -> None:
    """The Sort just played is cancelled, and nobody may play a card of that name until the end of the turn."""
    t = item.targets[0]
    state.flags.add(("forgotten", state.name(t)))
    for other in state.file:
        if id(other) != id(item) and other.card == t and other.kind == "card" and other.paid:
            other.cancelled = True
            rules.say(state, "cancel", f"{state.name(t)} is cancelled", item.seat, card=t)
            return
TRIGGERS["recall"] = _recall
EFFECT_HANDLERS["recall"] = _fx_recall


ACTIONS.update({s.name: s for s in (
    Spec("Flamiche", _damage_each(1, "Feu"), ("character",)),
    Spec("Calin de Bajaah", _calin),
    Spec("Sacrifice", _sacrifice, ("ally",)),
    Spec("Invocation", _invocation),
    Spec("Abcès de Wakfu", _abces),
    Spec("Grippe de Wakfu", _grippe),
    Spec("Emprise", _emprise, ("other_hero_monde",), condition=_emprise_cond),
    Spec("Combat Tactique", _tactique),
    Spec("Diversion", _divert, ("divert",), reaction=True, condition=_answers_damage("Diversion")),
    Spec("Protège !", _divert, ("own_monster",), reaction=True, condition=_answers_damage("Protège !")),
    Spec("Potion de Rappel", _rappel, reaction=True, condition=_answers_damage("Potion de Rappel")),
    Spec("Réflexes", _reflexes, ("own_combatant",)),
    Spec("Romantisme d'Ogrest", _romantisme, condition=_romantisme_cond),
    Spec("Corruption", _corruption, ("opposing_ally_monde", "own_ally_monde")),
    Spec("Vaillance de Jiva", _vaillance, reaction=True, condition=_vaillance_cond),
    Spec("Potion d'Oubli de Sort", _oubli, ("just_played_sort",), reaction=True),
    Spec("Mot Soignant", _heal3, ("hero",)),
    Spec("Banni !", _destroy_target, ("zone",)),
    Spec("Ronce", _damage_each(2, "Terre"), ("character",)),
    Spec("Pandatak", _damage_each(3, "Terre"), ("character", "character?")),
    Spec("Furie", _furie, ("character",)),
    Spec("Mot de Frayeur", _incline, ("combatant",)),
    Spec("Taclé !", _incline, ("blocked_attacker",)),
    Spec("Tempête de Wakfu", _tempete),
    Spec("Espèce en Danger", _espece),
    Spec("Échange", _echange, ("player",)),
    Spec("Savoir des Objets", _savoir),
    Spec("Reviens !", _from_defausse("Monstre", "to_hand")),
    Spec("Poudre d'Eniripsa", _from_defausse("Familier", "to_hand")),
    Spec("Capture d'Âmes", _capture),
    Spec("Malédiction d'Halouine", _malediction),
    Spec("Porter", _porter, ("own_character_other_untapped",), extra="incline_other"),
    Spec("Art du lancer", _art_du_lancer, ("character",), extra="discard1:Équipement"),
    Spec("La Sacrifiée", _sacrifiee, ("combatant",), extra="discard1:Monstre"),
    Spec("Mot de Purgation", _purgation, ("ally",)),
    Spec("Vol de Vie", _vol_de_vie, ("opposing_hero",), x=True, x_max=_hero_force),
    Spec("Mode Marchand", _mode_marchand, condition=_hero_in_havre),
    Spec("Expérience d'Otomaï", _otomai),
    Spec("Puissance d'Ogrest", _puissance, ("character",), condition=_puissance_cond),
    Spec("Vague Tournoyante", _vague, ("combatant?", "combatant?", "combatant?")),
    Spec("Gambit", _gambit, ("character", "character?")),
    Spec("Odorat", _odorat),
    Spec("Bouftonik", _bouftonik),
    Spec("Havrasacadabra", _havrasacadabra, ("sac",), x=True),
)})
EFFECT_HANDLERS.update({"espece": _fx_espece, "to_hand": _fx_to_hand, "to_play": _fx_to_play,
                        "put_place": _fx_put_place, "halouine": _fx_halouine, "marchand": _fx_marchand,
                        "bouftonik": _fx_bouftonik, "havrasac": _fx_havrasac,
                        "invoke": _fx_invoke, "untap_some": _fx_untap_some,
                        "tactique": _fx_tactique})
