"""A refusal over the wire says nothing of a card its seat cannot see (issue 21 item 1).

The table's state is set to a Wakfu position where Player 2 chooses X (0..8) while Player 1's Pioche
holds the cards with ids 2..5; before the fix, a refused play of those ids answered with their names and
order ("play Boufton Blanc (1st of 2 in Player 1's Pioche)") over the WebSocket and over HTTP alike.
"""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.core.test_refusals import x_choice_board
from tests.server.test_socket import join, recv_until

SECRETS = ("Arakne", "Moskito", "Boufton Blanc", "Pioche", "a card you cannot see")


def test_a_refusal_during_an_x_choice_names_no_hidden_card_over_the_socket_or_http(client: TestClient) -> None:
    res = client.post("/api/tables", json={"game": "wakfu", "mode": "1v1", "seats": ["human", "human"],
                                           "seed": 3, "options": {}})
    assert res.status_code == 201, res.text
    created = res.json()
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    table = client.app.state.manager.get(tid)
    table.state = x_choice_board()
    pioche = table.state.players[0].pioche
    assert set(pioche) <= set(table.state.pending[-1].options)  # the values of X are those cards' ids
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = join(ws, tokens[1])
        assert state["view"]["decision"]["kind"] == "x"
        for ref, card in enumerate(pioche):
            ws.send_text(json.dumps({"type": "action", "action": {"kind": "play", "card": card}, "ref": ref}))
            err = recv_until(ws, lambda m: m["type"] in ("error", "ack"))
            assert err["type"] == "error" and err["code"] == "illegal", err
            assert not any(s in err["message"] for s in SECRETS), err["message"]
            assert f"card #{card}" in err["message"]
    for card in pioche:
        res = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "play", "card": card}},
                          headers={"X-Seat-Token": tokens[1]})
        assert res.status_code == 409, res.text
        assert not any(s in res.json()["detail"] for s in SECRETS), res.json()["detail"]
        # the other seat is told only that it may not act
        res = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "play", "card": card}},
                          headers={"X-Seat-Token": tokens[0]})
        assert res.status_code == 409 and "may not act now" in res.json()["detail"], res.text
        assert not any(s in res.json()["detail"] for s in SECRETS), res.json()["detail"]
    assert table.state.version == x_choice_board().version  # nothing was applied
