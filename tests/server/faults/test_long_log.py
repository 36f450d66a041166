"""A database log grown long by a server that never stopped cleanly is cut back at the next start.

sqlite copies its log (rooms.sqlite3-wal) into the database file at checkpoints, but the file itself only
shrinks when a checkpoint truncates it; a server killed again and again (a Pi unplugged every evening)
left 41 MB of log for 94 KB of games, and every start read it all. Here the log grows the real way: a
reader process holds a snapshot of the database open, so no checkpoint can get past it, while the server
stores action after action; then both are SIGKILLed (the power cord: nobody checkpoints on the way out). The next start
checkpoints and truncates the log (server/room/store_table.py `truncate_log`), and the room resumes with
every acknowledged action. How long a restart takes is printed by scripts/bench_restart.py, not asserted."""
from __future__ import annotations

import asyncio
import subprocess
import sys

import aiohttp

from tests.helpers.wire import COLOURS, seated_table

LONG_LOG_BYTES = 1 << 20
# a process holding a read transaction open until killed: no checkpoint gets past its snapshot
READER = """import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN")
db.execute("SELECT count(*) FROM rooms").fetchone()
print("reading", flush=True)
sys.stdin.read()
"""


async def test_a_long_log_left_by_a_killed_server_is_truncated_at_the_next_start(tmp_path, server_process):
    server = server_process(tmp_path)
    server.start()
    async with aiohttp.ClientSession() as session:
        code, open_socket = await server.new_room(session)
        db_path = server.data_dir / "rooms.sqlite3"
        log_path = db_path.with_name("rooms.sqlite3-wal")
        reader = subprocess.Popen([sys.executable, "-c", READER, str(db_path)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert await asyncio.to_thread(reader.stdout.readline) == "reading\n"
            table = await seated_table(open_socket, code, start=False)
            turn = 0
            while log_path.stat().st_size < LONG_LOG_BYTES:
                # each phone in turn, between two colours of its own (the first four are taken): no phone
                # sends faster than a person taps (the server closes a flooding socket)
                phone = turn % len(table.phones)
                colour = COLOURS[len(table.phones) + 2 * phone + (turn // len(table.phones)) % 2]
                await table.act(table.phones[phone], "set_colour", colour=colour)
                turn += 1
            acknowledged = table.expected
            server.kill()
        finally:
            reader.kill()
            reader.wait()
        for p in table.sockets:
            await p.ws.close()
        grown = log_path.stat().st_size
        assert grown >= LONG_LOG_BYTES

        server.start()
        _, open_socket = await server.new_room(session)
        assert log_path.stat().st_size < grown // 8, (grown, log_path.stat().st_size)
        tv = await open_socket("tv")
        await tv.hello(code, role="tv")
        assert tv.state_id == acknowledged
        await tv.close()
        assert server.error_lines() == []
