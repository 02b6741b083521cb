"""The delaying proxy that stands for a database on another machine (``benchmarks/netdelay.py``,
``capacity.py --db-delay-ms``): every byte arrives, in order, and no sooner than the delay each way."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.server.helpers import free_port

ROOT = Path(__file__).resolve().parents[1]
DELAY_MS = 40


def echo_server() -> tuple[socket.socket, int]:
    """A loopback server that sends every byte back (one connection)."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            while data := conn.recv(65536):
                conn.sendall(data)

    threading.Thread(target=serve, daemon=True).start()
    return server, server.getsockname()[1]


def receive(sock: socket.socket, size: int) -> bytes:
    got = bytearray()
    while len(got) < size:
        chunk = sock.recv(size - len(got))
        assert chunk, "the proxy closed the connection early"
        got += chunk
    return bytes(got)


def test_the_proxy_delays_each_way_and_keeps_every_byte_in_order() -> None:
    server, target = echo_server()
    port = free_port()
    proxy = subprocess.Popen([sys.executable, str(ROOT / "benchmarks" / "netdelay.py"), "--listen",
                              f"127.0.0.1:{port}", "--target", f"127.0.0.1:{target}", "--delay-ms", str(DELAY_MS)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert proxy.stdout is not None and proxy.stdout.readline().strip() == "ready"
        with socket.create_connection(("127.0.0.1", port)) as client:
            started = time.monotonic()
            client.sendall(b"ping")
            assert receive(client, 4) == b"ping"
            # there and back: at least the delay twice (a busy machine only adds to it)
            assert time.monotonic() - started >= 2 * DELAY_MS / 1000
            payload = bytes(i % 251 for i in range(1_000_000))  # many chunks, each delayed, none reordered
            sender = threading.Thread(target=client.sendall, args=(payload,))
            sender.start()
            assert receive(client, len(payload)) == payload
            sender.join()
    finally:
        proxy.terminate()
        proxy.wait(timeout=30)
        server.close()


def test_the_proxy_refuses_a_negative_delay() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "netdelay.py"), "--listen", "127.0.0.1:1",
                           "--target", "127.0.0.1:2", "--delay-ms", "-1"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--delay-ms must not be negative" in done.stderr
