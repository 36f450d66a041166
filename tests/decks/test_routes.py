"""Deck HTTP routes through aiohttp's test server: card pictures (sizes, formats, cache headers, ETag/304,
traversal attempts), the deck list, uploads (permission, size, problems) and the kids' filter."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from aiohttp import FormData, web
from PIL import Image

from server.decks import card_images
from server.decks.library import DeckLibrary
from server.net import deck_photos, deck_routes
from server.net.deck_routes import CACHE_FOREVER, setup_deck_routes
from tests.decks.helpers import broken_jpeg, card_folder, make_zip, picture, png_bomb

HOST = {"X-Room": "KXPT", "X-Token": "host-token"}


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    shipped = tmp_path / "shipped"
    folder = card_folder(shipped / "builtin", 4)
    (folder / "c001.png").write_bytes(picture("PNG", size=(1000, 1500)))  # bigger than both boxes
    return DeckLibrary(shipped, tmp_path / "data")


@pytest.fixture
async def client(aiohttp_client, library):
    async def can_upload(request: web.Request) -> bool:
        return request.headers.get("X-Room") == "KXPT" and request.headers.get("X-Token") == "host-token"

    app = web.Application()
    setup_deck_routes(app, library, can_upload)
    return await aiohttp_client(app)


def upload(data: bytes, title: str = "Ours") -> FormData:
    form = FormData()
    form.add_field("title", title)
    form.add_field("file", data, filename="cards.zip", content_type="application/zip")
    return form


# ---- card pictures -------------------------------------------------------------------------------------

@pytest.mark.parametrize("size,fmt,ctype,box", [("tv", "webp", "image/webp", (640, 960)),
                                                ("thumb", "jpg", "image/jpeg", (320, 480)),
                                                ("tv", "jpg", "image/jpeg", (640, 960)),
                                                ("thumb", "webp", "image/webp", (320, 480))])
async def test_card_picture_is_prepared_in_size_and_format_with_long_cache(client, library, size, fmt, ctype, box):
    resp = await client.get(f"/cards/builtin/c001.{size}.{fmt}")
    assert resp.status == 200
    assert resp.headers["Content-Type"] == ctype
    assert resp.headers["Cache-Control"] == CACHE_FOREVER
    assert resp.headers["ETag"]
    with Image.open(io.BytesIO(await resp.read())) as im:
        assert im.size == box  # 1000x1500 fitted into the box, 2:3 kept
    assert (library.cache_dir / "builtin" / f"c001.{size}.{fmt}").is_file()  # made once, kept on disk


async def test_etag_gives_304_and_keeps_cache_headers(client):
    first = await client.get("/cards/builtin/c002.thumb.webp")
    etag = first.headers["ETag"]
    again = await client.get("/cards/builtin/c002.thumb.webp", headers={"If-None-Match": etag})
    assert again.status == 304
    assert again.headers["ETag"] == etag
    assert again.headers["Cache-Control"] == CACHE_FOREVER
    other = await client.get("/cards/builtin/c002.thumb.webp", headers={"If-None-Match": '"something-else"'})
    assert other.status == 200


async def test_small_source_is_not_enlarged(client):
    resp = await client.get("/cards/builtin/c003.tv.jpg")
    with Image.open(io.BytesIO(await resp.read())) as im:
        assert im.size == (60, 90)


@pytest.mark.parametrize("path", [
    "/cards/builtin/c999.tv.webp", "/cards/nope/c001.tv.webp", "/cards/Builtin/c001.tv.webp",
    "/cards/builtin/c001.big.webp", "/cards/builtin/c001.tv.png", "/cards/builtin/c001.webp",
    "/cards/builtin/..%2F..%2Fshipped%2Fbuiltin%2Fc001.tv.webp", "/cards/..%2Fshipped/c001.tv.webp",
    "/cards/builtin/%2e%2e.tv.webp", "/cards/builtin/C001.tv.webp", "/cards/builtin/.c001.tv.webp",
    "/cards/../shipped/builtin/c001.png", "/cards/builtin/c001.tv.webp%00.png", "/cards/builtin/c001.png",
])
async def test_anything_but_a_strict_card_path_is_404(client, path):
    resp = await client.get(path)
    assert resp.status == 404
    assert "image" not in resp.headers.get("Content-Type", "")


async def test_unreadable_card_is_a_clear_404_and_others_still_serve(client, library):
    folder = library.get("builtin").path
    (folder / "c004.png").write_bytes(picture("PNG")[:60])  # header fine, pixels gone
    resp = await client.get("/cards/builtin/c004.tv.webp")
    assert resp.status == 404 and (await resp.json())["error"] == "broken_card"
    assert (await client.get("/cards/builtin/c001.tv.webp")).status == 200


# ---- deck list and upload ------------------------------------------------------------------------------

async def test_deck_list(client):
    resp = await client.get("/api/decks")
    assert resp.status == 200
    assert await resp.json() == {"decks": [{"id": "builtin", "title": {"en": "builtin", "ru": "builtin"}, "size": 4,
                                            "kids_size": 4, "licence": "", "builtin": True, "uploaded": False,
                                            "problems": []}],
                                 "storage": {"used": 0, "quota": deck_routes.UploadLimits().quota_bytes}}


async def test_upload_needs_the_host(client, library):
    data = make_zip({"a.jpg": picture()})
    resp = await client.post("/api/decks", data=upload(data), headers={"X-Room": "KXPT", "X-Token": "guess"})
    assert resp.status == 403
    assert (await resp.json())["error"] == "forbidden"
    assert not library.user_dir.exists() or not any(library.user_dir.iterdir())


async def test_upload_good_zip_then_play_its_cards(client, library):
    data = make_zip({"a.jpg": picture(), "b.png": picture("PNG", colour=(0, 90, 0)), "../evil.jpg": picture(),
                     "bomb.png": png_bomb(), "broken.jpg": broken_jpeg(), "readme.txt": b"hi"})
    resp = await client.post("/api/decks", data=upload(data, "Наши"), headers=HOST)
    assert resp.status == 201
    body = await resp.json()
    assert body["deck"]["size"] == 2 and body["deck"]["builtin"] is False
    assert {s["name"]: s["problem"] for s in body["skipped"]} == {
        "../evil.jpg": "unsafe_path", "bomb.png": "too_many_pixels", "broken.jpg": "broken",
        "readme.txt": "not_an_image"}
    deck_id = body["deck"]["id"]
    listed = await (await client.get("/api/decks")).json()
    assert [d["id"] for d in listed["decks"]] == ["builtin", deck_id]
    cards = await (await client.get(f"/api/decks/{deck_id}/cards")).json()
    assert cards == {"deck": deck_id, "cards": ["c001", "c002"], "excluded": [], "outdated": 0}
    pic = await client.get(f"/cards/{deck_id}/c002.thumb.webp")
    assert pic.status == 200 and pic.headers["Cache-Control"] == CACHE_FOREVER


async def test_upload_without_pictures_is_400_with_each_problem(client, library):
    data = make_zip({"notes.txt": b"hello", "broken.jpg": broken_jpeg()})
    resp = await client.post("/api/decks", data=upload(data), headers=HOST)
    assert resp.status == 400
    body = await resp.json()
    assert body["error"] == "no_images" and body["message"]
    assert [(f["name"], f["problem"]) for f in body["files"]] == [
        ("broken.jpg", "broken"), ("notes.txt", "not_an_image")]
    assert [p.name for p in library.user_dir.iterdir()] == []


async def test_upload_not_a_zip_or_no_file_is_400(client):
    resp = await client.post("/api/decks", data=upload(picture()), headers=HOST)
    assert resp.status == 400 and (await resp.json())["error"] == "not_a_zip"
    form = FormData()
    form.add_field("title", "x")
    resp = await client.post("/api/decks", data=form, headers=HOST)
    assert resp.status == 400 and (await resp.json())["error"] == "no_file"


async def test_upload_too_big_is_413_and_leaves_nothing(client, library, monkeypatch):
    data = make_zip({f"{i}.png": picture("PNG", size=(200, 300), colour=(i, 0, 0)) for i in range(3)})
    monkeypatch.setattr(deck_photos, "MAX_UPLOAD_BYTES", len(data) // 2)   # the module that reads the form
    resp = await client.post("/api/decks", data=upload(data), headers=HOST)
    assert resp.status == 413
    assert (await resp.json())["error"] == "too_big"
    assert not library.user_dir.exists() or [p.name for p in library.user_dir.iterdir()] == []


# ---- kids' filter ----------------------------------------------------------------------------------------

async def test_excluded_put_and_get(client, library):
    resp = await client.put("/api/decks/builtin/excluded", json=["c002", "c003"])
    assert resp.status == 403
    resp = await client.put("/api/decks/builtin/excluded", json=["c002", "c003"], headers=HOST)
    assert resp.status == 200 and (await resp.json())["excluded"] == ["c002", "c003"]
    cards = await (await client.get("/api/decks/builtin/cards")).json()
    assert cards["excluded"] == ["c002", "c003"]
    assert library.excluded("builtin") == {"c002", "c003"}


@pytest.mark.parametrize("body", [{"cards": []}, ["c001", 5], "c001"])
async def test_excluded_malformed_body_is_400_and_changes_nothing(client, library, body):
    library.set_excluded("builtin", ["c001"])
    resp = await client.put("/api/decks/builtin/excluded", json=body, headers=HOST)
    assert resp.status == 400 and (await resp.json())["error"] == "malformed"
    assert library.excluded("builtin") == {"c001"}


async def test_excluded_unknown_cards_and_decks(client, library):
    resp = await client.put("/api/decks/builtin/excluded", json=["c001", "c777"], headers=HOST)
    assert resp.status == 400
    body = await resp.json()
    assert body["error"] == "unknown_cards" and body["files"] == [{"name": "c777", "problem": "not_in_deck"}]
    assert library.excluded("builtin") == set()
    assert (await client.put("/api/decks/nope/excluded", json=[], headers=HOST)).status == 404
    assert (await client.get("/api/decks/nope/cards")).status == 404
    assert (await client.get("/api/decks/..%2Fdata/cards")).status == 404


async def test_excluded_that_cannot_be_saved_is_507_and_changes_nothing(client, library):
    library.excluded_dir.parent.mkdir(parents=True, exist_ok=True)
    library.excluded_dir.write_text("a file where the filters' folder goes")   # the folder cannot be made
    resp = await client.put("/api/decks/builtin/excluded", json=["c002"], headers={**HOST, "Accept-Language": "ru"})
    assert resp.status == 507
    body = await resp.json()
    assert body["error"] == "storage_failed" and body["message"].startswith("Сервер не смог сохранить фильтр")
    assert (await (await client.get("/api/decks/builtin/cards")).json())["excluded"] == []


# ---- thumbnail preparation -------------------------------------------------------------------------------

class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_prepare_all_makes_every_variant_once(library):
    out = io.StringIO()  # not a terminal: never a progress bar
    assert card_images.prepare_all(library, "builtin", stream=out) == 4 * 2 * 2
    files = sorted(p.name for p in (library.cache_dir / "builtin").iterdir())
    assert len(files) == 16 and "c001.tv.webp" in files and "c004.thumb.jpg" in files
    assert out.getvalue() == ""


def test_progress_bar_only_on_a_terminal_and_only_after_the_delay():
    term = FakeTerminal()
    bar = card_images.Progress(4, "Preparing", stream=term, delay=0)
    for _ in range(4):
        bar.step()
    bar.close()
    assert "Preparing [" in term.getvalue() and "4/4" in term.getvalue()
    quiet = FakeTerminal()
    bar = card_images.Progress(4, "Preparing", stream=quiet, delay=3600)
    bar.step()
    bar.close()
    assert quiet.getvalue() == ""
    plain = io.StringIO()
    bar = card_images.Progress(4, "Preparing", stream=plain, delay=0)
    bar.step()
    bar.close()
    assert plain.getvalue() == ""


async def test_upload_that_fails_to_store_is_507_and_leaves_nothing(client, library, monkeypatch):
    real_save = Image.Image.save

    def disk_full(self, fp, *args, **kwargs):
        if isinstance(fp, Path) and library.user_dir in fp.parents:
            raise OSError(28, "No space left on device")
        return real_save(self, fp, *args, **kwargs)

    data = make_zip({"a.jpg": picture()})
    monkeypatch.setattr(Image.Image, "save", disk_full)
    resp = await client.post("/api/decks", data=upload(data), headers=HOST)
    assert resp.status == 507
    body = await resp.json()
    assert body["error"] == "storage_failed" and body["message"]
    assert [p.name for p in library.user_dir.iterdir()] == []


# ---- the routes the aiohttp way ------------------------------------------------------------------------

async def test_deck_handlers_are_module_level_and_the_importer_lives_with_the_app(aiohttp_client, library):
    """Every deck route's handler is a module-level function (no closure over the setup's arguments: what
    they share is on the app, server/net/keys.py), and the importer thread exists only while the app runs
    (its `cleanup_ctx` entry shuts it down)."""
    from server.net import keys

    app = web.Application()
    setup_deck_routes(app, library, lambda request: True)
    handlers = {r.resource.canonical: r.handler for r in app.router.routes() if r.resource is not None}
    assert set(handlers) >= {"/api/decks", "/cards/{deck}/{file}", "/api/decks/{deck}/excluded",
                             "/api/decks/{deck}", "/api/decks/{deck}/end-game"}
    assert [path for path, h in handlers.items() if "<locals>" in h.__qualname__] == []
    assert keys.IMPORTER not in app
    client = await aiohttp_client(app)
    importer = app[keys.IMPORTER]
    assert (await client.get("/api/decks")).status == 200
    await client.close()
    assert importer.stopping.is_set()
    with pytest.raises(RuntimeError):   # shut down: takes no new import
        importer.executor.submit(print)
