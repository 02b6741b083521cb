"""Issue 23: the last Incarnam Héros (307), the Dofus (304), the tokens (413.2) and the Chi-Fu-Mi cards, each
card's powers at work."""

from __future__ import annotations

import pytest

from allegiance.games.wakfu import GAME, events, rules
from allegiance.games.wakfu.state import WakfuState
from tests.wakfu import builders
from tests.wakfu.builders import act, board, choose, one, pass_reactions, pay, use

PIOUS = ["Piou Vert", "Piou Rouge", "Piou Jaune", "Piou Bleu"] * 2


def level2(s: WakfuState, seat: int) -> None:
    s.players[seat].level = 2  # 307.4: the Niveau 2 side is up


def attack(s: WakfuState, attackers: list[int], blocks: dict[int, int] | None = None, seat: int = 0) -> None:
    """``builders.attack``, then the combat is at its Phase d'Actions."""
    builders.attack(s, attackers, blocks, seat)
    assert s.combat is not None and s.combat.step == "actions", s.pending


# -- Héros (307) -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lvl", "drawn"), [(1, 1), (2, 2)])
def test_hynd_yanajone_draws(lvl: int, drawn: int) -> None:
    s = board(heroes=("Hynd Yanajone", "Tirlangue Portey"))
    if lvl == 2:
        level2(s, 0)
    hero = s.players[0].hero
    before = len(s.players[0].main)
    use(s, 0, hero)
    pass_reactions(s)
    assert len(s.players[0].main) == before + drawn and hero in s.tapped


@pytest.mark.parametrize("lvl", [1, 2])
def test_klore_ofil_answers_an_attack_declaration(lvl: int) -> None:
    # 701.2: the declaration is on the File; Klore Ofil's Réaction (802) takes 1 PM from the attacker
    s = board(heroes=("Bruss Ouilis", "Klore Ofil"), monde={0: ["Bwork"]})
    if lvl == 2:
        level2(s, 1)
    pm0, pm1 = rules.pm(s, 0), rules.pm(s, 1)
    act(s, 0, "attack")
    klore = s.players[1].hero
    assert s.pending[-1].kind == "reaction" and f"use:{klore}:0" in s.pending[-1].options
    choose(s, f"use:{klore}:0")
    pay(s)
    pass_reactions(s)
    assert rules.pm(s, 0) == pm0 - 1 and rules.pm(s, 1) == pm1 + (lvl - 1)


def test_klore_ofil_is_no_reaction_without_an_attack() -> None:
    s = board(heroes=("Bruss Ouilis", "Klore Ofil"), active=1, turn=4)
    klore = s.players[1].hero
    assert not any(a.kind == "use" and a.get("card") == klore for a in GAME.legal_actions(s, 1))


@pytest.mark.parametrize(("lvl", "dmg"), [(1, 1), (2, 2)])
def test_kouff_ourbe_burns_combatants_that_incline(lvl: int, dmg: int) -> None:
    s = board(heroes=("Kouff Ourbe", "Tirlangue Portey"), monde={0: PIOUS + ["Bwork"], 1: ["Guy Yomtella", "Bouftou"]})
    if lvl == 2:
        level2(s, 0)
    bw = one(s, "Bwork")
    assert not any(a.kind == "use" and a.get("card") == s.players[0].hero for a in GAME.legal_actions(s, 0))
    attack(s, [bw], {one(s, "Guy Yomtella"): bw})
    use(s, 0, s.players[0].hero)
    pass_reactions(s)
    guy = one(s, "Guy Yomtella")
    use(s, 1, guy, bw)  # Guy inclines for its power while blocking: Terre damage, from the game
    assert s.damage.get(guy, 0) == dmg or guy in s.players[1].defausse
    assert not s.damage.get(one(s, "Bouftou"))  # not in combat: untouched


@pytest.mark.parametrize(("lvl", "bonus"), [(1, 1), (2, 2)])
def test_shimay_rouch_while_it_stays_inclined(lvl: int, bonus: int) -> None:
    s = board(heroes=("Shimay Rouch", "Tirlangue Portey"))
    if lvl == 2:
        level2(s, 0)
    hero = s.players[0].hero
    force = rules.force(s, hero)
    use(s, 0, hero)
    pass_reactions(s)
    assert rules.force(s, hero) == force + bonus
    pv = s.players[0].pv
    events.deal_damage(s, 1, None, hero, 3, "Air")
    assert s.players[0].pv == pv - (3 - bonus)
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")  # it untaps at its controller's turn: the effect ends
    while s.pending:
        choose(s, s.pending[-1].options[0])
    assert hero not in s.tapped and rules.force(s, hero) == force
    assert not [m for m in s.mods if m[0] == hero]


@pytest.mark.parametrize(("lvl", "taken"), [(1, 1), (2, 0)])
def test_opee_tissoin_shields_an_allie(lvl: int, taken: int) -> None:
    s = board(heroes=("Opée Tissoin", "Tirlangue Portey"), monde={0: ["Bwork"]}, active=1, turn=4,
              hero_in_monde=(0, 1))
    if lvl == 2:
        level2(s, 0)
    level2(s, 1)  # Tirlangue Portey Niveau 2: 3 damage of a chosen element
    bw = one(s, "Bwork")
    act(s, 1, "use", card=s.players[1].hero, power=0)
    choose(s, bw)
    choose(s, "Neutre")
    pay(s)
    opee = s.players[0].hero
    assert s.pending[-1].kind == "reaction" and f"use:{opee}:0" in s.pending[-1].options
    choose(s, f"use:{opee}:0")
    choose(s, bw)
    pay(s)
    pass_reactions(s)
    assert s.damage.get(bw, 0) == taken  # 3 damage, reduced by 2 or to 0


def test_opee_tissoin_heals_at_the_start_of_its_turn() -> None:
    s = board(heroes=("Opée Tissoin", "Tirlangue Portey"), active=1, turn=4)
    s.players[0].pv -= 3
    pv = s.players[0].pv
    act(s, 1, "end_turn")
    pass_reactions(s)
    assert s.players[0].pv == pv + 1  # 602.2: its start-of-turn trigger
    s.players[0].pv = rules.max_pv(s, 0)
    act(s, 0, "end_turn")
    act(s, 1, "end_turn")
    pass_reactions(s)
    assert s.players[0].pv == rules.max_pv(s, 0)  # never above its maximum (410.2)


@pytest.mark.parametrize(("lvl", "gain"), [(1, 1), (2, 3)])
def test_ayma_ragie_gains_force_as_it_loses_pv(lvl: int, gain: int) -> None:
    s = board(heroes=("Ayma Ragie", "Tirlangue Portey"))
    if lvl == 2:
        level2(s, 0)
    hero = s.players[0].hero
    force = rules.force(s, hero)
    events.deal_damage(s, 1, None, hero, 3, "Terre")  # 3 PV lost at once
    pass_reactions(s)
    from allegiance.games.wakfu import flow
    flow.advance(s)
    pass_reactions(s)
    assert rules.force(s, hero) == force + gain
    act(s, 0, "end_turn")
    assert rules.force(s, hero) == force  # until end of turn


@pytest.mark.parametrize(("lvl", "ok"), [(1, False), (2, True)])
def test_trantmy_londami_puts_a_monstre_into_play(lvl: int, ok: bool) -> None:
    s = board(heroes=("Trantmy Londami", "Tirlangue Portey"), hand={0: ["Bwork", "Bouftou"]})
    if lvl == 2:
        level2(s, 0)
    bw, bou = one(s, "Bwork"), one(s, "Bouftou")  # Bwork: Niveau 3, Bouftou: Niveau 2
    hero = s.players[0].hero
    use(s, 0, hero)
    pass_reactions(s)
    assert s.pending[-1].kind == "effect"
    assert (bw in s.pending[-1].options) == ok and bou in s.pending[-1].options
    choose(s, bou)
    # 412.2: put into play, not played: nothing paid, it appears in the Monde
    assert bou in s.players[0].monde and bou not in s.players[0].main and hero in s.tapped


# -- Dofus (304) -------------------------------------------------------------------------------------------------
def settle_all(s: WakfuState) -> None:
    """Answer every decision: Réactions passed, every other choice its last option (an upkeep: destroy)."""
    while s.pending:
        top = s.pending[-1]
        choose(s, "pass" if top.kind == "reaction" else top.options[-1])


def my_turn(s: WakfuState) -> None:
    """Seat 1 ends its turn: seat 0's turn starts (602), what it controls then is recorded."""
    act(s, 1, "end_turn")
    settle_all(s)
    assert s.active == 0 and s.phase == "main"


def playable(s: WakfuState, card: int) -> bool:
    return any(a.kind == "play" and a.get("card") == card for a in GAME.legal_actions(s, 0))


def play_dofus(s: WakfuState, card: int, porteur: int) -> None:
    act(s, 0, "play", card=card)
    if s.pending and s.pending[-1].kind == "place":
        choose(s, porteur)
    pay(s)
    settle_all(s)


def test_dofawa_needs_two_zones_at_the_start_of_the_turn() -> None:
    zones = ["Mines d'Astrub", "Forêts d'Astrub"]
    s = board(monde={0: zones}, hand={0: ["Dofawa"]}, active=1, turn=4)
    dofawa = one(s, "Dofawa")
    my_turn(s)  # both Zones were destroyed by their upkeep, after the start of the turn: it still counts (304.1)
    assert not any(rules.in_play(s, one(s, z)) for z in zones)
    assert playable(s, dofawa)
    hero = s.players[0].hero
    xp, top = s.players[0].xp, rules.max_pv(s, 0)
    play_dofus(s, dofawa, hero)
    assert s.attached.get(dofawa) == hero and s.players[0].xp == xp + 1 and rules.max_pv(s, 0) == top + 1


def test_dofawa_is_not_playable_without_the_zones_at_the_start() -> None:
    s = board(monde={0: ["Mines d'Astrub"]}, hand={0: ["Dofawa"]}, active=1, turn=4)
    my_turn(s)
    assert not playable(s, one(s, "Dofawa"))
    # Zones controlled now but not at the start of the turn do not count either
    s = board(monde={0: ["Mines d'Astrub", "Forêts d'Astrub"]}, hand={0: ["Dofawa"]})
    assert not playable(s, one(s, "Dofawa"))


def test_dofus_emeraude_after_dark_vlad() -> None:
    s = board(monde={0: ["Dark Vlad"]}, hand={0: ["Dofus Émeraude"]}, active=1, turn=4)
    my_turn(s)
    s.players[0].pv -= 5
    xp = s.players[0].xp
    play_dofus(s, one(s, "Dofus Émeraude"), s.players[0].hero)
    assert s.players[0].pv == rules.max_pv(s, 0) and s.players[0].xp == xp + 2


def test_dofus_emeraude_three_unique_bandits_or_nothing() -> None:
    bandits = ["Edasse le Trouble Fête", "Eratz Le Revendicateur", "Nomekop le Crapoteur"]
    s = board(monde={0: bandits}, hand={0: ["Dofus Émeraude"]}, active=1, turn=4)
    my_turn(s)
    assert playable(s, one(s, "Dofus Émeraude"))
    s = board(monde={0: bandits[:2]}, hand={0: ["Dofus Émeraude"]}, active=1, turn=4)
    my_turn(s)
    assert not playable(s, one(s, "Dofus Émeraude"))


def test_dofus_turquoise_untaps_the_hero_and_gives_geant() -> None:
    s = board(monde={0: ["Chêne Mou", "Bwork"]}, hand={0: ["Dofus Turquoise"]}, active=1, turn=4)
    my_turn(s)
    hero = s.players[0].hero
    s.tapped.add(hero)
    assert not rules.has_keyword(s, hero, "Géant")
    xp = s.players[0].xp
    play_dofus(s, one(s, "Dofus Turquoise"), hero)
    assert hero not in s.tapped and s.players[0].xp == xp + 2 and rules.has_keyword(s, hero, "Géant")
    assert not rules.has_keyword(s, one(s, "Bwork"), "Géant")  # the Héros only


def test_dofus_cawotte_needs_the_panoplie_wa() -> None:
    wa = ["Bâton du Wa Wabbit", "Cape du Wa Wabbit", "Couronne du Wa Wabbit"]
    s = board(havre={0: wa}, hand={0: ["Dofus Cawotte"]}, active=1, turn=4)
    for e in wa:
        s.attached[one(s, e)] = s.players[0].hero
    my_turn(s)
    cawotte = one(s, "Dofus Cawotte")
    assert playable(s, cawotte)
    xp = s.players[0].xp
    play_dofus(s, cawotte, s.players[0].hero)
    assert s.players[0].xp == xp + 3
    s = board(havre={0: wa[:2]}, hand={0: ["Dofus Cawotte"]}, active=1, turn=4)
    my_turn(s)
    assert not playable(s, one(s, "Dofus Cawotte"))


# -- Chi-Fu-Mi between two players -------------------------------------------------------------------------------
def seen_by(s: WakfuState, seat: int, events_: list) -> str:  # type: ignore[type-arg]
    """Everything ``seat`` is shown: its view and the messages it may read."""
    import json
    told = [e.text for e in events_ if e.visible_to is None or seat in e.visible_to]
    return json.dumps(GAME.view(s, seat), default=str) + "\n".join(told)


def pick(s: WakfuState, value: str) -> list:  # type: ignore[type-arg]
    from allegiance.core.actions import Action
    seat = s.pending[-1].seat
    return GAME.apply(s, seat, Action.of("choose", value=value))


def test_chifumi_picks_stay_hidden_until_both_are_in() -> None:
    # invariant 4: before the second pick, the other seat and a spectator see exactly the same whatever the first
    # pick was (view and messages); its picker is told; once both are in, both are shown to everybody
    shown: dict[object, set[str]] = {1: set(), None: set()}
    for first in ("pierre", "feuille", "ciseaux"):
        s = board(havre={0: ["Auberge du Bouftou Croustillant"]})
        use(s, 0, one(s, "Auberge du Bouftou Croustillant"))
        pass_reactions(s)
        assert s.pending[-1].seat == 0 and set(s.pending[-1].options) == {"pierre", "feuille", "ciseaux"}
        told = pick(s, first)
        assert s.pending[-1].seat == 1 and set(s.pending[-1].options) == {"pierre", "feuille", "ciseaux"}
        for seat in shown:
            shown[seat].add(seen_by(s, seat, told))  # type: ignore[arg-type]
        assert f"you pick {first}" in seen_by(s, 0, told)
        told = pick(s, "pierre")
        assert f"shows {first}" in seen_by(s, 1, told) and f"shows {first}" in seen_by(s, None, told)  # type: ignore[arg-type]
    assert len(shown[1]) == 1 and len(shown[None]) == 1


@pytest.mark.parametrize(("mine", "theirs", "winner"), [("pierre", "ciseaux", 0), ("feuille", "ciseaux", 1),
                                                        ("ciseaux", "feuille", 0)])
def test_auberge_the_winner_gains_1_xp(mine: str, theirs: str, winner: int) -> None:
    s = board(havre={0: ["Auberge du Bouftou Croustillant"]})
    xp = [p.xp for p in s.players]
    use(s, 0, one(s, "Auberge du Bouftou Croustillant"))
    pass_reactions(s)
    pick(s, mine)
    pick(s, theirs)
    settle_all(s)
    assert s.players[winner].xp == xp[winner] + 1 and s.players[1 - winner].xp == xp[1 - winner]


def test_chifumi_tie_is_played_again() -> None:
    s = board(havre={0: ["Auberge du Bouftou Croustillant"]})
    use(s, 0, one(s, "Auberge du Bouftou Croustillant"))
    pass_reactions(s)
    pick(s, "pierre")
    pick(s, "pierre")
    assert s.pending[-1].seat == 0 and s.pending[-1].get("fx") == "chifumi"  # again, the first player first
    pick(s, "feuille")
    pick(s, "pierre")
    settle_all(s)
    assert s.players[0].xp == 1


@pytest.mark.parametrize(("mine", "hit"), [("pierre", True), ("feuille", False)])
def test_dames_de_bouffe_hits_only_if_you_win(mine: str, hit: bool) -> None:
    s = board(monde={0: ["Dames de Bouffe"], 1: ["Bwork"]}, hero_in_monde=(0,))
    eq, target = one(s, "Dames de Bouffe"), one(s, "Bwork")
    s.attached[eq] = s.players[0].hero  # carried by the Héros (305)
    use(s, 0, eq)
    pass_reactions(s)
    pick(s, mine)
    pick(s, "ciseaux")
    if hit:
        assert s.pending[-1].kind == "effect" and target in s.pending[-1].options
        choose(s, target)
    settle_all(s)
    assert s.damage.get(target, 0) == (1 if hit else 0)


@pytest.mark.parametrize(("lvl", "bonus"), [(1, 1), (2, 2)])
def test_karey_dass_grows_when_it_wins_a_chifumi(lvl: int, bonus: int) -> None:
    s = board(heroes=("Karey Dass", "Tirlangue Portey"), havre={0: ["Auberge du Bouftou Croustillant"]})
    if lvl == 2:
        level2(s, 0)
    hero = s.players[0].hero
    force, pm = rules.force(s, hero), rules.pm(s, 0)
    use(s, 0, one(s, "Auberge du Bouftou Croustillant"))
    pass_reactions(s)
    pick(s, "ciseaux")
    pick(s, "pierre")  # seat 1 wins: no bonus
    settle_all(s)
    assert rules.force(s, hero) == force and rules.pm(s, 0) == pm
    s.tapped.discard(one(s, "Auberge du Bouftou Croustillant"))
    use(s, 0, one(s, "Auberge du Bouftou Croustillant"))
    pass_reactions(s)
    pick(s, "pierre")
    pick(s, "ciseaux")
    settle_all(s)
    assert rules.force(s, hero) == force + bonus and rules.pm(s, 0) == pm + bonus
    act(s, 0, "end_turn")
    assert rules.force(s, hero) == force  # until end of turn


def test_chifumi_endless_ties_end_by_the_rng() -> None:
    s = board(havre={0: ["Auberge du Bouftou Croustillant"]})
    use(s, 0, one(s, "Auberge du Bouftou Croustillant"))
    pass_reactions(s)
    for _ in range(6):  # five ties played again, the sixth decided by the game's RNG
        pick(s, "pierre")
        pick(s, "pierre")
    settle_all(s)
    assert not s.pending and s.players[0].xp + s.players[1].xp == 1


# -- tokens (413.2) and La Folle (302.6) ----------------------------------------------------------------------------
def conserved(s: WakfuState) -> None:
    """Invariant 3 with tokens: every card in exactly one zone; a token in play once, in no zone once gone, and
    never in a hand, a pile, a Défausse or the banished cards (413.2)."""
    from tests.wakfu.test_properties import zones_of
    where = zones_of(s)
    gone = [t for t in s.tokens if t not in where]
    assert sorted(where + gone) == sorted(s.cards)
    for p in s.players:
        assert not set(s.tokens) & set(p.main + p.pioche + p.defausse + s.banished)


def test_abraknyde_makes_an_arakne_token_once_per_turn() -> None:
    s = board(monde={0: PIOUS + ["Abraknyde"]})
    abra = one(s, "Abraknyde")
    use(s, 0, abra)
    pass_reactions(s)
    (tok,) = s.tokens
    d = s.cards[tok]
    assert tok in s.players[0].monde and d.type == "Allié" and d.is_monster and "Arakne" in d.subtypes
    assert rules.force(s, tok) == 1 and d.element == "Terre" and d.level == 0 and d.xp == 0
    assert not any(a.kind == "use" and a.get("card") == abra for a in GAME.legal_actions(s, 0))  # once per turn
    conserved(s)
    view = GAME.view(s, 1)  # rendered in every view, by its name
    assert any(c["id"] == tok and c["name"] == "Arakne (jeton)" for c in view["players"][0]["monde"])


def test_a_token_ceases_to_exist_when_it_leaves_play() -> None:
    from allegiance.games.wakfu import flow
    from allegiance.games.wakfu.effects.tokens import make_token
    s = board(monde={1: ["Bwork"]})
    xp = s.players[1].xp
    a, b, c = (make_token(s, 0, "Arakne (jeton)") for _ in range(3))
    events.destroy(s, a, 1)  # destroyed: no Défausse, no XP (its XP is 0, 415.5)
    rules.recycle(s, b)  # recycled: no Pioche
    rules.remove(s, c)  # sent to a hand by some effect: gone at the next check
    s.players[0].main.append(c)
    flow.check(s)
    assert not any(rules.in_play(s, t) for t in (a, b, c)) and s.players[1].xp == xp
    conserved(s)


def test_tokens_survive_a_position_round_trip() -> None:
    import json

    from allegiance.games.wakfu.effects.tokens import make_token
    s = GAME.new_game("1v1", 5, {"decks": ["iop", "cra"]})
    kept = make_token(s, 0, "Vampyre (jeton)")
    gone = make_token(s, 1, "Arakne (jeton)")
    events.destroy(s, gone)
    back = GAME.from_position(json.loads(json.dumps(GAME.to_position(s))))
    assert back.tokens == s.tokens and kept in back.players[0].monde and back.cards[kept] == s.cards[kept]
    conserved(back)


def test_a_copy_keeps_its_own_card_table() -> None:
    from allegiance.games.wakfu.effects.tokens import make_token
    s = board()
    before = s.copy()
    make_token(s, 0, "Arakne (jeton)")
    assert len(before.cards) == len(s.cards) - 1 and before.tokens == ()  # invariant 6: copies stay apart
    conserved(before)


def test_vampyro_recycles_a_monstre_for_a_vampyre_token() -> None:
    s = board(monde={0: ["Vampyro", "Bwork"]})
    vampyro, bw = one(s, "Vampyro"), one(s, "Bwork")
    use(s, 0, vampyro, bw)  # the additional cost: recycle a Monstre you control
    pass_reactions(s)
    (tok,) = s.tokens
    assert s.players[0].pioche[0] == bw and tok in s.players[0].monde and vampyro in s.tapped
    assert s.cards[tok].element == "Air" and "Vampyre" in s.cards[tok].subtypes
    conserved(s)


@pytest.mark.parametrize("save", [True, False])
def test_vampyro_about_to_be_destroyed_returns_to_the_hand(save: bool) -> None:
    from allegiance.games.wakfu.effects.tokens import make_token
    s = board(monde={0: ["Vampyro"]})
    vampyro = one(s, "Vampyro")
    tok = make_token(s, 0, "Vampyre (jeton)")
    events.destroy(s, vampyro, 1)
    assert s.pending[-1].kind == "effect" and tok in s.pending[-1].options
    choose(s, tok if save else "no")
    settle_all(s)
    if save:  # the Monstre (a token: it ceases to exist) is destroyed instead, Vampyro goes back to the hand
        assert vampyro in s.players[0].main and not rules.in_play(s, tok)
    else:
        assert vampyro in s.players[0].defausse and rules.in_play(s, tok)
    conserved(s)


def test_la_folle_is_a_monstre_in_play_and_an_action_out_of_it() -> None:
    # 302.5: a Sadida Sort needs a Sadida (Klore Ofil); 302.6: it is put into play as a Monstre of Force 1 Terre
    s = board(heroes=("Klore Ofil", "Tirlangue Portey"), monde={0: PIOUS}, hand={0: ["La Folle"]})
    folle = one(s, "La Folle")
    pa1, pm1 = rules.pa(s, 1), rules.pm(s, 1)
    act(s, 0, "play", card=folle)
    pay(s)
    pass_reactions(s)
    assert folle in s.players[0].monde and s.cards[folle].type == "Allié" and rules.force(s, folle) == 1
    assert s.pending[-1].kind == "trigger_target"  # when it appears: a player of your choice loses 1 PA
    choose(s, 1)
    settle_all(s)
    assert rules.pa(s, 1) == pa1 - 1 and folle not in s.players[0].defausse
    events.destroy(s, folle, 1)
    assert folle in s.players[0].defausse and s.cards[folle].type == "Action"  # an Action again (302.6)
    choose(s, 1)  # when it is destroyed: a player of your choice loses 1 PM
    settle_all(s)
    assert rules.pm(s, 1) == pm1 - 1
    conserved(s)


def test_la_folle_needs_a_sadida() -> None:
    s = board(monde={0: PIOUS}, hand={0: ["La Folle"]})
    assert not playable(s, one(s, "La Folle"))


def test_a_searching_bot_does_not_see_the_first_chifumi_pick() -> None:
    # invariant 4 under search: the determinised worlds of the second picker carry a pick drawn at random
    from allegiance.core.rng import Rng
    from allegiance.games.wakfu.determinize import determinize
    s = board(havre={0: ["Auberge du Bouftou Croustillant"]})
    use(s, 0, one(s, "Auberge du Bouftou Croustillant"))
    pass_reactions(s)
    pick(s, "ciseaux")
    rng = Rng(3)
    seen = {determinize(s, 1, rng).pending[-1].get("first") for _ in range(40)}
    assert seen == {"pierre", "feuille", "ciseaux"}
    assert determinize(s, 0, rng).pending[-1].get("first") == "ciseaux"  # its picker knows it


# -- random games with these cards (invariants 1, 3, 4) ---------------------------------------------------------------
HEROES = ("Ayma Ragie", "Hynd Yanajone", "Karey Dass", "Klore Ofil", "Kouff Ourbe", "Opée Tissoin", "Shimay Rouch",
          "Trantmy Londami")
DECK_BODY = ("3 Abraknyde\n1 Vampyro\n3 La Folle\n3 Dofawa\n1 Dofus Émeraude\n1 Dofus Turquoise\n1 Dofus Cawotte\n"
             "3 Auberge du Bouftou Croustillant\n3 Dames de Bouffe\n3 Mines d'Astrub\n3 Forêts d'Astrub\n1 Dark Vlad\n"
             "1 Chêne Mou\n3 Bwork\n3 Bouftou\n3 Piou Vert\n3 Piou Rouge\n3 Boufton Blanc\n3 Wabbit\n3 Tofu\n")


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_these_cards(seed: int) -> None:
    import json

    from allegiance.core.rng import Rng
    from tests.wakfu.test_properties import no_leak
    decks = [f"Héros: {HEROES[(seed * 2 + k) % 8]}\nHavre Sac: Havre Sac du Bouftou\n{DECK_BODY}" for k in (0, 1)]
    s = GAME.new_game("1v1", seed, {"decks": decks, "max_turns": 60})
    rng = Rng(seed + 11)
    log = []
    for n in range(1500):
        if GAME.outcome(s) is not None:
            break
        seat = GAME.active_seats(s)[0]
        a = rng.choice(GAME.legal_actions(s, seat))
        GAME.apply(s, seat, a)
        log.append((seat, a))
        if n % 3 == 0:
            conserved(s)
            no_leak(s)
    conserved(s)
    again = GAME.new_game("1v1", seed, {"decks": decks, "max_turns": 60})
    for seat, a in log:  # invariant 1: the seed and the log replay the game
        GAME.apply(again, seat, a)
    assert GAME.to_position(again) == GAME.to_position(s)
    back = GAME.from_position(json.loads(json.dumps(GAME.to_position(s))))
    assert GAME.view(back, 0) == GAME.view(s, 0)
