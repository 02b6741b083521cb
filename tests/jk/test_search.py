"""The search hooks of Jedi Knights (determinisation, evaluation, move keys), ISMCTS over three sides, and
the greedy heuristic against random play (issue 22: bots)."""

from __future__ import annotations

from typing import Any

import pytest

from allegiance.bots import bot_kinds_for
from allegiance.bots.ismcts import IsmctsBot
from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.jk import GAME
from allegiance.games.jk.determinize import determinize
from allegiance.games.jk.search import evaluate, move_key
from allegiance.games.jk.state import PILES, JKState
from allegiance.games.jk.view import visible_to
from allegiance.sim.simulate import simulate
from tests.jk.builders import all_cards, pick, start, to_hand, to_phase, to_play


def _zones(s: JKState) -> dict[str, Any]:
    """Every zone of every player and the planet, by name (piles as lists, in order)."""
    out: dict[str, Any] = {"system": list(s.system), "site": list(s.site)}
    for p in s.players:
        for pile in PILES:
            out[f"{p.seat}.{pile}"] = list(getattr(p, pile))
        out[f"{p.seat}.chosen"] = p.chosen
        out[f"{p.seat}.force_card"] = p.force_card
    return out


def _swap_hidden(s: JKState, seat: int) -> JKState:
    """A copy in which an opponent's hidden cards are arranged otherwise (a hand card swapped with a draw
    card of another name), the seat's view being the same."""
    t = s.copy()
    p = t.players[seat]
    h = next(i for i, c in enumerate(p.hand) if any(t.cards[d].name != t.cards[c].name for d in p.draw))
    d = next(i for i, c in enumerate(p.draw) if t.cards[c].name != t.cards[p.hand[h]].name)
    p.hand[h], p.draw[d] = p.draw[d], p.hand[h]
    return t


@pytest.mark.parametrize("mode", ["AvE", "AvEvI", "AAvEE"])
def test_determinize_keeps_every_card_once_and_what_the_seat_sees(mode: str) -> None:
    s = start(mode, seed=3)
    pick(s, {})
    for seat in range(len(s.players)):
        d = determinize(s, seat, Rng(seat))
        assert sorted(all_cards(d)) == list(range(len(s.cards)))  # every card once
        before, after = _zones(s), _zones(d)
        for p in s.players:
            for pile in PILES:  # every pile keeps its size
                assert len(after[f"{p.seat}.{pile}"]) == len(before[f"{p.seat}.{pile}"])
        seen = visible_to(s, seat)
        for key, cards in before.items():  # every card the seat sees stays where it is
            if isinstance(cards, list) and not key.endswith(".draw"):
                assert [c for c in cards if c in seen] == [c for c in after[key] if c in seen], key
        assert visible_to(d, seat) == seen


@pytest.mark.parametrize("mode", ["AvE", "AvEvI"])
def test_determinize_never_reads_a_hidden_card(mode: str) -> None:
    """Two states that differ only in cards hidden from the seat give the same determinisation, and a
    determinisation does not keep an opponent's hand as it truly is."""
    s = start(mode, seed=5)
    pick(s, {})
    seat, other = 0, 1
    t = _swap_hidden(s, other)
    assert _zones(s) != _zones(t)
    assert _zones(determinize(s, seat, Rng(9))) == _zones(determinize(t, seat, Rng(9)))
    hands = {tuple(sorted(s.cards[c].name for c in determinize(s, seat, Rng(k)).players[other].hand))
             for k in range(8)}
    assert len(hands) > 1


def test_determinize_deals_a_secretly_picked_force_card_again() -> None:
    """A Force card another side picked in secret is not read: the picker's Force deck is dealt again."""
    s = start("AvE", seed=2)
    p1 = s.players[1]
    high, low = max(p1.force_deck, key=lambda c: s.cards[c].force_number), \
        min(p1.force_deck, key=lambda c: s.cards[c].force_number)
    a, b = s.copy(), s.copy()
    GAME.apply(a, 1, Action.of("choose", value=high))
    GAME.apply(b, 1, Action.of("choose", value=low))
    assert _zones(determinize(a, 0, Rng(4))) == _zones(determinize(b, 0, Rng(4)))
    picked = {determinize(a, 0, Rng(k)).players[1].chosen for k in range(12)}
    assert len(picked) > 1 and picked <= set(a.players[1].force_deck) | {high}
    assert determinize(a, 1, Rng(4)).players[1].chosen == high  # the picker knows its own


@pytest.mark.parametrize("mode", ["AvE", "AvEvI", "AAvEEvII"])
def test_evaluate_gives_each_side_a_chance_and_they_sum_to_one(mode: str) -> None:
    s = start(mode, seed=1)
    sides = len(s.table.teams)
    values = evaluate(s)
    assert len(values) == sides and all(0.0 < v < 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0)
    # a side that wins a planet is more likely to win, the others less
    won = s.copy()
    won.controlled = [s.table.teams[1]]
    after = evaluate(won)
    assert after[1] > values[1] and all(after[i] < values[i] for i in range(sides) if i != 1)
    assert sum(after) == pytest.approx(1.0)
    # a side out of the Final Conflict has no chance left (JK-3S-11)
    for seat in s.table.members(s.table.teams[0]):
        won.players[seat].out = True
    assert evaluate(won)[0] == 0.0 and sum(evaluate(won)) == pytest.approx(1.0)
    s.phase, s.winner = "over", s.table.teams[0]
    assert evaluate(s) == tuple(1.0 if i == 0 else 0.0 for i in range(sides))
    s.winner = ""
    assert evaluate(s) == pytest.approx([1.0 / sides] * sides)  # a draw


def test_a_high_force_card_spent_lowers_its_sides_chance() -> None:
    """The Force deck is a budget of the whole game (used cards come back only when it is empty): the
    evaluation counts what is left in it, so the search weighs credits now against credits later."""
    s = start("AvE", seed=1)
    spent = s.copy()
    p = spent.players[0]
    high = max(p.force_deck, key=lambda c: spent.cards[c].force_number)
    p.force_deck.remove(high)
    p.force_used.append(high)
    assert evaluate(spent)[0] < evaluate(s)[0]


def test_the_two_sided_weights_value_the_force_8_left_above_a_battle_card_in_hand() -> None:
    """The two-sided weights refitted on the games of the current greedy bot (``benchmarks/jk_fit_evaluation.py``,
    issue 22, session 14) value the 8 left in the Force deck (``force_left``) above a battle card drawn into
    the hand (``hand`` and ``waiting_cards``): 1.143 * 8 / 36 against (1.060 + 0.530) / 7.  The weights of
    session 12, fitted to the greedy before its side-total rule, weighed the two the other way round, and
    this test fails with them.  Measured in play against greedy on the same 200 games: AvE 119 against 108.5
    (docs/figures/jk.md)."""
    s = start("AvE", seed=1)
    p = s.players[0]
    card = next(c for c in p.draw if s.cards[c].timing == "battle")
    eight = next(c for c in p.force_deck if s.cards[c].force_number == 8)
    kept_card = s.copy()  # the battle card drawn into hand, the Force 8 spent
    kept_card.players[0].draw.remove(card)
    kept_card.players[0].hand.append(card)
    kept_card.players[0].force_deck.remove(eight)
    kept_card.players[0].force_used.append(eight)
    assert evaluate(kept_card)[0] < evaluate(s)[0]


def test_a_three_sided_game_keeps_the_weights_that_played_best_there() -> None:
    """Three sides are evaluated with their own weights (``WEIGHTS_THREE_SIDES``: those of session 12, which
    played best in AvEvI, docs/figures/jk.md): there a battle card drawn into the hand is still worth more than the 8
    left in the Force deck, the other way round from a two-sided game (the test above)."""
    s = start("AvEvI", seed=1)
    p = s.players[0]
    card = next(c for c in p.draw if s.cards[c].timing == "battle")
    eight = next(c for c in p.force_deck if s.cards[c].force_number == 8)
    kept_card = s.copy()
    kept_card.players[0].draw.remove(card)
    kept_card.players[0].hand.append(card)
    kept_card.players[0].force_deck.remove(eight)
    kept_card.players[0].force_used.append(eight)
    assert evaluate(kept_card)[0] > evaluate(s)[0]


def _character_names(s: JKState, seat: int) -> list[str]:
    p = s.players[seat]
    return [s.cards[c].name for c in p.draw + p.hand if s.cards[c].type == "Character" and not s.cards[c].unique]


def test_move_keys_name_hidden_cards_by_name() -> None:
    """Two copies of a card in hand are one move; the same move in every determinisation."""
    s = start("AvE", seed=4)
    pick(s, {0: 8, 1: 1})
    to_phase(s, "deploy")
    name = _character_names(s, 0)[0]
    a, b = to_hand(s, 0, name), to_hand(s, 0, name)
    key_a = move_key(s, 0, Action.of("deploy", card=a, at="site"))
    assert key_a == move_key(s, 0, Action.of("deploy", card=b, at="site"))
    assert ("card", name) in key_a


def test_the_lobby_offers_ismcts_for_jk() -> None:
    assert bot_kinds_for(GAME) == ("random", "greedy", "ismcts")


@pytest.mark.timeout(600)
def test_ismcts_plays_a_three_sided_game_to_its_end() -> None:
    """Every side searched for itself (a value per side), in a three-sided game, to its end."""
    s = GAME.new_game("AvEvI", 11)
    bots = [IsmctsBot(seat, iterations=8) for seat in range(len(s.players))]
    steps = 0
    while GAME.outcome(s) is None:
        seat = GAME.active_seats(s)[0]
        legal = GAME.legal_actions(s, seat)
        action = bots[seat].choose(GAME, s, seat, legal)
        assert action in legal
        GAME.apply(s, seat, action)
        steps += 1
        assert steps < 5_000
    assert sorted(all_cards(s)) == list(range(len(s.cards)))
    assert sum(b.last_iterations for b in bots) > 0  # some decisions were searched


def test_a_decision_in_the_final_conflict_is_searched_ten_times_as_long() -> None:
    """The Final Conflict settles the game in a few battles: the searching bot spends ``FINAL_CONFLICT_BUDGET``
    times its iterations on a decision there, its own budget elsewhere."""
    from allegiance.bots.greedy import GreedyBot
    from allegiance.games.jk.search import FINAL_CONFLICT_BUDGET

    assert FINAL_CONFLICT_BUDGET == 10
    s = GAME.new_game("AvE", 3)
    greedy = GreedyBot(3)
    spent: dict[bool, int] = {}
    while GAME.outcome(s) is None and len(spent) < 2:
        seat = GAME.active_seats(s)[0]
        legal = GAME.legal_actions(s, seat)
        bot = IsmctsBot(seat, iterations=8)
        bot.choose(GAME, s, seat, legal)
        if bot.last_iterations:
            spent.setdefault(s.final, bot.last_iterations)
        GAME.apply(s, seat, greedy.choose(GAME, s, seat, legal))
    assert spent == {False: 8, True: 80}


def test_greedy_beats_random_in_at_least_90_percent_of_60_games_both_seat_orders() -> None:
    """Issue 22's yardstick is 95 % over 100 games (the figure is measured by the benchmark); the suite
    plays fewer games and allows some luck."""
    summary, _ = simulate("jk", "AvE", ["greedy", "random"], 60, seed=22, alternate=True)
    assert summary.errors == 0
    assert summary.wins_by_bot.get("greedy", 0) >= 54
    assert set(summary.wins_by_team) == {"Alliance", "Empire"}


def test_the_search_leaves_deployment_to_the_greedy_heuristic_and_searches_the_rest() -> None:
    from allegiance.games.jk.strategy import greedy_choice
    hooks = GAME.search_hooks()
    assert hooks.searched is not None
    s = start("AvE", seed=4)
    force = GAME.legal_actions(s, 0)
    assert hooks.searched(s, 0, force) == force  # the Force card is searched
    pick(s, {0: 8, 1: 8})
    to_phase(s, "deploy")
    seat = GAME.active_seats(s)[0]
    legal = GAME.legal_actions(s, seat)
    assert len(legal) > 1
    assert hooks.searched(s, seat, legal) == [greedy_choice(s, seat, legal, Rng(0))]


def test_greedy_keeps_its_strongest_character_for_the_final_conflict_when_the_others_win_the_planet() -> None:
    """Issue 22 (greedy against random): the Empire has won two planets, so the third may end the game and
    the old heuristic sent every character in, leaving none for the Final Conflict (a side with none there
    is out, JK-3S-11: a draw at best).  When the weaker character alone already leads at the site, the
    strongest now stays in hand; with no lead yet, both still go in."""
    from allegiance.games.jk.strategy import greedy_choice
    s = start("AvE", seed=4)
    pick(s, {0: 8, 1: 8})
    to_phase(s, "deploy")
    s.planet, s.controlled = 2, ["Empire", "Empire"]
    seat = 0
    assert s.team(seat) == "Alliance"
    p = s.players[seat]
    p.draw += p.hand + p.theme_pile  # the two characters only (no event to play first)
    p.hand, p.theme_pile = [], []
    scout = to_hand(s, seat, "Ridge Scout")  # power 3, cost 2
    tavi = to_hand(s, seat, "Tavi Orn, Wing Leader")  # power 4, cost 3: the strongest
    p.credits = 5
    s.turns.order, s.turns.idx = [seat, 1], 0
    assert list(GAME.active_seats(s)) == [seat]

    def deploys() -> set[int]:
        legal = GAME.legal_actions(s, seat)
        a = greedy_choice(s, seat, legal, Rng(0))
        return {a.get("card")} if a.kind == "deploy" else set()

    # nobody at the site yet: the scout alone would lead 3 to 0, so Tavi Orn stays for the Final Conflict
    assert deploys() == {scout}
    # an Empire character of power 3 at the site: the scout alone only ties, so both go in (Tavi first)
    to_play(s, 1, "Patrol Officer")
    assert deploys() == {tavi}


def test_greedy_plays_a_response_event_as_a_tactic_bonus_in_a_battle_it_leads() -> None:
    """Issue 22 (greedy against random): a response event (here Target Lock, +2 to hit a weapon shot) waits
    for a shot that seldom comes and keeps its place in hand, and a full hand draws nothing at the start
    of a turn.  In a battle its side is in, the heuristic now plays it as a tactic bonus under its card (the
    old one passed while ahead)."""
    from allegiance.games.jk.strategy import greedy_choice
    s = start("AvE", seed=4)
    pick(s, {0: 8, 1: 1})
    to_phase(s, "character")
    assert GAME.active_seats(s) == (0,)
    p = s.players[0]
    p.draw += p.hand
    p.hand = []
    lock = to_hand(s, 0, "Target Lock")
    scout = to_play(s, 0, "Ridge Scout")  # power 3
    trooper = to_play(s, 1, "Garrison Trooper")  # power 2
    act = greedy_choice(s, 0, GAME.legal_actions(s, 0), Rng(0))
    assert act == Action.of("battle", attacker=scout, defender=trooper)
    GAME.apply(s, 0, act)
    GAME.apply(s, 1, Action.of("pass"))  # the defender acts first in the support step (S2)
    assert GAME.active_seats(s) == (0,)
    assert greedy_choice(s, 0, GAME.legal_actions(s, 0), Rng(0)) == Action.of("tactic", card=lock, under=scout)


def test_greedy_does_not_keep_a_power_1_character_for_the_final_conflict() -> None:
    """Issue 22 (greedy against random): the heuristic keeps its two strongest characters in hand for the
    Final Conflict (JK-3S-11); a Probe Droid Team (power 1) is not worth keeping: holding it lost planets
    to a random player's lone character.  It is deployed; the Patrol Officer (power 3) stays in hand."""
    from allegiance.games.jk.strategy import greedy_choice
    s = start("AvE", seed=4)
    pick(s, {0: 1, 1: 8})
    to_phase(s, "deploy")
    seat = 1
    assert s.team(seat) == "Empire" and s.planet == 0
    p = s.players[seat]
    p.draw += p.hand + p.theme_pile
    p.hand, p.theme_pile = [], []
    droid = to_hand(s, seat, "Probe Droid Team")
    to_hand(s, seat, "Patrol Officer")
    to_play(s, 0, "Ridge Scout")
    p.credits = 3
    s.turns.order, s.turns.idx = [seat, 0], 0
    a = greedy_choice(s, seat, GAME.legal_actions(s, seat), Rng(0))
    assert a == Action.of("deploy", at="site", card=droid)


def test_greedy_beats_random_in_at_least_284_of_300_games_seed_23() -> None:
    """Issue 22's bar is 95 % (measured by ``allegiance simulate``, docs/figures/jk.md); this seeded run of 300 games
    (seats alternating) is a guard: 286 wins now, 278 (92.7 %) before the heuristic's changes and the
    Alliance demo decks' rebalance of session 10."""
    summary, _ = simulate("jk", "AvE", ["greedy", "random"], 300, seed=23, alternate=True)
    assert summary.errors == 0
    assert summary.wins_by_bot.get("greedy", 0) >= 284


def test_greedy_attacks_a_lone_character_its_side_outnumbers_with_support() -> None:
    """Greedy mirrors against Independent players stood still in the Final Conflict until the turn limit
    (269 of 300 AAAAvIIII games): the heuristic started a battle only when its attacker alone was
    stronger, and an army never attacked one strong character.  It now weighs a battle by the side totals
    the support step can reach (one ready supporter per leadership icon, S2, JK-3S-7)."""
    from allegiance.games.jk.strategy import greedy_choice
    s = start("AvE", seed=4)
    pick(s, {0: 1, 1: 8})
    to_phase(s, "character")
    assert GAME.active_seats(s) == (1,)
    tavi = to_play(s, 0, "Tavi Orn, Wing Leader")  # power 4, one leadership icon, nobody to support it
    hesk = to_play(s, 1, "Hesk Vorn, Fleet Commander")  # power 4, one leadership icon
    # alone, Hesk Vorn only ties Tavi Orn: no battle
    assert greedy_choice(s, 1, GAME.legal_actions(s, 1), Rng(0)).kind != "battle"
    to_play(s, 1, "Patrol Officer")  # power 3: a supporter for Hesk Vorn, 7 against 4
    act = greedy_choice(s, 1, GAME.legal_actions(s, 1), Rng(0))
    assert act == Action.of("battle", attacker=hesk, defender=tavi)
