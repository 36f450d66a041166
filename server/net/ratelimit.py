"""Rate limits: a token bucket (`burst` tries at once, refilled at `rate` tries per second; rate 0: never
refills), and one bucket per client IP address."""
from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Allows `burst` events at once and `rate` per second on average; `clock` returns seconds."""

    def __init__(self, burst: float, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.rate = rate
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def allow(self) -> bool:
        """Take one token if there is one; False means rate-limited."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class IpLimits:
    """One join token bucket per client IP address (so a new socket does not get a fresh allowance)."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self._buckets: dict[str, TokenBucket] = {}

    def allow(self, ip: str) -> bool:
        """Take a token from `ip`'s bucket; False means rate-limited."""
        if len(self._buckets) > 4096:  # forget idle addresses rather than grow without bound
            self._buckets.clear()
        bucket = self._buckets.setdefault(ip, TokenBucket(self.burst, self.rate))
        return bucket.allow()
