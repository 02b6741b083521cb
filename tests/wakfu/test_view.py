"""Views (invariant 4): a seat sees its hand, both Mondes and Havre Sacs, the Défausses, the File, the
combat and counts of hidden piles; a spectator sees no hand."""

from __future__ import annotations

import json

from allegiance.games.wakfu import GAME
from tests.wakfu.builders import act, board, choose, one, pay


def test_view_contents() -> None:
    s = board(hand={0: ["Bouftou", "Charge"], 1: ["Arakne"]}, monde={0: ["Bwork"], 1: ["Boo"]},
              havre={1: ["Wabbit"]}, defausse={1: ["Moskito"]}, reaction_prompts="always")
    v = GAME.view(s, 0)
    me, opp = v["players"]
    assert [c["name"] for c in me["hand"]] == ["Bouftou", "Charge"]
    assert opp["hand"] is None and opp["hand_count"] == 1 and opp["pioche_count"] == 10
    assert [c["name"] for c in opp["monde"]] == ["Boo"]
    assert [c["name"] for c in opp["havre_sac"]["cards"]] == ["Tirlangue Portey", "Wabbit"]
    assert opp["havre_sac"]["resistance"] == 15 and [c["name"] for c in opp["defausse"]] == ["Moskito"]
    assert me["pa"] == 6 and me["pm"] == 3 and me["pv"] == 18 and me["level"] == 1
    assert GAME.view(s, None)["players"][0]["hand"] is None
    assert "Arakne" not in json.dumps(GAME.view(s, 0)) and "Arakne" not in json.dumps(GAME.view(s, None))


def test_view_shows_the_file_and_the_combat() -> None:
    s = board(hand={0: ["Parchemin Blanc"]}, monde={0: ["Bwork", "Bouftou", "Bouftou"], 1: ["Boo"]},
              reaction_prompts="always")
    act(s, 0, "play", card=one(s, "Parchemin Blanc"))
    pay(s)
    v = GAME.view(s, 1)
    assert [i["card"]["name"] for i in v["file"]] == ["Parchemin Blanc"] and v["file"][0]["paid"]
    assert v["decision"]["kind"] == "reaction" and v["decision"]["options"] == ["pass"]
    assert "options" not in GAME.view(s, 0)["decision"]  # another seat's options are not shown
    choose(s, "pass")
    choose(s, "pass")
    act(s, 0, "attack")
    v = GAME.view(s, 1)  # 701.2: the declaration is on the File, answered by Réactions
    assert [i["kind"] for i in v["file"]] == ["attack"] and v["decision"]["kind"] == "reaction"
    choose(s, "pass")
    choose(s, "pass")
    choose(s, s.players[1].sac)
    v = GAME.view(s, 1)
    assert v["combat"]["target"] == s.players[1].sac and v["combat"]["step"] == "attackers"


def test_describe_action_names_cards() -> None:
    s = board(hand={0: ["Bouftou"]})
    legal = GAME.legal_actions(s, 0)
    texts = [GAME.describe_action(s, 0, a) for a in legal]
    assert "Player 1: play Bouftou (your hand)" in texts and "Player 1: end the turn" in texts


def test_card_catalog() -> None:
    cat = GAME.card_catalog()
    assert len(cat) == 320 and json.dumps(cat)
    assert cat["Bruss Ouilis"]["sides"][1]["pv"] == 22 and cat["Colère de Iop"]["level"] == "X"
    assert cat["Bouftou"]["implemented"] and not cat["Abraknyde"]["implemented"]
