"""What a card picture must be, and the one guarded way to open one: the formats found by content
(JPEG, PNG, WebP, whatever the name says), the size and pixel limits (issue 15 item 4), the problem codes
people see, and the check of a deck folder's file, remembered while the file is unchanged. Used by the
deck folders (library.py) and by zip imports (archive.py)."""
from __future__ import annotations

import os
import struct
import threading
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, TypeVar

from PIL import Image

T = TypeVar("T")

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".webp"})
IMAGE_FORMATS = frozenset({"JPEG", "PNG", "WEBP"})  # what Pillow must find inside, whatever the suffix says
MAX_CARD_BYTES = 20 * 1024 * 1024  # a card file above this is ignored (a phone photo is ~3-8 MB)
MAX_CARD_PIXELS = 40_000_000       # width * height of a JPEG, decoded at 1/2..1/8 scale (Image.draft)
# Other formats (PNG, WebP) decode at full size before they can be reduced: 16 MP is 64 MB as RGBA, and
# more than a card needs (a 1600 px card is 2.6 MP). Issue 15 item 4: a 6,300² PNG cost 223 MB.
MAX_FULL_DECODE_PIXELS = 16_000_000

# what a person sees for each problem with a picture file (uploads and deck folders alike)
PROBLEMS = {
    "unsafe_path": "unsafe file name (absolute or with '..'); ignored",
    "not_an_image": "not a JPEG, PNG or WebP picture",
    "too_big": f"larger than {MAX_CARD_BYTES // (1024 * 1024)} MB",
    "too_many_pixels": f"more than {MAX_CARD_PIXELS // 1_000_000} megapixels as JPEG, "
                       f"{MAX_FULL_DECODE_PIXELS // 1_000_000} as PNG or WebP (or a decompression bomb)",
    "broken": "damaged picture that cannot be read to the end",
    "encrypted": "password-protected",
    "duplicate": "the same card as another file of the deck",
}


def pixel_problem(im: Image.Image) -> str | None:
    """"too_many_pixels" if the opened picture `im` is larger than it may be decoded here: MAX_CARD_PIXELS
    for a JPEG (which decodes reduced), MAX_FULL_DECODE_PIXELS for any other format; else None."""
    limit = MAX_CARD_PIXELS if im.format == "JPEG" else MAX_FULL_DECODE_PIXELS
    return "too_many_pixels" if im.width * im.height > limit else None


_verified: dict[tuple[int, int, int, int], str | None] = {}   # (dev, inode, size, mtime_ns) -> problem
_verified_lock = threading.Lock()


def _file_key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def mark_verified(path: Path) -> None:
    """Records that the file at `path`, as it is now, is a good picture (the import just wrote it from a
    fully decoded one), so loading its deck does not decode it again. A rename keeps the record."""
    with _verified_lock:
        _verified[_file_key(path.stat())] = None


def check_picture(path: Path, *, decode: bool = True) -> str | None:
    """None if `path` is a usable card picture, else a problem code. With `decode` the picture is decoded
    to the end (a JPEG at 1/8 scale, which still reads all of it), so a file cut short is `broken` here
    and never dealt (issue 15 item 9); without it only the header is read (shipped decks: the test suite
    decodes them). A file's verdict is remembered while it is unchanged (same inode, size and mtime), so
    a deck is decoded once per server run."""
    try:
        st = path.stat()
        key = _file_key(st)
        with _verified_lock:
            if key in _verified:  # decoded before (or written by an import from a decoded picture)
                return _verified[key]
        problem = _check_picture(path, st.st_size, decode)
    except OSError:
        return "broken"
    if decode:  # a header-only verdict says nothing about the rest of the file
        with _verified_lock:
            if len(_verified) > 100_000:  # forget rather than grow without bound
                _verified.clear()
            _verified[key] = problem
    return problem



def open_picture(source: Path | BinaryIO, use: Callable[[Image.Image], T]) -> T | str:
    """Opens `source` (a file path or a binary file) as a card picture and returns `use(picture)`, or a
    problem code: ``not_an_image`` (not JPEG, PNG or WebP inside), ``too_many_pixels`` (`pixel_problem`, or
    Pillow's decompression-bomb guard, whose warning counts too), ``broken`` (cannot be read to the end:
    `use` decodes, so its errors count)."""
    try:
        with warnings.catch_warnings():
            # Pillow warns above MAX_IMAGE_PIXELS and raises above twice that: treat both as a bomb
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(source, formats=sorted(IMAGE_FORMATS)) as im:
                if im.format not in IMAGE_FORMATS:
                    return "not_an_image"
                if pixel_problem(im):
                    return "too_many_pixels"
                return use(im)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return "too_many_pixels"
    except Image.UnidentifiedImageError:
        return "not_an_image"
    except (OSError, ValueError, SyntaxError, EOFError, struct.error):
        return "broken"


def _decode_all(im: Image.Image) -> None:
    im.draft("RGB", (1, 1))   # JPEG: the smallest scale; every byte is still decoded
    im.load()


def _check_picture(path: Path, size: int, decode: bool) -> str | None:
    if size > MAX_CARD_BYTES:
        return "too_big"
    return open_picture(path, _decode_all if decode else lambda im: None)
