"""Checks of a typed association (RULES.md §3): only "four words" and "question" can be checked; the
other conditions are reminders that players may dispute."""
from __future__ import annotations

from collections.abc import Collection

from .errors import IllegalAction, MalformedAction
from .text import ASSOCIATION_MAX, ASSOCIATION_MAX_BYTES, clean, fits

CHECKABLE = ("question", "four_words")
_TRAILING = " \t\n»\"'”’“)]}!.…"
_QUESTION_MARKS = ("?", "？", "؟")


def count_words(text: str) -> int:
    """Words separated by spaces; hyphenated words count as one and a lone dash is no word (001
    counts «Город уснул после карнавала» as four)."""
    return sum(1 for token in text.split() if any(ch.isalnum() for ch in token))


def is_question(text: str) -> bool:
    """True if the text ends with a question mark (trailing quotes, brackets, ! and dots allowed)."""
    return text.rstrip(_TRAILING).endswith(_QUESTION_MARKS)


def check_association(text: str, conditions: Collection[str]) -> list[str]:
    """The checkable conditions (`question`, `four_words`) that `text` violates, in that order."""
    violated = []
    if "question" in conditions and not is_question(text):
        violated.append("question")
    if "four_words" in conditions and count_words(text) != 4:
        violated.append("four_words")
    return violated


def checked_association(raw: object, conditions: Collection[str], *, required: bool = False) -> str | None:
    """Clean a typed association and check it against this turn's conditions.

    :returns: the cleaned text, or None when nothing was typed (it was spoken aloud).
    :raises MalformedAction: not a string.
    :raises IllegalAction: `association_required`, `association_too_long` (> 200 graphemes, > 1600 UTF-8
        bytes or a cluster of > 16 code points),
        `association_not_question`, `association_not_four_words`.
    """
    if raw is None:
        if required:
            raise IllegalAction("association_required", "type the association")
        return None
    if not isinstance(raw, str):
        raise MalformedAction("`association` must be a string")
    # Plain single-spaced ASCII is already clean: skip the Unicode pass (the common case).
    plain = raw.isascii() and raw.isprintable() and "  " not in raw and raw == raw.strip()
    text = raw if plain else clean(raw)
    if not text:
        if required:
            raise IllegalAction("association_required", "type the association")
        return None
    if not fits(text, ASSOCIATION_MAX, ASSOCIATION_MAX_BYTES):
        raise IllegalAction("association_too_long", f"at most {ASSOCIATION_MAX} characters",
                            max=ASSOCIATION_MAX)
    violated = check_association(text, conditions)
    if violated:
        code = "association_not_question" if violated[0] == "question" else "association_not_four_words"
        raise IllegalAction(code, f"the association must satisfy {violated[0]}", condition=violated[0])
    return text
