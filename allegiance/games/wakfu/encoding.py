"""A fixed integer encoding of every Wakfu action, for action masks (the SWDBG module's counterpart).

``encode`` and ``decode`` need no game state: an index means the same action in every game.  Card ids
are below :data:`MAX_CARDS` (two 50-card decks use 0..99).  Layout, in order: ``end_turn``, ``attack``,
``pass``; the word answers of a choice (:data:`WORDS`, append only); ``play(card)``; ``move(card)``;
``use(card, power)``; ``choose(int)`` (a card id, a seat, an X); ``choose("use:card:power")`` (a Réaction
power); ``choose("hand:card")`` (a power used from the hand); ``choose(blocker, attacker)``.

Team games have more cards (up to 16 decks of 50 in 8v8).  An action naming only ids below
:data:`MAX_CARDS` keeps its duel index; one naming a bigger id takes the same layout again from
:data:`SIZE`, sized for :data:`MAX_TEAM_CARDS` ids (the duel's indices never change).
"""

from __future__ import annotations

from typing import Final

from allegiance.core.actions import Action

MAX_CARDS: Final = 128
MAX_POWERS: Final = 4
#: word answers, in a fixed order (append only: the order is the encoding)
WORDS: Final = ("keep", "rollback", "recycle", "pass", "done", "cancel", "craft", "draw", "no", "chifumi",
                "accept", "refuse", "destroy", "none", "monde", "havre", "Air", "Terre", "Feu", "Eau", "Neutre",
                "Armurier", "Forgeron", "Bricoleur", "Bijoutier", "play_first", "play_second", "regain", "lose",
                "lose_pv", "pierre", "feuille", "ciseaux")
_FIXED: Final = ("end_turn", "attack", "pass")
WORD0: Final = len(_FIXED)
PLAY0: Final = 64
MOVE0: Final = PLAY0 + MAX_CARDS
USE0: Final = MOVE0 + MAX_CARDS
INT0: Final = USE0 + MAX_CARDS * MAX_POWERS
RPOWER0: Final = INT0 + MAX_CARDS
HAND0: Final = RPOWER0 + MAX_CARDS * MAX_POWERS
PAIR0: Final = HAND0 + MAX_CARDS
SIZE: Final = PAIR0 + MAX_CARDS * MAX_CARDS
MAX_TEAM_CARDS: Final = 16 * 50  # 8v8
#: the team layout, offsets from SIZE: play, move, use, choose(int), Réaction power, hand power, pairs
_T_PLAY: Final = 0
_T_MOVE: Final = _T_PLAY + MAX_TEAM_CARDS
_T_USE: Final = _T_MOVE + MAX_TEAM_CARDS
_T_INT: Final = _T_USE + MAX_TEAM_CARDS * MAX_POWERS
_T_RPOWER: Final = _T_INT + MAX_TEAM_CARDS
_T_HAND: Final = _T_RPOWER + MAX_TEAM_CARDS * MAX_POWERS
_T_PAIR: Final = _T_HAND + MAX_TEAM_CARDS
TEAM_SIZE: Final = SIZE + _T_PAIR + MAX_TEAM_CARDS * MAX_TEAM_CARDS


def _card(c: object) -> int:
    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < MAX_CARDS:
        raise ValueError(f"card id {c!r} is outside 0..{MAX_CARDS - 1}")
    return c


def _big(c: object) -> int:
    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < MAX_TEAM_CARDS:
        raise ValueError(f"card id {c!r} is outside 0..{MAX_TEAM_CARDS - 1}")
    return c


def _ids(action: Action) -> list[object]:
    value = action.get("value")
    if action.kind == "choose" and isinstance(value, str) and value.startswith(("use:", "hand:")):
        return [int(value.split(":")[1])]
    return [v for v in (action.get("card"), value, action.get("amount")) if isinstance(v, int)]


def encode(action: Action) -> int:
    """The index of an action; ValueError for an action no Wakfu game can offer."""
    if any(isinstance(c, int) and not isinstance(c, bool) and c >= MAX_CARDS for c in _ids(action)):
        return _encode_team(action)
    return _encode_duel(action)


def _encode_team(action: Action) -> int:
    kind = action.kind
    if kind == "play":
        return SIZE + _T_PLAY + _big(action.get("card"))
    if kind == "move":
        return SIZE + _T_MOVE + _big(action.get("card"))
    if kind == "use":
        power = action.get("power")
        if not isinstance(power, int) or not 0 <= power < MAX_POWERS:
            raise ValueError(f"power index {power!r} is outside 0..{MAX_POWERS - 1}")
        return SIZE + _T_USE + _big(action.get("card")) * MAX_POWERS + power
    if kind == "choose":
        value, amount = action.get("value"), action.get("amount")
        if amount is not None:
            return SIZE + _T_PAIR + _big(value) * MAX_TEAM_CARDS + _big(amount)
        if isinstance(value, int):
            return SIZE + _T_INT + _big(value)
        if isinstance(value, str) and value.startswith("use:"):
            _, c, p = value.split(":")
            if not 0 <= int(p) < MAX_POWERS:
                raise ValueError(f"power index {p} is outside 0..{MAX_POWERS - 1}")
            return SIZE + _T_RPOWER + _big(int(c)) * MAX_POWERS + int(p)
        if isinstance(value, str) and value.startswith("hand:"):
            return SIZE + _T_HAND + _big(int(value.split(":")[1]))
    raise ValueError(f"{action} has no Wakfu encoding")


def _decode_team(i: int) -> Action:
    if i < _T_MOVE:
        a = Action.of("play", card=i - _T_PLAY)
    elif i < _T_USE:
        a = Action.of("move", card=i - _T_MOVE)
    elif i < _T_INT:
        c, p = divmod(i - _T_USE, MAX_POWERS)
        a = Action.of("use", card=c, power=p)
    elif i < _T_RPOWER:
        a = Action.of("choose", value=i - _T_INT)
    elif i < _T_HAND:
        c, p = divmod(i - _T_RPOWER, MAX_POWERS)
        a = Action.of("choose", value=f"use:{c}:{p}")
    elif i < _T_PAIR:
        a = Action.of("choose", value=f"hand:{i - _T_HAND}")
    else:
        b, t = divmod(i - _T_PAIR, MAX_TEAM_CARDS)
        a = Action.of("choose", value=b, amount=t)
    if all(c < MAX_CARDS for c in _ids(a)):  # type: ignore[operator]
        raise ValueError(f"action index {SIZE + i} is unused (the action has its duel index)")
    return a


def _encode_duel(action: Action) -> int:
    kind = action.kind
    if kind in _FIXED:
        return _FIXED.index(kind)
    if kind == "play":
        return PLAY0 + _card(action.get("card"))
    if kind == "move":
        return MOVE0 + _card(action.get("card"))
    if kind == "use":
        power = action.get("power")
        if not isinstance(power, int) or not 0 <= power < MAX_POWERS:
            raise ValueError(f"power index {power!r} is outside 0..{MAX_POWERS - 1}")
        return USE0 + _card(action.get("card")) * MAX_POWERS + power
    if kind == "choose":
        value, amount = action.get("value"), action.get("amount")
        if amount is not None:
            return PAIR0 + _card(value) * MAX_CARDS + _card(amount)
        if isinstance(value, int):
            return INT0 + _card(value)
        if isinstance(value, str):
            if value in WORDS:
                return WORD0 + WORDS.index(value)
            if value.startswith("use:"):
                _, c, p = value.split(":")
                if not 0 <= int(p) < MAX_POWERS:
                    raise ValueError(f"power index {p} is outside 0..{MAX_POWERS - 1}")
                return RPOWER0 + _card(int(c)) * MAX_POWERS + int(p)
            if value.startswith("hand:"):
                return HAND0 + _card(int(value.split(":")[1]))
    raise ValueError(f"{action} has no Wakfu encoding")


def decode(index: int) -> Action:
    """The action of an index (the inverse of :func:`encode`)."""
    if SIZE <= index < TEAM_SIZE:
        return _decode_team(index - SIZE)
    if not 0 <= index < SIZE:
        raise ValueError(f"action index {index} is outside 0..{TEAM_SIZE - 1}")
    if index < WORD0:
        return Action.of(_FIXED[index])
    if index < PLAY0:
        if index - WORD0 >= len(WORDS):
            raise ValueError(f"action index {index} is unused")
        return Action.of("choose", value=WORDS[index - WORD0])
    if index < MOVE0:
        return Action.of("play", card=index - PLAY0)
    if index < USE0:
        return Action.of("move", card=index - MOVE0)
    if index < INT0:
        c, p = divmod(index - USE0, MAX_POWERS)
        return Action.of("use", card=c, power=p)
    if index < RPOWER0:
        return Action.of("choose", value=index - INT0)
    if index < HAND0:
        c, p = divmod(index - RPOWER0, MAX_POWERS)
        return Action.of("choose", value=f"use:{c}:{p}")
    if index < PAIR0:
        return Action.of("choose", value=f"hand:{index - HAND0}")
    b, a = divmod(index - PAIR0, MAX_CARDS)
    return Action.of("choose", value=b, amount=a)
