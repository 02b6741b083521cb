"""Wakfu TCG (Ankama): the duel per the tournament rules v2.6.

Modules read like the rulebook: ``cards`` and ``decks`` (data, deck construction), ``setup`` (102),
``flow`` (rollbacks, the turn, the File d'Attente, checks after every step), ``pay`` (announcing cards
and powers, costs), ``choices`` (targets, additional costs, what may be played now), ``resolution``
(resolving the File, trigger events), ``combat`` (701-708), ``rules`` (primitives: range, damage, XP),
``effects`` (every card's powers), ``view``, ``position``, ``encoding``, ``text``.  Rules decisions
where the sources are unsure are in ``RULES.md``.  Not in the game registry yet (RULES.md "Status").
"""

from allegiance.games.wakfu.game import WakfuGame

GAME = WakfuGame()

__all__ = ["GAME", "WakfuGame"]
