"""Test-wide rules: an ERROR log line anywhere fails the test that caused it; a test that hangs ends the run."""
import logging
import os
import threading

import pytest

HANG_GRACE_S = 60.0   # after pytest's faulthandler_timeout has printed the tracebacks


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def fail_on_error_log():
    """Fails the test if any logger emitted ERROR or worse while it ran."""
    collector = _ErrorCollector()
    root = logging.getLogger()
    root.addHandler(collector)
    yield collector
    root.removeHandler(collector)
    if collector.records:
        lines = "\n".join(f"{r.name}: {r.getMessage()}" for r in collector.records)
        pytest.fail(f"ERROR log lines during the test:\n{lines}")


@pytest.fixture(autouse=True)
def end_the_run_if_hung(request):
    """A test that outlives pyproject's `faulthandler_timeout` (when pytest prints every thread's traceback)
    by HANG_GRACE_S ends the whole run with exit status 3: a browser test once hung 20 minutes on a loaded
    machine, and in CI that would hold the run until CI's own limit, telling nobody where."""
    limit = float(request.config.getini("faulthandler_timeout") or 0)
    if not limit:
        yield
        return

    # (pytest's "Timeout (0:15:00)!" and the tracebacks above it say which test and where; fd 2 is
    # captured here, so nothing more is printed)
    timer = threading.Timer(limit + HANG_GRACE_S, os._exit, args=(3,))
    timer.daemon = True
    timer.start()
    yield
    timer.cancel()
