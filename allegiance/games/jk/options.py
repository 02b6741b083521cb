"""The options of Jedi Knights, each with its provenance.

The base rulebook is only partly known (``docs/rules/jedi_knights.md``).  Every gap the sources leave
is a rules option here, its default the proposal of that document's §12 and its ``source``
:data:`~allegiance.core.options.UNSOURCED`: a player who owns the rulebook switches it, and nobody
mistakes a default for Decipher's rule.  Options whose rule a source states name the source.
Options with ``source=""`` are engine settings (decks, turn limit, prompts), no rule of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from allegiance.core.options import UNSOURCED, OptionSpec

OPTION_SPECS: Final = (
    # -- engine settings ---------------------------------------------------------------------------
    OptionSpec("decks", "seat_texts", "each seat's deck: a demo deck (luke, han, vader, tarkin, jabba, fett; "
               "invented for this project) or the text of a deck file, one per seat (default: the demo decks "
               "of each seat's allegiance in turn)", default=None,
               choices=("luke", "han", "vader", "tarkin", "jabba", "fett"), free_text=True),
    OptionSpec("max_turns", "int", "the game is a draw after this many turns (default 40)", default=40,
               min=2, max=1000),
    OptionSpec("response_prompts", "choice", "when to open a response window to a player: always (hides who "
               "holds a response) or only when they could respond (faster)", default="always",
               choices=("always", "playable")),
    # an online table's response windows (allegiance/server/windows.py): the same time for everyone
    OptionSpec("response_seconds", "int", "online tables: seconds each response window (and each turn of a "
               "battle step) stays open before the table passes for a player who did not answer (the same "
               "for everyone, whether they hold a response or not; 0: every player answers by a click)",
               default=4, min=0, max=60),
    # -- JK-MODES-2: the open question of the catalogue ------------------------------------------------
    OptionSpec("mixed_sides", "choice", "JK-MODES-2: a two-sided line-up mixing Empire and Independent players on "
               "one side: teammates (they are one side for every team rule) or refuse (each side is one "
               "allegiance)", default="teammates", choices=("teammates", "refuse"),
               source=UNSOURCED + ": JK-MODES-2 is an open question; the seed lists the line-ups only"),
    # -- sourced rules with a variant the source itself offers -----------------------------------------
    OptionSpec("turns_per_planet", "int", "turns played at each planet before its control check (default: 1 in "
               "a three-sided game, JK-3S-2, which offers 2 as a variant; 2 in a two-sided game, UNSOURCED)",
               default=None, min=1, max=4, source="JK-3S-2 (three sides); UNSOURCED (two sides)"),
    # -- gaps: the defaults of jedi_knights.md §12 -------------------------------------------------------
    OptionSpec("unspent_credits", "choice", "credits each Force Phase = the Force number; unspent credits are "
               "lost at the end of the turn, or kept", default="lost", choices=("lost", "kept"), source=UNSOURCED),
    OptionSpec("player_one_tie", "choice", "Player 1 is the player with the highest Force number; on a tie: "
               "rotate (the next tied player clockwise after the last Player 1) or keep (the last Player 1 "
               "stays if tied)", default="rotate", choices=("rotate", "keep"), source=UNSOURCED),
    OptionSpec("force_exhausted", "choice", "an empty Force deck: recycle (the used Force cards become the "
               "Force deck) or zero (no Force card: Force number 0)", default="recycle",
               choices=("recycle", "zero"), source=UNSOURCED),
    OptionSpec("hand_size", "int", "opening hand, and the hand each player draws up to at the start of a turn",
               default=7, min=1, max=15, source=UNSOURCED),
    OptionSpec("intimidation", "choice", "what an intimidated side suffers: no_shuttle (it may not shuttle this "
               "turn) or nothing (intimidation has no effect)", default="no_shuttle",
               choices=("no_shuttle", "nothing"), source=UNSOURCED + " (JK-3S-8 says only who is named)"),
    OptionSpec("weapon_hit", "choice", "a weapon hits when destiny + to-hit is greater than the target's power "
               "(greater) or at least it (at_least)", default="greater", choices=("greater", "at_least"),
               source=UNSOURCED),
    OptionSpec("battle_tie", "choice", "a tie in a battle's power step: both survive, or both lose",
               default="both_survive", choices=("both_survive", "both_lose"), source=UNSOURCED),
    OptionSpec("supporters_add_power", "bool", "supporters add their power to the card they support in the "
               "power step", default=True, source=UNSOURCED),
    OptionSpec("supporters_per_icon", "int", "how many cards may support a card, per leadership icon",
               default=1, min=1, max=4, source=UNSOURCED),
    OptionSpec("control_tie", "choice", "a tie for the highest total power in a control check: nobody controls "
               "the planet, or player_one (Player 1's side wins the tie if it is tied)", default="nobody",
               choices=("nobody", "player_one"), source=UNSOURCED),
    OptionSpec("final_conflict_credits", "int", "extra credits each Force Phase of the Final Conflict, per "
               "planet your side won", default=1, min=0, max=4, source=UNSOURCED),
    OptionSpec("deck_size", "int", "cards in a deck (theme card and Force pile not counted)", default=60,
               min=20, max=100, source=UNSOURCED + " (starter decks are 60 cards: a review, not a rule)"),
    OptionSpec("max_copies", "int", "copies of one title in a deck (a unique card: 1; a starting event: 1, "
               "JK-START-1)", default=4, min=1, max=10, source=UNSOURCED),
    OptionSpec("cross_allegiance", "choice", "an Alliance deck may hold no Empire or Independent card and an "
               "Empire deck no Alliance or Independent card (forbid), or they may (allow); Independent decks "
               "follow JK-INDEP-1 either way", default="forbid", choices=("forbid", "allow"), source=UNSOURCED),
    OptionSpec("theme_pile_cards", "choice", "what a deck may set aside in its theme pile at setup: starting "
               "events (JK-START-2) and its quick-draw weapons (weapons), or starting events only",
               default="weapons", choices=("weapons", "starting_only"), source=UNSOURCED),
    OptionSpec("uniqueness", "choice", "a unique character may be in play once on the whole table (table) or "
               "once per side (side); Independent priority (JK-INDEP-3) applies either way", default="table",
               choices=("table", "side"), source=UNSOURCED),
)

SPECS_BY_NAME: Final = {s.name: s for s in OPTION_SPECS}


def resolved(options: Mapping[str, Any], three_sided: bool) -> dict[str, Any]:
    """Every option's value: those given, the defaults for the rest (mode-dependent ones filled in)."""
    out = {s.name: s.default for s in OPTION_SPECS}
    out.update({k: v for k, v in options.items() if v is not None})
    if out["turns_per_planet"] is None:
        out["turns_per_planet"] = 1 if three_sided else 2  # JK-3S-2 / UNSOURCED
    return out
