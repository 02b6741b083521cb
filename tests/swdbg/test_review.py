"""Regressions found by a fresh-eyes rules review of the SWDBG engine (swdbg.md, the seeds' card
texts, RULES.md), one test per bug, each naming the card or rule it checks."""

from __future__ import annotations

import json
from typing import Any

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games.swdbg.cards import card_defs
from allegiance.games.swdbg.state import SwdbgState
from tests.swdbg.builders import GAME, act, attack_row, build, choose, cid, names, pick, play, use

EMPIRE, REBEL = 0, 1


# -- views never leak hidden cards through public prompts ------------------------------------------
def test_moff_jerjerrod_prompt_does_not_name_the_top_galaxy_card() -> None:
    """"Look" is secret (swdbg.md §7): the pending prompt is public, so only ``shown`` may hold the card."""
    s = build(hand={0: ["Moff Jerjerrod"]}, row={0: ["X-Wing", "Bossk"]},
              galaxy_deck={0: ["Lobot", "Darth Vader"]}, force=2)
    play(s, EMPIRE, "Moff Jerjerrod")
    use(s, EMPIRE, "Moff Jerjerrod")
    assert s.pending[-1].kind == "jerjerrod"
    for seat in (REBEL, None):
        assert "Darth Vader" not in json.dumps(GAME.view(s, seat))
    assert [c["name"] for c in GAME.view(s, EMPIRE)["pending"]["shown"]] == ["Darth Vader"]


def test_jyn_erso_prompt_does_not_name_the_hand_to_spectators() -> None:
    """Jyn Erso looks at the opponent's hand: a spectator must not read it in the prompt."""
    s = build(active_team=1, units={1: ["Jyn Erso"]}, hand={0: ["Darth Vader"]}, force=5)
    use(s, REBEL, "Jyn Erso")
    assert s.pending[-1].kind == "jyn"
    assert "Darth Vader" not in json.dumps(GAME.view(s, None))
    assert [c["name"] for c in GAME.view(s, REBEL)["pending"]["shown"]] == ["Darth Vader"]


# -- purchases ----------------------------------------------------------------------------------------
def test_jedha_first_neutral_purchase_is_exiled_even_when_it_is_a_fang_fighter() -> None:
    """Jedha: "add the first neutral card you purchase each turn to your hand. You must exile that card
    at the end of your turn."  A Fang Fighter goes to the hand by itself, but it is still that first
    neutral card (the purchase consumes Jedha), so it is exiled at the end of the turn."""
    s = build(active_team=1, base={1: "Jedha"}, resources={1: 6}, row={0: ["Fang Fighter", "Bossk"]})
    act(s, REBEL, "buy", card=cid(s, "Fang Fighter", s.regions[0].row))
    assert names(s, s.players[REBEL].hand) == ["Fang Fighter"]
    act(s, REBEL, "buy", card=cid(s, "Bossk", s.regions[0].row))  # the second neutral: not Jedha's
    assert names(s, s.players[REBEL].discard) == ["Bossk"]
    act(s, REBEL, "end_turn")
    assert names(s, s.exiled) == ["Fang Fighter"]


# -- the game ends at once -------------------------------------------------------------------------------
def test_rodia_damage_that_wins_the_game_discards_nothing_afterwards() -> None:
    """swdbg.md §8: the game ends immediately when the last needed base is destroyed; nothing else
    resolves, so Rodia's "then discard those cards" does not happen after its damage wins."""
    s = build(active_team=0, stage="start", base={0: None}, base_deck={0: ["Rodia", "Endor"], 1: ["Yavin 4"]},
              row={0: ["X-Wing", "Y-Wing", "Bossk"]}, victory=[["Hoth", "Sullust"], []], damage={"Dantooine": 7})
    pick(s, EMPIRE, "Rodia")
    assert s.stage == "over" and s.winner == EMPIRE
    assert names(s, s.regions[0].row) == ["X-Wing", "Y-Wing", "Bossk"]
    assert s.regions[0].galaxy_discard == []


# -- the galaxy row: a card leaving it reaches the galaxy discard pile before the row is refilled ------
def test_sabotaged_target_is_in_the_galaxy_discard_when_an_empty_galaxy_deck_is_reshuffled() -> None:
    """swdbg.md §5.2 / §3.4: the defeated target goes to the galaxy discard pile, *then* the row is
    refilled; with an empty galaxy deck the refill reshuffles that discard pile, target included."""
    s = build(units={0: ["Stormtrooper", "Stormtrooper"]}, row={0: ["X-Wing", "Bossk"]},
              galaxy_deck={0: []}, galaxy_discard={0: []})
    attack_row(s, EMPIRE, "X-Wing", ["Stormtrooper", "Stormtrooper"])
    assert names(s, s.regions[0].row) == ["X-Wing", "Bossk"]
    assert s.regions[0].galaxy_discard == [] and s.regions[0].galaxy_deck == []


def test_row_discard_is_in_the_galaxy_discard_when_an_empty_galaxy_deck_is_reshuffled() -> None:
    """TIE Bomber: "discard 1 card from the galaxy row" — discarded first, then the row is refilled."""
    s = build(units={0: ["TIE Bomber"]}, row={0: ["X-Wing", "Bossk"]}, galaxy_deck={0: []},
              galaxy_discard={0: ["Lobot"]})
    use(s, EMPIRE, "TIE Bomber")
    pick(s, EMPIRE, "X-Wing")
    # the reshuffled pile holds Lobot and the discarded X-Wing: both refill the row
    assert sorted(names(s, s.regions[0].row)) == ["Bossk", "Lobot", "X-Wing"]
    assert s.regions[0].galaxy_discard == [] and s.regions[0].galaxy_deck == []


# -- the greedy bot --------------------------------------------------------------------------------------
def _greedy(s: SwdbgState, seat: int) -> Action:
    return GAME.greedy_choice(s, seat, GAME.legal_actions(s, seat), Rng(1))


def test_greedy_death_star_destroys_enemy_ships_never_its_own_faction_in_the_row() -> None:
    """The Death Star may destroy any ship in the row; the bot used to pay 4 to destroy an Empire
    ship it could buy.  It now pays only for an enemy ship, and picks it."""
    s = build(base={0: "Death Star"}, resources={0: 4}, row={0: ["Star Destroyer"]})
    assert "use" in {a.kind for a in GAME.legal_actions(s, EMPIRE)}
    assert _greedy(s, EMPIRE).kind != "use"
    s = build(base={0: "Death Star"}, resources={0: 4}, row={0: ["Star Destroyer", "Rebel Transport"]})
    a = _greedy(s, EMPIRE)
    assert a.kind == "use" and a.get("card") == s.players[EMPIRE].base
    GAME.apply(s, EMPIRE, a)
    assert s.cards[_greedy(s, EMPIRE).get("value")].name == "Rebel Transport"


def test_greedy_kel_dor_mystic_only_with_a_starter_to_exile() -> None:
    """Kel Dor Mystic must exile a card: without a starter the bot would exile a bought card."""
    s = build(units={0: ["Kel Dor Mystic"]}, discard={0: ["Darth Vader"]})
    assert _greedy(s, EMPIRE).kind != "use"
    s = build(units={0: ["Kel Dor Mystic"]}, discard={0: ["Darth Vader", "Imperial Shuttle"]})
    assert _greedy(s, EMPIRE).kind == "use"


# -- prompts name only cards the reader may see -------------------------------------------------------------
def _visible_names(view: dict[str, Any]) -> set[str]:
    """Card names in a view's card objects (prompts and decisions left out)."""
    found: set[str] = set()

    def walk(obj: Any) -> None:
        if isinstance(obj, dict):
            if isinstance(obj.get("id"), int) and "name" in obj:
                found.add(obj["name"])
            for k, v in obj.items():
                if k not in ("pending", "decisions"):
                    walk(v)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)
    walk(view)
    pend = view.get("pending")
    if pend:
        walk(pend.get("card"))
        walk(pend.get("shown", []))
    for key in ("victory", "exiled"):
        found.update(n for names_ in (view[key].values() if isinstance(view[key], dict) else [view[key]])
                     for n in names_)
    return found


def test_prompts_never_name_a_card_their_readers_cannot_see() -> None:
    """Every seat (and a spectator) reads every prompt: a card name in a prompt must be visible to it."""
    all_names = {d.name for d in card_defs().values()}
    for seed, mode in ((3, "1v1"), (4, "2v2"), (5, "1v1")):
        s = GAME.new_game(mode, seed)
        rng = Rng(seed)
        for _ in range(600):
            if GAME.outcome(s) is not None:
                break
            if s.pending:
                for seat in (*range(len(s.players)), None):
                    view = GAME.view(s, seat)
                    text = view["pending"]["prompt"] + " ".join(d["prompt"] for d in view["decisions"])
                    named = {n for n in all_names if n in text}
                    hidden = named - _visible_names(view)
                    assert not hidden, f"seat {seat} reads {hidden} in {text!r}"
            seats = GAME.active_seats(s)
            seat = seats[rng.below(len(seats))]
            legal = GAME.legal_actions(s, seat)
            GAME.apply(s, seat, legal[rng.below(len(legal))])


def test_twilek_smuggler_is_spent_by_the_next_purchase_even_a_fang_fighter() -> None:
    """Twi'lek Smuggler: "place the next card you purchase this turn on top of your deck".  A Fang
    Fighter goes to the hand instead, but it is that next card: the purchase after it is not moved."""
    s = build(units={0: ["Twi'lek Smuggler"]}, row={0: ["Fang Fighter", "Bossk"]}, resources={0: 6}, force=3)
    use(s, EMPIRE, "Twi'lek Smuggler")
    act(s, EMPIRE, "buy", card=cid(s, "Fang Fighter", s.regions[0].row))
    assert names(s, s.players[EMPIRE].hand) == ["Fang Fighter"]
    act(s, EMPIRE, "buy", card=cid(s, "Bossk", s.regions[0].row))
    assert names(s, s.players[EMPIRE].discard) == ["Bossk"]
    assert "Bossk" not in names(s, s.players[EMPIRE].deck)


def test_jedha_exiles_a_mon_cala_free_purchase_of_a_neutral_card_2v2() -> None:
    """2v2: Rebel 1 reveals Mon Cala ("purchase a Rebel or neutral card for free and add it to your
    hand") while Rebel 2's base is Jedha: that neutral card is the team's first neutral purchase, so
    Jedha's "you must exile that card at the end of your turn" applies."""
    s = build("2v2", active_team=1, stage="start", base={2: None, 3: "Jedha"}, base_deck={2: ["Mon Cala"]},
              row={0: ["Bossk"]})
    pick(s, 2, "Mon Cala")
    assert s.pending[-1].kind == "who"
    choose(s, 2, 2)
    pick(s, 2, "Bossk")
    assert names(s, s.players[2].hand).count("Bossk") == 1
    act(s, 2, "end_turn")
    act(s, 3, "end_turn")
    assert names(s, s.exiled) == ["Bossk"]
