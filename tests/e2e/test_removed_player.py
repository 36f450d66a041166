"""A removed player leaves the TV's points lists and her elephant shows gone (faded) on the board, as the
standings strike her through: it used to stay "Babushka 0" in every later round and full colour on the
board. Played over WebSockets, the TV page watching. Screenshot: TV 1920x1080."""
import aiohttp
import pytest
from playwright.async_api import expect

from tests.helpers.wire import LivePlayer, seated_table, socket_opener

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_a_removed_player_leaves_the_points_and_fades_on_the_board(ui, server_process):
    async with aiohttp.ClientSession() as session:
        code, _ = await server_process.new_room(session)
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   names=["Anna", "Boris", "Vera", "Gleb", "Babushka"])
        tv = await ui.page(f"/tv?room={code}", {"width": 1920, "height": 1080})
        gone = table.phones[4].welcome["seat"]
        await table.act(table.phones[0], "remove_player", seat=gone)
        table.phones.pop()
        for rnd in (1, 2):   # the round she was removed in, and a later one
            await table.play_until(lambda g, rnd=rnd: g["phase"] == "scored" and g["round"] == rnd)
            await expect(tv.get_by_test_id("tv-scored")).to_be_visible()
            points = tv.get_by_test_id("points").locator(".points-item")
            await expect(points).to_have_count(4)
            await expect(tv.get_by_test_id("points")).not_to_contain_text("Babushka")
            await expect(tv.locator(f'.board-elephant[data-elephant="{gone}"]')).to_have_class("board-elephant gone")
            await expect(tv.locator(".board-elephant.gone")).to_have_count(1)
            await expect(tv.locator(".standing.removed")).to_have_count(1)
            await ui.shot(tv, f"tv-1080-round-{rnd}")
            if rnd == 1:
                await table.play_until(lambda g: g["phase"] == "telling")
        for p in table.sockets:
            await p.close()


async def test_a_phone_taken_off_in_the_lobby_is_told_why(ui, server_process):
    """The host removes a guest in the lobby: her phone is back on the join form, which says the host took her
    off and how to play again (it used to show the form with her name in it, as if nothing had happened). Joining
    again clears it."""
    async with aiohttp.ClientSession() as session:
        code, _ = await server_process.new_room(session)
        table = await seated_table(socket_opener(session, server_process.url, LivePlayer), code,
                                   names=["Anna", "Boris", "Vera"], start=False)
        phone = await ui.phone(code, "Babushka", "teal")
        await table.tv.until_state(lambda s: len(s["room"]["roster"]) == 4)
        seat = next(r["seat"] for r in table.tv.state["room"]["roster"] if r["name"] == "Babushka")
        await expect(phone.get_by_test_id("taken-off")).to_be_hidden()
        await table.act(table.phones[0], "remove_player", seat=seat)
        notice = phone.get_by_test_id("taken-off")
        await expect(notice).to_be_visible()
        await expect(notice).to_contain_text("The host took you off the table")
        await expect(phone.get_by_test_id("join")).to_be_visible()
        await ui.shot(phone, "taken-off")
        await phone.get_by_test_id("join").click()
        await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
        await expect(notice).to_be_hidden()
