"""Import a zip of pictures (uploaded by the host from a phone) as a new deck under `<data_dir>/decks/`.

    import_zip(library, source, title=None) -> ImportResult      # blocking: run it in an executor

Every entry is checked: a safe name (no absolute path, no `..`: a "zip slip" entry is never written, and
no entry name is ever used as a file name), a size limit per file and for the whole deck, an image type
found by content (JPEG, PNG or WebP, whatever the name says), Pillow's decompression-bomb guard plus our
own pixel limit, and a full decode. Good pictures get EXIF orientation applied, are shrunk to at most
1600 px on the long side and stored as `c001.jpg` ...; bad ones are skipped and reported by name.

Atomic: the deck is assembled in a hidden temporary folder and renamed into place only when complete,
so a failure (no usable picture, too big, disk full) leaves nothing behind.

Raises ImportRefused(code, message, files, status) for an upload that makes no deck:
`not_a_zip`, `no_images` (400, with the per-file problems), `too_big` (413), `too_many_files` (413).
"""
from __future__ import annotations

import io
import json
import re
import shutil
import struct
import tempfile
import warnings
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from PIL import Image, ImageOps

from server.decks.card_images import upright_rgb
from server.decks.library import (
    IMAGE_FORMATS,
    MANIFEST,
    MAX_CARD_PIXELS,
    DeckInfo,
    DeckLibrary,
    is_deck_id,
    slug,
)

MAX_UPLOAD_BYTES = 200 * 1024 * 1024   # the zip itself (checked by the route while it streams)
MAX_FILE_BYTES = 20 * 1024 * 1024      # one picture, uncompressed
MAX_DECK_BYTES = 400 * 1024 * 1024     # all pictures together, uncompressed
MAX_FILES = 600                        # entries in the zip
LONG_SIDE = 1600                       # stored pictures are shrunk to this many pixels on the long side
IMPORT_PREFIX = ".import-"             # the hidden folder a deck is assembled in (see sweep_unfinished)

# what a person sees for each per-file problem
PROBLEMS = {
    "unsafe_path": "unsafe file name (absolute or with '..'); ignored",
    "not_an_image": "not a JPEG, PNG or WebP picture",
    "too_big": f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB",
    "too_many_pixels": f"more than {MAX_CARD_PIXELS // 1_000_000} megapixels (or a decompression bomb)",
    "broken": "damaged picture that cannot be read",
    "encrypted": "password-protected",
}


class ImportRefused(Exception):
    """The upload made no deck. `code` is stable, `message` is for people, `files` lists per-file
    problems (`{"name", "problem", "message"}`), `status` is the HTTP status to answer with."""

    def __init__(self, code: str, message: str, files: list[dict] | None = None, status: int = 400):
        super().__init__(message)
        self.code, self.message, self.files, self.status = code, message, files or [], status


@dataclass
class ImportResult:
    """A new deck: its info, and the entries that were skipped (`{"name", "problem", "message"}`)."""

    deck: DeckInfo
    skipped: list[dict] = field(default_factory=list)


def _problem(name: str, code: str) -> dict:
    return {"name": name, "problem": code, "message": PROBLEMS[code]}


def is_safe_member(name: str) -> bool:
    """True if a zip entry name stays inside the archive's folder: relative, no `..`, no drive letter,
    no backslash tricks."""
    if not name or "\x00" in name:
        return False
    norm = name.replace("\\", "/")
    if norm.startswith("/") or re.match(r"^[A-Za-z]:", norm):
        return False
    return ".." not in PurePosixPath(norm).parts


def new_deck_id(library: DeckLibrary, title: str) -> str:
    """A deck id not used before: the title's slug plus a number when needed. Ids are never reused
    while their folder exists, so cached card URLs (immutable) never change meaning."""
    base = slug(title)
    for n in range(1, 10_000):
        candidate = base if n == 1 else f"{base}-{n}"
        if is_deck_id(candidate) and not library.is_taken(candidate):
            return candidate
    raise ImportRefused("too_many_decks", "too many decks with this title")


def _read_picture(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> Image.Image | str:
    """Decodes one entry into an RGB picture (EXIF orientation applied), or returns a problem code."""
    if info.flag_bits & 0x1:
        return "encrypted"
    if info.file_size > MAX_FILE_BYTES:
        return "too_big"
    try:
        with zf.open(info) as f:
            data = f.read(MAX_FILE_BYTES + 1)  # never trust the header's size alone
    except (zipfile.BadZipFile, OSError, RuntimeError, EOFError, NotImplementedError):
        return "broken"
    if len(data) > MAX_FILE_BYTES:
        return "too_big"
    try:
        with warnings.catch_warnings():
            # Pillow warns above MAX_IMAGE_PIXELS and raises above twice that: treat both as a bomb
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=sorted(IMAGE_FORMATS)) as opened:
                if opened.format not in IMAGE_FORMATS:
                    return "not_an_image"
                if opened.width * opened.height > MAX_CARD_PIXELS:
                    return "too_many_pixels"
                opened.draft("RGB", (LONG_SIDE, LONG_SIDE))
                opened.load()
                im = upright_rgb(opened)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return "too_many_pixels"
    except Image.UnidentifiedImageError:
        return "not_an_image"
    except (OSError, ValueError, SyntaxError, EOFError, struct.error):
        return "broken"
    if max(im.size) > LONG_SIDE:
        im = ImageOps.contain(im, (LONG_SIDE, LONG_SIDE), Image.Resampling.LANCZOS)
    return im


def import_zip(library: DeckLibrary, source: str | Path | BinaryIO, title: str | None = None,
               licence: str = "") -> ImportResult:
    """Imports the zip `source` (path or binary file) as a new deck titled `title` (default: "Our cards")
    and returns its info with the skipped entries. Blocking. Raises ImportRefused; on any failure
    nothing is left in the data folder."""
    title = (title or "").strip()[:80] or "Our cards"
    try:
        zf = zipfile.ZipFile(source)
    except (zipfile.BadZipFile, OSError, ValueError):
        raise ImportRefused("not_a_zip", "The upload is not a zip file.") from None
    with zf:
        members = [i for i in zf.infolist() if not i.is_dir()]
        if len(members) > MAX_FILES:
            raise ImportRefused("too_many_files", f"More than {MAX_FILES} files in the zip.", status=413)
        # declared sizes bound what reading can return (zipfile stops there), so they can be trusted
        if sum(i.file_size for i in members if i.file_size <= MAX_FILE_BYTES) > MAX_DECK_BYTES:
            raise ImportRefused("too_big", f"The pictures add up to more than {MAX_DECK_BYTES // (1024 * 1024)} MB.",
                                status=413)
        library.user_dir.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=IMPORT_PREFIX, dir=library.user_dir))
        try:
            skipped: list[dict] = []
            count = 0
            for info in sorted(members, key=lambda i: i.filename):
                name = info.filename
                base = PurePosixPath(name.replace("\\", "/")).name
                if not is_safe_member(name):
                    skipped.append(_problem(name, "unsafe_path"))
                    continue
                # the Finder's and Explorer's bookkeeping, not pictures: skip without a word
                if name.startswith("__MACOSX/") or base.startswith(".") or base.lower() in ("thumbs.db", "desktop.ini"):
                    continue
                got = _read_picture(zf, info)
                if isinstance(got, str):
                    skipped.append(_problem(name, got))
                    continue
                count += 1
                got.save(work / f"c{count:03d}.jpg", "JPEG", quality=88, optimize=True)
            if count == 0:
                raise ImportRefused("no_images", "No usable picture in the zip.", skipped)
            (work / MANIFEST).write_text(json.dumps({"title": {"en": title, "ru": title}, "licence": licence,
                                                     "source": "upload"}, ensure_ascii=False, indent=1),
                                         encoding="utf-8")
            for _ in range(20):  # another import may take the same id between the check and the rename
                deck_id = new_deck_id(library, title)
                try:
                    work.rename(library.user_dir / deck_id)  # atomic on one file system
                    break
                except OSError:
                    if not (library.user_dir / deck_id).exists():
                        raise
            else:
                raise ImportRefused("too_many_decks", "Could not find a free name for the deck.")
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
    return ImportResult(library.get(deck_id).info(), skipped)


def sweep_unfinished(user_dir: Path) -> int:
    """Removes the folders of imports that never finished (`<user_dir>/.import-*`: a server killed while
    it assembled a deck leaves one, and nothing else ever would). Run at start-up, before any import can
    begin. Returns how many were removed; one that cannot be removed is left as it is."""
    removed = 0
    for leftover in sorted(user_dir.glob(f"{IMPORT_PREFIX}*")) if user_dir.is_dir() else []:
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)
            removed += not leftover.exists()
    return removed
