"""Text from people: clean it and measure it in grapheme clusters (what a person sees as one character).

Clusters are UAX #29 extended grapheme clusters from the `regex` module's `\\X` (a well-kept
implementation that follows the Unicode version it ships). A cluster may hold any number of marks, so
lengths are also bounded in code points per cluster and in UTF-8 bytes (a 24-"grapheme"
name of 28,824 code points made every `state` weigh 1.6 MB). The pages always render the text as text,
never HTML.
"""
from __future__ import annotations

import unicodedata

import regex

NAME_MAX = 24                # graphemes (docs/protocol.md "Limits", `join`)
NAME_MAX_BYTES = 640         # UTF-8 bytes: 24 clusters of a seven-person emoji family (600) still fit
ASSOCIATION_MAX = 200        # graphemes (docs/architecture.md, `tell`)
ASSOCIATION_MAX_BYTES = 1600  # UTF-8 bytes: 200 Cyrillic letters are 400, 200 emoji about 800
TITLE_MAX = 80               # graphemes in a deck title
TITLE_MAX_BYTES = 320        # UTF-8 bytes in a deck title
CLUSTER_MAX_CODE_POINTS = 16  # the longest emoji (a kiss with two skin tones) is 10; Zalgo text is not

_ZWJ = "\u200d"
_CLUSTER = regex.compile(r"\X")
# Unicode bidi controls (UAX #9): embeddings/overrides LRE RLE PDF LRO RLO, isolates LRI RLI FSI PDI, and
# the marks LRM RLM ALM. In a name or an association they could flip the rest of a TV line or a roster;
# RTL letters themselves (Hebrew, Arabic) are kept. Named here so no future exception for format
# characters lets them back in.
# Pictographs a TV without a colour-emoji font (most smart TVs) draws as empty boxes: anything shown as an
# emoji by default (Emoji_Presentation: 🐘 ✨ ⭐, also the skin tones), any pictograph beyond the BMP
# (🕊 has no default emoji style but no text font either), a pictograph asked to look like an emoji
# (U+FE0F after ❤ or ☺), the regional indicators of flags (🇷🇺) and the keycap mark of 1️⃣. Text-style
# symbols of the BMP (© ™ ♥ ☀ ✈ ★, drawn by DejaVu Sans, the pages' font) stay allowed, as do letters of
# every script. Unicode properties (UTS #51), not a list: the `regex` module follows its Unicode version.
# web/phone/text-limit.js `hasEmoji` says the same to the phone before it sends.
_EMOJI = regex.compile(r"[\p{Emoji_Presentation}\p{Regional_Indicator}\u20e3]"
                       r"|\p{Extended_Pictographic}\ufe0f|(?=[^\x00-\uffff])\p{Extended_Pictographic}")
# A visible character: not white space, not a default-ignorable code point (Hangul fillers U+3164/U+FFA0,
# joiners, variation selectors), not a mark or control on its own, and not the Braille blank U+2800, which
# fonts draw as an empty cell. A name of only these would show as nothing on the TV.
_VISIBLE = regex.compile(r"[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{C}\u2800]")
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def graphemes(text: str) -> list[str]:
    """Split `text` into extended grapheme clusters (UAX #29), in order."""
    return _CLUSTER.findall(text)


def grapheme_count(text: str) -> int:
    """Number of grapheme clusters in `text`."""
    return len(graphemes(text))


def clean(text: str) -> str:
    """NFC-normalise, drop control and format characters (except the joiners emoji need; always the
    bidi controls `BIDI_CONTROLS`), turn any whitespace run into one space and strip the ends."""
    text = unicodedata.normalize("NFC", text)
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in BIDI_CONTROLS:
            continue
        if ch.isspace():
            kept.append(" ")
        elif cat in ("Cc", "Cs", "Co", "Cn") or (cat == "Cf" and ch not in (_ZWJ, "\u200c")
                                                   and not 0xE0020 <= ord(ch) <= 0xE007F):
            continue
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())


def has_emoji(text: str) -> bool:
    """True if `text` holds an emoji a TV without a colour-emoji font would show as a box: a code point
    with Emoji_Presentation, a regional indicator (flags), a keycap (U+20E3), a pictograph with U+FE0F or
    any Extended_Pictographic beyond the BMP (UTS #51 properties; see `_EMOJI`). Names refuse these
    (`server.room.roster.Roster.check_name`, issue "names, small phones and copy" item 1)."""
    return _EMOJI.search(text) is not None


def has_visible(text: str) -> bool:
    """True if `text` holds at least one character a person can see (see `_VISIBLE`): a name of only
    Hangul fillers, Braille blanks or joiners reads as an empty seat on the TV, so names refuse it."""
    return _VISIBLE.search(text) is not None


def fits(text: str, max_graphemes: int, max_bytes: int) -> bool:
    """True if `text` has at most `max_graphemes` clusters, at most `max_bytes` UTF-8 bytes and no
    cluster of more than CLUSTER_MAX_CODE_POINTS code points."""
    if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        return False  # checked first: it bounds the segmentation work that follows
    clusters = graphemes(text)
    return len(clusters) <= max_graphemes and all(len(c) <= CLUSTER_MAX_CODE_POINTS for c in clusters)


def clean_limited(text: object, max_graphemes: int, *, max_bytes: int, allow_empty: bool = False) -> str | None:
    """`clean(text)` if it is a string of 1..max_graphemes clusters (0 allowed with `allow_empty`) within
    `max_bytes` UTF-8 bytes and CLUSTER_MAX_CODE_POINTS per cluster (see `fits`); None if it is not a
    string, empty or too long by any of these measures."""
    if not isinstance(text, str):
        return None
    if len(text) > 4 * max_bytes:
        return None  # far too long before cleaning: refuse without normalising megabytes
    out = clean(text)
    if (not out and not allow_empty) or not fits(out, max_graphemes, max_bytes):
        return None
    return out


def clip(text: str, max_graphemes: int, max_bytes: int) -> str:
    """`clean(text)` cut to its first clusters that fit `max_graphemes` and `max_bytes` (see `fits`);
    clusters of more than CLUSTER_MAX_CODE_POINTS code points are dropped. For text the server names
    itself from a file name (deck titles), where refusing would be unkind."""
    out: list[str] = []
    size = 0
    for cluster in graphemes(clean(text[: 4 * max_bytes])):
        n = len(cluster.encode("utf-8", "surrogatepass"))
        if len(cluster) > CLUSTER_MAX_CODE_POINTS:
            continue
        if len(out) >= max_graphemes or size + n > max_bytes:
            break
        out.append(cluster)
        size += n
    return "".join(out).strip()
