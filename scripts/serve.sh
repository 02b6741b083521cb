#!/usr/bin/env bash
# Set up the Python environment with the server extra and start the online table.
# Usage: ./scripts/serve.sh [--host H] [--port P] [--db FILE_OR_URL] [--bot-delay S]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
setup_python ".[server]"
echo "== starting the online table; open the URL printed below in a browser (Ctrl-C stops it)"
exec .venv/bin/allegiance serve "$@"
