"""What happens between decisions: the rollbacks, the four-phase turn (601-605), the File d'Attente
(503, 809, 810) and the checks made after every step (Allié lethal damage, Héros at 0 PV, victory).

``advance`` runs everything automatic until some seat must decide (a :class:`Pending`, or the active
player's free choice in the Phase Principale / Phase d'Actions) or the game is over.
"""

from __future__ import annotations

from allegiance.games.wakfu import choices, combat, events, pay, resolution, rules, teams
from allegiance.games.wakfu.cards import HERO_SIDES
from allegiance.games.wakfu.registry import END_DECLARED, STEP_WATCH, UNTAP_LIMIT
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def advance(state: WakfuState) -> None:
    for _ in range(10_000):
        if state.phase == "over":
            state.pending.clear()
            return
        check(state)
        if len(state.players) > 2 and state.phase != "over" and _skip_out(state):  # teams.is_team
            continue
        if state.phase == "over" or state.pending:
            return
        if state.file:
            top = state.file[-1]
            if not top.paid:  # pragma: no cover - payment always has a pending decision
                raise RuntimeError("Wakfu: a card is being paid for with no decision pending")
            if top.to_ask and state.config.reaction_prompts == "always":
                open_round(state, top)  # every seat still to ask, at once
                return
            # the seats to ask, in order; one with nothing to answer is passed over at once (asking changes
            # nothing, so the checks above need not run again: at 4v4 they ran for each of seven seats)
            while top.to_ask:
                seat = top.to_ask.pop(0)
                options = choices.reactions(state, seat, top)
                if options:
                    state.pending.append(Pending("reaction", seat, f"{_event_text(state, top)}: play a Réaction "
                                                 "or pass", (*options, "pass"), top.card))
                    return
            state.file.pop()
            resolution.resolve(state, top)
            continue
        if state.combat is not None and state.combat.step != "actions":
            combat.step(state)
            continue
        if state.phase == "mulligan":
            _mulligan(state)
            if state.pending:
                return
            continue
        if state.phase == "draw":
            draw_phase(state)
            continue
        if state.phase == "end":
            end_phase(state)
            continue
        if state.combat is not None and state.flags and combat.ask_reassign(state):  # 705.4
            return
        return  # main phase or Phase d'Actions: the seat's free choice
    raise RuntimeError("Wakfu: advance() did not settle")  # pragma: no cover


def _event_text(state: WakfuState, top: Item) -> str:
    """What the Réactions to the File item ``top`` answer, in words."""
    if top.kind == "attack":
        return f"{rules.label(state, top.seat)} declares an attack"
    if top.effect == "combat_inclined":
        return "the end of combat inclined " + ", ".join(state.name(c) for c in top.inclined)
    if top.effect == "quest:destroyed":
        return f"{rules.label(state, top.seat)} destroyed {state.name(top.card)}"
    if top.effect == "damage_window":
        return f"{state.name(top.targets[0])} is about to take {top.targets[1]} damage"
    if top.effect in ("xp_about", "xp_gained"):
        verb = "is about to gain" if top.effect == "xp_about" else "gained"
        return f"{rules.label(state, top.targets[0])} {verb} {top.targets[1]} XP"
    if top.effect == "draw_about":
        return f"{rules.label(state, top.targets[0])} is about to draw a card"
    if top.effect == "combat_over":
        return "the combat is over"
    if top.effect == "moved":
        return f"{rules.label(state, top.seat)} made a mouvement"
    if top.effect == "quest:end_turn":
        return f"{rules.label(state, top.seat)} declares the end of the turn"
    return f"{state.name(top.card)} was just played"


# -- Réaction rounds (809.6, issue 24 item 3) ------------------------------------------------------------
# With ``reaction_prompts: always`` (the online table) every seat allowed to react to a File item is asked,
# whether or not it holds a Réaction.  Asking them one after another made a team game wait for each seat's
# window in turn (at 8v8, fifteen windows per card played).  So they are asked at once, in a *round*: each
# answer is recorded, hidden, and once every seat has answered the answers are applied in the rules' order
# (809.6: the opponent of the item's controller first, then the turn order, WK-GOLD-2): the first Réaction
# in that order is played; the seats before it passed; the seats after it are asked again once that
# Réaction has resolved (810.1), since they may want to answer the item differently now.  That is the game
# of asking in turn: a seat's answer counts only when every seat before it passed, which it would have
# known when asked in turn, and the state does not change while a round is open.
def open_round(state: WakfuState, top: Item) -> None:
    """Ask every seat of ``top.to_ask`` at once (see above); the first in priority order is the top question."""
    prompt = f"{_event_text(state, top)}: play a Réaction or pass (everyone asked answers at once)"
    since = state.version + 1  # the version this round stands from (the action opening it is being applied)
    asks = [Pending("reaction", seat, prompt, (*choices.reactions(state, seat, top), "pass"), top.card,
                    (("since", since),)) for seat in top.to_ask]
    top.answered = []
    state.pending.extend(reversed(asks))


def answer_round(state: WakfuState, pend: Pending, value: object) -> None:
    """Record ``pend.seat``'s answer to the open round; the last answer applies them all (see above)."""
    top = state.file[-1]
    top.answered.append((pend.seat, value))
    if state.round():
        return  # others still to answer: nothing is said, and nothing changes for them
    answers = dict(top.answered)
    top.answered = []
    asked = top.to_ask
    for k, seat in enumerate(asked):
        value = answers.get(seat, "pass")
        if value != "pass":
            top.to_ask = asked[k + 1:]  # 810.1: asked again about ``top`` once the Réaction has resolved
            pay.react(state, seat, value)
            return
    top.to_ask = []


# -- rollbacks (102.4) ---------------------------------------------------------------------------------
def _mulligan(state: WakfuState) -> None:
    for seat in teams.order(state):  # the first player takes his rollbacks first (teams: in turn order)
        if ("kept", seat) not in state.flags:
            p = state.players[seat]
            options = ("keep", "rollback") if p.main else ("keep",)
            state.pending.append(Pending(
                "mulligan", seat, f"Keep these {len(p.main)} cards, or roll back (recycle them and draw "
                f"{rollback_draw(state, seat)})?", options))
            return
    start_turn(state, state.first)


def rollback_draw(state: WakfuState, seat: int) -> int:
    """102.4: the first rollback draws as many cards as the player's PA, each next one a card fewer,
    down to 0."""
    return max(rules.pa(state, seat) - state.players[seat].mulligans, 0)


def mulligan(state: WakfuState, pend: Pending, value: object) -> None:
    seat = pend.seat
    p = state.players[seat]
    if value == "keep":
        state.flags.add(("kept", seat))
        rules.say(state, "keep", f"{rules.label(state, seat)} keeps {len(p.main)} cards", seat)
        return
    n = rollback_draw(state, seat)
    for c in p.main[:]:
        rules.recycle(state, c)
    state.rng.shuffle(p.pioche)
    p.mulligans += 1
    rules.say(state, "rollback", f"{rules.label(state, seat)} rolls back and draws {n}", seat)
    for _ in range(n):
        rules.draw(state, seat)


# -- the turn ------------------------------------------------------------------------------------------
def start_turn(state: WakfuState, seat: int) -> None:
    """Phase de Redressement (602): durations ending now end, the active player untaps everything, then
    the start-of-turn triggers go to the File (the active player's first to resolve, 602.2)."""
    state.turn += 1
    state.active = seat
    p = state.players[seat]
    p.turns += 1
    p.drew_or_played = False
    state.attacked = False
    until = f"next:{seat}"
    state.mods = [m for m in state.mods if m[3] != until]
    state.pmods = [m for m in state.pmods if m[3] != until]
    frozen = {c for c, stat, _, _ in state.mods if stat == "no_untap"}
    limits = [n for limit in UNTAP_LIMIT if (n := limit(state, seat)) is not None]
    tapped = [c for c in p.monde + p.havre if c not in frozen and c in state.tapped]
    if limits and len(tapped) > min(limits):  # the player chooses which cards untap (Grippe de Wakfu)
        state.pending.append(Pending("effect", seat, f"Untap up to {min(limits)} cards: choose one, or done",
                                     (*tapped, "done"), data=(("fx", "untap_some"), ("left", min(limits)))))
        tapped = []
    woke = []
    for c in tapped:
        state.tapped.discard(c)
        woke.append(c)
    state.flags = {f for f in state.flags if f[0] in ("kept", "recycled_hand", "sac_twice")}
    rules.say(state, "turn", f"turn {state.turn}: {rules.label(state, seat)}", seat)
    state.phase = "main"
    for c in woke:
        events.untapped(state, c)  # "whenever it untaps" (Goultard le Barbare)
    events.start_of_turn(state, seat)


def end_turn(state: WakfuState) -> None:
    """The active player ends the Phase Principale (603.4): on to the Phase de Pioche."""
    state.phase = "draw"
    for declared in END_DECLARED:  # a window for the Réactions to the declaration (Quêtes, 302.2)
        declared(state, state.active)
    p = state.players[state.active]
    # 604.2: once per game, with a full hand and no card drawn or played this turn, recycle the hand.
    if not p.recycled and p.main and len(p.main) == rules.pa(state, p.seat) and not p.drew_or_played:
        state.pending.append(Pending("recycle_hand", p.seat,
                                     "Recycle your whole hand and draw a new one (once per game)?",
                                     ("recycle", "keep")))


def recycle_hand(state: WakfuState, pend: Pending, value: object) -> None:
    if value == "recycle":
        p = state.players[pend.seat]
        p.recycled = True
        for c in p.main[:]:
            rules.recycle(state, c)
        rules.say(state, "recycle_hand", f"{rules.label(state, pend.seat)} recycles their hand", pend.seat)
    state.flags.add(("draw_ready", pend.seat))


def draw_phase(state: WakfuState) -> None:
    """Phase de Pioche (604.1): draw one at a time up to PA, the number fixed when the phase starts."""
    seat = state.active
    for _ in range(max(0, rules.pa(state, seat) - len(state.players[seat].main))):
        rules.draw(state, seat)
    state.phase = "end"


def end_phase(state: WakfuState) -> None:
    """Phase de Fin de Tour (605): end-of-turn effects, then all damage leaves the Alliés (605.2, 410.8)."""
    events.end_of_turn(state, state.active)
    state.damage.clear()
    state.mods = [m for m in state.mods if m[3] != "turn"]
    state.pmods = [m for m in state.pmods if m[3] != "turn"]
    if state.turn >= state.config.max_turns:
        state.phase = "over"
        state.draw = True
        state.end_reason = f"no winner after {state.config.max_turns} turns"
        rules.say(state, "draw", state.end_reason)
        return
    start_turn(state, teams.next_seat(state, state.active))  # WK-ORDER-1, WK-ORDER-2


# -- checks after every step -----------------------------------------------------------------------------
def check(state: WakfuState) -> None:
    """Lethal damage destroys Alliés (410.8, 204.6); Havre Sacs at 0 PR are banished (410.7); the game
    ends on a Héros at 0 PV (410.4, 103.2a, 103.3, 103.5) or at Niveau 3 (103.2b, 103.4); a hand over PA
    is discarded down (505.3).

    It runs after every step, so it first looks only where something can be due: an Allié may die only
    if it is damaged or its Force can be 0 (``rules.fragile``; no starter card lowers Force), a Havre Sac
    only at 0 PR.  What it finds, and in which order, is what a scan of every card in play would find."""
    if state.pmods:
        for watch in STEP_WATCH:  # effects that follow a change as it happens (Emprise)
            watch(state)
    if state.tokens:
        rules.tokens_out_of_play(state)  # 413.2
    players = state.players
    for _ in range(100):
        changed = False
        known = state.fragile  # _lethal's first test, inlined: most steps leave no Allié damaged or fragile
        if not state.damage and known is not None and not known[1] and known[0] == len(state.cards):
            due: set[int] | tuple[()] = ()
        else:
            due = _lethal(state)
        for p in players:
            if due:
                for c in p.monde + p.havre:
                    if c in due:
                        credit = _credit_of(state, c)
                        if credit is not None and credit[1] and state.combat is not None:
                            state.combat.destroyed.append((c, credit[0]))  # XP at the end of combat (415.1)
                            events.destroy(state, c, None)
                            if c not in state.players[state.owner(c)].defausse:  # not destroyed after all
                                state.combat.destroyed.remove((c, credit[0]))  # (Donjon des Larves)
                        else:
                            events.destroy(state, c, credit[0] if credit else None)
                        changed = True
                        break
                if changed:
                    break
            if p.sac_pr <= 0 and p.sac in p.monde:
                rules.banish_sac(state, p.seat)
                changed = True
                break
        if not changed:
            break
    for f in state.flags:
        if f[0] == "lethal":
            state.flags = {f for f in state.flags if f[0] != "lethal"}
            break
    victory(state)
    if state.phase == "over" or state.pending:
        return
    # rules.pa_floor, inlined (it runs for every player after every step): the PA lost by each seat,
    # gathered in one pass over the player modifiers
    lost: dict[int, int] | None = None
    for s, st, v, _ in state.pmods:
        if st == "pa" and v < 0:
            if lost is None:
                lost = {}
            lost[s] = lost.get(s, 0) + v
    cards = state.cards
    for p in players:
        n = len(p.main)
        # a hand within the lowest printed PA of any Héros side needs no count while no PA is lost
        if n <= rules.MIN_HERO_PA and (lost is None or p.seat not in lost) or p.out:
            continue
        d = cards[p.hero]
        if d.type == "Héros":  # rules.cd: the side of its level
            d = HERO_SIDES[d.name][min(players[state.owners[p.hero]].level, 2) - 1]
        floor = d.pa
        if lost is not None:
            floor += lost.get(p.seat, 0)
        if n <= floor:
            continue
        if n > rules.pa(state, p.seat):
            state.pending.append(Pending("discard", p.seat,
                                         f"Your hand holds more cards than your PA ({rules.pa(state, p.seat)}): "
                                         "discard one", tuple(p.main)))
            return


def _lethal(state: WakfuState) -> set[int] | tuple[()]:
    """The Alliés in play with lethal damage or a Force of 0 (410.8, 204.6) (the caller takes them in
    zone order).  Only a damaged Allié or one whose Force can be 0 may die."""
    dmg = state.damage
    known = state.fragile
    frag = known[1] if known is not None and known[0] == len(state.cards) else rules.fragile(state)
    if not dmg and not frag:
        return ()
    cands = list(dmg)
    if frag:  # only those in play (a Vrombyx in a hand is no Allié in play); the order is free (a set)
        players, owners = state.players, state.owners
        for c in frag:
            if c in dmg:
                continue
            # rules.in_play, asking the owner's zones first: a card is in exactly one zone (invariant 3), so
            # one in its owner's hand, Pioche or Défausse is out of play, which spares the scan of every
            # player's zones (a few fragile Alliés are looked for after every step, mostly in a Pioche)
            p = players[owners[c]]
            if c in p.monde or c in p.havre or (c not in p.main and c not in p.defausse and c not in p.pioche
                                                and rules.in_play(state, c)):
                cands.append(c)
    cards = state.cards
    out = set()
    for c in cands:
        d = cards[c]
        if d.type != "Allié" or (c not in dmg and not d.variable_force and d.force > 0):
            continue
        f = rules.force(state, c)
        if dmg.get(c, 0) >= f or f <= 0:
            out.add(c)
    return out


def _credit_of(state: WakfuState, card: int) -> tuple[int, int] | None:
    for f in state.flags:
        if f[0] == "lethal" and f[1] == card and f[2] >= 0:
            return f[2], f[3]
    return None


def victory(state: WakfuState) -> None:
    """End the game if a player or team has won (run after every step, and on a loaded position)."""
    if state.phase in ("setup", "over"):
        return
    if len(state.players) > 2:  # teams.is_team
        _team_victory(state)
        return
    p0, p1 = state.players
    if (p0.pv > 0 and p1.pv > 0 and p0.xp < rules.XP_WIN and p1.xp < rules.XP_WIN
            and (p0.hero in p0.havre or p0.hero in p0.monde) and (p1.hero in p1.havre or p1.hero in p1.monde)):
        return  # the usual case, in one test: both Héros standing in their own zones, below Niveau 3
    # (a Héros in its own player's zones is in play: the scan of every zone only when it is not)
    dead = []
    top = []
    for p in state.players:
        if p.pv <= 0 or (p.hero not in p.havre and p.hero not in p.monde and not rules.in_play(state, p.hero)):
            dead.append(p.seat)
        if p.xp >= rules.XP_WIN:
            top.append(p.seat)
    if not dead and not top:
        return
    if len(dead) == 2:
        dead = []  # (a loop, not a comprehension: that made a cell of ``state`` at every call of victory)
        for p in state.players:  # 103.3: both stay at 1 PV
            if rules.in_play(state, p.hero):
                p.pv = 1
            else:
                dead.append(p.seat)
        rules.say(state, "both_heroes", "both Héros would fall together: both stay at 1 PV (103.3)")
    if len(dead) == 1:  # 103.2a, 103.5: a Héros at 0 PV loses even at Niveau 3
        _win(state, 1 - dead[0], "Victoire au Combat: the opposing Héros is destroyed")
        return
    if len(dead) == 2:
        state.phase, state.draw, state.end_reason = "over", True, "both Héros left play"
        return
    if len(top) == 1:
        _win(state, top[0], "Victoire à l'Expérience: the Héros reaches Niveau 3")
    elif len(top) == 2:  # 103.4: play on until one has more XP
        a, b = state.players[0].xp, state.players[1].xp
        if a != b:
            _win(state, 0 if a > b else 1, "Victoire à l'Expérience: more XP at Niveau 3 (103.4)")


def _win(state: WakfuState, seat: int, reason: str) -> None:
    state.phase = "over"
    state.winner = seat
    state.end_reason = reason
    state.pending.clear()
    rules.say(state, "win", f"{rules.label(state, seat)} wins: {reason}", seat)


def discard(state: WakfuState, pend: Pending, value: object) -> None:
    assert isinstance(value, int)
    rules.remove(state, value)
    state.players[pend.seat].defausse.append(value)
    rules.say(state, "discard", f"{rules.label(state, pend.seat)} discards {state.name(value)}", pend.seat,
              card=value)


# -- team games: victory, hero destruction and elimination (WK-WIN-*, WK-XP-*, WK-ELIM-*) -------------------
def _team_victory(state: WakfuState) -> None:
    """WK-WIN-1: a team wins when every opposing Héros is at 0 PV; a fallen Héros' player leaves
    (WK-ELIM-1).  WK-WIN-2: the first team whose team XP reaches 18 per Héros wins."""
    # a Héros is always controlled by its owner (no control changes), so "in play" is its own zones
    falling, left_first, left_second, xp_first, xp_second = _team_tally(state)
    if falling:
        standing = {state.table.team_of(p.seat) for p in state.players if not p.out and p.seat not in falling}
        if len(standing) == 0:
            # 103.3 read for teams (WK-GOLD-2, RULES.md): the last Héros of both teams falling together
            # all stay at 1 PV
            for s in falling:
                if rules.in_play(state, state.players[s].hero):
                    state.players[s].pv = 1
            falling = [s for s in falling if not rules.in_play(state, state.players[s].hero)]
            rules.say(state, "both_heroes", "the last Héros of both teams would fall together: they stay at 1 PV")
        for s in falling:
            eliminate(state, s)
        _, left_first, left_second, xp_first, xp_second = _team_tally(state)
    n = len(state.players) // 2
    if left_first != left_second:
        _win_team(state, state.table.teams[0 if left_first else 1], "Victoire au Combat: every opposing Héros is destroyed")
        return
    if not left_first:
        state.phase, state.draw, state.end_reason = "over", True, "every Héros left play"
        return
    goal = teams.XP_PER_HERO * n
    if xp_first < goal and xp_second < goal:
        return
    reached = [t for t, xp in zip(state.table.teams, (xp_first, xp_second), strict=True) if xp >= goal]
    if len(reached) == 1:
        _win_team(state, reached[0], "Victoire à l'Expérience: the team XP reaches 18 per Héros")
    elif len(reached) == 2:  # 103.4 read for teams: play on until one team has more XP
        a, b = xp_first, xp_second
        if a != b:
            _win_team(state, reached[0] if a > b else reached[1], "Victoire à l'Expérience: more team XP (103.4)")


def _team_tally(state: WakfuState) -> tuple[list[int], bool, bool, int, int]:
    """In one pass: the players whose Héros falls now (at 0 PV or out of play), whether each team has a
    player left, and each team's XP (WK-XP-1: eliminated players' XP included).  The two teams, in table
    order, hold seats 0..n-1 and n..2n-1 (teams.members)."""
    players = state.players
    n = len(players) // 2
    falling = []
    left_first = left_second = False
    xp_first = xp_second = 0
    for p in players[:n]:
        xp_first += p.xp
        if not p.out:
            left_first = True
            if p.pv <= 0 or (p.hero not in p.havre and p.hero not in p.monde):
                falling.append(p.seat)
    for p in players[n:]:
        xp_second += p.xp
        if not p.out:
            left_second = True
            if p.pv <= 0 or (p.hero not in p.havre and p.hero not in p.monde):
                falling.append(p.seat)
    return falling, left_first, left_second, xp_first, xp_second


def _win_team(state: WakfuState, team: str, reason: str) -> None:
    state.phase = "over"
    state.winner = state.table.members(team)[0]
    state.end_reason = reason
    state.pending.clear()
    rules.say(state, "win", f"team {team.upper()} wins: {reason}")


def eliminate(state: WakfuState, seat: int) -> None:
    """WK-ELIM-1..3: the player leaves the game and takes back every card they own (draw pile and
    discard included); every effect they controlled ends at once (their modifiers, what lasts "until
    their next turn", their cards and powers in the File, their pending choices)."""
    p = state.players[seat]
    if p.out:
        return
    p.out = True
    rules.say(state, "eliminated", f"{rules.label(state, seat)}'s Héros is destroyed: {rules.label(state, seat)} "
              "leaves the game", seat)
    cb = state.combat
    mine = [c for c in range(len(state.owners)) if state.owners[c] == seat]
    for c in mine:
        if cb is not None:
            if c in cb.attackers:
                cb.attackers.remove(c)
            cb.blockers.pop(c, None)
            for b, a in list(cb.blockers.items()):
                if a == c:
                    del cb.blockers[b]
        for e in rules.equipment_of(state, c):
            state.attached.pop(e, None)
        rules.remove(state, c)
        if c in state.banished:
            state.banished.remove(c)
    state.file = [i for i in state.file if i.seat != seat and state.owners[i.card] != seat]
    for i in state.file:
        if seat in i.to_ask:
            i.to_ask.remove(seat)
    p.gone = sorted(mine)
    p.pioche, p.main, p.defausse, p.havre, p.monde = [], [], [], [], []
    until = f"next:{seat}"
    state.mods = [m for m in state.mods if m[3] != until]
    for f in sorted((f for f in state.flags if f[0] == "mod_by" and f[1] == seat), key=repr):
        state.flags.discard(f)
        if f[2] in state.mods:  # a Force bonus they gave until end of turn or of combat, …
            state.mods.remove(f[2])
    state.pmods = [m for m in state.pmods if m[0] != seat and m[3] != until]
    state.pending = [q for q in state.pending if q.seat != seat]
    state.flags = {f for f in state.flags if not (f[0] == "lethal" and f[1] in p.gone)}


def _skip_out(state: WakfuState) -> bool:
    """After an elimination: drop what the eliminated player would still decide; an attack they led or
    that targeted their card ends; their turn ends (WK-ELIM-3).  True if something changed."""
    # every case below concerns an eliminated player
    for p in state.players:
        if p.out:
            break
    else:
        return False
    changed = False
    if any(state.players[q.seat].out for q in state.pending):
        state.pending = [q for q in state.pending if not state.players[q.seat].out]
        changed = True
    for i in state.file:
        if any(state.players[s].out for s in i.to_ask):
            i.to_ask = [s for s in i.to_ask if not state.players[s].out]
            changed = True
    cb = state.combat
    if cb is not None and state.players[cb.attacker].out:
        if not state.file and not state.pending:
            combat.end_now(state)
            return True
    if cb is not None and cb.step == "actions" and state.players[cb.to_act].out:
        combat.skip_to_next(state)
        changed = True
    if state.players[state.active].out and state.phase in ("main", "draw", "end") \
            and not state.file and not state.pending:
        state.combat = None
        state.mods = [m for m in state.mods if m[3] not in ("turn", "combat")]
        state.pmods = [m for m in state.pmods if m[3] not in ("turn", "combat")]
        state.damage.clear()
        start_turn(state, teams.next_seat(state, state.active))
        return True
    return changed
