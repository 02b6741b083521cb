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
.venv/bin/python -m pytest "$@"
