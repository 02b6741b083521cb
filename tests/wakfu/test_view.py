"""Views (invariant 4): a seat sees its hand, both Mondes and Havre Sacs, the Défausses, the File, the
combat and counts of hidden piles; a spectator sees no hand."""

from __future__ import annotations

import json

from allegiance.games.wakfu import GAME
from tests.wakfu.builders import act, board, choose, one, pay, play


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
    # 809.6: both seats are asked at once (a round), each sees its own question; nobody another's options
    assert GAME.view(s, 0)["decision"]["seat"] == 0 and v["decision"]["seats"] == [1, 0]
    assert "options" not in GAME.view(s, None)["decision"]
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
    from allegiance.games.wakfu.effects import implemented
    assert cat["Bouftou"]["implemented"] and cat["Abraknyde"]["implemented"]
    assert all(entry["implemented"] == implemented(name) for name, entry in cat.items())


def test_a_lasting_effect_is_listed_in_words_on_the_card_it_affects() -> None:
    """Issue 24 item 7: Pandrista's "doesn't untap" is on the inclined card in every seat's view (a card in
    play is public), with how long it lasts; a card without effects carries none; the effect goes when it ends."""
    s = board(hand={0: ["Pandrista"]}, monde={0: ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2,
                                                1: ["Bouftou", "Boo"]})
    b = one(s, "Bouftou")
    play(s, 0, one(s, "Pandrista"), b)
    me = s.table.seats[0].label
    for seat in (0, 1, None):
        cards = {c["name"]: c for c in GAME.view(s, seat)["players"][1]["monde"]}
        assert cards["Bouftou"]["effects"] == [f"doesn't untap until the start of {me}'s next turn"]
        assert "effects" not in cards["Boo"]
    s.mods.append((b, "force", 2, "turn"))
    s.mods.append((b, "resist:Feu", 1, "turn"))
    s.pmods.append((1, "pa", -1, "turn"))
    v = GAME.view(s, 1)
    bouftou = next(c for c in v["players"][1]["monde"] if c["id"] == b)
    assert bouftou["effects"][1:] == ["+2 Force until end of turn", "Résistance Feu +1 until end of turn"]
    assert v["players"][1]["hero"]["effects"] == ["−1 PA until end of turn"]
    act(s, 0, "end_turn")
    if s.pending:
        choose(s, "keep")
    act(s, 1, "end_turn")
    if s.pending:
        choose(s, "keep")
    assert all("effects" not in c for c in GAME.view(s, 0)["players"][1]["monde"])  # it ended (602.1)


def test_effects_in_a_position_are_on_their_card() -> None:
    """The hand-written example position sets Arakne's "doesn't untap" by card and effect name."""
    from pathlib import Path

    import yaml

    from allegiance.games.wakfu.position import from_position
    root = Path(__file__).resolve().parents[2]
    s = from_position(yaml.safe_load((root / "docs/examples/wakfu-attack.yaml").read_text()))
    arakne = next(c for c in GAME.view(s, 0)["players"][1]["monde"] if c["name"] == "Arakne")
    assert arakne["effects"] == [f"doesn't untap until the start of {s.table.seats[1].label}'s next turn"]
