"""The arc of a game: planets, the turn and its phases, the Force Phase, control checks, the Final
Conflict.  Phase order (jedi_knights.md §5.2): Force, Deployment, Starship Battle (phase 3, S2),
Blockade (shuttling, S4), character battle; a control check after the planet's last turn."""

from __future__ import annotations

from allegiance.games.jk.rules import characters_at_site, clockwise_from, draw, power, say
from allegiance.games.jk.state import JKState, Turns

PHASES = ("deploy", "starship", "blockade", "character")
PHASE_NAMES = {"force": "Force Phase", "deploy": "Deployment Phase", "starship": "Starship Battle Phase",
               "blockade": "Blockade Phase", "character": "Battle Phase (characters)"}


def choose_location(state: JKState, planet: str) -> None:
    """JK-3S-5: the first location is the chooser's; the next three come from the shuffled pile."""
    rest = [p for p in state.planets if p != planet]
    state.rng.shuffle(rest)
    state.planets = [planet, *rest[:3]]
    say(state, "planet", f"The war begins at {planet}; then {', '.join(state.planets[1:])}")
    start_turn(state)


def end_game(state: JKState, winner: str, reason: str) -> None:
    state.phase = "over"
    state.winner = winner
    state.draw_game = not winner
    state.end_reason = reason
    state.battle = None
    state.windows = []
    state.pending = None
    say(state, "game_over", f"{winner} wins: {reason}" if winner else f"Draw: {reason}")


def start_turn(state: JKState) -> None:
    if state.turn >= state.options["max_turns"]:
        end_game(state, "", f"the turn limit ({state.options['max_turns']} turns) was reached")
        return
    state.turn += 1
    state.rotated.clear()  # every card is ready again (UNSOURCED: cards ready at the start of a turn)
    state.intimidated.clear()
    for seat in state.live_seats():
        p = state.players[seat]
        draw(state, seat, max(0, state.options["hand_size"] - len(p.hand)))
        if not p.force_deck and state.options["force_exhausted"] == "recycle":
            # UNSOURCED (option force_exhausted): the used Force cards become the Force deck again
            p.force_deck, p.force_used = p.force_used, []
    where = "the Final Conflict at " if state.final else ""
    say(state, "turn", f"Turn {state.turn}: {where}{state.planets[state.planet]}")
    state.phase = "force"
    if not force_choosers(state):
        reveal_force(state)


def force_choosers(state: JKState) -> list[int]:
    """The seats still to pick their Force card this Force Phase."""
    return [s for s in state.live_seats() if state.players[s].chosen < 0 and state.players[s].force_deck]


def choose_force(state: JKState, seat: int, card: int) -> None:
    """Each player picks a Force card in secret; all are revealed together (UNSOURCED, §12)."""
    p = state.players[seat]
    p.force_deck.remove(card)
    p.chosen = card
    say(state, "force_pick", f"{state.label(seat)} picks a Force card", seat)
    if not force_choosers(state):
        reveal_force(state)


def force_number(state: JKState, seat: int) -> int:
    c = state.players[seat].force_card
    return state.cards[c].force_number if c >= 0 else 0


def reveal_force(state: JKState) -> None:
    """The Force cards are revealed: each Force number gives that many credits (UNSOURCED); the highest
    Force number makes Player 1 (UNSOURCED, ties per option player_one_tie)."""
    for seat in state.live_seats():
        p = state.players[seat]
        if p.force_card >= 0:
            p.force_used.append(p.force_card)
        p.force_card, p.chosen = p.chosen, -1
        bonus = 0
        if state.final:  # UNSOURCED (option final_conflict_credits): the planets won give resources
            bonus = state.options["final_conflict_credits"] * state.controlled.count(state.team(seat))
        kept = p.credits if state.options["unspent_credits"] == "kept" else 0
        p.credits = kept + force_number(state, seat) + bonus
        say(state, "force", f"{state.label(seat)} reveals Force number {force_number(state, seat)}: "
            f"{p.credits} credit{'' if p.credits == 1 else 's'}", seat, force=force_number(state, seat))
    live = state.live_seats()
    best = max(force_number(state, s) for s in live)
    tied = [s for s in live if force_number(state, s) == best]
    last = state.player_one
    if len(tied) == 1:
        state.player_one = tied[0]
    elif last < 0:
        state.player_one = tied[state.rng.below(len(tied))]
    elif state.options["player_one_tie"] == "keep" and last in tied:
        state.player_one = last
    else:  # rotate: the first tied seat clockwise after the last Player 1
        state.player_one = next(s for s in clockwise_from(state, (last + 1) % len(state.players)) if s in tied)
    say(state, "player_one", f"{state.label(state.player_one)} is Player 1", state.player_one)
    start_phase(state, "deploy")


def start_phase(state: JKState, phase: str) -> None:
    """Players alternate single actions, Player 1 first, then clockwise (S2); a phase ends when every
    player has passed in a row."""
    state.phase = phase
    state.shuttled.clear()
    state.turns = Turns(clockwise_from(state, state.player_one))
    say(state, "phase", PHASE_NAMES[phase])


def end_phase(state: JKState) -> None:
    i = PHASES.index(state.phase)
    if i + 1 < len(PHASES):
        start_phase(state, PHASES[i + 1])
    else:
        end_turn(state)


def after_action(state: JKState, passed: bool) -> None:
    """One action (or a pass) of the current phase is done: the next seat, or the next phase."""
    if state.turns.step(passed):
        end_phase(state)


def end_turn(state: JKState) -> None:
    for c in list(state.under):  # tactic bonuses last the turn (UNSOURCED), then are discarded
        zone = state.system if c in state.system else state.site
        zone.remove(c)
        del state.under[c]
        state.players[state.owner[c]].discard.append(c)
    state.boost.clear()
    state.turn_at_planet += 1
    if state.final:
        final_conflict_check(state)
    elif state.turn_at_planet >= state.options["turns_per_planet"]:
        control_check(state)
    if state.phase != "over":
        start_turn(state)


def team_power_at_site(state: JKState, team: str) -> int:
    return sum(power(state, c) for c in characters_at_site(state, team))


def control_check(state: JKState) -> None:
    """JK-3S-9: the side with the highest total power at the site wins the planet; it need not beat
    the other sides combined.  A tie: nobody, or Player 1's side (option control_tie, UNSOURCED)."""
    planet = state.planets[state.planet]
    totals = {t: team_power_at_site(state, t) for t in state.live_teams()}
    best = max(totals.values())
    tied = [t for t, v in totals.items() if v == best]
    winner = ""
    if best > 0 and len(tied) == 1:
        winner = tied[0]
    elif best > 0 and state.options["control_tie"] == "player_one" and state.team(state.player_one) in tied:
        winner = state.team(state.player_one)
    state.controlled.append(winner)
    shown = ", ".join(f"{t} {v}" for t, v in totals.items())
    say(state, "control", f"Control check at {planet} ({shown}): "
        + (f"{winner} controls {planet}" if winner else "nobody controls it"), winner=winner)
    # JK-3S-10: a side that controls three planets wins at once
    if winner and state.controlled.count(winner) >= 3:
        end_game(state, winner, "it controls three planets")
        return
    next_planet(state)


def next_planet(state: JKState) -> None:
    """The war moves on; the cards in play at the decided planet stay there (UNSOURCED: they leave the
    game for each owner's ``left`` pile), lasting events stay on their players' tables (JK-START-3)."""
    for c in state.system + state.site:
        state.players[state.owner[c]].left.append(c)
    state.system.clear()
    state.site.clear()
    state.attached.clear()
    state.under.clear()
    state.planet += 1
    state.turn_at_planet = 0
    if state.planet >= 3:
        state.final = True
        say(state, "final", f"The Final Conflict at {state.planets[state.planet]}")


def final_conflict_check(state: JKState) -> None:
    """JK-3S-11: at the end of each Final Conflict turn (UNSOURCED: when), a side with no character on
    the last planet is out; when one side alone remains it wins, even with no planet won before."""
    for team in state.live_teams():
        if not characters_at_site(state, team):
            for s in state.table.members(team):
                state.players[s].out = True
            say(state, "out", f"{team} has no character at {state.planets[state.planet]}: it is out")
    live = state.live_teams()
    if len(live) == 1:
        end_game(state, live[0], "its cards alone remain on the last planet (the Final Conflict)")
    elif not live:
        end_game(state, "", "no side has a character left on the last planet")
