"""The build backend: setuptools, plus mypy as a build requirement when ``ALLEGIANCE_COMPILE=1``.

So that ``ALLEGIANCE_COMPILE=1 pip install .`` works in pip's isolated build environment, while a
normal install never needs mypy (``setup.py`` imports it only for the compiled build).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - this module is setuptools' backend, extended

VARIABLE = "ALLEGIANCE_COMPILE"
COMPILE_REQUIRES = ["mypy>=2.4"]


def _requires(hook: Callable[[Any], list[str]], config_settings: Any) -> list[str]:
    """setuptools' requirements, plus mypy for the compiled build.

    setuptools runs ``setup.py`` to list requirements: it runs without the variable, so that
    ``setup.py`` does not import mypy before mypy is installed.
    """
    compiled = os.environ.pop(VARIABLE, None)
    try:
        requires = hook(config_settings)
    finally:
        if compiled is not None:
            os.environ[VARIABLE] = compiled
    return requires + (COMPILE_REQUIRES if compiled == "1" else [])


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """PEP 517 hook."""
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """PEP 660 hook."""
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
