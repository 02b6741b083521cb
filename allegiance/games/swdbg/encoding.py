"""A fixed integer encoding of every SWDBG action, for action masks (PettingZoo, OpenSpiel-style agents).

The core keeps structured :class:`~allegiance.core.actions.Action` values; this module is the adapter
that numbers them.  ``encode`` and ``decode`` need no game state, so an index means the same action in
every game and every mode.

Layout.  A few card-free slots come first (``end_turn``, ``resolve`` and the word answers to a choice:
"done", "decline", "keep", "force", "attack", "resources4", "repair3", ...).  Then come *shells*, one
per card id ``k``, holding every slot whose largest card id is ``k``:

* ``play``, ``buy``, ``pay_off``, ``use`` of ``k``; ``commit(k, target="base")``; ``choose(value=k)``
  (a card, or a seat number: seats are small ints and share these slots);
  ``choose(value=k, amount=n)`` for ``n`` in 1..:data:`MAX_AMOUNT` (damage split onto base ``k``);
* ``commit(k, target=t)`` and ``commit(t, target=k)`` for every ``t < k``, and ``commit(k, target=k)``.

Because shells are ordered by card id, the actions of a game whose card ids run ``0..n-1`` occupy
exactly the first :func:`space_size`\\ ``(n)`` indices.  A mode therefore uses a *prefix* of the one
universal encoding: :func:`space_size_for` gives that prefix length (1v1 beginner: 130 cards,
20,327 actions; 2v2 beginner: 260 cards, 74,407; 2v2 full galaxy: 280 cards, 85,727), while indices
stay identical across modes.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from allegiance.core.actions import Action
from allegiance.games.swdbg.cards import card_defs

#: Choice answers that are words, in a fixed order (append only: the order is the encoding).
WORDS: tuple[str, ...] = ("done", "decline", "keep", "force", "attack")
#: Prefixes of the "choose one" answers (``attack2``, ``resources4``, ``force1``, ``repair3``).
MODE_WORDS: tuple[str, ...] = ("attack", "resources", "force", "repair")
#: The largest number a "choose one" answer may carry (``resources9``).
MAX_MODE_AMOUNT = 9
#: The largest damage amount of a split (``choose(base, amount)``): a base's hit points plus Hoth's
#: shield, which pools 2 per Hoth of the team (two Hoths in 2v2) and counts as damage still needed.
MAX_AMOUNT: int = max(d.hit_points for d in card_defs().values()) + 4
#: More card ids than any SWDBG game has (2v2 with the full galaxy has 280).
MAX_CARDS = 320

STRINGS: tuple[str, ...] = WORDS + tuple(f"{w}{n}" for w in MODE_WORDS for n in range(MAX_MODE_AMOUNT + 1))
_STRING_INDEX = {s: i for i, s in enumerate(STRINGS)}

END_TURN = 0
RESOLVE = 1
_FIXED = 2 + len(STRINGS)

# Offsets inside a shell's per-card part.
_PLAY, _BUY, _PAY_OFF, _USE, _COMMIT_BASE, _CHOOSE = range(6)
_AMOUNT = 6  # choose(value=k, amount=n) -> _AMOUNT + n - 1
_PER_CARD = _AMOUNT + MAX_AMOUNT
_CARD_KINDS = {"play": _PLAY, "buy": _BUY, "pay_off": _PAY_OFF, "use": _USE}
_KIND_AT = {v: k for k, v in _CARD_KINDS.items()}


def _shell(k: int) -> int:
    """The first index of card ``k``'s shell: the fixed part, then ``k`` shells of sizes _PER_CARD + 2j + 1."""
    return _FIXED + _PER_CARD * k + k * k


def space_size(cards: int) -> int:
    """How many indices the actions of a game with card ids ``0..cards-1`` use (a prefix)."""
    return _shell(cards)


ACTION_SPACE_SIZE: int = space_size(MAX_CARDS)


@cache
def space_size_for(mode: str, galaxy: str = "beginner") -> int:
    """The action-space size of one SWDBG mode and galaxy option (its card count's prefix)."""
    from allegiance.games.swdbg.setup import new_game
    return space_size(len(new_game(mode, 0, {"galaxy": galaxy}).cards))


def _card(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_CARDS:
        raise ValueError(f"{value!r} is not a card id in 0..{MAX_CARDS - 1}")
    return value


def encode(action: Action) -> int:
    """The index of an action; raises ``ValueError`` for an action SWDBG never offers."""
    kind = action.kind
    if kind == "end_turn":
        return END_TURN
    if kind == "resolve":
        return RESOLVE
    if kind in _CARD_KINDS:
        k = _card(action.get("card"))
        return _shell(k) + _CARD_KINDS[kind]
    if kind == "commit":
        k = _card(action.get("card"))
        target = action.get("target")
        if target == "base":
            return _shell(k) + _COMMIT_BASE
        t = _card(target)
        top = max(k, t)
        pairs = _shell(top) + _PER_CARD
        if k == t:
            return pairs + 2 * top
        return pairs + (t if k == top else top + k)
    if kind == "choose":
        value = action.get("value")
        amount = action.get("amount")
        if isinstance(value, str):
            if amount is not None or value not in _STRING_INDEX:
                raise ValueError(f"choose({value!r}) is not an SWDBG answer; words: {', '.join(STRINGS)}")
            return 2 + _STRING_INDEX[value]
        k = _card(value)
        if amount is None:
            return _shell(k) + _CHOOSE
        if not isinstance(amount, int) or not 1 <= amount <= MAX_AMOUNT:
            raise ValueError(f"damage amount {amount!r} is outside 1..{MAX_AMOUNT}")
        return _shell(k) + _AMOUNT + amount - 1
    raise ValueError(f"unknown SWDBG action kind {kind!r}")


def _shell_of(index: int) -> int:
    """The card ``k`` whose shell holds ``index`` (the largest k with _shell(k) <= index)."""
    lo, hi = 0, MAX_CARDS - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _shell(mid) <= index:
            lo = mid
        else:
            hi = mid - 1
    return lo


def decode(index: int) -> Action:
    """The action at ``index`` (the inverse of :func:`encode`)."""
    if not isinstance(index, int) or isinstance(index, bool):
        index = int(index)  # numpy integers
    if not 0 <= index < ACTION_SPACE_SIZE:
        raise ValueError(f"action index {index} is outside 0..{ACTION_SPACE_SIZE - 1}")
    if index == END_TURN:
        return Action.of("end_turn")
    if index == RESOLVE:
        return Action.of("resolve")
    if index < _FIXED:
        return Action.of("choose", value=STRINGS[index - 2])
    k = _shell_of(index)
    r = index - _shell(k)
    if r in _KIND_AT:
        return Action.of(_KIND_AT[r], card=k)
    if r == _COMMIT_BASE:
        return Action.of("commit", card=k, target="base")
    if r == _CHOOSE:
        return Action.of("choose", value=k)
    if r < _PER_CARD:
        return Action.of("choose", value=k, amount=r - _AMOUNT + 1)
    r -= _PER_CARD
    if r < k:
        return Action.of("commit", card=k, target=r)
    if r < 2 * k:
        return Action.of("commit", card=r - k, target=k)
    return Action.of("commit", card=k, target=k)


def legal_indices(actions: Iterable[Action]) -> list[int]:
    """The indices of some actions, in order."""
    return [encode(a) for a in actions]


def index_map(actions: Iterable[Action]) -> dict[int, Action]:
    """Index -> action for a list of legal actions (to answer an agent's chosen index)."""
    return {encode(a): a for a in actions}
