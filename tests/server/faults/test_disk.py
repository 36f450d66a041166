"""The disk fills up under a running server (a data folder unusable from the start: test_data_folder.py).

Disk full is the real thing for the process: its file-size limit (RLIMIT_FSIZE, set from outside with
prlimit) drops to 0, so every write sqlite makes fails with EFBIG exactly as on a full disk, while the log
still flows through a pipe. The action is refused with a sentence people understand, nobody sees a change,
the room stays viewable; once there is room again the same tap works; a SIGKILL afterwards loses nothing
that was accepted."""
from __future__ import annotations

import asyncio
import json
import resource

import aiohttp

from server.messages import sentence
from tests.helpers.bounds import EXIT_S
from tests.helpers.wire import RECV_TIMEOUT, seated_table
from tests.server.faults.test_slow_disk import attach_slow_disk, stop_tracing


async def set_file_limit(pid: int, soft: int) -> None:
    _, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))


async def test_disk_full_refuses_the_action_clearly_and_loses_nothing(tmp_path, server_process):
    server = server_process(tmp_path, piped=True)
    server.start()
    async with aiohttp.ClientSession() as session:
        code, open_socket = await server.new_room(session)
        table = await seated_table(open_socket, code)
        await table.play_until(lambda g: g["phase"] == "playing")
        player = next(p for p in table.phones if "play_card" in p.me["can"])
        card = player.me["hand"][0]
        before = {p.name: json.dumps(p.state, sort_keys=True) for p in table.sockets}

        await set_file_limit(server.proc.pid, 0)               # the disk is full
        try:
            err = await table.refused(player, "play_card", "storage_failed", card=card)
            assert err["message"] == sentence("storage_failed", "en")
            assert "Nothing changed" in err["message"]
            # a room cannot be made either, and says why
            resp = await session.post(f"{server.base}/api/rooms")
            assert resp.status == 503 and (await resp.json())["error"] == "storage_failed"
            # nobody saw a change: a ping fence on every socket comes back with no new state before it
            for p in table.sockets:
                await p.send({"type": "ping"})
                await p.until(lambda m: m["type"] == "pong")
                assert json.dumps(p.state, sort_keys=True) == before[p.name], p.name
            # the room stays viewable: a new TV gets the picture
            late = await open_socket("late tv")
            await late.hello(code, role="tv")
            assert late.state_id == table.expected and late.game == table.tv.game
        finally:
            await set_file_limit(server.proc.pid, resource.RLIM_INFINITY)   # space again
        assert await asyncio.to_thread(server.logged, "could not store play_card")

        # the same tap, made again, is accepted; then the power goes
        await table.act(player, "play_card", card=card)
        assert player.me["played"] == [card]
        accepted = table.expected
        seat, token = player.welcome["seat"], player.token
        server.kill()
        for p in [*table.sockets, late]:
            await p.ws.close()
        server.start()
        await server.ready(session)
        again = await open_socket("again")
        welcome = await again.hello(code, token=token)
        assert welcome["seat"] == seat
        assert again.state_id == accepted and again.me["played"] == [card]
        assert card not in again.me["hand"]
        await again.close()


async def test_a_scoring_vote_that_cannot_be_stored_leaves_the_story_as_it_was(tmp_path, server_process):
    """The vote that scores a round writes the round into the story, and a room's working
    copy shares the stored story: when that vote cannot be stored, the story read over HTTP
    stays as it was, and the same vote made again writes the round once."""
    server = server_process(tmp_path, piped=True)
    base = server.base
    server.start()
    async with aiohttp.ClientSession() as session:
        code, open_socket = await server.new_room(session)
        table = await seated_table(open_socket, code)
        await table.play_until(lambda g: g["phase"] == "voting" and len(g["waiting_for"]) == 1)
        voter = next(p for p in table.phones if "vote" in p.me["can"])
        number = next(t["number"] for t in voter.game["table"] if t["card"] not in voter.me["played"])

        async def story_rounds() -> list[int]:
            async with session.get(f"{base}/api/rooms/{code}/story", headers={"X-Token": voter.token}) as resp:
                assert resp.status == 200
                return [entry["round"] for entry in (await resp.json())["rounds"]]

        assert await story_rounds() == []
        await set_file_limit(server.proc.pid, 0)               # the disk is full
        try:
            await table.refused(voter, "vote", "storage_failed", card=number)
            assert await story_rounds() == []
        finally:
            await set_file_limit(server.proc.pid, resource.RLIM_INFINITY)
        await table.act(voter, "vote", card=number)
        assert table.tv.game["phase"] == "scored"
        assert await story_rounds() == [1]
        for p in table.sockets:
            await p.ws.close()


async def test_a_failed_flush_stops_the_server_and_tells_nobody_anything(tmp_path, server_process):
    """The flush of an action fails (a dying SD card; here strace makes each thread's first fdatasync
    after it attaches return EIO). The action's rows are already in sqlite's log, and Linux reports a
    failed flush once and forgets the pages it could not write, so neither "refused, nothing changed"
    (the next start may find the action) nor later acknowledgements can be trusted: the phone is told
    nothing, the server stops at once (exit 2, a CRITICAL line saying why; systemd starts it again), and
    the next start shows the room as the disk has it, to the same phone token (server/room/store.py)."""
    server = server_process(tmp_path, piped=True)
    server.start()
    async with aiohttp.ClientSession() as session:
        code, open_socket = await server.new_room(session)
        phone = await open_socket("phone")
        await phone.hello(code)
        await phone.act("join", name="Ann", colour="red")
        joined = await phone.until_state(lambda s: s["you"]["person"] is not None)
        await phone.act("set_colour", colour="blue")
        blue = await phone.until_state(lambda s: s["state_id"] == joined["state_id"] + 1)
        tracer = await attach_slow_disk(server.proc.pid, inject="error=EIO:when=1")
        try:
            await phone.act("set_colour", colour="green")
            told = None   # the first state or error after the action, or None once the socket closed
            text = aiohttp.WSMsgType.TEXT
            while told is None and (frame := await phone.ws.receive(timeout=RECV_TIMEOUT)).type == text:
                msg = json.loads(frame.data)
                told = msg if msg["type"] in ("state", "error") else None
            assert told is None, f"the phone was told {told}"
            assert await asyncio.to_thread(server.proc.wait, EXIT_S) == 2
        finally:
            stop_tracing(tracer)
        assert await asyncio.to_thread(server.logged, "the disk failed to keep what was written")
        assert " CRITICAL server.room.store" in server.log.read_text()

        server.start()   # no tracer: the disk works again
        _, open_socket = await server.new_room(session)
        again = await open_socket("again")
        welcome = await again.hello(code, token=phone.token)
        assert welcome["seat"] == phone.welcome["seat"] is not None
        # the action nobody heard of is in the log: the room resumes with it, and plays on from there
        assert again.state_id == blue["state_id"] + 1
        assert [p["colour"] for p in again.state["room"]["roster"]] == ["green"]
        await again.act("set_colour", colour="teal")
        assert [p["colour"] for p in (await again.until_state())["room"]["roster"]] == ["teal"]
        await again.close()
