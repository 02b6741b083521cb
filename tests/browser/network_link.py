"""A TCP relay between a browser and a server whose network the test can cut, as a real outage does.

While the link is cut nothing passes either way, and a connection opened meanwhile hangs unanswered.
A connection that was open when the link was cut stays silent for good, even once the link is back (a
Wi-Fi or mobile hand-over, or a NAT or proxy that forgot it): neither end is told it is gone, no close
and no reset reaches either side.  Connections opened after :meth:`NetworkLink.restore` pass again.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading


class NetworkLink:
    """Listens on ``127.0.0.1:port`` and relays every connection to ``127.0.0.1:target_port``."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self._up = True
        self._generation = 0  # a connection relays only while the link has not been cut since it opened
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """The network goes away: open connections fall silent for good, new ones hang."""
        with self._lock:
            self._up = False
            self._generation += 1

    def restore(self) -> None:
        """The network is back: new connections pass (the silenced ones stay silent)."""
        with self._lock:
            self._up = True

    def close(self) -> None:
        self._closed = True
        with self._lock:
            for s in [self._listener, *self._sockets]:
                with contextlib.suppress(OSError):
                    s.close()

    def _keep(self, s: socket.socket) -> None:
        with self._lock:
            self._sockets.append(s)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            self._keep(client)
            with self._lock:
                up, generation = self._up, self._generation
            if not up:
                continue  # accepted by nobody that answers: the page's open hangs
            try:
                server = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                client.close()
                continue
            self._keep(server)
            threading.Thread(target=self._relay, args=(client, server, generation), daemon=True).start()

    def _relay(self, client: socket.socket, server: socket.socket, generation: int) -> None:
        other = {client: server, server: client}
        with selectors.DefaultSelector() as sel:
            sel.register(client, selectors.EVENT_READ)
            sel.register(server, selectors.EVENT_READ)
            while not self._closed:
                ready = sel.select(timeout=0.1)
                if self._generation != generation:
                    return  # cut: stop reading and writing, close nothing
                for key, _ in ready:
                    src = key.fileobj
                    assert isinstance(src, socket.socket)
                    try:
                        data = src.recv(65536)
                        if data:
                            other[src].sendall(data)
                            continue
                    except OSError:
                        pass
                    for s in (client, server):  # one end closed: pass the close on
                        with contextlib.suppress(OSError):
                            s.shutdown(socket.SHUT_RDWR)
                    return
