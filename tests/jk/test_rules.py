"""One test (at least) per JK-* rule of docs/rules/multiplayer.md, each proving what the rule states."""

from __future__ import annotations

import pytest

from allegiance.core.actions import Action
from allegiance.games.jk import GAME, flow, lineups
from allegiance.games.jk.cards import CardError, parse_card_file
from allegiance.games.jk.decks import DeckError, demo_decks, parse_deck, validate
from allegiance.games.jk.options import resolved
from allegiance.games.jk.rules import opposing_teams, power
from allegiance.games.jk.setup import SetupError
from allegiance.games.jk.state import JKState
from tests.jk.builders import act, find, legal_kinds, pick, start, to_hand, to_phase, to_play

OPTS = resolved({}, False)
DECK = """theme = "Luke Skywalker"
force = [{force}]
locations = ["Orvax Prime", "Keth Minor", "Dravos", "Suul Reach"]
[cards]
{cards}
"""


def deck_text(force: str = "green 1, green 2, green 3, green 4, green 5, green 6, green 7, green 8",
              cards: dict[str, int] | None = None) -> str:
    body = dict(demo_decks()["luke"].cards) if cards is None else cards
    lines = "\n".join(f'"{k}" = {v}' for k, v in body.items())
    return DECK.format(force=", ".join(f'"{f.strip()}"' for f in force.split(",")), cards=lines)


def problems(text: str) -> str:
    with pytest.raises(DeckError) as err:
        validate(parse_deck(text), OPTS)
    return str(err.value)


def my_turn(s: JKState, seat: int) -> None:
    """Let the others pass until ``seat`` acts in the current phase (never all of them in a row)."""
    while s.turns.seat != seat:
        act(s, s.turns.seat, "pass")


def battle(s: JKState, seat: int, attacker: int, defender: int) -> None:
    my_turn(s, seat)
    act(s, seat, "battle", attacker=attacker, defender=defender)


# -- new card rules -------------------------------------------------------------------------------------
def test_jk_force_1_eight_cards_one_colour_numbers_1_to_8() -> None:
    """JK-FORCE-1: exactly eight Force cards, one colour (green or orange), the numbers 1-8 once each."""
    validate(parse_deck(deck_text()), OPTS)
    validate(parse_deck(deck_text("orange 1, orange 2, orange 3, orange 4, orange 5, orange 6, orange 7, orange 8")),
             OPTS)
    assert "exactly 8" in problems(deck_text("green 1, green 2, green 3, green 4, green 5, green 6, green 7"))
    assert "mixes green and orange" in problems(
        deck_text("green 1, green 2, green 3, green 4, orange 5, green 6, green 7, green 8"))
    assert "numbers 1 to 8 once each" in problems(
        deck_text("green 1, green 2, green 3, green 4, green 5, green 6, green 7, green 7"))


def test_jk_force_2_black_jokers_replace_the_same_number() -> None:
    """JK-FORCE-2: a black card stands in for the same number in a pile of either colour; the pile still
    needs eight different numbers."""
    validate(parse_deck(deck_text("green 1, green 2, green 3, green 4, green 5, green 6, black 7, green 8")), OPTS)
    validate(parse_deck(deck_text("orange 1, black 2, orange 3, orange 4, orange 5, orange 6, orange 7, orange 8")),
             OPTS)
    assert "numbers 1 to 8 once each" in problems(
        deck_text("green 1, green 2, green 3, green 4, green 5, green 6, green 7, black 7"))


def test_jk_start_1_one_copy_of_a_starting_event() -> None:
    """JK-START-1: a starting event is limited to one copy per deck."""
    cards = dict(demo_decks()["luke"].cards)
    cards["Hidden Outpost"] = 2
    cards["Ridge Scout"] = 3
    assert "starting event (JK-START-1) allows 1" in problems(deck_text(cards=cards))


def test_jk_start_2_starting_events_move_to_the_theme_pile() -> None:
    """JK-START-2: when the theme card is played, every starting event leaves the draw pile for the theme pile."""
    s = GAME.new_game("AvEvI", 3)
    for p in s.players:
        starting = [c for c in range(len(s.cards)) if s.owner[c] == p.seat and s.cards[c].starting]
        assert starting and all(c in p.theme_pile for c in starting)
        assert not any(s.cards[c].starting for c in p.draw + p.hand)


def test_jk_start_3_starting_events_only_from_the_theme_pile_and_they_stay() -> None:
    """JK-START-3: played only from the theme pile (never from hand or discard), as its text says (here in
    the Deployment Phase), and it stays on the table."""
    s = start("AvE")
    pick(s, {})
    my_turn(s, 0)
    outpost = find(s, 0, "Hidden Outpost")
    assert Action.of("play", card=outpost, function=0, target=None) in GAME.legal_actions(s, 0)
    scout = to_play(s, 0, "Ridge Scout")
    assert power(s, scout) == 3
    act(s, 0, "play", card=outpost, function=0, target=None)
    assert outpost in s.players[0].table and power(s, scout) == 4
    to_phase(s, "force")  # the turn ends: it stays
    assert outpost in s.players[0].table
    # from hand it is never playable
    s2 = start("AvE")
    pick(s2, {})
    my_turn(s2, 0)
    o2 = to_hand(s2, 0, "Hidden Outpost")
    assert not any(a.get("card") == o2 for a in GAME.legal_actions(s2, 0))


def character_battle(mode: str = "AvE", seat: int = 0, enemy: int = 1) -> tuple[JKState, int, int]:
    s = start(mode)
    to_phase(s, "character")
    a = to_play(s, seat, find_name(s, seat, "Character"))
    d = to_play(s, enemy, find_name(s, enemy, "Character"))
    for p in s.players:
        p.credits = 10
    return s, a, d


def find_name(s: JKState, seat: int, kind: str) -> str:
    names = {"Alliance": "Ridge Scout", "Empire": "Patrol Officer", "Independent": "Gamorran Bruiser"}
    return names[s.players[seat].allegiance]


def test_jk_power_1_a_power_has_no_tactic_bonus_and_is_not_an_event_card() -> None:
    """JK-POWER-1: powers work like events but have no tactic bonus and are not "event cards"."""
    with pytest.raises(CardError, match="no tactic bonus"):
        parse_card_file('[[card]]\ntitle = "X"\ntype = "Jedi power"\ntiming = "battle"\ntactic = 2\n')
    s, a, d = character_battle()
    strike = to_hand(s, 0, "Guided Strike")
    lock = to_hand(s, 0, "Target Lock")
    battle(s, 0, a, d)
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    tactics = [x.get("card") for x in GAME.legal_actions(s, 0) if x.kind == "tactic"]
    assert lock in tactics and strike not in tactics
    # "take the topmost event card of your discard pile": a power on top is skipped
    s2 = start("AvE")
    pick(s2, {})
    my_turn(s2, 0)
    p = s2.players[0]
    p.credits = 10
    event, pw = find(s2, 0, "Coordinated Strike"), find(s2, 0, "Guided Strike")
    for c in (event, pw):
        p.draw.remove(c)
        p.discard.append(c)
    salvage = to_hand(s2, 0, "Salvage the Wreck")
    act(s2, 0, "play", card=salvage, function=0, target=None)
    assert event in p.hand and pw in p.discard


def test_jk_power_2_the_timing_keyword_says_when_played_and_when_discarded() -> None:
    """JK-POWER-2: a battle power is playable only in a battle, a response only as a response; a
    deployment-phase card stays on the table, a battle or response card is discarded."""
    s, a, d = character_battle()
    strike = to_hand(s, 0, "Guided Strike")
    lock = to_hand(s, 0, "Target Lock")
    battle(s, 0, a, d)
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    plays = {x.get("card") for x in GAME.legal_actions(s, 0) if x.kind == "play"}
    assert strike in plays and lock not in plays
    act(s, 0, "play", card=strike, function=1, target=None)
    while s.window is not None:
        act(s, s.window.turns.seat, "pass")
    assert strike in s.players[0].discard
    s2 = start("AvE")
    pick(s2, {})
    my_turn(s2, 0)
    s2.players[0].credits = 10
    strike2 = to_hand(s2, 0, "Guided Strike")
    run = to_hand(s2, 0, "Supply Run")
    plays = {x.get("card") for x in GAME.legal_actions(s2, 0) if x.kind == "play"}
    assert run in plays and strike2 not in plays
    act(s2, 0, "play", card=run, function=0, target=None)
    assert run in s2.players[0].table


def test_jk_power_3_a_bold_or_makes_two_functions() -> None:
    """JK-POWER-3: each function works as a separate card; the player chooses one when playing."""
    s, a, d = character_battle()
    strike = to_hand(s, 0, "Guided Strike")
    battle(s, 0, a, d)
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    options = {(x.get("function"), x.get("target")) for x in GAME.legal_actions(s, 0) if x.get("card") == strike}
    assert options == {(0, a), (1, None)}
    hand = len(s.players[0].hand)
    act(s, 0, "play", card=strike, function=1, target=None)
    while s.window is not None:
        act(s, s.window.turns.seat, "pass")
    assert len(s.players[0].hand) == hand - 1 + 2 and s.boost.get(a, 0) == 0


def test_jk_power_4_a_cancelling_power_discards_the_named_power_whose_costs_stay_paid() -> None:
    """JK-POWER-4: played as a response when the opponent plays the named power; that power is discarded
    before it has any effect, and its player still pays its costs."""
    s, a, d = character_battle()
    strike = to_hand(s, 0, "Guided Strike")
    whisper = to_hand(s, 1, "Sith Whisper")
    battle(s, 0, a, d)
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    act(s, 0, "play", card=strike, function=0, target=a)
    assert s.players[0].credits == 9  # paid
    assert s.window is not None and s.window.turns.seat == 1  # the opponent responds first (S3)
    act(s, 1, "play", card=whisper, function=0, target=None)
    while s.window is not None:
        act(s, s.window.turns.seat, "pass")
    assert strike in s.players[0].discard and s.boost.get(a, 0) == 0 and s.players[0].credits == 9
    # a cancelling power is itself a power: it can be cancelled in turn, and the first power then acts
    s3, a3, d3 = character_battle()
    strike3 = to_hand(s3, 0, "Guided Strike")
    whisper3 = to_hand(s3, 1, "Sith Whisper")
    shroud = to_hand(s3, 0, "Shroud of Calm")
    battle(s3, 0, a3, d3)
    while s3.battle.turns.seat != 0:
        act(s3, s3.battle.turns.seat, "pass")
    act(s3, 0, "play", card=strike3, function=0, target=a3)
    act(s3, 1, "play", card=whisper3, function=0, target=None)
    assert len(s3.windows) == 2 and s3.window.turns.seat == 0  # the Sith power waits for answers
    act(s3, 0, "play", card=shroud, function=0, target=None)
    while s3.windows:
        act(s3, s3.window.turns.seat, "pass")
    assert whisper3 in s3.players[1].discard and s3.boost[a3] == 3 and strike3 in s3.players[0].discard
    # a cancelling power answers only the powers it names
    s2, a2, d2 = character_battle()
    coord = to_hand(s2, 0, "Coordinated Strike")
    to_hand(s2, 1, "Sith Whisper")
    battle(s2, 0, a2, d2)
    while s2.battle.turns.seat != 0:
        act(s2, s2.battle.turns.seat, "pass")
    act(s2, 0, "play", card=coord, function=0, target=a2)
    assert s2.window is None and s2.boost[a2] == 2


def test_jk_quick_1_the_pictured_weapon_comes_with_the_character() -> None:
    """JK-QUICK-1: on entering play, the player may at once play the pictured weapon from the theme pile
    or the discard pile, in the same action, paying its deploy cost; it is optional."""
    s = start("AvE")
    pick(s, {})
    my_turn(s, 0)
    p = s.players[0]
    p.credits = 10
    kel = to_hand(s, 0, "Kel Varro, Quick-Draw Smuggler")
    pistol = next(c for c in p.theme_pile if s.cards[c].title == "Varro's Heavy Pistol")
    act(s, 0, "deploy", card=kel, at="site")
    assert s.pending is not None and set(s.pending.options) == {pistol, "decline"}
    assert GAME.active_seats(s) == (0,)  # still the same action
    act(s, 0, "choose", value=pistol)
    assert s.attached[pistol] == kel and pistol in s.site
    assert p.credits == 10 - 4 - 2  # both off-theme (Han Solo cards in a Luke deck): +1 each
    assert s.turns.seat != 0  # the action is over: the next player
    # optional, and from the discard pile too
    s2 = start("AvE")
    pick(s2, {})
    my_turn(s2, 0)
    s2.players[0].credits = 10
    kel2 = to_hand(s2, 0, "Kel Varro, Quick-Draw Smuggler")
    in_discard = find(s2, 0, "Varro's Heavy Pistol")
    s2.players[0].draw.remove(in_discard)
    s2.players[0].discard.append(in_discard)
    act(s2, 0, "deploy", card=kel2, at="site")
    assert in_discard in s2.pending.options
    act(s2, 0, "choose", value="decline")
    assert in_discard in s2.players[0].discard and s2.players[0].credits == 6


def test_jk_indep_1_independent_decks_hold_only_jabba_or_fett_cards_of_other_allegiances() -> None:
    """JK-INDEP-1: no Empire or Alliance card in a Jabba or Fett deck unless it carries one of those themes."""
    jabba = demo_decks()["jabba"]
    validate(jabba, OPTS)  # holds Imperial Turncoat: an Empire card with the Jabba theme
    cards = dict(jabba.cards)
    cards["Garrison Trooper"] = 4
    cards["Palace Thug"] = 0
    cards = {k: v for k, v in cards.items() if v}
    text = deck_text(cards=cards).replace("Luke Skywalker", "Jabba the Hutt")
    assert "without the Jabba the Hutt or Boba Fett theme" in problems(text)


def test_jk_indep_2_jabba_and_fett_cards_mix_but_off_theme_costs_one_more() -> None:
    """JK-INDEP-2: a Jabba deck may hold Fett cards and vice versa; another theme's card costs 1 more."""
    validate(demo_decks()["jabba"], OPTS)  # holds Rusk Tabbard (Fett)
    validate(demo_decks()["fett"], OPTS)  # holds Desert Stronghold (Jabba)
    s = start("AvI")
    pick(s, {})
    my_turn(s, 1)
    s.players[1].credits = 4
    rusk = to_hand(s, 1, "Rusk Tabbard, Quick-Draw Hunter")  # printed cost 3, Fett theme
    assert ("deploy", rusk) in {(x.kind, x.get("card")) for x in GAME.legal_actions(s, 1)}
    s.players[1].credits = 3
    assert ("deploy", rusk) not in {(x.kind, x.get("card")) for x in GAME.legal_actions(s, 1)}


def test_jk_indep_3_independent_character_priority() -> None:
    """JK-INDEP-3: if an opponent has a copy of a character in play, the Independent player may play the
    same character and the opponent's copy is discarded (the opponent has no such priority)."""
    s = start("AvI")
    pick(s, {})
    my_turn(s, 1)
    s.players[1].credits = 10
    theirs = to_play(s, 0, "Mira Sol, Alliance Contact")
    mine = to_hand(s, 1, "Mira Sol, Palace Informant")
    act(s, 1, "deploy", card=mine, at="site")
    assert mine in s.site and theirs in s.players[0].discard
    # the Alliance player cannot do the same
    my_turn(s, 0)
    s.players[0].credits = 10
    s.players[0].discard.remove(theirs)
    s.players[0].hand.append(theirs)
    assert not any(x.get("card") == theirs for x in GAME.legal_actions(s, 0))


# -- three sides and teams ------------------------------------------------------------------------------
def test_jk_3s_1_three_sides_and_every_theme_different() -> None:
    """JK-3S-1: Alliance, Empire, Independent with one or two players each; every theme differs."""
    assert lineups.table_for("AvEvI").teams == ("Alliance", "Independent", "Empire")
    assert len(lineups.table_for("AAvEEvII").teams) == 3 and len(lineups.table_for("AAvEEvII").seats) == 6
    with pytest.raises(DeckError, match="JK-3S-1"):
        GAME.new_game("AAvEEvII", 0, {"decks": ["luke", "luke", "jabba", "fett", "vader", "tarkin"]})
    GAME.new_game("AAvEEvII", 0, {"decks": ["luke", "han", "jabba", "fett", "vader", "tarkin"]})


def turns_until_check(s: JKState) -> int:
    turns = 0
    while not s.controlled:
        to_phase(s, "character")
        turn = s.turn
        while s.turn == turn:
            if s.phase == "force":
                break
            act(s, GAME.active_seats(s)[0], "pass")
        turns += 1
    return turns


def test_jk_3s_2_one_turn_per_planet_in_a_three_sided_game_optionally_two() -> None:
    """JK-3S-2: one turn is played on each planet (two, optionally)."""
    assert turns_until_check(start("AvEvI")) == 1
    assert turns_until_check(start("AvEvI", turns_per_planet=2)) == 2


def test_jk_3s_3_the_opposing_side_means_both_opposing_sides() -> None:
    """JK-3S-3: with three sides, "the opposing side" is both other sides: both may respond to a power, and
    a cancelling power works from either."""
    s = start("AvEvI")
    assert opposing_teams(s, 0) == ["Independent", "Empire"]
    s, a, d = character_battle("AvEvI", 0, 2)
    strike = to_hand(s, 0, "Guided Strike")
    battle(s, 0, a, d)
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    act(s, 0, "play", card=strike, function=0, target=a)
    assert s.window.turns.order == [1, 2, 0]  # both opposing sides, clockwise from the left, then the player


@pytest.mark.parametrize("mode", ["AvEvI", "AvE"])
def test_jk_3s_3_an_effect_on_the_opposing_side_hits_both_opposing_sides(mode: str) -> None:
    """JK-3S-3: Saturation Barrage (-1 to the opposing side) in a battle against the Empire also weakens the
    Independent side, which is not in the battle; never the player's own side."""
    s = start(mode)
    to_phase(s, "character")
    seats = {p.allegiance: p.seat for p in s.players}
    mine = to_play(s, 0, "Ridge Scout")
    other = to_play(s, 0, "Ashen Company Trooper")
    foe = to_play(s, seats["Empire"], "Patrol Officer")
    third = to_play(s, seats["Independent"], "Gamorran Bruiser") if "Independent" in seats else None
    barrage = to_hand(s, 0, "Saturation Barrage")
    s.players[0].credits = 5
    battle(s, 0, mine, foe)
    while s.battle.turns.seat != 0:
        act(s, s.battle.turns.seat, "pass")
    act(s, 0, "play", card=barrage, function=0, target=None)
    assert power(s, foe) == 2 and power(s, mine) == 3 and power(s, other) == 2
    if third is not None:
        assert power(s, third) == 2


def test_jk_3s_4_seating_independents_between_teammates_together() -> None:
    """JK-3S-4: the Independent side sits between the other two; teammates sit side by side (and may
    compare cards: a teammate's hand is in the view, an opponent's is not)."""
    t = lineups.table_for("AAvEEvII")
    assert [seat.team for seat in t.seats] == ["Alliance"] * 2 + ["Independent"] * 2 + ["Empire"] * 2
    s = GAME.new_game("AAvEEvII", 0)
    v = GAME.view(s, 0)
    assert "hand_cards" in v["players"][1] and "hand_cards" not in v["players"][2]


def test_jk_3s_5_the_side_with_most_themes_chooses_the_first_location() -> None:
    """JK-3S-5: the side with the most themes chooses the first location among its cards; the other sides'
    system cards make the pile the next planets come from."""
    s = GAME.new_game("AAvEE", 0, {"decks": ["luke", "luke", "vader", "tarkin"]})
    assert s.pending.kind == "location" and s.team(s.pending.seat) == "Empire"
    decks = demo_decks()
    assert set(s.pending.options) == set(decks["vader"].locations) | set(decks["tarkin"].locations)
    act(s, s.pending.seat, "choose", value="Ithar Deep")
    assert s.planets[0] == "Ithar Deep" and len(set(s.planets)) == 4


def starships(mode: str) -> tuple[JKState, dict[int, int]]:
    s = start(mode)
    to_phase(s, "starship")
    ships = {"Alliance": "Lantern-class Cruiser", "Empire": "Picket Cruiser", "Independent": "Corsair Gunboat"}
    placed = {p.seat: to_play(s, p.seat, ships[p.allegiance], "system") for p in s.players}
    return s, placed


def test_jk_3s_6_attack_either_opposing_side() -> None:
    """JK-3S-6: in the battle phase a player may attack either opposing side."""
    s, ships = starships("AvEvI")
    my_turn(s, 0)
    defenders = {x.get("defender") for x in GAME.legal_actions(s, 0) if x.kind == "battle"}
    assert defenders == {ships[1], ships[2]}


def test_jk_3s_7_support_and_tactic_bonuses_only_for_your_side() -> None:
    """JK-3S-7: your cards support only your own or a teammate's cards; tactic bonuses go only under those."""
    s = start("AAvEE")
    to_phase(s, "starship")
    attacker = to_play(s, 0, "Escort Corvette", "system")  # leadership 1
    helper = to_play(s, 1, "Skyhook Fighter", "system")
    defender = to_play(s, 2, "Picket Cruiser", "system")  # leadership 1
    enemy_helper = to_play(s, 3, "Talon Interceptor", "system")
    for p in s.players:
        p.credits = 10
    lock = to_hand(s, 1, "Target Lock")
    battle(s, 0, attacker, defender)
    seen = {}
    while s.battle is not None and s.battle.step == "support":
        seat = s.battle.turns.seat
        seen[seat] = GAME.legal_actions(s, seat)
        act(s, seat, "pass")
    assert Action.of("support", card=helper, supported=attacker) in seen[1]
    assert Action.of("support", card=enemy_helper, supported=defender) in seen[3]
    assert not any(x.kind == "support" and x.get("supported") == defender for x in seen[1])
    assert not any(x.kind == "support" and x.get("supported") == attacker for x in seen[3])
    assert {x.get("under") for x in seen[1] if x.kind == "tactic" and x.get("card") == lock} == {attacker}
    # a third side takes no part: the Independent player has nothing to do in an Alliance-Empire battle
    s3, a, d = character_battle("AvEvI", 0, 2)
    battle(s3, 0, a, d)
    assert 1 not in s3.battle.turns.order and GAME.legal_actions(s3, 1) == []


def test_jk_3s_8_intimidation_names_one_opposing_side() -> None:
    """JK-3S-8: a capital starship turned to intimidate names one of the two opposing sides."""
    s, ships = starships("AvEvI")
    my_turn(s, 0)
    sides = {x.get("side") for x in GAME.legal_actions(s, 0) if x.kind == "intimidate"}
    assert sides == {"Empire", "Independent"}
    act(s, 0, "intimidate", card=ships[0], side="Empire")
    assert s.intimidated == {"Empire"} and ships[0] in s.rotated
    to_phase(s, "blockade")
    to_play(s, 2, "Patrol Officer")
    to_play(s, 1, "Gamorran Bruiser")
    kinds = {}
    for _ in range(3):
        seat = s.turns.seat
        kinds[seat] = legal_kinds(s, seat)
        act(s, seat, "pass")
    assert "shuttle" not in kinds[2] and "shuttle" in kinds[1]


def test_jk_3s_9_highest_total_power_wins_the_control_check() -> None:
    """JK-3S-9: the side with the highest total power at the site wins; it need not beat both others combined."""
    s = start("AvEvI")
    for name in ("Ridge Scout", "Ashen Company Trooper"):
        to_play(s, 0, name)  # 3 + 2 = 5
    for name in ("Palace Thug", "Swoop Gang Rider"):
        to_play(s, 1, name)  # 2 + 2 = 4
    to_play(s, 2, "Patrol Officer")
    to_play(s, 2, "Probe Droid Team")  # 3 + 1 = 4
    assert flow.team_power_at_site(s, "Alliance") == 5 < 4 + 4
    flow.control_check(s)
    assert s.controlled == ["Alliance"]


def find_in_play(s: JKState, seat: int, name: str) -> int:
    return next(c for c in s.site + s.system if s.owner[c] == seat and s.cards[c].name == name)


def test_jk_3s_10_three_planets_win_at_once() -> None:
    """JK-3S-10: a side that controls three planets wins at once."""
    for mode in ("AvEvI", "AvE"):
        s = start(mode)
        s.controlled = ["Empire", "Empire"]
        s.planet = 2
        seat = next(p.seat for p in s.players if p.allegiance == "Empire")
        to_play(s, seat, "Patrol Officer")
        flow.control_check(s)
        out = GAME.outcome(s)
        assert out is not None and out.winners == ("Empire",) and "three planets" in out.reason


def test_jk_3s_11_final_conflict_sides_without_characters_are_out() -> None:
    """JK-3S-11: in the Final Conflict a side with no character on the last planet is out; play goes on until
    one side's cards alone remain, and that side wins even if it controlled no planet."""
    s = start("AvEvI")
    s.final, s.planet, s.controlled = True, 3, ["Empire", "Empire", ""]
    to_play(s, 0, "Ridge Scout")
    officer = to_play(s, 2, "Patrol Officer")
    flow.final_conflict_check(s)
    assert s.players[1].out and not s.players[0].out and GAME.outcome(s) is None
    assert 1 not in s.live_seats()
    s.site.remove(officer)
    s.players[2].discard.append(officer)
    flow.final_conflict_check(s)
    assert GAME.outcome(s).winners == ("Alliance",)


def test_jk_modes_1_every_listed_line_up_and_no_other() -> None:
    """JK-MODES-1: 2 players (A v E, A v I); 3 three-sided; 4 (2 A v 2 Empire and/or Independent); 6 (3 v 3);
    6 three-sided (2 v 2 v 2); 8 (4 v 4).  An unlisted line-up is refused with the list of valid ones."""
    sizes = {m: len(lineups.table_for(m).seats) for m in lineups.MODES}
    assert sizes["AvE"] == sizes["AvI"] == 2 and sizes["AvEvI"] == 3 and sizes["AAvEEvII"] == 6
    assert {m for m, n in sizes.items() if n == 4} == {"AAvEE", "AAvEI", "AAvII"}
    assert {m for m, n in sizes.items() if n == 8} == {"AAAAvEEEE", "AAAAvEEEI", "AAAAvEEII", "AAAAvEIII",
                                                         "AAAAvIIII"}
    for bad in ("EvI", "AvEvIvA", "AAAAAvEEEEE", "AvEE", "2v2"):
        with pytest.raises(ValueError, match="AvE, AvI, AvEvI"):
            GAME.new_game(bad, 0)
    for mode in lineups.MODES:
        s = GAME.new_game(mode, 0)
        assert len(GAME.table_for(mode).teams) == len(mode.split("v"))
        assert s.table == GAME.table_for(mode)


def test_jk_modes_2_a_mixed_side_is_one_team_or_refused() -> None:
    """JK-MODES-2 (open question; decided: option mixed_sides): Empire and Independent players on one side are
    teammates for every team rule (default), or the line-up is refused (refuse)."""
    s = start("AAvEI")
    assert s.team(2) == s.team(3) == "Empire & Independent"
    assert "hand_cards" in GAME.view(s, 2)["players"][3]
    with pytest.raises(SetupError, match="AAvEE"):
        GAME.new_game("AAvEI", 0, {"mixed_sides": "refuse"})
    GAME.new_game("AAvEE", 0, {"mixed_sides": "refuse"})
