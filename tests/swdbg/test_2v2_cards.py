"""The 2v2 card clarifications (SW-CARD-*): each card's multiplayer behaviour in a small 2v2 position.

Seats: 0 Empire 1 and 2 Rebel 1 share region 0; 1 Empire 2 and 3 Rebel 2 share region 1.
"""

from __future__ import annotations

from allegiance.core.actions import Action
from allegiance.games.swdbg.combat import attack_value
from allegiance.games.swdbg.state import SwdbgState
from tests.swdbg.builders import GAME, act, build, choose, cid, names, options


def _hand(s: SwdbgState, seat: int) -> int:
    return len(s.players[seat].hand)


def _can_use(s: SwdbgState, seat: int, card: int) -> bool:
    return Action.of("use", card=card) in GAME.legal_actions(s, seat)


def _end_team_turn(s: SwdbgState) -> None:
    for seat in GAME.active_seats(s):
        act(s, seat, "end_turn")


# -- units and ships whose "you" is the team --------------------------------------------------------
def test_piett_boosts_the_teammates_capital_ships() -> None:
    """rule: SW-CARD-PIETT"""
    s = build("2v2", units={0: ["Admiral Piett"]}, ships={1: ["Star Destroyer"]})
    sd = cid(s, "Star Destroyer")
    act(s, 1, "commit", card=sd, target="base")
    act(s, 1, "resolve")
    choose(s, 1, s.players[2].base, 5)  # 4 + 1 from the teammate's Piett
    assert s.damage == {s.players[2].base: 5}


def test_carrier_boosts_the_teammates_fighters() -> None:
    """rule: SW-CARD-CARRIER"""
    s = build("2v2", ships={1: ["Imperial Carrier"]}, units={0: ["TIE Fighter", "Stormtrooper"]})
    assert attack_value(s, s.players[0], cid(s, "TIE Fighter")) == 3
    assert attack_value(s, s.players[0], cid(s, "Stormtrooper")) == 2


def test_endor_counts_for_the_teammates_troopers_and_vehicles() -> None:
    """rule: SW-CARD-ENDOR — one Endor +1, two Endors +2, for either teammate's units."""
    one = build("2v2", base={1: "Endor"}, units={0: ["AT-ST", "TIE Fighter"]})
    assert attack_value(one, one.players[0], cid(one, "AT-ST")) == 5
    assert attack_value(one, one.players[0], cid(one, "TIE Fighter")) == 2
    two = build("2v2", base={0: "Endor", 1: "Endor"}, units={0: ["AT-ST"]})
    assert attack_value(two, two.players[0], cid(two, "AT-ST")) == 6


def test_z95_draws_if_the_opposing_team_has_any_capital_ship() -> None:
    """rule: SW-CARD-Z95 — the ship may belong to the Empire player of the other region."""
    s = build("2v2", active_team=1, units={2: ["Z-95 Headhunter"]})
    assert not _can_use(s, 2, cid(s, "Z-95 Headhunter"))
    s = build("2v2", active_team=1, units={2: ["Z-95 Headhunter"]}, ships={1: ["Gozanti Cruiser"]})
    n = _hand(s, 2)
    act(s, 2, "use", card=cid(s, "Z-95 Headhunter"))
    assert _hand(s, 2) == n + 1


def test_tie_fighter_draws_with_the_teammates_capital_ship() -> None:
    """rule: SW-CARD-TIE"""
    s = build("2v2", units={0: ["TIE Fighter"]})
    assert not _can_use(s, 0, cid(s, "TIE Fighter"))
    s = build("2v2", units={0: ["TIE Fighter"]}, ships={1: ["Gozanti Cruiser"]})
    n = _hand(s, 0)
    act(s, 0, "use", card=cid(s, "TIE Fighter"))
    assert _hand(s, 0) == n + 1


def test_chewbacca_draws_with_the_teammates_unique_unit() -> None:
    """rule: SW-CARD-CHEWIE"""
    s = build("2v2", active_team=1, units={2: ["Chewbacca"]})
    assert not _can_use(s, 2, cid(s, "Chewbacca"))
    s = build("2v2", active_team=1, units={2: ["Chewbacca"], 3: ["Jyn Erso"]})
    n = _hand(s, 2)
    act(s, 2, "use", card=cid(s, "Chewbacca"))
    assert _hand(s, 2) == n + 1


def test_veers_resolves_with_the_teammates_vehicle() -> None:
    """rule: SW-CARD-VEERS"""
    s = build("2v2", units={0: ["General Veers"], 1: ["AT-ST"]})
    n = _hand(s, 0)
    act(s, 0, "use", card=cid(s, "General Veers"))
    assert _hand(s, 0) == n + 1


def test_krennic_draws_two_if_the_teammates_base_is_the_death_star() -> None:
    """rule: SW-CARD-KRENNIC"""
    s = build("2v2", units={0: ["Director Krennic"]}, base={1: "Death Star"})
    n = _hand(s, 0)
    act(s, 0, "use", card=cid(s, "Director Krennic"))
    assert _hand(s, 0) == n + 2
    s = build("2v2", units={0: ["Director Krennic"]})
    n = _hand(s, 0)
    act(s, 0, "use", card=cid(s, "Director Krennic"))
    assert _hand(s, 0) == n + 1


def test_han_draws_two_if_the_teammate_has_the_falcon() -> None:
    """rule: SW-CARD-HAN"""
    s = build("2v2", active_team=1, units={2: ["Han Solo"], 3: ["Millennium Falcon"]})
    n = _hand(s, 2)
    act(s, 2, "use", card=cid(s, "Han Solo"))
    assert _hand(s, 2) == n + 2


# -- "return from a discard pile": the teammate may take from their own ------------------------------
def test_sail_barge_may_return_the_teammates_bounty_hunter_to_their_hand() -> None:
    """rule: SW-CARD-SAILBARGE"""
    s = build("2v2", units={0: ["Jabba's Sail Barge"]}, discard={0: ["Dengar"], 1: ["Bossk"]})
    act(s, 0, "use", card=cid(s, "Jabba's Sail Barge"))
    assert s.pending[-1].seats == (0,) and set(options(s)) == {cid(s, "Dengar"), cid(s, "Bossk")}
    choose(s, 0, cid(s, "Bossk"))
    assert names(s, s.players[1].hand) == ["Bossk"] and names(s, s.players[0].discard) == ["Dengar"]


def test_falcon_may_return_the_teammates_unique_unit_to_their_hand() -> None:
    """rule: SW-CARD-FALCON"""
    s = build("2v2", active_team=1, units={2: ["Millennium Falcon"]}, discard={3: ["Luke Skywalker", "X-Wing"]})
    act(s, 2, "use", card=cid(s, "Millennium Falcon"))
    assert options(s) == (cid(s, "Luke Skywalker"),)
    choose(s, 2, cid(s, "Luke Skywalker"))
    assert names(s, s.players[3].hand) == ["Luke Skywalker"]


def test_atat_may_return_the_teammates_trooper_to_their_hand() -> None:
    """rule: SW-CARD-ATAT"""
    s = build("2v2", units={0: ["AT-AT"]}, discard={1: ["Death Trooper"]})
    act(s, 0, "use", card=cid(s, "AT-AT"))
    choose(s, 0, cid(s, "Death Trooper"))
    assert names(s, s.players[1].hand) == ["Death Trooper"] and s.players[0].hand == []


# -- purchases stay with the buyer ------------------------------------------------------------------
def test_twilek_puts_the_teammates_next_purchase_on_the_buyers_deck() -> None:
    """rule: SW-CARD-TWILEK"""
    s = build("2v2", active_team=1, units={2: ["Twi'lek Smuggler"]}, resources={2: 5, 3: 5},
              row={0: ["Y-Wing"], 1: ["X-Wing"]})
    deck2 = list(s.players[2].deck)
    act(s, 2, "use", card=cid(s, "Twi'lek Smuggler"))
    act(s, 3, "buy", card=cid(s, "X-Wing"))
    assert s.players[3].deck[-1] == cid(s, "X-Wing")
    assert s.players[2].deck == deck2
    act(s, 2, "buy", card=cid(s, "Y-Wing"))  # only the next card: this one goes to the discard pile
    assert names(s, s.players[2].discard) == ["Y-Wing"]


def test_tarkin_only_for_the_player_who_played_it_from_their_own_row() -> None:
    """rule: SW-CARD-TARKIN"""
    s = build("2v2", units={0: ["Grand Moff Tarkin"]},
              row={0: ["TIE Fighter", "X-Wing"], 1: ["Death Trooper"]})
    tarkin = cid(s, "Grand Moff Tarkin")
    assert not _can_use(s, 1, tarkin)
    act(s, 0, "use", card=tarkin)
    assert s.pending[-1].seats == (0,) and options(s) == (cid(s, "TIE Fighter"),)
    choose(s, 0, cid(s, "TIE Fighter"))
    tie = cid(s, "TIE Fighter")
    assert tie in s.players[0].hand and s.players[0].resources == 0
    _end_team_turn(s)
    assert tie in s.exiled


def test_leia_buys_from_her_players_row_onto_that_players_deck() -> None:
    """rule: SW-CARD-LEIA"""
    s = build("2v2", force=6, active_team=1, units={2: ["Princess Leia"]},
              row={0: ["X-Wing", "TIE Fighter"], 1: ["B-Wing"]})
    deck3 = list(s.players[3].deck)
    leia = cid(s, "Princess Leia")
    assert not _can_use(s, 3, leia)
    act(s, 2, "use", card=leia)
    assert s.pending[-1].seats == (2,) and options(s) == (cid(s, "X-Wing"),)
    choose(s, 2, cid(s, "X-Wing"))
    assert s.players[2].deck[-1] == cid(s, "X-Wing") and s.players[3].deck == deck3


def test_quarren_only_the_buyer_exiles_their_own_cards() -> None:
    """rule: SW-CARD-QUARREN"""
    s = build("2v2", force=0, resources={1: 4}, row={1: ["Quarren Mercenary"]},
              hand={0: ["Stormtrooper"], 1: ["Inquisitor"]}, discard={0: ["Imperial Shuttle"]})
    act(s, 1, "buy", card=cid(s, "Quarren Mercenary"))
    top = s.pending[-1]
    assert top.kind == "exile" and top.seats == (1,)
    offered = {o for o in top.options if o != "done"}
    assert offered == set(s.players[1].hand + s.players[1].discard)
    choose(s, 1, cid(s, "Inquisitor"))
    assert s.pending[-1].kind == "exile"  # the Force is with the Empire: up to 2


def test_jedha_first_neutral_purchase_of_the_team_goes_to_hand() -> None:
    """rule: SW-CARD-JEDHA — either teammate, once per team turn; exiled at the end of the turn."""
    s = build("2v2", active_team=1, base={2: "Jedha"}, resources={2: 5, 3: 5},
              row={0: ["Jawa Scavenger"], 1: ["Z-95 Headhunter", "X-Wing"]})
    z95 = cid(s, "Z-95 Headhunter")
    xwing = cid(s, "X-Wing")
    act(s, 3, "buy", card=xwing)  # a Rebel card does not use Jedha
    assert xwing in s.players[3].discard
    act(s, 3, "buy", card=z95)
    assert z95 in s.players[3].hand
    jawa = cid(s, "Jawa Scavenger")
    act(s, 2, "buy", card=jawa)
    assert jawa in s.players[2].discard
    _end_team_turn(s)
    assert z95 in s.exiled


def test_sullust_first_purchase_of_the_team_goes_on_the_buyers_deck() -> None:
    """rule: SW-CARD-SULLUST — open question settled by the base card (and the FR text): the first card
    of any faction, not the first neutral card (IT text)."""
    s = build("2v2", active_team=1, base={2: "Sullust"}, resources={2: 5, 3: 5},
              row={0: ["Jawa Scavenger"], 1: ["Y-Wing"]})
    deck2 = list(s.players[2].deck)
    ywing = cid(s, "Y-Wing")
    act(s, 3, "buy", card=ywing)  # a Rebel card: the team's first purchase
    assert s.players[3].deck[-1] == ywing and s.players[2].deck == deck2
    jawa = cid(s, "Jawa Scavenger")
    act(s, 2, "buy", card=jawa)  # the first neutral card, but not the first card: to the discard pile
    assert jawa in s.players[2].discard and s.players[2].deck == deck2


def test_two_sullusts_still_move_only_the_teams_first_purchase() -> None:
    """rule: SW-CARD-SULLUST — with two copies both trigger on the same event (SW-TEAM-3): the first
    purchase; the team's second purchase is no triggering event."""
    s = build("2v2", active_team=1, base={2: "Sullust", 3: "Sullust"}, resources={2: 5, 3: 5},
              row={0: ["Y-Wing"], 1: ["Jawa Scavenger"]})
    jawa = cid(s, "Jawa Scavenger")
    act(s, 3, "buy", card=jawa)
    act(s, 2, "buy", card=cid(s, "Y-Wing"))
    assert s.players[3].deck[-1] == jawa
    assert cid(s, "Y-Wing") in s.players[2].discard


# -- bases with "first neutral card played" -------------------------------------------------------------
def test_bespin_first_neutral_card_of_either_teammate_draws_once_per_turn() -> None:
    """rule: SW-CARD-BESPIN"""
    s = build("2v2", active_team=1, base={2: "Bespin"}, hand={2: ["Dengar"], 3: ["Bossk"]})
    n3 = _hand(s, 3)
    act(s, 3, "play", card=cid(s, "Bossk"))
    assert _hand(s, 3) == n3  # played one, drew one
    n2 = _hand(s, 2)
    act(s, 2, "play", card=cid(s, "Dengar"))
    assert _hand(s, 2) == n2 - 1
    s = build("2v2", active_team=1, base={2: "Bespin", 3: "Bespin"}, hand={2: ["Dengar"]})
    n2 = _hand(s, 2)
    act(s, 2, "play", card=cid(s, "Dengar"))
    assert _hand(s, 2) == n2 + 1  # two copies: draw 2


def test_kafrene_as_bespin_for_the_empire() -> None:
    """rule: SW-CARD-KAFRENE"""
    s = build("2v2", base={0: "Kafrene", 1: "Kafrene"}, hand={1: ["Bossk"], 0: ["Dengar"]})
    n1 = _hand(s, 1)
    act(s, 1, "play", card=cid(s, "Bossk"))
    assert _hand(s, 1) == n1 + 1
    n0 = _hand(s, 0)
    act(s, 0, "play", card=cid(s, "Dengar"))
    assert _hand(s, 0) == n0 - 1


# -- revealed bases: the team picks the resolver, or only the selector ---------------------------------
def test_corellia_the_team_decides_who_buys_for_free() -> None:
    """rule: SW-CARD-CORELLIA"""
    s = build("2v2", stage="start", base={0: None}, base_deck={0: ["Corellia"]},
              row={0: ["TIE Fighter"], 1: ["Scout Trooper", "X-Wing"]})
    choose(s, 0, cid(s, "Corellia"))
    assert s.pending[-1].kind == "who" and s.pending[-1].seats == (0, 1)
    choose(s, 0, 1)
    assert set(options(s)) == {cid(s, "Scout Trooper"), "decline"} or cid(s, "Scout Trooper") in options(s)
    assert cid(s, "TIE Fighter") not in options(s)
    choose(s, 1, cid(s, "Scout Trooper"))
    assert names(s, s.players[1].hand).count("Scout Trooper") == 1 and s.players[1].resources == 0


def test_mon_cala_the_team_decides_who_buys_for_free() -> None:
    """rule: SW-CARD-MONCALA"""
    s = build("2v2", active_team=1, stage="start", base={3: None}, base_deck={3: ["Mon Cala"]},
              row={0: ["Y-Wing"], 1: ["X-Wing"]})
    choose(s, 3, cid(s, "Mon Cala", s.players[3].base_deck))
    assert s.pending[-1].kind == "who" and s.pending[-1].seats == (2, 3)
    choose(s, 2, 2)
    assert s.pending[-1].seats == (2,) and cid(s, "Y-Wing") in options(s) and cid(s, "X-Wing") not in options(s)
    choose(s, 2, cid(s, "Y-Wing"))
    assert cid(s, "Y-Wing") in s.players[2].hand


def test_tatooine_the_team_decides_who_resolves_in_their_region() -> None:
    """rule: SW-CARD-TATOOINE"""
    s = build("2v2", active_team=1, stage="start", base={3: None}, base_deck={3: ["Tatooine"]},
              row={0: ["TIE Fighter"], 1: ["AT-ST"]}, galaxy_discard={0: ["Luke Skywalker"], 1: ["B-Wing"]})
    choose(s, 3, cid(s, "Tatooine"))
    choose(s, 3, 2)
    assert s.players[2].resources == 1 and s.players[3].resources == 0
    assert set(options(s)) == {cid(s, "Luke Skywalker"), "decline"}
    choose(s, 2, cid(s, "Luke Skywalker"))
    choose(s, 2, cid(s, "TIE Fighter"))
    assert cid(s, "Luke Skywalker") in s.regions[0].row and cid(s, "TIE Fighter") in s.regions[0].galaxy_discard
    assert names(s, s.regions[1].row) == ["AT-ST"]


def test_rodia_resolver_counts_their_own_row_and_hits_either_opposing_base() -> None:
    """rule: SW-CARD-RODIA"""
    s = build("2v2", stage="start", base={0: None}, base_deck={0: ["Rodia"]},
              row={0: ["X-Wing"], 1: ["B-Wing", "Y-Wing", "TIE Fighter"]}, galaxy_deck={0: [], 1: ["Lobot"] * 6})
    choose(s, 0, cid(s, "Rodia"))
    choose(s, 0, 1)  # Empire 2 resolves: region 2 holds two Rebel cards
    top = s.pending[-1]
    assert top.seats == (1,) and set(top.options) == {s.players[2].base, s.players[3].base}
    choose(s, 1, s.players[2].base)
    assert s.damage == {s.players[2].base: 2}
    assert sorted(names(s, s.regions[1].row)) == ["Lobot"] * 5 + ["TIE Fighter"]
    assert sorted(names(s, s.regions[1].galaxy_discard)) == ["B-Wing", "Y-Wing"]
    assert names(s, s.regions[0].row) == ["X-Wing"]


def test_coruscant_either_teammate_looks_at_their_own_galaxy_deck_once_per_turn() -> None:
    """rule: SW-CARD-CORUSCANT"""
    s = build("2v2", stage="start", base={1: "Coruscant"}, galaxy_deck={0: ["Lobot", "Dengar", "Bossk"],
                                                                      1: ["AT-ST", "Y-Wing"]})
    assert s.pending[-1].kind == "who" and s.pending[-1].seats == (0, 1)
    choose(s, 1, 0)
    top = s.pending[-1]
    assert top.seats == (0,) and set(top.shown) == {cid(s, "Dengar"), cid(s, "Bossk")}
    choose(s, 0, cid(s, "Dengar"))
    assert names(s, s.regions[0].galaxy_deck) == ["Lobot", "Dengar"]
    assert names(s, s.regions[0].galaxy_discard) == ["Bossk"]
    assert not s.pending and s.stage == "main"


def test_dagobah_only_the_player_who_selected_it_exiles_their_own_cards() -> None:
    """rule: SW-CARD-DAGOBAH"""
    s = build("2v2", active_team=1, stage="start", base={2: None}, base_deck={2: ["Dagobah"]},
              hand={3: ["X-Wing"]}, discard={2: ["Alliance Shuttle"], 3: ["Rebel Trooper"]})
    choose(s, 2, cid(s, "Dagobah"))
    top = s.pending[-1]
    assert top.kind == "exile" and top.seats == (2,)
    offered = {o for o in top.options if o != "done"}
    assert offered == set(s.players[2].hand + s.players[2].discard)
    assert not offered & set(s.players[3].hand + s.players[3].discard)


def test_kessel_only_the_player_who_selected_it_exiles_their_own_cards() -> None:
    """rule: SW-CARD-KESSEL"""
    s = build("2v2", stage="start", base={1: None}, base_deck={1: ["Kessel"]},
              hand={0: ["Stormtrooper"]}, discard={0: ["Imperial Shuttle"], 1: ["Inquisitor"]})
    choose(s, 1, cid(s, "Kessel"))
    top = s.pending[-1]
    assert top.kind == "exile" and top.seats == (1,)
    offered = {o for o in top.options if o != "done"}
    assert offered == set(s.players[1].hand + s.players[1].discard)
    assert cid(s, "Stormtrooper") not in offered


# -- shared-zone abilities: either teammate, once per turn per copy ---------------------------------
def test_croc_either_teammate_discards_to_repair_either_base() -> None:
    """rule: SW-CARD-CROC"""
    s = build("2v2", ships={1: ["C-ROC Cruiser"]}, hand={0: ["Imperial Shuttle"]})
    s.damage = {s.players[0].base: 4, s.players[1].base: 5}
    croc = cid(s, "C-ROC Cruiser")
    assert _can_use(s, 1, croc) is False  # Empire 2 has no card in hand to discard
    act(s, 0, "use", card=croc)
    choose(s, 0, s.players[0].hand[0])
    assert set(options(s)) == {s.players[0].base, s.players[1].base}
    choose(s, 0, s.players[1].base)
    assert s.damage == {s.players[0].base: 4, s.players[1].base: 2}


def test_gozanti_either_teammate_once_per_turn() -> None:
    """rule: SW-CARD-GOZANTI"""
    s = build("2v2", ships={1: ["Gozanti Cruiser"]}, hand={0: ["Imperial Shuttle"], 1: ["Stormtrooper"]})
    goz = cid(s, "Gozanti Cruiser")
    assert _can_use(s, 0, goz) and _can_use(s, 1, goz)
    act(s, 0, "use", card=goz)
    choose(s, 0, s.players[0].hand[0])
    assert len(s.players[0].hand) == 1 and names(s, s.players[0].discard) == ["Imperial Shuttle"]
    assert not _can_use(s, 0, goz) and not _can_use(s, 1, goz)


def test_nebulon_either_teammate_once_per_turn_resources_to_the_user() -> None:
    """rule: SW-CARD-NEBULON"""
    s = build("2v2", ships={1: ["Nebulon-B Frigate"]})
    neb = cid(s, "Nebulon-B Frigate")
    act(s, 0, "use", card=neb)
    choose(s, 0, "resources3")
    assert [p.resources for p in s.players] == [3, 0, 0, 0]
    assert not _can_use(s, 1, neb)


def test_rebel_transport_either_teammate_once_per_turn() -> None:
    """rule: SW-CARD-TRANSPORT"""
    s = build("2v2", active_team=1, ships={3: ["Rebel Transport"]})
    s.damage = {s.players[3].base: 3}
    rt = cid(s, "Rebel Transport")
    act(s, 2, "use", card=rt)
    choose(s, 2, "repair2")
    assert s.damage == {s.players[3].base: 1}
    assert not _can_use(s, 3, rt) and not _can_use(s, 2, rt)


def test_death_star_either_teammate_each_copy_once_per_turn() -> None:
    """rule: SW-CARD-DEATHSTAR"""
    s = build("2v2", base={0: "Death Star"}, resources={0: 9, 1: 5},
              ships={2: ["Rebel Transport"], 3: ["Hammerhead Corvette"]})
    ds = s.players[0].base
    act(s, 1, "use", card=ds)  # the teammate uses Empire 1's Death Star and pays for it
    assert set(options(s)) == {cid(s, "Rebel Transport"), cid(s, "Hammerhead Corvette")}
    choose(s, 1, cid(s, "Hammerhead Corvette"))
    assert cid(s, "Hammerhead Corvette") in s.players[3].discard
    assert [p.resources for p in s.players] == [9, 1, 0, 0]
    assert not _can_use(s, 0, ds)
    s = build("2v2", base={0: "Death Star", 1: "Death Star"}, resources={0: 9},
              ships={2: ["Rebel Transport"], 3: ["Hammerhead Corvette"]})
    for base in (s.players[0].base, s.players[1].base):
        act(s, 0, "use", card=base)
        choose(s, 0, options(s)[0])
    assert s.players[2].ships == [] and s.players[3].ships == [] and s.players[0].resources == 1


def test_ord_mantell_either_teammate_each_copy_once_per_turn() -> None:
    """rule: SW-CARD-ORDMANTELL"""
    s = build("2v2", base={0: "Ord Mantell"}, units={0: ["Dengar"], 1: ["Bossk"]},
              row={0: ["Jawa Scavenger"], 1: ["Kel Dor Mystic"]})
    kel = cid(s, "Kel Dor Mystic", s.regions[1].row)
    act(s, 1, "commit", card=cid(s, "Bossk"), target=kel)
    act(s, 1, "resolve")
    assert kel in s.regions[1].galaxy_discard and s.players[1].resources == 2
    assert Action.of("commit", card=cid(s, "Dengar"), target=cid(s, "Jawa Scavenger")) \
        not in GAME.legal_actions(s, 0)
    s = build("2v2", base={0: "Ord Mantell", 1: "Ord Mantell"}, units={0: ["Dengar"], 1: ["Bossk"]},
              row={0: ["Jawa Scavenger"], 1: ["Kel Dor Mystic"]})
    act(s, 1, "commit", card=cid(s, "Bossk"), target=cid(s, "Kel Dor Mystic", s.regions[1].row))
    act(s, 1, "resolve")
    jawa = cid(s, "Jawa Scavenger")
    act(s, 0, "commit", card=cid(s, "Dengar"), target=jawa)
    act(s, 0, "resolve")
    assert s.players[0].resources == 1 + 2  # Jawa's cost, and Dengar's own trigger
    assert jawa in s.regions[0].galaxy_discard


# -- repairs on either team base --------------------------------------------------------------------
def test_hwk_repairs_the_teammates_base() -> None:
    """rule: SW-CARD-HWK"""
    s = build("2v2", units={0: ["HWK-290"]})
    s.damage = {s.players[1].base: 5}
    act(s, 0, "use", card=cid(s, "HWK-290"))
    assert s.damage == {s.players[1].base: 1} and cid(s, "HWK-290") in s.exiled


def test_uwing_repairs_the_teammates_base() -> None:
    """rule: SW-CARD-UWING"""
    s = build("2v2", force=6, active_team=1, units={2: ["U-Wing"]})
    s.damage = {s.players[2].base: 1, s.players[3].base: 5}
    act(s, 2, "use", card=cid(s, "U-Wing"))
    choose(s, 2, s.players[3].base)
    assert s.damage == {s.players[2].base: 1, s.players[3].base: 2}


def test_landing_craft_repairs_either_base_resources_only_to_its_player() -> None:
    """rule: SW-CARD-LANDING"""
    s = build("2v2", units={0: ["Landing Craft"]})
    s.damage = {s.players[0].base: 2, s.players[1].base: 6}
    lc = cid(s, "Landing Craft")
    assert not _can_use(s, 1, lc)
    act(s, 0, "use", card=lc)
    choose(s, 0, "repair4")
    choose(s, 0, s.players[1].base)
    assert s.damage == {s.players[0].base: 2, s.players[1].base: 2}
    s = build("2v2", units={0: ["Landing Craft"]})
    act(s, 0, "use", card=cid(s, "Landing Craft"))
    choose(s, 0, "resources4")
    assert [p.resources for p in s.players] == [4, 0, 0, 0]


# -- exiles: only the player concerned, own cards ----------------------------------------------------
def test_kel_dor_only_the_player_who_played_it_exiles_their_own_card() -> None:
    """rule: SW-CARD-KELDOR"""
    s = build("2v2", units={0: ["Kel Dor Mystic"]}, hand={0: ["Stormtrooper"], 1: ["Inquisitor"]})
    kel = cid(s, "Kel Dor Mystic", s.players[0].units)
    assert not _can_use(s, 1, kel)
    act(s, 0, "use", card=kel)
    assert s.pending[-1].seats == (0,) and options(s) == (cid(s, "Stormtrooper"),)
    choose(s, 0, cid(s, "Stormtrooper"))
    assert {kel, cid(s, "Stormtrooper")} <= set(s.exiled)


def test_ig88_only_its_user_exiles_their_own_card() -> None:
    """rule: SW-CARD-IG88"""
    s = build("2v2", units={1: ["IG-88"]}, row={1: ["X-Wing"]},
              hand={0: ["Stormtrooper"], 1: ["Inquisitor"]}, discard={0: ["Imperial Shuttle"]})
    act(s, 1, "commit", card=cid(s, "IG-88"), target=cid(s, "X-Wing"))
    act(s, 1, "resolve")
    top = s.pending[-1]
    assert top.kind == "exile" and top.seats == (1,)
    assert {o for o in top.options if o != "done"} == {cid(s, "Inquisitor")}


# -- Hoth and Yavin 4 --------------------------------------------------------------------------------
def test_two_hoths_prevent_the_first_four_damage_in_total_however_split() -> None:
    """rule: SW-CARD-HOTH"""
    s = build("2v2", force=2, base={2: "Hoth", 3: "Hoth"}, units={0: ["Darth Vader"], 1: ["AT-ST"]})
    h1, h2 = s.players[2].base, s.players[3].base
    act(s, 0, "commit", card=cid(s, "Darth Vader"), target="base")
    act(s, 1, "commit", card=cid(s, "AT-ST"), target="base")
    act(s, 0, "resolve")  # 10 + 4 = 14
    choose(s, 1, h1, 3)  # all 3 prevented
    assert h1 not in s.damage
    choose(s, 0, h2, 11)  # 1 more prevented: 4 in total
    assert s.damage == {h2: 10}


def test_one_hoth_prevents_only_the_first_two_damage_of_the_opposing_turn() -> None:
    """rule: SW-CARD-HOTH"""
    s = build("2v2", base={3: "Hoth"}, units={0: ["AT-ST"], 1: ["AT-ST"]})
    hoth = s.players[3].base
    for seat in (0, 1):
        act(s, seat, "commit", card=cid(s, "AT-ST", s.players[seat].units), target="base")
        act(s, seat, "resolve")
        choose(s, seat, hoth, 4)
    assert s.damage == {hoth: 6}


def test_hoth_shield_renews_each_opposing_team_turn() -> None:
    """rule: SW-CARD-HOTH — the pool is per opposing team turn: the next Empire turn prevents 2 again."""
    s = build("2v2", base={3: "Hoth"}, units={0: ["AT-ST"]}, deck={0: ["AT-ST"] * 5})
    hoth = s.players[3].base
    act(s, 0, "commit", card=cid(s, "AT-ST", s.players[0].units), target="base")
    act(s, 0, "resolve")
    choose(s, 0, hoth, 4)
    assert s.damage == {hoth: 2}
    _end_team_turn(s)
    _end_team_turn(s)
    assert s.active_team == 0 and s.stage == "main"
    atst = cid(s, "AT-ST", s.players[0].hand)
    act(s, 0, "play", card=atst)
    act(s, 0, "commit", card=atst, target="base")
    act(s, 0, "resolve")
    choose(s, 0, hoth, 4)
    assert s.damage == {hoth: 4}


def test_yavin_triggers_on_the_discard_of_either_regional_opponent() -> None:
    """rule: SW-CARD-YAVIN — Rebel 1 has Yavin 4; Empire 2 (Rebel 2's opponent) discards: Rebel 2 may deal
    2 damage to either opposing base."""
    s = build("2v2", active_team=1, base={2: "Yavin 4"}, units={3: ["Snowspeeder"]}, hand={1: ["Inquisitor"]})
    act(s, 3, "use", card=cid(s, "Snowspeeder"))
    choose(s, 1, cid(s, "Inquisitor"))
    top = s.pending[-1]
    assert top.kind == "deal_damage" and top.seats == (3,)
    assert set(top.options) == {s.players[0].base, s.players[1].base, "decline"}
    choose(s, 3, s.players[0].base)
    assert s.damage == {s.players[0].base: 2}


def test_yavin_each_copy_once_per_discard_and_not_in_the_opposing_turn() -> None:
    """rule: SW-CARD-YAVIN — two Yavins: two triggers for one discard; none outside the Rebel turn."""
    s = build("2v2", active_team=1, base={2: "Yavin 4", 3: "Yavin 4"}, units={2: ["Snowspeeder"]},
              hand={0: ["Inquisitor"]})
    act(s, 2, "use", card=cid(s, "Snowspeeder"))
    choose(s, 0, cid(s, "Inquisitor"))
    choose(s, 2, s.players[1].base)
    choose(s, 2, s.players[1].base)
    assert s.damage == {s.players[1].base: 4} and not s.pending
    # Empire 1, Rebel 1's regional opponent, discards from hand during the Empire turn: no trigger.
    s = build("2v2", active_team=0, base={2: "Yavin 4"}, ships={0: ["Gozanti Cruiser"]}, hand={0: ["Stormtrooper"]})
    act(s, 0, "use", card=cid(s, "Gozanti Cruiser"))
    choose(s, 0, cid(s, "Stormtrooper", s.players[0].hand))
    assert names(s, s.players[0].discard) == ["Stormtrooper"]
    assert not s.pending and s.damage == {}
