"""No meaning in the UI rests on an emoji font: a Pi, a mini-PC or a TV browser often has only
DejaVu, and an emoji there is an empty box. Every character the pages can show (JavaScript strings,
stylesheet `content`, HTML, the i18n files) must have a glyph in DejaVu Sans, Debian's default font; icons are
SVG (web/shared/icons.js, the mammoth in web/shared/pieces.js). Card pictures are images and unaffected.
Comments are not shown, so they are left out."""
import json
import re
from pathlib import Path

from PIL import ImageFont

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")   # Debian fonts-dejavu-core
COMMENTS = re.compile(r"/\*.*?\*/|^\s*//.*?$|\s//\s.*?$", re.DOTALL | re.MULTILINE)


def _shown_text() -> dict[str, set[str]]:
    """Each non-ASCII character in what the pages can show → the files it occurs in."""
    found: dict[str, set[str]] = {}
    for path in sorted(WEB.rglob("*")):
        if path.suffix not in {".js", ".css", ".html", ".json"} or "vendor" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            text = " ".join(json.loads(text).values())
        elif path.suffix in {".js", ".css"}:
            text = COMMENTS.sub("", text)
        for ch in text:
            if ord(ch) > 0x7F:
                found.setdefault(ch, set()).add(str(path.relative_to(ROOT)))
    return found


def _has_glyph(font: ImageFont.FreeTypeFont, ch: str, notdef: bytes) -> bool:
    mask = font.getmask(ch)
    return bytes(mask) != notdef or mask.size == (0, 0)


def test_every_character_the_pages_show_has_a_glyph_without_an_emoji_font():
    font = ImageFont.truetype(str(DEJAVU), 48)
    notdef = bytes(font.getmask("\U0010FFFD"))   # a code point no font draws: DejaVu's empty box
    shown = _shown_text()
    assert "Я" in shown and "—" in shown       # the scan does see the pages' text
    missing = {f"U+{ord(ch):04X} {ch}": sorted(files) for ch, files in shown.items()
               if not ch.isspace() and not _has_glyph(font, ch, notdef)}
    assert not missing, f"characters that show as a box without an emoji font: {missing}"


def test_the_check_catches_an_emoji():
    font = ImageFont.truetype(str(DEJAVU), 48)
    notdef = bytes(font.getmask("\U0010FFFD"))
    assert not _has_glyph(font, "🦣", notdef) and not _has_glyph(font, "🔍", notdef)
    assert _has_glyph(font, "★", notdef) and _has_glyph(font, "✓", notdef) and _has_glyph(font, "Ж", notdef)
