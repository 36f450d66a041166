"""Decks made of phone photos sent as several `file` parts of one upload (POST /api/decks), more of them added
later (POST /api/decks/{deck}/cards), a deck renamed and a card taken out, through aiohttp's test server:
photos stand up by their EXIF orientation, are cut to the card's shape without losing a portrait's top,
carry no metadata once stored, and the limits (per picture, quota, one import at a time) hold with reasons."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from aiohttp import FormData, web
from PIL import Image

from server.decks.library import DeckLibrary
from server.decks.pictures import MAX_CARD_BYTES
from server.net.deck_import import UploadLimits
from server.net.deck_routes import setup_deck_routes
from tests.decks.helpers import broken_jpeg, card_folder, picture

HOST = {"X-Room": "KXPT", "X-Token": "host-token"}
GPS_IFD = 0x8825


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    card_folder(tmp_path / "shipped" / "builtin", 4)
    return DeckLibrary(tmp_path / "shipped", tmp_path / "data")


async def make_client(aiohttp_client, library, limits: UploadLimits | None = None):
    async def can_upload(request: web.Request) -> bool:
        return request.headers.get("X-Token") == "host-token"

    app = web.Application()
    setup_deck_routes(app, library, can_upload, limits)
    return await aiohttp_client(app)


@pytest.fixture
async def client(aiohttp_client, library):
    return await make_client(aiohttp_client, library)


def photos(files: dict[str, bytes], title: str | None = "Holiday") -> FormData:
    form = FormData()
    if title is not None:
        form.add_field("title", title)
    for name, data in files.items():
        form.add_field("file", data, filename=name, content_type="image/jpeg")
    return form


def gps_photo(size=(300, 200), orientation: int | None = None) -> bytes:
    """A JPEG carrying a GPS position, a camera model and (if given) an EXIF orientation."""
    exif = Image.Exif()
    exif[0x0110] = "Family Phone 12"   # Model
    exif.get_ifd(GPS_IFD).update({1: "N", 2: (55.0, 45.0, 7.0), 3: "E", 4: (37.0, 37.0, 5.0)})
    if orientation is not None:
        exif[0x0112] = orientation
    im = Image.new("RGB", size, (30, 120, 200))
    buf = io.BytesIO()
    im.save(buf, "JPEG", exif=exif.tobytes())
    return buf.getvalue()


def stored(library: DeckLibrary, deck_id: str) -> list[Path]:
    return sorted((library.user_dir / deck_id).glob("c*.jpg"))


def leftovers(library: DeckLibrary) -> list[str]:
    return sorted(p.name for p in library.user_dir.iterdir()) if library.user_dir.is_dir() else []


async def test_many_pictures_make_one_deck_of_the_pictures_kept_and_the_rest_are_named(client, library):
    files = {f"IMG_{i:04d}.jpg": picture("JPEG", size=(300, 400), colour=(i * 9, 80, 160)) for i in range(5)}
    files |= {"screen.png": picture("PNG", size=(400, 600)), "sticker.webp": picture("WEBP", size=(200, 300)),
              "notes.txt": b"not a picture at all", "IMG_cut.jpg": broken_jpeg()}
    resp = await client.post("/api/decks", data=photos(files), headers={**HOST, "Accept-Language": "ru"})
    body = await resp.json()
    assert resp.status == 201, body
    assert body["deck"]["size"] == 7 and body["deck"]["title"]["en"] == "Holiday" and body["deck"]["uploaded"]
    assert body["cards"] == [f"c{i:03d}" for i in range(1, 8)]
    problems = {s["name"]: s["problem"] for s in body["skipped"]}
    assert problems == {"notes.txt": "not_an_image", "IMG_cut.jpg": "broken"}
    assert all(s["message"] and any("а" <= ch <= "я" for ch in s["message"]) for s in body["skipped"])  # Russian
    assert len(stored(library, body["deck"]["id"])) == 7
    assert [p for p in leftovers(library) if p.startswith(".")] == []


async def test_a_portrait_photo_stands_up_and_no_exif_or_gps_is_stored_or_served(client, library):
    # landscape pixels turned a quarter by EXIF (6): the photo is a portrait 200 wide, 300 high
    resp = await client.post("/api/decks", data=photos({"IMG_1.jpg": gps_photo((300, 200), orientation=6)}),
                             headers=HOST)
    body = await resp.json()
    assert resp.status == 201, body
    [card] = stored(library, body["deck"]["id"])
    with Image.open(card) as im:
        assert im.size == (200, 300)
        assert "exif" not in im.info and not im.getexif() and "icc_profile" not in im.info
    served = await client.get(f"/cards/{body['deck']['id']}/c001.tv.jpg")
    with Image.open(io.BytesIO(await served.read())) as im:
        assert not im.getexif() and "exif" not in im.info
    assert b"Family Phone" not in card.read_bytes()


async def test_a_tall_portrait_keeps_its_top_and_a_wide_photo_keeps_what_it_shows(client, library):
    tall = Image.new("RGB", (200, 600), (20, 20, 20))      # 1:3, taller than a card: only height goes
    tall.paste((250, 0, 0), (0, 0, 200, 40))               # a red band at the very top (the heads)
    wide = Image.new("RGB", (900, 300), (128, 128, 128))   # 3:1: a card's width of it is kept
    for x in range(700, 880, 12):                          # detail (a striped kite) near the right edge
        wide.paste((0, 0, 0), (x, 40, x + 6, 260))
    files = {}
    for name, im in (("tall.png", tall), ("wide.png", wide)):
        buf = io.BytesIO()
        im.save(buf, "PNG")
        files[name] = buf.getvalue()
    body = await (await client.post("/api/decks", data=photos(files), headers=HOST)).json()
    top, side = stored(library, body["deck"]["id"])
    with Image.open(top) as im:
        assert im.size == (200, 300)
        assert im.getpixel((100, 5))[0] > 200   # the top is there
    with Image.open(side) as im:
        assert im.size == (200, 300)
        dark = sum(1 for x in range(im.width) if sum(im.getpixel((x, 150))) < 150)
        assert dark > 40   # the striped part, not the plain grey middle


async def test_a_picture_over_the_limit_is_skipped_and_the_others_kept(client, library):
    big = b"\xff\xd8\xff" + b"\x00" * (MAX_CARD_BYTES + 10)
    files = {"huge.jpg": big, "ok.jpg": picture("JPEG", size=(200, 300))}
    resp = await client.post("/api/decks", data=photos(files), headers=HOST)
    body = await resp.json()
    assert resp.status == 201 and body["deck"]["size"] == 1
    assert [(s["name"], s["problem"]) for s in body["skipped"]] == [("huge.jpg", "too_big")]
    assert "20 MB" in body["skipped"][0]["message"]


async def test_only_broken_pictures_make_no_deck_and_leave_nothing(client, library):
    resp = await client.post("/api/decks", data=photos({"a.jpg": broken_jpeg(), "b.jpg": b"garbage"}),
                             headers=HOST)
    body = await resp.json()
    assert resp.status == 400 and body["error"] == "no_images"
    assert {f["name"]: f["problem"] for f in body["files"]} == {"a.jpg": "broken", "b.jpg": "damaged"}
    assert leftovers(library) == []


async def test_the_quota_counts_pictures_too_and_a_refused_upload_keeps_nothing(aiohttp_client, library):
    client = await make_client(aiohttp_client, library, UploadLimits(quota_bytes=30_000))
    noisy = Image.effect_noise((600, 900), 80).convert("RGB")   # a JPEG of noise is large
    buf = io.BytesIO()
    noisy.save(buf, "JPEG", quality=95)
    resp = await client.post("/api/decks", data=photos({f"n{i}.jpg": buf.getvalue() for i in range(4)}),
                             headers=HOST)
    body = await resp.json()
    assert resp.status == 507 and body["error"] == "quota_full", body
    assert leftovers(library) == []


async def test_not_the_host_uploads_nothing(client, library):
    resp = await client.post("/api/decks", data=photos({"a.jpg": picture()}), headers={"X-Room": "KXPT"})
    assert resp.status == 403
    assert leftovers(library) == []


async def test_more_pictures_join_the_deck_and_a_removed_cards_id_is_never_given_again(client, library):
    first = await (await client.post("/api/decks", data=photos({"a.jpg": picture(colour=(1, 2, 3)),
                                                                "b.jpg": picture(colour=(9, 8, 7))}),
                                     headers=HOST)).json()
    deck_id = first["deck"]["id"]
    gone = await client.delete(f"/api/decks/{deck_id}/cards/c002", headers=HOST)
    assert gone.status == 200 and (await gone.json())["deck"]["size"] == 1
    resp = await client.post(f"/api/decks/{deck_id}/cards",
                             data=photos({"c.png": picture("PNG"), "d.txt": b"x"}, title=None), headers=HOST)
    body = await resp.json()
    assert resp.status == 201, body
    assert body["cards"] == ["c003"] and body["deck"]["size"] == 2   # c002 stays retired
    assert [s["problem"] for s in body["skipped"]] == ["not_an_image"]
    ids = (await (await client.get(f"/api/decks/{deck_id}/cards")).json())["cards"]
    assert ids == ["c001", "c003"]
    assert [p for p in leftovers(library) if p.startswith(".")] == []


async def test_the_host_renames_removes_cards_but_never_the_last_one_and_never_in_the_built_in_deck(client):
    deck = (await (await client.post("/api/decks", data=photos({"a.jpg": picture()}), headers=HOST)).json())["deck"]
    renamed = await client.patch(f"/api/decks/{deck['id']}", json={"title": "Бабушкин сад"}, headers=HOST)
    assert renamed.status == 200
    titles = [d["title"] for d in (await (await client.get("/api/decks")).json())["decks"] if d["id"] == deck["id"]]
    assert titles == [{"en": "Бабушкин сад", "ru": "Бабушкин сад"}]
    assert (await client.patch(f"/api/decks/{deck['id']}", json={"title": "  "}, headers=HOST)).status == 400
    last = await client.delete(f"/api/decks/{deck['id']}/cards/c001", headers=HOST)
    assert last.status == 409 and (await last.json())["error"] == "last_card"
    assert (await client.delete(f"/api/decks/{deck['id']}/cards/c404", headers=HOST)).status == 404
    builtin = await client.delete("/api/decks/builtin/cards/c001", headers=HOST)
    assert builtin.status == 403 and (await builtin.json())["error"] == "deck_builtin"
    added = await client.post("/api/decks/builtin/cards", data=photos({"a.jpg": picture()}), headers=HOST)
    assert added.status == 403
    assert (await client.patch("/api/decks/builtin", json={"title": "x"}, headers=HOST)).status == 403
    assert (await client.patch(f"/api/decks/{deck['id']}", json={"title": "x"})).status == 403


async def test_a_removed_card_leaves_the_kids_filter(client):
    deck = (await (await client.post("/api/decks", data=photos({"a.jpg": picture(colour=(1, 1, 1)),
                                                                 "b.jpg": picture(colour=(2, 2, 2))}),
                                      headers=HOST)).json())["deck"]
    assert (await client.put(f"/api/decks/{deck['id']}/excluded", json=["c002"], headers=HOST)).status == 200
    listed = {d["id"]: d for d in (await (await client.get("/api/decks")).json())["decks"]}
    assert listed[deck["id"]]["kids_size"] == 1
    assert (await client.delete(f"/api/decks/{deck['id']}/cards/c002", headers=HOST)).status == 200
    cards = await (await client.get(f"/api/decks/{deck['id']}/cards")).json()
    assert cards == {"deck": deck["id"], "cards": ["c001"], "excluded": [], "outdated": 0}


def _heic(size=(300, 400)) -> bytes:
    import pillow_heif
    pillow_heif.register_heif_opener()
    buf = io.BytesIO()
    Image.new("RGB", size, (200, 150, 40)).save(buf, "HEIF", quality=60)
    return buf.getvalue()


async def test_an_iphone_heic_photo_becomes_a_card(client, library):
    pytest.importorskip("pillow_heif")
    resp = await client.post("/api/decks", data=photos({"IMG_0001.HEIC": _heic()}), headers=HOST)
    body = await resp.json()
    assert resp.status == 201 and body["deck"]["size"] == 1, body
    with Image.open(stored(library, body["deck"]["id"])[0]) as im:
        assert im.format == "JPEG" and im.size == (267, 400)   # 3:4 cut to the card's 2:3


def test_without_the_heic_decoder_a_heic_photo_is_skipped_saying_what_it_needs(tmp_path):
    pytest.importorskip("pillow_heif")   # to make the HEIC file; the server below runs without the package
    heic = tmp_path / "IMG_0001.HEIC"
    heic.write_bytes(_heic())
    code = ("import sys; sys.modules['pillow_heif'] = None\n"   # `import pillow_heif` raises ImportError
            "import json; from server.decks.photos import card_from_photo; from server.decks.pictures import "
            "problem_message\n"
            f"got = card_from_photo(open({str(heic)!r}, 'rb'), 'IMG_0001.HEIC')\n"
            "print(json.dumps([got, problem_message(got, 'en'), problem_message(got, 'ru')]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    got, en, ru = json.loads(out.stdout)
    assert got == "heic_unsupported"
    assert "HEIC needs" in en and "pillow-heif" in en
    assert "HEIC" in ru and "pillow-heif" in ru and "нужен" in ru
