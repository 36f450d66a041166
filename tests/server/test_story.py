"""The story of the evening over HTTP: the JSON matches the rounds played, the keepsake
PNG decodes at >= 1,200 px, it survives a restart, goes when the room is forgotten, and only the table
and the TV may read it."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from server.room.registry import ROOM_MAX_AGE_S
from tests.helpers.stored import run_ago

OUT = Path(__file__).resolve().parents[2] / "test-output"


def names_of(table) -> dict[str, str]:
    """Seat id -> name, from the TV's roster."""
    return {e["seat"]: e["name"] for e in table.tv.state["room"]["roster"]} | {
        p["person"]: p["name"] for e in table.tv.state["room"]["roster"] for p in e.get("people", [])}


async def play_rounds(table, rounds: int) -> list[dict]:
    """Play `rounds` rounds; returns each scored round's public view (as the TV saw it)."""
    seen: list[dict] = []
    while len(seen) < rounds:
        await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
        seen.append(table.tv.game)
        if len(seen) < rounds:
            await table.play_until(lambda g: g["phase"] == "telling")
    return seen


async def get_story(client, code: str, **headers):
    return await client.get(f"/api/rooms/{code}/story", headers=headers)


async def test_story_matches_the_rounds_played(make_table, client, make_client, config):
    table = await make_table(4, start=False)
    host = table.phones[0]
    await table.act(host, "rename", name="Grandma Olga")
    await table.act(host, "start")
    token = host.welcome["token"]
    tv_key = table.tv.welcome["tv_key"]
    assert "tv_key" not in host.welcome
    assert "tv_key" not in (table.phones[1].welcome or {})
    played = await play_rounds(table, 3)
    await table.act(host, "end_game")
    names = names_of(table)

    resp = await get_story(client, table.code, **{"X-Token": token})
    assert resp.status == 200
    story = await resp.json()
    assert [r["round"] for r in story["rounds"]] == [g["round"] for g in played]
    for entry, view in zip(story["rounds"], played, strict=True):
        result = view["result"]
        assert entry["storyteller"] == names[result["storyteller"]]
        assert entry["association"] == "Who ate the cake?"
        assert [c["card"] for c in entry["cards"]] == [t["card"] for t in result["table"]]
        assert [c["owner"] for c in entry["cards"]] == [names.get(t["owner"], t["owner"]) for t in result["table"]]
        assert [c["votes"] for c in entry["cards"]] == [[names[v] for v in t["votes"]] for t in result["table"]]
        assert entry["points"] == {names[e]: n for e, n in result["points"].items()}
        assert sum(c["storyteller"] for c in entry["cards"]) == 1
    assert story["over"] is True
    assert [s["distance"] for s in story["standings"]] == sorted(
        (e["distance"] for e in table.tv.game["elephants"]), reverse=True)
    # the story is never in a broadcast state
    for sock in table.sockets:
        frame = str(sock.state)   # (a board's special cells name a `story` condition: look for the rounds)
        assert "'rounds'" not in frame and "'storyteller': '" + story["rounds"][0]["storyteller"] not in frame
        assert tv_key not in frame

    # the TV's key works too; the keepsake picture decodes, at least 1,200 px wide, in both languages
    resp = await get_story(client, table.code, **{"X-TV-Key": tv_key})
    assert resp.status == 200 and (await resp.json()) == story
    for lang in ("en", "ru"):
        resp = await client.get(f"/api/rooms/{table.code}/story.png?lang={lang}", headers={"X-TV-Key": tv_key})
        assert resp.status == 200 and resp.content_type == "image/png"
        body = await resp.read()
        OUT.mkdir(exist_ok=True)   # a fresh clone has no test-output/ until the browser tests make it
        (OUT / f"story-keepsake-{lang}.png").write_bytes(body)   # to look at (test-output/ is gitignored)
        with Image.open(io.BytesIO(body)) as im:
            im.load()
            assert im.width >= 1200 and im.height > 600

    # strangers: no credential, a wrong one, another room's token, an unknown room
    other = await make_table(3, start=False)
    for headers in ({}, {"X-Token": "nope"}, {"X-TV-Key": "nope"}, {"X-Token": other.phones[0].welcome["token"]},
                    {"X-TV-Key": other.tv.welcome["tv_key"]}):
        for path in ("story", "story.png"):
            resp = await client.get(f"/api/rooms/{table.code}/{path}", headers=headers)
            assert resp.status == 403, (headers, path)
    resp = await get_story(client, "ZZZZ" if table.code != "ZZZZ" else "YYYY", **{"X-Token": token})
    assert resp.status == 404

    # a restart keeps it (the story is in the stored room)
    for p in table.sockets + other.sockets:
        await p.close()
    await client.close()
    again = await make_client()
    resp = await get_story(again, table.code, **{"X-Token": token})
    assert resp.status == 200 and (await resp.json()) == story
    await again.close()

    # a room forgotten (the server ran longer than rooms are kept since its last write) takes its story with it
    run_ago(config.db_path, table.code, ROOM_MAX_AGE_S + 60)
    third = await make_client()
    for path in ("story", "story.png"):
        resp = await third.get(f"/api/rooms/{table.code}/{path}", headers={"X-Token": token, "X-TV-Key": tv_key})
        assert resp.status == 404


async def test_a_new_game_starts_a_new_story(make_table, client):
    table = await make_table(4)
    host = table.phones[0]
    await play_rounds(table, 1)
    await table.act(host, "end_game")
    await table.act(host, "new_game")
    token = host.welcome["token"]
    story = await (await get_story(client, table.code, **{"X-Token": token})).json()
    assert len(story["rounds"]) == 1   # the last game's story stays readable in the lobby
    await table.act(host, "start")
    story = await (await get_story(client, table.code, **{"X-Token": token})).json()
    assert story["rounds"] == [] and story["over"] is False
