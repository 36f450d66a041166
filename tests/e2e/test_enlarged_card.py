"""A card left enlarged on a phone closes when the phase moves on: a storyteller who opened a card during the
vote used to find the zoomed card still over the result, hiding **Next round** until they closed it."""
import pytest
from playwright.async_api import expect

from tests.e2e.test_modes import play, tell, tellers

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_enlarged_card_closes_when_the_result_comes(ui):
    _tv, code = await ui.tv()
    phones = [await ui.phone(code, n, c) for n, c in (("Mama", "purple"), ("Petya", "orange"), ("Olya", "pink"))]
    await ui.start_trio(phones)
    (storyteller,) = await tellers(phones, 1)
    others = [p for p in phones if p is not storyteller]
    await tell(storyteller, "Who ate the cake?")
    for p in others:
        await play(p)
    for p in phones:
        await expect(p.locator("main.phone-main")).to_have_attribute("data-screen", "voting")
    await storyteller.locator(".card-grid .zoom").first.click()
    await expect(storyteller.get_by_test_id("enlarge")).to_be_visible()
    for p in others:
        await p.locator('.card-grid.selectable .card[role="button"]').first.click()
        await p.get_by_test_id("confirm").click()
    await expect(storyteller.locator("main.phone-main")).to_have_attribute("data-screen", "scored")
    await expect(storyteller.get_by_test_id("enlarge")).to_have_count(0)
    await ui.shot(storyteller, "storyteller-result")


async def test_a_double_tap_on_a_card_keeps_it_chosen(ui):
    """Last week's tester double-tapped a card as one does a photo: the second tap took the choice back and
    the confirm button went grey. A quick pair of taps is one choice; a later tap still takes it back."""
    _tv, code = await ui.tv()
    phones = [await ui.phone(code, n, c) for n, c in (("Mama", "purple"), ("Petya", "orange"), ("Olya", "pink"))]
    await ui.start_trio(phones)
    (storyteller,) = await tellers(phones, 1)
    card = storyteller.locator('.card-grid.selectable .card[role="button"]').first
    await card.dblclick()
    await expect(card).to_have_attribute("aria-pressed", "true")
    await expect(storyteller.get_by_test_id("confirm")).to_be_enabled()
    await card.click()
    await expect(card).to_have_attribute("aria-pressed", "false")
