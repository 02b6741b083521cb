"""2v2 teamwork (SW-TEAM-*), regions (SW-REGION-*), purchases (SW-BUY-*) and what each seat sees."""

from __future__ import annotations

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError
from allegiance.games.swdbg.combat import attack_value
from tests.swdbg.builders import GAME, act, build, choose, cid, names, options


def _card_params(state: object, seat: int) -> set[int]:
    """Every card id that a legal action of ``seat`` names (bought, paid off, targeted)."""
    out = set()
    for a in GAME.legal_actions(state, seat):
        if a.kind in ("buy", "pay_off"):
            out.add(a.get("card"))
        if a.kind == "commit" and a.get("target") != "base":
            out.add(a.get("target"))
    return out


def _exile_offers(state: object) -> set[int]:
    top = state.pending[-1]
    assert top.kind == "exile"
    return {o for o in top.options if o != "done"}


def test_you_means_your_team_veers_counts_the_teammates_trooper() -> None:
    """rule: SW-TEAM-1 — the rulebook's example: a Stormtrooper lets the teammate's General Veers draw."""
    s = build("2v2", units={1: ["General Veers"]})
    veers = cid(s, "General Veers")
    assert Action.of("use", card=veers) not in GAME.legal_actions(s, 1)
    s = build("2v2", units={0: ["Stormtrooper"], 1: ["General Veers"]})
    veers = cid(s, "General Veers")
    hand = len(s.players[1].hand)
    act(s, 1, "use", card=veers)
    assert len(s.players[1].hand) == hand + 1


def test_constant_base_applies_to_both_teammates_and_copies_stack() -> None:
    """rule: SW-TEAM-2 — one Endor: the teammate's Trooper gets +1; two Endors: +2."""
    one = build("2v2", base={0: "Endor"}, units={1: ["Stormtrooper", "AT-ST"]})
    assert attack_value(one, one.players[1], cid(one, "Stormtrooper")) == 3
    assert attack_value(one, one.players[1], cid(one, "AT-ST")) == 5
    two = build("2v2", base={0: "Endor", 1: "Endor"}, units={1: ["Stormtrooper"]})
    trooper = cid(two, "Stormtrooper")
    act(two, 1, "commit", card=trooper, target="base")
    act(two, 1, "resolve")
    choose(two, 1, two.players[2].base, 4)
    assert two.damage[two.players[2].base] == 4


def test_triggered_base_once_per_event_per_copy_either_teammate() -> None:
    """rule: SW-TEAM-3 — two Bespins: the first neutral card of the team turn draws 2, the next draws none;
    one Bespin triggers for the teammate who did not choose it."""
    s = build("2v2", active_team=1, base={2: "Bespin", 3: "Bespin"}, hand={2: ["Lobot"], 3: ["Dengar"]})
    before = len(s.players[3].hand)
    act(s, 3, "play", card=cid(s, "Dengar"))
    assert len(s.players[3].hand) == before - 1 + 2
    before2 = len(s.players[2].hand)
    act(s, 2, "play", card=cid(s, "Lobot"))
    choose(s, 2, "resources2")
    assert len(s.players[2].hand) == before2 - 1
    s = build("2v2", active_team=1, base={2: "Bespin"}, hand={3: ["Dengar"]})
    before = len(s.players[3].hand)
    act(s, 3, "play", card=cid(s, "Dengar"))
    assert len(s.players[3].hand) == before


@pytest.mark.parametrize("source", ["kel dor", "quarren", "reward", "ig-88"])
def test_exile_never_offers_a_teammates_card(source: str) -> None:
    """rule: SW-TEAM-4 — whatever ability exiles, the choices are the resolving player's own cards."""
    s = build("2v2", force=3, hand={0: ["Imperial Shuttle"], 1: ["Stormtrooper", "Inquisitor"]},
              discard={0: ["Stormtrooper"], 1: ["Imperial Shuttle"]}, resources={0: 10},
              units={0: ["Kel Dor Mystic", "IG-88"]},
              row={0: ["Quarren Mercenary", "Rebel Commando", "Y-Wing", "X-Wing", "Snowspeeder", "Duros Spy"]})
    theirs = set(s.players[1].hand + s.players[1].discard)
    if source == "kel dor":
        act(s, 0, "use", card=cid(s, "Kel Dor Mystic"))
    elif source == "quarren":
        act(s, 0, "buy", card=cid(s, "Quarren Mercenary"))
    elif source == "reward":
        act(s, 0, "commit", card=cid(s, "IG-88"), target=cid(s, "Snowspeeder"))
        act(s, 0, "resolve")  # the Snowspeeder's reward: exile 1
    else:
        act(s, 0, "commit", card=cid(s, "IG-88"), target=cid(s, "Y-Wing"))
        act(s, 0, "resolve")  # Y-Wing's reward is resources; IG-88's own trigger exiles
    offered = _exile_offers(s)
    assert s.pending[-1].seats == (0,)
    assert offered and offered <= set(s.players[0].hand + s.players[0].discard)
    assert not offered & theirs


def test_a_teammate_cannot_exile_the_owners_hammerhead_corvette() -> None:
    """rule: SW-TEAM-4 — the Hammerhead's cost exiles the ship itself: only its owner may pay it."""
    s = build("2v2", active_team=1, ships={0: ["Gozanti Cruiser"], 2: ["Hammerhead Corvette"]})
    hammerhead = cid(s, "Hammerhead Corvette")
    assert Action.of("use", card=hammerhead) not in GAME.legal_actions(s, 3)
    act(s, 2, "use", card=hammerhead)
    choose(s, 2, cid(s, "Gozanti Cruiser"))
    assert hammerhead in s.exiled and cid(s, "Gozanti Cruiser") in s.players[0].discard


def test_only_the_regions_players_use_its_galaxy() -> None:
    """rule: SW-REGION-1 — purchases, row discards and reveals use the acting player's region, and a
    card bought in a region stays with that region's player."""
    s = build("2v2", resources={1: 5}, units={0: ["TIE Bomber"]},
              row={0: ["X-Wing", "Y-Wing", "TIE Fighter", "Bossk", "Dengar", "Lobot"],
                   1: ["B-Wing", "U-Wing", "AT-ST", "IG-88", "Jawa Scavenger", "Rodian Gunslinger"]},
              galaxy_deck={0: ["Kel Dor Mystic"], 1: ["Twi'lek Smuggler"]})
    row0 = list(s.regions[0].row)
    atst = cid(s, "AT-ST")
    act(s, 1, "buy", card=atst)
    assert atst in s.players[1].discard
    assert s.regions[0].row == row0
    assert names(s, s.regions[1].row)[2] == "Twi'lek Smuggler"  # refilled from its own galaxy deck
    act(s, 0, "use", card=cid(s, "TIE Bomber"))
    assert set(options(s)) == set(row0)
    choose(s, 0, cid(s, "X-Wing"))
    assert names(s, s.regions[0].galaxy_discard) == ["X-Wing"] and s.regions[1].galaxy_discard == []
    assert "Kel Dor Mystic" in names(s, s.regions[0].row)


def test_opponent_means_the_regional_opponent_only() -> None:
    """rule: SW-REGION-2 — no legal action buys from or targets the other region's row, and "your
    opponent discards" reaches only the opponent of your region."""
    s = build("2v2", force=3, resources={0: 20, 1: 20}, units={0: ["Boba Fett"], 1: ["Bossk"]},
              base={0: "Ord Mantell"},
              row={0: ["X-Wing", "Y-Wing", "TIE Fighter", "Jawa Scavenger", "Dengar", "Lobot"],
                   1: ["B-Wing", "U-Wing", "AT-ST", "IG-88", "Kel Dor Mystic", "Rodian Gunslinger"]})
    for seat in (0, 1):
        region = s.players[seat].region
        named = _card_params(s, seat)
        assert named, "the position offers purchases and targets"
        assert named <= set(s.regions[region].row) | {s.regions[region].pilots[-1]}
        assert not named & set(s.regions[1 - region].row)
    with pytest.raises(IllegalActionError):
        act(s, 0, "buy", card=cid(s, "IG-88", s.regions[1].row))
    with pytest.raises(IllegalActionError):
        act(s, 0, "commit", card=cid(s, "Boba Fett"), target=cid(s, "B-Wing"))
    s = build("2v2", active_team=1, units={3: ["Snowspeeder"]}, hand={0: ["Stormtrooper"], 1: ["Inquisitor"]})
    act(s, 3, "use", card=cid(s, "Snowspeeder"))
    assert s.pending[-1].seats == (1,)
    assert set(options(s)) == set(s.players[1].hand)


def test_resources_are_never_shared() -> None:
    """rule: SW-BUY-1 — each teammate collects and spends only their own resources."""
    s = build("2v2", hand={0: ["Imperial Shuttle"]}, resources={0: 2},
              row={0: ["TIE Bomber"], 1: ["Scout Trooper"]})
    act(s, 0, "play", card=cid(s, "Imperial Shuttle", s.players[0].hand))
    assert [p.resources for p in s.players] == [3, 0, 0, 0]
    assert not [a for a in GAME.legal_actions(s, 1) if a.kind == "buy"]
    act(s, 0, "buy", card=cid(s, "TIE Bomber"))
    assert [p.resources for p in s.players] == [1, 0, 0, 0]


def test_buy_only_from_your_own_regions_row() -> None:
    """rule: SW-BUY-2 — a checked buy from the other region's row is refused and changes nothing."""
    s = build("2v2", resources={0: 9, 1: 9}, row={0: ["TIE Fighter"], 1: ["Death Trooper"]})
    buys0 = {a.get("card") for a in GAME.legal_actions(s, 0) if a.kind == "buy"}
    assert buys0 == {cid(s, "TIE Fighter"), s.regions[0].pilots[-1]}
    digest = GAME.digest(s)
    with pytest.raises(IllegalActionError):
        act(s, 0, "buy", card=cid(s, "Death Trooper"))
    with pytest.raises(IllegalActionError):
        act(s, 0, "buy", card=s.regions[1].pilots[-1])
    assert GAME.digest(s) == digest


def test_a_bought_card_never_goes_to_the_teammates_deck() -> None:
    """rule: SW-BUY-3 — purchases go to the buyer's own discard (or own deck/hand), never the teammate's."""
    s = build("2v2", resources={0: 5, 1: 5}, row={0: ["TIE Fighter"], 1: ["Scout Trooper"]})
    decks = [list(p.deck) for p in s.players]
    act(s, 0, "buy", card=cid(s, "TIE Fighter"))
    act(s, 1, "buy", card=cid(s, "Scout Trooper"))
    assert names(s, s.players[0].discard) == ["TIE Fighter"]
    assert names(s, s.players[1].discard) == ["Scout Trooper"]
    assert [p.deck for p in s.players] == decks


def test_teammates_see_each_others_hands_never_the_opponents() -> None:
    """rule: SW-TEAM-1 — teammates plan together: the view shows the teammate's hand, not an opponent's."""
    s = build("2v2", hand={0: ["Stormtrooper"], 1: ["Inquisitor"], 2: ["X-Wing"], 3: ["Y-Wing"]})
    for seat, friends in ((0, {0, 1}), (1, {0, 1}), (2, {2, 3}), (3, {2, 3})):
        view = GAME.view(s, seat)
        for pv in view["players"]:
            if pv["seat"] in friends:
                assert [c["name"] for c in pv["hand"]] == names(s, s.players[pv["seat"]].hand)
            else:
                assert pv["hand"] is None and pv["hand_count"] == 1
    spectator = GAME.view(s, None)
    assert all(pv["hand"] is None for pv in spectator["players"])


def test_private_events_reach_the_team_only() -> None:
    """rule: SW-TEAM-1 — the names of drawn cards and of a looked-at hand are read by the team only."""
    s = build("2v2", units={0: ["Director Krennic"]}, deck={0: ["Darth Vader"]})
    events = act(s, 0, "use", card=cid(s, "Director Krennic"))
    private = [e for e in events if e.kind == "draw_private"]
    assert private and "Darth Vader" in private[0].text
    assert [seat for seat in (0, 1, 2, 3, None) if private[0].visible_for(seat)] == [0, 1]
    assert any(e.kind == "draw" and e.visible_for(2) and "Darth Vader" not in e.text for e in events)
    s = build("2v2", force=3, active_team=1, units={3: ["Jyn Erso"]}, hand={1: ["Stormtrooper"], 0: ["Inquisitor"]})
    events = act(s, 3, "use", card=cid(s, "Jyn Erso"))
    look = next(e for e in events if e.kind == "look")
    assert "Stormtrooper" in look.text and "Inquisitor" not in look.text  # Empire 2 is Rebel 2's opponent
    assert [seat for seat in (0, 1, 2, 3, None) if look.visible_for(seat)] == [2, 3]
