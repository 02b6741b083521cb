"""Costs and resources (418, 803, 808, 306.4), the File d'Attente and Réactions (503, 809, 810), range (508)."""

from __future__ import annotations

from typing import Any

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError
from allegiance.games.wakfu import GAME, rules
from allegiance.games.wakfu.state import WakfuState
from tests.wakfu.builders import act, board, choose, kinds, one, pass_reactions, pay, play, use

XELOR = dict(heroes=("Aeron Zeklox", "Tirlangue Portey"), sacs=("Havre Sac du Wabbit", "Havre Sac du Tofu"))


def test_ally_needs_one_resource_of_its_element() -> None:
    # 418.5b: Bouftou (Niveau 2 Terre) with only Air producers cannot be played
    s = board(hand={0: ["Bouftou"]}, heroes=("Tirlangue Portey", "Bruss Ouilis"),
              sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"), monde={0: ["Tofu"]})
    assert "play" not in kinds(s, 0)
    s = board(hand={0: ["Bouftou"]}, monde={0: ["Tofu"]})  # Bruss, Havre Sac du Bouftou: Terre
    act(s, 0, "play", card=one(s, "Bouftou"))
    choose(s, "monde")
    tofu = one(s, "Tofu")
    assert s.pending[-1].kind == "pay" and tofu in s.pending[-1].options
    choose(s, tofu)  # Air pays the Neutre symbol
    # the last symbol is the Terre one: the Air Tofu is spent, only Terre cards are offered
    assert all(s.cards[c].element == "Terre" for c in s.pending[-1].options if c != "cancel")
    pay(s)
    assert one(s, "Bouftou") in s.players[0].monde and tofu in s.tapped


def test_resource_power_produces_its_element() -> None:
    # 803 / 418.1: Piou Vert is Neutre but produces Terre
    s = board(hand={0: ["Boufton Blanc"]}, heroes=("Tirlangue Portey", "Bruss Ouilis"),
              sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"), monde={0: ["Piou Vert"]})
    play(s, 0, one(s, "Boufton Blanc"), "monde")
    assert one(s, "Piou Vert") in s.tapped and one(s, "Boufton Blanc") in s.players[0].monde


def test_cancel_undoes_everything() -> None:
    # 808.2: if the player does not finish, everything is undone
    s = board(hand={0: ["Bouftou"]}, monde={0: ["Tofu"]})
    before = GAME.digest(s)
    act(s, 0, "play", card=one(s, "Bouftou"))
    choose(s, "monde")
    choose(s, one(s, "Tofu"))
    choose(s, "cancel")
    s.version = 0
    after = GAME.digest(s)
    s2 = board(hand={0: ["Bouftou"]}, monde={0: ["Tofu"]})
    s2.version = 0
    assert after == GAME.digest(s2) and before  # same position as before the announcement


def test_second_player_havre_sac_twice_on_first_turn() -> None:
    # 306.4: on the second player's first turn his Havre Sac produces twice
    s = board(hand={1: ["Bouftou"]}, heroes=("Tirlangue Portey", "Bruss Ouilis"),
              sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"), active=1, turn=2)
    sac = s.players[1].sac
    act(s, 1, "play", card=one(s, "Bouftou"))
    choose(s, "monde")
    choose(s, sac)
    assert sac not in s.tapped
    choose(s, sac)
    assert sac in s.tapped and one(s, "Bouftou") in s.players[1].monde
    s = board(hand={0: ["Bouftou"]}, turn=3)  # not on a later turn: Bruss + Havre Sac only make 2
    play(s, 0, one(s, "Bouftou"), "monde")
    assert s.players[0].sac in s.tapped and s.players[0].hero in s.tapped


def test_file_only_reactions_then_lifo_and_echec_critique() -> None:
    # 503.2, 809.6, 810.1: the opponent reacts first; Échec Critique cancels the Action just played
    s = board(hand={0: ["Pain au Blé Complet"], 1: ["Échec Critique"]}, monde={0: ["Bouftou"], 1: ["Wabbit", "Boo"]},
              heroes=("Bruss Ouilis", "Aeron Zeklox"), sacs=("Havre Sac du Bouftou", "Havre Sac du Wabbit"))
    s.players[0].pv = 10
    play(s, 0, one(s, "Pain au Blé Complet"), s.players[0].hero)
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 1
    assert kinds(s, 0) == set()  # nobody else acts while the File waits
    choose(s, one(s, "Échec Critique"))
    choose(s, one(s, "Pain au Blé Complet"))  # target: the card just played
    pay(s)
    pass_reactions(s)
    assert s.players[0].pv == 10  # cancelled
    assert one(s, "Pain au Blé Complet") in s.players[0].defausse and one(s, "Échec Critique") in s.players[1].defausse
    assert not s.file and s.phase == "main"


def test_reaction_window_always_mode() -> None:
    s = board(hand={0: ["Parchemin Blanc"]}, reaction_prompts="always")
    play(s, 0, one(s, "Parchemin Blanc"))
    # 809.6: both asked at once (flow.open_round), the opponent first in priority, then the controller
    assert [p.seat for p in s.pending] == [0, 1] and s.pending[-1].options == ("pass",)
    choose(s, "pass")
    assert [p.seat for p in s.pending] == [0] and s.players[0].xp == 0  # nothing applies before all answer
    choose(s, "pass")
    assert s.players[0].xp == 1


def test_target_gone_at_resolution_fizzles() -> None:
    # 810.2: the target is checked again; none left -> the card is cancelled
    s = board(hand={0: ["Répulsion"]}, monde={0: ["Bouftou"], 1: ["Tofu"]}, reaction_prompts="always")
    tofu = one(s, "Tofu")
    play(s, 0, one(s, "Répulsion"), tofu)
    rules.remove(s, tofu)
    s.players[1].defausse.append(tofu)
    pass_reactions(s)
    assert tofu in s.players[1].defausse and one(s, "Répulsion") in s.players[0].defausse


def test_range_rules_508() -> None:
    # Tirlangue in its Havre Sac affects only its own cards (508.1b); in the Monde, nothing in a Havre Sac (508.1c)
    s = board(heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"),
              monde={0: ["Tofu"], 1: ["Bouftou"]}, havre={1: ["Boufton Blanc"]})
    hero = s.players[0].hero
    act(s, 0, "use", card=hero, power=0)
    options = set(s.pending[-1].options)
    assert one(s, "Tofu") in options and hero in options
    assert one(s, "Bouftou") not in options and one(s, "Boufton Blanc") not in options
    choose(s, one(s, "Tofu"))
    pay(s)
    s = board(heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"),
              monde={1: ["Bouftou"]}, havre={1: ["Boufton Blanc"]}, hero_in_monde=(0, 1))
    act(s, 0, "use", card=s.players[0].hero, power=0)
    options = set(s.pending[-1].options)
    assert one(s, "Bouftou") in options and s.players[1].hero in options and one(s, "Boufton Blanc") not in options


def test_action_range_508_1a() -> None:
    # an Action affects its player's own Havre Sac and the Monde, not the opponent's Havre Sac
    s = board(hand={0: ["Jeunesse d'Ogrest"]}, havre={0: ["Bouftou"], 1: ["Tofu"]}, monde={1: ["Boo"]})
    s.tapped |= {one(s, "Bouftou"), one(s, "Tofu"), one(s, "Boo")}  # it untaps an inclined card (its ruling)
    act(s, 0, "play", card=one(s, "Jeunesse d'Ogrest"))
    options = set(s.pending[-1].options)
    assert one(s, "Bouftou") in options and one(s, "Boo") in options and one(s, "Tofu") not in options


def test_paid_power_incline_symbol_and_once_per_turn() -> None:
    # 802: the Incliner symbol taps the card; "once per turn" per card
    s = board(monde={0: ["Crapaud Mufle"]}, **XELOR)
    c = one(s, "Crapaud Mufle")
    use(s, 0, c)
    assert rules.force(s, c) == 3
    assert not any(a.kind == "use" and a.get("card") == c for a in GAME.legal_actions(s, 0))
    s = board(monde={1: ["Tofu"]}, heroes=("Tirlangue Portey", "Bruss Ouilis"),
              sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"), hero_in_monde=(0,))
    hero = s.players[0].hero
    use(s, 0, hero, one(s, "Tofu"))
    assert hero in s.tapped and one(s, "Tofu") in s.players[1].defausse
    with pytest.raises(IllegalActionError):
        act(s, 0, "use", card=hero, power=0)


def test_sort_needs_its_class() -> None:
    # 302.5: Charge (Iop) needs a Iop Héros or Allié
    s = board(hand={0: ["Charge"]}, heroes=("Tirlangue Portey", "Bruss Ouilis"),
              sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"), monde={0: ["Tofu", "Tofu"]})
    assert "play" not in kinds(s, 0)
    s.players[0].monde.append(s.players[0].pioche.pop())  # a filler Boufton Blanc: no class
    assert "play" not in kinds(s, 0)
    s = board(hand={0: ["Charge"]}, monde={0: ["Tofu"]})
    assert "play" in kinds(s, 0)


def _position_without_version(s: WakfuState) -> dict[str, Any]:
    pos = GAME.to_position(s)
    pos.pop("version")
    return pos


def _card_places(s: WakfuState) -> list[int]:
    """Every card id in every zone, each once: a cancel loses or copies none (card conservation)."""
    out = [c for p in s.players for zone in (p.main, p.monde, p.havre, p.defausse, p.pioche) for c in zone]
    return sorted(out + [i.card for i in s.file if i.kind == "card"])


def test_agression_on_ones_own_hero_may_be_cancelled_at_every_step_before_paying() -> None:
    # Issue 24: the only target of Agression was the player's own Héros (the opponent's is in its Havre Sac,
    # out of reach: 508) and nothing took the card back.  Targeting one's own Héros stays legal (the card
    # says "the Allié or Héros of your choice"), but 808.2 lets the player cancel before the cost is paid:
    # at the target, at the additional cost and at the payment; the position is then exactly as before
    # (the card back in its place in the hand, the Héros upright), the cancel is logged.
    s = board(hand={0: ["Boufton Blanc", "Agression", "Tofu"]})
    hero = s.players[0].hero
    agression = one(s, "Agression")
    before, cards = _position_without_version(s), _card_places(s)
    for steps in ([], [hero], [hero, hero]):
        act(s, 0, "play", card=agression)
        assert s.pending[-1].kind == "target" and s.pending[-1].options == (hero, "cancel")
        for value in steps:
            choose(s, value)
        assert s.pending[-1].kind == ("target", "extra", "pay")[len(steps)]
        assert Action.of("choose", value="cancel") in GAME.legal_actions(s, 0)
        assert _card_places(s) == cards
        GAME.apply(s, 0, Action.of("choose", value="cancel"))
        assert "takes back Agression" in " ".join(e.text for e in s.log)
        assert _position_without_version(s) == before and _card_places(s) == cards
        assert s.players[0].main.index(agression) == 1 and hero not in s.tapped


def test_a_reaction_taken_back_before_paying_asks_its_player_again() -> None:
    # 808.2 and 809.6: a Réaction cancelled at its target is as if it was never chosen: the card is back in
    # hand and the same player is asked again whether to react to the card just played
    s = board(hand={0: ["Pain au Blé Complet"], 1: ["Échec Critique", "Tofu"]}, monde={0: ["Bouftou"], 1: ["Wabbit", "Boo"]},
              heroes=("Bruss Ouilis", "Aeron Zeklox"), sacs=("Havre Sac du Bouftou", "Havre Sac du Wabbit"))
    play(s, 0, one(s, "Pain au Blé Complet"), s.players[0].hero)
    asked = s.pending[-1]
    assert asked.kind == "reaction" and asked.seat == 1
    before = _position_without_version(s)
    choose(s, one(s, "Échec Critique"))
    assert s.pending[-1].kind == "target" and "cancel" in s.pending[-1].options
    choose(s, "cancel")
    assert _position_without_version(s) == before and s.pending[-1] == asked
