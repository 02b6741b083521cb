"""Game options: each game declares its options as :class:`OptionSpec` values, and one validator
checks what a player, a file or the command line gives against them before anything is stored.

The validator is strict on purpose (issue 10, item 3: one stored option nested 255 deep broke the
lobby for everyone): a boolean is a JSON boolean; an integer is a JSON integer within range (not
``"3"``, ``2.9``, ``"1_000"``, ``True``, ``Infinity`` or ``10**30``); a choice is one of the listed
strings; a per-seat option (``seat_texts``: a deck per seat) is a list of at most :data:`MAX_SEATS`
strings of at most :data:`MAX_TEXT` characters (comments included), each a listed choice or, where the
spec allows, a text the game reads itself (a deck file) holding no control character other than a line
break or a tab and no bidirectional-override character (:func:`unsafe_character`: such a text is shown to
other people, and these would hide or reorder what it says); an option the game does not declare is
refused.  Every error names the option and says what is allowed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from allegiance.core.errors import AllegianceError

OptionType = Literal["bool", "int", "choice", "seat_texts"]
#: the most entries a per-seat option may have, and the longest text one entry may be
MAX_SEATS: Final = 64
MAX_TEXT: Final = 8_000
#: bidirectional embedding, override and isolate controls and marks (they reorder what others read)
BIDI_CONTROLS: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: the control characters a pasted text may hold: line breaks and tabs
TEXT_CONTROLS: Final = frozenset("\n\r\t")
#: the bounds an int option may never leave, whatever its spec says (a signed 64-bit integer)
INT_LIMIT: Final = 2**63 - 1
#: the ``source`` of a rules option whose default fills a gap the game's sources leave: the project's
#: proposal, never to be shown as the publisher's rule
UNSOURCED: Final = "UNSOURCED"


class OptionError(AllegianceError, ValueError):
    """An option is unknown or its value is not allowed (the message says what is)."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its name, type, what values are allowed, its default and a help line.

    ``default`` ``None`` means "the rules decide" (e.g. a default that depends on the mode); giving
    the value ``null`` is then the same as leaving the option out.
    """

    name: str
    type: OptionType
    help: str = ""
    default: Any = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    #: ``seat_texts`` only: whether an entry may be a free text (e.g. a deck file) besides the choices
    free_text: bool = False
    #: ``free_text`` only: a short public description of such a text (``"custom deck (50 cards)"``), which
    #: the lobby shows instead of the text itself
    summarize: Callable[[str], str] | None = field(default=None, compare=False)
    #: where the rule this option sets comes from: a rule ID or document (``"SW-WIN-2"``), or
    #: :data:`UNSOURCED` and a note (a gap in the sources, the default is the project's proposal); "" for an engine
    #: setting that is no rule of the game (a turn limit, which decks, when to prompt)
    source: str = ""

    @property
    def rules_option(self) -> bool:
        """Whether the option sets a rule of the game (else it is an engine setting)."""
        return bool(self.source)

    @property
    def sourced(self) -> bool:
        """Whether the option's rule and default come from a source (not a proposal of the project)."""
        return bool(self.source) and not self.source.startswith(UNSOURCED)

    def to_json(self) -> dict[str, Any]:
        """The form the lobby form reads (``GET /api/games``)."""
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default, "help": self.help,
                               "source": self.source, "sourced": self.sourced}
        if self.type == "int":
            out.update({k: v for k, v in (("min", self.min), ("max", self.max)) if v is not None})
        if self.type in ("choice", "seat_texts"):
            out["choices"] = list(self.choices)
        if self.type == "seat_texts":
            out["free_text"] = self.free_text
        return out

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the values :meth:`check` accepts (for the API's OpenAPI document)."""
        out: dict[str, Any]
        if self.type == "bool":
            out = {"type": "boolean"}
        elif self.type == "int":
            out = {"type": "integer", "minimum": self.min if self.min is not None else -INT_LIMIT,
                   "maximum": self.max if self.max is not None else INT_LIMIT}
        elif self.type == "seat_texts":
            item: dict[str, Any] = {"type": "string", "maxLength": MAX_TEXT} if self.free_text \
                else {"type": "string", "enum": list(self.choices)}
            out = {"type": "array", "items": item, "minItems": 1, "maxItems": MAX_SEATS}
        else:
            out = {"type": "string", "enum": list(self.choices)}
        if self.default is None:
            out = {"anyOf": [out, {"type": "null"}]}
        return {**out, "description": self.help}

    def check(self, value: Any) -> Any:
        """``value`` if it is allowed, else :class:`OptionError` saying what is."""
        if value is None and self.default is None:
            return None
        if self.type == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name} must be true or false (a JSON boolean), not {_show(value)}")
            return value
        if self.type == "int":
            return self._check_int(value)
        if self.type == "seat_texts":
            return self._check_seat_texts(value)
        if not isinstance(value, str) or value not in self.choices:
            raise OptionError(f"option {self.name} must be one of {', '.join(self.choices)}, not {_show(value)}")
        return value

    def _check_int(self, value: Any) -> int:
        low = self.min if self.min is not None else -INT_LIMIT
        high = self.max if self.max is not None else INT_LIMIT
        allowed = f"an integer from {low} to {high}" if self.max is not None or self.min is None \
            else f"an integer of at least {low}"
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionError(f"option {self.name} must be {allowed}, not {_show(value)}")
        if not low <= value <= high:
            raise OptionError(f"option {self.name} must be {allowed}, not {_show(value)}")
        return value


    def _check_seat_texts(self, value: Any) -> list[str]:
        what = f"one of {', '.join(self.choices)}" + (" or a text" if self.free_text else "")
        if not isinstance(value, list | tuple) or not 1 <= len(value) <= MAX_SEATS:
            raise OptionError(f"option {self.name} must be a list with one entry per seat ({what}), "
                              f"not {_show(value)}")
        for number, entry in enumerate(value, 1):
            if not isinstance(entry, str):
                raise OptionError(f"option {self.name}: each entry must be {what} of at most {MAX_TEXT:,} "
                                  f"characters, not {_show(entry)}")
            if len(entry) > MAX_TEXT:
                raise OptionError(f"option {self.name}: entry {number} is {len(entry):,} characters long; a text "
                                  f"may have at most {MAX_TEXT:,} characters, comments included")
            if entry not in self.choices and not self.free_text:
                raise OptionError(f"option {self.name}: each entry must be {what}, not {_show(entry)}")
            if (bad := unsafe_character(entry)) is not None:
                raise OptionError(f"option {self.name}: entry {number} has {bad}; a text may hold "
                                  "printable characters, line breaks and tabs only")
        return list(value)


def validate_options(specs: Sequence[OptionSpec], options: Any) -> dict[str, Any]:
    """The options, checked against ``specs``: a new plain dict, or :class:`OptionError`.

    Options left out (or ``null`` where the default is the rules') are left out of the result; the
    game fills in its defaults.
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise OptionError(f"options must be a JSON object of name: value, not {_show(options)}")
    by_name = {s.name: s for s in specs}
    names = ", ".join(by_name) or "none"
    out: dict[str, Any] = {}
    for name, value in options.items():
        spec = by_name.get(name) if isinstance(name, str) else None
        if spec is None:
            raise OptionError(f"unknown option {_show(name)}; options: {names}")
        checked = spec.check(value)
        if checked is not None:
            out[name] = checked
    return out


def unsafe_character(text: str, allowed: frozenset[str] = TEXT_CONTROLS) -> str | None:
    """The first character of ``text`` that may not be shown to others, described (``"a control character
    (U+0000) on line 3"``), or ``None``: control characters other than ``allowed``, bidirectional
    override, isolate and mark characters, and lone surrogates."""
    for i, ch in enumerate(text):
        if ch in allowed:
            continue
        category = unicodedata.category(ch)
        if category == "Cc":
            kind = "a control character"
        elif ch in BIDI_CONTROLS:
            kind = f"a bidirectional-text control ({unicodedata.name(ch, 'unnamed').lower()})"
        elif category == "Cs":
            kind = "a lone surrogate (broken UTF-16)"
        else:
            continue
        return f"{kind} (U+{ord(ch):04X}) on line {text.count(chr(10), 0, i) + 1}"
    return None


def _show(value: Any) -> str:
    """A short, safe rendering of a bad value for an error message (never a huge or deep one)."""
    if isinstance(value, Mapping | list | tuple):
        return f"a {'JSON object' if isinstance(value, Mapping) else 'list'}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > INT_LIMIT:
        return "an integer out of range"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
