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
`not_a_zip`, `no_images` (400, with the per-file problems), `too_big`, `too_many_files`, `deck_too_big`
(413), `quota_full` (507).
"""
from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import struct
import tempfile
import threading
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from PIL import Image, ImageOps

from server.decks.card_images import decode_small
from server.decks.library import MANIFEST, UPLOAD_SOURCE, DeckInfo, DeckLibrary
from server.decks.names import is_deck_id, slug
from server.decks.pictures import mark_verified, open_picture, problem_message
from server.engine import text as texts

MAX_UPLOAD_BYTES = 200 * 1024 * 1024   # the zip itself (checked by the route while it streams)
MAX_FILE_BYTES = 20 * 1024 * 1024      # one picture, uncompressed
MAX_DECK_BYTES = 400 * 1024 * 1024     # all pictures together, uncompressed
MAX_FILES = 600                        # entries in the zip (folders aside)
MAX_ENTRIES = 2 * MAX_FILES            # entries with folders, read from the end record before zipfile parses
MAX_CENTRAL_DIRECTORY = 1024 * 1024    # bytes; 1,200 entries with long names and extras take ~400 KB
LONG_SIDE = 1600                       # stored pictures are shrunk to this many pixels on the long side
MAX_STORED_BYTES = 150 * 1024 * 1024  # what one upload may add to the disk (a 100-card deck is ~50 MB)
IMPORT_PREFIX = ".import-"             # the hidden folder a deck is assembled in (see sweep_unfinished)



class ImportRefused(Exception):
    """The upload made no deck. `code` is stable, `message` is for the log (people get the sentence
    `decks.<code>` of server/messages with `params`), `files` lists per-file problems (`{"name", "problem",
    "message"}`), `status` is the HTTP status to answer with."""

    def __init__(self, code: str, message: str, files: list[dict] | None = None, status: int = 400,
                 **params: int | str):
        super().__init__(message)
        self.code, self.message, self.files, self.status = code, message, files or [], status
        self.params = params


@dataclass
class ImportResult:
    """A new deck (or one with more cards): its info, the entries that were skipped (`{"name", "problem",
    "message"}`), and the ids of the cards this upload added (in upload order; empty for a zip)."""

    deck: DeckInfo
    skipped: list[dict] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)


def _problem(name: str, code: str) -> dict:
    return {"name": name, "problem": code, "message": problem_message(code)}


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


def place_deck(library: DeckLibrary, work: Path, title: str) -> str:
    """Renames the finished deck folder `work` (inside `library.user_dir`) to a new id made from `title`
    (`new_deck_id`), atomically; returns the id. Raises ImportRefused `too_many_decks` when no free id is
    found, OSError when the disk refuses."""
    for _ in range(20):  # another import may take the same id between the check and the rename
        deck_id = new_deck_id(library, title)
        try:
            work.rename(library.user_dir / deck_id)  # atomic on one file system
            return deck_id
        except OSError:
            if not (library.user_dir / deck_id).exists():
                raise
    raise ImportRefused("too_many_decks", "Could not find a free name for the deck.")


# The zip format's end records (APPNOTE.TXT 4.3.14-4.3.16), read by hand before zipfile sees the file.
_END = struct.Struct("<4s4H2LH")        # signature, disk numbers, entries here/total, directory size/offset
_END64_LOCATOR = struct.Struct("<4sLQL")  # signature, disk, offset of the zip64 end record, disks
_END64 = struct.Struct("<4sQ2H2L4Q")    # ..., entries here/total, directory size/offset


def _end_record(fp: BinaryIO) -> tuple[int, int]:
    """(entries, central directory bytes) from the zip's end-of-central-directory record (and its zip64
    record when the short one says 0xFFFF), read from the last 64 KB only. Raises ImportRefused
    `not_a_zip` when no record is found (zipfile would say the same)."""
    fp.seek(0, io.SEEK_END)
    size = fp.tell()
    fp.seek(max(0, size - (_END.size + 0xFFFF)))  # the record plus the longest comment
    tail = fp.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < _END.size:
        raise ImportRefused("not_a_zip", "The upload is not a zip file.")
    _sig, _disk, _cd_disk, _here, entries, cd_size, _cd_offset, _comment = _END.unpack_from(tail, at)
    loc_at = at - _END64_LOCATOR.size
    if (entries == 0xFFFF or cd_size == 0xFFFFFFFF) and loc_at >= 0:
        sig, _disk, end64_at, _disks = _END64_LOCATOR.unpack_from(tail, loc_at)
        if sig == b"PK\x06\x07":
            fp.seek(end64_at)
            raw = fp.read(_END64.size)
            if len(raw) == _END64.size and raw[:4] == b"PK\x06\x06":
                fields = _END64.unpack(raw)
                entries, cd_size = fields[7], fields[8]
    fp.seek(0)
    return entries, cd_size


def check_central_directory(fp: BinaryIO) -> None:
    """Refuses (ImportRefused `too_many_files`, 413) a zip whose end record lists more than MAX_ENTRIES
    entries or a central directory above MAX_CENTRAL_DIRECTORY bytes, before `zipfile` builds an object per
    entry (measured: 2,000,000 entries cost 900 MB). The size is checked too because zipfile
    parses the whole directory whatever count the record claims."""
    entries, cd_size = _end_record(fp)
    if entries > MAX_ENTRIES or cd_size > MAX_CENTRAL_DIRECTORY:
        raise ImportRefused("too_many_files", f"More than {MAX_FILES} files in the zip.", status=413, max=MAX_FILES)


def _read_picture(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> Image.Image | str:
    """Decodes one entry into an RGB picture (EXIF orientation applied), or returns a problem code."""
    if info.flag_bits & 0x1:
        return "encrypted"
    if info.file_size > MAX_FILE_BYTES:
        return "too_big"
    try:
        with zf.open(info) as f:
            data = f.read(MAX_FILE_BYTES + 1)  # never trust the header's size alone
    # zipfile raises NotImplementedError for a compression method it cannot read, RuntimeError for encryption
    except (zipfile.BadZipFile, OSError, RuntimeError, EOFError, NotImplementedError):
        return "broken"
    if len(data) > MAX_FILE_BYTES:
        return "too_big"
    im = open_picture(io.BytesIO(data), lambda opened: decode_small(opened, (LONG_SIDE, LONG_SIDE)), info.filename)
    if isinstance(im, str):
        return im
    if max(im.size) > LONG_SIDE:
        im = ImageOps.contain(im, (LONG_SIDE, LONG_SIDE), Image.Resampling.LANCZOS)
    return im


def import_zip(library: DeckLibrary, source: str | Path | BinaryIO, title: str | None = None,
               licence: str = "", *, max_stored_bytes: int = MAX_STORED_BYTES,
               quota_left: int | None = None, stopping: threading.Event | None = None) -> ImportResult:
    """Imports the zip `source` (path or binary file) as a new deck titled `title` (default: "Our cards")
    and returns its info with the skipped entries. Blocking. Raises ImportRefused; on any failure
    nothing is left in the data folder. The deck's stored files may take `max_stored_bytes` (else
    `deck_too_big`, 413) and `quota_left` bytes (else `quota_full`, 507). Once `stopping`
    is set (the server shuts down) the import gives up between two pictures (`shutting_down`, 503)."""
    title = texts.clip(title or "", texts.TITLE_MAX, texts.TITLE_MAX_BYTES) or "Our cards"
    with contextlib.ExitStack() as stack:
        fp: BinaryIO = stack.enter_context(open(source, "rb")) if isinstance(source, (str, Path)) else source
        try:
            check_central_directory(fp)
            zf = stack.enter_context(zipfile.ZipFile(fp))
        except (zipfile.BadZipFile, OSError, ValueError):
            raise ImportRefused("not_a_zip", "The upload is not a zip file.") from None
        return _import(library, zf, title, licence, max_stored_bytes, quota_left, stopping or threading.Event())


def _import(library: DeckLibrary, zf: zipfile.ZipFile, title: str, licence: str, max_stored_bytes: int,
            quota_left: int | None, stopping: threading.Event) -> ImportResult:
    """The body of `import_zip` once the zip is open and its directory checked."""
    members = [i for i in zf.infolist() if not i.is_dir()]
    if len(members) > MAX_FILES:
        raise ImportRefused("too_many_files", f"More than {MAX_FILES} files in the zip.", status=413, max=MAX_FILES)
    # declared sizes bound what reading can return (zipfile stops there), so they can be trusted
    if sum(i.file_size for i in members if i.file_size <= MAX_FILE_BYTES) > MAX_DECK_BYTES:
        raise ImportRefused("too_big", f"The pictures add up to more than {MAX_DECK_BYTES // (1024 * 1024)} MB.",
                            status=413, reason="pictures", max=MAX_DECK_BYTES // (1024 * 1024))
    library.user_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=IMPORT_PREFIX, dir=library.user_dir))
    try:
        skipped: list[dict] = []
        count = stored = 0
        for info in sorted(members, key=lambda i: i.filename):
            if stopping.is_set():
                raise ImportRefused("shutting_down", "The server is stopping; nothing was imported.", status=503)
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
            stored += (work / f"c{count:03d}.jpg").stat().st_size
            mark_verified(work / f"c{count:03d}.jpg")
            if quota_left is not None and stored > quota_left:
                raise ImportRefused("quota_full", "There is no room left for uploaded decks.", status=507)
            if stored > max_stored_bytes:
                raise ImportRefused("deck_too_big", f"Once stored, the pictures would take more than "
                                    f"{max_stored_bytes // (1024 * 1024)} MB.", status=413)
        if count == 0:
            raise ImportRefused("no_images", "No usable picture in the zip.", skipped)
        (work / MANIFEST).write_text(json.dumps({"title": {"en": title, "ru": title}, "licence": licence,
                                                 "source": UPLOAD_SOURCE}, ensure_ascii=False, indent=1),
                                     encoding="utf-8")
        deck_id = place_deck(library, work, title)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    library.changed(deck_id)
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
