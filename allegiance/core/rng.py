"""A seeded random number generator whose whole state is one integer.

Game states carry their RNG, so copying a state must copy the RNG cheaply and a saved position must
hold it; ``random.Random`` has a 625-word state, this one has 64 bits (SplitMix64).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1


class Rng:
    """SplitMix64: fast, statistically sound for games, and fully described by ``state``."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit value."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Rejection sampling keeps the result unbiased.
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's state and ``salt`` (state unchanged)."""
        child = Rng(self.state ^ ((salt * 0xD1B54A32D192ED03) & _MASK))
        child.next64()
        return child

    def copy(self) -> Rng:
        """An identical, independent generator."""
        return Rng(self.state)
