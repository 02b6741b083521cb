"""Issue 21, items 4 and 7 against a real ``allegiance serve`` process (uvicorn on 127.0.0.1).

- 7: X-Forwarded-For was believed from any local client (uvicorn trusts 127.0.0.1 by default), so 20 of
  20 creations passed the per-address limit by varying it.  By default the header is ignored and the
  client is the socket's peer; with ``--trusted-proxies`` naming the proxy, the proxy's header names
  the client (both settings tested here).
- 4: a lobby of big tables with pasted decks: the listing stays small, answers 304 to its ETag, and one
  address asking too often gets 429 while the server goes on serving.
"""

from __future__ import annotations

from pathlib import Path

import httpx

from allegiance.server.limits import Limits
from tests.server.helpers import ServerProcess
from tests.server.test_lobby_hardening import padded_deck

HUMANS = {"game": "swdbg", "mode": "1v1", "seats": ["human", "human"]}
BURST = Limits().create_burst


def creations(base: str, forwarded_for: list[str | None]) -> list[int]:
    """The status of one table creation per entry, each sent with that X-Forwarded-For (or none)."""
    with httpx.Client(base_url=base, timeout=30) as http:
        return [http.post("/api/tables", json=HUMANS,
                          headers={"X-Forwarded-For": xff} if xff else {}).status_code for xff in forwarded_for]


def test_x_forwarded_for_is_ignored_by_default(tmp_path: Path) -> None:
    """Item 7: varying the header passed the per-address creation limit 20 times out of 20."""
    server = ServerProcess(str(tmp_path / "xff.db")).start()
    try:
        codes = creations(server.base, [f"10.0.{i}.1" for i in range(BURST + 2)])
        assert codes == [201] * BURST + [429, 429]
    finally:
        server.stop()


def test_x_forwarded_for_names_the_client_when_the_proxy_is_trusted(tmp_path: Path) -> None:
    """Behind a reverse proxy (``--trusted-proxies`` naming it) each forwarded client has its own limit,
    and a client that adds its own X-Forwarded-For still counts as the address the proxy saw."""
    server = ServerProcess(str(tmp_path / "proxy.db"), extra=["--trusted-proxies", "127.0.0.1"]).start()
    try:
        assert creations(server.base, [f"10.0.{i}.1" for i in range(BURST + 2)]) == [201] * (BURST + 2)
        # one forwarded client: its own burst, then refused, whatever it puts in front of the proxy's entry
        one = [f"{i}.{i}.{i}.{i}, 10.9.9.9" for i in range(BURST + 2)]
        assert creations(server.base, one) == [201] * BURST + [429, 429]
    finally:
        server.stop()


def test_rotating_forwarded_addresses_get_one_address_worth_of_tables(tmp_path: Path) -> None:
    """Item 6 live: from rotating addresses the 1,000-table cap filled in 18.5 s; one client now gets
    ``--tables-per-client`` tables being played, whatever it puts in X-Forwarded-For."""
    server = ServerProcess(str(tmp_path / "cap.db"), extra=["--tables-per-client", "3"]).start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            answers = [http.post("/api/tables", json=HUMANS, headers={"X-Forwarded-For": f"10.1.{i}.1"})
                       for i in range(5)]
            assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
            assert "already has 3 tables being played" in answers[3].json()["detail"]
            first = answers[0].json()
            closed = http.post(f"/api/tables/{first['table']['id']}/close",
                               headers={"X-Creator-Token": first["creator_token"]})
            assert closed.status_code == 200
            assert http.post("/api/tables", json=HUMANS).status_code == 201
    finally:
        server.stop()


def test_a_lobby_of_big_tables_is_listed_small_and_once_per_change(tmp_path: Path) -> None:
    """Item 4 live: 8v8 tables whose sixteen seats each paste a deck near the size limit."""
    server = ServerProcess(str(tmp_path / "lobby.db"), extra=["--lobby-per-minute", "0.01"]).start()
    deck = padded_deck(7_900)
    body = {"game": "wakfu", "mode": "8v8", "seats": ["human"] * 16,
            "options": {"decks": [deck] * 16, "team_uniques": "ignore"}}
    try:
        with httpx.Client(base_url=server.base, timeout=60) as http:
            for _ in range(3):
                created = http.post("/api/tables", json=body)
                assert created.status_code == 201, created.text
                assert len(created.content) < 20_000  # the creator's answer does not echo the decks either
            listing = http.get("/api/tables")
            assert listing.status_code == 200 and len(listing.json()) == 3
            assert len(listing.content) < 3 * 5_000, len(listing.content)  # was 3 x 16 x 7,900 characters
            assert "padding" not in listing.text
            etag = listing.headers["etag"]
            unchanged = http.get("/api/tables", headers={"If-None-Match": etag})
            assert unchanged.status_code == 304 and not unchanged.content
            # the burst of 30 spent (two above), the next listing is refused; the tables still serve
            codes = [http.get("/api/tables", headers={"If-None-Match": etag}).status_code for _ in range(29)]
            assert codes[:28] == [304] * 28 and codes[28] == 429
            tid = listing.json()[0]["id"]
            assert http.get(f"/api/tables/{tid}").status_code == 200
    finally:
        server.stop()
