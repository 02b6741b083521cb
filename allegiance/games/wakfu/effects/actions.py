"""The Action cards (302): what each does when it resolves, and how it is played (targets, X, additional
cost, when it may be played).  One table entry per card, at the end (:data:`~registry.ACTIONS`)."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.effects.common import alive, damage, draw, hero_seat, may, pa_loss, untap
from allegiance.games.wakfu.registry import ACTIONS, EFFECT_HANDLERS, Resolve, Spec
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
    if alive(state, attacker) and alive(state, t) and rules.can_affect(state, item.seat, attacker, t):
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
    if not (alive(state, t) and alive(state, mine)):
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
