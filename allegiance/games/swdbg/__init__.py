"""Star Wars: The Deckbuilding Game — base game at 1v1 and the 2v2 team mode.

Modules read like the rulebook: ``cards`` (card data), ``setup``, ``turns`` (turn structure),
``rules`` (primitives: Force, zones, purchase, damage), ``combat`` (attacks), ``effects`` (every
card's ability, reward and trigger), ``view`` (what a seat sees), ``position`` (position files),
``text`` (words).  Rules notes and choices where the sources are unsure live in ``RULES.md``.
"""

from allegiance.games.swdbg.game import SwdbgGame

GAME = SwdbgGame()

__all__ = ["GAME", "SwdbgGame"]
