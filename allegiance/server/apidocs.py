"""The API reference at ``/docs``: Swagger UI's files come from the ``swagger-ui-bundle-v2`` package
(Apache-2.0, Swagger UI 5, which reads OpenAPI 3.1), so the page works on a machine without internet
access instead of loading them from a CDN."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

#: where the Swagger UI files are served
ASSETS = "/docs-assets"


def mount_api_docs(app: FastAPI) -> None:
    """Serve ``/docs`` (Swagger UI over ``app``'s OpenAPI document) and its files under :data:`ASSETS`."""
    from swagger_ui_bundle import swagger_ui_path

    app.mount(ASSETS, StaticFiles(directory=swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def api_docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} · API",
                                   swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS}/swagger-ui.css",
                                   swagger_favicon_url=f"{ASSETS}/favicon-32x32.png")
