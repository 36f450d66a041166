"""The pairs lobby counts people and teams (it said "Players: 4" with 8 people), and before Start it tells the
host, on the TV and on the host's phone, who would play a whole elephant alone (a ninth person did so
silently). The host is a browser phone, the others join over WebSockets; in both languages. Screenshots:
phone 360x640, TV 1920x1080."""
import pytest
from playwright.async_api import expect

from tests.helpers.restart import session_from
from tests.helpers.wire import COLOURS, LivePlayer, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

TEXT = {"en-US": {8: "Players: 8 people, 4 teams", 9: "Players: 9 people, 5 teams", "alone": "No partner: Zoe",
                  "length": "Game length (for 5 teams)"},
        "ru-RU": {8: "Игроки: 8 человек, 4 команды", 9: "Игроки: 9 человек, 5 команд", "alone": "Без пары: Zoe",
                  "length": "Длина игры (команд: 5)"}}


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_pairs_lobby_counts_people_and_names_who_plays_alone(ui, server_process, locale):
    text = TEXT[locale]
    tv, code = await ui.tv(locale)
    host = await ui.phone(code, "Host", COLOURS[0], locale, viewport={"width": 360, "height": 640})
    # the others from another loopback address: joins are limited per address (8 at once), the host's is one
    async with session_from("127.0.0.2") as session:
        connect = socket_opener(session, server_process.url, LivePlayer)
        sockets = []
        for i, name in enumerate(["Anna", "Boris", "Vera", "Gleb", "Dima", "Egor", "Zhenya", "Zoe"], start=1):
            p = await connect(name)
            await p.hello(code)
            await p.act("join", name=name, colour=COLOURS[i])
            await p.until(lambda m: m["type"] == "welcome" and m.get("seat"))
            sockets.append(p)
            if i == 7:   # eight people: pairs by themselves, four teams, nobody alone
                await expect(tv.get_by_test_id("tv-head-count")).to_have_text(text[8])
                await expect(host.get_by_test_id("phone-head-count")).to_have_text(text[8])
                await expect(tv.get_by_test_id("pairs-alone")).to_be_hidden()
                await expect(host.get_by_test_id("pairs-alone")).to_be_hidden()
        await expect(tv.get_by_test_id("tv-head-count")).to_have_text(text[9])
        await expect(host.get_by_test_id("phone-head-count")).to_have_text(text[9])
        await expect(tv.get_by_test_id("tv-game-length")).to_contain_text(text["length"])   # teams, not players
        for page in (tv, host):
            await expect(page.get_by_test_id("pairs-alone")).to_be_visible()
            await expect(page.get_by_test_id("pairs-alone")).to_contain_text(text["alone"])
        await host.get_by_test_id("pairs-alone").scroll_into_view_if_needed()
        await ui.shot(host, f"phone-360-{locale[:2]}")
        await ui.shot(tv, f"tv-1080-{locale[:2]}")
        for p in sockets:
            await p.close()
