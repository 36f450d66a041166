"""Rate limits: a token bucket (`burst` tries at once, refilled at `rate` tries per second; rate 0: never
refills), and one bucket per client: an IPv4 address or an IPv6 /64 (`client_key`)."""
from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable


def client_key(ip: str) -> str:
    """What the limits count a peer address as: an IPv4 address itself (also when it comes IPv4-mapped,
    "::ffff:192.0.2.7"), an IPv6 address by its /64 network ("2001:db8:1:2::/64"), since one device holds
    many addresses of its own /64 (privacy addresses, RFC 8981) and could otherwise take the cap alone.
    Anything unparseable is counted as itself."""
    try:
        addr = ipaddress.ip_address(ip.split("%", 1)[0])   # drop an IPv6 zone ("fe80::1%eth0")
    except ValueError:
        return ip
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


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
    """One token bucket per client (`client_key`: so neither a new socket nor a new IPv6 privacy address
    gets a fresh allowance)."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self._buckets: dict[str, TokenBucket] = {}

    def allow(self, ip: str) -> bool:
        """Take a token from `ip`'s bucket; False means rate-limited."""
        if len(self._buckets) > 4096:  # forget idle addresses rather than grow without bound
            self._buckets.clear()
        key = client_key(ip)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.burst, self.rate)
        return bucket.allow()
