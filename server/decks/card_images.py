"""Prepared card pictures: each card in two sizes (`tv`, `thumb`) and two formats (`webp`, `jpg`), made
once from the deck's picture and kept on disk under `<data_dir>/cache/cards/<deck>/<card>.<size>.<fmt>`.

A prepared file is re-made when its source picture is newer. EXIF orientation is applied, transparency is
flattened onto black, and the picture is fitted (never cropped, never enlarged) into the size's box.

    prepare(library, deck_id, card_id, size, fmt) -> Path      # blocking; run it in an executor
    prepare_all(library, deck_id, progress=True) -> int         # pre-make every file of a deck (CLI)
Errors: DeckNotFound / KeyError for an unknown deck or card, ValueError for an unknown size or format,
OSError (or Pillow's errors) for a picture that cannot be read.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TextIO

from PIL import Image, ImageOps

from server.config import Config, default_data_dir
from server.decks.library import DeckLibrary

# Box (width, height) in pixels. tv: a card on a 1080p TV table at most ~half the screen high;
# thumb: a card in a phone's hand grid (3 across on a 3x-density phone) and the phone's zoomed view.
SIZES: dict[str, tuple[int, int]] = {"tv": (640, 960), "thumb": (320, 480)}
FORMATS: dict[str, tuple[str, str, dict]] = {
    # fmt: (Pillow format, content type, save options)
    "webp": ("WEBP", "image/webp", {"quality": 80, "method": 4}),
    "jpg": ("JPEG", "image/jpeg", {"quality": 84, "optimize": True, "progressive": True}),
}

# A shipped deck may carry its prepared sizes in `<deck>/prepared/<card>.<size>.<fmt>` (scripts/make_deck.py
# makes them for the built-in deck), served as they are: a fresh install shows the first card at once.
# Only WebP ships (every browser we serve reads it); the JPEG fallback is made on request like any other.
PREPARED_DIR = "prepared"
SHIPPED_FORMATS = ("webp",)

_locks: dict[Path, threading.Lock] = {}
_locks_guard = threading.Lock()


def _lock_for(path: Path) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(path, threading.Lock())


def cache_path(library: DeckLibrary, deck_id: str, card_id: str, size: str, fmt: str) -> Path:
    """Where the prepared file lives (ids are validated by the library before they get here)."""
    return library.cache_dir / deck_id / f"{card_id}.{size}.{fmt}"


def upright_rgb(im: Image.Image) -> Image.Image:
    """`im` turned by its EXIF orientation and flattened to RGB (transparency on black, as cards are shown
    on a dark table). Used for prepared pictures and for checking uploads alike."""
    im = ImageOps.exif_transpose(im)
    if im.mode in ("RGBA", "LA", "P", "PA"):
        im = im.convert("RGBA")
        flat = Image.new("RGB", im.size, (0, 0, 0))
        flat.paste(im, mask=im.getchannel("A"))
        return flat
    return im.convert("RGB")


# modes Image.reduce works on; others (P, 1, I;16 ...) are converted first
_REDUCIBLE = frozenset({"L", "LA", "RGB", "RGBA", "RGBX", "CMYK", "I", "F"})


def decode_small(im: Image.Image, box: tuple[int, int]) -> Image.Image:
    """The opened picture `im` decoded, upright and in RGB, at least (and at most about four times) the size
    that fits `box` (width, height) in pixels: a JPEG decodes at 1/2..1/8 scale (Image.draft), anything
    else is reduced by a whole factor right after decoding, so at most one full-size copy exists and only
    briefly (bounded memory). The caller fits the result into `box`. Raises what Pillow raises for an
    unreadable picture."""
    fit = min(box[0] / im.width, box[1] / im.height, 1.0)
    target = (max(1, int(im.width * fit)), max(1, int(im.height * fit)))  # the picture fitted into box
    im.draft("RGB", target)  # JPEG: the smallest 1/2..1/8 scale still at least `target`
    im.load()
    # a box filter down to at least twice the target, then Lanczos: sharp, and the aspect drifts < 1/2 px
    factor = int(min(im.width / target[0], im.height / target[1]) / 2)
    if factor >= 2:
        if im.mode not in _REDUCIBLE:
            im = im.convert("RGBA" if im.mode in ("P", "PA") or "transparency" in im.info else "RGB")
        im = im.reduce(factor)
    return upright_rgb(im)


def render(source: Path, size: str, fmts: tuple[str, ...]) -> dict[str, bytes]:
    """The prepared picture in each of `fmts`, encoded (one decode and resize for all of them).
    Raises ValueError for an unknown size/format, OSError/Pillow errors for an unreadable source."""
    if size not in SIZES or any(f not in FORMATS for f in fmts):
        raise ValueError(f"unknown card image variant {size}.{fmts}")
    box = SIZES[size]
    with Image.open(source) as opened:
        im = decode_small(opened, box)
        if im.width > box[0] or im.height > box[1]:
            im = ImageOps.contain(im, box, Image.Resampling.LANCZOS)
        out = {}
        for fmt in fmts:
            pil_format, _, options = FORMATS[fmt]
            buf = io.BytesIO()
            im.save(buf, pil_format, **options)
            out[fmt] = buf.getvalue()
    return out


def _is_fresh(target: Path, source: Path) -> bool:
    try:
        return target.stat().st_mtime_ns >= source.stat().st_mtime_ns
    except FileNotFoundError:
        return False


def _write_atomic(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def prepare(library: DeckLibrary, deck_id: str, card_id: str, size: str, fmt: str) -> Path:
    """The prepared file for one card variant: a shipped deck's own prepared file if it has one
    (PREPARED_DIR), else the cached one, made first if it is missing or older than the source. Blocking
    (Pillow work): call it through `loop.run_in_executor`. Safe to call from several threads at once (one
    maker per file; the file appears atomically)."""
    if size not in SIZES or fmt not in FORMATS:
        raise ValueError(f"unknown card image variant {size}.{fmt}")
    deck = library.get(deck_id)
    source = deck.path_of(card_id)
    if deck.builtin:   # shipped ready to serve (scripts/make_deck.py), never re-encoded
        ready = deck.path / PREPARED_DIR / f"{card_id}.{size}.{fmt}"
        if ready.is_file():
            return ready
    target = cache_path(library, deck_id, card_id, size, fmt)
    # one lock per card and size: both formats are made from one decode
    with _lock_for(cache_path(library, deck_id, card_id, size, "")):
        if _is_fresh(target, source):
            return target
        todo = tuple(f for f in FORMATS if not _is_fresh(cache_path(library, deck_id, card_id, size, f), source))
        for f, data in render(source, size, todo).items():
            _write_atomic(cache_path(library, deck_id, card_id, size, f), data)
    return target


class Progress:
    """A one-line terminal progress bar that appears only after `delay` seconds (quick jobs stay
    silent) and only on a terminal."""

    def __init__(self, total: int, label: str, *, stream: TextIO | None = None, delay: float = 0.7,
                 enabled: bool = True):
        self.total, self.label, self.done = total, label, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.start = time.monotonic()
        self.delay = delay
        self.shown = False

    def step(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled or (not self.shown and time.monotonic() - self.start < self.delay):
            return
        self.shown = True
        width = 30
        filled = int(width * self.done / max(1, self.total))
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def prepare_all(library: DeckLibrary, deck_id: str, progress: bool = True, *, stream: TextIO | None = None) -> int:
    """Makes every prepared file of deck `deck_id` (all cards × sizes × formats) that is missing or stale;
    returns how many files exist afterwards. Shows a progress bar on `stream` (stderr) when it is a
    terminal and the work takes more than a moment. Cards whose picture cannot be read are skipped.
    Raises DeckNotFound."""
    deck = library.get(deck_id)
    variants = [(c, s, f) for c in deck.cards for s in SIZES for f in FORMATS]
    bar = Progress(len(variants), f"Preparing cards of {deck_id}", stream=stream, enabled=progress)
    made = 0
    try:
        for card_id, size, fmt in variants:
            try:
                prepare(library, deck_id, card_id, size, fmt)
                made += 1
            except (OSError, ValueError, Image.DecompressionBombError):
                pass  # load_deck already reported unreadable files by name
            bar.step()
    finally:
        bar.close()
    return made


def main(argv: list[str] | None = None) -> int:
    """`python -m server.decks.card_images [--data-dir D] [DECK ...]`: pre-make the prepared pictures of the
    given decks (default: every deck) with a progress bar, so the first game never waits for them."""
    p = argparse.ArgumentParser(prog="python -m server.decks.card_images",
                                description=(main.__doc__ or "").split("\n")[0])
    p.add_argument("--data-dir", type=Path, default=default_data_dir())
    p.add_argument("decks", nargs="*")
    args = p.parse_args(argv)
    library = DeckLibrary(Config().decks_dir, args.data_dir)
    for deck_id in args.decks or library.ids():
        n = prepare_all(library, deck_id)
        print(f"{deck_id}: {n} pictures ready in {library.cache_dir / deck_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
