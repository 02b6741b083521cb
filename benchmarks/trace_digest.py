"""Digests of whole Wakfu games, to prove that an engine change plays every game the same.

For each mode it plays seeded games and feeds a SHA-256 with, at every step, the acting seat, the whole
legal-action list (in order), the action taken and the events it produced (kind, text, seat, who may read
them, data); then the game's outcome and the digest of its final position. Random games pick uniformly with
a seeded :class:`~allegiance.core.rng.Rng` (as ``benchmarks/playouts.py`` does); greedy games use
:class:`~allegiance.bots.greedy.GreedyBot` for every seat. Any change of rules, legal-action order, wording
or randomness changes a digest.

    .venv/bin/python benchmarks/trace_digest.py            # the recorded set (a few minutes)
    .venv/bin/python benchmarks/trace_digest.py --check    # the same, compared with BASELINE
    .venv/bin/python benchmarks/trace_digest.py --scale 0.1  # fewer games, for a quick look

Baseline digests (scale 1), first recorded on commit 032cdf5 before the speed work of issues 13 and 14
(which left every one unchanged); four renewed when Merelyne Manro's power stopped being offered with no
Équipement's Niveau X payable; all renewed on commit 0c377fc by three rules fixes that the rule-section
tests found: the target of a combat strikes back at the same time as the free attackers' damage (707.1), the
Cape and Anneau du Prespic strike back even after leaving play (810.2d), the Bouftou Royal untaps only
characters (401.2); all renewed again on branch h-wakrules by the rules of issue 23 read as written: the
first rollback draws PA cards (102.4), a Réaction is outside the alternation of the Phase d'Actions (705.3,
809.7), Bruss Ouilis may join three attackers at PM 3 (703.2), a blocker whose attacker left may be
reassigned (705.4), the attack declaration and the end-of-combat inclining go to the File (701.2, 708.3) and
the winner of the draw chooses who starts (102.2); putting the rules kernel in layers (issue 23, branch
h-layers) left every one unchanged; all renewed when positions became writable by hand (issue 23, branch
h-positions): the final position is written in the new format (cards as ``Name#id``, effects in play by card
and effect name), and with the old ``position.py`` swapped back in every digest matched the previous
baseline, so the games themselves are unchanged. All renewed again when a card or power being announced
could be taken back before it is paid (issue 24 item 4, branch h-direct: ``cancel`` is among the legal
answers, so random games differ and every legal-action list does); greedy games, which never choose
``cancel`` while anything else is offered, were compared move by move, events included, with the previous
code (20 duels, 10 2v2 games): identical. With the cards added by issue 23 (h-wkactions, h-wkallies) merged
too, the 4v4, 8v8 and greedy digests stayed those of h-direct alone. All renewed on 2026-11-27 when every
Incarnam card was implemented (commit 47c0390): the starters play differently because their card data was
read again from the card pages (Scaranneau Blanc, in the Iop starter, has no Résistance of its own: it is its
Panoplie's; seven Panoplies were added, Scarafeuille Blanc among them), and every final position carries
the Zones a player controlled at the start of the turn (with that record turned off the greedy-1v1 digest
was unchanged by the Zones' work). Three renewed on 2026-11-28 (session 18), found stale by ``--check``:
random-1v1-feca-xelor-always since the Réaction rounds of 9af0060 and the greedy ones since greedy's Héros
leaves the Havre Sac (4761333); the same digests at 57e9fb9 and after the speed work of dca87b2..8ad213d.
The two greedy ones renewed on 2026-11-29 (session 25), found stale by ``--check``: greedy aims its damage
since 5f01d78 (its parent gives the old digests, 5f01d78 the new ones; every random digest unchanged).
:data:`BASELINE` holds them for ``--check``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance.bots.greedy import GreedyBot  # noqa: E402
from allegiance.core.rng import Rng  # noqa: E402
from allegiance.games import get_game  # noqa: E402

DUEL: dict[str, Any] = {"decks": ["iop", "cra"], "reaction_prompts": "playable"}
TEAMS: dict[str, Any] = {"reaction_prompts": "playable"}

#: (name, mode, options, bot, games at scale 1)
SUITES: list[tuple[str, str, dict[str, Any], str, int]] = [
    ("random-1v1", "1v1", DUEL, "random", 200),
    ("random-1v1-feca-xelor-always", "1v1", {"decks": ["feca", "xelor"], "reaction_prompts": "always"},
     "random", 60),
    ("random-2v2", "2v2", TEAMS, "random", 200),
    ("random-4v4", "4v4", TEAMS, "random", 200),
    ("random-8v8", "8v8", {**TEAMS, "team_uniques": "ignore"}, "random", 30),
    ("greedy-1v1", "1v1", DUEL, "greedy", 20),
    ("greedy-2v2", "2v2", TEAMS, "greedy", 10),
]

#: the digests at scale 1 of the engine since the rules fixes of issue 23 (see the module docstring)
BASELINE: dict[str, str] = {
    "random-1v1": "d718dbd49ea3ddbf0bfa15bc237be6040d30b73437bad7102e7c152fcc7adddb",
    "random-1v1-feca-xelor-always": "ae586782cbb3225872ff7e4dae4f89aed13e3ae19a369d72111134f0fe27e0c7",
    "random-2v2": "6c623ef31b74f9da7bb56342904a79af5b636159a15406366d2e0f3622adbbb9",
    "random-4v4": "56125c8033a7f6685e56c6dbd298df52a3087f2b485c984d89b7f4057f42c804",
    "random-8v8": "2f8cc3786092922a2c7d6c6d71751bf5c9b1362bf11a673571cd7a2c5c1ad35c",
    "greedy-1v1": "dfcac90d1706809a9c1620a642a6627e2380f9879a857060d3693ced758dc403",
    "greedy-2v2": "dba8c42ce9bc23b186a2dd751e05ce2e8c93ce18fb0d4c6589dae60843d830ed",
}


def _event_bytes(events: list[Any]) -> bytes:
    return repr([(e.kind, e.text, e.seat, e.visible_to, sorted(e.data.items(), key=repr)) for e in events]).encode()


def play(mode: str, options: dict[str, Any], bot: str, seed: int, h: Any) -> int:
    """Play one game into the hash ``h``; returns its number of actions."""
    game = get_game("wakfu")
    state = game.new_game(mode, seed, options)
    rng = Rng(seed * 7919 + 1)
    bots = [GreedyBot(seed * 31 + s) for s in range(len(state.table.seats))] if bot == "greedy" else []
    actions = 0
    while game.outcome(state) is None:
        seats = game.active_seats(state)
        seat = seats[0] if len(seats) == 1 else seats[rng.below(len(seats))]
        legal = game.legal_actions(state, seat)
        action = legal[rng.below(len(legal))] if bot == "random" else bots[seat].choose(game, state, seat, legal)
        h.update(f"{seat}|{';'.join(map(str, legal))}|{action}|".encode())
        h.update(_event_bytes(game.apply_unchecked(state, seat, action)))
        actions += 1
    out = game.outcome(state)
    assert out is not None
    h.update(json.dumps(out.to_json(), sort_keys=True).encode())
    h.update(game.digest(state).encode())
    return actions


def run(scale: float = 1.0, only: str | None = None) -> dict[str, str]:
    """Every suite's digest (``name -> hex``), printing each with its game and action counts."""
    out: dict[str, str] = {}
    for name, mode, options, bot, n in SUITES:
        if only and only not in name:
            continue
        games = max(1, round(n * scale))
        h = hashlib.sha256()
        start = time.perf_counter()
        actions = sum(play(mode, options, bot, seed, h) for seed in range(games))
        out[name] = h.hexdigest()
        print(f"{name:<30} {games:>4} games {actions:>8} actions {time.perf_counter() - start:7.1f} s  "
              f"{out[name]}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every suite's game count")
    parser.add_argument("--only", help="run only the suites whose name contains this")
    parser.add_argument("--check", action="store_true", help="compare with BASELINE (scale 1 only)")
    args = parser.parse_args(argv)
    if args.check and args.scale != 1.0:
        parser.error("--check compares with the digests of scale 1")
    digests = run(args.scale, args.only)
    if not args.check:
        return 0
    bad = [n for n, d in digests.items() if BASELINE.get(n) != d]
    print("all digests match the baseline" if not bad else f"DIFFERENT from the baseline: {', '.join(bad)}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
