"""The run's shared set-up: the compiled build started in the background (``tests/compiled_build.py``)."""

from __future__ import annotations

import os
import signal
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import compiled_build


def _run_id(config: pytest.Config) -> str:
    """The same id in every process of one run (xdist's run id; a fresh one without xdist)."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        return str(workerinput["testrunuid"])
    if not hasattr(config, "_allegiance_run_id"):
        config._allegiance_run_id = uuid.uuid4().hex  # type: ignore[attr-defined]
    return str(config._allegiance_run_id)  # type: ignore[attr-defined]


def _starts_builds(config: pytest.Config) -> bool:
    workerinput = getattr(config, "workerinput", None)
    return workerinput is None or workerinput.get("workerid") == "gw0"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The compiled test goes last: its build has the whole run to finish in the background."""
    items.sort(key=lambda item: item.nodeid == compiled_build.TEST_ID)


def pytest_collection_finish(session: pytest.Session) -> None:
    if session.config.option.collectonly or not _starts_builds(session.config):
        return
    if any(item.nodeid == compiled_build.TEST_ID for item in session.items) and compiled_build.can_build():
        folder = compiled_build.folder_for(_run_id(session.config))
        session.config._allegiance_build = compiled_build.start(folder)  # type: ignore[attr-defined]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A build still running when its process is done: waited for (the test may be waiting for it on
    another worker), unless the run was stopped, when it is ended and its folder removed."""
    build: subprocess.Popen[bytes] | None = getattr(session.config, "_allegiance_build", None)
    if build is None or build.poll() is not None:
        return
    if session.shouldstop or session.shouldfail:
        os.killpg(build.pid, signal.SIGKILL)
        build.wait()
        compiled_build.remove(compiled_build.folder_for(_run_id(session.config)))
    else:
        build.wait()


@pytest.fixture
def compiled_build_folder(request: pytest.FixtureRequest) -> Iterator[Path]:
    """The folder of the run's compiled build (started by :func:`pytest_collection_finish`, or here when
    nothing started it); removed after the test."""
    if not compiled_build.can_build():
        pytest.skip("the compiled build needs mypy (pip install -e '.[compile]') and a C compiler")
    folder = compiled_build.folder_for(_run_id(request.config))
    if not folder.exists():
        compiled_build.start(folder).wait()
    try:
        yield folder
    finally:
        compiled_build.remove(folder)
