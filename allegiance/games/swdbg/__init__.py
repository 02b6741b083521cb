"""Star Wars: The Deckbuilding Game — base game at 1v1 and the 2v2 team mode.

Modules read like the rulebook: ``cards`` (card data), ``setup``, ``turns`` (turn structure),
``rules`` (primitives: Force, zones, purchase, damage), ``combat`` (attacks), ``effects`` (every
card's ability, reward and trigger), ``view`` (what a seat sees), ``position`` (position files),
``text`` (words).  The rules are ``docs/rules/swdbg.md`` (base game; "swdbg.md §7" in a comment
means its section 7) and the SW-* rules of ``docs/rules/multiplayer.md``; rules notes and choices
where the sources are unsure live in ``RULES.md``.
"""

from allegiance.games.swdbg.game import SwdbgGame

GAME = SwdbgGame()

__all__ = ["GAME", "SwdbgGame"]
