"""What one seat may see (invariant 4): its own hand (in teams, every hand of its team, WK-COMM-1),
every Monde and Havre Sac, every Défausse, the File d'Attente, the combat, counts of hidden piles, the
turn order and the teams' XP.  Hidden cards are left out, never sent by name."""

from __future__ import annotations

from functools import cache
from typing import Any

from allegiance.games.wakfu import rules
from allegiance.games.wakfu.cards import CARDS, HERO_SIDES, CardDef
from allegiance.games.wakfu.state import WakfuState
from allegiance.games.wakfu.text import effect_words, option_text


def card_json(state: WakfuState, c: int) -> dict[str, Any]:
    d = rules.cd(state, c)
    out: dict[str, Any] = {"id": c, "name": d.name, "type": d.type, "element": d.element}
    if rules.in_play(state, c):
        out["tapped"] = c in state.tapped
        if d.type in ("Allié", "Héros"):
            out["force"] = rules.force(state, c)
            out["damage"] = state.damage.get(c, 0)
        if c in state.attached:
            out["porteur"] = state.attached[c]
        if state.mods or state.pmods:
            words = lasting_effects(state, c)
            if words:
                out["effects"] = words
    return out


def lasting_effects(state: WakfuState, c: int) -> list[str]:
    """The lasting effects on a card in play, in words (issue 24 item 7): its modifiers, and the player
    modifiers that act through it (PA / PM on the Héros, Stratégie on the Alliés of the Monde).  Cards in
    play are seen by every seat, so their effects are too; a card out of play gets none."""
    out = [effect_words(state, stat, v, until) for card, stat, v, until in state.mods if card == c]
    if state.pmods:
        seat = rules.controller(state, c)
        if seat >= 0:
            p = state.players[seat]
            hero = c == p.hero
            ally = rules.cd(state, c).type == "Allié" and c in p.monde
            out += [effect_words(state, stat, v, until) for s, stat, v, until in state.pmods
                    if s == seat and ((hero and stat in ("pa", "pm")) or (ally and stat == "strategie"))]
    return out


def _fixed(d: CardDef) -> dict[str, Any]:
    return {"name": d.name, "type": d.type, "subtypes": list(d.subtypes), "level": "X" if d.x_cost else d.level,
            "cost_element": d.cost_element, "force": "*" if d.variable_force else d.force, "element": d.element,
            "pa": d.pa, "pm": d.pm, "pv": d.pv, "xp": d.xp, "taille": d.taille, "resistance": d.resistance,
            "unique": d.unique, "keywords": list(d.keywords), "resistances": [list(r) for r in d.resistances],
            "metiers": list(d.metiers), "recipe": None if d.recipe is None else
            {"metier": d.recipe.metier, "count": d.recipe.count, "element": d.recipe.element}, "text": d.text,
            "text_en": d.text_en, "notes": d.notes}


@cache
def card_catalog() -> dict[str, dict[str, Any]]:
    """Every card's fixed data by name (a Héros with both sides); built once, do not mutate it."""
    from allegiance.games.wakfu.effects import implemented
    out = {}
    for name, d in CARDS.items():
        entry = _fixed(d)
        entry["implemented"] = implemented(name)
        if name in HERO_SIDES:
            entry["sides"] = [_fixed(side) for side in HERO_SIDES[name]]
        out[name] = entry
    return out


def _source_json(state: WakfuState, seat: int | None, item: Any) -> dict[str, Any]:
    """The card of a File item; a power's source that went back to a hand or Pioche the seat does not see (its
    cost returned it: Selk Ator, Salle des Trésors de Ruel) by name only, id -1: nothing to follow (invariant 4)."""
    c = item.card
    if item.kind != "card" and not rules.in_play(state, c):
        from allegiance.games.wakfu import teams
        for p in state.players:
            if c in p.pioche or (c in p.main and not (seat is not None and 0 <= seat < len(state.players)
                                                     and teams.same_team(state, seat, p.seat))):
                return {"id": -1, "name": state.name(c), "type": state.cards[c].type}
    return card_json(state, c)


def view(state: WakfuState, seat: int | None) -> dict[str, Any]:
    from allegiance.games.wakfu import teams
    players = []
    for p in state.players:
        # WK-COMM-1: a player sees the hands of the whole team
        mine = seat is not None and 0 <= seat < len(state.players) and teams.same_team(state, seat, p.seat)
        players.append({
            "seat": p.seat, "label": rules.label(state, p.seat),
            "hero": card_json(state, p.hero) if rules.in_play(state, p.hero) else {"id": p.hero, "name": state.name(p.hero)},
            "level": p.level, "xp": p.xp, "pv": p.pv, "max_pv": rules.max_pv(state, p.seat),
            "pa": rules.pa(state, p.seat), "pm": rules.pm(state, p.seat),
            "havre_sac": {"card": card_json(state, p.sac) if p.sac in p.monde else None,
                          "resistance": p.sac_pr, "banished": p.sac not in p.monde,
                          "cards": [card_json(state, c) for c in p.havre]},
            "monde": [card_json(state, c) for c in p.monde if c != p.sac],
            "hand": [card_json(state, c) for c in p.main] if mine else None,
            "hand_count": len(p.main), "pioche_count": len(p.pioche),
            "defausse": [card_json(state, c) for c in p.defausse],
            "hand_recycled": p.recycled,
            "team": state.table.team_of(p.seat), "out": p.out, "gone_count": len(p.gone),
        })
    out: dict[str, Any] = {
        "game": "wakfu", "seat": seat, "turn": state.turn, "active": state.active, "first": state.first,
        "phase": state.phase, "players": players,
        "file": [{"kind": i.kind, "seat": i.seat, "card": _source_json(state, seat, i), "paid": i.paid,
                  "cancelled": i.cancelled,
                  "targets": i.targets[:]} for i in state.file],
        "banished": [card_json(state, c) for c in state.banished],
        "combat": None, "decision": None,
        "order": teams.order(state),
        "teams": [{"team": t, "seats": list(state.table.members(t)), "xp": teams.team_xp(state, t),
                   "xp_goal": teams.xp_goal(state, t) if teams.is_team(state) else rules.XP_WIN}
                  for t in state.table.teams],
    }
    cb = state.combat
    if cb is not None:
        out["combat"] = {"attacker": cb.attacker, "defender": cb.defender, "target": cb.target, "step": cb.step,
                         "attackers": cb.attackers[:], "blockers": [[b, a] for b, a in cb.blockers.items()],
                         "to_act": cb.to_act}
    if state.pending:
        asked = state.round()  # a Réaction round asks several seats at once (flow.open_round)
        own = state.decision(seat) if seat is not None else None
        top = own or (asked[0] if asked else state.pending[-1])
        decision: dict[str, Any] = {"seat": top.seat, "kind": top.kind, "prompt": top.prompt}
        if asked:
            decision["seats"] = [p.seat for p in asked]
            answers = [v for s, v in state.file[-1].answered if s == seat]
            if answers:  # told to the seat alone, as every answer of the round until all are in
                decision["answered"] = option_text(state, "reaction", answers[0], seat)
        if seat == top.seat:  # options may name hidden cards (Bonne Affaire, searches, discards)
            decision["options"] = [option_text(state, top.kind, v, seat) for v in top.options]
        out["decision"] = decision
    if state.phase == "over":
        out["winner"] = state.winner
        out["end_reason"] = state.end_reason
    return out


#: the columns of ``allegiance cards wakfu``
TABLE_COLUMNS = ("name", "type", "element", "niveau", "force", "pa/pm/pv", "xp", "starter", "keywords", "text",
                 "text_en")
_TYPES = ("Héros", "Havre Sac", "Allié", "Action", "Équipement", "Salle", "Zone", "Dofus", "Protecteur", "Familier")


def card_table() -> Any:
    """The Incarnam cards as a :class:`~allegiance.core.cards.CardTable` (a Héros once, by its first side)."""
    from allegiance.core.cards import CardTable
    from allegiance.games.wakfu.decks import STARTERS, starter
    held: dict[str, list[str]] = {}
    for deck_name in STARTERS:
        deck = starter(deck_name)
        for n in {deck.hero, deck.havre_sac, *dict(deck.cards)}:
            held.setdefault(n, []).append(deck_name)
    rows, records = [], []
    for name, entry in card_catalog().items():
        d = CARDS[name]
        rows.append({"name": name, "type": d.type, "element": d.element,
                     "niveau": "X" if d.x_cost else str(d.level),
                     "force": "*" if d.variable_force else (str(d.force) if d.force else ""),
                     "pa/pm/pv": f"{d.pa}/{d.pm}/{d.pv}" if d.type == "Héros" else "",
                     "xp": str(d.xp) if d.xp else "", "starter": ", ".join(held.get(name, [])),
                     "keywords": ", ".join(d.keywords) + (" (unique)" if d.unique else ""),
                     "text": d.text, "text_en": d.text_en if entry.get("implemented")
                     else f"{d.text_en} (not implemented)".strip()})
        records.append(entry)
    types = tuple(sorted({r["type"] for r in rows}, key=lambda t: (_TYPES.index(t) if t in _TYPES else 99, t)))
    return CardTable("Wakfu TCG (Incarnam) — cards", TABLE_COLUMNS, rows, records,
                     numeric=("niveau", "force", "xp"), wrapping=("keywords", "text", "text_en"),
                     filters={"type": types, "starter": ("iop", "feca", "cra", "xelor")})
