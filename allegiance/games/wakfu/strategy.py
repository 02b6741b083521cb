"""A greedy heuristic for Wakfu: develop Alliés, attack when it pays, block well, level up.

One ply, no look-ahead.  It reads only what its seat may see: its own hand, the public zones (both
Mondes and Havre Sacs, Défausses, the File, the combat) and the pending choice asked of it.  Written
over any number of seats in two teams: "an enemy" is any card controlled by a seat of another team.

Main phase order: the Héros shelters in the Havre Sac when the opposing characters could kill it in the
Monde; powers that deal damage are used where they gain most (an Allié destroyed, a Héros wounded or
killed: each target played out on a copy of the state); attack when the attack is favourable (paying for cards inclines them, and an
inclined Allié can neither attack nor block), then play the best playable card (Alliés and
Équipements by Niveau, Actions when they have a sensible target), then use powers that cost something,
then end the turn.  Costs are paid with the cards that matter least on the board.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.wakfu import choices, rules
from allegiance.games.wakfu.combat import eligible_attackers
from allegiance.games.wakfu.combat import targets as attack_targets
from allegiance.games.wakfu.effects import Spec
from allegiance.games.wakfu.state import Item, Pending, WakfuState

#: names an effect's code calls when it hurts its target (damage, destruction, inclining, PA loss): renaming one
#: of these functions (effects.common.damage, events.deal_damage, ...) changes what the greedy bot does
_HARM_NAMES: Final = frozenset({"damage", "deal_damage", "destroy", "incline", "banish_sac", "recycle", "pa_loss"})
#: answers to an optional effect that mean "do nothing"
_DECLINE: Final = frozenset({"no", "none", "refuse", "pass", "cancel", "done"})


@cache
def _harmful_code(code: Any) -> bool:
    return bool(_HARM_NAMES & set(code.co_names)) or any(
        _harmful_code(c) for c in code.co_consts if hasattr(c, "co_names"))


#: effects that hurt their target through a later choice, which the names their own code calls do not show:
#: Défi's duel is fought when its target's controller accepts (``_fx_defi``)
_HARMFUL_LATER: Final = frozenset({"Défi"})


def harmful(spec: Spec) -> bool:
    """Whether an effect hurts its targets (read once from the names its code calls)."""
    if spec.name in _HARMFUL_LATER:
        return True
    code = getattr(spec.resolve, "__code__", None)
    if code is None:
        return False
    closure = getattr(spec.resolve, "__closure__", None) or ()
    inner = [c.cell_contents for c in closure if callable(getattr(c, "cell_contents", None))]
    return _harmful_code(code) or any(_harmful_code(f.__code__) for f in inner if hasattr(f, "__code__"))


def enemy(state: WakfuState, seat: int, card: int) -> bool:
    """Whether ``card`` is controlled by a seat of another team than ``seat``'s."""
    who = rules.controller(state, card)
    return who >= 0 and state.table.seats[who].team != state.table.seats[seat].team


def card_worth(state: WakfuState, c: int) -> float:
    """How much a card on the board matters: Force and XP value for characters, Niveau otherwise."""
    d = state.cards[c]
    if d.type == "Héros":
        return 20.0
    if d.type == "Allié":
        return rules.force(state, c) + 0.5 * d.xp + 0.5 * d.level
    if d.type == "Havre Sac":
        return 6.0
    return 0.5 * d.level


def hand_worth(state: WakfuState, c: int) -> float:
    """How much the heuristic likes a card in hand (the least liked is discarded first)."""
    d = state.cards[c]
    base = {"Allié": 2.0, "Équipement": 1.5, "Action": 1.0}.get(d.type, 0.5)
    return base + 0.3 * d.level + 0.2 * d.force


def greedy_choice(state: WakfuState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The greedy action among ``legal`` (``rng`` unused: the heuristic is deterministic)."""
    if len(legal) == 1:
        return legal[0]
    if state.pending:
        return _answer(state, seat, state.decision(seat) or state.pending[-1], legal)
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    hero = state.players[seat].hero
    shelter = [a for a in by_kind.get("move", []) if a.get("card") == hero and _worth_moving(state, seat, hero)]
    if shelter:  # first, before the Héros is inclined to pay or to use a power (it could not move then)
        return shelter[0]
    strikes = [a for a in by_kind.get("use", []) if _strike_pays(state, seat, a.get("card"), a.get("power"))]
    if strikes:  # before attacks (a killed blocker opens the way) and plays (paying would incline the shooter)
        return strikes[0]
    if "attack" in by_kind and _attack_pays(state, seat):
        return by_kind["attack"][0]
    plays = [a for a in by_kind.get("play", []) if _worth_playing(state, seat, a.get("card"))]
    if plays:
        return max(plays, key=lambda a: (_play_rank(state, a.get("card")), -a.get("card")))
    uses = [a for a in by_kind.get("use", []) if _worth_using(state, seat, a.get("card"), a.get("power"))]
    if uses:
        return uses[0]
    moves = [a for a in by_kind.get("move", []) if _worth_moving(state, seat, a.get("card"))]
    if moves:
        return moves[0]
    for kind in ("pass", "end_turn"):
        if kind in by_kind:
            return by_kind[kind][0]
    return legal[-1]


def greedy_reason(state: WakfuState, seat: int, action: Action) -> str:
    """Why :func:`greedy_choice` picks ``action`` here, before it is applied (for a teammate's move in
    the terminal), in the order of its rules: answer the pending choice, attack when it pays, play the
    best card worth playing, use a power that has a sensible target, bring an Allié out of the Havre
    Sac, then pass or end the turn."""
    kind, card = action.kind, action.get("card")
    if kind == "choose" or state.pending:
        return "its answer to the pending choice"
    if kind == "attack":
        return "the attack pays: an Allié stronger than every untapped opposing character, or more attackers"
    if kind == "play" and isinstance(card, int) and card in state.cards:
        d = state.cards[card]
        return f"the best card worth playing: Alliés first, then Équipements and Dofus, then Actions ({d.type}, Niveau {d.level})"
    if kind == "use":
        return "the power has a sensible target now"
    if kind == "move":
        if card == state.players[seat].hero:
            return "the opposing characters could kill the Héros in the Monde: it shelters in the Havre Sac"
        return "an Allié waiting in the Havre Sac goes into play"
    if kind in ("pass", "end_turn"):
        return "nothing left worth doing now"
    return ""


# -- the main phase ---------------------------------------------------------------------------------------
def _play_rank(state: WakfuState, c: int) -> tuple[int, int]:
    d = state.cards[c]
    return ({"Allié": 3, "Équipement": 2, "Dofus": 2, "Action": 1}.get(d.type, 0), d.level)


def _worth_playing(state: WakfuState, seat: int, c: int) -> bool:
    d = state.cards[c]
    if d.name in _NEVER_PLAYED:
        return False
    condition = _PLAY_CONDITIONS.get(d.name)
    if condition is not None and not condition(state, seat):
        return False
    if d.type != "Action":
        return True
    spec = choices.ACTIONS.get(d.name)
    if spec is None:
        return False
    probe = Item("card", seat, c, d.name)
    return _targets_sensible(state, seat, probe, spec) and _harm_worth_it(state, seat, spec, probe)


def _harm_worth_it(state: WakfuState, seat: int, spec: Spec, probe: Item) -> bool:
    """A harmful card whose effect, played out on a copy, costs our side more than the other's is kept
    in hand: Flèche Blizzard (2 damage to every character in the Monde) killed greedy's own Alliés and
    Héros as often as the opponent's.  A damage effect that changes nothing that counts (1 damage to an
    Allié that survives it) is kept too; an effect :func:`_gain` does not measure (inclining, destroying
    an Équipement) is played as before."""
    if not harmful(spec):
        return True
    if spec.targets:
        kind = spec.targets[0]
        if kind in ("element", "metier", "player"):
            return True
        options = choices.candidates(state, probe, kind)
        _, pick = _best_harm(state, seat, spec, probe, options)
        if pick is None:
            return True
        probe = probe.copy()
        probe.targets.append(pick)
    after = _played_out(state, spec, probe)
    if after is None or not _wounds(state, after):
        return True
    return _gain(state, after, seat) > 0


def _wounds(before: WakfuState, after: WakfuState) -> bool:
    """Whether some Héros lost PV or some Allié took damage or left play between the two states."""
    if any(p.pv != q.pv for p, q in zip(before.players, after.players, strict=True)):
        return True
    return after.damage != before.damage or any(
        not rules.in_play(after, c) for p in before.players for c in p.monde + p.havre
        if before.cards[c].type == "Allié") or any(i.effect == "damage_window" for i in after.file[len(before.file):])


def _allie_worth(state: WakfuState, c: int) -> float:
    """An Allié's worth wherever it is (in play: its Force now; elsewhere: its printed Force)."""
    d = state.cards[c]
    force = rules.force(state, c) if rules.in_play(state, c) else d.force
    return force + 0.5 * d.xp + 0.5 * d.level


def _halouine_pays(state: WakfuState, seat: int) -> bool:
    """Malédiction d'Halouine destroys one of your Alliés, then brings back another from your Défausse:
    worth it only when the Défausse holds a better Allié than your weakest one in play."""
    p = state.players[seat]
    mine = [c for c in p.monde + p.havre if state.cards[c].type == "Allié"]
    back = [c for c in p.defausse if state.cards[c].type == "Allié"]
    return bool(mine and back) and max(_allie_worth(state, c) for c in back) > \
        min(_allie_worth(state, c) for c in mine)


#: cards that hurt their own player unless played around: the Arène des Démons des Heures deals 3 to your Héros
#: at the end of each of your turns in which it did not attack (605.1), and this heuristic sends its Héros
#: to attack only when nothing can block it
_NEVER_PLAYED: Final = frozenset({"Arène des Démons des Heures"})
#: how many of Goultard le Barbare's untaps (3 PV each) our Héros must survive before it is played
GOULTARD_UNTAPS: Final = 3


def _goultard_pays(state: WakfuState, seat: int) -> bool:
    """Goultard le Barbare destroys every other Allié and Zone in the Monde when it appears, and each time it
    untaps its controller's Héros loses 3 PV: worth it only when the other side loses more than ours and our
    Héros can bear a few untaps (it killed greedy Héros at 4 PV in random-deck games)."""
    mine = theirs = 0.0
    for q in state.players:
        worth = sum(_allie_worth(state, c) if state.cards[c].type == "Allié" else 1.0 for c in q.monde
                    if state.cards[c].type in ("Allié", "Zone"))
        if state.table.seats[q.seat].team == state.table.seats[seat].team:
            mine += worth
        else:
            theirs += worth
    return theirs > mine and state.players[seat].pv > 3 * GOULTARD_UNTAPS

#: cards that cost their player something whatever their targets: played only when this says so
_PLAY_CONDITIONS: Final = {"Malédiction d'Halouine": _halouine_pays, "Goultard le Barbare": _goultard_pays}


def _worth_using(state: WakfuState, seat: int, c: int, power: int) -> bool:
    if c in state.players[seat].main:
        return False  # hand powers (Polter Tofu, Tofu Céleste) put a card in play for a cost: skip
    spec = choices.powers_of(state, c)[power]
    if not (spec.cost or spec.incline or spec.once) or spec.extra:
        return False  # a free repeatable power, or one that costs cards: not worth it blindly
    if state.combat is not None:
        return False
    return _targets_sensible(state, seat, Item("power", seat, c, spec.name, power=power,
                                               source_zone=rules.where(state, c)), spec)


def _targets_sensible(state: WakfuState, seat: int, probe: Item, spec: Spec) -> bool:
    """Whether the first target slot has a target on the right side (an enemy for a harmful effect)."""
    if not spec.targets:
        return True
    kind = spec.targets[0]
    options = choices.candidates(state, probe, kind)
    if kind in ("element", "metier"):
        return bool(options)
    bad = harmful(spec)
    if kind == "player":  # a seat: an opponent for a harmful effect (Baguette Larvesque's PA loss), else ours
        mine = state.table.seats[seat].team
        return any((state.table.seats[o].team != mine) == bad for o in options if isinstance(o, int))
    return any(isinstance(o, int) and enemy(state, seat, o) == bad for o in options)


#: what one PV off an opposing Héros is worth to :func:`_gain`, beside an opposing Allié destroyed (its
#: :func:`card_worth` plus its XP plus :data:`KILL_BONUS`) and a Héros killed (the game)
HERO_PV_WORTH: Final = 1.0
KILL_BONUS: Final = 1.0


def _gain(before: WakfuState, after: WakfuState, seat: int) -> float:
    """What the change from ``before`` to ``after`` gains ``seat``'s team: the opposing Héros' PV lost and
    their Alliés destroyed (or dealt lethal damage, destroyed a moment later, 409), less the same on our side.
    Damage held in a Réaction window (``damage_window`` on the File) counts as dealt."""
    held: dict[int, int] = {}
    for i in after.file[len(before.file):]:
        if i.effect == "damage_window" and len(i.targets) > 1 and isinstance(i.targets[1], int):
            held[i.targets[0]] = held.get(i.targets[0], 0) + i.targets[1]
    mine = before.table.seats[seat].team
    score = 0.0
    same = after.damage == before.damage and not held
    for p, q in zip(before.players, after.players, strict=True):
        sign = 1.0 if before.table.seats[p.seat].team != mine else -1.0
        pv = q.pv - held.get(p.hero, 0)
        if pv <= 0 < p.pv:
            score += sign * 1000.0
        score += sign * HERO_PV_WORTH * (max(p.pv, 0) - max(pv, 0))
        if same and q.monde == p.monde and q.havre == p.havre:
            continue
        for c in p.monde + p.havre:
            if before.cards[c].type != "Allié":
                continue
            hurt, was = after.damage.get(c, 0) + held.get(c, 0), before.damage.get(c, 0)
            here = c in q.monde or c in q.havre
            if here and hurt == was:
                continue  # untouched (Force is costly to work out: most Alliés are skipped here)
            if not here or hurt >= rules.force(after, c) > was:
                score += sign * (KILL_BONUS + card_worth(before, c) + before.cards[c].xp)
    return score


def _harm_gain(state: WakfuState, seat: int, spec: Spec, item: Item) -> float | None:
    """What resolving ``item`` (its targets chosen) would gain us, played out on a copy of the state;
    None when it cannot be played out there (a target slot still empty, a choice the effect asks).  Only
    public things are read back (PV, damage, the cards in play); a Réaction window the damage opens
    (which depends on the hands) is read as the damage dealt."""
    after = _played_out(state, spec, item)
    return None if after is None else _gain(state, after, seat)


def _played_out(state: WakfuState, spec: Spec, item: Item) -> WakfuState | None:
    """A copy of the state with ``item`` resolved on it, or None when it cannot be resolved there."""
    after = state.copy()
    try:
        spec.resolve(after, item.copy())
    except Exception:  # noqa: BLE001 - an effect that needs more than its targets: no estimate
        return None
    return after


def _best_harm(state: WakfuState, seat: int, spec: Spec, item: Item, options: list[Any],
               any_gain: bool = False) -> tuple[float, Any]:
    """The best of ``options`` for the next target of a harmful ``item``, by :func:`_harm_gain`, and its gain
    (None when no option could be played out); with ``any_gain``, the first that gains anything."""
    best: tuple[float, Any] = (float("-inf"), None)
    for o in options:
        if not isinstance(o, int) or isinstance(o, bool) or o not in state.cards:
            continue
        probe = item.copy()
        probe.targets.append(o)
        g = _harm_gain(state, seat, spec, probe)
        if g is not None and g > best[0]:
            best = (g, o)
            if any_gain and g > 0:
                break
    return best


def _strike_pays(state: WakfuState, seat: int, c: int, power: int) -> bool:
    """A power that harms (Tirlangue Portey's 2 damage, Guy Yomtella's 1) is used first in the turn when
    its best target gains something: it destroys an opposing Allié or wounds an opposing Héros.  Used
    after the plays, as every power was, its character had mostly been inclined to pay for them already:
    greedy Crâ's Héros, whose power is most of its strength, used it almost never (traced games)."""
    if c in state.players[seat].main or state.combat is not None:
        return False
    spec = choices.powers_of(state, c)[power]
    if not spec.incline or spec.extra or not spec.targets or not harmful(spec):
        return False
    kind = spec.targets[0]
    if kind in ("element", "metier", "player"):
        return False
    probe = Item("power", seat, c, spec.name, power=power, source_zone=rules.where(state, c))
    gain, _ = _best_harm(state, seat, spec, probe, choices.candidates(state, probe, kind), any_gain=True)
    return gain > 0


#: PV the Héros keeps above the opposing characters' Force before it leaves the Havre Sac for the Monde
#: (4 and 8 measured alike on seed 2026's random-deck games)
OUT_MARGIN = 4


def _worth_moving(state: WakfuState, seat: int, c: int) -> bool:
    """An Allié waiting in the Havre Sac goes out to the Monde to fight.  The Héros goes into the Havre Sac
    when the opposing characters could kill it in the Monde next turn, and out to the Monde when their
    Force has fallen ``OUT_MARGIN`` under its PV.  The Héros starts the game in the Havre Sac, and greedy
    never took it out: it never attacked, and with its Alliés gone or never drawn the seat could only wait
    (most long games greedy lost to random decks, traced in session 17)."""
    p = state.players[seat]
    if state.cards[c].type == "Allié":
        return c in p.havre
    if c != p.hero:
        return False
    if c in p.monde:
        return _threat(state, seat) >= p.pv
    return c in p.havre and _threat(state, seat) + OUT_MARGIN < p.pv


def _threat(state: WakfuState, seat: int) -> int:
    """The Force the opposing characters in the Monde could attack with on their next turn (they untap)."""
    return sum(rules.force(state, c) for q in state.players if not q.out
               and state.table.seats[q.seat].team != state.table.seats[seat].team
               for c in q.monde if rules.is_character(state, c))


def _opposing_blockers(state: WakfuState, seat: int) -> list[int]:
    out = []
    for q in state.players:
        if state.table.seats[q.seat].team == state.table.seats[seat].team:
            continue
        out += [c for c in q.monde if rules.is_character(state, c) and c not in state.tapped]
    return out


def _attack_pays(state: WakfuState, seat: int) -> bool:
    """Attack when some Allié is stronger than every untapped opposing character, or our Alliés outnumber
    them; with no Allié able, the Héros attacks alone when nothing can block it."""
    able = eligible_attackers(state, seat)
    mine = [c for c in able if state.cards[c].type == "Allié"]
    theirs = _opposing_blockers(state, seat)
    if not mine:  # the Héros alone attacks only where nothing can block it (as :func:`_attacker` sends it)
        return bool(able) and not theirs and _lone_hero_target(state, seat) is not None
    if len(mine) > len(theirs):
        return True
    best = max(rules.force(state, c) for c in mine)
    return best > max((rules.force(state, b) for b in theirs), default=0)


def _lone_hero_target(state: WakfuState, seat: int) -> int | None:
    """Where our Héros attacks alone: the opposing Héros in the Monde when its strike back (702, the target's
    Force) hurts ours less than ours hurts it, else an opposing Havre Sac (which does not strike back), else
    nowhere.  A Héros of Force 1 attacking one of Force 5 lost 5 PV for each 1 it dealt."""
    hero = state.players[seat].hero
    ours = rules.force(state, hero)
    targets = attack_targets(state, seat)
    for t in targets:
        d = state.cards[t]
        if d.type == "Héros":
            theirs = rules.force(state, t)
            who = state.players[rules.controller(state, t)]
            if ours > theirs or (ours == theirs and state.players[seat].pv > who.pv):
                return t
    sacs = [t for t in targets if state.cards[t].type == "Havre Sac"]
    return sacs[0] if sacs else None


# -- pending choices --------------------------------------------------------------------------------------
def _answer(state: WakfuState, seat: int, pend: Pending, legal: list[Action]) -> Action:
    values = {a.get("value"): a for a in legal if a.kind == "choose"}
    # an announcement's "cancel" (808.2) is never the heuristic's answer while anything else is offered
    options = [v for v in values if v != "cancel"] or list(values)
    pick = _ANSWERS.get(pend.kind, _first)(state, seat, pend, options)
    return values.get(pick, legal[0])


def _first(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    useful = [o for o in options if o not in _DECLINE]
    return useful[0] if useful else options[0]


def _keep(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    return "keep" if "keep" in options else options[0]


def _recycle_hand(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """604.2, once per game: recycle the hand for a new one at the first chance.  The game offers it only
    to a full hand from which nothing was played this turn, and a full hand draws nothing: what the
    heuristic would not play now mostly stays unplayable (a Sort of another class, an Allié of an element
    nothing in play produces, an Équipement with no free porteur), so keeping it stalls the seat for the
    rest of the game.  Measured on 1,000 random-deck games against the random bot (docs/figures/wakfu.md): always 91.9 %, only when some card could not be paid for 90.6 %, never 84.5 %."""
    return "recycle" if "recycle" in options else _keep(state, seat, pend, options)


def _first_player(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """The winner of the draw plays first (102.2)."""
    return "play_first"


def _mulligan(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """Roll back a big hand without any Allié; keep otherwise."""
    hand = state.players[seat].main
    if "rollback" in options and len(hand) >= 5 and not any(state.cards[c].type == "Allié" for c in hand):
        return "rollback"
    return "keep"


def _discard(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    return min(options, key=lambda c: (hand_worth(state, c), c))


def _place(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    if "monde" in options:
        return "monde"
    own = [o for o in options if isinstance(o, int) and not enemy(state, seat, o)]
    if own:  # an Équipement goes on the strongest of our characters
        return max(own, key=lambda c: (rules.force(state, c), c))
    return options[0]


def _x(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    return max(o for o in options if isinstance(o, int))


def _pay_cost(state: WakfuState, seat: int, c: int) -> float:
    """What inclining a card to pay costs us: nothing for the Havre Sac, Salles and Zones, more for a
    character that could attack or block."""
    d = state.cards[c]
    if not rules.is_character(state, c):
        return 0.0 if d.type in ("Havre Sac", "Salle", "Zone") else 0.5
    if rules.where(state, c) == "havre":
        return 1.0
    return 2.0 + rules.force(state, c)


def _pay(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    if "craft" in options:
        return "craft"
    cards = [o for o in options if isinstance(o, int)]
    if not cards:
        return options[0]
    return min(cards, key=lambda c: (_pay_cost(state, seat, c), c))


def _craft(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    cards = [o for o in options if isinstance(o, int)]
    return cards[0] if cards else options[0]


def _target(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    item = next((i for i in reversed(state.file) if not i.paid), None)
    if item is None:
        return options[0]
    spec = choices.spec_of(state, item)
    bad = harmful(spec)
    slots = [spec.targets[0]] * item.x if spec.split else list(spec.targets)
    kind = slots[len(item.targets)] if len(item.targets) < len(slots) else ""
    if kind == "player":  # a seat, not a card
        mine = state.table.seats[seat].team
        side = [o for o in options if (state.table.seats[o].team != mine) == bad]
        return side[0] if side else options[0]
    if kind in ("element", "metier"):
        return options[0]
    if bad:  # where it destroys an Allié or finishes a Héros, not blindly at the most valuable card
        gain, pick = _best_harm(state, seat, spec, item, options)
        if pick is not None and gain > 0:
            return pick
    return _best_target(state, seat, options, bad)


def _trigger_target(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    from allegiance.games.wakfu.effects import TRIGGERS
    fn = TRIGGERS.get(pend.get("effect"))
    bad = fn is not None and harmful(Spec("trigger", fn))
    return _best_target(state, seat, options, bad)


def _best_target(state: WakfuState, seat: int, options: list[Any], bad: bool) -> Any:
    """An enemy's most valuable card for a harmful effect, our own most valuable one otherwise."""
    cards = [o for o in options if isinstance(o, int) and not isinstance(o, bool)]
    side = [c for c in cards if c in state.cards and enemy(state, seat, c) == bad]
    if side:
        return max(side, key=lambda c: (card_worth(state, c), c))
    if options and all(isinstance(o, str) for o in options):
        return _first(state, seat, Pending("", seat, "", ()), options)
    return options[0]


def _reaction(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """A Réaction from hand is played when it has a sensible target; powers are left alone."""
    for o in options:
        if isinstance(o, int) and o in state.players[seat].main:
            d = state.cards[o]
            spec = choices.ACTIONS.get(d.name)
            probe = Item("card", seat, o, d.name)
            if spec is not None and _targets_sensible(state, seat, probe, spec) and \
                    _harm_worth_it(state, seat, spec, probe):
                return o
    return "pass" if "pass" in options else options[0]


def _extra(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    cards = [o for o in options if isinstance(o, int)]
    if not cards:
        return options[0]
    hand = state.players[seat].main
    return min(cards, key=lambda c: (hand_worth(state, c) if c in hand else _pay_cost(state, seat, c), c))


def _attack_target(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """The opposing Héros when it stands in the Monde, else an Allié our attackers can kill, else the Havre Sac."""
    if not any(state.cards[c].type == "Allié" for c in eligible_attackers(state, seat)):
        lone = _lone_hero_target(state, seat)  # our Héros attacks alone
        if lone in options:
            return lone
    heroes = [c for c in options if state.cards[c].type == "Héros"]
    if heroes:
        return heroes[0]
    power = sum(rules.force(state, c) for c in eligible_attackers(state, seat))
    killable = [c for c in options if state.cards[c].type == "Allié"
                and rules.force(state, c) - state.damage.get(c, 0) <= power]
    if killable:
        return max(killable, key=lambda c: (state.cards[c].xp, rules.force(state, c), c))
    sacs = [c for c in options if state.cards[c].type == "Havre Sac"]
    return sacs[0] if sacs else options[0]


def _attacker(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """Every Allié attacks; the Héros only when nobody can block it."""
    allies = [c for c in options if isinstance(c, int) and state.cards[c].type == "Allié"]
    if allies:
        return max(allies, key=lambda c: (rules.force(state, c), c))
    heroes = [c for c in options if isinstance(c, int)]
    if heroes and not _opposing_blockers(state, seat):
        return heroes[0]
    return "done" if "done" in options else options[0]


def _toughness(state: WakfuState, c: int) -> int:
    if state.cards[c].type == "Héros":
        return state.players[rules.controller(state, c)].pv
    return rules.force(state, c) - state.damage.get(c, 0)


def _blocker(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """Block when the blocker kills the attacker and survives, or trades for an attacker worth more;
    chump-block with an Allié when the attack would otherwise kill our Héros."""
    cb = state.combat
    best: Any = "done"
    best_score = 0.0
    free_force = 0
    if cb is not None:
        taken = set(cb.blockers.values())
        free_force = sum(rules.force(state, a) for a in cb.attackers if a not in taken)
    target_is_hero = cb is not None and state.cards[cb.target].type == "Héros"
    for o in options:
        if not isinstance(o, tuple):
            continue
        b, a = o
        fa, fb = rules.force(state, a), rules.force(state, b)
        kills = fb >= _toughness(state, a)
        dies = fa >= _toughness(state, b)
        hero = state.cards[b].type == "Héros"
        if hero and (not kills or _toughness(state, b) - fa < 5):
            continue
        score = 0.0
        if kills and not dies:
            score = 3.0 + card_worth(state, a)
        elif kills and dies and card_worth(state, a) >= card_worth(state, b):
            score = 1.0 + card_worth(state, a) - card_worth(state, b)
        elif target_is_hero and cb is not None and free_force >= _toughness(state, cb.target) and not hero:
            score = 0.5 + fa - card_worth(state, b) / 10
        if score > best_score:
            best, best_score = o, score
    return best if best in options else options[-1]


def _duel_target(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """The attacker's damage goes to a blocker it kills (the most valuable), else the most valuable."""
    a = pend.card
    force = rules.force(state, a) if a is not None else 0
    killable = [b for b in options if _toughness(state, b) <= force]
    pool = killable or options
    return max(pool, key=lambda c: (card_worth(state, c), c))


def _riposte(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    t = pend.card
    force = rules.force(state, t) if t is not None else 0
    killable = [a for a in options if _toughness(state, a) <= force]
    pool = killable or options
    return max(pool, key=lambda c: (card_worth(state, c), c))


def _geant(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    assigned = pend.get("assigned", ())
    for o in options:
        if state.cards[o].type == "Allié" and enemy(state, seat, o) and assigned.count(o) < _toughness(state, o):
            return o
    return options[-1]


def _effect(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """A choice while an effect resolves: the few that cost the bot dearly are answered by
    :data:`_EFFECT_ANSWERS`, the rest take the first option that does something."""
    answer = _EFFECT_ANSWERS.get(str(pend.get("fx")))
    return answer(state, seat, pend, options) if answer is not None else _first(state, seat, pend, options)


def _upkeep_pv(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """"Your Héros loses N PV, or the card is destroyed" (a Donjon, Chafer, Dark Vlad), every turn: the
    PV are paid only while the Héros keeps at least half its maximum after paying (a Héros that pays
    every turn dies of its own cards)."""
    loss = int(pend.get("n") or 2)
    keep = state.players[seat].pv - loss >= rules.max_pv(state, seat) / 2
    pick = "lose_pv" if keep else "destroy"
    return pick if pick in options else _first(state, seat, pend, options)


def _upkeep_card(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """"Recycle a card of its element or it is destroyed" (a Zone, a Familier): a card we never want (an
    Arène that came into play anyway) goes; otherwise the least liked card of the Défausse is recycled."""
    if pend.card is not None and state.cards[pend.card].name in _NEVER_PLAYED and "destroy" in options:
        return "destroy"
    cards = [o for o in options if isinstance(o, int) and not isinstance(o, bool) and o in state.cards]
    return min(cards, key=lambda c: (hand_worth(state, c), c)) if cards else _first(state, seat, pend, options)


def _defi(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """Défi: our challenged character fights the challenger's (each deals its Force to the other) or we
    refuse and the challenger's player gains 1 XP: accepted when ours survives the duel."""
    mine, theirs = pend.get("target"), pend.get("mine")
    if isinstance(mine, int) and isinstance(theirs, int) and mine in state.cards and theirs in state.cards:
        survives = rules.force(state, theirs) < _toughness(state, mine)
        pick = "accept" if survives else "refuse"
        if pick in options:
            return pick
    return _first(state, seat, pend, options)


def _weakest_allie(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    cards = [o for o in options if isinstance(o, int) and not isinstance(o, bool) and o in state.cards]
    return min(cards, key=lambda c: (_allie_worth(state, c), c)) if cards else _first(state, seat, pend, options)


def _strongest_allie(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    cards = [o for o in options if isinstance(o, int) and not isinstance(o, bool) and o in state.cards]
    return max(cards, key=lambda c: (_allie_worth(state, c), -c)) if cards else _first(state, seat, pend, options)


def _pick_side(state: WakfuState, seat: int, pend: Pending, options: list[Any]) -> Any:
    """Choc Temporel, Parchemin d'Agilité: characters chosen one by one to incline (an enemy's, the most
    valuable first) or to untap (our own); "done" when none of the right side is left."""
    harm = pend.get("verb") == "incline"
    cards = [o for o in options if isinstance(o, int) and not isinstance(o, bool) and o in state.cards
             and enemy(state, seat, o) == harm and (harm or o in state.tapped)]
    if cards:
        return max(cards, key=lambda c: (card_worth(state, c), -c))
    return "done" if "done" in options else _first(state, seat, pend, options)


_EFFECT_ANSWERS: Final = {"donjon": _upkeep_pv, "upkeep_pv": _upkeep_pv, "upkeep": _upkeep_card, "defi": _defi,
                          "halouine": _weakest_allie,
                          "to_play": _strongest_allie, "pick": _pick_side}

_ANSWERS: Final = {
    "effect": _effect,
    "first_player": _first_player, "mulligan": _mulligan, "recycle_hand": _recycle_hand, "discard": _discard, "place": _place, "x": _x,
    "pay": _pay, "craft": _craft, "target": _target, "trigger_target": _trigger_target,
    "reaction": _reaction, "extra": _extra, "attack_target": _attack_target, "attacker": _attacker,
    "blocker": _blocker, "duel_target": _duel_target, "riposte": _riposte, "geant": _geant,
}
