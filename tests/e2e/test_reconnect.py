"""The pages survive the server going away: the badge says so, they reconnect by themselves (back-off)
when it is back, and the phone resumes its seat with its stored token."""
import re

from playwright.async_api import async_playwright, expect


async def test_pages_reconnect_after_a_server_restart(server_process, launch_options, output_dir):
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**launch_options)
        try:
            tv = await (await browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US")).new_page()
            tv.on("pageerror", lambda exc: errors.append(f"tv: {exc}"))
            await tv.goto(f"{server_process.page_url}/tv")
            code_el = tv.get_by_test_id("room-code")
            await expect(code_el).to_have_text(re.compile(r"^[A-Z]{4}$"))
            code = (await code_el.text_content()).strip()
            phone = await (await browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US",
                                                     is_mobile=True, has_touch=True)).new_page()
            phone.on("pageerror", lambda exc: errors.append(f"phone: {exc}"))
            await phone.goto(f"{server_process.page_url}/join/{code}")
            await phone.get_by_test_id("name").fill("Аня")
            await phone.get_by_test_id("join").click()
            await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
            await expect(tv.get_by_test_id("conn")).to_have_attribute("data-status", "online")

            server_process.kill()
            await expect(tv.get_by_test_id("conn")).to_have_attribute("data-status", re.compile("offline|connecting"))
            offline = re.compile("offline|connecting")
            await expect(phone.get_by_test_id("conn")).to_have_attribute("data-status", offline)
            await tv.screenshot(path=str(output_dir / "tv-offline.png"), animations="disabled")

            server_process.start()   # same port, same data directory: the room is still there
            await expect(tv.get_by_test_id("conn")).to_have_attribute("data-status", "online")
            await expect(phone.get_by_test_id("conn")).to_have_attribute("data-status", "online")
            await expect(tv.get_by_test_id("room-code")).to_have_text(code)
            await expect(tv.get_by_test_id("roster")).to_contain_text("Аня")
            # The phone is still seated (its token resumed the seat), not back at the join form.
            await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
            await expect(phone.locator(".lobby-me-name")).to_have_text("Аня")
        finally:
            await browser.close()
    assert not errors, "\n".join(errors)
