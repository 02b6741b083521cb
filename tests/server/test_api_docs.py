"""/docs works without internet access: Swagger UI's files come from this server, not a CDN."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_api_docs_page_and_its_assets_are_served_locally(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    urls = re.findall(r"""(?:src|href)=["']([^"']+)["']""", page.text) + re.findall(r"url: ?'([^']+)'", page.text)
    assert urls and not [u for u in urls if u.startswith(("http://", "https://", "//"))], urls
    for asset in ("/docs-assets/swagger-ui-bundle.js", "/docs-assets/swagger-ui.css"):
        assert asset in page.text
        res = client.get(asset)
        assert res.status_code == 200 and len(res.content) > 10_000
    assert client.get("/openapi.json").json()["paths"]
