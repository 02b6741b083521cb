"""The greedy bot's 2v2 team sense, in small positions, and whole 2v2 games between bots."""

from __future__ import annotations

from allegiance.bots.greedy import GreedyBot
from allegiance.core.rng import Rng
from allegiance.sim.runner import play_game
from tests.swdbg.builders import GAME, act, build, choose, cid


def _greedy(state: object, seat: int) -> object:
    return GAME.greedy_choice(state, seat, GAME.legal_actions(state, seat), Rng(1))


def test_greedy_splits_damage_toward_the_base_it_can_destroy() -> None:
    """rule: SW-ATTACK-1 — the bot answering the team's split puts what destroys a base on it."""
    s = build("2v2", active_team=1, units={2: ["X-Wing"], 3: ["Rebel Trooper"]})
    e1, e2 = s.players[0].base, s.players[1].base
    s.damage = {e2: 5}  # Empire 2's Lothal needs 3 more
    act(s, 2, "commit", card=cid(s, "X-Wing"), target="base")
    act(s, 3, "commit", card=cid(s, "Rebel Trooper"), target="base")
    act(s, 2, "resolve")
    pick = _greedy(s, 3)
    assert (pick.get("value"), pick.get("amount")) == (e2, 3)
    GAME.apply(s, 3, pick)
    assert e2 in s.victory[1] and s.damage == {e1: 2}


def test_greedy_lets_the_teammate_who_benefits_resolve_a_shared_ability() -> None:
    """rule: SW-SHARED-4 — Corellia: the teammate whose row holds the better card buys it."""
    s = build("2v2", stage="start", base={0: None}, base_deck={0: ["Corellia"]},
              row={0: ["TIE Fighter"], 1: ["Darth Vader"]})
    choose(s, 0, cid(s, "Corellia"))
    assert _greedy(s, 0).get("value") == 1 and _greedy(s, 1).get("value") == 1
    s = build("2v2", stage="start", base={1: None}, base_deck={1: ["Rodia"]},
              row={0: ["X-Wing", "Y-Wing", "B-Wing"], 1: ["TIE Fighter"]})
    choose(s, 1, cid(s, "Rodia"))
    assert _greedy(s, 1).get("value") == 0  # region 1 holds the Rebel cards to count


def test_greedy_buys_only_from_its_own_row() -> None:
    """rule: SW-BUY-2 — with a Darth Vader on the other region's row, the bot buys from its own."""
    s = build("2v2", resources={0: 8}, row={0: ["TIE Fighter", "Scout Trooper"], 1: ["Darth Vader"]})
    pick = _greedy(s, 0)
    assert pick.kind == "buy" and pick.get("card") in s.regions[0].row


def test_four_greedy_bots_play_whole_2v2_games_by_the_team_rules() -> None:
    """rule: SW-REGION-1 — in whole games every purchase comes from the buyer's own region, and the
    game ends with a team victory (SW-WIN-1) or the turn limit."""
    for seed in (1, 2):
        state = GAME.new_game("2v2", seed)
        bots = [GreedyBot(seed + i) for i in range(4)]
        chooser = Rng(seed)
        steps = 0
        while GAME.outcome(state) is None and steps < 20000:
            seats = GAME.active_seats(state)
            seat = seats[chooser.below(len(seats))]
            action = bots[seat].choose(GAME, state, seat, GAME.legal_actions(state, seat))
            if action.kind == "buy":
                region = state.regions[state.players[seat].region]
                assert action.get("card") in region.row or action.get("card") in region.pilots
            GAME.apply(state, seat, action)
            steps += 1
        outcome = GAME.outcome(state)
        assert outcome is not None
        if not outcome.draw:
            winner = 0 if outcome.winners == ("empire",) else 1
            for q in state.players:
                if q.team != winner:
                    lost = sum(1 for b in state.victory[winner] if state.base_owner[b] == q.seat)
                    assert lost >= state.config.bases_to_win


def test_simulated_2v2_games_have_no_errors() -> None:
    """rule: SW-TURN-1 — the batch runner plays 2v2 team turns to the end without an engine error."""
    for index in range(3):
        result = play_game("swdbg", "2v2", ["greedy"] * 4, seed=100 + index, index=index)
        assert result.error is None, result.error
        assert result.winners or result.draw
