"""Resolving the File d'Attente (810): targets checked again, Actions to the Défausse, permanents
appearing (``events.appear``: 303, 305, 309, 310), effects run."""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.choices import candidates, spec_of
from allegiance.games.wakfu.effects import Resolve
from allegiance.games.wakfu.state import Item, WakfuState


# -- resolution --------------------------------------------------------------------------------------------
def _kept(targets: list[Any], legal: set[Any]) -> list[Any]:
    """The targets still legal, the others as None (a function of its own: a comprehension in ``resolve`` would
    make a cell at each of its calls)."""
    return [t if t in legal else None for t in targets]


def resolve(state: WakfuState, item: Item) -> None:
    """810: targets are checked again; if every one is illegal the effect is cancelled (810.2)."""
    if item.kind == "attack":  # 701.2: the declaration resolved, the combat begins (702)
        return
    d = state.cards[item.card]
    if item.cancelled:
        if item.kind == "card":
            state.players[state.owner(item.card)].defausse.append(item.card)
        return
    spec = spec_of(state, item)
    if spec.split:
        probe = Item(item.kind, item.seat, item.card, item.effect)
        ok = set(candidates(state, probe, spec.targets[0]))
        item.targets = _kept(item.targets, ok)
    elif spec.targets:
        legal = []
        for i, kind in enumerate(spec.targets):
            t = item.targets[i] if i < len(item.targets) else None
            if kind in ("player", "element", "metier", "just_played", "just_played_sort", "just_inclined"):
                legal.append(t)
                continue
            probe = Item(item.kind, item.seat, item.card, item.effect, item.targets[:i], item.x)
            legal.append(t if t in candidates(state, probe, kind) else None)
        if all(t is None for t in legal):
            rules.say(state, "fizzle", f"{d.name}: no legal target left, it is cancelled (810.2)", item.seat)
            if item.kind == "card":
                state.players[state.owner(item.card)].defausse.append(item.card)
            return
        item.targets = legal
    if item.kind == "card" and spec.alternative:
        _run(state, spec.resolve, item)
    elif item.kind == "card":
        if d.type == "Action":
            rules.say(state, "resolve", f"{d.name} resolves", item.seat, card=item.card)
            _run(state, spec.resolve, item)
            if not rules.in_play(state, item.card):  # an Invocation is in play instead (302.6)
                state.players[state.owner(item.card)].defausse.append(item.card)  # 302.1
        else:
            events.appear(state, item)
    else:
        _run(state, spec.resolve, item)


def _force_bonus_cancelled(state: WakfuState, item: Item, before: list[tuple[int, str, object, str]]) -> None:
    """Shika Ingalsse: the Force bonuses this item just gave are taken away (its flag names the item's place in
    the File and its card)."""
    state.flags.discard(("no_force_bonus", len(state.file), item.card))
    added = state.mods[len(before):] if state.mods[:len(before)] == before else []
    for m in added:
        if m[1] == "force" and isinstance(m[2], int) and m[2] > 0:
            state.mods.remove(m)
            rules.say(state, "cancel", f"the Force bonus to {state.name(m[0])} is cancelled (Shika Ingalsse)",
                      item.seat, card=m[0])


def _run(state: WakfuState, fn: Resolve, item: Item) -> None:
    """Resolve an effect; in team games remember who made each modifier it adds, so that the effects of
    a player who leaves the game end with them (WK-ELIM-2)."""
    shika = ("no_force_bonus", len(state.file), item.card) in state.flags  # the item left the File: its place
    if len(state.players) == 2 and not shika:
        fn(state, item)
        return
    before = state.mods[:]
    fn(state, item)
    if shika:
        _force_bonus_cancelled(state, item, before)
    if len(state.players) == 2:
        return
    for m in state.mods:
        if m in before:
            before.remove(m)
        else:
            state.flags.add(("mod_by", item.seat, m))


