"""Dixit's two flat-2 outcomes told apart on every screen (RULES.md §1.1: all or none found gives every
other player 2). When everyone finds the storyteller's card the TV's headline says so and each guesser's
+2 reads "all found" (never "not found"), and the phones say "Everyone found the card"; when nobody finds
it, "none found" / "Nobody found the card"; in English and in Russian. Three WebSocket seats play; the
TV (1920×1080) and one seat's phone (360×640) are real Chromium pages. Screenshots:
test-output/dixit-outcomes-*.png."""
from __future__ import annotations

from playwright.async_api import expect

from tests.helpers.browser import TV, Scene, fits, run_scene

SMALL = {"width": 360, "height": 640}
WORDS = {  # lang -> outcome -> (TV headline, TV per-guesser line, phone line)
    "en": {"all": ("Everyone found", "all found +2", "Everyone found the card: +2"),
           "none": ("Nobody found", "none found +2", "Nobody found the card: +2")},
    # Dixit's storyteller is «рассказчик» (RULES.md terms)
    "ru": {"all": ("Все нашли карту рассказчика", "все нашли +2", "Все нашли карту: +2"),
           "none": ("Никто не нашёл карту рассказчика", "никто не нашёл +2", "Никто не нашёл карту: +2")},
}
MISSED = {"en": "not found", "ru": "не нашли"}   # the words both outcomes used to share


def _number(game: dict, cards: list[str]) -> int:
    return next(t["number"] for t in game["table"] if t["card"] in cards)


async def _round(table, found: bool) -> None:
    """Play to voting and vote: every voter for the storyteller's card, or each for the next voter's."""
    await table.play_until(lambda g: g["phase"] == "voting")
    teller = table.seat(table.tv.game["storyteller"])
    voters = [p for p in table.phones if p is not teller]
    for voter, other in zip(voters, voters[1:] + voters[:1], strict=True):
        target = teller if found else other
        await table.act(voter, "vote", card=_number(voter.game, target.me["played"]))
    assert table.tv.game["result"]["outcome"] == ("all" if found else "none")


async def test_dixit_everyone_found_and_nobody_found_have_their_own_words(server_process, launch_options,
                                                                        output_dir):
    async def body(sc: Scene) -> None:
        tv, table = await sc.table(["Ann", "Boris", "Vika"])
        host = table.phones[0]
        await table.act(host, "set_settings", settings={"ruleset": "dixit", "first_storyteller": "host"})
        await table.act(host, "start", storyteller=host.welcome["seat"])
        guesser = table.phones[2]   # a voter in both rounds (Ann tells, then Boris)
        phone = await sc.page(f"/join/{table.code}", SMALL, guesser.token, table.code)
        for found in (True, False):
            await _round(table, found)
            outcome = "all" if found else "none"
            item = tv.locator(f'.points-item[data-elephant="{guesser.welcome["seat"]}"]')
            for lang in ("en", "ru"):
                headline, tv_line, phone_line = WORDS[lang][outcome]
                if lang == "ru":
                    for page in (tv, phone):
                        await page.get_by_test_id("lang").click()
                await expect(tv.get_by_test_id("outcome")).to_contain_text(headline)
                await expect(item.locator(".why-part").first).to_have_text(tv_line)   # then "votes +1" when nobody
                await expect(tv.get_by_test_id("points")).not_to_contain_text(MISSED[lang])
                await expect(phone.get_by_test_id("my-points").locator(".why li").first).to_have_text(phone_line)
                await fits(phone, SMALL["width"], f"phone result ({lang}, {outcome})")
                await fits(tv, TV["width"], f"TV result ({lang}, {outcome})")
                await sc.shot(tv, f"tv-1920-{outcome}-{lang}")
                await sc.shot(phone, f"phone-360-{outcome}-{lang}")
            for page in (tv, phone):   # back to English for the next round
                await page.get_by_test_id("lang").click()
            await table.play_until(lambda g: g["phase"] == "telling")

    await run_scene(server_process, launch_options, output_dir, "dixit-outcomes", body)
