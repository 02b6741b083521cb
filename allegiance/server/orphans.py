"""Worker processes that never outlive their server.

The replay worker and the bots' thinking processes wait for work on a queue; when the server is
killed outright (``kill -9``, an out-of-memory kill) nothing tells them, and they would wait forever,
each holding its memory.  Every worker runs :func:`exit_with_parent` at start: a daemon thread that
ends the process as soon as its parent is gone (its parent id changes when it is re-parented).
"""

from __future__ import annotations

import os
import threading
import time

#: seconds between two looks at the parent process
POLL_SECONDS = 0.5


def exit_with_parent(poll: float = POLL_SECONDS) -> None:
    """Start the watcher thread (a pool's ``initializer``, or called first thing in a worker)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(0)  # the server is gone: nothing is waiting for this process's answers

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
