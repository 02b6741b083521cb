"""Deploying cards, playing events and powers, response windows and the effect vocabulary.

Timing (S3, the published change to rulebook p.23): after something is done, the opponents get the
first chance to respond, clockwise from the player's left, then the player; anyone may pass and
respond later; each response resolves as soon as it is played (no stack).  A window opens for a
weapon shot and for a Jedi or Sith power (so that a cancelling power can answer it, JK-POWER-4).
"""

from __future__ import annotations

from allegiance.games.jk import battle, flow
from allegiance.games.jk.cards import Effect
from allegiance.games.jk.rules import (
    clockwise_from,
    cost,
    discard_from_play,
    draw,
    opposing_teams,
    say,
    starships_at_system,
)
from allegiance.games.jk.state import JKState, Pending, Window


# -- deployment ---------------------------------------------------------------------------------------
def deploy_places(state: JKState, seat: int, card: int) -> list[str | int]:
    """Where a card in hand may be deployed now: "site"/"system" for a character (the system only
    aboard a starship of the side, UNSOURCED), "system" for a starship, a bearer's id for a weapon."""
    d = state.cards[card]
    if cost(state, seat, card) > state.players[seat].credits:
        return []
    if d.type == "Character":
        if not can_deploy_character(state, seat, card)[0]:
            return []
        return ["site", "system"] if starships_at_system(state, state.team(seat)) else ["site"]
    if d.type == "Starship":
        return ["system"]
    if d.type == "Weapon":
        zone = state.site if d.bearer == "Character" else state.system
        return [c for c in zone if state.owner[c] == seat and state.cards[c].type == d.bearer]
    return []


def can_deploy_character(state: JKState, seat: int, card: int) -> tuple[bool, list[int]]:
    """Whether a unique character may come into play, and the copies it discards.

    JK-INDEP-3: an Independent player may play a character an opponent has in play, and the
    opponent's copy is discarded.  Otherwise one copy of a person on the whole table (option
    uniqueness=table, UNSOURCED) or per side (side)."""
    d = state.cards[card]
    if not d.unique:
        return True, []
    copies = [c for c in state.system + state.site
              if state.cards[c].type == "Character" and state.cards[c].title == d.title]
    if not copies:
        return True, []
    mine = state.team(seat)
    if state.players[seat].allegiance == "Independent" and all(state.team_of_card(c) != mine for c in copies):
        return True, copies
    if state.options["uniqueness"] == "side" and all(state.team_of_card(c) != mine for c in copies):
        return True, []
    return False, []


def deploy(state: JKState, seat: int, card: int, place: str | int) -> None:
    p = state.players[seat]
    d = state.cards[card]
    p.credits -= cost(state, seat, card)
    p.hand.remove(card)
    if isinstance(place, int):
        zone = state.system if place in state.system else state.site
        zone.append(card)
        state.attached[card] = place
        say(state, "deploy", f"{state.label(seat)} deploys {d.name} on {state.name(place)}", seat, card=card)
        flow.after_action(state, False)
        return
    victims = can_deploy_character(state, seat, card)[1] if d.type == "Character" else []
    (state.system if place == "system" else state.site).append(card)
    say(state, "deploy", f"{state.label(seat)} deploys {d.name} at the {place}", seat, card=card)
    for v in victims:  # JK-INDEP-3: character priority
        discard_from_play(state, v, f"{state.label(seat)}'s Independent {d.title} has priority")
    if d.quick_draw and quick_draw_options(state, seat, card):
        # JK-QUICK-1: the pictured weapon may come from the theme pile or discard pile, as part of the
        # same action, paying its deploy cost; it is optional
        state.pending = Pending("quick_draw", seat, (*quick_draw_options(state, seat, card), "decline"), card)
        return
    flow.after_action(state, False)


def quick_draw_options(state: JKState, seat: int, character: int) -> tuple[int, ...]:
    p = state.players[seat]
    title = state.cards[character].weapon
    seen: dict[str, int] = {}
    for c in p.theme_pile + p.discard:
        if state.cards[c].title == title and cost(state, seat, c) <= p.credits:
            seen.setdefault(("theme" if c in p.theme_pile else "discard"), c)
    return tuple(seen.values())


def answer_quick_draw(state: JKState, seat: int, value: int | str) -> None:
    pend = state.pending
    assert pend is not None
    state.pending = None
    if isinstance(value, int):
        p = state.players[seat]
        (p.theme_pile if value in p.theme_pile else p.discard).remove(value)
        p.credits -= cost(state, seat, value)
        zone = state.system if pend.card in state.system else state.site
        zone.append(value)
        state.attached[value] = pend.card
        say(state, "quick_draw", f"{state.name(pend.card)} quick-draws {state.name(value)}", seat, card=value)
    flow.after_action(state, False)


# -- events and powers ----------------------------------------------------------------------------------
def playable_from(state: JKState, seat: int) -> list[int]:
    """Events and powers the player may try to play now: from hand, and starting events only from the
    theme pile, never from hand or discard (JK-START-3)."""
    p = state.players[seat]
    hand = [c for c in p.hand if state.cards[c].timing and not state.cards[c].starting]
    theme = [c for c in p.theme_pile if state.cards[c].starting]
    return hand + theme


def context(state: JKState, seat: int) -> str:
    """Which timing keyword may be played now by this seat (JK-POWER-2), "" for none."""
    if state.window is not None:
        return "response"
    if state.battle is not None:
        return "battle"
    if state.phase == "deploy":
        return "deployment"
    return ""


def effect_ok(state: JKState, seat: int, e: Effect) -> bool:
    w = state.window
    if e.verb in ("to_hit", "ignore_to_hit"):
        return state.shot_window() is not None
    if e.verb == "cancel":
        # JK-POWER-4: played as a response when an opponent plays a named power
        return (w is not None and w.kind == "power" and not w.cancelled and state.team(w.seat) != state.team(seat)
                and state.cards[w.card].title in e.names)
    return True


def play_options(state: JKState, seat: int, card: int) -> list[tuple[int, int | None]]:
    """(function, target) pairs the card may be played with now.  JK-POWER-3: each function of a power
    with a bold "or" works as a separate card; the player chooses one."""
    d = state.cards[card]
    if d.timing != context(state, seat) or cost(state, seat, card) > state.players[seat].credits:
        return []
    if d.starting and card not in state.players[seat].theme_pile:
        return []
    out: list[tuple[int, int | None]] = []
    for i, f in enumerate(d.functions):
        if not all(effect_ok(state, seat, e) for e in f):
            continue
        if any(e.verb == "power" for e in f):
            if state.battle is None:
                continue
            out += [(i, t) for t in battle.tactic_targets(state, seat)]
        else:
            out.append((i, None))
    return out


def play(state: JKState, seat: int, card: int, function: int, target: int | None) -> None:
    p = state.players[seat]
    d = state.cards[card]
    p.credits -= cost(state, seat, card)
    (p.theme_pile if card in p.theme_pile else p.hand).remove(card)
    extra = " from the theme pile" if d.starting else ""
    say(state, "play", f"{state.label(seat)} plays {d.name}{extra}"
        + (f" (function {function + 1})" if len(d.functions) > 1 else ""), seat, card=card)
    w = state.window
    if d.is_power:
        # a power waits in a response window of its own before it acts, so that a cancelling power can
        # answer it (JK-POWER-4), also when it is itself played as a response
        order = [s for s in clockwise_from(state, (seat + 1) % len(state.players)) if s != seat] + [seat]
        win = Window("power", seat, order)
        win.card, win.function, win.aim = card, function, -1 if target is None else target
        state.windows.append(win)
        _trim_window(state)
        return
    resolve(state, seat, card, function, target)
    settle(state, seat, card)
    if w is not None:
        respond_done(state, False)
    else:
        continue_after(state)


def resolve(state: JKState, seat: int, card: int, function: int, target: int | None) -> None:
    """A card's chosen function takes effect (each event resolves as soon as it is played, S3)."""
    p = state.players[seat]
    for e in state.cards[card].functions[function]:
        if e.verb == "credits":
            p.credits += e.n
        elif e.verb == "draw":
            draw(state, seat, e.n)
        elif e.verb == "power" and target is not None and target in state.system + state.site:
            state.boost[target] = state.boost.get(target, 0) + e.n
        elif e.verb == "opposing_power":
            # JK-3S-3: "the opposing side" is every other side (both, in a three-sided game)
            foes = set(opposing_teams(state, seat))
            for c in state.system + state.site:
                if state.team_of_card(c) in foes and state.cards[c].type in ("Character", "Starship"):
                    state.boost[c] = state.boost.get(c, 0) - e.n
        elif e.verb == "to_hit" and state.shot_window() is not None:
            state.shot_window().bonuses.append(e.n)  # type: ignore[union-attr]
        elif e.verb == "ignore_to_hit" and state.shot_window() is not None:
            state.shot_window().bonuses.clear()  # type: ignore[union-attr]
        elif e.verb == "cancel" and state.window is not None:
            state.window.cancelled = True
            say(state, "cancel", f"{state.name(state.window.card)} is cancelled", seat)
        elif e.verb == "recover_event":
            # JK-POWER-1: a power is not an "event card": only an Event comes back
            events = [c for c in p.discard if state.cards[c].is_event]
            if events:
                p.discard.remove(events[-1])
                p.hand.append(events[-1])
                say(state, "recover", f"{state.label(seat)} takes {state.name(events[-1])} back", seat)


def settle(state: JKState, seat: int, card: int) -> None:
    """JK-POWER-2, JK-START-3: a deployment-phase card stays on the table; others are discarded."""
    p = state.players[seat]
    if state.cards[card].timing == "deployment":
        p.table.append(card)
    else:
        p.discard.append(card)


def continue_after(state: JKState) -> None:
    """The action that started this is done: the battle's or the phase's next player."""
    if state.battle is not None:
        battle.after(state, False)
    else:
        flow.after_action(state, False)


# -- tactic bonus ---------------------------------------------------------------------------------------
def tactic_cards(state: JKState, seat: int) -> list[int]:
    """Events in hand with a tactic bonus (a power has none, JK-POWER-1)."""
    return [c for c in state.players[seat].hand if state.cards[c].is_event and state.cards[c].tactic > 0]


def tactic(state: JKState, seat: int, card: int, under: int) -> None:
    state.players[seat].hand.remove(card)
    zone = state.system if under in state.system else state.site
    zone.append(card)
    state.under[card] = under
    say(state, "tactic", f"{state.label(seat)} plays a tactic bonus under {state.name(under)}", seat)
    battle.after(state, False)


# -- weapon shots and response windows ----------------------------------------------------------------------
def fire(state: JKState, seat: int, weapon: int, target: int) -> None:
    b = state.battle
    assert b is not None
    b.fired.append(weapon)
    say(state, "fire", f"{state.name(weapon)} fires at {state.name(target)} (+{state.cards[weapon].to_hit} to hit)",
        seat, card=weapon)
    order = [s for s in clockwise_from(state, (seat + 1) % len(state.players)) if s != seat] + [seat]
    w = Window("shot", seat, order)
    w.weapon, w.target, w.bonuses = weapon, target, [state.cards[weapon].to_hit]
    state.windows.append(w)
    _trim_window(state)


def responses(state: JKState, seat: int) -> list[tuple[int, int, int | None]]:
    """(card, function, target) responses the seat may play in the open window."""
    out = []
    for c in state.players[seat].hand:
        if state.cards[c].timing == "response":
            out += [(c, f, t) for f, t in play_options(state, seat, c)]
    return out


def _trim_window(state: JKState) -> None:
    """Option response_prompts=playable: ask only the seats that could respond (faster, but it shows
    who holds a response); with none, the window closes at once."""
    w = state.window
    assert w is not None
    if state.options["response_prompts"] == "playable":
        w.turns.order = [s for s in w.turns.order if responses(state, s)]
        if not w.turns.order:
            close_window(state)


def respond_done(state: JKState, passed: bool) -> None:
    w = state.window
    assert w is not None
    if w.turns.step(passed):
        close_window(state)
        return
    if state.options["response_prompts"] == "playable":  # skip seats that cannot respond now
        for _ in range(len(w.turns.order)):
            if responses(state, w.turns.seat):
                return
            if w.turns.step(True):
                close_window(state)
                return


def close_window(state: JKState) -> None:
    w = state.windows.pop()
    if w.kind == "shot":
        battle.resolve_shot(state, w.seat, w.weapon, w.target, w.bonuses)
        battle.after(state, False)
        return
    if w.cancelled:
        # JK-POWER-4: discarded before it affects the game; its costs stay paid
        state.players[w.seat].discard.append(w.card)
        say(state, "cancelled", f"{state.name(w.card)} is discarded without effect", w.seat)
    else:
        resolve(state, w.seat, w.card, w.function, None if w.aim < 0 else w.aim)
        settle(state, w.seat, w.card)
    if state.windows:
        respond_done(state, False)  # the power was a response in the window below: the next responder
    else:
        continue_after(state)
