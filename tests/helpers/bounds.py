"""The one place tests take their time bounds from.

A bound ends a test that waits for something which must happen (a frame, a page change, a process
starting or ending) and never came; it is never a pace and never a measure of speed (speed goes in
scripts/bench*.py). On a quiet 2-core machine each of these events takes well under a second, but with
several test suites on the same 2 cores (load 20-40) a server process's start-up has taken 15 s and a page
change over 20 s. So the bounds are generous: a passing test never waits for them, only a failing one does.
"""
from __future__ import annotations

EVENT_S = 60.0        # a WebSocket frame, a page change, a log line, a helper thread's or process's work
START_S = 120.0       # a server process or a browser started until it answers
EXIT_S = 60.0         # a process told to stop (or that must stop by itself) until it has
POLL_S = 0.05         # the interval of a readiness poll (how often, not how long)
EXPECT_MS = int(EVENT_S * 1000)   # Playwright's expect() and page waits, in its unit
