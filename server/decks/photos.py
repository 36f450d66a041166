"""A phone photo as a card: opened whatever the phone stores (JPEG, PNG, WebP, and HEIC/HEIF through the
optional `pillow-heif` decoder), stood up by its EXIF orientation, cropped to the card's shape around what
it shows, and encoded without its metadata (no EXIF, GPS, maker notes or colour profile is ever stored or
served). Used by the picture uploads (server/decks/photo_import.py).

    card_from_photo(file, name) -> Image.Image | problem code      # blocking: run it in an executor
    save_card(im, path)                                              # a JPEG with no metadata
"""
from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import BinaryIO

from PIL import Image, ImageFilter, ImageOps

from server.decks.card_images import decode_small
from server.decks.pictures import IMAGE_FORMATS, MAX_CARD_BYTES, open_picture

CARD_SHAPE = (2, 3)        # width : height, the shape every card is shown in (card_images.SIZES)
CARD_LONG_SIDE = 1600      # a stored card is at most 1067 x 1600 pixels
DECODE_BOX = (2400, 2400)  # decoded at least this big before cropping, so a crop of a wide photo stays sharp
HEIF_FORMATS = frozenset({"HEIF"})
# ISO media brands of the pictures iPhones and many Android phones store (HEIC, HEIF)
_HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1")


@functools.cache
def heif_available() -> bool:
    """True if the optional HEIC/HEIF decoder (`pillow-heif`, extra `heic` of pyproject.toml) is installed;
    it is registered with Pillow the first time this is asked."""
    try:
        import pillow_heif  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return False
    pillow_heif.register_heif_opener()
    return True


def looks_heif(head: bytes) -> bool:
    """True if the first 16 bytes `head` of a file are an ISO media header of a HEIC/HEIF picture."""
    return head[4:8] == b"ftyp" and head[8:12] in _HEIF_BRANDS


def _centre_of_interest(im: Image.Image, crop: tuple[int, int]) -> tuple[int, int]:
    """The top-left corner of the `crop` (width, height) window of `im` holding the most detail (edges of a
    small greyscale copy: faces, the dog, the cake, rather than sky or wall). A window that must be lower
    than the picture is tall is kept in the upper third of the possible shift, so the top of a portrait
    (heads) is never cut off; a window narrower than the picture slides freely."""
    small = im.convert("L")
    small.thumbnail((96, 96))
    edges = small.filter(ImageFilter.FIND_EDGES)
    sx, sy = small.width / im.width, small.height / im.height
    cw, ch = max(1, round(crop[0] * sx)), max(1, round(crop[1] * sy))
    data, width = edges.tobytes(), edges.width   # one byte per pixel, row after row
    cols = [sum(data[x::width]) for x in range(width)]
    rows = [sum(data[y * width:(y + 1) * width]) for y in range(edges.height)]

    def best(sums: list[int], window: int) -> int:
        scores = [sum(sums[i:i + window]) for i in range(max(1, len(sums) - window + 1))]
        return max(range(len(scores)), key=lambda i: (scores[i], -abs(i - (len(scores) - 1) / 2)))

    x = round(best(cols, cw) / sx) if crop[0] < im.width else 0
    y = round(best(rows, ch) / sy) if crop[1] < im.height else 0
    x = min(max(0, x), im.width - crop[0])
    y = min(max(0, y), (im.height - crop[1]) // 3)   # never more than a third of the spare height off the top
    return x, y


def crop_to_card(im: Image.Image) -> Image.Image:
    """`im` (RGB, upright) cut to the card's 2:3 shape around its centre of interest (`_centre_of_interest`)
    and shrunk to at most CARD_LONG_SIDE pixels high; never enlarged."""
    w, h = im.size
    cw, ch = (w, round(w * CARD_SHAPE[1] / CARD_SHAPE[0])) if w * CARD_SHAPE[1] <= h * CARD_SHAPE[0] \
        else (round(h * CARD_SHAPE[0] / CARD_SHAPE[1]), h)
    cw, ch = min(cw, w), min(ch, h)
    if (cw, ch) != (w, h):
        x, y = _centre_of_interest(im, (cw, ch))
        im = im.crop((x, y, x + cw, y + ch))
    if im.height > CARD_LONG_SIDE:
        im = ImageOps.contain(im, (CARD_LONG_SIDE, CARD_LONG_SIDE), Image.Resampling.LANCZOS)
    return im


def card_from_photo(source: BinaryIO, name: str) -> Image.Image | str:
    """The card made of the picture in the binary file `source` (its upload name `name`, for the problem
    codes), or a problem code: those of pictures.open_picture, ``too_big`` above MAX_CARD_BYTES,
    ``heic_unsupported`` (a HEIC/HEIF picture while `pillow-heif` is not installed). Blocking; memory bounded
    by the pixel limits of pictures.py."""
    try:
        size = source.seek(0, io.SEEK_END)
        source.seek(0)
        head = source.read(16)
        source.seek(0)
    except OSError:
        return "broken"
    if size > MAX_CARD_BYTES:
        return "too_big"
    heif = looks_heif(head)
    if heif and not heif_available():
        return "heic_unsupported"
    formats = IMAGE_FORMATS | HEIF_FORMATS if heif else IMAGE_FORMATS
    got = open_picture(source, lambda opened: decode_small(opened, DECODE_BOX), name, formats=formats)
    return got if isinstance(got, str) else crop_to_card(got)


def save_card(im: Image.Image, path: Path) -> None:
    """Writes the card `im` to `path` as a JPEG carrying no metadata: nothing of the photo's EXIF (place,
    time, camera), XMP or colour profile is passed to the encoder, so none is stored."""
    clean = Image.new("RGB", im.size)
    clean.paste(im)
    clean.save(path, "JPEG", quality=88, optimize=True)
