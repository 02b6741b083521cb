#!/usr/bin/env bash
# Set up everything the test suite needs on a fresh Debian machine, then run it.
# Usage: ./scripts/test.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
setup_python ".[test,server,report,rl,ray,bench,compile]"
setup_system_packages
echo "== ruff"
.venv/bin/ruff check allegiance tests benchmarks build_support setup.py
echo "== pytest"
# Two test workers (pytest-xdist) on a 2-core machine: the browser games, the compiled build and the
# rest overlap (one worker alone took 8-14 minutes). ALLEGIANCE_TEST_WORKERS=0 runs in one process.
.venv/bin/python -m pytest -n "${ALLEGIANCE_TEST_WORKERS:-2}" --dist loadgroup --durations=25 "$@"
