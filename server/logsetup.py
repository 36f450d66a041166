"""Where the server's log lines go and how they look: on a terminal or in a file, with a timestamp; under
systemd, as journald wants them.

systemd connects the service's stderr to the journal and says so in `JOURNAL_STREAM` ("<device>:<inode>"
of that stream). The journal stamps every line itself, and reads a syslog priority from a `<N>` prefix
(sd-daemon(3)): without one every line is "info", so `journalctl -p err` would miss the CRITICAL line of a
failing memory card. So there each line carries its priority and no timestamp of its own.

    setup(verbose) -> bool     # configures the root logger; True when it writes to the journal
    to_journal() -> bool       # is stderr the journal stream systemd gave this process?
    say(sentence)              # one line on stderr for people (the exit-2 sentences), an error to the journal
"""
from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import TextIO

# syslog priorities (sd-daemon(3): SD_CRIT ... SD_DEBUG) of Python's levels
PRIORITY = {logging.CRITICAL: 2, logging.ERROR: 3, logging.WARNING: 4, logging.INFO: 6, logging.DEBUG: 7}
PLAIN = "%(asctime)s %(levelname)s %(name)s: %(message)s"
JOURNAL = "%(levelname)s %(name)s: %(message)s"


def priority(levelno: int) -> int:
    """The syslog priority of a logging level (a level between two named ones takes the lower one's)."""
    for level in sorted(PRIORITY, reverse=True):
        if levelno >= level:
            return PRIORITY[level]
    return PRIORITY[logging.DEBUG]


class JournalFormatter(logging.Formatter):
    """A record as journald reads it: every line (a traceback's too) prefixed `<priority>`, no timestamp."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's text, each line prefixed with its level's syslog priority (`<2>` for CRITICAL)."""
        prefix = f"<{priority(record.levelno)}>"
        return "\n".join(prefix + line for line in super().format(record).splitlines() or [""])


def to_journal(stream: TextIO | None = None, env: Mapping[str, str] | None = None) -> bool:
    """True when `stream` (default stderr) is the journal stream systemd named in `JOURNAL_STREAM`: the
    same device and inode (a shell started from the service may inherit the variable with its stderr
    elsewhere, so the variable alone is not enough)."""
    value = (os.environ if env is None else env).get("JOURNAL_STREAM", "")
    device, _, inode = value.partition(":")
    try:
        st = os.fstat((stream or sys.stderr).fileno())
        return (st.st_dev, st.st_ino) == (int(device), int(inode))
    except (ValueError, OSError, AttributeError):
        return False


def setup(verbose: bool) -> bool:
    """Configure the root logger on stderr (DEBUG if `verbose`, else INFO); returns `to_journal()`."""
    journal = to_journal()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JournalFormatter(JOURNAL) if journal else logging.Formatter(PLAIN))
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO, handlers=[handler], force=True)
    return journal


def say(sentence: str) -> None:
    """Print `imaginarium: <sentence>` on stderr: the one line saying why the server stops. In the
    journal it is an error (`<3>`), so `journalctl -p err` shows it."""
    prefix = f"<{PRIORITY[logging.ERROR]}>" if to_journal() else ""
    print(f"{prefix}imaginarium: {sentence}", file=sys.stderr, flush=True)
