"""A real server process killed with SIGKILL while it holds rooms in every phase (lobby, telling, playing,
voting, reveal = scored, game over), restarted on the same data folder: every room resumes exactly where
it was (public view, every hand, roster, host), tokens still work, and every action whose acknowledgement
a client had seen is there, even one sent the moment before the kill. Then every room plays on and the
process is killed again: the same holds."""
from __future__ import annotations

import aiohttp

from tests.helpers.restart import device_session, reopen
from tests.helpers.wire import ASSOCIATION, Table, seated_table, socket_opener

PHASES = ["lobby", "telling", "playing", "voting", "scored", "game_over"]


async def open_room(session, base, phase: str) -> Table:
    """A room with a TV and 4 phones brought to `phase` (mid-phase where the phase has steps)."""
    code = (await (await session.post(f"{base}/api/rooms")).json())["code"]
    opener = socket_opener(session, base)
    lobby = phase == "lobby"
    table = await seated_table(lambda name: opener(f"{phase}-{name}"), code, 3 if lobby else 4,
                               settings={"ruleset": "dixit"} if lobby else None, start=not lobby)
    table.session = session
    if lobby:
        return table
    if phase == "game_over":
        await table.play_until(lambda g: g["round"] == 2 and g["phase"] == "playing")
        await table.act(table.phones[0], "end_game")
    else:
        # round 2, so a round's result, moved elephants and refilled hands are all in the snapshot
        await table.play_until(lambda g: g["round"] == 2 and g["phase"] == phase)
        if phase in ("playing", "voting"):
            await table.step()   # one card down / one vote cast, so the phase is half done
    assert table.tv.state["room"]["phase"] == "game"
    return table


def picture(table) -> dict:
    """What every socket of the room last saw, by seat (TV: "tv")."""
    out = {"tv": (table.tv.state_id, table.tv.state["room"], table.tv.game)}
    for p in table.phones:
        out[p.welcome["seat"]] = (p.state_id, p.state["you"], p.game)
    return out


async def reopen_table(base, table) -> Table:
    """New sockets for every device of `table` (TV by code, phones by token) on the restarted server."""
    new = await reopen(socket_opener(table.session, base), table)
    new.session = table.session
    return new


def same_picture(before: dict, after: dict) -> None:
    for who, (state_id, room_or_you, game) in before.items():
        state_id2, room_or_you2, game2 = after[who]
        assert state_id2 == state_id, who
        assert game2 == game, who
        if who == "tv":   # roster, host, settings; `connected` and `host_claim_in` are about the new sockets
            strip = lambda room: {**room, "roster": [{**r, "connected": None} for r in room["roster"]],  # noqa: E731
                                  "host_claim_in": None}
            assert strip(room_or_you2) == strip(room_or_you)
        else:
            assert room_or_you2 == room_or_you, who


async def kill_and_check(server, session, base, tables: dict) -> dict:
    """Send one more action in every room that can take one and wait for *its sender's* acknowledgement
    only; SIGKILL at once; restart; every room must show the picture its sockets last saw."""
    acked = {}
    for phase, table in tables.items():
        if table.tv.game and table.tv.game["phase"] == "game_over":
            continue
        actor = next(p for p in table.phones if p.state["you"]["is_host"]) \
            if table.tv.state["room"]["phase"] == "lobby" else None
        if actor is not None:
            await actor.act("rename", name="Host renamed")
        else:
            for p in table.phones:
                me, can = p.me, p.me["can"]
                if "tell" in can:
                    await p.act("tell", card=me["hand"][0], association=ASSOCIATION)
                elif "play_card" in can:
                    await p.act("play_card", card=me["hand"][0])
                elif "vote" in can:
                    await p.act("vote", card=next(t["number"] for t in p.game["table"]
                                                 if t["card"] not in me["played"]))
                elif "next_round" in can:
                    await p.act("next_round")
                else:
                    continue
                actor = p
                break
        state = await actor.sync(table.expected + 1)      # the sender saw it accepted
        acked[phase] = state["state_id"]
    server.kill()
    before = {phase: picture(table) for phase, table in tables.items()}
    # what the sender saw is the newest state of its room: the other sockets may not have it yet
    for table in tables.values():
        for p in table.sockets:
            await p.ws.close()
    server.start()
    await server.ready(session)
    after = {}
    for phase, table in tables.items():
        new = await reopen_table(base, table)
        if phase in acked:
            assert new.tv.state_id == acked[phase], f"{phase}: an acknowledged action was lost"
            # sockets that had not read the last state yet now get it; the sender's own picture matches
            sender = next(p for p in table.phones if p.state_id == acked[phase])
            seat = sender.welcome["seat"]
            again = next(p for p in new.phones if p.welcome["seat"] == seat)
            assert again.game == sender.game and again.state["you"] == sender.state["you"]
            new.expected = acked[phase]
        else:
            same_picture(before[phase], picture(new))
        await new.sync()
        after[phase] = new
    return after


async def test_sigkill_in_every_phase_resumes_every_room(tmp_path, server_process):
    server = server_process(tmp_path)
    base = f"http://127.0.0.1:{server.port}"
    server.start()
    sessions = [device_session(i) for i in range(len(PHASES))]
    try:
        async with aiohttp.ClientSession() as session:
            await server.ready(session)
            tables = {phase: await open_room(sessions[i], base, phase) for i, phase in enumerate(PHASES)}
            before = {phase: picture(table) for phase, table in tables.items()}
            server.kill()
            for table in tables.values():
                for p in table.sockets:
                    await p.ws.close()
            server.start()
            health = await server.ready(session)
            assert health["rooms"] == len(PHASES) + 1   # + the one the first start made for its banner
            for phase, table in tables.items():
                new = await reopen_table(base, table)
                same_picture(before[phase], picture(new))
                engine_phase = new.tv.game["phase"] if new.tv.game else "lobby"
                assert engine_phase == phase
                tables[phase] = new
            # again, this time with an action in flight in every room at the moment of the kill
            tables = await kill_and_check(server, session, base, tables)
            # and every room plays on
            for phase, table in tables.items():
                if phase == "lobby":
                    await table.act(table.phones[0], "start")
                if table.tv.game["phase"] != "game_over":
                    next_round = table.tv.game["round"] + 1
                    await table.play_until(lambda g, next_round=next_round: g["round"] == next_round)
    finally:
        for s in sessions:
            await s.close()
        server.stop()
