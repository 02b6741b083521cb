"""Setup (102), the four-phase turn (601-605), first-turn restrictions, hand size, drawing (507)."""

from __future__ import annotations

import pytest

from allegiance.core.errors import IllegalActionError
from allegiance.games.wakfu import GAME, rules
from allegiance.games.wakfu.decks import starter
from tests.wakfu.builders import act, board, choose, kinds, one, pay, play


def new(seed: int = 3, **opts: object):  # type: ignore[no-untyped-def]
    """A new duel whose winner of the draw chose to play first (102.2)."""
    s = GAME.new_game("1v1", seed, {"decks": ["iop", "xelor"], **opts})
    choose(s, "play_first")
    return s


def test_setup_havre_sac_and_hero() -> None:
    s = new()
    for p in s.players:
        assert p.monde == [p.sac] and p.havre == [p.hero]  # 102.1, 306.1, 307.1
        assert p.sac not in s.tapped and p.hero not in s.tapped  # dressés
        assert p.pv == s.cards[p.hero].pv and p.sac_pr == 15
        assert len(p.main) == 6 and len(p.pioche) == 42  # 102.3: PA cards drawn


def test_first_player_is_random() -> None:
    # 102.2: a random draw (Chi-Fu-Mi) decides who chooses; here the winner always plays first
    assert {new(seed).first for seed in range(20)} == {0, 1}


@pytest.mark.parametrize("answer", ["play_first", "play_second"])
def test_the_winner_of_the_draw_chooses_who_starts_102_2(answer: str) -> None:
    # 102.2: "Chi-Fu-Mi (or any random method); the winner chooses who starts" — before the hands are drawn
    s = GAME.new_game("1v1", 3, {"decks": ["iop", "xelor"]})
    pend = s.pending[-1]
    assert pend.kind == "first_player" and set(pend.options) == {"play_first", "play_second"}
    winner = pend.seat
    assert [d.seats for d in GAME.decisions(s)] == [(winner,)] and not GAME.legal_actions(s, 1 - winner)
    assert all(not p.main for p in s.players)  # 102.3 comes after the choice
    choose(s, answer)
    first = winner if answer == "play_first" else 1 - winner
    assert s.first == first and GAME.turn_order(s) == [first, 1 - first]
    assert all(len(p.main) == 6 for p in s.players)  # 102.3
    assert s.pending[-1].kind == "mulligan" and s.pending[-1].seat == first  # 102.4: the first player first
    choose(s, "keep")
    choose(s, "keep")
    assert s.active == first and s.turn == 1


def test_the_draw_winner_varies_with_the_seed_102_2() -> None:
    winners = {GAME.new_game("1v1", seed, {}).pending[-1].seat for seed in range(20)}
    assert winners == {0, 1}


def test_rollback_sequence_first_player_first() -> None:
    # 102.4: "the first rollback redraws as many cards as the player's PA, then one fewer each time, down
    # to 0; the first player takes his rollbacks first"
    s = new()
    f = s.first
    assert s.pending[-1].kind == "mulligan" and s.pending[-1].seat == f  # 102.4: first player first
    p = s.players[f]
    assert rules.pa(s, f) == 6
    choose(s, "rollback")
    assert len(p.main) == 6 and len(p.pioche) == 42  # the first rollback: PA cards, the hand recycled
    assert s.pending[-1].seat == f
    choose(s, "rollback")
    assert len(p.main) == 5 and len(p.pioche) == 43  # the second: one fewer
    choose(s, "rollback")
    assert len(p.main) == 4
    choose(s, "keep")
    assert s.pending[-1].seat == 1 - f
    choose(s, "keep")
    assert s.phase == "main" and s.active == f and s.turn == 1


def test_rollbacks_go_down_to_an_empty_hand() -> None:
    # 102.4: each rollback draws one card fewer than the one before, down to 0 cards; then no more
    s = new()
    f = s.first
    p = s.players[f]
    drawn = []
    while "rollback" in s.pending[-1].options:
        choose(s, "rollback")
        drawn.append(len(p.main))
    assert drawn == [6, 5, 4, 3, 2, 1, 0]
    assert s.pending[-1].options == ("keep",)


def test_first_turn_restrictions() -> None:
    s = board(hand={0: ["Bouftou", "Forêts d'Astrub"]}, monde={0: ["Piou Vert"]}, turn=1)
    bouftou = one(s, "Bouftou")
    zone = one(s, "Forêts d'Astrub")
    legal = GAME.legal_actions(s, 0)
    assert all(a.get("card") != zone for a in legal if a.kind == "play")  # 506.3: no Zone into the Monde
    assert "move" not in kinds(s, 0)  # 603.3: no movement on the first player's first turn
    assert "attack" not in kinds(s, 0)  # 603.2
    play(s, 0, bouftou)  # only the Havre Sac is offered: no "place" question
    assert bouftou in s.players[0].havre


def test_no_attack_on_own_first_turn_either_player() -> None:
    # 603.2: the second player cannot attack on his first turn (turn 2) either
    s = board(monde={1: ["Bouftou"]}, active=1, turn=2)
    assert "attack" not in kinds(s, 1)
    s = board(monde={0: ["Bouftou"]}, turn=3)
    assert "attack" in kinds(s, 0)


def test_untap_at_start_of_own_turn_only() -> None:
    s = board(monde={0: ["Bouftou"], 1: ["Tofu"]})
    b, t = one(s, "Bouftou"), one(s, "Tofu")
    s.tapped |= {b, t}
    act(s, 0, "end_turn")
    assert s.active == 1
    assert t not in s.tapped and b in s.tapped  # 602.1: the active player untaps his cards


def test_draw_up_to_pa_at_end_of_turn() -> None:
    s = board(hand={0: ["Bouftou", "Bouftou"]})
    play(s, 0, one(s, "Bouftou"), "havre")
    act(s, 0, "end_turn")
    assert len(s.players[0].main) == 6  # 604.1: drawn up to PA in the Phase de Pioche


def test_once_per_game_hand_recycle() -> None:
    s = board(hand={0: ["Tofu"] * 6}, pioche={0: ["Bouftou"] * 20})
    act(s, 0, "end_turn")
    assert s.pending[-1].kind == "recycle_hand"  # 604.2: full hand, nothing drawn or played
    choose(s, "recycle")
    assert [s.cards[c].name for c in s.players[0].main] == ["Bouftou"] * 6
    assert s.players[0].recycled
    act(s, 1, "end_turn")
    s.players[0].main[:] = s.players[0].main[:6]
    act(s, 0, "end_turn")
    assert not (s.pending and s.pending[-1].kind == "recycle_hand")  # once per game


def test_no_recycle_after_playing_a_card() -> None:
    s = board(hand={0: ["Bouftou"] * 6})
    play(s, 0, s.players[0].main[0], "havre")
    s.players[0].main.append(s.players[0].pioche.pop())
    act(s, 0, "end_turn")
    assert not s.pending  # 604.2: a card was played this turn


def test_damage_leaves_allies_at_end_of_turn() -> None:
    s = board(monde={0: ["Bouftou"]})
    b = one(s, "Bouftou")
    s.damage[b] = 1
    act(s, 0, "end_turn")
    assert b not in s.damage  # 605.2, 410.8


def test_hand_above_pa_is_discarded() -> None:
    s = board(hand={0: ["Coupure Temporelle"], 1: ["Tofu"] * 6}, heroes=("Aeron Zeklox", "Tirlangue Portey"),
              sacs=("Havre Sac du Wabbit", "Havre Sac du Tofu"))
    play(s, 0, one(s, "Coupure Temporelle"), 1)
    assert rules.pa(s, 1) == 5
    assert s.pending[-1].kind == "discard" and s.pending[-1].seat == 1  # 505.3, 505.4
    choose(s, s.players[1].main[0])
    assert len(s.players[1].main) == 5
    act(s, 0, "end_turn")
    assert rules.pa(s, 1) == 6  # "until end of turn" ends (605.2)


def test_empty_pioche_reshuffles_defausse() -> None:
    s = board(pioche={0: []}, defausse={0: ["Tofu", "Tofu"]})
    assert rules.draw(s, 0)  # 507.5
    assert len(s.players[0].main) == 1 and len(s.players[0].pioche) == 1 and not s.players[0].defausse
    s.players[0].pioche.clear()
    s.players[0].main.clear()
    assert not rules.draw(s, 0)  # nothing left: no loss (507.5)
    assert s.phase == "main"


def test_max_turns_draw() -> None:
    s = board(max_turns=4, turn=4)
    act(s, 0, "end_turn")
    o = GAME.outcome(s)
    assert o is not None and o.draw


def test_every_incarnam_card_is_implemented_and_any_legal_deck_is_accepted() -> None:
    """Issue 23: no card plays as a blank and none is refused for want of code; a deck swapping a starter's
    Alliés for one card of each other type beyond the starters is dealt and played."""
    from allegiance.games.wakfu.cards import CARDS
    from allegiance.games.wakfu.effects import implemented
    assert [n for n in CARDS if not implemented(n)] == []
    starters = {line.split(" ", 1)[1] for k in ("iop", "feca", "cra", "xelor") for line in starter(k).to_text().splitlines()
                if line[:1].isdigit()}
    picks = [next(n for n, d in sorted(CARDS.items()) if d.type == kind and not d.unique and n not in starters)
             for kind in ("Action", "Équipement", "Zone")]
    text = starter("feca").to_text().replace("3 Fofy Fafié\n", "".join(f"1 {n}\n" for n in picks))
    state = GAME.new_game("1v1", 1, {"decks": ["iop", text]})
    held = {state.name(c) for p in state.players for c in (*p.main, *p.pioche)}
    assert set(picks) <= held
    for _ in range(200):  # and the game goes on with them
        if GAME.outcome(state) is not None:
            break
        seat = GAME.active_seats(state)[0]
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="unknown option 'deck'; options: decks, max_turns"):
        GAME.new_game("1v1", 1, {"deck": "iop"})
    with pytest.raises(ValueError, match="one deck per seat"):
        GAME.new_game("1v1", 1, {"decks": ["iop"]})
    with pytest.raises(ValueError, match="reaction_prompts must be one of always, playable"):
        GAME.new_game("1v1", 1, {"reaction_prompts": "sometimes"})
    with pytest.raises(ValueError, match="max_turns must be an integer from 2 to 10000"):
        GAME.new_game("1v1", 1, {"max_turns": "3"})
    with pytest.raises(ValueError, match="1v1, 2v2"):  # WK-TEAM-1: two teams of the same size, up to 8v8
        GAME.new_game("2v3", 1, {})
    with pytest.raises(ValueError, match="1v1"):
        GAME.new_game("9v9", 1, {})


def test_a_table_deal_is_secret_and_reproducible_from_its_key() -> None:
    """With a shuffle key the deal comes from the secure generator and ids are a secret permutation."""
    key = bytes(range(32))
    a, b = GAME.new_game("1v1", 1, {}, shuffle_key=key), GAME.new_game("1v1", 1, {}, shuffle_key=key)
    assert GAME.to_position(a) == GAME.to_position(b)
    plain = GAME.new_game("1v1", 1, {})
    assert [p.hero for p in plain.players] == [0, 50]  # made in deck order without a key (48 + Héros + Havre Sac)
    assert [p.hero for p in a.players] != [0, 50]
    assert sorted(a.cards) == sorted(plain.cards)
    assert all(a.owner(p.hero) == p.seat and a.owner(p.sac) == p.seat for p in a.players)
    assert sorted(a.cards[c].name for c in a.players[0].pioche + a.players[0].main) == \
        sorted(plain.cards[c].name for c in plain.players[0].pioche + plain.players[0].main)
    copy = GAME.from_position(GAME.to_position(a))
    assert GAME.to_position(copy) == GAME.to_position(a)


def test_move_between_monde_and_havre_sac() -> None:
    s = board(monde={0: ["Bouftou"]})
    b = one(s, "Bouftou")
    act(s, 0, "move", card=b)  # 414.1
    assert b in s.players[0].havre
    act(s, 0, "move", card=b)
    assert b in s.players[0].monde
    s.tapped.add(b)
    with pytest.raises(IllegalActionError):
        act(s, 0, "move", card=b)  # 414.2: an inclined card cannot move


def test_full_havre_sac_takes_no_more() -> None:
    s = board(havre={0: ["Tofu", "Tofu", "Tofu"]}, monde={0: ["Bouftou"]}, hand={0: ["Tofu"]})
    assert rules.occupancy(s, 0) == 4  # Héros + 3 (306.3a Taille 4)
    assert not any(a.kind == "move" and a.get("card") == one(s, "Bouftou") for a in GAME.legal_actions(s, 0))
    tofu = s.players[0].main[0]
    act(s, 0, "play", card=tofu)
    assert s.pending[-1].kind == "pay"  # only the Monde is left: no "place" question (504.3a)
    pay(s)
    assert tofu in s.players[0].monde
