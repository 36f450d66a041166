"""Pictures and zips made on the fly for the deck tests (nothing binary is committed for them)."""
from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

from PIL import Image


def picture(fmt: str = "JPEG", size=(60, 90), colour=(200, 40, 40), mode: str = "RGB",
            exif_orientation: int | None = None) -> bytes:
    """An encoded picture; with `exif_orientation` the EXIF Orientation tag is set (6 = rotate 90° CW)."""
    im = Image.new(mode, size, colour if mode == "RGB" else (*colour, 128))
    buf = io.BytesIO()
    kwargs = {}
    if exif_orientation is not None:
        exif = Image.Exif()
        exif[0x0112] = exif_orientation
        kwargs["exif"] = exif.tobytes()
    im.save(buf, fmt, **kwargs)
    return buf.getvalue()


def png_bomb(width: int = 100_000, height: int = 100_000) -> bytes:
    """A tiny PNG whose header declares huge dimensions (a decompression bomb)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64))
            + chunk(b"IEND", b""))


def broken_jpeg() -> bytes:
    """A JPEG cut off after its header: it opens, but cannot be decoded."""
    return picture("JPEG", size=(200, 300))[:400]


def make_zip(entries: dict[str, bytes], compression: int = zipfile.ZIP_STORED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name)  # ZipInfo keeps hostile names exactly as given
            info.compress_type = compression
            zf.writestr(info, data)
    return buf.getvalue()


def card_folder(folder: Path, n: int, fmt: str = "PNG", suffix: str = ".png") -> Path:
    """A deck folder of `n` distinct small cards named c001...."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        colour = ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)
        (folder / f"c{i + 1:03d}{suffix}").write_bytes(picture(fmt, colour=colour))
    return folder
