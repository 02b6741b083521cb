"""``python -m allegiance.cli``: the same as the ``allegiance`` command."""

from allegiance.cli import app

app(prog_name="allegiance")
