"""Error types.  All are ``ValueError`` subclasses carrying a message a person understands."""


class AllegianceError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(AllegianceError):
    """The action is well formed but not allowed now; the state is unchanged."""


class NotYourTurnError(IllegalActionError):
    """The seat may not act now (another seat must decide, or the seat does not exist)."""


class StaleActionError(IllegalActionError):
    """The action was chosen for an older version of the state."""


class MalformedActionError(IllegalActionError):
    """The action cannot be read at all (wrong shape, unknown kind, bad field types)."""


class PositionError(AllegianceError):
    """A position or replay file does not describe a valid game."""
