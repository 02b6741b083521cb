"""Speed benchmark: our targets, measured on this machine, optionally against peer engines.

Run it as ``allegiance bench [--json] [--peer] [--seconds S]`` or as a script,
``python benchmarks/bench.py [--json] [--peer] [--seconds S]``.  Everything runs in one process on
one core.  Targets (issue 4):

* random playouts of SWDBG 1v1 and 2v2: at least 50,000 actions/s each;
* copying a 2v2 mid-game state: at most 30 µs;
* Wakfu 1v1 random playouts (Iop against Crâ): at least 25,000 actions/s (issue 13); a mid-game copy at
  most 30 µs;
* Wakfu 4v4 random playouts (the default decks, iop/feca/cra/xelor per team): at least 15,000 actions/s
  (issue 14);
* with ``--peer``: our 1v1 random-playout actions/s at least 4× RLCard Uno's random-agent steps/s,
  and our greedy-vs-greedy 1v1 games/s at least pyminion's BigMoney-vs-BigMoneySmithy games/s.

Greedy-vs-greedy 1v1 games/s is reported with no target of its own beyond the pyminion ratio.  The
report says whether the engine ran compiled (mypyc, ``ALLEGIANCE_COMPILE=1``, see ``setup.py``) or as
pure Python: ``compiled`` and ``compiled_modules``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allegiance import compiled_modules  # noqa: E402
from allegiance.sim.runner import play_game  # noqa: E402
from benchmarks.playouts import WAKFU_OPTIONS, copy_time_us, random_playout_rate, wakfu_options  # noqa: E402

TARGETS = {
    "actions_per_s_1v1": (">=", 50_000.0),
    "actions_per_s_2v2": (">=", 50_000.0),
    "copy_us_2v2": ("<=", 30.0),
    "wakfu_actions_per_s_1v1": (">=", 25_000.0),
    "wakfu_actions_per_s_4v4": (">=", 15_000.0),
    "wakfu_copy_us_1v1": ("<=", 30.0),
    "jk_actions_per_s_3p": (">=", 25_000.0),
    "jk_copy_us_3p": ("<=", 30.0),
    "ratio_actions_vs_rlcard": (">=", 4.0),
    "ratio_greedy_games_vs_pyminion": (">=", 1.0),
}


def machine() -> dict[str, Any]:
    """Where the figures were measured."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "implementation": platform.python_implementation(), "platform": platform.platform()}


def greedy_games_per_s(seconds: float) -> float:
    """Greedy vs greedy SWDBG 1v1, whole games through the simulation runner, per second."""
    games = 0
    start = time.perf_counter()
    while True:
        result = play_game("swdbg", "1v1", ["greedy", "greedy"], seed=games, index=games, record=False)
        if result.error:
            raise RuntimeError(f"greedy game {games} failed: {result.error}")
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def env_random_games(mode: str, games: int, max_turns: int | None = None, seed: int = 0) -> dict[str, Any]:
    """Random agents (uniform over the action mask) play whole games through the PettingZoo env.

    Raises if any game fails; returns how many ended in a win, a draw or the turn limit, and the time.
    """
    import numpy as np

    from allegiance.envs.pettingzoo import env as make_env

    e = make_env(mode=mode, options={} if max_turns is None else {"max_turns": max_turns})
    rng = np.random.default_rng(seed)
    tally = {"decided": 0, "truncated": 0, "steps": 0}
    start = time.perf_counter()
    for game in range(games):
        e.reset(seed=seed + game)
        finished = False
        for _agent in e.agent_iter():
            obs, reward, termination, truncation, _ = e.last()
            if termination or truncation:
                if not finished:
                    tally["decided" if termination and reward != 0 else "truncated"] += 1
                    finished = True
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            tally["steps"] += 1
        if not finished or e.agents:
            raise RuntimeError(f"{mode} game {game} did not finish cleanly")
    elapsed = time.perf_counter() - start
    return {"mode": mode, "games": games, **tally, "seconds": elapsed, "steps_per_s": tally["steps"] / elapsed}


def check(name: str, value: float | None) -> dict[str, Any]:
    """One target and whether ``value`` meets it (``ok`` is None when not measured)."""
    op, target = TARGETS[name]
    ok = None if value is None else (value >= target if op == ">=" else value <= target)
    return {"name": name, "value": value, "target": f"{op} {target:g}", "ok": ok}


def run(seconds: float = 3.0, peer: bool = False) -> dict[str, Any]:
    """Measure everything; each timed loop runs about ``seconds``."""
    one = random_playout_rate("1v1", seconds)
    two = random_playout_rate("2v2", seconds)
    wakfu = random_playout_rate("1v1", seconds, game_name="wakfu", options=WAKFU_OPTIONS)
    wakfu4 = random_playout_rate("4v4", seconds, game_name="wakfu", options=wakfu_options("4v4"))
    jk = random_playout_rate("AvEvI", seconds, game_name="jk")
    out: dict[str, Any] = {
        "actions_per_s_1v1": one["actions_per_s"],
        "actions_per_s_2v2": two["actions_per_s"],
        "games_per_s_random_1v1": one["games_per_s"],
        "games_per_s_random_2v2": two["games_per_s"],
        "copy_us_2v2": copy_time_us("2v2"),
        "wakfu_actions_per_s_1v1": wakfu["actions_per_s"],
        "wakfu_games_per_s_random_1v1": wakfu["games_per_s"],
        "wakfu_actions_per_s_4v4": wakfu4["actions_per_s"],
        "wakfu_games_per_s_random_4v4": wakfu4["games_per_s"],
        "wakfu_copy_us_1v1": copy_time_us("1v1", game_name="wakfu", options=WAKFU_OPTIONS),
        "jk_actions_per_s_3p": jk["actions_per_s"],
        "jk_games_per_s_random_3p": jk["games_per_s"],
        "jk_copy_us_3p": copy_time_us("AvEvI", game_name="jk"),
        "swdbg_1v1_greedy_games_per_s": greedy_games_per_s(seconds),
        "peer_rlcard_actions_per_s": None,
        "peer_pyminion_games_per_s": None,
        "ratio_actions_vs_rlcard": None,
        "ratio_greedy_games_vs_pyminion": None,
    }
    if peer:
        from benchmarks.peers import pyminion_games_per_s, rlcard_uno_steps_per_s
        rlcard = rlcard_uno_steps_per_s(seconds)
        pyminion = pyminion_games_per_s(seconds)
        out["peer_rlcard_actions_per_s"] = rlcard
        out["peer_pyminion_games_per_s"] = pyminion
        if rlcard:
            out["ratio_actions_vs_rlcard"] = out["actions_per_s_1v1"] / rlcard
        if pyminion:
            out["ratio_greedy_games_vs_pyminion"] = out["swdbg_1v1_greedy_games_per_s"] / pyminion
    checks = [check(name, out[name]) for name in TARGETS]
    out["targets"] = {c["name"]: c["target"] for c in checks}
    out["checks"] = checks
    out["pass"] = all(c["ok"] for c in checks if c["ok"] is not None)
    out["seconds_per_measure"] = seconds
    out["machine"] = machine()
    out["compiled_modules"] = compiled_modules()
    out["compiled"] = bool(out["compiled_modules"])
    return out


def format_report(data: dict[str, Any]) -> list[str]:
    """The figures as lines of text, one per target, then the other figures."""
    def fmt(value: float | None) -> str:
        return "not measured" if value is None else f"{value:,.1f}"

    lines = [f"machine: {data['machine']['cpu']}, Python {data['machine']['python']}, one core"]
    compiled = data["compiled_modules"]
    lines.append(f"engine: compiled with mypyc ({len(compiled)} modules)" if compiled else "engine: pure Python")
    for c in data["checks"]:
        verdict = {True: "holds", False: "MISSED", None: "skipped (use --peer)"}[c["ok"]]
        lines.append(f"{c['name']:<34} {fmt(c['value']):>14}   target {c['target']:<10} {verdict}")
    lines.append(f"{'swdbg_1v1_greedy_games_per_s':<34} {fmt(data['swdbg_1v1_greedy_games_per_s']):>14}")
    lines.append(f"{'peer_rlcard_actions_per_s':<34} {fmt(data['peer_rlcard_actions_per_s']):>14}")
    lines.append(f"{'peer_pyminion_games_per_s':<34} {fmt(data['peer_pyminion_games_per_s']):>14}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--peer", action="store_true", help="also time RLCard Uno and pyminion")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per timed loop")
    parser.add_argument("--strict", action="store_true", help="exit with status 1 when a target is missed")
    parser.add_argument("--env-games", type=int, default=0, metavar="N",
                        help="instead: N uncapped random-agent games per mode through the PettingZoo env")
    args = parser.parse_args(argv)
    if args.env_games:
        for mode in ("1v1", "2v2"):
            print(json.dumps(env_random_games(mode, args.env_games)))
        return 0
    data = run(args.seconds, args.peer)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(format_report(data)))
    return 1 if args.strict and not data["pass"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
