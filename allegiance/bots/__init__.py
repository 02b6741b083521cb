"""Bots: players that choose one of the legal actions.  Look one up with :func:`make_bot`.

Every bot implements :class:`Bot`; bots see the game only through the protocol (and a bot of a
game-specific kind reads only what its seat may see).
"""

from __future__ import annotations

from allegiance.bots.base import Bot
from allegiance.bots.random_bot import RandomBot
from allegiance.core.game import Game

BOT_KINDS = ("random", "greedy", "ismcts")

#: the options each bot kind takes in a spec (``ismcts:iterations=500``), with their types
BOT_OPTIONS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {},
    "ismcts": {"iterations": int, "time_ms": float, "exploration": float, "horizon": int,
               "determinizations": int},
}

#: how a bot is written on the command line, for help texts
BOT_SPEC_HELP = ("a bot is random, greedy or ismcts; ismcts takes options after colons, e.g. "
                 "ismcts:iterations=500:horizon=2 (iterations, time_ms, exploration, horizon, determinizations)")


def parse_bot_spec(spec: str) -> tuple[str, dict[str, int | float]]:
    """Split a bot spec into its kind and options: ``"ismcts:iterations=500"`` -> ``("ismcts", {...})``.

    Raises :class:`ValueError` with a message a person can act on for an unknown kind, an option the
    kind does not take or a value of the wrong type.
    """
    kind, *parts = spec.strip().split(":")
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOT_KINDS)}")
    allowed = BOT_OPTIONS[kind]
    options: dict[str, int | float] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"bot option {part!r} of {spec!r} is not key=value")
        if key not in allowed:
            takes = ", ".join(allowed) or "no options"
            raise ValueError(f"bot {kind!r} has no option {key!r} (it takes {takes})")
        try:
            options[key] = allowed[key](raw.strip())
        except ValueError:
            raise ValueError(f"bot option {key} needs a number ({allowed[key].__name__}), not {raw!r}") from None
    return kind, options


def bot_kinds_for(game: Game) -> tuple[str, ...]:
    """The bot kinds that can play ``game``: random always, greedy if the game has a greedy heuristic
    (``greedy_choice``), ismcts if it has search hooks.  The lobby offers only these, so a table never
    waits on a bot that cannot move."""
    kinds = ["random"]
    if getattr(game, "greedy_choice", None) is not None:
        kinds.append("greedy")
    try:
        game.search_hooks()
    except NotImplementedError:
        pass
    else:
        kinds.append("ismcts")
    return tuple(kinds)


def make_bot(spec: str, seed: int = 0, **options: object) -> Bot:
    """A bot from its spec (see :func:`parse_bot_spec`); keyword ``options`` add to the spec's."""
    kind, parsed = parse_bot_spec(spec)
    if kind == "random":
        if options:
            raise ValueError("bot 'random' takes no options")
        return RandomBot(seed)
    if kind == "greedy":
        if options:
            raise ValueError("bot 'greedy' takes no options")
        from allegiance.bots.greedy import GreedyBot
        return GreedyBot(seed)
    from allegiance.bots.ismcts import IsmctsBot
    return IsmctsBot(seed, **{**parsed, **options})  # type: ignore[arg-type]


__all__ = ["Bot", "BOT_KINDS", "bot_kinds_for", "BOT_OPTIONS", "BOT_SPEC_HELP", "make_bot", "parse_bot_spec"]
