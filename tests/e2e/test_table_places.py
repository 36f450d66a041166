"""Places at game over: elephants on the same distance share a place on the TV, on the phone's final
standings (which numbered nobody) and in the story the keepsake picture is drawn from ("1. 2. 2. 4.").
A game is played over WebSockets until two elephants behind the leader stand on the same cell, then the
host ends it; the pages open at game over in both languages. Screenshots: phone 360x640, TV 1920x1080."""
import json
import urllib.request

import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.bounds import EVENT_S
from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")


def tied_behind(game: dict) -> bool:
    """Whether two elephants behind the furthest one share a distance."""
    d = sorted((e["distance"] for e in game["elephants"]), reverse=True)
    return any(d[i] == d[i - 1] < d[0] for i in range(2, len(d)))


def expected_places(game: dict) -> list[int]:
    d = sorted((e["distance"] for e in game["elephants"]), reverse=True)
    return [1 + sum(x > v for x in d) for v in d]


async def test_tied_elephants_share_a_place(ui, server_process):
    async with aiohttp.ClientSession() as session:
        code = (await (await session.post(f"{server_process.url}/api/rooms")).json())["code"]
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code, n=5)
        for _ in range(30):   # a tie behind the leader comes within a few rounds (random votes)
            await table.play_until(lambda g: g["phase"] in ("scored", "game_over"))
            if tied_behind(table.tv.game) or table.tv.game["phase"] == "game_over":
                break
            await table.play_until(lambda g: g["phase"] == "telling")
        assert tied_behind(table.tv.game), "no tie came"
        if table.tv.game["phase"] != "game_over":
            await table.act(table.phones[0], "end_game")
        game = table.tv.game
        token = table.phones[1].welcome["token"]
        for p in table.sockets:
            await p.close()
    want = expected_places(game)

    request = urllib.request.Request(f"{server_process.url}/api/rooms/{code}/story", headers={"X-Token": token})
    with urllib.request.urlopen(request, timeout=EVENT_S) as res:
        story = json.loads(res.read())
    assert [s["place"] for s in story["standings"]] == want

    tv = await ui.page(f"/tv?room={code}", {"width": 1920, "height": 1080})
    await expect(tv.get_by_test_id("winners")).to_be_visible()
    ranks = tv.locator(".final-rank:not(.crown)")
    shown = [int(t) for t in await ranks.all_text_contents()]
    assert shown == [p for p in want if p != 1]
    await ui.shot(tv, "tv-1080")

    for locale in ("en-US", "ru-RU"):
        context = await ui.browser.new_context(viewport={"width": 360, "height": 640}, locale=locale,
                                               is_mobile=True, has_touch=True)
        ui.contexts.append(context)
        await context.add_init_script(f"localStorage.setItem('imaginarium.token.{code}', '{token}')")
        phone = await context.new_page()
        phone.on("pageerror", lambda exc: ui.errors.append(f"phone: {exc}"))
        await phone.goto(f"{ui.base}/join/{code}")
        places = phone.get_by_test_id("final-place")
        await expect(places).to_have_count(len(want))
        assert [int(p) for p in await places.evaluate_all("els => els.map((e) => e.dataset.place)")] == want
        # the number is on the screen for everyone but the winners (their crown)
        texts = [t.strip() for t in await places.all_text_contents()]
        assert texts == ["" if p == 1 else str(p) for p in want]
        await ui.shot(phone, f"phone-360-{locale[:2]}")
