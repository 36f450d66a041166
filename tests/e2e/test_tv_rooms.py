"""Which room a TV page opens, in real Chromium with two rooms on one server: each TV comes back to the room it
showed after a reload, a power cycle (its bare `/tv` home page) or a server restart, even when another TV made
a newer room; a TV that never had a room opens the one the terminal printed; `/tv?room=` of a room the server
does not have says so on a TV-sized page (en + ru) and leads to the room in play. Screenshots:
test-output/tv-rooms-*.png."""
from __future__ import annotations

import re

from playwright.async_api import expect

from tests.helpers.browser import TV, run_scene
from tests.helpers.lan import lan_url

TV_720 = {"width": 1280, "height": 720}


def printed(server_process) -> str:
    """The room the latest terminal banner printed (its TV address)."""
    return re.findall(r"/tv\?room=([A-Z]{4})", server_process.log.read_text())[-1]


async def shows(page, code: str) -> None:
    """`page` is the TV page of room `code`, showing its state: so it was welcomed first (docs/protocol.md,
    `hello`), which is when it remembers the room."""
    await expect(page.get_by_test_id("room-code")).to_have_text(code)
    await expect(page).to_have_url(re.compile(rf"/tv\?(new=1&)?room={code}$"))


async def test_each_tv_comes_back_to_its_own_room(server_process, launch_options, output_dir):
    base = lan_url(server_process.port)

    async def body(sc) -> None:
        first = printed(server_process)
        living = await sc.page("/tv", TV)          # never had a room: the one the terminal printed
        await shows(living, first)
        kitchen = await sc.page("/tv?new=1", TV)   # another TV makes a newer room
        code_el = kitchen.get_by_test_id("room-code")
        await expect(code_el).to_have_text(re.compile(r"^[A-Z]{4}$"))
        other = (await code_el.text_content()).strip()
        assert other != first
        await shows(kitchen, other)

        await living.reload()
        await shows(living, first)
        await living.goto(f"{base}/tv")            # a power cycle: the TV's home page is the bare address
        await shows(living, first)
        await kitchen.goto(f"{base}/tv")
        await shows(kitchen, other)
        late = await sc.page("/tv", TV)            # a TV that never had a room: still the printed one
        await shows(late, first)

        server_process.kill()                      # the power cord of the server
        server_process.start()
        await living.goto(f"{base}/tv")
        await shows(living, first)
        await kitchen.goto(f"{base}/tv")
        await shows(kitchen, other)
        fresh = await sc.page("/", TV)
        await shows(fresh, printed(server_process))

    await run_scene(server_process, launch_options, output_dir, "tv-rooms", body)


FITS_JS = """() => { const d = document.documentElement;
  return d.scrollWidth <= innerWidth && d.scrollHeight <= innerHeight; }"""


async def test_unknown_room_says_so_and_leads_to_the_room_in_play(server_process, launch_options, output_dir):
    async def body(sc) -> None:
        first = printed(server_process)
        tv = await sc.page("/tv?room=ZZZZ", TV)
        await expect(tv.get_by_test_id("no-such-room")).to_be_visible()
        await expect(tv.locator("h1")).to_have_text("Room ZZZZ is not on this server")
        await expect(tv.locator("h2")).to_have_text("Комнаты ZZZZ нет на этом сервере")
        go = tv.get_by_test_id("room-in-play")
        await expect(go).to_be_focused()           # the remote's OK key opens it
        await expect(go).to_contain_text(f"Open room {first}")
        await expect(tv.get_by_test_id("new-room")).to_be_visible()
        assert await tv.evaluate(FITS_JS), "the page scrolls on a 1920×1080 TV"
        await sc.shot(tv, "no-such-room-1080")

        context = await sc.browser.new_context(viewport=TV_720, locale="ru-RU")
        ru = await context.new_page()
        ru.on("pageerror", lambda exc: sc.errors.append(f"ru: {exc}"))
        await ru.goto(f"{lan_url(server_process.port)}/tv?room=QQQQ")
        await expect(ru.locator("h1")).to_have_text("Комнаты QQQQ нет на этом сервере")
        assert await ru.evaluate(FITS_JS), "the page scrolls on a 1280×720 TV"
        await sc.shot(ru, "no-such-room-720-ru")

        await tv.keyboard.press("Enter")           # the remote's OK
        await shows(tv, first)

    await run_scene(server_process, launch_options, output_dir, "tv-rooms", body)
