"""Names refuse emoji (a TV without a colour-emoji font draws them as empty boxes, and an emoji-only name
leaves nobody identifiable): join, taking a seat, rename and the kids' adult adding a child all say so in
the phone's language. Letters of every script and text-style symbols stay; a room stored with an emoji
name from before still loads and plays."""
from __future__ import annotations

import sqlite3

import pytest

from server.engine.text import has_emoji
from tests.helpers.process import running_server
from tests.helpers.wire import Table, seated_table, socket_opener

EMOJI_NAMES = ["🐘🐘🐘", "🐘 Ёжик 🦔✨", "Zoe 👨‍👩‍👧", "Ann 👍🏽", "Россия 🇷🇺", "Bob 1️⃣", "Ira ❤️", "Ken 🕊", "Tim ⌚",
               "Eve 🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"]
KEPT_NAMES = ["Ёжик", "Zoë", "李小龙", "שרה", "مريم", "Κώστας", "अनु", "O'Brien-Smith (2)", "#1 Таня",
              "Мама ♥", "© ™ ★ ☀ ✈", "Ira ❤", "e\u0301va"]


@pytest.mark.parametrize("name", EMOJI_NAMES)
def test_emoji_are_found_by_their_unicode_properties(name):
    assert has_emoji(name)


@pytest.mark.parametrize("name", KEPT_NAMES)
def test_letters_digits_punctuation_and_text_symbols_are_not_emoji(name):
    assert not has_emoji(name)


async def test_every_way_to_set_a_name_refuses_emoji_with_a_sentence(make_client, connect_to, make_table):
    client = await make_client(join_burst=100)
    code = (await (await client.post("/api/rooms")).json())["code"]
    ru = await connect_to(client, "ru")
    await ru.hello(code, lang="ru")
    for name in EMOJI_NAMES:
        await ru.act("join", name=name, colour="red")
        err = await ru.error()
        assert err["code"] == "bad_name" and err["params"]["reason"] == "emoji", (name, err)
    assert err["message"] == "Телевизор не покажет эмодзи: напишите имя буквами."
    assert ru.state["room"]["roster"] == []
    for i, name in enumerate(KEPT_NAMES[:6]):
        p = await connect_to(client, f"p{i}")
        await p.hello(code)
        await p.act("join", name=name, colour=["red", "blue", "green", "teal", "purple", "pink"][i])
        await p.until(lambda m: m["type"] == "welcome" and m["seat"])

    table = await make_table(4, start=False)
    host, other = table.phones[0], table.phones[1]
    err = await table.refused(other, "rename", "bad_name", name="🐘🐘🐘")
    assert err["message"] == "The TV cannot show emoji: please write the name in letters."
    await table.act(other, "rename", name="Ёлка ★")
    await table.act(host, "set_settings", settings={"mode": "kids"})
    await table.refused(host, "add_child", "bad_name", name="Петя 🦔", colour="navy")
    await table.act(host, "add_child", name="Петя", colour="navy")
    names = [m["name"] for r in table.tv.state["room"]["roster"] for m in r["people"]]
    assert "Ёлка ★" in names and "Петя" in names and not any(has_emoji(n) for n in names)


async def test_taking_a_freed_place_with_an_emoji_name_is_refused(make_client, connect_to):
    client = await make_client(join_burst=100)
    code = (await (await client.post("/api/rooms")).json())["code"]
    adult = await connect_to(client, "adult")
    await adult.hello(code)
    await adult.act("join", name="Мама", colour="red")
    await adult.until(lambda m: m["type"] == "welcome" and m["seat"])
    await adult.until_state(lambda st: st["room"]["roster"])
    await adult.act("set_settings", settings={"mode": "kids"})
    await adult.until_state(lambda st: st["room"]["settings"]["mode"] == "kids")
    await adult.act("add_child", name="Петя", colour="navy")
    st = await adult.until_state(lambda st: len(st["room"]["roster"]) == 2)
    seat = st["room"]["roster"][-1]["seat"]
    kid = await connect_to(client, "kid")
    await kid.hello(code)
    await kid.act("join", seat=seat, name="Петя 🦔")
    assert (await kid.error())["params"]["reason"] == "emoji"
    await kid.act("join", seat=seat)
    await kid.until(lambda m: m["type"] == "welcome" and m["seat"] == seat)


async def test_a_room_stored_with_an_emoji_name_still_loads_and_plays(tmp_path):
    async with running_server(tmp_path) as (server, session, code):
        open_socket = socket_opener(session, server.base)
        table = await seated_table(open_socket, code)
        tokens = {p.welcome["seat"]: p.token for p in table.phones}
        server.stop()
        for p in table.sockets:
            await p.ws.close()
        # as an older server kept it, before names refused emoji
        db = sqlite3.connect(server.data_dir / "rooms.sqlite3")
        with db:
            (data,) = db.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()
            assert data.count('"name":"P2"') == 1
            old = data.replace('"name":"P2"', '"name":"🐘🐘🐘"')
            db.execute("UPDATE rooms SET data = ? WHERE code = ?", (old, code))
        db.close()
        server.start()
        await server.ready(session)
        tv = await open_socket("tv2")
        await tv.hello(code, role="tv")
        assert [r["name"] for r in tv.state["room"]["roster"]][1] == "🐘🐘🐘"
        phones = []
        for seat, token in tokens.items():
            p = await open_socket(seat)
            await p.hello(code, token=token)
            phones.append(p)
        table2 = Table(code, tv, phones, tv.state_id)
        await table2.play_until(lambda g: g["round"] == 2)
        assert table2.tv.state["room"]["roster"][1]["name"] == "🐘🐘🐘"
