"""Optional compiled build: with ``ALLEGIANCE_COMPILE=1`` the hot core is compiled with mypyc.

Everything else (name, dependencies, package data) is in ``pyproject.toml``.  Without the variable
this adds nothing and the package is pure Python, as a normal ``pip install -e .`` always is.  With
it, the modules in :data:`COMPILED` are compiled to C extensions from the same sources (the ``.py``
files stay beside them, and Python prefers the extensions):

    ALLEGIANCE_COMPILE=1 pip install .                      # a compiled install (not editable)
    ALLEGIANCE_COMPILE=1 python setup.py build_ext --inplace  # compiled modules beside the sources

The second needs mypy in the environment (``pip install -e '.[compile]'``) and a C compiler; delete
the ``*.so`` files to go back to pure Python.  ``allegiance bench`` says which one it ran.

``ALLEGIANCE_COMPILE_OPT`` (0-3, default 3) is the C compiler's optimisation level.  Keep the default
for speed; 0 compiles the same C code about eight times faster, which is what the test of the
compiled build uses (it compares the games played, not their speed).
"""

from __future__ import annotations

import os

from setuptools import setup

#: the hot core: the protocol, actions and RNG, SWDBG's rules and greedy bot, the simulation runner
COMPILED = [
    "allegiance/core/actions.py",
    "allegiance/core/events.py",
    "allegiance/core/game.py",
    "allegiance/core/rng.py",
    "allegiance/core/table.py",
    "allegiance/bots/base.py",
    "allegiance/bots/greedy.py",
    "allegiance/bots/random_bot.py",
    "allegiance/sim/runner.py",
    "allegiance/games/swdbg/cards.py",
    "allegiance/games/swdbg/combat.py",
    "allegiance/games/swdbg/effects.py",
    "allegiance/games/swdbg/game.py",
    "allegiance/games/swdbg/rules.py",
    "allegiance/games/swdbg/setup.py",
    "allegiance/games/swdbg/state.py",
    "allegiance/games/swdbg/strategy.py",
    "allegiance/games/swdbg/turns.py",
]


#: the C optimisation levels ``ALLEGIANCE_COMPILE_OPT`` may name
OPT_LEVELS = ("0", "1", "2", "3")


def opt_level() -> str:
    """The C optimisation level from ``ALLEGIANCE_COMPILE_OPT`` (default ``"3"``); anything else is an error."""
    level = os.environ.get("ALLEGIANCE_COMPILE_OPT", "3").strip()
    if level not in OPT_LEVELS:
        raise SystemExit(f"ALLEGIANCE_COMPILE_OPT must be one of {', '.join(OPT_LEVELS)}, not {level!r}")
    return level


def ext_modules() -> list:
    """The mypyc extensions when ``ALLEGIANCE_COMPILE=1``, else none."""
    if os.environ.get("ALLEGIANCE_COMPILE") != "1":
        return []
    level = opt_level()
    from mypyc.build import mypycify  # only the compiled build needs mypy

    # The build environment may lack the optional dependencies that modules outside the core import
    # (ray, numpy, ...): mypy treats them as untyped.  One group named inside the package, so that its
    # shared library is allegiance/compiled__mypyc*.so rather than a top-level module with a hashed name.
    return mypycify(["--ignore-missing-imports", *COMPILED], opt_level=level, group_name="allegiance.compiled")


setup(ext_modules=ext_modules())
