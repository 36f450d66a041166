"""The keepsake picture of a game, for the family chat: `GET /api/rooms/{CODE}/story.png`, made with Pillow from
the story (server/room/story.py `story_view`). One column, 1,200 px wide, so that a family chat that
shrinks it to a phone's width still shows every name: a title, then per round the storyteller's card,
the association and who scored most, then the final standings.

    render(view, lang, card_picture) -> PNG bytes      # blocking (Pillow): run it in an executor
`card_picture(deck, card)` returns a path to the card's picture or None (a missing card gets a plain
frame); `lang` is "en" or "ru".
"""
from __future__ import annotations

import io
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, ImageOps

log = logging.getLogger(__name__)

WIDTH = 1200
MARGIN = 56
CARD_W, CARD_H = 180, 270          # the storyteller's card per round (2:3, like the cards)
ROW_GAP = 48
BG = (30, 27, 46)                  # the TV's evening purple (web/shared/base.css)
PANEL = (48, 43, 72)
INK = (247, 243, 233)
MUTED = (196, 188, 214)
GOLD = (246, 196, 83)

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")   # Debian's fonts-dejavu-core (.ci/run installs it)

TEXT: dict[str, dict[str, Any]] = {
    "en": {"title": "The story of the evening", "round": "Round {n}", "storyteller": "Storyteller: {name}",
           "spoken": "(said aloud)", "top": "Most points: {names} (+{points})", "nobody": "Nobody scored",
           "standings": "Final standings", "cells": ("{n} cell", "{n} cells", "{n} cells"), "room": "Room {code}",
           "no_rounds": "No round was played."},
    "ru": {"title": "История вечера", "round": "Ход {n}", "storyteller": "Ведущий: {name}",
           "spoken": "(ассоциация вслух)", "top": "Больше всех: {names} (+{points})",
           "nobody": "Никто не получил очков",
           "standings": "Итог", "cells": ("{n} клетка", "{n} клетки", "{n} клеток"), "room": "Комната {code}",
           "no_rounds": "Ни одного хода не сыграно."},
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _font(size: int, bold: bool = False) -> Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(str(FONT_DIR / name), size)
    except OSError:  # no DejaVu: Pillow's own scalable font (Latin only, but never a crash)
        return ImageFont.load_default(size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: Font, width: int, max_lines: int) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` px; at most `max_lines` (the last ends
    with an ellipsis when cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=font) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and draw.textlength(last + "…", font=font) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    for i, ln in enumerate(lines):  # one unbroken word wider than the line: cut it
        while ln and draw.textlength(ln, font=font) > width:
            ln = ln[:-2] + "…"
        lines[i] = ln
    return lines


def _cells(t: dict[str, Any], n: int) -> str:
    """"n cells" with the plural the language wants (Russian: one / few / many)."""
    one, few, many = t["cells"]
    if n % 10 == 1 and n % 100 != 11:
        form = one
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        form = few
    else:
        form = many
    return str(form).format(n=n)


def top_scorers(points: dict[str, int]) -> tuple[list[str], int]:
    """The names that moved furthest this round and by how many cells ([] and 0 when nobody moved)."""
    best = max(points.values(), default=0)
    if best <= 0:
        return [], 0
    return [name for name, n in points.items() if n == best], best


def _card(deck: str, card: str, card_picture: Callable[[str, str], Path | None]) -> Image.Image:
    frame = Image.new("RGB", (CARD_W, CARD_H), PANEL)
    path = card_picture(deck, card)
    if path is None:
        return frame
    try:
        with Image.open(path) as im:
            pic = ImageOps.fit(im.convert("RGB"), (CARD_W, CARD_H), Image.Resampling.LANCZOS)
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        log.warning("keepsake: card %s/%s unreadable: %s", deck, card, exc)
        return frame
    return pic


def render(view: dict[str, Any], lang: str, card_picture: Callable[[str, str], Path | None]) -> bytes:
    """The keepsake PNG (bytes) of story `view` in `lang`; see the module docstring."""
    t = TEXT.get(lang, TEXT["en"])
    f_title, f_sub = _font(60, True), _font(30)
    f_round, f_assoc, f_meta = _font(30, True), _font(44, True), _font(32)
    f_stand, f_stand_b = _font(40), _font(40, True)
    rounds: list[dict[str, Any]] = view["rounds"]
    standings: list[dict[str, Any]] = view["standings"]
    row_h = CARD_H + ROW_GAP
    height = (MARGIN + 150 + max(1, len(rounds)) * row_h + 40 + 70 + len(standings) * 64 + MARGIN)
    im = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(im)
    text_w = WIDTH - 2 * MARGIN - CARD_W - 40

    y = MARGIN
    draw.text((MARGIN, y), t["title"], font=f_title, fill=INK)
    y += 78
    draw.text((MARGIN, y), t["room"].format(code=view["room"]), font=f_sub, fill=MUTED)
    y += 72
    if not rounds:
        draw.text((MARGIN, y), t["no_rounds"], font=f_meta, fill=MUTED)
        y += row_h
    for entry in rounds:
        draw.rounded_rectangle((MARGIN - 16, y - 12, WIDTH - MARGIN + 16, y + CARD_H + 12), 18, fill=PANEL)
        told = next((c for c in entry["cards"] if c.get("storyteller")), None)
        if told is not None:
            im.paste(_card(view["deck"], told["card"], card_picture), (MARGIN, y))
        x = MARGIN + CARD_W + 40
        ty = y + 6
        head = t["round"].format(n=entry["round"])
        if entry["storyteller"]:
            head += "  ·  " + t["storyteller"].format(name=entry["storyteller"])
        for line in _wrap(draw, head, f_round, text_w, 2):
            draw.text((x, ty), line, font=f_round, fill=GOLD)
            ty += 40
        ty += 8
        assoc = entry["association"]
        if assoc:
            for line in _wrap(draw, f"«{assoc}»", f_assoc, text_w, 3):
                draw.text((x, ty), line, font=f_assoc, fill=INK)
                ty += 54
        else:
            draw.text((x, ty), t["spoken"], font=f_assoc, fill=MUTED)
            ty += 54
        names, best = top_scorers(entry["points"])
        line_text = t["top"].format(names=", ".join(names), points=best) if names else t["nobody"]
        ty = max(ty + 8, y + CARD_H - 44 * len(_wrap(draw, line_text, f_meta, text_w, 2)))
        for line in _wrap(draw, line_text, f_meta, text_w, 2):
            draw.text((x, ty), line, font=f_meta, fill=MUTED)
            ty += 42
        y += row_h
    y += 40
    draw.text((MARGIN, y), t["standings"], font=f_title, fill=INK)
    y += 90
    for s in standings:
        bold = s.get("winner")
        font = f_stand_b if bold else f_stand
        colour = GOLD if bold else INK
        draw.text((MARGIN, y), f"{s['place']}.", font=font, fill=colour)   # shared on a tie, as on the TV
        name = _wrap(draw, s["name"], font, WIDTH - 2 * MARGIN - 360, 1)[0]
        draw.text((MARGIN + 70, y), name, font=font, fill=colour)
        cells = _cells(t, s["distance"])
        draw.text((WIDTH - MARGIN - draw.textlength(cells, font=font), y), cells, font=font, fill=colour)
        y += 64
    out = io.BytesIO()
    im.crop((0, 0, WIDTH, min(height, y + MARGIN))).save(out, "PNG", optimize=True)
    return out.getvalue()
