"""The compiled build that ``tests/test_compiled.py`` checks, started in the background as the run begins.

Building the mypyc-compiled core takes a minute of one core (mypyc's code generation, then the C
compiler), most of a two-core machine's test run is spent waiting on servers, bots and browsers, and the
test itself only needs the build's result.  So when the compiled test is collected, one process of the
run (the only one, or xdist's ``gw0``) starts the build at a lower priority in a folder named after
the run, and the test, scheduled last, waits for it to end (while it runs: a hang is the per-test
timeout's to catch) and compares the games.  Every worker finds the same folder from the run's id.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the node id of the test that uses the build
TEST_ID = "tests/test_compiled.py::test_the_compiled_build_plays_the_same_games_as_pure_python"
#: the environment of the build: compiled, C at level 0 (the same code, compiled eight times faster)
BUILD_ENV = {"ALLEGIANCE_COMPILE": "1", "ALLEGIANCE_COMPILE_OPT": "0"}


def copy_package(target: Path) -> None:
    """The package sources and build files, without compiled modules or caches."""
    shutil.copytree(ROOT / "allegiance", target / "allegiance",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, target / name)


def folder_for(run_id: str) -> Path:
    """The run's build folder: ``pure/`` and ``compiled/`` copies, the build's log and its exit code."""
    return Path(tempfile.gettempdir()) / f"allegiance-compiled-{run_id}"


def start(folder: Path) -> subprocess.Popen[bytes]:
    """Copy the package twice into ``folder`` and start building the ``compiled`` copy in place, niced
    so that it takes the time the other tests leave; the exit code lands in ``build.rc`` when done."""
    folder.mkdir(parents=True)
    copy_package(folder / "pure")
    copy_package(folder / "compiled")
    command = (f"{shlex.quote(sys.executable)} setup.py build_ext --inplace > ../build.log 2>&1; "
               "echo $? > ../build.rc.tmp && mv ../build.rc.tmp ../build.rc")
    build = subprocess.Popen(["nice", "-n", "10", "sh", "-c", command], cwd=folder / "compiled",
                             env={**os.environ, **BUILD_ENV}, start_new_session=True)
    (folder / "build.pid").write_text(str(build.pid))
    return build


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait(folder: Path) -> tuple[int, str]:
    """Wait for the build in ``folder`` to end (the exit code's file appears) and return its exit code
    and log.  Polls a file: the build may belong to another worker process."""
    rc, pid_file = folder / "build.rc", folder / "build.pid"
    while not pid_file.exists():  # the folder is being filled by the process starting the build
        time.sleep(0.2)
    pid = int(pid_file.read_text())
    while not rc.exists():
        assert _alive(pid) or rc.exists(), "the background build ended without an exit code (killed?)"
        time.sleep(0.2)
    return int(rc.read_text().strip()), (folder / "build.log").read_text(errors="replace")


def can_build() -> bool:
    """mypy (the ``compile`` extra) and a C compiler are there: else the test skips and nothing starts."""
    import importlib.util

    return (importlib.util.find_spec("mypyc") is not None
            and shutil.which(os.environ.get("CC", "cc")) is not None)


def remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
