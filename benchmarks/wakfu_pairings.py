"""Wakfu figures over every pairing of the four starters: errors, stuck games, balance.

Plays at least ``--games`` games (split evenly over the 16 ordered pairings of Iop, Féca, Crâ and Xélor, the
first deck on seat 0) between the given bots through the simulation runner, and prints per pairing:
games, engine errors, draws at the turn limit (a "stuck" game would show there or as an error: the
runner also stops any game at 200,000 actions), seat 0's win rate with its 95 % interval, the first
player's win rate, mean turns.  Then each deck's overall win rate (both seats).

    .venv/bin/python benchmarks/wakfu_pairings.py --bots random,random --games 10000 --workers 1
    .venv/bin/python benchmarks/wakfu_pairings.py --bots greedy,greedy --games 1000 --json > greedy.json
    .venv/bin/python benchmarks/wakfu_pairings.py --from-json greedy.json --markdown   # the balance report

Measured 2026-11-24 on the engine of commit 0c377fc (one process each; the full report, with the
16 pairings, is ``docs/figures/wakfu_starters.md``):

* random vs random, 10,000 games (625 per pairing, 496 s): 0 errors, 0 draws, no stuck game; per deck
  over both seats Iop 77.9 %, Féca 66.2 %, Xélor 36.2 %, Crâ 19.7 %; the first player wins 50.5 %
  (95 % CI 49.5-51.5 %);
* greedy vs greedy, 1,008 games (63 per pairing, 61 s): 0 errors, 0 draws; Iop 67.1 % (95 % CI
  62.8-71.0 %), Féca 62.5 %, Crâ 36.7 %, Xélor 33.7 %; the first player wins 57.9 % (54.9-60.9 %).

With ``--random-decks`` it plays ``--games`` games instead, each between two fresh random legal decks drawn
from the whole Incarnam pool (``allegiance.games.wakfu.decks.random_deck``, seeded by the game's seed), the
two bots swapping seats every other game, and prints errors, stuck games (the runner's 200,000-action cap),
draws at the turn limit and the first bot's win rate with its 95 % interval:

    .venv/bin/python benchmarks/wakfu_pairings.py --random-decks --games 10000 --workers 1
    .venv/bin/python benchmarks/wakfu_pairings.py --random-decks --bots greedy,random --games 1000 --workers 1

Measured 2026-11-27 (commit f54e769; one process each, sharing the machine):

* random vs random, 10,000 games (403 s): 0 errors, 0 stuck, 27 draws at the 200-turn limit (the two
  looked at were mirror Opée Tissoin games: each Héros heals and cancels damage); seat 0 wins 50.5 %
  (95 % CI 49.6-51.5 %); 52.1 turns, 683 actions a game.  The first run of this command, before this
  session's fixes, had 5 stuck games (two Ayron Fans answering each other for ever); 300 games of seed 77
  had found a crash (Piège Glacial answering Lâme Ourduvis's mouvement window);
* greedy vs random, 1,000 games (21 s): 0 errors, 0 stuck, 3 draws; greedy wins
  78.2 % (95 % CI 75.5-80.6 %), short of the issue's 95 % (the first run had 3 games stuck on
  Porter, fixed).  After the greedy bot's fixes (PV upkeep paid only while the Héros keeps half its
  PV, Malédiction d'Halouine only to trade up, picks by side), same command, beside another job: 84.4 %
  (95 % CI 82.0-86.5 %), 60 s; with the Héros attacking alone when nothing can block it, 84.5 %
  (82.1-86.6 %), 45 s.  Recycling the hand at the first offer (604.2; session 12, load average 9-10):
  92.1 % (90.3-93.6 %), 43 s; ``--seed 7``: 91.8 % (89.9-93.3 %).  Session 13 (the Héros shelters, no Arène,
  a PA loss aimed at an opponent, the Héros attacks alone only what it outfights): 93.2 % (91.5-94.6 %), 74 s;
  ``--seed 7``: 93.2 % (91.5-94.6 %), 69 s.  With Goultard le Barbare and Défi played sensibly: 93.7 %
  (92.0-95.0 %), 83 s; ``--seed 7``: 93.5 % (91.8-94.9 %), 77 s.  Session 17 (2026-11-28; the Héros goes out
  of the Havre Sac once the opposing Force is 4 under its PV), ``--workers 2``: 95.8 % (94.4-96.9 %), 11 s;
  ``--seed 7``: 95.8 % (94.4-96.9 %); ``--games 5000 --workers 1 --seed 1``: 95.2 % (94.6-95.8 %), 97 s.

Réactions are asked only of seats that can react (``reaction_prompts=playable``): the bots' games are
the same as with ``always`` (a seat that cannot react passes), and faster.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance.core.rng import Rng  # noqa: E402
from allegiance.games.wakfu.decks import random_deck  # noqa: E402
from allegiance.sim.runner import game_seed  # noqa: E402
from allegiance.sim.simulate import run_jobs, simulate, summarise, wilson  # noqa: E402

STARTERS = ("iop", "feca", "cra", "xelor")


def pairing(a: str, b: str, bots: list[str], games: int, seed: int, workers: int) -> dict[str, Any]:
    """``games`` games of deck ``a`` (seat 0) against deck ``b`` (seat 1)."""
    summary, results = simulate("wakfu", "1v1", bots, games, seed, workers=workers,
                                options={"decks": [a, b], "reaction_prompts": "playable"})
    ok = [r for r in results if not r.error]
    wins0 = sum(1 for r in ok if "p0" in r.winners)
    first = sum(1 for r in ok if r.first_team is not None and r.first_team in r.winners)
    limit = sum(1 for r in ok if r.draw and r.reason.startswith("no winner after"))
    return {"decks": [a, b], "games": games, "errors": summary.errors, "error_samples": summary.error_samples,
            "draws": summary.draws, "turn_limit": limit, "seat0_wins": wins0,
            "seat0_rate": wins0 / len(ok) if ok else 0.0, "seat0_interval95": list(wilson(wins0, len(ok))),
            "first_player_rate": first / len(ok) if ok else 0.0, "mean_turns": summary.mean_turns,
            "mean_actions": summary.mean_actions}


def random_deck_jobs(bots: list[str], games: int, seed: int) -> list[tuple[Any, ...]]:
    """One job per game, each game with two fresh random legal decks (``decks.random_deck``) drawn from the
    game's seed; odd games swap the bots' seats (and so the seats alternate between the two bots)."""
    jobs = []
    for i in range(games):
        gseed = game_seed(seed, i)
        rng = Rng(gseed ^ 0xDEC5)
        decks = [random_deck(rng).to_text(), random_deck(rng).to_text()]
        seat_bots = bots if i % 2 == 0 else bots[::-1]
        jobs.append(("wakfu", "1v1", list(seat_bots), gseed, i,
                     {"decks": decks, "reaction_prompts": "playable"}, False))
    return jobs


def random_decks(bots: list[str], games: int, seed: int, workers: int) -> dict[str, Any]:
    """``games`` games between random legal decks from the whole pool, seats alternating: errors, stuck
    games (the runner's action cap shows as an error naming it), draws, and the first bot's win rate."""
    jobs = random_deck_jobs(bots, games, seed)
    start = time.perf_counter()
    results = run_jobs(jobs, workers=workers)
    summary = summarise("wakfu", "1v1", bots, seed, results)
    ok = [r for r in results if not r.error]
    first_bot = sum(1 for r in ok if r.winners and r.teams[r.bots.index(bots[0])] in r.winners) \
        if bots[0] != bots[1] else sum(1 for r in ok if r.winners and r.teams[0] in r.winners)
    errors = [r for r in results if r.error]
    return {"bots": bots, "games": games, "seed": seed, "seconds": time.perf_counter() - start,
            "errors": len(errors), "stuck": sum(1 for r in errors if "exceeded" in (r.error or "")),
            "draws": summary.draws,
            "turn_limit": sum(1 for r in ok if r.draw and r.reason.startswith("no winner after")),
            "first_bot_wins": first_bot, "first_bot_rate": first_bot / len(ok) if ok else 0.0,
            "first_bot_interval95": list(wilson(first_bot, len(ok))), "mean_turns": summary.mean_turns,
            "mean_actions": summary.mean_actions,
            "error_samples": [f"game {r.index} (seed {r.seed}): {r.error}" for r in errors[:5]]}


def first_player_rate(report: dict[str, Any]) -> tuple[float, tuple[float, float], int]:
    """The first player's win rate over every pairing, its 95 % interval, and the games it counts."""
    n = sum(r["games"] - r["errors"] for r in report["pairings"])
    wins = round(sum(r["first_player_rate"] * (r["games"] - r["errors"]) for r in report["pairings"]))
    return (wins / n if n else 0.0), wilson(wins, n), n


def markdown(report: dict[str, Any]) -> str:
    """The balance report of the 16 pairings: win rates by deck, the first player's advantage, length."""
    rows = report["pairings"]
    rate, (lo, hi), n = first_player_rate(report)
    mean_turns = sum(r["mean_turns"] * r["games"] for r in rows) / max(1, sum(r["games"] for r in rows))
    lines = [f"{report['games']:,} games, bots {' v '.join(report['bots'])}, seed {report['seed']}: "
             f"{report['errors']} engine errors, {report['draws']} draws ({report['turn_limit']} at the turn limit).",
             "", "| deck | wins of its games (both seats) | 95 % interval |", "|---|---:|---|"]
    for deck, v in sorted(report["decks"].items(), key=lambda kv: -kv[1]["win_rate"]):
        lines.append(f"| {deck} | {v['win_rate']:.1%} | {v['interval95'][0]:.1%}–{v['interval95'][1]:.1%} |")
    lines += ["", f"The first player wins {rate:.1%} of the {n:,} games (95 % interval {lo:.1%}–{hi:.1%}); "
              f"games last {mean_turns:.1f} turns on average.", "",
              "Seat 0's win rate (seat 0's deck in the row, seat 1's in the column), then the first player's "
              "win rate and the mean length in turns:", "",
              "| seat 0 \\ seat 1 | " + " | ".join(STARTERS) + " |", "|---|" + "---:|" * len(STARTERS)]
    cell = {tuple(r["decks"]): r for r in rows}
    for a in STARTERS:
        parts = []
        for b in STARTERS:
            r = cell.get((a, b))
            parts.append("" if r is None else
                         f"{r['seat0_rate']:.0%} · 1st {r['first_player_rate']:.0%} · {r['mean_turns']:.0f} t")
        lines.append(f"| **{a}** | " + " | ".join(parts) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Wakfu: every pairing of the four starters")
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--games", type=int, default=1600, help="games in all, at least (split over the 16 pairings, rounded up)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", default="0-15", help="play only these pairings (indices 0-15, e.g. 0-7), to "
                        "split a long run over processes")
    parser.add_argument("--jsonl", type=Path, default=None, help="append each pairing's row to this file as it ends")
    parser.add_argument("--markdown", action="store_true", help="print the balance report as Markdown")
    parser.add_argument("--from-json", type=Path, default=None, metavar="FILE",
                        help="play nothing: read a report this script printed with --json (with --markdown, render it)")
    parser.add_argument("--random-decks", action="store_true",
                        help="play --games games between random legal decks from the whole Incarnam pool "
                             "(two fresh decks a game, seats alternating) instead of the starter pairings")
    args = parser.parse_args(argv)
    if args.from_json is not None:
        report = json.loads(args.from_json.read_text(encoding="utf-8"))
        print(markdown(report) if args.markdown else json.dumps(report, indent=2))
        return 0
    if args.random_decks:
        bots = [b.strip() for b in args.bots.split(",")]
        report = random_decks(bots, args.games, args.seed, args.workers)
        if args.json:
            print(json.dumps(report, indent=2))
            return 0
        lo, hi = report["first_bot_interval95"]
        who = f"{bots[0]} (either seat)" if bots[0] != bots[1] else "seat 0"
        print(f"{args.games} games with random decks, bots {', '.join(bots)}, seed {args.seed}: "
              f"{report['errors']} errors ({report['stuck']} stuck), {report['draws']} draws "
              f"({report['turn_limit']} at the turn limit), {report['seconds']:.0f} s; {who} wins "
              f"{report['first_bot_rate']:.1%} (95 % CI {lo:.1%}-{hi:.1%}); {report['mean_turns']:.1f} turns, "
              f"{report['mean_actions']:.0f} actions a game")
        for sample in report["error_samples"]:
            print("error", sample)
        return 0
    lo, _, hi = args.only.partition("-")
    wanted = range(int(lo), int(hi or lo) + 1)
    bots = [b.strip() for b in args.bots.split(",")]
    per = max(1, -(-args.games // 16))  # rounded up: --games 1000 plays 1,008, never fewer than asked
    start = time.perf_counter()
    rows = []
    for i, a in enumerate(STARTERS):
        for j, b in enumerate(STARTERS):
            if 4 * i + j not in wanted:
                continue
            rows.append(pairing(a, b, bots, per, args.seed + 16 * i + j, args.workers))
            if args.jsonl is not None:
                with args.jsonl.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
            print(f"\r  {len(rows)}/{len(wanted)} pairings, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr,
                  flush=True)
    print(file=sys.stderr)
    decks: dict[str, list[int]] = {d: [0, 0] for d in STARTERS}
    for r in rows:
        a, b = r["decks"]
        n = r["games"] - r["errors"]
        decks[a][0] += r["seat0_wins"]
        decks[a][1] += n
        decks[b][0] += n - r["seat0_wins"] - r["draws"]
        decks[b][1] += n
    report = {"bots": bots, "games": per * len(rows), "seed": args.seed, "seconds": time.perf_counter() - start,
              "errors": sum(r["errors"] for r in rows), "draws": sum(r["draws"] for r in rows),
              "turn_limit": sum(r["turn_limit"] for r in rows), "pairings": rows,
              "decks": {d: {"win_rate": w / n if n else 0.0, "interval95": list(wilson(w, n))}
                        for d, (w, n) in decks.items()}}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    if args.markdown:
        print(markdown(report))
        return 0
    print(f"{report['games']} games, bots {', '.join(bots)}, seed {args.seed}: {report['errors']} errors, "
          f"{report['draws']} draws ({report['turn_limit']} at the turn limit), {report['seconds']:.0f} s")
    print(f"{'seat 0':>6} {'seat 1':>6} {'games':>5} {'err':>3} {'draw':>4} {'seat 0 wins (95 % CI)':>24} "
          f"{'1st player':>10} {'turns':>6}")
    for r in rows:
        lo, hi = r["seat0_interval95"]
        print(f"{r['decks'][0]:>6} {r['decks'][1]:>6} {r['games']:>5} {r['errors']:>3} {r['draws']:>4} "
              f"{r['seat0_rate']:>8.1%} ({lo:.1%}-{hi:.1%}) {r['first_player_rate']:>10.1%} {r['mean_turns']:>6.1f}")
    for d, v in report["decks"].items():
        lo, hi = v["interval95"]
        print(f"{d}: wins {v['win_rate']:.1%} of its games (95 % CI {lo:.1%}-{hi:.1%})")
    for r in rows:
        for sample in r["error_samples"]:
            print(f"error ({r['decks'][0]} v {r['decks'][1]}): {sample.splitlines()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
