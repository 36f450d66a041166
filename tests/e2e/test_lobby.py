"""The host's lobby in a real browser against a real server process: choosing a deck, uploading a zip of
pictures from the phone, the kids' deck filter kept on the server, a permanent restriction shown on the TV
and the storyteller's phone (and enforced, disputed, restated), and the TV's list of join addresses.
Screenshots go to test-output/lobby-*.png.
"""
import io
import json
import re
import urllib.request
import zipfile

import pytest
from PIL import Image
from playwright.async_api import expect

from tests.helpers.lan import loopback

pytestmark = pytest.mark.asyncio(loop_scope="session")


def pictures_zip(n: int, extra: dict[str, bytes] | None = None) -> bytes:
    """A zip of n small JPEG pictures (distinct colours, made with Pillow) plus `extra` raw entries."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for i in range(n):
            img = Image.new("RGB", (200, 300), ((37 * i) % 256, (91 * i) % 256, (53 * i + 100) % 256))
            pic = io.BytesIO()
            img.save(pic, "JPEG")
            z.writestr(f"picture-{i + 1}.jpg", pic.getvalue())
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return buf.getvalue()


def upload(base: str, code: str, token: str, data: bytes, title: str) -> dict:
    """POST /api/decks as the host (multipart, X-Room / X-Token), as a script would; returns the deck."""
    boundary = "imaginarium-test-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n{title}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"deck.zip\"\r\n"
            f"Content-Type: application/zip\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    req = urllib.request.Request(f"{loopback(base)}/api/decks", data=body, method="POST", headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}", "X-Room": code, "X-Token": token})
    with urllib.request.urlopen(req) as res:
        assert res.status == 201
        return json.loads(res.read())["deck"]


async def host_token(phone, code: str) -> str:
    return await phone.evaluate("code => localStorage.getItem('imaginarium.token.' + code)", code)


async def test_choosing_a_deck_in_the_lobby(ui, server):
    ui.prefix = "lobby-deck"
    tv, code = await ui.tv()
    host = await ui.phone(code, "Аня", "red")
    guest = await ui.phone(code, "Борис", "blue")
    deck = upload(server, code, await host_token(host, code), pictures_zip(8), "Holiday")
    await host.reload()                         # the lobby lists the decks the server has now
    select = host.get_by_test_id("setting-deck")
    await expect(select.locator("option")).to_have_count(2)
    await expect(select).to_have_value("builtin")
    await select.select_option(deck["id"])
    await expect(tv.locator(".settings")).to_contain_text("Deck: Holiday (8 cards)")
    # Eight pictures cannot feed a duel (13 cards a round): the server refuses the start and says how many.
    await host.get_by_test_id("setting-mode").select_option("duel")
    await expect(tv.locator(".settings")).to_contain_text("Duel")
    await host.get_by_test_id("start").click()
    await expect(host.locator(".toast")).to_contain_text(re.compile(r"needs at least \d+ cards, the deck has 8"))
    await ui.shot(host, "phone-too-small")
    # Back to the built-in deck: the game starts.
    await select.select_option("builtin")
    await expect(tv.locator(".settings")).to_contain_text("Dreams")
    await host.get_by_test_id("start").click()
    await expect(guest.get_by_test_id("phone-telling")).to_be_visible()
    # Settings are locked once the game is on: the lobby form is gone.
    await expect(host.get_by_test_id("settings-form")).to_have_count(0)


async def test_uploading_a_zip_from_the_phone(ui, tmp_path):
    ui.prefix = "lobby-upload"
    tv, code = await ui.tv()
    host = await ui.phone(code, "Аня", "red")
    path = tmp_path / "Summer.zip"
    # 30 pictures: enough for the table (28 for four players), so the new deck is chosen
    path.write_bytes(pictures_zip(30, {"notes.txt": b"not a picture", "broken.jpg": b"\xff\xd8 not really a jpeg"}))
    await host.get_by_test_id("deck-file").set_input_files(str(path))
    status = host.get_by_test_id("upload-status")
    await expect(status).to_contain_text("30 cards")
    problems = host.get_by_test_id("upload-problems").locator("li")
    await expect(problems).to_have_count(2)              # the server's per-file problems, one line each
    await expect(host.get_by_test_id("upload-problems")).to_contain_text("notes.txt")
    await expect(host.get_by_test_id("upload-problems")).to_contain_text("broken.jpg")
    # The new deck is selectable and selected; the TV shows it.
    select = host.get_by_test_id("setting-deck")
    await expect(select.locator("option")).to_have_count(2)
    await expect(select.locator("option:checked")).to_have_text("Summer (30 cards)")
    await expect(tv.locator(".settings")).to_contain_text("Deck: Summer (30 cards)")
    await host.get_by_test_id("upload-problems").scroll_into_view_if_needed()
    await ui.shot(host, "phone")
    await ui.shot(tv, "tv")


async def test_kids_filter_is_kept_per_deck(ui, server):
    ui.prefix = "lobby-kids-filter"
    _tv, code = await ui.tv()
    adult = await ui.phone(code, "Мама", "purple", "ru-RU")
    await adult.get_by_test_id("setting-mode").select_option("kids")
    await adult.get_by_test_id("kids-filter-open").click()
    grid = adult.get_by_test_id("filter-grid")
    cards = grid.get_by_test_id("filter-card")
    await expect(cards.first).to_be_visible()
    total = await cards.count()
    assert total > 20
    await expect(adult.get_by_test_id("filter-count")).to_have_text(f"Оставлено {total} из {total} карт")
    victim = await cards.nth(2).get_attribute("data-card")
    async with adult.expect_response(lambda r: r.url.endswith("/api/decks/builtin/excluded")) as saved:
        await cards.nth(2).click()
    assert (await saved.value).status == 200
    await expect(cards.nth(2)).to_have_class(re.compile("excluded"))
    await expect(adult.get_by_test_id("filter-count")).to_have_text(f"Оставлено {total - 1} из {total} карт")
    await ui.shot(adult, "phone")
    # The server keeps it: a reload (another evening) shows the card still excluded.
    await adult.reload()
    await adult.get_by_test_id("kids-filter-open").click()
    victim_card = adult.locator(f'[data-testid="filter-card"][data-card="{victim}"]')
    await expect(victim_card).to_have_class(re.compile("excluded"))
    await expect(adult.get_by_test_id("filter-count")).to_have_text(f"Оставлено {total - 1} из {total} карт")
    with urllib.request.urlopen(f"{loopback(server)}/api/decks/builtin/cards") as res:
        assert json.loads(res.read())["excluded"] == [victim]
    await adult.get_by_test_id("filter-close").click()
    await expect(adult.get_by_test_id("kids-filter")).to_have_count(0)


async def test_a_restriction_shows_its_condition_on_the_tv_and_the_storytellers_phone(ui):
    ui.prefix = "lobby-restriction"
    tv, code = await ui.tv()
    phones = [await ui.phone(code, n, c) for n, c in (("Аня", "red"), ("Борис", "blue"), ("Вика", "green"))]
    host = phones[0]
    await host.get_by_test_id("setting-mode").select_option("trio")
    await host.get_by_test_id("setting-special_cells").uncheck()
    await host.get_by_test_id("setting-restriction").select_option("four_words")
    await expect(tv.locator(".settings")).to_contain_text("Always: four words")
    await expect(tv.locator(".settings")).to_contain_text("No special cells")
    await host.get_by_test_id("start").click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "telling")
    await expect(tv.get_by_test_id("conditions")).to_contain_text("exactly four words")
    await expect(tv.get_by_test_id("board").locator(".cell.special")).to_have_count(0)   # special cells off
    storyteller = None
    for phone in phones:
        await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
        if await phone.get_by_test_id("you-tell").count():
            storyteller = phone
    await expect(storyteller.get_by_test_id("conditions")).to_contain_text("exactly four words")
    await ui.shot(tv, "tv-telling")
    await ui.shot(storyteller, "phone-telling")
    # Three words break the condition: the server refuses, the phone says why, nothing changes.
    await storyteller.locator(".card-grid.selectable .grid-card").first.click()
    await storyteller.get_by_test_id("association-input").fill("Тихая снежная буря")
    await storyteller.get_by_test_id("confirm").click()
    await expect(storyteller.locator(".toast")).to_contain_text("exactly four words")
    await ui.shot(storyteller, "phone-refused")
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "telling")
    await storyteller.get_by_test_id("association-input").fill("Город уснул после карнавала")
    await storyteller.get_by_test_id("confirm").click()
    await expect(tv.locator("main.tv-main")).to_have_attribute("data-phase", "playing")
    # A player disputes before voting; the storyteller restates; play goes on.
    other = next(p for p in phones if p is not storyteller)
    await other.get_by_test_id("dispute").click()
    # A confirmation first: it names the turn's condition; "Cancel" sends nothing.
    await expect(other.get_by_test_id("dispute-confirm")).to_contain_text("exactly four words")
    await ui.shot(other, "phone-dispute-confirm")
    await other.get_by_test_id("dispute-cancel").click()
    await expect(tv.get_by_test_id("phase-title")).to_have_text("Everyone plays a card")
    await other.get_by_test_id("dispute").click()
    await other.get_by_test_id("dispute-condition").click()
    await expect(tv.get_by_test_id("phase-title")).to_have_text("Association disputed")
    disputer = (await other.locator(".phone-top .me-name").text_content()).strip()
    await expect(tv.get_by_test_id("disputes")).to_contain_text("Disputed by:")
    await expect(tv.get_by_test_id("disputes")).to_contain_text(f"{disputer} — four words")
    await expect(storyteller.get_by_test_id("association-input")).to_have_value("Город уснул после карнавала")
    await ui.shot(tv, "tv-disputed")
    await ui.shot(storyteller, "phone-restate")
    await storyteller.get_by_test_id("association-input").fill("Кот спит на окне")
    await storyteller.get_by_test_id("confirm").click()
    await expect(tv.get_by_test_id("phase-title")).to_have_text("Everyone plays a card")
    await expect(tv.get_by_test_id("association")).to_have_text("Кот спит на окне")
    # Once per player per turn: no second dispute on that phone; the TV still says who disputed.
    await expect(other.get_by_test_id("dispute")).to_have_count(0)
    await expect(tv.get_by_test_id("disputes")).to_have_count(1)



async def test_the_association_box_counts_graphemes_like_the_server(ui):
    """200 elephants are 200 graphemes (400 UTF-16 units): the phone accepts them, says when one more is
    too many and keeps the button off, and the TV shows what was told."""
    ui.prefix = "lobby-association-limit"
    tv, code = await ui.tv()
    phones = [await ui.phone(code, n, c) for n, c in (("Аня", "red"), ("Борис", "blue"), ("Вика", "green"))]
    storyteller = await ui.start_trio(phones)
    box, count = storyteller.get_by_test_id("association-input"), storyteller.get_by_test_id("association-count")
    confirm = storyteller.get_by_test_id("confirm")
    await storyteller.locator(".card-grid.selectable .grid-card").first.click()
    await box.fill("🐘" * 201)
    await expect(count).to_have_text("201 characters: at most 200, please shorten it")
    await expect(confirm).to_be_disabled()
    await ui.shot(storyteller, "too-long")
    await box.fill("🐘" * 200)
    await expect(count).to_have_text("200/200")
    await expect(confirm).to_be_enabled()
    await confirm.click()
    await expect(tv.get_by_test_id("association")).to_have_text("🐘" * 200)

async def test_the_tv_lists_every_join_address(ui, server):
    ui.prefix = "lobby-tv-info"
    tv, code = await ui.tv()
    await tv.get_by_test_id("tv-info-btn").click()
    urls = tv.get_by_test_id("tv-info-urls").locator("li")
    with urllib.request.urlopen(f"{loopback(server)}/api/info?room={code}") as res:
        info = json.loads(res.read())
    await expect(urls).to_have_count(len(info["join_urls"]))
    await expect(urls.first).to_contain_text(f"/join/{code}")
    await expect(tv.get_by_test_id("tv-info-mdns")).to_have_text("not advertised")   # --no-zeroconf
    await ui.shot(tv, "panel")
    await tv.get_by_test_id("tv-info").locator(".info-close").click()
    await expect(tv.get_by_test_id("tv-info")).to_have_count(0)
