"""A whole 4-player game through the real pages: the TV and four phones in headless Chromium against a real
server process. Joins, sets a short game, plays every round (tell, play, vote, next round) by tapping the
phones' UI, checks what the TV shows (and hides) on the way, and ends on the final standings.
Screenshots of every phase go to test-output/.
"""
import re

from playwright.async_api import async_playwright, expect

PLAYERS = [("Аня", "red"), ("Борис", "blue"), ("Вика", "yellow"), ("Гоша", "green")]
SHORT_GAME_CELL = 8      # a short game: ends in the round an elephant reaches cell 8
MAX_ROUNDS = 30          # far above what the short game needs; guards against a stuck loop
TV_VIEWPORT = {"width": 1920, "height": 1080}
PHONE_VIEWPORT = {"width": 390, "height": 844}



async def test_full_game_through_the_ui(server, launch_options, output_dir):
    page_errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**launch_options)
        try:
            tv = await _open(browser, f"{server}/tv", TV_VIEWPORT, "ru-RU", page_errors)
            code_el = tv.get_by_test_id("room-code")
            await expect(code_el).to_have_text(re.compile(r"^[A-HJKMNP-Z]{4}$"))
            code = (await code_el.text_content()).strip()
            await expect(tv.get_by_test_id("join-url")).to_contain_text(f"/join/{code}")
            # The QR image really loaded (the server drew it).
            await expect(tv.get_by_test_id("qr")).to_have_js_property("complete", True)
            assert await tv.get_by_test_id("qr").evaluate("img => img.naturalWidth") > 0

            phones = []
            for i, (name, colour) in enumerate(PLAYERS):
                phone = await _open(browser, f"{server}/join/{code}", PHONE_VIEWPORT,
                                    "ru-RU" if i % 2 == 0 else "en-US", page_errors, mobile=True)
                await phone.get_by_test_id("name").fill(name)
                await phone.locator(f'[data-colour="{colour}"]').click()
                if i == 0:
                    await _shot(phone, output_dir, "phone-join")
                await phone.get_by_test_id("join").click()
                await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
                phones.append(phone)
            # With no --lang the TV speaks its own (Russian) browser's language, and switches on a tap.
            await expect(tv.locator(".join-title")).to_have_text("Сканируйте, чтобы играть")
            await expect(tv.get_by_test_id("lang")).to_have_text("EN")
            await tv.get_by_test_id("lang").click()
            await expect(tv.locator(".join-title")).to_have_text("Scan to join")
            await expect(tv.get_by_test_id("lang")).to_have_text("RU")
            await tv.get_by_test_id("lang").click()                     # and back to Russian
            await expect(tv.locator(".join-title")).to_have_text("Сканируйте, чтобы играть")
            roster = tv.get_by_test_id("roster")
            for name, _ in PLAYERS:
                await expect(roster).to_contain_text(name)
            await _shot(tv, output_dir, "tv-lobby")

            host = phones[0]
            await _remove_a_fifth_player(browser, server, code, host, tv, page_errors)
            await expect(host.get_by_test_id("settings-form")).to_be_visible()
            for other in phones[1:]:
                await expect(other.get_by_test_id("settings-form")).to_have_count(0)
            # Short game to cell SHORT_GAME_CELL, set through the host's form; the TV shows the choice.
            await host.get_by_test_id("setting-short_game").check()
            await expect(host.get_by_test_id("setting-short-game-cell")).to_be_enabled()
            await host.get_by_test_id("setting-short-game-cell").fill(str(SHORT_GAME_CELL))
            await host.get_by_test_id("setting-short-game-cell").blur()     # commits it (change event)
            await expect(tv.locator(".settings")).to_contain_text(f"Короткая игра до клетки {SHORT_GAME_CELL}")
            await _shot(host, output_dir, "phone-lobby-host")
            await host.get_by_test_id("start").click()

            rounds = await _play_until_game_over(tv, phones, output_dir)
            assert rounds >= 2   # one round moves an elephant at most 5 cells (3 + two votes), short of 8

            await expect(tv.get_by_test_id("tv-game-over")).to_be_visible()
            await expect(tv.get_by_test_id("winners")).to_be_visible()
            standings = tv.get_by_test_id("final-standings")
            for name, _ in PLAYERS:
                await expect(standings).to_contain_text(name)
            # The game ended because the leader reached the short game's cell.
            leader = await standings.locator(".final-distance").first.text_content()
            assert int(re.match(r"\d+", leader).group()) >= SHORT_GAME_CELL
            await _shot(tv, output_dir, "tv-game-over")
            # A TV reloaded at the end (powered on again) loads the game's end after its first load (late.js)
            # and lands on it
            await tv.reload()
            await expect(tv.get_by_test_id("final-standings")).to_contain_text(PLAYERS[0][0])
            for phone in phones:
                await expect(phone.get_by_test_id("phone-game-over")).to_be_visible()
                await expect(phone.get_by_test_id("final-standings").locator("li")).to_have_count(4)
            await expect(host.get_by_test_id("new-game")).to_be_visible()
            await _shot(phones[1], output_dir, "phone-game-over")
        finally:
            await browser.close()
    assert not page_errors, "JavaScript errors on the pages:\n" + "\n".join(page_errors)


async def _open(browser, url, viewport, locale, errors, mobile=False):
    context = await browser.new_context(viewport=viewport, locale=locale, is_mobile=mobile, has_touch=mobile)
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{url}: {exc}"))
    await page.goto(url)
    return page


async def _shot(page, output_dir, name):
    await page.screenshot(path=str(output_dir / f"{name}.png"), animations="disabled")


async def _play_until_game_over(tv, phones, output_dir) -> int:
    """Plays rounds through the phones until the game ends; returns the number of rounds played."""
    main = tv.locator("main.tv-main")
    for round_no in range(1, MAX_ROUNDS + 1):
        # --- telling: exactly one phone has the storyteller's form.
        await expect(main).to_have_attribute("data-phase", "telling")
        await expect(main).to_have_attribute("data-round", str(round_no))
        for phone in phones:
            await expect(phone.locator("main.phone-main")).to_have_attribute("data-round", str(round_no))
            await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
        storyteller = None
        for phone in phones:
            if await phone.get_by_test_id("you-tell").count():
                assert storyteller is None, "two phones show the storyteller's form"
                storyteller = phone
        assert storyteller is not None, "no phone shows the storyteller's form"
        await expect(storyteller.get_by_test_id("storyteller-badge")).to_be_visible()
        others = [p for p in phones if p is not storyteller]
        if round_no == 1:
            # A phone that reloads (or wakes up) gets its seat and hand back from its stored token.
            hand_before = await _hand(others[0])
            await others[0].reload()
            await expect(others[0].get_by_test_id("phone-telling")).to_be_visible()
            assert await _hand(others[0]) == hand_before
        if round_no == 1:
            await _shot(tv, output_dir, "tv-telling")
        await _tell(storyteller, round_no, output_dir)

        # --- playing: every other phone selects a card, then confirms.
        await expect(main).to_have_attribute("data-phase", "playing")
        for i, phone in enumerate(others):
            grid = phone.locator(".card-grid.selectable")
            await expect(grid.locator(".grid-card")).to_have_count(6)
            confirm = phone.get_by_test_id("confirm")
            await expect(confirm).to_be_disabled()          # nothing selected yet: no accidental play
            await grid.locator(".grid-card").first.click()
            await expect(confirm).to_be_enabled()
            if round_no == 1 and i == 0:
                await _check_enlarge(phone, output_dir)
                await _shot(phone, output_dir, "phone-hand")
            await confirm.click()
            # The last card down starts the voting at once, so that phone may skip the "played" notice.
            await expect(phone.get_by_test_id("played").or_(phone.get_by_test_id("phone-voting"))).to_be_visible()
            if round_no == 1 and i == 0:
                # The TV shows who has played (a ✓ chip), never which card.
                await expect(tv.get_by_test_id("progress").locator(".chip.done")).to_have_count(1)
                await expect(tv.get_by_test_id("card-backs").locator(".card-back")).to_have_count(2)
                await _shot(tv, output_dir, "tv-playing")

        # --- voting: the TV shows the numbered cards, no owners yet; each voter skips their own card.
        await expect(main).to_have_attribute("data-phase", "voting")
        table = tv.get_by_test_id("table-card")
        await expect(table).to_have_count(4)
        await expect(tv.locator(".owner-plate")).to_have_count(0)
        await expect(tv.locator(".table-card.revealed")).to_have_count(4)
        if round_no == 1:
            await _shot(tv, output_dir, "tv-voting")
        for i, phone in enumerate(others):
            grid = phone.locator(".card-grid.selectable")
            await expect(grid.locator(".grid-card")).to_have_count(4)
            await expect(grid.locator(".grid-card.disabled")).to_have_count(1)   # own card greyed out
            choice = grid.locator(".grid-card:not(.disabled)").first
            number = await choice.get_attribute("data-number")
            await choice.click()
            confirm = phone.get_by_test_id("confirm")
            await expect(confirm).to_contain_text(number)
            if round_no == 1 and i == 0:
                await _shot(phone, output_dir, "phone-voting")
            await confirm.click()
            if i < len(others) - 1:
                await expect(phone.get_by_test_id("voted")).to_contain_text(number)

        # --- scored, or the game ended with this round (the phones then show the final standings).
        screen = phones[0].locator("main.phone-main")
        await expect(screen).to_have_attribute("data-screen", re.compile(r"^(scored|game_over)$"))
        # (the last round's result shows first, with "Final standings" instead of "Next round")
        if (await screen.get_attribute("data-screen") == "game_over"
                or await phones[0].get_by_test_id("see-final").count()):
            return round_no
        await expect(main).to_have_attribute("data-phase", "scored")
        await expect(tv.locator(".owner-plate")).to_have_count(4)
        await expect(tv.get_by_test_id("points").locator(".points-item")).to_have_count(4)
        if round_no == 1:
            await _shot(tv, output_dir, "tv-scored")
            await _shot(phones[0], output_dir, "phone-scored")
            await _pause_and_resume(tv, phones, output_dir)
        if round_no == 1:
            await _everyone_ready(tv, storyteller, others, output_dir)
        else:
            await storyteller.get_by_test_id("next-round").click()   # the storyteller moves on
    raise AssertionError(f"the game did not end within {MAX_ROUNDS} rounds")


async def _tell(storyteller, round_no, output_dir):
    """Selects the first card; types an association when no special-cell condition applies."""
    grid = storyteller.locator(".card-grid.selectable")
    await expect(grid.locator(".grid-card")).to_have_count(6)
    await grid.locator(".grid-card").first.click()
    if not await storyteller.get_by_test_id("conditions").count():
        await storyteller.get_by_test_id("association-input").fill(f"Тихая буря {round_no}")
    if round_no == 1:
        await _shot(storyteller, output_dir, "phone-telling")
    await storyteller.get_by_test_id("confirm").click()


async def _remove_a_fifth_player(browser, server, code, host, tv, page_errors):
    """A fifth phone joins; the host removes it from the host menu: it is back at the join form."""
    extra = await _open(browser, f"{server}/join/{code}", PHONE_VIEWPORT, "en-US", page_errors, mobile=True)
    await extra.get_by_test_id("name").fill("Дима")
    await extra.get_by_test_id("join").click()
    await expect(extra.get_by_test_id("phone-lobby")).to_be_visible()
    await expect(tv.get_by_test_id("roster")).to_contain_text("Дима")
    await host.get_by_test_id("host-menu-btn").click()
    menu = host.get_by_test_id("host-menu")
    remove = menu.locator(".sheet-player", has_text="Дима").get_by_test_id("remove_player")
    await remove.click()                                   # the first tap asks
    await expect(remove).to_have_attribute("data-asking", "true")
    await remove.click()
    await expect(extra.get_by_test_id("phone-join")).to_be_visible()
    await expect(tv.get_by_test_id("roster")).not_to_contain_text("Дима")
    await menu.locator(".sheet-head button").click()
    await expect(menu).to_have_count(0)
    await extra.context.close()


async def _pause_and_resume(tv, phones, output_dir):
    """The host pauses from the host menu: the TV and the phones show it; the host resumes."""
    host = phones[0]
    await host.get_by_test_id("host-menu-btn").click()
    menu = host.get_by_test_id("host-menu")
    await expect(menu).to_be_visible()
    await expect(menu.get_by_test_id("remove_player")).to_have_count(3)      # every other player
    await _shot(host, output_dir, "phone-host-menu")
    await menu.get_by_test_id("pause").click()
    await expect(tv.get_by_test_id("paused")).to_be_visible()
    await expect(phones[1].locator(".paused-veil")).to_be_visible()
    # The host menu sits above the pause veil (the host still manages the table): its button resumes now.
    await menu.get_by_test_id("pause").click()
    await expect(tv.get_by_test_id("paused")).to_have_count(0)
    await expect(phones[1].locator(".paused-veil")).to_have_count(0)
    await menu.locator(".sheet-head button").click()
    await expect(menu).to_have_count(0)


async def _hand(phone) -> list[str]:
    cards = phone.get_by_test_id("phone-telling").locator(".grid-card")
    await expect(cards).to_have_count(6)
    return [await c.get_attribute("data-card") for c in await cards.all()]


async def _check_enlarge(phone, output_dir):
    """Tap the magnifier: the card opens large; close it again."""
    await phone.locator(".card-grid .grid-card .zoom").first.click()
    await expect(phone.get_by_test_id("enlarge")).to_be_visible()
    await _shot(phone, output_dir, "phone-enlarge")
    await phone.get_by_test_id("enlarge").get_by_role("button").last.click()
    await expect(phone.get_by_test_id("enlarge")).to_have_count(0)


async def _everyone_ready(tv, storyteller, others, output_dir):
    """Only the storyteller (and the host) gets "Next round"; the others say "Ready", the TV
    shows who is ready, and the round moves on when the last one is."""
    readiness = tv.get_by_test_id("readiness")
    await expect(readiness.locator(".chip")).to_have_count(3)
    await expect(readiness.locator(".chip.done")).to_have_count(0)
    await expect(storyteller.get_by_test_id("next-round")).to_be_visible()
    await expect(storyteller.get_by_test_id("ready")).to_have_count(0)
    for i, phone in enumerate(others):
        await expect(phone.get_by_test_id("ready")).to_be_visible()
        if i == len(others) - 1:
            break
        await phone.get_by_test_id("ready").click()
        await expect(phone.get_by_test_id("ready-done")).to_be_visible()
        await expect(readiness.locator(".chip.done")).to_have_count(i + 1)
    await _shot(tv, output_dir, "tv-readiness")
    await _shot(others[0], output_dir, "phone-ready")
    await others[0].set_viewport_size({"width": 360, "height": 640})      # the smallest phone
    await expect(others[0].get_by_test_id("ready-done")).to_be_in_viewport()
    await _shot(others[0], output_dir, "phone-ready-360x640")
    await others[0].set_viewport_size({"width": 390, "height": 844})
    await _shot(others[-1], output_dir, "phone-ready-button")
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "scored")   # one still reading
    await others[-1].get_by_test_id("ready").click()
