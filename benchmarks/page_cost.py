"""The table page's own cost: milliseconds to apply one state message, and an idle page's CPU.

Issue 24, item 10: while the Wakfu 2v2 browser test ran, each Chromium renderer used 45-70 % of a core.
This plays a seeded game in Python (a random policy that prefers playing cards and attacking, so the
board fills up) for ``--warm`` actions, then makes the ``--states`` state messages seat 0 would receive
for the next actions (view, legal actions with their words, reasons, progress, the events it may
read: what ``allegiance.server.messages.state_message`` sends).  It opens the real table page
(``allegiance serve`` in its own process, Debian's Chromium) with a stand-in WebSocket, hands it each
message in turn, and prints, per game and mode:

- ``apply``: from the message's arrival to the end of the page's own drawing (the page's
  ``state-apply`` measure, performance.measure; before the page had one, the time until its
  ``data-version`` changed), p50 / p95 / max in ms;
- ``frame``: from the arrival to the next frame painted (rAF then a task), p50 / p95;
- ``cpu``: the page's main-thread CPU time per state, its mean and its p95 (CDP's ThreadTime, read
  before and after each state, its frame included: unlike the times above, it does not grow when other
  processes hold the machine's cores), and ``layouts`` per state;
- ``idle``: an idle page's main-thread busy time over ``--idle`` seconds, from a second after the last
  state (its brief animations over), in % of one core (CDP's TaskDuration).

    .venv/bin/python benchmarks/page_cost.py
    .venv/bin/python benchmarks/page_cost.py --games wakfu:1v1,wakfu:2v2,wakfu:8v8 --states 40

A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from allegiance.games import get_game  # noqa: E402
from tests.browser.fed_page import FAKE_SOCKET, messages  # noqa: E402
from tests.server.helpers import ServerProcess  # noqa: E402

#: hands the page one message; resolves with [apply ms, frame ms]
APPLY = """async (msg) => {
  const version = String(JSON.parse(msg).version);
  const before = performance.getEntriesByName("state-apply").length;
  const t0 = performance.now();
  let t1 = null;
  const done = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      if (document.body.dataset.version === version) { t1 = performance.now(); mo.disconnect(); resolve(); }
    });
    mo.observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
  });
  __deliver(msg);
  await done;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const t2 = performance.now();
  const measures = performance.getEntriesByName("state-apply");
  const own = measures.length > before ? measures[measures.length - 1].duration : null;
  return [own === null ? t1 - t0 : own, t2 - t0, own !== null];
}"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="swdbg:1v1,swdbg:2v2,wakfu:1v1,wakfu:2v2,wakfu:8v8,jk:AAvEE",
                    help="game:mode pairs, comma-separated")
    ap.add_argument("--states", type=int, default=30, help="state messages measured per game and mode")
    ap.add_argument("--warm", type=int, default=0,
                    help="actions played before the first measured state (0: 25 per seat)")
    ap.add_argument("--size", default="1400x900", help="viewport WIDTHxHEIGHT")
    ap.add_argument("--idle", type=float, default=5.0, help="seconds of idle page measured")
    args = ap.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian's chromium is needed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS

    width, height = (int(x) for x in args.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = ServerProcess(str(Path(tmp) / "bench.db")).start()
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            print(f"{'game':<14}{'apply p50':>10}{'p95':>8}{'max':>8}{'frame p50':>11}{'p95':>8}{'cpu':>8}{'p95':>8}"
                  f"{'layouts':>9}{'idle CPU':>10}  source")
            for pair in args.games.split(","):
                name, mode = pair.split(":")
                n_seats = len(get_game(name).table_for(mode).seats)
                msgs = messages(name, mode, args.warm or 25 * n_seats, args.states + 2)
                page = browser.new_context(viewport={"width": width, "height": height}).new_page()
                page.add_init_script(FAKE_SOCKET)
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.goto(f"{server.base}/table/bench")
                page.wait_for_function("document.body.dataset.online === '1'")
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable")

                def metrics(cdp: Any = cdp) -> dict[str, float]:
                    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
                applied, frames, cpus, own = [], [], [], False
                for msg in msgs[:2]:  # the first two load the renderer, its styles and the catalogue
                    page.evaluate(APPLY, json.dumps(msg))
                m0 = metrics()
                before = m0
                for msg in msgs[2:]:
                    a, f, own = page.evaluate(APPLY, json.dumps(msg))
                    after = metrics()
                    applied.append(a)
                    frames.append(f)
                    cpus.append(1000 * (after["ThreadTime"] - before["ThreadTime"]))
                    before = after
                m1 = before
                cpu = 1000 * (m1["ThreadTime"] - m0["ThreadTime"]) / len(applied)
                layouts = (m1["LayoutCount"] - m0["LayoutCount"]) / len(applied)
                time.sleep(1.0)  # the last state's brief animations end
                m1 = metrics()
                t0 = time.monotonic()
                time.sleep(args.idle)
                idle = 100 * (metrics()["TaskDuration"] - m1["TaskDuration"]) / (time.monotonic() - t0)
                print(f"{pair:<14}{statistics.median(applied):>10.1f}{pct(applied, 0.95):>8.1f}{max(applied):>8.1f}"
                      f"{statistics.median(frames):>11.1f}{pct(frames, 0.95):>8.1f}{cpu:>8.1f}{pct(cpus, 0.95):>8.1f}"
                      f"{layouts:>9.1f}{idle:>9.2f}%  "
                      f"{'page measure' if own else 'data-version'}{'  ERRORS ' + errors[0] if errors else ''}")
                page.context.close()
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
