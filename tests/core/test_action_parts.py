"""The source and targets of each legal action (issue 24 item 4): ``Game.action_parts`` names the card that
acts and the cards it acts on, and the server sends them with the seat's legal actions so that the table
page offers two clicks on the board (the attacker, then one of its highlighted targets) instead of a list
of every pair.  Only cards the seat's view shows are ever sent."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from allegiance.core.actions import Action
from allegiance.core.game import Game
from allegiance.core.refusals import SenderView
from allegiance.games import get_game
from allegiance.games.swdbg import GAME as SWDBG
from allegiance.games.wakfu import GAME as WAKFU
from allegiance.server.messages import legal_json
from tests.swdbg.builders import build, cid
from tests.wakfu.builders import board, one
from tests.wakfu.test_combat import attack


def test_the_default_reads_the_actions_parameters() -> None:
    game: Game = get_game("jk")
    assert game.action_parts(None, 0, Action.of("battle", attacker=3, defender=7)) == (3, (7,))
    assert game.action_parts(None, 0, Action.of("fire", weapon=4, target=9)) == (4, (9,))
    assert game.action_parts(None, 0, Action.of("deploy", card=5, at="site")) == (5, ())
    assert game.action_parts(None, 0, Action.of("choose", value=2, amount=3)) == (None, ())
    assert game.action_parts(None, 0, Action.of("pass")) == (None, ())


def test_swdbg_an_attack_on_the_bases_targets_the_enemy_ships_and_bases() -> None:
    s = build("1v1", units={0: ["Dengar"]}, ships={1: ["Rebel Transport"]}, row={0: ["Y-Wing"]})
    dengar = cid(s, "Dengar")
    hit = (cid(s, "Rebel Transport"), s.players[1].base)
    assert SWDBG.action_parts(s, 0, Action.of("commit", card=dengar, target="base")) == (dengar, hit)
    assert SWDBG.action_parts(s, 0, Action.of("commit", card=dengar, target=cid(s, "Y-Wing"))) == \
        (dengar, (cid(s, "Y-Wing"),))


def test_wakfu_a_blocker_targets_the_attacker_it_blocks() -> None:
    s = board(monde={0: ["Bouftou", "Bwork"], 1: ["Tofu"]})
    bouftou, bwork, tofu = one(s, "Bouftou"), one(s, "Bwork"), one(s, "Tofu")
    attack(s, s.players[1].sac, [bouftou, bwork], None)
    legal = legal_json(SimpleNamespace(game=WAKFU, state=s), 1)  # type: ignore[arg-type]
    picks = [(item["source"], item["targets"], item["source_name"]) for item in legal if "source" in item]
    assert picks == [(tofu, [bouftou], "Tofu"), (tofu, [bwork], "Tofu")]
    assert [item["action"] for item in legal if "source" not in item] == [{"kind": "choose", "value": "done"}]


@pytest.mark.parametrize("name, mode", [("swdbg", "2v2"), ("wakfu", "1v1"), ("jk", "AvE")])
def test_only_cards_the_seat_sees_are_sent_as_sources_and_targets(name: str, mode: str) -> None:
    """A seeded random walk in each game: every source and target the server sends a seat is a card of
    its view, named by its name there."""
    game = get_game(name)
    rng = random.Random(5)
    state = game.new_game(mode, 11)
    sent = 0
    for _ in range(400):
        if game.outcome(state) is not None:
            break
        seats = game.active_seats(state)
        for seat in seats:
            view: dict[str, Any] = game.view(state, seat)
            cards = SenderView(lambda v=view: v).cards
            for item in legal_json(SimpleNamespace(game=game, state=state), seat, view):  # type: ignore[arg-type]
                if "source" in item:
                    sent += 1
                    assert item["source"] in cards and all(t in cards for t in item["targets"]), item
                    assert item["source_name"] == cards[item["source"]]
        seat = seats[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert sent > 0
