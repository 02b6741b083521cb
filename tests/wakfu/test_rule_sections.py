"""One test (at least) per tournament rule section that the four starter decks can reach and that no
other test proves: each names the rule it proves (``# 402.2``) and plays it with real starter cards.

Sections no starter card can reach (304 Dofus, 406 Collection, 407 copies, 411 swapping, 417
redirection, 419.1 "the next") are listed in RULES.md's status instead.
"""

from __future__ import annotations

from allegiance.games.wakfu import GAME, events, flow, rules
from tests.wakfu.builders import act, board, choose, ids, one, pass_reactions, pay, play, use
from tests.wakfu.test_combat import attack, passes

PIOUS = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2
CRA = dict(heroes=("Tirlangue Portey", "Bruss Ouilis"), sacs=("Havre Sac du Tofu", "Havre Sac du Bouftou"))
FECA = dict(heroes=("Poum Ondacié", "Aeron Zeklox"), sacs=("Havre Sac du Prespic", "Havre Sac du Wabbit"))
XELOR = dict(heroes=("Bruss Ouilis", "Aeron Zeklox"), sacs=("Havre Sac du Bouftou", "Havre Sac du Wabbit"))


def rich(**kw):  # type: ignore[no-untyped-def]
    """A board where seat 0 has eight Pious (two of each element) in the Monde to pay with."""
    monde = kw.pop("monde", {})
    monde = {**monde, 0: PIOUS + monde.get(0, [])}
    return board(monde=monde, **kw)


def uses(s, seat: int) -> set[int]:  # type: ignore[no-untyped-def]
    """The cards whose power the seat is offered to use now."""
    return {a.get("card") for a in GAME.legal_actions(s, seat) if a.kind == "use"}


def moves(s, seat: int) -> set[int]:  # type: ignore[no-untyped-def]
    return {a.get("card") for a in GAME.legal_actions(s, seat) if a.kind == "move"}


def plays(s, seat: int) -> set[int]:  # type: ignore[no-untyped-def]
    return {a.get("card") for a in GAME.legal_actions(s, seat) if a.kind == "play"}


# -- 106: dressé / incliné ------------------------------------------------------------------------------
def test_cards_enter_play_upright_and_are_neither_outside_play_106() -> None:
    s = rich(hand={0: ["Répulsion", "Tomla Klass"]}, monde={0: ["Tomla Klass"]})
    new, old = ids(s, "Tomla Klass")  # the hand's cards are made first
    s.tapped.add(old)
    play(s, 0, new, "monde")
    assert new in s.players[0].monde and new not in s.tapped  # 106.1: it appears dressé
    play(s, 0, one(s, "Répulsion"), old)
    assert old in s.players[0].main and old not in s.tapped  # 106.3: in the hand it is neither
    play(s, 0, old, "havre")
    assert old in s.players[0].havre and old not in s.tapped  # 106.1: in the Havre Sac too


# -- 203: a card naming itself ----------------------------------------------------------------------------
def test_a_card_naming_itself_means_only_that_card_203() -> None:
    s = board(monde={0: ["Guy Yomtella", "Guy Yomtella", "Tofu", "Tofu", "Chef de Guerre Bouftou",
                         "Chef de Guerre Bouftou"]}, **CRA)
    g1, g2 = ids(s, "Guy Yomtella")
    s.tapped |= {g1, g2}
    use(s, 0, g1, power=1)  # (Air)(Air): untap Guy Yomtella
    assert g1 not in s.tapped and g2 in s.tapped  # 203: "Guy Yomtella" is this card, not its namesake
    c1, c2 = ids(s, "Chef de Guerre Bouftou")
    # "your other Bouftou Alliés": only the card itself is excluded, the other Chef counts
    assert rules.force(s, c1) == 4 and rules.force(s, c2) == 4


# -- 309, 310: Salles and Zones ---------------------------------------------------------------------------
def test_salle_appears_upright_in_the_havre_sac_and_never_moves_309() -> None:
    s = rich(hand={0: ["Temple Iop", "Temple Iop"]}, havre={0: ["Boo", "Arakne"]})
    t1, t2 = ids(s, "Temple Iop")
    play(s, 0, t1)
    assert t1 in s.players[0].havre and t1 not in s.tapped  # 309: appears dressé in the Havre Sac
    assert t1 not in moves(s, 0)  # 309: never moves to the Monde
    assert rules.occupancy(s, 0) == 4  # Héros, Boo, Arakne and the Salle fill the Taille (306.3a)
    assert t2 not in plays(s, 0)  # 309: not into a full Havre Sac
    act(s, 0, "move", card=one(s, "Boo"))
    assert t2 in plays(s, 0)
    rules.banish_sac(s, 0)  # 309: no Salle once the Havre Sac is banished
    assert t1 in s.players[0].defausse and t2 not in plays(s, 0)


def test_salle_and_zone_are_played_on_your_turn_outside_combat_309_310() -> None:
    s = rich(hand={0: ["Temple Iop", "Forêts d'Astrub"]}, monde={0: ["Bouftou"]})
    temple, zone = one(s, "Temple Iop"), one(s, "Forêts d'Astrub")
    assert {temple, zone} <= plays(s, 0)
    attack(s, s.players[1].sac, [one(s, "Bouftou")])
    assert s.combat is not None and s.combat.to_act == 0
    assert not {temple, zone} & plays(s, 0)  # 309, 310: not during a combat
    passes(s)
    act(s, 0, "end_turn")
    assert not any(a.kind == "play" for a in GAME.legal_actions(s, 0))  # nor on the opponent's turn


def test_zone_appears_in_the_monde_and_never_moves_310() -> None:
    s = rich(hand={0: ["Forêts d'Astrub"]})
    z = one(s, "Forêts d'Astrub")
    play(s, 0, z)
    assert z in s.players[0].monde  # 310: it appears in the Monde (inclined: its text, 104.1)
    s.tapped.discard(z)
    assert z not in moves(s, 0)  # 310: it cannot go into the Havre Sac


# -- 401: classes and families ------------------------------------------------------------------------------
def test_a_sort_needs_a_card_of_its_class_401_1b() -> None:
    s = board(hand={0: ["Charge"]}, monde={0: ["Tofu", "Tofu", "Tofu"]}, **CRA)
    charge = one(s, "Charge")
    assert charge not in plays(s, 0)  # 401.1b: a Crâ Héros and no Iop: no Iop Sort
    s2 = board(hand={0: ["Charge"]}, monde={0: ["Tofu", "Tofu", "Tofu"]}, havre={0: ["Tomla Klass"]}, **CRA)
    assert one(s2, "Charge") in plays(s2, 0)  # an Allié Iop in the Havre Sac is enough (302.5)


def test_bouftous_are_alliés_of_the_family_but_a_bouftou_card_is_any_card_with_the_trait_401_2() -> None:
    s = rich(hand={0: ["Bouftou Royal"]}, monde={0: ["Bouftou", "Tomla Klass", "Coiffe du Bouftou"]},
             pioche={0: ["Tofu", "Coiffe du Bouftou", "Boo"]})
    b, tomla = one(s, "Bouftou"), one(s, "Tomla Klass")
    worn, stacked = ids(s, "Coiffe du Bouftou")
    s.attached[worn] = tomla
    s.tapped |= {b, worn}
    play(s, 0, one(s, "Bouftou Royal"), "monde")
    # 401.2: "untap all your Bouftous": the Alliés of the family, not an Équipement with the trait Bouftou
    assert b not in s.tapped and worn in s.tapped
    use(s, 0, one(s, "Bouftou Royal"))  # 401.2: "search for a Bouftou card": any card with the trait
    assert stacked in s.pending[-1].options and one(s, "Tofu") not in s.pending[-1].options
    choose(s, stacked)
    assert stacked in s.players[0].main


# -- 402: appearing ---------------------------------------------------------------------------------------
def test_moving_is_not_appearing_402() -> None:
    s = rich(hand={0: ["Gelée Bleue"]}, havre={0: ["Gelée Bleue"]})
    new, inside = ids(s, "Gelée Bleue")
    act(s, 0, "move", card=inside)  # 402.2: Havre Sac -> Monde is a mouvement, not an appearance
    assert inside in s.players[0].monde and not s.pending and not s.file
    act(s, 0, "move", card=inside)
    assert inside in s.players[0].havre and not s.pending and not s.file
    play(s, 0, new, "havre")  # 402.1: placed into the Havre Sac from the hand: it appears
    pass_reactions(s)
    assert s.pending and s.pending[-1].kind == "effect" and s.pending[-1].card == new
    choose(s, "draw")
    assert len(s.players[0].main) == 1


# -- 405: searching -----------------------------------------------------------------------------------------
def test_searching_a_hidden_zone_may_fail_and_shuffles_it_405() -> None:
    deck = ["Tofu", "Boo", "Bwork", "Boufton Blanc", "Moskito", "Arakne", "Wabbit", "Gobelinet", "Belgodass",
            "Demi Moon"]
    s = board(monde={0: ["Bouftou Royal"]}, pioche={0: deck})
    before = [s.name(c) for c in s.players[0].pioche]
    use(s, 0, one(s, "Bouftou Royal"))
    assert one(s, "Boufton Blanc") in s.pending[-1].options
    assert "none" in s.pending[-1].options  # 405: a hidden zone: the search may fail on purpose
    choose(s, "none")
    after = [s.name(c) for c in s.players[0].pioche]
    assert s.players[0].main == [] and sorted(after) == sorted(before)
    assert after != before  # 405: the searched Pioche is shuffled


# -- 408: défausser, recycler ---------------------------------------------------------------------------------
def test_discarding_goes_to_the_defausse_recycling_under_the_pioche_408() -> None:
    s = board(monde={0: ["Bwork Mage", "Forêts d'Astrub"], 1: ["Tofu"]}, hand={0: ["Boo"]},
              defausse={0: ["Bouftou"]}, pioche={0: ["Tofu"] * 10}, **FECA)
    boo = one(s, "Boo")
    use(s, 0, one(s, "Bwork Mage"), one(s, "Tofu", 1), boo)
    assert s.players[0].defausse[-1] == boo  # 408.1: discarded to its owner's Défausse
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    assert s.pending[-1].card == one(s, "Forêts d'Astrub")  # its upkeep: recycle a Terre card
    bouftou = one(s, "Bouftou")
    choose(s, bouftou)
    assert s.players[0].pioche[0] == bouftou  # 408.2: under the Pioche (its top is the list's end)


def test_bonne_affaire_recycles_the_other_card_under_the_pioche_408_2() -> None:
    s = rich(hand={0: ["Bonne Affaire !"]}, pioche={0: ["Arakne", "Tofu", "Boo", "Bwork"]})
    play(s, 0, one(s, "Bonne Affaire !"))
    choose(s, one(s, "Bwork"))
    assert one(s, "Bwork") in s.players[0].main and s.players[0].pioche[0] == one(s, "Boo")  # 408.2: bottom


# -- 412: putting into play -------------------------------------------------------------------------------------
def test_putting_into_play_bypasses_timing_and_niveau_412() -> None:
    s = board(hand={0: ["Tofu Céleste"]}, monde={0: ["Tofu", "Piou Jaune", "Piou Jaune"], 1: ["Bwork"]},
              active=1, **CRA)
    tofu, cel = one(s, "Tofu"), one(s, "Tofu Céleste")
    assert not any(a.kind == "play" for a in GAME.legal_actions(s, 0))  # 303.1: no Allié on his turn
    events.destroy(s, tofu, 1)
    flow.advance(s)
    choose(s, f"hand:{cel}")  # 412.2 on the opponent's turn (412.3: no timing restriction)
    tapped = set(s.tapped)
    pay(s)
    pass_reactions(s)
    assert len(s.tapped - tapped - {cel}) == 2  # (Air)(Air), not its Niveau 4: it is not played (412.3)
    assert cel in s.players[0].monde and cel in s.tapped


# -- 416: owner and controller --------------------------------------------------------------------------------
def test_owner_gets_the_card_and_your_means_controlled_416() -> None:
    s = rich(hand={0: ["Brisé !"]}, monde={0: ["Chef de Guerre Bouftou", "Bouftou"],
                                            1: ["Bouftou", "Tomla Klass", "Coiffe du Bouftou"]})
    mine, theirs = one(s, "Bouftou", 0), one(s, "Bouftou", 1)
    assert rules.force(s, mine) == 3 and rules.force(s, theirs) == 2  # 416.4: "your" Bouftous
    coiffe = one(s, "Coiffe du Bouftou")
    s.attached[coiffe] = one(s, "Tomla Klass")
    play(s, 0, one(s, "Brisé !"), coiffe)
    assert coiffe in s.players[1].defausse  # 416.1: its owner's Défausse, not the destroyer's
    assert one(s, "Brisé !") in s.players[0].defausse  # the Action goes to its own owner's


# -- 419: both players choose ----------------------------------------------------------------------------------
def test_the_active_player_chooses_first_419_2() -> None:
    s = rich(hand={0: ["Djakky Chwan"]}, monde={0: ["Boo"], 1: ["Wabbit"]})
    boo, wabbit = one(s, "Boo"), one(s, "Wabbit")
    s.tapped |= {boo, wabbit}
    play(s, 0, one(s, "Djakky Chwan"), "monde")
    pass_reactions(s)
    assert s.pending[-1].seat == 0 and boo in s.pending[-1].options  # 419.2: the active player first
    choose(s, boo)
    assert s.pending[-1].seat == 1 and wabbit in s.pending[-1].options
    choose(s, wabbit)
    assert boo not in s.tapped and wabbit not in s.tapped
    # on the opponent's turn the active player still chooses first, whoever owns the card
    s = board(monde={0: ["Coffre Malveillant"], 1: ["Bwork"]}, active=1, **XELOR)
    events.destroy(s, one(s, "Coffre Malveillant"), 1)
    flow.advance(s)
    assert s.pending[-1].seat == 1
    choose(s, "draw")
    assert s.pending[-1].seat == 0


# -- 502: the Défausse -------------------------------------------------------------------------------------------
def test_defausse_receives_resolved_cancelled_and_destroyed_cards_502() -> None:
    s = rich(hand={0: ["Charge", "Charge"], 1: ["Échec Critique"]}, monde={0: ["Tomla Klass"],
                                                                     1: ["Piou Bleu", "Piou Bleu"]})
    tomla = one(s, "Tomla Klass")
    c1, c2 = ids(s, "Charge")
    play(s, 0, c1, tomla)
    assert s.pending[-1].kind == "reaction" and s.pending[-1].seat == 1
    choose(s, one(s, "Échec Critique"))
    choose(s, c1)
    pay(s)
    pass_reactions(s)
    assert rules.force(s, tomla) == 1
    assert c1 in s.players[0].defausse  # 502: an annulled card
    assert one(s, "Échec Critique") in s.players[1].defausse  # 502: a resolved Action
    play(s, 0, c2, tomla)
    pass_reactions(s)
    assert c2 in s.players[0].defausse and rules.force(s, tomla) == 3
    events.destroy(s, tomla)
    assert tomla in s.players[0].defausse  # 502: a destroyed card


# -- 707: damage on the target -------------------------------------------------------------------------------------
def test_free_attackers_hit_the_target_which_strikes_one_back_simultaneously_707_1() -> None:
    s = board(monde={0: ["Bouftou", "Tomla Klass"], 1: ["Bwork"]})
    b, t, bw = one(s, "Bouftou"), one(s, "Tomla Klass"), one(s, "Bwork")
    attack(s, bw, [b, t])
    passes(s)
    # 707.1: both free attackers deal their Force (2 + 1 = Bwork's 3); the defender chooses whom the target
    # strikes back, and it does so simultaneously: dying from the same damage does not stop it
    assert s.pending[-1].kind == "riposte" and s.pending[-1].seat == 1 and set(s.pending[-1].options) == {b, t}
    choose(s, b)
    assert bw in s.players[1].defausse and b in s.players[0].defausse and t in s.players[0].monde
    assert s.players[0].xp == 1  # Bwork's XP at the end of combat (708.2)


def test_nothing_happens_to_a_target_that_left_707_2() -> None:
    s = rich(hand={0: ["Répulsion"]}, monde={0: ["Bouftou"], 1: ["Bwork"]})
    b, bw = one(s, "Bouftou"), one(s, "Bwork")
    attack(s, bw, [b])
    play(s, 0, one(s, "Répulsion"), bw)
    pass_reactions(s)
    passes(s)
    assert s.combat is None and bw in s.players[1].main  # 707.2: the target left, nothing is dealt
    assert s.players[1].sac_pr == 15 and s.players[1].pv == 16 and s.damage.get(b, 0) == 0


# -- 801: where powers work ----------------------------------------------------------------------------------------
def test_powers_work_only_in_play_unless_they_say_otherwise_801_1() -> None:
    s = rich(hand={0: ["Temple Iop", "Guy Yomtella", "Polter Tofu"]}, monde={0: ["Tofu", "Tomla Klass"]})
    temple, guy, polter = one(s, "Temple Iop"), one(s, "Guy Yomtella"), one(s, "Polter Tofu")
    offered = uses(s, 0)
    assert temple not in offered and guy not in offered  # 801.1: powers of cards in the hand: not usable
    assert polter in offered  # a power naming the hand (Polter Tofu) works from there
    play(s, 0, temple)
    assert temple in uses(s, 0)  # in the Havre Sac it works
    use(s, 0, temple, one(s, "Tomla Klass"))
    assert rules.force(s, one(s, "Tomla Klass")) == 3


# -- 805: continuous powers ------------------------------------------------------------------------------------------
def test_continuous_power_follows_its_source_and_timestamps_805() -> None:
    s = rich(hand={0: ["Coup Critique", "Chef de Guerre Bouftou"]}, monde={0: ["Chef de Guerre Bouftou", "Bouftou"]})
    later, chef = ids(s, "Chef de Guerre Bouftou")
    b = one(s, "Bouftou")
    assert rules.force(s, b) == 3
    act(s, 0, "move", card=chef)  # 805: the modifier lasts while its source is in its zone (the Monde)
    assert rules.force(s, b) == 2
    act(s, 0, "move", card=chef)
    assert rules.force(s, b) == 3
    # 805.4 with 105.3: the older Chef's bonus is doubled by Coup Critique, a Chef arriving later is not
    play(s, 0, one(s, "Coup Critique"), b)
    assert rules.force(s, b) == 6
    play(s, 0, later, "monde")
    assert rules.force(s, b) == 7


# -- 807: choices on play and on resolution ---------------------------------------------------------------------------
def test_choices_on_play_and_on_resolution_807() -> None:
    s = rich(hand={0: ["Prospection", "Bonne Affaire !"]}, monde={1: ["Bouftou Royal"]},
             pioche={0: ["Tofu", "Boo", "Bwork", "Arakne"]}, reaction_prompts="always")
    royal = one(s, "Bouftou Royal")
    act(s, 0, "play", card=one(s, "Prospection"))
    assert s.pending[-1].kind == "target"  # 807: "of your choice": chosen as it is played
    choose(s, royal)
    pay(s)
    assert s.file[-1].targets == [royal] and s.pending[-1].kind == "reaction"
    pass_reactions(s)
    assert len(s.players[0].main) == 1 + 2  # Bouftou Royal's XP 2, read on resolution
    play(s, 0, one(s, "Bonne Affaire !"))
    assert s.pending[-1].kind == "reaction"  # nothing asked on play: the card is picked on resolution
    top = s.players[0].pioche[-2:]
    pass_reactions(s)
    assert s.pending[-1].kind == "effect" and set(s.pending[-1].options) == set(top)


def test_no_choice_twice_unless_the_card_says_so_807() -> None:
    s = board(hand={0: ["Choc Temporel", "Boo", "Boo"]}, monde={0: PIOUS, 1: ["Bwork", "Wabbit"]},
              **dict(heroes=("Aeron Zeklox", "Bruss Ouilis"), sacs=("Havre Sac du Wabbit", "Havre Sac du Bouftou")))
    bw = one(s, "Bwork")
    act(s, 0, "play", card=one(s, "Choc Temporel"))
    for boo in ids(s, "Boo"):
        choose(s, boo)
    pay(s)
    pass_reactions(s)
    choose(s, bw)
    assert bw not in s.pending[-1].options and one(s, "Wabbit") in s.pending[-1].options  # 807: no repeat


# -- 811: prevention ---------------------------------------------------------------------------------------------------
def test_prevented_damage_is_not_dealt_811_4() -> None:
    s = board(monde={0: ["Guy Yomtella", "Tofu", "Tofu", "Tofu"],
                     1: ["Shiffer Van Brushing", "Cape du Prespic", "Scaranneau Blanc", "Scaracape Blanche",
                         "Scaracoiffe Blanche", "Amal Odoua", "Cape du Prespic"]}, **CRA)
    guy, shielded, bare = one(s, "Guy Yomtella"), one(s, "Shiffer Van Brushing"), one(s, "Amal Odoua")
    cape1, cape2 = ids(s, "Cape du Prespic")
    s.attached.update({cape1: shielded, cape2: bare})
    for piece in ("Scaranneau Blanc", "Scaracape Blanche", "Scaracoiffe Blanche"):  # the Panoplie: Résistance Air 1
        s.attached[one(s, piece)] = shielded
    use(s, 0, guy, shielded)  # 1 Air damage, Résistance Air 1: reduced to 0, so no damage is dealt
    pass_reactions(s)
    assert s.damage.get(shielded, 0) == 0 and s.damage.get(guy, 0) == 0  # the Cape does not strike
    use(s, 0, guy, power=1)
    use(s, 0, guy, bare)
    pass_reactions(s)
    assert s.damage.get(bare) == 1 and guy in s.players[0].defausse  # dealt: the Cape strikes back


def test_a_triggered_power_resolves_after_its_source_left_play_810_2d() -> None:
    s = board(monde={0: ["Guy Yomtella", "Tofu", "Tofu", "Tofu"], 1: ["Shiffer Van Brushing", "Cape du Prespic"]},
              **CRA)
    guy, shiffer, cape = one(s, "Guy Yomtella"), one(s, "Shiffer Van Brushing"), one(s, "Cape du Prespic")
    s.attached[cape] = shiffer
    use(s, 0, guy, shiffer)  # lethal: Shiffer and its Cape (305.8) go to the Défausse
    pass_reactions(s)
    assert shiffer in s.players[1].defausse and cape in s.players[1].defausse
    # 804: the Cape's power triggered when the damage was dealt; in the File it no longer needs the Cape
    # (810.2d: last known information), and from the Défausse it still reaches the Monde (508.1c)
    assert guy in s.players[0].defausse


def test_treve_leaves_no_damage_to_trigger_on_811_4() -> None:
    s = board(hand={0: ["Trêve", "Boo"]}, monde={0: PIOUS + ["Bwork Mage"], 1: ["Wa Wabbit"]}, **FECA)
    ww = one(s, "Wa Wabbit")
    play(s, 0, one(s, "Trêve"))
    use(s, 0, one(s, "Bwork Mage"), ww, one(s, "Boo"))
    pass_reactions(s)
    assert s.damage.get(ww, 0) == 0 and not s.pending and not s.file  # 811.4: Wa Wabbit draws nothing


# -- 812: indefinite and defined modifiers ----------------------------------------------------------------------------------
def test_indefinite_and_defined_modifiers_812() -> None:
    s = rich(hand={0: ["Charge", "Boo", "Boo"]}, monde={0: ["Vrombyx", "Tomla Klass"]})
    v = one(s, "Vrombyx")
    assert rules.force(s, v) == 3  # 812.1: an indefinite modifier, recomputed all the time
    play(s, 0, one(s, "Charge"), v)  # a defined modifier: +2 until end of turn
    assert rules.force(s, v) == 2 + 2
    play(s, 0, ids(s, "Boo")[0], "monde")
    assert rules.force(s, v) == 1 + 2
    act(s, 0, "move", card=v)
    assert rules.force(s, v) == 1 + 2  # the defined modifier stays through a mouvement
    act(s, 0, "end_turn")
    assert rules.force(s, v) == len(s.players[0].main)  # 812.3: and ends with the turn (605.2)
    assert not [m for m in s.mods if m[0] == v]
