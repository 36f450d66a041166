"""The TV remote does what the README says about sound: ↑ then OK mutes the TV, also while the one-time
"press OK for sound" prompt is up (↑ was ignored there and OK switched sound on); ↓ goes back to the prompt,
whose OK then switches sound on. Real key presses on the TV page."""
import pytest
from playwright.async_api import expect

pytestmark = pytest.mark.asyncio(loop_scope="session")

STATE = "window.imaginariumSound.state()"
PLAYED = "(name) => window.imaginariumSound.played.filter((c) => c === name).length"
SILENCED = "(name) => window.imaginariumSound.silenced.filter((c) => c === name).length"


async def test_up_then_ok_mutes_while_the_prompt_is_up(ui):
    tv, _code = await ui.tv()
    prompt, mute = tv.get_by_test_id("sound-prompt"), tv.get_by_test_id("mute")
    await expect(prompt).to_be_focused()
    await tv.keyboard.press("ArrowUp")
    await expect(mute).to_be_focused()
    await ui.shot(tv, "tv-1080-mute-focused")
    await tv.keyboard.press("Enter")
    await expect(mute).to_have_attribute("data-muted", "true")
    await expect(prompt).to_have_count(0)        # the gesture happened: no prompt left asking for it
    state = await tv.evaluate(STATE)
    assert state["muted"] and state["enabled"]
    await tv.wait_for_function(f"({SILENCED})('join') === 1")   # the first chime, silenced
    assert await tv.evaluate(PLAYED, "join") == 0
    await ui.shot(tv, "tv-1080-muted")
    # ↑ then OK again: sound back on (the mute button keeps the focus)
    await tv.keyboard.press("ArrowUp")
    await tv.keyboard.press("Enter")
    await expect(mute).to_have_attribute("data-muted", "false")
    assert not (await tv.evaluate(STATE))["muted"]


async def test_down_goes_back_to_the_prompt_and_ok_there_switches_sound_on(ui):
    tv, _code = await ui.tv("ru-RU")
    prompt, mute = tv.get_by_test_id("sound-prompt"), tv.get_by_test_id("mute")
    await expect(prompt).to_be_focused()
    await tv.keyboard.press("ArrowUp")
    await expect(mute).to_be_focused()
    await tv.keyboard.press("ArrowDown")
    await expect(prompt).to_be_focused()
    await tv.keyboard.press("Enter")
    await expect(prompt).to_have_count(0)
    state = await tv.evaluate(STATE)
    assert state["enabled"] and not state["muted"]
    await tv.wait_for_function(f"({PLAYED})('join') === 1")
