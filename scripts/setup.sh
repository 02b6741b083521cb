# Shared set-up steps, sourced by scripts/test.sh and scripts/serve.sh.

setup_python() {
    # A project-local virtual environment with the package and the given extras.
    local spec="$1"
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
    fi
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e "$spec"
}

apt_install() {
    # Install Debian packages that are missing (root, or sudo when available).
    local missing=()
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "== installing Debian packages: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

setup_system_packages() {
    # Chromium drives the browser tests; PostgreSQL backs the database tests; gcc builds the
    # mypyc-compiled core in tests/test_compiled.py.
    apt_install chromium postgresql gcc
}
