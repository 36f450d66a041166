"""Sound on the TV: the one-time "tap or press OK for sound" prompt is focused and a remote's
OK (Enter) dismisses it and starts Web Audio; cues follow the room (a player joins); the TV's mute button
and the host's `sound` setting silence them (the page's test hook `window.imaginariumSound` counts cues
played and cues silenced)."""
import pytest
from playwright.async_api import expect

from tests.helpers.browser import boxes_apart

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYED = "(name) => window.imaginariumSound.played.filter((c) => c === name).length"
SILENCED = "(name) => window.imaginariumSound.silenced.filter((c) => c === name).length"


async def test_sound_prompt_enter_cues_and_mute(ui):
    tv, code = await ui.tv()
    prompt = tv.get_by_test_id("sound-prompt")
    await expect(prompt).to_be_visible()
    await expect(prompt).to_be_focused()
    await expect(prompt).to_contain_text("press OK for sound")
    state = await tv.evaluate("window.imaginariumSound.state()")
    assert state["supported"] and not state["enabled"]
    await expect(tv.get_by_test_id("lobby-hint")).not_to_be_empty()
    await boxes_apart(tv, "lobby-hint", "sound-prompt")      # the lobby's hint stays readable above it
    await ui.shot(tv, "tv-prompt")

    await tv.keyboard.press("Enter")                       # a TV remote's OK
    await expect(prompt).to_have_count(0)
    state = await tv.evaluate("window.imaginariumSound.state()")
    assert state["enabled"] and state["context"] == "running" and not state["muted"]
    await tv.wait_for_function(f"({PLAYED})('join') === 1")   # the first chime says sound works

    host = await ui.phone(code, "Аня", "red")
    await tv.wait_for_function(f"({PLAYED})('join') === 2")

    # The TV's mute button: the next join is counted as silenced, nothing is played.
    await tv.get_by_test_id("mute").click()
    await expect(tv.get_by_test_id("mute")).to_have_attribute("data-muted", "true")
    assert (await tv.evaluate("window.imaginariumSound.state()"))["muted"]
    await ui.phone(code, "Борис", "blue")
    await tv.wait_for_function(f"({SILENCED})('join') === 1")
    assert await tv.evaluate(PLAYED, "join") == 2
    await tv.get_by_test_id("mute").click()
    await expect(tv.get_by_test_id("mute")).to_have_attribute("data-muted", "false")

    # The host's setting turns the TV's sound off too.
    await host.get_by_test_id("setting-sound").uncheck()
    await expect(tv.get_by_test_id("mute")).to_have_attribute("data-muted", "true")
    assert (await tv.evaluate("window.imaginariumSound.state()"))["roomSound"] is False
    await ui.phone(code, "Вика", "yellow")
    await tv.wait_for_function(f"({SILENCED})('join') === 2")
    assert await tv.evaluate(PLAYED, "join") == 2
    await host.get_by_test_id("setting-sound").check()
    await expect(tv.get_by_test_id("mute")).to_have_attribute("data-muted", "false")
    await ui.shot(tv, "tv-lobby-sound")


async def test_sound_prompt_speaks_the_tvs_language(ui):
    """The prompt follows a language switch (the TV's RU/EN button, or the host's TV language setting) like
    the rest of the page: it stayed in the browser's language, an English line on a Russian TV."""
    tv, code = await ui.tv()
    prompt = tv.get_by_test_id("sound-prompt")
    await expect(prompt).to_contain_text("press OK for sound")
    await tv.get_by_test_id("lang").click()
    await expect(tv.locator(".join-title")).to_have_text("Сканируйте, чтобы играть")
    await expect(prompt).to_have_text("Нажмите OK, чтобы включить звук")
    await tv.get_by_test_id("lang").click()
    await expect(prompt).to_have_text("Tap or press OK for sound")
    host = await ui.phone(code, "Аня", "red")
    await host.get_by_test_id("setting-lang").select_option("ru")
    await expect(tv.locator(".join-title")).to_have_text("Сканируйте, чтобы играть")
    await expect(prompt).to_have_text("Нажмите OK, чтобы включить звук")
    await ui.shot(tv, "tv-prompt-ru")
