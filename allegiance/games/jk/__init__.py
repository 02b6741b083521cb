"""Jedi Knights TCG (Decipher 2001) with the *Scum and Villainy* multiplayer rules (JK-*).

Modules read like the rulebook: ``cards`` and ``decks`` (data, card and deck files, deck building),
``options`` (every rules option with its provenance; gaps are UNSOURCED), ``lineups`` (JK-MODES-1),
``setup``, ``flow`` (planets, the turn, the Force Phase, control checks, the Final Conflict), ``battle``
(support, weapons and power steps), ``play`` (deploying, events and powers, response windows), ``view``,
``position``, ``strategy`` (the greedy heuristic).  What is sourced and what is an option: ``RULES.md``.
"""

from allegiance.games.jk.game import JKGame

GAME = JKGame()

__all__ = ["GAME", "JKGame"]
