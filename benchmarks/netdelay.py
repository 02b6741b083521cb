"""A TCP proxy that delays every byte by a fixed time each way: a database "on another machine".

This kernel has no ``netem`` queueing discipline, so the benchmarks that ask what a network between the
servers and PostgreSQL costs (``capacity.py --db-delay-ms``) put this proxy in front of the database.
Each chunk read from one side is written to the other ``--delay-ms`` later, in order; the round trip
so grows by about twice the delay (0.25 ms each way: a round trip near 0.5 ms, a busy data-centre
network; the proxy's own hand-offs add some 0.1 ms at no delay).  Threads with ``time.sleep``, not an
event loop: an event loop's timers wait whole milliseconds.

    .venv/bin/python benchmarks/netdelay.py --listen 127.0.0.1:6543 --target 127.0.0.1:5432 --delay-ms 0.25

It runs until stopped, as its own process (so its work does not share the measured servers' loop), and
prints ``ready`` once it listens.  A benchmark tool, not a part of the product.
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import socket
import threading
import time

#: bytes read at once from either side
CHUNK = 65536


def pipe(source: socket.socket, sink: socket.socket, delay: float) -> None:
    """Copy ``source`` to ``sink``, each chunk ``delay`` seconds after it arrived, in order (two threads)."""
    chunks: queue.SimpleQueue[tuple[float, bytes]] = queue.SimpleQueue()

    def send() -> None:
        with contextlib.suppress(OSError):
            while True:
                due, data = chunks.get()
                if not data:
                    break
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    threading.Thread(target=send, daemon=True).start()
    data = b"x"
    with contextlib.suppress(OSError):
        while data:
            data = source.recv(CHUNK)
            chunks.put((time.monotonic() + delay, data))
    chunks.put((0.0, b""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--listen", required=True, help="HOST:PORT to listen on")
    parser.add_argument("--target", required=True, help="HOST:PORT to forward to")
    parser.add_argument("--delay-ms", type=float, required=True, help="the delay each way, in milliseconds")
    args = parser.parse_args()
    if args.delay_ms < 0:
        parser.error("--delay-ms must not be negative")
    listen_host, listen_port = args.listen.rsplit(":", 1)
    target = (args.target.rsplit(":", 1)[0], int(args.target.rsplit(":", 1)[1]))
    delay = args.delay_ms / 1000
    server = socket.create_server((listen_host, int(listen_port)))
    print("ready", flush=True)
    while True:
        client, _ = server.accept()
        try:
            upstream = socket.create_connection(target)
        except OSError:
            client.close()
            continue
        for sock in (client, upstream):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=pipe, args=(client, upstream, delay), daemon=True).start()
        threading.Thread(target=pipe, args=(upstream, client, delay), daemon=True).start()


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
