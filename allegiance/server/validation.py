"""Request bodies that do not fit the API's schemas answer 400 with one sentence naming each bad field.

FastAPI answers such a request with 422 and pydantic's raw error list; the API promises 400 and a
``detail`` sentence for every bad input (a seed out of range, ``1e400``, ``Infinity``, a string where an
integer belongs), so this handler rewrites it.  The offending values are not echoed back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

#: at most this many field errors are described
MAX_ERRORS = 5


def describe(errors: Sequence[Mapping[str, Any]]) -> str:
    """Validation errors (FastAPI's or pydantic's ``errors()``) as one sentence, values left out:
    ``body.seed: Input should be ...; ...``."""
    parts = []
    for err in errors[:MAX_ERRORS]:
        where = ".".join(str(p) for p in err.get("loc", ()))[:80]
        parts.append(f"{where}: {str(err.get('msg', 'invalid'))[:160]}")
    return "bad request: " + "; ".join(parts) if parts else "bad request"


def install(app: FastAPI) -> None:
    """Answer request validation errors with 400 and a readable ``detail``."""

    async def handler(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return JSONResponse({"detail": describe(exc.errors())}, status_code=400)

    app.add_exception_handler(RequestValidationError, handler)
