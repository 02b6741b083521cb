#!/usr/bin/env bash
# Run the test suite N times in a row on a busy machine: two busy-loop processes (each bounded in time)
# spin beside it, as a browser and a server did beside a user's run (issue 21, item 10).  Stops at the
# first failing run.
# Usage: ./scripts/busy_suite.sh [N=3] [extra pytest arguments]
# ALLEGIANCE_BUSY_SECONDS bounds the busy loops (default 3600 s; they stop with the script anyway);
# ALLEGIANCE_TEST_WORKERS as for scripts/test.sh (default 2); ALLEGIANCE_PYTHON: the interpreter (default
# .venv/bin/python, as scripts/test.sh sets it up: run that once first).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
shift || true
busy_seconds="${ALLEGIANCE_BUSY_SECONDS:-3600}"
python="${ALLEGIANCE_PYTHON:-.venv/bin/python}"

busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_busy EXIT
for _ in 1 2; do
  timeout "$busy_seconds" sh -c 'while :; do :; done' &
  busy+=("$!")
done
echo "== two busy loops running (pids ${busy[*]}, at most ${busy_seconds} s each)"

for run in $(seq 1 "$runs"); do
  echo "== run $run of $runs ($(date +%T))"
  start=$(date +%s)
  if ! "$python" -m pytest -n "${ALLEGIANCE_TEST_WORKERS:-2}" --dist loadgroup "$@"; then
    echo "== run $run of $runs FAILED after $(( $(date +%s) - start )) s"
    exit 1
  fi
  echo "== run $run of $runs passed in $(( $(date +%s) - start )) s"
done
echo "== $runs runs in a row passed beside two busy loops"
