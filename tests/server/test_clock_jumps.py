"""The store against a wall clock that jumps: a Raspberry Pi boots with the last saved time and jumps,
maybe by weeks, when NTP reaches the network; a laptop's clock is set by hand. What such a clock leaves
behind is a row whose wall-clock time (`updated`) is far in the past or the future, and that is how these
tests make one (tests/helpers/stored.py), on the real sqlite file of a real server. No room in play is
forgotten for it, a bare `/tv` still opens the room written last, and a game played under it keeps its
deck: recency goes by the write number and ages by the run clock (docs/architecture.md, "The store")."""
from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

from server.room.registry import ROOM_MAX_AGE_S
from server.room.store import Store
from tests.helpers.process import running_server
from tests.helpers.stored import wall_clock_off
from tests.helpers.wire import Table, seated_table, socket_opener

DAY = 24 * 3600.0
# a database as the store wrote it before the write number and the run clock (main at f73aff2): a game in
# round 2 (RXEE, the storyteller's card down) and a lobby opened after it (UNNG), dumped with iterdump
BEFORE_SEQ = (Path(__file__).parent / "fixtures" / "rooms_before_seq.sql").read_text(encoding="utf-8")
GAME, LOBBY = "RXEE", "UNNG"


def written_by_the_previous_store(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(db_path)) as db:
        db.executescript(BEFORE_SEQ)


def fixture_record(code: str) -> dict:
    with contextlib.closing(sqlite3.connect(":memory:")) as db:
        db.executescript(BEFORE_SEQ)
        return json.loads(db.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()[0])


async def tv_redirect(client) -> str:
    """The room code a bare `/tv` redirects to."""
    resp = await client.get("/tv", allow_redirects=False)
    assert resp.status == 302 and resp.headers["Location"].startswith("/tv?room="), resp.headers
    return resp.headers["Location"].split("=", 1)[1]


# ---- the store itself ------------------------------------------------------------------------------------

def test_ages_go_by_the_run_clock_across_restarts_and_recency_by_the_write_number(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    ticks = [1000.0]   # the store's monotonic tick (its own injectable clock)
    store = Store(path, tick=lambda: ticks[0])
    store.save("OLDR", {"n": 1})
    ticks[0] += 31 * DAY           # the server runs for a month
    store.save("NEWR", {"n": 2})
    store.close()
    # the wall clock wrote nonsense: the older room a year ahead (set by hand), the newer one a year behind
    wall_clock_off(path, "OLDR", 365 * DAY)
    wall_clock_off(path, "NEWR", -365 * DAY)
    ticks = [5.0]                  # a new boot: the monotonic clock starts again
    again = Store(path, tick=lambda: ticks[0])
    assert again.codes_by_recency() == ["NEWR", "OLDR"]
    assert again.written_ago("NEWR") == 0 and again.written_ago("OLDR") == 31 * DAY
    ticks[0] += 60
    assert again.written_ago("NEWR") == 60
    assert again.load_all(max_age_s=ROOM_MAX_AGE_S) == {"NEWR": {"n": 2}}   # a month of running: forgotten
    assert again.codes_by_recency() == ["NEWR"]
    again.save("ANEW", {"n": 3})
    assert again.codes_by_recency() == ["ANEW", "NEWR"]
    again.close()


def test_the_time_between_the_last_write_and_a_clean_stop_counts(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    ticks = [0.0]
    store = Store(path, tick=lambda: ticks[0])
    store.save("GAME", {"n": 1})
    ticks[0] += 7 * 3600           # the game left, the server running all night
    store.close()                  # then stopped (SIGTERM; a power cut would lose these hours)
    again = Store(path, tick=lambda: 0.0)
    assert again.written_ago("GAME") == 7 * 3600
    again.save("NEXT", {"n": 2})
    assert again.written_ago("NEXT") == 0 and again.codes_by_recency() == ["NEXT", "GAME"]
    again.close()


def test_a_database_written_by_the_previous_store_is_migrated_in_place(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    written_by_the_previous_store(path)
    wall_clock_off(path, GAME, -90 * DAY)   # played while the Pi's clock was three months behind
    store = Store(path, tick=lambda: 0.0)   # the run clock stands still: ages read exactly
    assert set(store.load_all(max_age_s=ROOM_MAX_AGE_S)) == {GAME, LOBBY}   # old by the wall clock, kept
    assert store.codes_by_recency() == [LOBBY, GAME]   # the order the wall clock gave them, kept
    assert store.written_ago(GAME) == store.written_ago(LOBBY) == 0   # their age counts from the upgrade
    store.save(GAME, fixture_record(GAME))
    assert store.codes_by_recency() == [GAME, LOBBY]
    store.close()
    again = Store(path)   # a second start migrates nothing more
    assert again.codes_by_recency() == [GAME, LOBBY]
    assert again.load_all(max_age_s=ROOM_MAX_AGE_S) == {GAME: fixture_record(GAME), LOBBY: fixture_record(LOBBY)}
    again.close()


# ---- the server -----------------------------------------------------------------------------------------

async def test_a_game_played_under_a_clock_months_behind_resumes_after_the_jump(tmp_path):
    """Friday's game, written by a Pi whose restored clock was three months behind, is not forgotten when
    the server starts again under the right time (killed, as when the plug is pulled)."""
    async with running_server(tmp_path) as (server, session, code):
        open_socket = socket_opener(session, server.base)
        table = await seated_table(open_socket, code)
        await table.play_until(lambda g: g["round"] == 2 and g["phase"] == "playing")
        public, last_id = table.tv.game, table.expected
        tokens = [(p.welcome["seat"], p.token) for p in table.phones]
        server.kill()
        for p in table.sockets:
            await p.ws.close()
        wall_clock_off(server.data_dir / "rooms.sqlite3", code, -90 * DAY)

        server.start()
        await server.ready(session)
        tv = await open_socket("tv2")
        await tv.hello(code, role="tv")
        assert tv.state_id == last_id and tv.game == public
        phones = []
        for seat, token in tokens:
            p = await open_socket(seat)
            assert (await p.hello(code, token=token))["seat"] == seat
            phones.append(p)
        again = Table(code, tv, phones, last_id)
        await again.sync()
        await again.play_until(lambda g: g["round"] == 3)
    assert server.error_lines() == []


async def test_bare_tv_opens_the_room_written_last_whatever_the_clock_said(make_table, make_client, client, config):
    first = await make_table(4)
    second = await make_table(4)   # written last
    await client.close()
    wall_clock_off(config.db_path, first.code, 365 * DAY)      # a laptop clock set a year ahead by hand
    wall_clock_off(config.db_path, second.code, -10 * DAY)     # then a Pi's clock restored ten days behind
    again = await make_client()
    assert await tv_redirect(again) == second.code
    await again.close()


async def test_rooms_stored_by_the_previous_store_resume_and_play_on(config, make_client, connect_to):
    written_by_the_previous_store(config.db_path)
    wall_clock_off(config.db_path, GAME, -90 * DAY)   # played while the Pi's clock was three months behind
    client = await make_client()
    assert (await (await client.get("/healthz")).json())["rooms"] == 2
    assert await tv_redirect(client) == LOBBY   # opened after the game
    record = fixture_record(GAME)
    tv = await connect_to(client, "tv")
    await tv.hello(GAME, role="tv")
    assert tv.state_id == record["state_id"] and tv.game["round"] == 2
    phones = []
    for person in record["people"]:
        p = await connect_to(client, person["name"])
        assert (await p.hello(GAME, token=person["token"]))["seat"] == person["person"]
        phones.append(p)
    table = Table(GAME, tv, phones, tv.state_id)
    await table.sync()
    await table.play_until(lambda g: g["round"] == 3)
    assert await tv_redirect(client) == GAME   # written last now
