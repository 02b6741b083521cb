"""The card registry: what a card does, looked up by its name.

The tables start empty (but for the engine's own events); each card-type module of ``effects`` fills them
with its cards when it is imported, and ``effects`` imports all of them.  Everything below the card
modules (``events``) finds a card's triggered powers here by name without importing the cards' code,
and everything above them imports ``effects``, so the tables are full by the time anything reads them.

A card is implemented when every power it has is registered (:func:`implemented`); every Incarnam card
is (``tests/wakfu/test_setup_turns.py`` keeps it so), so any legal deck is accepted and no card ever plays
as a blank.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from allegiance.games.wakfu.state import Combat, Item, Pending, WakfuState

Resolve = Callable[[WakfuState, Item], None]
#: (state, pending, answer): a choice made while an effect resolves (a Pending of kind ``effect``)
Handler = Callable[[WakfuState, Pending, Any], None]
#: (state, seat, card) -> whether the card or power may be played now
Condition = Callable[[WakfuState, int, int], bool]


@dataclass(frozen=True, slots=True)
class Spec:
    """How an Action or power is played: its targets (808.2d), X, additional cost and effect."""

    name: str
    resolve: Resolve
    targets: tuple[str, ...] = ()
    x: bool = False
    extra: str = ""  # additional cost (418.8): incline_own, recycle3:<el>, discard3, discard1, destroy_self,
    # recycle_monster...
    condition: Condition | None = None  # (state, seat, card) -> may play now
    reaction: bool = False
    text: str = ""
    cost: tuple[str, ...] = ()  # powers: element symbols (418.5d)
    incline: bool = False  # powers: the Incliner symbol (802)
    once: bool = False  # powers: once per turn (per card instance, 802)
    alternative: bool = False  # a card put into play from hand for ``cost`` instead of its Niveau
    split: bool = False  # X target slots of kind targets[0], repeats allowed (a split of X damage, 808.2e)
    x_max: Callable[[WakfuState, int], int] | None = None  # (state, seat) -> the highest X the card allows


def noop(state: WakfuState, item: Item) -> None:
    return None


#: a permanent played from hand: it appears when it resolves
PERMANENT = Spec("permanent", noop)

# -- played: Actions, paid powers, powers usable from the hand ------------------------------------------------
ACTIONS: dict[str, Spec] = {}
POWERS: dict[str, tuple[Spec, ...]] = {}
#: Niveau 2 Héros powers that differ from Niveau 1
HERO_L2_POWERS: dict[str, tuple[Spec, ...]] = {}
#: powers usable from the hand (a card put into play instead of being played, 412.2)
HAND_POWERS: dict[str, Spec] = {}

# -- triggered powers (804) -----------------------------------------------------------------------------------
#: trigger effect name -> its resolution; "combat_inclined" is the end-of-combat inclining (708.3), an event
#: the players may answer with a Réaction, with no effect of its own
TRIGGERS: dict[str, Resolve] = {"combat_inclined": noop}
#: triggered powers whose target is chosen when they trigger (804.3), with their legal choices
TRIGGER_TARGETS: dict[str, Callable[[WakfuState, Item], list[int]]] = {}
#: the cards whose power triggers when they appear
APPEAR: set[str] = set()
#: the cards that appear inclined
APPEAR_INCLINED: set[str] = set()
#: the cards whose power triggers when they are destroyed
DESTROYED: set[str] = set()
#: card name -> the trigger effect when it is destroyed, for a card with another trigger under its name (Otomaï)
DESTROYED_EFFECT: dict[str, str] = {}
#: card name -> the trigger effect whenever it untaps (Goultard le Barbare)
ON_UNTAP: dict[str, str] = {}
#: (state, card, owner) called for every card destroyed, after the DESTROYED triggers (Tofu Céleste)
WHEN_DESTROYED: list[Callable[[WakfuState, int, int], None]] = []
#: the cards whose power triggers when they are damaged
DAMAGED: set[str] = set()
#: those of them whose trigger carries the damage dealt as its X (Prespic Royal)
DAMAGED_AMOUNT: set[str] = set()
#: Équipement name -> the trigger effect when an Allié or Héros in play damages its porteur; an Allié's
#: name -> the same when one damages the Allié itself (Crocabulia)
STRIKE_BACK: dict[str, str] = {}
#: card name -> the trigger effect at the start of its controller's turn (602.2)
START_OF_TURN: dict[str, str] = {}
#: card name -> the trigger effect at the start of its owner's turn while it is in his Défausse (Goule)
START_FROM_DEFAUSSE: dict[str, str] = {}
#: card name -> the trigger effect at the start of every player's turn, for its controller (Bowissette)
START_OF_EACH_TURN: dict[str, str] = {}
#: the cards whose Force and combat role are remembered when destroyed (flag ``("lki", card, force,
#: fighting)``), for a power that resolves after they left play (810.2d: Arty, Rolac le Bandit)
REMEMBER: set[str] = set()
#: (state, seat) called at the end of each turn (605)
END_OF_TURN: list[Callable[[WakfuState, int], None]] = []
#: card name -> (state, seat, source, target, amount, element, combat) asked before it takes damage,
#: instead of the damage (Kanigrou)
BEFORE_DAMAGE: dict[str, Callable[[WakfuState, int | None, int | None, int, int, str, bool], None]] = {}
#: card name -> the PM its "quand [nom] attaque" power gives (counted before the attacker count, 703.2c)
ATTACK_PM: dict[str, int] = {}
#: card name -> its "quand [nom] attaque" power, (state, card)
ON_ATTACK: dict[str, Callable[[WakfuState, int], None]] = {}
#: (state, card) called for every card declared an attacker (703), and for every card declared a blocker (704):
#: the Zones that watch their controller's Héros (Arène des Démons des Heures, Stade de Boufball)
ATTACKS: list[Callable[[WakfuState, int], None]] = []
BLOCKS: list[Callable[[WakfuState, int], None]] = []
#: (state, card) -> True when the card about to be destroyed goes elsewhere instead (a replacement, 810:
#: Donjon des Larves returns a Larve to its owner's hand)
DESTROY_INSTEAD: list[Callable[[WakfuState, int], bool]] = []

#: (state, card, controller before, destroyer seat or None) called for every card destroyed (Quêtes, 302.2)
DESTROYED_BY: list[Callable[[WakfuState, int, int, int | None], None]] = []
#: (state, seat) called at the end of the start of each turn, after its triggers went to the File (602.2)
TURN_START: list[Callable[[WakfuState, int], None]] = []
#: (state) called as the Phase d'Actions of a combat starts and as it ends (Challenges, 302.3, 705.5)
START_OF_ACTIONS: list[Callable[[WakfuState], None]] = []
END_OF_ACTIONS: list[Callable[[WakfuState], None]] = []
#: (state, target) -> the card that takes damage about to be dealt to ``target`` instead (410; Câlin de Bajaah)
REDIRECT: list[Callable[[WakfuState, int], int]] = []
#: (state, seat, source, target, amount, element, combat) -> True when the damage about to be dealt waits for the
#: Réactions that may answer it (Diversion, Protège !, Potion de Rappel): it is dealt when its window resolves
DAMAGE_WINDOW: list[Callable[[WakfuState, int | None, int | None, int, int, str, bool], bool]] = []
#: (state, seat, card) called after a mouvement (414.1; Piège Glacial)
MOVED: list[Callable[[WakfuState, int, int], None]] = []
#: (state) called first in the check after every step (flow.check), while a player modifier is in force (Emprise)
STEP_WATCH: list[Callable[[WakfuState], None]] = []
#: (state, combat) called once a combat has ended, after its durations end (708; Lisa Modas, La Ruse d'Allister)
COMBAT_ENDED: list[Callable[[WakfuState, Combat], None]] = []
#: (state, seat) -> how many cards the seat may untap as its turn starts, or None for all (Grippe de Wakfu)
UNTAP_LIMIT: list[Callable[[WakfuState, int], int | None]] = []
#: (state, seat) called as the active player declares the end of the turn (603.4)
END_DECLARED: list[Callable[[WakfuState, int], None]] = []
#: (state, item) called as a card from a hand is played (808.2h)
CARD_PLAYED: list[Callable[[WakfuState, Item], None]] = []
#: the names of the cards with a power used from their owner's Défausse (Flaqueux); their POWERS entry's
#: condition checks the card is there
DEFAUSSE_POWERS: set[str] = set()
#: (state, item) called when a card's cost is paid (it is played, 808.3): Le Collectionneur
WHEN_PLAYED: list[Callable[[WakfuState, Item], None]] = []
#: the names of the cards whose powers any player may use, not only their controller (Gonard)
SHARED_POWERS: set[str] = set()
#: the names of the cards whose controller may react to a mouvement (414; Lâme Ourduvis): a mouvement then
#: goes to the File as a "moved" event
MOVE_WATCHERS: set[str] = set()

#: card name -> (state, seat, card) whether a permanent may be played now beyond the common rules (its play
#: restriction: the Dofus, 304.1)
PLAY_CONDITIONS: dict[str, Condition] = {}

#: (state, seat) called whenever a seat wins a Chi-Fu-Mi (Karey Dass; ``effects.chifumi``)
CHIFUMI_WON: list[Callable[[WakfuState, int], None]] = []

#: card name -> (state, card, credit) asked as the card is about to be destroyed: True when its controller is
#: asked a choice instead (the destruction then waits for the answer; Vampyro)
BEFORE_DESTROY: dict[str, Callable[[WakfuState, int, int | None], bool]] = {}

# -- the rest -------------------------------------------------------------------------------------------------
#: ``fx`` of an ``effect`` Pending -> what its answer does
EFFECT_HANDLERS: dict[str, Handler] = {}
#: cards with no powers beyond keywords, Force, stats or continuous powers encoded in rules / combat
PLAIN: set[str] = set()


def implemented(name: str) -> bool:
    """Whether every power of the card is implemented."""
    return name in PLAIN or name in ACTIONS or name in POWERS or name in TRIGGERS or name in HAND_POWERS
