"""What a card picture must be, and the one guarded way to open one: the formats found by content
(JPEG, PNG, WebP, whatever the name says), the size and pixel limits (bounded memory), the problem codes
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

from server.messages import sentence

T = TypeVar("T")

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".webp"})
IMAGE_FORMATS = frozenset({"JPEG", "PNG", "WEBP"})  # what Pillow must find inside, whatever the suffix says
MAX_CARD_BYTES = 20 * 1024 * 1024  # a card file above this is ignored (a phone photo is ~3-8 MB)
MAX_CARD_PIXELS = 40_000_000       # width * height of a JPEG, decoded at 1/2..1/8 scale (Image.draft)
# Other formats (PNG, WebP) decode at full size before they can be reduced: 16 MP is 64 MB as RGBA, and
# more than a card needs (a 1600 px card is 2.6 MP). Measured: a 6,300² PNG cost 223 MB.
MAX_FULL_DECODE_PIXELS = 16_000_000

# what a person sees for each problem with a picture file (uploads and deck folders alike): the sentences
# `problem.<code>` of server/messages, in English and Russian
PROBLEM_CODES = ("unsafe_path", "not_an_image", "too_big", "too_many_pixels", "broken", "damaged", "encrypted",
                 "duplicate", "heic_unsupported")


def problem_message(code: str, lang: str = "en") -> str:
    """The words for a file's problem `code` (one of PROBLEM_CODES) in `lang` ("en" or "ru"), with this
    server's limits filled in (MB, megapixels)."""
    return sentence(f"problem.{code}", lang, {"max": MAX_CARD_BYTES // (1024 * 1024),
                                               "jpeg": MAX_CARD_PIXELS // 1_000_000,
                                               "other": MAX_FULL_DECODE_PIXELS // 1_000_000})


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
    and never dealt (nor shown broken mid-game); without it only the header is read (shipped decks: the test suite
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



# The first bytes of the formats we read, and of pictures of other formats (which are `not_an_image`).
_OUR_STARTS = (b"\xff\xd8\xff", b"\x89PNG")
_OTHER_STARTS = (b"GIF8", b"BM", b"II*\x00", b"MM\x00*", b"%PDF", b"PK\x03\x04", b"\x00\x00\x01\x00", b"8BPS")


def _unidentified(source: Path | BinaryIO, name: str | None) -> str:
    """The problem of a file Pillow found no JPEG, PNG or WebP in: ``damaged`` if it begins like one of them
    or, unless it is recognisably another format (GIF, HEIC, BMP, TIFF, PDF...), is named like one (random
    bytes or a photo cut short in `IMG_1.jpg`), else ``not_an_image``."""
    try:
        if isinstance(source, Path):
            with source.open("rb") as f:
                head = f.read(16)
        else:
            source.seek(0)
            head = source.read(16)
    except OSError:
        return "broken"
    if head.startswith(_OUR_STARTS) or (head.startswith(b"RIFF") and head[8:12] == b"WEBP"):
        return "damaged"
    if head.startswith((*_OTHER_STARTS, b"RIFF")) or head[4:8] == b"ftyp":   # ISO media: HEIC, AVIF, MP4
        return "not_an_image"
    if name is None and isinstance(source, Path):
        name = source.name
    return "damaged" if name and Path(name).suffix.lower() in IMAGE_SUFFIXES else "not_an_image"


def open_picture(source: Path | BinaryIO, use: Callable[[Image.Image], T], name: str | None = None,
                 formats: frozenset[str] = IMAGE_FORMATS) -> T | str:
    """Opens `source` (a file path or a binary file, whose file name is `name`, default the path's) as a
    card picture and returns `use(picture)`, or a problem code: ``damaged`` (named or begun like a JPEG, PNG
    or WebP but not readable as one, `_unidentified`), ``not_an_image`` (no JPEG, PNG or WebP inside; `formats`
    are the Pillow formats accepted, photo uploads add HEIF),
    ``too_many_pixels`` (`pixel_problem`, or Pillow's decompression-bomb guard, whose warning counts too),
    ``broken`` (cannot be read to the end: `use` decodes, so its errors count)."""
    try:
        with warnings.catch_warnings():
            # Pillow warns above MAX_IMAGE_PIXELS and raises above twice that: treat both as a bomb
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(source, formats=sorted(formats)) as im:
                if im.format not in formats:
                    return "not_an_image"
                if pixel_problem(im):
                    return "too_many_pixels"
                return use(im)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return "too_many_pixels"
    except Image.UnidentifiedImageError:
        return _unidentified(source, name)
    except (OSError, ValueError, SyntaxError, EOFError, struct.error):
        return "broken"


def _decode_all(im: Image.Image) -> None:
    im.draft("RGB", (1, 1))   # JPEG: the smallest scale; every byte is still decoded
    im.load()


def _check_picture(path: Path, size: int, decode: bool) -> str | None:
    if size > MAX_CARD_BYTES:
        return "too_big"
    return open_picture(path, _decode_all if decode else lambda im: None)
