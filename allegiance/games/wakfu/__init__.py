"""Wakfu TCG (Ankama): the duel per the tournament rules v2.6, and the team modes.

Modules read like the rulebook, in layers (:data:`LAYERS`, bottom first): a module imports only modules of
lower layers, never one above it nor one beside it, not even inside a function
(``tests/wakfu/test_layers.py`` checks it), and no module uses another's ``_private`` names.

* data: ``cards`` (the card list), ``decks``, ``state``, ``teams`` (seats, teams, turn order);
* primitives: ``rules`` (zones, characteristics, range, modifiers, XP, drawing: nothing that sets off a
  power) and ``registry`` (what each card does, looked up by name; empty tables the cards fill);
* ``resources`` (what may pay, 418) and ``events`` (a card appearing, inclined, damaged, destroyed,
  attacking, the start and end of a turn: the powers they trigger, by name in the registry, go to the File);
* ``effects``: every card's powers, one module per card type (``effects.actions``, ``.allies``, ``.heroes``,
  ``.equipment``, ``.places``, ``.zones``, ``.salles``; the Actions with a mechanic of their own in ``.challenges``, ``.quests``,
  ``.reactions``), sharing ``effects.common``, registered in ``registry`` when imported;
* the turn, on top: ``combat`` (701-708), ``choices`` (targets, additional costs, what may be played now),
  ``pay`` (announcing and paying, 808), ``resolution`` (resolving the File, 810), ``flow`` (rollbacks, the
  turn, the checks after every step, elimination);
* around the game: ``setup`` (102), ``text``, ``encoding``, ``record``, ``determinize``, ``view``,
  ``search``, ``strategy``, ``position``, ``legend``, ``why`` (why an action is not legal now), ``agent_encoding``, and ``game`` (the protocol) at the top.

A new mechanic goes to the lowest layer that has all it needs: a card's power to its type's module, a new
kind of triggering event to ``events`` (its table in ``registry``).  Rules decisions where the sources are
unsure are in ``RULES.md``.
"""

from allegiance.games.wakfu.game import WakfuGame

#: the modules of the package from the bottom layer up (see the module docstring)
LAYERS: tuple[tuple[str, ...], ...] = (
    ("cards",),
    ("decks", "state"),
    ("teams",),
    ("rules", "registry"),
    ("resources", "events"),
    ("effects.common",),
    ("effects.actions", "effects.allies", "effects.equipment", "effects.equipment_more", "effects.heroes",
     "effects.places", "effects.zones", "effects.salles", "effects.challenges", "effects.quests", "effects.reactions",
     "effects.dofus", "effects.chifumi", "effects.tokens"),
    ("effects",),  # the package: importing it imports every card module, so the registry is full
    ("combat",),
    ("choices",),
    ("pay",),
    ("resolution",),
    ("flow",),
    ("setup", "text", "encoding", "record", "determinize"),
    ("view", "search", "strategy", "position", "legend", "why"),
    ("agent_encoding",),
    ("game",),
    ("__init__",),
)

GAME = WakfuGame()

__all__ = ["GAME", "LAYERS", "WakfuGame"]
