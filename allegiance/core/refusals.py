"""What a refusal may say: only what the sender's view holds, and what the sender sent (invariant 4).

A refused action is described to the seat that sent it, and that seat is an adversary who may send any
action shape with any number in it, over and over.  A game's own wording of an action looks cards up by
id ("play Bouftou (2nd of 3 in Player 1's Pioche)"), and a game's wording can be wrong about what a seat
may see (a numeric choice's values 0..16 once passed as "cards offered to you": issue 21 item 1).  So
the checked entry point, :meth:`allegiance.core.game.Game.apply`, never hands the game a number the
sender's view does not hold as a card:

1. **The sender's view is the source.**  The card ids a seat may be told about are the ids of the card
   objects (``{"id": int, "name": str, ...}``) of ``game.view(state, seat)``: the one place each game
   already decides what a seat sees, and the convention every game's view follows.
2. **Blinding.**  Every number of the action that is not such an id (an int parameter, or a run of
   digits inside a string parameter such as Wakfu's ``"use:37:0"``) is replaced by a sentinel number
   that names no card and no seat before the game words the action; the sentinel is then put back as
   the number the sender wrote.  The game's wording of such a number therefore depends only on what
   was sent ("play 37", "X = 17"), never on which card, if any, has that id.  Cards the view holds keep
   the game's full wording (name and place).
3. **A last check by name.**  If the finished text still names a card (any name of the game's
   :meth:`~allegiance.core.game.Game.card_catalog`) that appears nowhere in the sender's view, the
   game's wording is dropped for one built here from the seat's label and the values sent alone
   ("Player 2: play card #37").

Every refusal of :meth:`Game.apply` goes through :func:`guard_text` (the wording of the action, the
stale reason, and the finished message of every other refusal: not your turn, stale version, game
over), so a new game gets all of this by implementing ``view`` and ``card_catalog``.  The price: a
refusal builds the sender's view once, which legal play never pays.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from allegiance.core.actions import Action

#: sentinels are this number plus a small index: far beyond any card id or seat, all the same width
_SENTINEL_BASE: Final = 7_310_000_000_000_000
#: a digit run longer than this in a string parameter is never a card id (and int() of it may be refused)
_LONGEST_ID: Final = 18
_DIGITS: Final = re.compile(r"\d+")
#: game name -> the pattern that finds any of its card names as a whole word (a catalog is fixed data)
_NAME_PATTERNS: dict[str, re.Pattern[str] | None] = {}
#: what a game's card names come from: its ``card_catalog`` (called once per game)
Catalog = Callable[[], Mapping[str, Any]]


class SenderView:
    """What one seat's view holds: built at most once, and only when a check needs it.  The table builds
    one per state message and shares it between the legal actions' words and the cards' reasons."""

    def __init__(self, make_view: Callable[[], Mapping[str, Any]]) -> None:
        self._make_view = make_view
        self._view: Mapping[str, Any] | None = None
        self._cards: dict[int, str] | None = None
        self._text: str | None = None

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> SenderView:
        """The sender view of a view already built."""
        return cls(lambda: view)

    def _the_view(self) -> Mapping[str, Any]:
        if self._view is None:
            try:
                self._view = self._make_view()
            except Exception:  # no view: the sender is shown nothing, so every number is blinded
                self._view = {}
        return self._view

    @property
    def cards(self) -> dict[int, str]:
        """The id and name of every card object (``{"id": int, "name": str, ...}``) in the view."""
        if self._cards is None:
            self._cards = card_objects(self._the_view())
        return self._cards

    def sees_name(self, name: str) -> bool:
        """Whether ``name`` appears in the view (a card object of that name, or any text of it)."""
        if name in self.cards.values():
            return True
        if self._text is None:  # only a name the card objects lack needs the view's texts
            self._text = "\n".join(view_strings(self._the_view()))
        return re.search(_word(name), self._text) is not None


#: leaves of a view that hold neither a card object nor text: skipped without a look
_SCALARS: Final = (int, float, bool, type(None))


def card_objects(view: Any) -> dict[int, str]:
    """The id and name of every ``{"id": int, "name": str, ...}`` object anywhere in ``view``.

    Built for every state message a seat receives, so it walks with a stack and plain type tests (a
    recursive walk with ``isinstance`` at every leaf was a third of a busy server's time)."""
    found: dict[int, str] = {}
    stack = [view]
    pop, push = stack.pop, stack.append
    while stack:
        node = pop()
        kind = type(node)
        if kind is dict or (kind is not list and kind is not tuple and isinstance(node, Mapping)):
            ident = node.get("id")
            if type(ident) is int:
                name = node.get("name")
                if isinstance(name, str):
                    found[ident] = name
            for value in reversed(node.values() if kind is dict else list(node.values())):  # document order
                if type(value) not in _SCALARS and type(value) is not str:
                    push(value)
        elif kind is list or kind is tuple:
            for value in reversed(node):
                if type(value) not in _SCALARS and type(value) is not str:
                    push(value)
    return found


def view_strings(view: Any) -> list[str]:
    """Every string in ``view`` (values, not keys), in document order."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, Mapping):
            for value in node.values():
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    walk(view)
    return out


def _word(name: str) -> str:
    return rf"(?<!\w){re.escape(name)}(?!\w)"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def literal(value: Any) -> str:
    """A value as the sender wrote it, short and printable (no int too long for ``str``)."""
    if _is_int(value) and value.bit_length() >= 128:
        return "a number out of range"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def blind(action: Action, visible: Callable[[], Mapping[int, str]]) -> tuple[Action, dict[str, str]]:
    """``action`` with every number that is not a card id of ``visible()`` replaced by a sentinel, and the
    map from each sentinel's digits back to what the sender wrote (``visible`` is called only if the
    action holds a number: an action without one needs no view)."""
    back: dict[str, str] = {}

    def sentinel(shown: str) -> str:
        token = str(_SENTINEL_BASE + len(back))
        back[token] = shown
        return token

    def blind_run(match: re.Match[str]) -> str:
        run = match.group(0)
        if len(run) <= _LONGEST_ID and int(run) in visible():
            return run
        return sentinel(run if len(run) <= 20 else run[:17] + "...")

    params: list[tuple[str, Any]] = []
    for key, value in action.params:
        if _is_int(value) and value not in visible():
            value = int(sentinel(literal(value)))
        elif isinstance(value, str):
            value = _DIGITS.sub(blind_run, value)
        params.append((key, value))
    return Action(action.kind, tuple(params)), back


def unblind(text: str, back: Mapping[str, str]) -> str:
    """``text`` with each sentinel put back as the value the sender wrote."""
    for token, shown in back.items():
        text = text.replace(token, shown)
    return text


def plain_description(label: str, action: Action) -> str:
    """An action in words built from the seat's label and what was sent, and nothing else."""
    parts = [literal(action.kind).strip("'")]
    for key, value in action.params:
        if value is None:
            continue
        if key in ("card", "target") and _is_int(value) and value.bit_length() < 128:
            parts.append(f"card #{value}")
        else:
            parts.append(f"{literal(key).strip(chr(39))} {literal(value)}")
    return f"{label}: {' '.join(parts)}"


def _names_pattern(game_name: str, catalog: Catalog) -> re.Pattern[str] | None:
    if game_name in _NAME_PATTERNS:
        return _NAME_PATTERNS[game_name]
    try:
        names = sorted((n for n in catalog() if isinstance(n, str) and n.strip()), key=len, reverse=True)
    except Exception:  # a game without a usable catalog: the blinding still holds, the name check is off
        names = []
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(re.escape(n) for n in names)})(?!\w)") if names else None
    _NAME_PATTERNS[game_name] = pattern
    return pattern


def unseen_names(text: str, sender: SenderView, game_name: str, catalog: Catalog) -> list[str]:
    """The card names of ``catalog`` that ``text`` contains and the sender's view does not."""
    pattern = _names_pattern(game_name, catalog)
    if pattern is None:
        return []
    found = {m.group(0) for m in pattern.finditer(text)}
    return sorted(n for n in found if not sender.sees_name(n))


def guard_text(compose: Callable[[Action], str], action: Action, sender: SenderView, fallback: str,
               game_name: str, catalog: Catalog) -> str:
    """The game's words for ``action`` (``compose``), built from a blinded copy of it and checked against
    the sender's view; ``fallback`` (built without the game) when they fail or name a card the view does
    not show."""
    blinded, back = blind(action, lambda: sender.cards)
    try:
        text = unblind(compose(blinded), back)
    except Exception:  # a game's wording bug must not turn a refusal into a server error
        return fallback
    return fallback if unseen_names(text, sender, game_name, catalog) else text


def guard_message(message: str, sender: SenderView, game_name: str, catalog: Catalog,
                  fallback: str) -> str:
    """A finished refusal message, or ``fallback`` if it names a card the sender's view does not show."""
    return fallback if unseen_names(message, sender, game_name, catalog) else message

