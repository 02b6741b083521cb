"""Turn structure: setup choices, the start of a team turn, the main phase, the end of the turn.

SW-TURN-1: turns alternate between teams; in 2v2 both teammates act in any interleaving and the
team turn ends when both have ended it.  In 1v1 the "team" is one player.
"""

from __future__ import annotations

from typing import Any, Final

from allegiance.games.swdbg.cards import NEUTRAL
from allegiance.games.swdbg.effects import (
    EFFECTS,
    ON_PLAY,
    ON_REVEAL,
    Handler,
    ask,
    on_play_neutral,
    who_resolves,
)
from allegiance.games.swdbg.rules import (
    draw,
    exile,
    find_owner_zone,
    force_full,
    gain_force,
    label,
    resources_text,
    say,
    team_bases,
)
from allegiance.games.swdbg.state import Pending, Player, SwdbgState

HAND_SIZE: Final = 5


def advance(state: SwdbgState) -> None:
    """Run the automatic steps until someone must choose or the main phase is reached."""
    while state.stage != "over" and not state.pending:
        if state.queue:
            name, seat, card = state.queue.pop(0)
            EFFECTS[name](state, state.players[seat], card if card is not None else -1)
            continue
        if state.stage == "setup":
            if _secret_bases_step(state):
                continue
            state.stage = "start"
            continue
        if state.stage == "start":
            if _start_step(state):
                continue
            state.stage = "main"
            state.main_since = state.version + 1  # the version this apply leads to (0 at new_game)
        return


def _secret_bases_step(state: SwdbgState) -> bool:
    """Secret Bases: each player secretly keeps 4 of their 9 other bases; the rest go back to the box."""
    for p in state.players:
        if ("secret", p.seat) not in state.flags:
            state.flags.add(("secret", p.seat))
            ask(state, "secret_base", (p.seat,), p.seat, "Secret Bases: keep which base? (4 to keep)",
                p.base_deck, None, kept=())
            return True
    return False


def _start_step(state: SwdbgState) -> bool:
    """One step of the start of the active team's turn; False once it is done."""
    team = [p for p in state.players if p.team == state.active_team]
    for p in team:
        # A player with no base chooses and reveals a new one (SW-FAQ-2: with none left, play on).
        if p.base is None and p.base_deck and ("chose", p.seat) not in state.flags:
            state.flags.add(("chose", p.seat))
            ask(state, "choose_base", (p.seat,), p.seat, "Choose your next base", p.base_deck)
            return True
    if ("start_resources",) not in state.flags:
        state.flags.add(("start_resources",))
        for p in team:
            gained = sum(state.cards[c].resources for c in p.ships)  # SW-SHARED-3: only the ship's player
            if force_full(state, p.faction):
                gained += 1  # SW-TURN-2: each teammate gains 1 when the Force is fully on their side
            if gained:
                p.resources += gained
                say(state, "resources", f"{label(state, p.seat)} starts the turn with {resources_text(gained)}", p.seat)
    for p, base in team_bases(state, state.active_team):
        if state.name(base) == "Coruscant" and ("coruscant", base) not in state.flags:
            state.flags.add(("coruscant", base))
            # SW-CARD-CORUSCANT: the team picks which teammate looks at their own galaxy deck.
            who_resolves(state, p, "coruscant", base, "Coruscant")
            return True
    return False


def play_card(state: SwdbgState, p: Player, card: int) -> None:
    """Play a card from hand: gain its resources and Force at once; ships go to the shared zone.

    No uniqueness check: teammates may both have the same unique character in play (SW-FAQ-3).
    """
    d = state.cards[card]
    p.hand.remove(card)
    (p.ships if d.is_ship else p.units).append(card)  # SW-SHARED-2: on the player's half of the zone
    say(state, "play", f"{label(state, p.seat)} plays {d.name}", p.seat, card=card)
    if d.resources:
        p.resources += d.resources  # SW-BUY-1
    gain_force(state, p, d.force)
    if d.faction == NEUTRAL:
        on_play_neutral(state, p)
    if d.name in ON_PLAY:
        ON_PLAY[d.name](state, p, card)


def end_turn(state: SwdbgState, p: Player) -> None:
    """A player ends their part of the team turn; the team turn ends when every teammate has."""
    p.ended = True
    say(state, "end_turn", f"{label(state, p.seat)} ends their turn", p.seat)
    if all(q.ended for q in state.players if q.team == p.team):
        end_team_turn(state)


def end_team_turn(state: SwdbgState) -> None:
    """Exile Tarkin/Jedha cards, discard units and hand, lose resources, draw 5; the other team's turn."""
    for p in state.players:
        if p.team != state.active_team:
            continue
        for c in p.end_exile:
            found = find_owner_zone(state, c)
            if found is not None and found[0] is p:
                exile(state, c, found[1])
        p.end_exile.clear()
        p.discard.extend(p.units)
        p.units.clear()
        p.discard.extend(p.hand)
        p.hand.clear()
        p.resources = 0
        p.ended = False
        draw(state, p, HAND_SIZE)
    state.used.clear()
    state.attacked.clear()
    state.bonus.clear()
    state.flags.clear()
    state.hoth_prevented = 0
    state.next_top = [0, 0]
    state.active_team ^= 1
    if state.turn >= state.config.max_turns:  # ``turn`` stays the number of team turns played
        state.stage = "over"
        state.draw = True
        state.end_reason = f"turn limit of {state.config.max_turns} team turns reached"
        say(state, "draw_game", f"The game is a draw: {state.end_reason}")
        return
    state.turn += 1
    state.stage = "start"
    say(state, "turn", f"Turn {state.turn}: {('Empire', 'Rebel')[state.active_team]} team")


def _h_choose_base(state: SwdbgState, pend: Pending, value: Any) -> None:
    p = state.players[pend.actor]
    p.base_deck.remove(value)
    p.base = value
    say(state, "reveal_base", f"{label(state, p.seat)} reveals {state.name(value)} as their new base", p.seat)
    if state.name(value) in ON_REVEAL:
        ON_REVEAL[state.name(value)](state, p, value)


def _h_secret_base(state: SwdbgState, pend: Pending, value: Any) -> None:
    p = state.players[pend.actor]
    kept = (*pend.get("kept"), value)
    if len(kept) < 4:
        ask(state, "secret_base", (p.seat,), p.seat, f"Secret Bases: keep which base? ({4 - len(kept)} more)",
            [b for b in p.base_deck if b not in kept], None, kept=kept)
        return
    for b in [b for b in p.base_deck if b not in kept]:
        p.base_deck.remove(b)
        state.box.append(b)  # back to the box, unseen by the opponents
    say(state, "secret_bases", f"{label(state, p.seat)} has chosen their secret bases", p.seat)


TURN_HANDLERS: Final[dict[str, Handler]] = {"choose_base": _h_choose_base, "secret_base": _h_secret_base}
