"""A token bucket: at most ``rate`` messages per second on average, bursts up to ``burst``."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Allows a message when a token is left; tokens refill at ``rate`` per second up to ``burst``."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs rate > 0 and burst >= 1")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def available(self) -> float:
        """The tokens there are now (none is taken)."""
        return min(self.burst, self.tokens + (self.clock() - self.stamp) * self.rate)

    def allow(self) -> bool:
        """Take one token if there is one."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
