"""Test-wide rules: an ERROR log line anywhere fails the test that caused it."""
import logging

import pytest


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
