"""The card data (established rows with sources, the demo set labelled invented), card-file errors, the
card table, and greedy playouts of every line-up."""

from __future__ import annotations

import pytest

from allegiance.core.rng import Rng
from allegiance.games.jk import GAME
from allegiance.games.jk.cards import DEMO_SET, CardError, catalog, demo, established, parse_card_file
from allegiance.games.jk.decks import demo_decks, validate
from allegiance.games.jk.lineups import MODES
from allegiance.games.jk.options import resolved
from allegiance.games.jk.strategy import greedy_choice
from tests.jk.builders import all_cards


def test_the_established_rows_keep_their_sources() -> None:
    rows = established()
    assert len(rows) == 45
    assert all(c.source and c.confidence in "ABCD" and not c.invented for c in rows.values())
    assert sum(c.type == "Force" for c in rows.values()) == 24
    assert sum(c.type == "Theme" for c in rows.values()) == 10
    # no source gives a character's numbers: they are listed, never dealt
    assert all(not c.playable for c in rows.values() if c.type in ("Character", "Event"))


def test_the_demo_set_is_labelled_invented_and_covers_every_rule() -> None:
    cards = demo().values()
    assert all(c.invented and c.set == DEMO_SET for c in cards)
    assert any(c.starting for c in cards)
    assert any(c.is_power and len(c.functions) == 2 for c in cards)
    assert any(c.is_power and any(e.verb == "cancel" for f in c.functions for e in f) for c in cards)
    quick = [c for c in cards if c.quick_draw]
    assert quick and all(any(w.title == c.weapon and w.type == "Weapon" for w in cards) for c in quick)
    assert any(c.capital for c in cards)
    assert {"Jabba the Hutt", "Boba Fett"} <= {t for c in cards for t in c.themes}
    for deck in demo_decks().values():
        validate(deck, resolved({}, False))
    table = GAME.card_table()
    assert table is not None and len(table.rows) == len(catalog())
    assert {r["origin"] for r in table.rows if r["name"] in demo()} == {"invented (demo)"}
    assert "not Decipher's cards" in table.title


@pytest.mark.parametrize("text,says", [
    ('[[card]]\ntitle = "X"\ntype = "Droid"\n', "type must be one of"),
    ('[[card]]\ntitle = "X"\ntype = "Event"\n', "needs a timing keyword"),
    ('[[card]]\ntitle = "X"\ntype = "Character"\ncolour = "red"\n', "unknown field"),
    ('[[card]]\ntitle = "X"\ntype = "Event"\ntiming = "battle"\nfunctions = [[{effect = "power", n = 2}], '
     '[{effect = "draw", n = 1}]]\n', "only a Jedi or Sith power has two functions"),
    ('[[card]]\ntitle = "X"\ntype = "Event"\ntiming = "battle"\nfunctions = [[{effect = "fly"}]]\n', "effect entry"),
    ('[[card]]\ntitle = "X"\ntype = "Character"\nkeywords = ["quick-draw"]\n', "names its pictured weapon"),
    ("[[card]\n", "not valid TOML"),
])
def test_card_file_errors_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(CardError, match=says):
        parse_card_file(text)


@pytest.mark.parametrize("mode", MODES)
def test_greedy_playouts_of_every_line_up_finish(mode: str) -> None:
    s = GAME.new_game(mode, 7)
    rng = Rng(7)
    steps = 0
    while GAME.outcome(s) is None:
        seat = GAME.active_seats(s)[0]
        legal = GAME.legal_actions(s, seat)
        action = greedy_choice(s, seat, legal, rng)
        assert action in legal
        GAME.apply(s, seat, action)
        steps += 1
        assert steps < 30_000
    assert sorted(all_cards(s)) == list(range(len(s.cards)))


def test_the_game_is_registered_and_the_lobby_offers_what_can_play_it() -> None:
    from allegiance.games import game_names, get_game
    from allegiance.server.gameinfo import game_info
    assert "jk" in game_names() and get_game("jk") is GAME
    info = game_info("jk")
    assert info["bots"] == ["random", "greedy", "ismcts"]
    specs = {s["name"]: s for s in info["options"]}
    assert specs["weapon_hit"]["source"] == "UNSOURCED" and specs["weapon_hit"]["sourced"] is False
    assert "JK-3S-2" in specs["turns_per_planet"]["source"]


def test_simulation_records_the_planet_lead_and_the_cards_played() -> None:
    from allegiance.core.actions import Action
    from allegiance.games.jk.record import HOOKS, planet_lead
    from tests.jk.builders import pick, start
    s = start("AvEvI")
    s.controlled = ["Alliance", "Empire", "Empire"]
    assert planet_lead(s) == 1 - 2
    s.controlled = []
    pick(s, {})
    recorder = HOOKS.card_recorder()
    seat = GAME.active_seats(s)[0]
    s.players[seat].credits = 10
    deploy = next(a for a in GAME.legal_actions(s, seat) if a.kind == "deploy")
    assert recorder.step(s, seat, deploy) == [(seat, s.name(deploy.get("card")))]
    assert recorder.step(s, seat, Action.of("pass")) is None
    assert GAME.record_hooks() is HOOKS and GAME.card_group("Palace Thug") == "Independent"


def test_a_deck_file_types_in_its_own_cards() -> None:
    """The card-file format inside a deck file: a user types in a card (here the established Han Solo row,
    known only by name, with numbers of the user's own) and plays it; positions keep it."""
    import json

    from allegiance.games.jk.decks import DeckError, parse_deck
    from tests.jk.test_rules import deck_text
    cards = dict(demo_decks()["luke"].cards)
    cards["Ridge Scout"] = 3
    cards["Han Solo"] = 1
    typed = '\n[[card]]\ntitle = "Han Solo"\ntype = "Character"\nallegiance = "Alliance"\nthemes = ["Han Solo"]\n' \
            'keywords = ["unique"]\ndeploy = 4\npower = 5\ndestiny = 3\nsource = "typed in by a player"\n'
    text = deck_text(cards=cards) + typed
    with pytest.raises(DeckError, match="known only by name"):
        validate(parse_deck(deck_text(cards=cards)), resolved({}, False))
    deck = parse_deck(text)
    validate(deck, resolved({}, False))
    s = GAME.new_game("AvE", 0, {"decks": [text, "vader"]})
    han = [c for c in range(len(s.cards)) if s.cards[c].name == "Han Solo"]
    assert len(han) == 1 and s.cards[han[0]].power == 5 and s.owner[han[0]] == 0
    again = GAME.from_position(json.loads(json.dumps(GAME.to_position(s))))
    assert GAME.digest(again) == GAME.digest(s) and again.cards[han[0]].power == 5
    with pytest.raises(DeckError, match="type must be one of"):
        parse_deck(deck_text() + '\n[[card]]\ntitle = "X"\ntype = "Droid"\n')


def test_the_demo_decks_are_read_once_and_a_caller_cannot_change_them() -> None:
    """Setting a game up reads the demo decks from a cache (a playout starts hundreds of games a second);
    the dict handed out is the caller's own."""
    decks = demo_decks()
    assert demo_decks()["luke"] is decks["luke"]
    decks.pop("luke")
    assert "luke" in demo_decks()
