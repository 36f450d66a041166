"""A lobby broadcast is only encoding: it parses no settings (the room keeps them as `engine.Settings`)
and opens no file (the board is read once per ruleset, the deck's entry once per choice). Counted on a
real server's room: every `Settings.parse` call, and every file opened (Python's audit event "open",
which every `open`, `Path.read_text` and `io.open` raises, on any thread)."""
from __future__ import annotations

import sys
from contextlib import contextmanager

from server.engine.settings import Settings
from server.net import keys

_counting: list[list[str]] = []   # while non-empty, the files opened go into its last list


def _audit(event: str, args: tuple) -> None:
    if event == "open" and _counting:
        _counting[-1].append(str(args[0]))


sys.addaudithook(_audit)   # an audit hook cannot be removed: it records only inside `opened()`


@contextmanager
def opened():
    files: list[str] = []
    _counting.append(files)
    try:
        yield files
    finally:
        _counting.pop()


async def test_a_lobby_broadcast_parses_no_settings_and_reads_no_file(make_table, monkeypatch):
    table = await make_table(4, settings={"ruleset": "imaginarium-classic", "short_game": True, "timer": 60},
                             start=False)
    await table.act(table.phones[1], "rename", name="Anna")   # a lobby action after the settings were set
    room = table.app[keys.ROOMS].get(table.code)
    parsed: list[object] = []
    parse = Settings.parse.__func__

    def counted(cls, data):
        parsed.append(data)
        return parse(cls, data)

    monkeypatch.setattr(Settings, "parse", classmethod(counted))
    with opened() as files:
        for _ in range(3):
            room.broadcast()
    assert parsed == [] and files == []
    # the frames carry what the lobby shows from the settings and the board (so they were not skipped)
    state = await table.tv.until_state(lambda s: s["room"]["roster"][1]["name"] == "Anna")
    assert state["room"]["board"] is not None and state["room"]["length"] is not None
    assert state["room"]["cards_needed"] and state["room"]["settings"]["short_game"] == 39
    # and the counters count: a settings change parses its settings
    await table.act(table.phones[0], "set_settings", settings={"short_game": False})
    assert parsed
