#!/usr/bin/env python3
"""Generate the built-in card deck: dreamlike 2:3 scenes painted with Pillow from Noto Color Emoji glyphs.

Usage:  .venv/bin/python scripts/make_deck.py [--seed 2026] [--count 120] [--out assets/decks/builtin]
        [--keep 1,5,9|all]       which candidates to write (default: all but CULLED), renumbered c001...
        [--report]               only print how often each motif and background is in that deck (no drawing)
        [--draft]                write the cards, deck.json and the contact sheet, not the prepared sizes
        [--sheet-only]           only redraw the contact sheet from the cards already in --out
        [--prepare-only]         only (re)make the prepared TV and phone sizes of the cards already in --out

Each card is a layered scene: a gradient sky with at most one sky feature (scripts/deck_sky.py: a sun, a
crescent moon, an aurora, a rainbow, a comet ... or a clear sky), a ground (scripts/deck_ground.py: sea,
mirror lake, hills, dunes, mountains, snow, a checkerboard plain, a sea of clouds, or the underwater world),
and one of 30 compositions (scripts/deck_scenes.py, deck_scenes_more.py: a whale in a teacup, a shadow that
belongs to someone else, a tower of animals, a bird cage holding the sun ...) filled with the glyphs the plan
chose for it, then a vignette and a soft frame.

The plan comes first (scripts/deck_plan.py, no drawing): each candidate's scene, glyphs, mood, sky and
ground are dealt by scripts/deck_motifs.py's Allocator, least-used first, so that no motif (a scene, a glyph,
a sky feature, a named ground) is on more than 4 cards and no background composition (sky kind × ground
kind) on more than 10, by construction; the definitions are in deck_motifs.py's docstring. The drawing then
takes everything else (places, sizes, colours) from `random.Random(f"{seed}:{index}")`, so re-running with
the same seed reproduces every card (byte for byte with the same Pillow and font versions).

Sources: Noto Color Emoji (Debian `fonts-noto-color-emoji`, images Apache-2.0, font OFL-1.1); see
assets/LICENSES/. The generated images are committed, so players need none of this.
Writes `<out>/cNNN.jpg` (800x1200, JPEG q85), `<out>/deck.json` (with each card's record under
`generator.cards`, what tests/decks/test_deck_motifs.py checks the caps on), `<out>/contact-sheet.png` and the
prepared sizes the server sends, `<out>/prepared/cNNN.{tv,thumb}.webp` (server/decks/card_images.py `SIZES`), so
a fresh install serves the first card at once instead of re-encoding the whole deck on its first start (a Pi's
first card waits on nothing; the rare JPEG fallback is still made on request).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

from deck_ground import paint_ground, underwater
from deck_motifs import format_report, report
from deck_paint import H, Palette, W, mix
from deck_plan import SCENES, plan_deck, record
from deck_sky import paint_sky
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

# ---- the whole card -----------------------------------------------------------------------------------

def vignette(canvas, strength=.55):
    m = Image.radial_gradient("L").resize((W, H), Image.BICUBIC)
    m = m.point(lambda v: int(255 * max(0.0, (v / 255 - .55) / .45) ** 1.5 * strength))
    layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    layer.putalpha(m)
    canvas.alpha_composite(layer)


def frame(canvas, pal) -> Image.Image:
    """Soft border: the scene in a rounded window on a plain card stock, with a thin inner line."""
    card = Image.new("RGB", (W, H), pal.frame)
    m = 22
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((m, m, W - m, H - m), radius=28, fill=255)
    card.paste(canvas.convert("RGB"), (0, 0), mask.filter(ImageFilter.GaussianBlur(1.2)))
    line = mix(pal.frame, (128, 128, 128), .35)
    ImageDraw.Draw(card).rounded_rectangle((m - 8, m - 8, W - m + 8, H - m + 8), radius=34, outline=line, width=2)
    return card


def make_card(seed: str, index: int, plan: dict) -> Image.Image:
    """One card (800×1200 RGB), fully determined by (seed, index) and its plan (deck_plan.plan_deck)."""
    rng = random.Random(f"{seed}:{index}")
    pal = Palette(rng, plan["mood"])
    canvas = Image.new("RGBA", (W, H), (0, 0, 0, 255))
    if plan["ground"] == "underwater":
        floor = underwater(canvas, rng, pal, plan["slots"]["seabed"])
        light = (W / 2, 0)
    else:
        horizon = rng.uniform(560, 800) if plan["ground"] != "mountains" else rng.uniform(480, 640)
        if plan["scene"] == "lantern":
            pal.dark = True
        light = paint_sky(canvas, rng, pal, horizon, plan["sky"])
        floor = paint_ground(canvas, rng, pal, horizon, plan["ground"], light)
    SCENES[plan["scene"]](canvas, rng, pal, floor, light, plan["slots"])
    vignette(canvas, rng.uniform(.4, .7))
    card = frame(canvas, pal)
    return ImageEnhance.Color(card).enhance(rng.uniform(1.1, 1.3))


def contact_sheet(paths: list[Path], out: Path, cols: int = 12, thumb_w: int = 120) -> None:
    """One PNG of every card, labelled by id, for looking at the deck as a whole."""
    th = thumb_w * 3 // 2
    rows = math.ceil(len(paths) / cols)
    pad, label = 6, 16
    sheet = Image.new("RGB", (cols * (thumb_w + pad) + pad, rows * (th + pad + label) + pad), (24, 24, 28))
    d = ImageDraw.Draw(sheet)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 12)
    for i, p in enumerate(paths):
        with Image.open(p) as im:
            t = im.convert("RGB").resize((thumb_w, th), Image.LANCZOS)
        x, y = pad + (i % cols) * (thumb_w + pad), pad + (i // cols) * (th + pad + label)
        sheet.paste(t, (x, y))
        d.text((x + 2, y + th + 1), p.stem, fill=(220, 220, 220), font=font)
    sheet = sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    sheet.save(out, optimize=True)


# 30 scenes × 4: every scene as often as the motif cap allows. Candidates (1-based) culled after looking at
# the contact sheet of all 120 (culling only lowers counts, so the caps still hold): too pale or too dark to
# read from a sofa (soap bubbles, footprints, a jar on clouds, a lighthouse's faint beam, ants at night, two
# lanterns), a head cut off by the sea, a gloomy shadow, a dull rain.
CANDIDATES = 120
CULLED = {1, 8, 30, 33, 44, 61, 69, 79, 84, 87, 91, 101, 119}


def prepare_sizes(out: Path) -> int:
    """Writes `<out>/prepared/<card>.<size>.<fmt>` for every card of the deck in `out`, every size in
    card_images.SIZES and every format in card_images.SHIPPED_FORMATS, with the server's own renderer, and
    removes prepared files of cards that are gone. Returns the number of files written."""
    from server.decks.card_images import PREPARED_DIR, SHIPPED_FORMATS, SIZES, render

    folder = out / PREPARED_DIR
    folder.mkdir(exist_ok=True)
    cards = sorted(out.glob("c[0-9][0-9][0-9].jpg"))
    wanted = set()
    for n, card in enumerate(cards, 1):
        for size in SIZES:
            for fmt, data in render(card, size, SHIPPED_FORMATS).items():
                target = folder / f"{card.stem}.{size}.{fmt}"
                wanted.add(target)
                if not target.exists() or target.read_bytes() != data:  # unchanged files keep their date
                    target.write_bytes(data)
        print(f"\r{n}/{len(cards)} cards prepared", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    for stale in set(folder.iterdir()) - wanted:
        stale.unlink()
    return len(wanted)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--count", type=int, default=CANDIDATES, help="candidates to draw")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "assets/decks/builtin")
    ap.add_argument("--keep", default="", help="comma list of candidate numbers (1-based) to keep, in order; "
                    "default: every candidate but the CULLED ones (pass --keep all to see every candidate)")
    ap.add_argument("--report", action="store_true", help="print the motif and background counts of the deck "
                    "these options would write (a table, then one JSON line), and write nothing")
    ap.add_argument("--draft", action="store_true", help="no prepared sizes (a first look at candidates)")
    ap.add_argument("--sheet-only", action="store_true")
    ap.add_argument("--prepare-only", action="store_true")
    ap.add_argument("--quality", type=int, default=85)
    args = ap.parse_args(argv)
    out: Path = args.out
    if args.keep == "all":
        keep = list(range(1, args.count + 1))
    elif args.keep:
        keep = [int(k) for k in args.keep.split(",") if k.strip()]
    else:
        keep = [n for n in range(1, args.count + 1) if n not in CULLED]
    if args.report:
        plans = plan_deck(args.seed, max(keep))
        print(format_report(report(record(plans[k - 1]) for k in keep)))
        return 0
    out.mkdir(parents=True, exist_ok=True)
    if args.prepare_only:
        print(f"{prepare_sizes(out)} prepared files in {out / 'prepared'}", file=sys.stderr)
        return 0
    if not args.sheet_only:
        plans = plan_deck(args.seed, max(keep))
        for old in out.glob("c[0-9][0-9][0-9].jpg"):
            old.unlink()
        for n, cand in enumerate(keep, 1):
            card = make_card(args.seed, cand - 1, plans[cand - 1])
            card.save(out / f"c{n:03d}.jpg", quality=args.quality, optimize=True, progressive=True, subsampling="4:2:0")
            print(f"\r{n}/{len(keep)} cards", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        manifest = {
            "title": {"en": "Dreams (built-in)", "ru": "Сны (встроенная)"},
            "licence": "Apache-2.0: drawn by scripts/make_deck.py from Noto Color Emoji (Copyright 2013 Google LLC); "
                       "see assets/LICENSES/",
            "generator": {"script": "scripts/make_deck.py", "seed": args.seed, "candidates": keep,
                          "cards": {f"c{n:03d}": record(plans[cand - 1]) for n, cand in enumerate(keep, 1)}},
        }
        (out / "deck.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    cards = sorted(out.glob("c[0-9][0-9][0-9].jpg"))
    contact_sheet(cards, out / "contact-sheet.png")
    if not args.draft:
        prepare_sizes(out)
    megabytes = sum(p.stat().st_size for p in cards) / 1e6
    print(f"{len(cards)} cards, {megabytes:.1f} MB, contact sheet {out / 'contact-sheet.png'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
