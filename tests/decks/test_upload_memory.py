"""Upload memory. The attacks as reported: a 97 MB zip whose central directory lists
2,000,000 entries took the server from 888 MB to 1,780 MB before its 413, and a 1 KB zip of three
6,300×6,300 PNGs was accepted and decoded at full size (+223 MB; four at once peaked at 1 GB). Now the
entry count and the central directory's size are read from the end-of-central-directory record before
`zipfile` builds an entry, pictures are capped in pixels by what can be decoded small, and imports run one
at a time. Memory is measured, not timed: Python's allocations with tracemalloc, Pillow's (C) as the peak
RSS of a child process."""
from __future__ import annotations

import asyncio
import io
import json
import struct
import subprocess
import sys
import tracemalloc
import zipfile
import zlib
from pathlib import Path

import pytest
from aiohttp import FormData, web

from server.decks import archive
from server.decks.archive import ImportRefused, import_zip
from server.decks.library import DeckLibrary
from server.net import deck_routes
from server.net.deck_routes import setup_deck_routes
from tests.decks.helpers import card_folder, make_zip, picture

ROOT = Path(__file__).resolve().parents[2]


def central_directory_bomb(entries: int, *, claim: int | None = None, zip64: bool = False) -> bytes:
    """A zip of `entries` empty stored files, written by hand (zipfile would take minutes): local headers,
    the central directory and its end record claiming `claim` entries (default: the truth)."""
    local, central = [], []
    offset = 0
    for i in range(entries):
        name = b"%07d" % i
        head = struct.pack(zipfile.structFileHeader, zipfile.stringFileHeader, 20, 0, 0, 0, 0, 0, 0, 0, 0,
                           len(name), 0) + name
        central.append(struct.pack(zipfile.structCentralDir, zipfile.stringCentralDir, 20, 0, 20, 0, 0, 0, 0, 0,
                                   0, 0, 0, len(name), 0, 0, 0, 0, 0, offset) + name)
        local.append(head)
        offset += len(head)
    body, cd = b"".join(local), b"".join(central)
    count = entries if claim is None else claim
    end = b""
    if zip64:
        record = struct.pack(zipfile.structEndArchive64, zipfile.stringEndArchive64, 44, 45, 45, 0, 0,
                             count, count, len(cd), len(body))
        locator = struct.pack(zipfile.structEndArchive64Locator, zipfile.stringEndArchive64Locator, 0,
                              len(body) + len(cd), 1)
        end = record + locator
        count = 0xFFFF
    end += struct.pack(zipfile.structEndArchive, zipfile.stringEndArchive, 0, 0, min(count, 0xFFFF),
                       min(count, 0xFFFF), len(cd), len(body), 0)
    return body + cd + end


def huge_png(side: int = 6300) -> bytes:
    """A side×side RGB PNG of one colour, a few KB: decoded it is side²×3 bytes."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    comp = zlib.compressobj(9)
    row = b"\x00" + b"\x80" * (3 * side)
    idat = b"".join(comp.compress(row) for _ in range(side)) + comp.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


@pytest.fixture
def library(tmp_path: Path) -> DeckLibrary:
    return DeckLibrary(card_folder(tmp_path / "shipped" / "builtin", 3).parent, tmp_path / "data")


def refused_with_little_memory(library, data: bytes) -> tuple[ImportRefused, int]:
    tracemalloc.start()
    try:
        with pytest.raises(ImportRefused) as refused:
            import_zip(library, io.BytesIO(data), title="bomb")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return refused.value, peak


@pytest.mark.parametrize("claim,zip64", [(None, False), (10, False), (None, True)],
                         ids=["true-count", "lying-count", "zip64"])
def test_a_central_directory_of_100000_entries_is_refused_before_zipfile_reads_it(library, claim, zip64):
    data = central_directory_bomb(100_000, claim=claim, zip64=zip64)
    assert len(data) > 8_000_000
    err, peak = refused_with_little_memory(library, data)
    assert (err.code, err.status) == ("too_many_files", 413)
    assert peak < 3_000_000, f"{peak / 1e6:.1f} MB allocated before refusing"   # zipfile's entries: ~60 MB
    assert not library.user_dir.exists() or not any(library.user_dir.iterdir())


@pytest.mark.parametrize("zip64", [False, True])
def test_a_small_hand_made_zip_passes_the_check(library, zip64):
    with pytest.raises(ImportRefused) as refused:   # three empty files: read, then found to hold no picture
        import_zip(library, io.BytesIO(central_directory_bomb(3, zip64=zip64)), title="ok")
    assert refused.value.code == "no_images"
    assert [f["problem"] for f in refused.value.files] == ["not_an_image"] * 3


CHILD = """
import io, json, resource, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from server.decks.archive import import_zip, ImportRefused
from server.decks.library import DeckLibrary
data = Path(sys.argv[1]).read_bytes()
library = DeckLibrary(Path(sys.argv[2]) / "shipped", Path(sys.argv[2]) / "data")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    result = import_zip(library, io.BytesIO(data), title="big")
    out = {{"size": result.deck.size, "skipped": [s["problem"] for s in result.skipped]}}
except ImportRefused as exc:
    out = {{"refused": exc.code, "skipped": [s["problem"] for s in exc.files]}}
out["grew_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps(out))
"""


def test_three_6300_pixel_pngs_are_never_decoded_at_full_size(tmp_path):
    big = huge_png(6300)
    data = make_zip({"a.png": big, "b.png": big, "c.png": big, "d.jpg": picture()}, zipfile.ZIP_DEFLATED)
    assert len(data) < 5_000
    (tmp_path / "up.zip").write_bytes(data)
    run = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT)), str(tmp_path / "up.zip"), str(tmp_path)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    out = json.loads(run.stdout.splitlines()[-1])
    assert out["skipped"] == ["too_many_pixels"] * 3 and out["size"] == 1, out
    assert out["grew_kb"] < 60_000, out   # one decode at full size alone is 119 MB


def test_a_16_megapixel_png_is_reduced_while_it_is_decoded(tmp_path):
    big = huge_png(4000)
    (tmp_path / "up.zip").write_bytes(make_zip({"a.png": big}))
    run = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT)), str(tmp_path / "up.zip"), str(tmp_path)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    out = json.loads(run.stdout.splitlines()[-1])
    assert out["size"] == 1 and out["skipped"] == [], out
    assert out["grew_kb"] < 120_000, out  # 48 MB decoded, then reduced: never a second full-size copy
    stored = next((tmp_path / "data" / "decks").glob("*/c001.jpg"))
    from PIL import Image
    with Image.open(stored) as im:
        assert im.size == (archive.LONG_SIDE, archive.LONG_SIDE)


async def test_imports_run_one_at_a_time(aiohttp_client, library, monkeypatch):
    running, most = 0, 0
    real = deck_routes.import_zip

    def counted(*args, **kwargs):
        nonlocal running, most
        running += 1
        most = max(most, running)
        try:
            return real(*args, **kwargs)
        finally:
            running -= 1

    monkeypatch.setattr(deck_routes, "import_zip", counted)
    app = web.Application()
    setup_deck_routes(app, library, lambda request: True)
    client = await aiohttp_client(app)
    zips = [make_zip({f"{i}-{j}.png": picture("PNG", size=(1200, 1800), colour=(i * 40, j * 9, 7)) for j in range(6)})
            for i in range(4)]

    async def upload(data: bytes):
        form = FormData()
        form.add_field("file", data, filename="cards.zip", content_type="application/zip")
        return (await client.post("/api/decks", data=form)).status

    assert await asyncio.gather(*(upload(z) for z in zips)) == [201] * 4
    assert most == 1
