"""The Incarnam Équipements beyond the starters (issue 23): each card's bonuses, Panoplie and powers at work.

The stats are those of the cards' pages (``data/cards.csv`` names the page of each): a test measures them on
the porteur or its player (403), never reads them back from the data."""

from __future__ import annotations

import json

import pytest

from allegiance.games.wakfu import GAME, combat, events, flow, rules
from allegiance.games.wakfu.effects import implemented
from allegiance.games.wakfu.state import WakfuState
from tests.wakfu.builders import act, attack, board, choose, one, pass_reactions, play, use

PIOUS = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2
ELEMENTS = ("Air", "Terre", "Feu", "Eau", "Neutre")


def rich(**kw):  # type: ignore[no-untyped-def]
    """Seat 0 has eight Pious (two of each element) to pay with; Pious are Monstres, so its Héros is the only
    porteur (305.7)."""
    monde = kw.pop("monde", {})
    monde = {**monde, 0: PIOUS + monde.get(0, [])}
    return board(monde=monde, **kw)


def wear(s: WakfuState, porteur: int, *names: str) -> list[int]:
    """Put the named Équipements (already in seat 0's Monde) on ``porteur``."""
    cards = [one(s, n) for n in names]
    for c in cards:
        s.attached[c] = porteur
    return cards


def settle(s: WakfuState) -> None:
    flow.advance(s)
    pass_reactions(s)


def measure(s: WakfuState, seat: int = 0) -> dict[str, int]:
    hero = s.players[seat].hero
    out = {"force": rules.force(s, hero), "max_pv": rules.max_pv(s, seat), "pv": s.players[seat].pv,
           "pa": rules.pa(s, seat), "pm": rules.pm(s, seat)}
    out.update({"res:" + el: rules.resistance(s, hero, el) for el in ELEMENTS})
    return out



EQUIPMENT = ("Abrabottes", "Abraton", "Aiguille Gluante", "Anneau de Bouze le Clerc", "Anneau de l'Invocateur",
             "Anneau Stradamus", "Arc Hidsad", "Baguette Larvesque", "Bashers", "Bâton du Wa Wabbit", "Boufballe",
             "Bouloute", "Cape du Mulou", "Cape du Vampyre", "Cape du Wa Wabbit", "Ceinture du Vampyre",
             "Couronne du Wa Wabbit", "Dragoune Rose", "Gelamu", "Gelano", "Gelobottes", "Hache du Mulou",
             "Kwaklame de Glace", "Kwakobottes de Glace", "Kwakoiffe de Glace", "La Broche Céleste", "Larvamulette",
             "Marteau Toh'Lo", "Queues de Chatons", "Razielle", "Scaracape Blanche", "Scaracoiffe Blanche",
             "String du Mulou", "Tueuse de Chênes")


def test_every_equipment_of_the_slice_is_implemented() -> None:
    assert [n for n in EQUIPMENT if not implemented(n)] == []


# -- bonuses (403, 305): played from the hand onto the Héros, measured before and after ------------------------
STATS = {  # name -> the changes on the Héros / its player, from the card's page
    "Abrabottes": {"force": 1},
    "Abraton": {"force": 1, "max_pv": 2, "pv": 2},
    "Anneau de Bouze le Clerc": {"max_pv": 2, "pv": 2},
    "Anneau de l'Invocateur": {"pa": 1, "pm": 1},
    "Anneau Stradamus": {"max_pv": 2, "pv": 2, "res:Terre": 1},
    "Bashers": {"force": 1},
    "Bâton du Wa Wabbit": {"force": 1, "max_pv": 4, "pv": 4},
    "Bouloute": {"max_pv": 1, "pv": 1},
    "Cape du Mulou": {"force": 1, "max_pv": 2, "pv": 2},
    "Cape du Vampyre": {"max_pv": 2, "pv": 2},
    "Cape du Wa Wabbit": {"max_pv": 4, "pv": 4},
    "Ceinture du Vampyre": {"max_pv": 2, "pv": 2},
    "Couronne du Wa Wabbit": {"max_pv": 4, "pv": 4},
    "Dragoune Rose": {},
    "Gelamu": {},
    "Gelano": {"pa": 1},
    "Gelobottes": {"force": 2},
    "Hache du Mulou": {"force": 3, "pm": 1},
    "Kwaklame de Glace": {"force": 1, "max_pv": 1, "pv": 1},
    "Kwakobottes de Glace": {"force": 1},
    "Kwakoiffe de Glace": {"force": 1},
    "La Broche Céleste": {"force": -2, "pa": 1},
    "Queues de Chatons": {"force": 2, "max_pv": 3, "pv": 3},
    "Scaracape Blanche": {},
    "Scaracoiffe Blanche": {"force": 1, "max_pv": 2, "pv": 2},
    "String du Mulou": {"force": 1, "res:Terre": 1},
}


@pytest.mark.parametrize("name", sorted(STATS))
def test_bonuses_go_to_the_porteur_and_its_player_403(name: str) -> None:
    s = rich(hand={0: [name]}, hero_in_monde=(0,))
    s.players[0].pv = 10
    before = measure(s)
    play(s, 0, one(s, name))  # the Héros is the only porteur
    settle(s)
    assert s.attached[one(s, name)] == s.players[0].hero
    after = measure(s)
    changed = {k: after[k] - before[k] for k in after if after[k] != before[k]}
    assert changed == STATS[name]


@pytest.mark.parametrize(("name", "keyword"), [("Cape du Vampyre", "Agilité"), ("Hache du Mulou", "Géant"),
                                               ("Gelamu", "Agressivité")])
def test_keywords_granted_to_the_porteur(name: str, keyword: str) -> None:
    s = board(monde={0: ["Tomla Klass", name]})
    t = one(s, "Tomla Klass")
    assert not rules.has_keyword(s, t, keyword)
    wear(s, t, name)
    assert rules.has_keyword(s, t, keyword)


def test_gelamu_porteur_attacks_the_turn_it_appears_303_3() -> None:
    s = board(monde={0: ["Tomla Klass", "Gelamu"]})
    t = one(s, "Tomla Klass")
    s.appeared[t] = s.turn  # it appeared this turn
    assert t not in combat.eligible_attackers(s, 0)
    wear(s, t, "Gelamu")
    assert t in combat.eligible_attackers(s, 0)


def test_cape_du_vampyre_agilite_blocks_the_non_agile_806_1() -> None:
    s = board(monde={0: ["Tomla Klass", "Cape du Vampyre"], 1: ["Bouftou"]})
    t, b = one(s, "Tomla Klass"), one(s, "Bouftou")
    wear(s, t, "Cape du Vampyre")
    assert not rules.may_block(s, b, t)  # 704.5: only an Agilité card blocks an Agilité attacker


def test_string_du_mulou_resistance_reduces_damage_806_12() -> None:
    s = board(monde={0: ["String du Mulou"], 1: ["Bwork"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    wear(s, hero, "String du Mulou")
    pv = s.players[0].pv
    events.deal_damage(s, 1, one(s, "Bwork"), hero, 3, "Terre")
    assert s.players[0].pv == pv - 2


# -- Panoplies (404) ----------------------------------------------------------------------------------------------
def test_panoplie_abraknyde_two_pieces() -> None:
    s = board(monde={0: ["Abrabottes", "Abraton"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    base = measure(s)
    wear(s, hero, "Abrabottes")
    assert rules.resistance(s, hero, "Terre") == 0  # the Résistance is the Panoplie's, not the Bottes'
    wear(s, hero, "Abraton")
    after = measure(s)
    assert after["force"] - base["force"] == 1 + 1 + 1 and after["max_pv"] - base["max_pv"] == 2 + 3
    assert after["res:Terre"] == 1


def test_panoplie_larvesque_two_pieces() -> None:
    s = board(monde={0: ["Baguette Larvesque", "Larvamulette"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    base = measure(s)
    wear(s, hero, "Baguette Larvesque")
    assert measure(s) == base  # one piece: nothing
    wear(s, hero, "Larvamulette")
    after = measure(s)
    assert after["force"] - base["force"] == 1 and after["max_pv"] - base["max_pv"] == 3 and after["res:Feu"] == 1


def test_panoplie_kwak_de_glace_needs_three_pieces() -> None:
    s = board(monde={0: ["Kwaklame de Glace", "Kwakobottes de Glace", "Kwakoiffe de Glace"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    base = measure(s)
    wear(s, hero, "Kwaklame de Glace", "Kwakobottes de Glace")
    two = measure(s)
    assert two["force"] - base["force"] == 2 and two["pm"] == base["pm"] and two["res:Eau"] == 0
    wear(s, hero, "Kwakoiffe de Glace")
    after = measure(s)
    assert after["force"] - base["force"] == 3 + 1 and after["pm"] - base["pm"] == 1
    assert after["max_pv"] - base["max_pv"] == 1 + 3 and after["res:Eau"] == 1


def test_panoplie_scarafeuille_blanc() -> None:
    s = board(monde={0: ["Scaracape Blanche", "Scaracoiffe Blanche", "Scaranneau Blanc"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    wear(s, hero, "Scaracape Blanche", "Scaracoiffe Blanche")
    two = measure(s)
    wear(s, hero, "Scaranneau Blanc")
    three = measure(s)
    # the Scaranneau's own +2 PV (its Résistance Air 1 is the Panoplie's: its card page), then the
    # Panoplie's +1 Force, +4 PV, Résistance Air 1
    assert three["force"] - two["force"] == 1 and three["max_pv"] - two["max_pv"] == 2 + 4
    assert two["res:Air"] == 0 and three["res:Air"] == 1


def test_panoplie_mulou() -> None:
    s = board(monde={0: ["Cape du Mulou", "Hache du Mulou", "String du Mulou"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    base = measure(s)
    wear(s, hero, "Cape du Mulou", "Hache du Mulou", "String du Mulou")
    after = measure(s)
    assert after["force"] - base["force"] == 1 + 3 + 1 + 3 and after["max_pv"] - base["max_pv"] == 2 + 5
    assert after["pm"] - base["pm"] == 1 and after["res:Terre"] == 1


def test_panoplie_wa() -> None:
    s = board(monde={0: ["Bâton du Wa Wabbit", "Cape du Wa Wabbit", "Couronne du Wa Wabbit"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    base = measure(s)
    wear(s, hero, "Bâton du Wa Wabbit", "Cape du Wa Wabbit", "Couronne du Wa Wabbit")
    after = measure(s)
    assert after["max_pv"] - base["max_pv"] == 4 * 3 + 4 and after["force"] - base["force"] == 1


def test_anneau_de_bouze_le_clerc_completes_the_panoplie_bouftou() -> None:
    s = board(monde={0: ["Coiffe du Bouftou", "Marteau du Bouftou", "Anneau de Bouze le Clerc"]}, hero_in_monde=(0,))
    hero = s.players[0].hero
    wear(s, hero, "Coiffe du Bouftou", "Marteau du Bouftou")
    two = rules.force(s, hero)
    wear(s, hero, "Anneau de Bouze le Clerc")
    assert rules.force(s, hero) == two + 2


@pytest.mark.parametrize("pieces", [3, 2])
def test_panoplie_gelax_draws_when_an_allie_is_destroyed(pieces: int) -> None:
    s = board(monde={0: ["Gelamu", "Gelano", "Gelobottes"], 1: ["Bouftou"]}, hero_in_monde=(0,))
    wear(s, s.players[0].hero, *("Gelamu", "Gelano", "Gelobottes")[:pieces])
    events.destroy(s, one(s, "Bouftou"), 0)
    settle(s)
    assert len(s.players[0].main) == (1 if pieces == 3 else 0)


# -- powers (802) ---------------------------------------------------------------------------------------------------
def test_arc_hidsad_hits_then_hurts_its_porteur() -> None:
    s = board(monde={0: ["Arc Hidsad"], 1: ["Bwork"]}, hero_in_monde=(0,))
    arc, bwork = one(s, "Arc Hidsad"), one(s, "Bwork")
    wear(s, s.players[0].hero, "Arc Hidsad")
    pv = s.players[0].pv
    use(s, 0, arc, bwork)
    settle(s)
    assert s.damage.get(bwork) == 1 and s.players[0].pv == pv - 1 and arc in s.tapped


def test_baguette_larvesque_a_player_loses_one_pa() -> None:
    s = board(monde={0: ["Baguette Larvesque"]}, hero_in_monde=(0,))
    wear(s, s.players[0].hero, "Baguette Larvesque")
    pa = rules.pa(s, 1)
    use(s, 0, one(s, "Baguette Larvesque"), 1)
    settle(s)
    assert rules.pa(s, 1) == pa - 1


def test_larvamulette_recycles_for_a_resistance_until_end_of_turn() -> None:
    s = board(monde={0: ["Larvamulette"]}, defausse={0: ["Tofu"]}, hero_in_monde=(0,))
    hero, tofu = s.players[0].hero, one(s, "Tofu")
    wear(s, hero, "Larvamulette")
    use(s, 0, one(s, "Larvamulette"))
    settle(s)
    assert s.pending[-1].kind == "effect" and s.pending[-1].options == (tofu,)
    choose(s, tofu)
    assert s.players[0].pioche[0] == tofu and rules.resistance(s, hero, "Air") == 1  # Tofu is Air
    act(s, 0, "end_turn")
    assert rules.resistance(s, hero, "Air") == 0


def test_larvamulette_with_an_empty_defausse_gives_nothing() -> None:
    s = board(monde={0: ["Larvamulette"]}, hero_in_monde=(0,))
    wear(s, s.players[0].hero, "Larvamulette")
    use(s, 0, one(s, "Larvamulette"))
    settle(s)
    assert not s.pending or s.pending[-1].kind != "effect"
    assert all(rules.resistance(s, s.players[0].hero, el) == 0 for el in ELEMENTS)


def test_marteau_toh_lo_hits_two_combatants_and_only_in_combat() -> None:
    s = board(monde={0: ["Marteau Toh'Lo", "Tomla Klass", "Bouftou"], 1: ["Bwork"]}, hero_in_monde=(0,))
    marteau, t, b, bwork = one(s, "Marteau Toh'Lo"), one(s, "Tomla Klass"), one(s, "Bouftou"), one(s, "Bwork")
    wear(s, s.players[0].hero, "Marteau Toh'Lo")
    assert not any(a.kind == "use" and a.get("card") == marteau for a in GAME.legal_actions(s, 0))
    attack(s, [t, b], {bwork: b})
    assert s.combat is not None and s.combat.step == "actions"
    use(s, 0, marteau, b, bwork)
    settle(s)
    assert s.damage.get(b) == 1 and s.damage.get(bwork) == 1 and t not in s.damage


def test_razielle_force_and_destroyed_after_more_than_three_terre() -> None:
    s = board(monde={0: ["Razielle"] + ["Piou Vert"] * 4}, hero_in_monde=(0,))
    hero, raz = s.players[0].hero, one(s, "Razielle")
    wear(s, hero, "Razielle")
    force = rules.force(s, hero)
    for _ in range(3):
        use(s, 0, raz)
        settle(s)
    assert rules.force(s, hero) == force + 3
    use(s, 0, raz)
    settle(s)
    act(s, 0, "end_turn")
    assert raz in s.players[0].defausse


def test_razielle_three_uses_keep_it() -> None:
    s = board(monde={0: ["Razielle"] + ["Piou Vert"] * 3}, hero_in_monde=(0,))
    raz = one(s, "Razielle")
    wear(s, s.players[0].hero, "Razielle")
    for _ in range(3):
        use(s, 0, raz)
        settle(s)
    act(s, 0, "end_turn")
    assert raz in s.players[0].monde


def test_tueuse_de_chenes_recycles_a_terre_card_of_any_defausse() -> None:
    s = board(monde={0: ["Tueuse de Chênes"]}, defausse={1: ["Bouftou", "Tofu"]}, hero_in_monde=(0,))
    bouftou = one(s, "Bouftou")
    wear(s, s.players[0].hero, "Tueuse de Chênes")
    use(s, 0, one(s, "Tueuse de Chênes"), 1)
    settle(s)
    assert s.pending[-1].seat == 0 and s.pending[-1].options == (bouftou,)  # the Tofu is Air
    choose(s, bouftou)
    assert s.players[1].pioche[0] == bouftou and bouftou not in s.players[1].defausse


def test_gelamu_moves_to_another_porteur() -> None:
    s = board(monde={0: ["Gelamu", "Tomla Klass", "Bouftou", "Piou Vert", "Piou Rouge", "Piou Bleu"]},
              hero_in_monde=(0,))
    gelamu, t, hero = one(s, "Gelamu"), one(s, "Tomla Klass"), s.players[0].hero
    wear(s, hero, "Gelamu")
    act(s, 0, "use", card=gelamu, power=0)
    options = s.pending[-1].options
    assert t in options and hero not in options and one(s, "Bouftou") not in options  # 305.7: no Monstre
    choose(s, t)
    while s.pending and s.pending[-1].kind == "pay":
        choose(s, next(o for o in s.pending[-1].options if o != "cancel"))
    settle(s)
    assert s.attached[gelamu] == t and rules.has_keyword(s, t, "Agressivité")
    assert not rules.has_keyword(s, hero, "Agressivité")


# -- triggered and continuous powers (804, 805) -------------------------------------------------------------------
def test_aiguille_gluante_deals_one_feu_as_it_appears_804_3() -> None:
    s = rich(hand={0: ["Aiguille Gluante"]}, monde={1: ["Bwork"]}, hero_in_monde=(0,))
    bwork = one(s, "Bwork")
    play(s, 0, one(s, "Aiguille Gluante"))
    pass_reactions(s)
    assert s.pending[-1].kind == "trigger_target" and bwork in s.pending[-1].options
    choose(s, bwork)
    settle(s)
    assert s.damage.get(bwork) == 1


@pytest.mark.parametrize("blocked", [False, True])
def test_boufballe_xp_when_its_porteur_is_not_blocked(blocked: bool) -> None:
    s = board(monde={0: ["Tomla Klass", "Boufballe"], 1: ["Bouftou"]})
    t = one(s, "Tomla Klass")
    wear(s, t, "Boufballe")
    attack(s, [t], {one(s, "Bouftou"): t} if blocked else None)
    settle(s)
    assert s.players[0].xp == (0 if blocked else 1)


def test_bouloute_grows_with_each_opposing_monstre_destroyed() -> None:
    s = board(monde={0: ["Bouloute", "Boufton Blanc"], 1: ["Bouftou", "Tofu"]}, hero_in_monde=(0,))
    wear(s, s.players[0].hero, "Bouloute")
    top, pv = rules.max_pv(s, 0), s.players[0].pv
    events.destroy(s, one(s, "Bouftou"), 0)
    events.destroy(s, one(s, "Tofu"), None)  # whoever destroyed it
    assert rules.max_pv(s, 0) == top + 2 and s.players[0].pv == pv + 2
    events.destroy(s, one(s, "Boufton Blanc"), 1)  # one's own Monstre: no growth
    assert rules.max_pv(s, 0) == top + 2
    act(s, 0, "end_turn")
    assert rules.max_pv(s, 0) == top + 2  # permanent (its note: markers)
    written = json.loads(json.dumps(GAME.to_position(s)))  # the marker survives a position file
    written["options"].pop("decks", None)  # a test board has no deck files
    assert {"card": "Bouloute#" + str(one(s, "Bouloute")), "effect": "pv_bonus", "value": 1,
            "until": "permanent"}.items() <= next(e for e in written["effects"] if e["effect"] == "pv_bonus").items()
    assert rules.max_pv(GAME.from_position(written), 0) == top + 2


def test_dragoune_rose_raises_xp_gains_415() -> None:
    s = board(monde={0: ["Dragoune Rose"]}, hero_in_monde=(0,))
    wear(s, s.players[0].hero, "Dragoune Rose")
    rules.gain_xp(s, 0, 2)
    assert s.players[0].xp == 3
    rules.gain_xp(s, 0, 0)  # a gain of 0 is no gain (its note)
    assert s.players[0].xp == 3
    rules.gain_xp(s, 1, 2)
    assert s.players[1].xp == 2  # only its controller's gains


# -- whole random games with these Équipements -----------------------------------------------------------------
def equipment_deck(base: str, unique: str, names: tuple[str, ...]) -> str:
    """A starter's Héros, Havre Sac and Alliés (the porteurs), its other cards replaced by the Unique
    ``unique`` and ``names`` (cycled) up to 50 cards (101.1)."""
    from allegiance.games.wakfu.cards import CARDS
    from allegiance.games.wakfu.decks import starter

    deck = starter(base)
    allies = [(n, k) for n, k in deck.cards if CARDS[n].type == "Allié"]
    lines = [f"Héros: {deck.hero}", f"Havre Sac: {deck.havre_sac}"] + [f"{k} {n}" for n, k in allies]
    room = 48 - sum(k for _, k in allies)
    counts: dict[str, int] = {unique: 1}
    for i in range(room - 1):
        name = names[i % len(names)]
        counts[name] = counts.get(name, 0) + 1
    return "\n".join(lines + [f"{k} {n}" for n, k in counts.items()]) + "\n"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_with_the_equipment_end_without_error(seed: int) -> None:
    """Random games (the property test's player) between two decks full of these Équipements end (a win or
    the turn limit) with every card in exactly one zone (invariant 3) and no hidden card in a view (4)."""
    from tests.wakfu.test_properties import conserved, no_leak, play_random

    plain = tuple(n for n in EQUIPMENT if n not in ("Bouloute", "Dragoune Rose"))  # Unique: one copy each
    first = equipment_deck("iop", "Bouloute", plain[:16])
    second = equipment_deck("feca", "Dragoune Rose", plain[16:])
    s, _ = play_random(seed, (first, second), check_every=11)
    assert GAME.outcome(s) is not None
    conserved(s)
    no_leak(s)


@pytest.mark.parametrize("pieces", [2, 1])
def test_panoplie_vampyre_pays_neutre_for_a_vampyre_token_when_an_allie_is_destroyed(pieces: int) -> None:
    """Cape du Vampyre + Ceinture du Vampyre (Panoplie Vampyre, 2 pieces, 404): whenever an Allié is destroyed
    the porteur's controller may pay (Neutre) for a Force 1 Air "Monstre - Vampyre" token (413.2)."""
    s = rich(monde={0: ["Cape du Vampyre", "Ceinture du Vampyre"], 1: ["Bouftou"]}, hero_in_monde=(0,))
    wear(s, s.players[0].hero, *("Cape du Vampyre", "Ceinture du Vampyre")[:pieces])
    before = set(s.players[0].monde)
    events.destroy(s, one(s, "Bouftou"), 0)
    flow.advance(s)
    if pieces == 1:
        pass_reactions(s)
        assert set(s.players[0].monde) == before
        return
    pending = s.pending[-1]
    assert pending.seat == 0 and "no" in pending.options
    payer = next(o for o in pending.options if o != "no")
    choose(s, payer)
    settle(s)
    new = [c for c in s.players[0].monde if c not in before]
    assert len(new) == 1 and new[0] in s.tokens and payer in s.tapped
    token = s.cards[new[0]]
    assert token.is_monster and "Vampyre" in token.subtypes and rules.force(s, new[0]) == 1 and token.element == "Air"


def test_panoplie_vampyre_may_be_declined() -> None:
    s = rich(monde={0: ["Cape du Vampyre", "Ceinture du Vampyre"], 1: ["Bouftou"]}, hero_in_monde=(0,))
    wear(s, s.players[0].hero, "Cape du Vampyre", "Ceinture du Vampyre")
    before = set(s.players[0].monde)
    events.destroy(s, one(s, "Bouftou"), 0)
    flow.advance(s)
    choose(s, "no")
    settle(s)
    assert set(s.players[0].monde) == before and not s.tokens and not s.tapped
