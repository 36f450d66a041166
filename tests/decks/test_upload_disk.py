"""Disk filling. The attack as reported: a 580 KB zip of 100 stripe PNGs is stored as
50 MB, and nothing stopped a host from uploading it again and again. Now each room has an upload rate
limit, uploaded decks share a quota that the host sees with what is used, and one upload may store only
so many bytes. Through aiohttp's test server with the real routes and import."""
from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from aiohttp import FormData, web

from server.decks.archive import ImportRefused, import_zip
from server.decks.library import DeckLibrary
from server.net.deck_routes import UploadLimits, setup_deck_routes
from tests.decks.helpers import card_folder, make_zip


def stripe_png(width: int, height: int, period: int) -> bytes:
    """Thin vertical stripes: a few hundred bytes as PNG, large as JPEG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(((x // period) % 2) * 255 for x in range(width * 3))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b""))


def stripes(n: int = 20) -> bytes:
    return make_zip({f"s{i:03d}.png": stripe_png(400, 600, 1 + i % 3) for i in range(n)}, zipfile.ZIP_DEFLATED)


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    return DeckLibrary(card_folder(tmp_path / "shipped" / "builtin", 3).parent, tmp_path / "data")


def uploaded_bytes(library: DeckLibrary) -> int:
    return sum(p.stat().st_size for p in library.user_dir.rglob("*") if p.is_file()) if library.user_dir.exists() else 0


async def make_client(aiohttp_client, library, limits: UploadLimits):
    app = web.Application()
    # every room code is a host here: the tests are about what a host may upload
    setup_deck_routes(app, library, lambda request: True, limits=limits)
    return await aiohttp_client(app)


async def upload(client, data: bytes, room: str = "KXPT"):
    form = FormData()
    form.add_field("title", "Stripes")
    form.add_field("file", data, filename="stripes.zip", content_type="application/zip")
    resp = await client.post("/api/decks", data=form, headers={"X-Room": room, "X-Token": "t"})
    return resp.status, await resp.json()


def test_stripes_stay_stripes_but_their_stored_bytes_are_counted():
    data = stripes()
    assert len(data) < 20_000


async def test_one_room_uploading_again_and_again_is_slowed_down(aiohttp_client, library):
    client = await make_client(aiohttp_client, library, UploadLimits())
    data = stripes()
    answers = [await upload(client, data) for _ in range(UploadLimits().burst + 1)]
    assert [s for s, _ in answers[:-1]] == [201] * UploadLimits().burst
    status, body = answers[-1]
    assert (status, body["error"]) == (429, "upload_rate_limited")
    assert body["retry_after"] > 0 and "minute" in body["message"]
    assert len([d for d in library.user_dir.iterdir() if not d.name.startswith(".")]) == UploadLimits().burst
    status, _ = await upload(client, data, room="ABCD")   # another room has its own allowance
    assert status == 201


async def test_refused_uploads_count_too_and_the_sentence_does_not_say_decks_were_uploaded(aiohttp_client, library):
    """Every try takes from the room's allowance (a refused zip was read and checked too), so the refusal
    must not tell a family that tried a wrong file five times that it "uploaded several decks"."""
    client = await make_client(aiohttp_client, library, UploadLimits())
    answers = [await upload(client, b"not a zip") for _ in range(UploadLimits().burst + 1)]
    assert [(s, b["error"]) for s, b in answers[:-1]] == [(400, "not_a_zip")] * UploadLimits().burst
    status, body = answers[-1]
    assert (status, body["error"]) == (429, "upload_rate_limited")
    assert "uploads" in body["message"] and "decks" not in body["message"]
    assert not library.user_dir.exists() or not [d for d in library.user_dir.iterdir() if not d.name.startswith(".")]


async def test_uploaded_decks_share_a_quota_the_host_sees(aiohttp_client, library):
    quota = 600_000
    client = await make_client(aiohttp_client, library, UploadLimits(quota_bytes=quota))
    listing = await (await client.get("/api/decks")).json()
    assert listing["storage"] == {"used": 0, "quota": quota}
    rooms = iter(f"R{i:03d}" for i in range(100))
    answers = []
    while not answers or answers[-1][0] == 201:
        answers.append(await upload(client, stripes(), room=next(rooms)))
        assert uploaded_bytes(library) <= quota
        assert len(answers) < 50
    status, body = answers[-1]
    assert (status, body["error"]) == (507, "quota_full")
    assert "MB" in body["message"]
    listing = await (await client.get("/api/decks")).json()
    used = listing["storage"]["used"]
    assert 0 < used <= quota and used == uploaded_bytes(library)
    assert sum(1 for d in listing["decks"] if not d["builtin"]) == len(answers) - 1
    assert not [p for p in library.user_dir.iterdir() if p.name.startswith(".import-")]  # nothing half-kept


def test_one_upload_stores_a_bounded_number_of_bytes(library):
    with pytest.raises(ImportRefused) as refused:
        import_zip(library, io.BytesIO(stripes()), title="Stripes", max_stored_bytes=100_000)
    assert (refused.value.code, refused.value.status) == ("deck_too_big", 413)
    assert uploaded_bytes(library) == 0
    result = import_zip(library, io.BytesIO(stripes(3)), title="Stripes", max_stored_bytes=100_000)
    assert result.deck.size == 3 and uploaded_bytes(library) <= 100_000


def test_an_import_gives_up_when_the_server_stops(library):
    import threading

    stopping = threading.Event()
    stopping.set()
    with pytest.raises(ImportRefused) as refused:
        import_zip(library, io.BytesIO(stripes(3)), title="Stripes", stopping=stopping)
    assert (refused.value.code, refused.value.status) == ("shutting_down", 503)
    assert uploaded_bytes(library) == 0
