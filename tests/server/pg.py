"""A throw-away PostgreSQL server for the tests (Debian's package; started as the ``postgres`` user
when the tests run as root, since PostgreSQL refuses to run as root)."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

from tests.server.helpers import free_port


def pg_bin() -> str | None:
    """The directory of Debian's PostgreSQL binaries, if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return os.path.dirname(found[-1]) if found else None


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


@contextlib.contextmanager
def postgres_server(fsync: bool = False) -> Iterator[str]:
    """Start a server on a free loopback port with a database ``allegiance``; yield its URL.

    ``fsync=False`` (the tests): commits are not flushed to disk, which a throw-away database never
    needs; ``benchmarks/pg_commits.py --fsync`` asks for a durable one."""
    bindir = pg_bin()
    assert bindir is not None
    # under /tmp: the postgres user must be able to reach it (TMPDIR may be a root-only directory)
    root = tempfile.mkdtemp(prefix="allegiance-pg-", dir="/tmp" if os.path.isdir("/tmp") else None)
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        os.chown(root, pw.pw_uid, pw.pw_gid)
    data, port = os.path.join(root, "data"), free_port()
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run(_as_postgres([f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8"]),
                   **run)
    settings = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync={'on' if fsync else 'off'}"
    subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", data, "-w", "-l", os.path.join(root, "log"), "-o",
                                 settings, "start"]), **run)
    try:
        subprocess.run(_as_postgres([f"{bindir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
                                     "allegiance"]), **run)
        yield f"postgresql://postgres@127.0.0.1:{port}/allegiance"
    finally:
        subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", data, "-m", "fast", "stop"]), capture_output=True,
                       timeout=60)
        shutil.rmtree(root, ignore_errors=True)


def available() -> str | None:
    """``None`` if a PostgreSQL server can be started here, else why not."""
    if pg_bin() is None:
        return "PostgreSQL binaries are not installed (Debian package postgresql; scripts/test.sh installs it)"
    if os.geteuid() == 0 and (shutil.which("runuser") is None or not _has_user("postgres")):
        return "running as root without runuser or a postgres user to start PostgreSQL as"
    return None


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
