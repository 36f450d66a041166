"""A card played for a player says so: when the timer runs out on someone who has not chosen a card, their
phone jumps to voting with a card marked as theirs that they never chose; it now says "Time's up: this card
was played for you" (both languages) and the TV's list names who got a card played for them, never which
card (the TV's state carries seats only). The others play over WebSockets; the timer is the test server's
short one (`--timer-test-seconds`). Screenshots: phone 360x640, TV 1920x1080."""
import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.wire import ASSOCIATION, LivePlayer, Table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")

SHORT_S = 15   # long enough for the others to play over WebSockets on a loaded machine
SERVER_ARGS = ("--timer-test-seconds", str(SHORT_S))
TEXT = {"en-US": ("Time's up: this card was played for you.", "played for you", "Time's up, a card was played for:"),
        "ru-RU": ("Время вышло: эту карту сыграли за вас.", "сыграна за вас", "Время вышло, карту сыграли за:")}


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
async def test_times_up_says_the_card_was_played_for_you(ui, server_process, locale):
    note, label, tv_line = TEXT[locale]
    tv_page, code = await ui.tv(locale)
    async with aiohttp.ClientSession() as session:
        connect = socket_opener(session, server_process.url, LivePlayer)
        tv = await connect("tv")
        await tv.hello(code, role="tv")
        table = Table(code, tv, [], tv.state_id)
        host = await table.join(connect, "Anna", "red")
        phone = await ui.phone(code, "Boris", "blue", locale, viewport={"width": 360, "height": 640})
        await tv.until_state(lambda s: len(s["room"]["roster"]) == 2)
        table.expected = tv.state_id
        for p in (host,):
            await p.sync(table.expected)
        for name, colour in (("Vera", "green"), ("Gleb", "teal")):
            await table.join(connect, name, colour)
        boris = next(r["seat"] for r in tv.state["room"]["roster"] if r["name"] == "Boris")
        await table.act(host, "set_settings", settings={"timer": SHORT_S})
        await table.act(host, "start", storyteller=host.welcome["person"])
        await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
        await table.act(host, "tell", card=host.me["hand"][0], association=ASSOCIATION)
        for p in table.phones[1:]:
            await table.act(p, "play_card", card=p.me["hand"][0])
        # Boris chooses nothing: the timer runs out and plays a card for him
        await expect(phone.get_by_test_id("phone-voting")).to_be_visible()
        await expect(phone.get_by_test_id("played-for-you")).to_have_text(note)
        await expect(phone.locator(".grid-label", has_text=label)).to_have_count(1)
        state = await tv.until_state(lambda s: s["game"]["phase"] == "voting")
        assert state["room"]["auto_played"] == {"seats": [boris], "by": "timer"}
        assert "me" not in state["game"]        # the TV's view holds no one's cards
        line = tv_page.get_by_test_id("auto-played")
        await expect(line).to_contain_text(tv_line)
        await expect(line.locator(f'[data-seat="{boris}"]')).to_have_count(1)
        await expect(line.locator(".chip")).to_have_count(1)
        await ui.shot(phone, f"phone-360-{locale[:2]}")
        await ui.shot(tv_page, f"tv-1080-{locale[:2]}")
        # the others' phones say nothing of the kind: their cards were their own
        assert all("played-for-you" not in str(p.me) for p in table.phones)
        for p in table.sockets:
            await p.close()
