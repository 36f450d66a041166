"""Text from people: clean it and measure it in grapheme clusters (what a person sees as one character).

The cluster rule is an approximation of UAX #29 with the standard library only: combining marks,
variation selectors, emoji skin-tone modifiers, tag characters and ZWJ sequences stay with the character
before them, and regional-indicator flags pair up. Good enough for length limits on names and
associations; the pages always render the text as text, never HTML.
"""
from __future__ import annotations

import unicodedata

NAME_MAX = 24          # graphemes (docs/protocol.md `join`)
ASSOCIATION_MAX = 200  # graphemes (docs/architecture.md, `tell`)

_ZWJ = "\u200d"
# Unicode bidi controls (UAX #9): embeddings/overrides LRE RLE PDF LRO RLO, isolates LRI RLI FSI PDI, and
# the marks LRM RLM ALM. In a name or an association they could flip the rest of a TV line or a roster;
# RTL letters themselves (Hebrew, Arabic) are kept. Named here so no future exception for format
# characters lets them back in.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def _extends(ch: str) -> bool:
    """True if `ch` belongs to the cluster before it."""
    cp = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Me", "Mc")
        or 0xFE00 <= cp <= 0xFE0F          # variation selectors
        or 0xE0100 <= cp <= 0xE01EF
        or 0x1F3FB <= cp <= 0x1F3FF        # skin-tone modifiers
        or 0xE0020 <= cp <= 0xE007F        # tag characters (subdivision flags)
        or ch == _ZWJ
    )


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def graphemes(text: str) -> list[str]:
    """Split `text` into (approximate) grapheme clusters, in order."""
    clusters: list[str] = []
    after_zwj = False
    for ch in text:
        if clusters and (after_zwj or _extends(ch)):
            clusters[-1] += ch
        elif (clusters and _regional(ch) and _regional(clusters[-1][-1])
              and sum(map(_regional, clusters[-1])) == 1):
            clusters[-1] += ch  # second half of a flag
        else:
            clusters.append(ch)
        after_zwj = ch == _ZWJ
    return clusters


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


def clean_limited(text: object, max_graphemes: int, *, allow_empty: bool = False) -> str | None:
    """`clean(text)` if it is a string of 1..max_graphemes clusters (0 allowed with `allow_empty`);
    None if it is not a string, empty or too long."""
    if not isinstance(text, str):
        return None
    out = clean(text)
    if (not out and not allow_empty) or grapheme_count(out) > max_graphemes:
        return None
    return out
