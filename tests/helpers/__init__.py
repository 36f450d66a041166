"""Helpers every test folder may import (a package, so no test module loads another folder's files by path
and no test module imports another test module):

- `tests.helpers.wire`: `Player` (one WebSocket speaking the protocol, keeping every raw frame), `Table` (a
  room driven action by action) and `seated_table` (a TV and phones joined, the game started);
- `tests.helpers.process`: a real server process on a free port (`ServerProcess`, `running_server`);
- `tests.helpers.browser`: the browser scene the page tests share (Playwright; only tests/e2e imports it);
- `tests.helpers.lan`: the home-network address browser tests open pages at (`lan_url`, `loopback`);
- `tests.helpers.oldchrome`: the old headless Chromium builds of smart TVs, driven over plain CDP;
- `tests.helpers.scoring_cases`: the scoring-case file and the check of one case;
- `tests.helpers.stored`: rooms in a stopped server's sqlite file, aged or written by a jumped clock;
- `tests.helpers.off_loop`: work that must never run on the event loop's thread, watched and held;
- `tests.helpers.restart`: each room's devices on their own loopback address, and back by token after a restart;
- `tests.helpers.leaks`: the hidden-information scan of every frame sockets received, and its self-test;
- `tests.helpers.probes`: authorization and cross-site probes, each answered refused or not;
- `tests.helpers.fuzzing`: random and mutated protocol messages, and the answer tied to each.
The last four serve scripts/redteam.py too, so the script and the tests check alike.

Imported as `tests.helpers...`, like tests/engine/helpers.py, so it works with pytest's
`--import-mode=importlib` (the fast suite) and its default mode (the browser suite) alike.
"""
