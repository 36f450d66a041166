#!/usr/bin/env python3
"""Generate the built-in card deck: dreamlike 2:3 scenes painted with Pillow from Noto Color Emoji glyphs.

Usage:  .venv/bin/python scripts/make_deck.py [--seed 2026] [--count 112] [--out assets/decks/builtin]
        [--keep 1,5,9|all]       which candidates to write (default: all but CULLED), renumbered c001...
        [--sheet-only]           only redraw the contact sheet from the cards already in --out
        [--prepare-only]         only (re)make the prepared TV and phone sizes of the cards already in --out

Each card is a layered scene: a gradient sky (sun, moons, stars, aurora or clouds), a ground (sea, mirror
lake, hills, dunes, a checkerboard plain, mountains, sea of clouds, or none), one "hero" glyph at a
surprising scale in one of ~20 compositions (a whale in a teacup, a shadow that belongs to someone else, a
door standing in the sea ...), secondary glyphs, shadows and glow, a vignette and a soft frame. Everything
comes from `random.Random(f"{seed}:{index}")`, so re-running with the same seed reproduces every card
(byte for byte with the same Pillow and font versions).

Sources: Noto Color Emoji (Debian `fonts-noto-color-emoji`, images Apache-2.0, font OFL-1.1); see
assets/LICENSES/. The generated images are committed, so players need none of this.
Writes `<out>/cNNN.jpg` (800x1200, JPEG q85), `<out>/deck.json`, `<out>/contact-sheet.png` and the prepared
sizes the server sends, `<out>/prepared/cNNN.{tv,thumb}.webp` (server/decks/card_images.py `SIZES`), so a fresh
install serves the first card at once instead of re-encoding the whole deck on its first start (a Pi's
first card waits on nothing; the rare JPEG fallback is still made on request).
"""
from __future__ import annotations

import argparse
import colorsys
import json
import math
import random
import sys
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont, ImageOps

W, H = 800, 1200
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
EMOJI_SIZE = 109  # the only size the CBDT bitmap font renders; we scale afterwards

# ---- glyph pools (kept free of weapons, flags, brands, faces of real people) -------------------------
CREATURES = [*list("🐋🐳🐙🐢🦉🦊🐈🐘🦒🦋🦢🦌🐇🐉🦄🐌🐍🦀🐝🦩🦚🦔🐺🦁🐁🐸🐬🐧🦇🐞🦥🐎🐫🦭"
                   "🐟🐠🦈🦜🐓🐿🦓🦏🐻🐼🦕🦖🐊🦑🐡🕊🐄🐖🐑🦙"), "🪼", "🐦\u200d⬛", "🦤"]
BIG_CREATURES = list("🐋🐳🐘🦒🐉🦕🐢🐙🦑🐻🦏🐊🦈")
SMALL_CREATURES = list("🐌🐞🐝🦋🐁🐇🐸🐟🐠🐦🦔🐿🦜🕊🐤")
FLYERS = [*list("🦋🕊🐦🦉🦇🐝🦜"), "🐦\u200d⬛"]
SWIMMERS = [*list("🐋🐳🐙🐟🐠🐡🦈🐬🦑🐢🦭"), "🪼"]
OBJECTS = [*list("🗝🚪🕰⏳☂💡📖🕯🏮🎈👑🪞🪜🪑🛁🔭🧭✉🎻🎺🎹🎭🔮🎁🐚🍄🥚👠🎩👓🧶🧩♟🎲"
                 "🪶👁🔔🫖🧸🪁🎠🎡🪆🗿⚓⏰🪄🧵🛎📯🕹🧲🪩🧊🍎🍐🍋🌰"), "🫙"]
CONTAINERS = [*list("☕🍵🫖🛁🥣🧺🪣🪺🎩🥚🐚"), "🫙"]
HOUSES = list("🏠🏡🏰🏘🛖🏛⛺🏯🗼🏚")
PEOPLE = [*list("🚶🧍🏃💃🧙🧚🧜🧗🧘🕴🤹🚣🏄🧑👧🧒🛌"), "🚶\u200d♀️", "🧍\u200d♂️"]
PLANTS = list("🌳🌲🌴🌵🌻🌷🌹🍄🌿🪴🌾🌺🪷🍂🍁🌸")
SKY_THINGS = list("⭐🌙☄🪐🌍🌠⚡❄🌈☁🔥💧")
VEHICLES = list("⛵🛶🚂🚲🛸🚀🎈🚡🛩🚤⛴🪂🚠")
FRUIT_LIKE = list("🕰💡🐟🗝🍎👁🔔🥚🎈⭐🌙🐚💧❄🎲🧸🪶📖🕯✉⏳🌍")

# ---- colour -------------------------------------------------------------------------------------------

def hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    """RGB 0..255 from hue in degrees (wraps), saturation and value 0..1."""
    r, g, b = colorsys.hsv_to_rgb((h % 360) / 360, max(0, min(1, s)), max(0, min(1, v)))
    return int(r * 255), int(g * 255), int(b * 255)


def mix(a, b, t: float):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def lum(c) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


# Moods: (top sky, middle sky, horizon) as (hue, sat, val); a per-card hue shift keeps palettes apart.
MOODS = {
    "dawn": [(250, .55, .35), (330, .35, .80), (30, .45, .98)],
    "dusk": [(240, .70, .22), (300, .50, .50), (20, .75, .95)],
    "night": [(230, .80, .08), (220, .70, .22), (200, .55, .40)],
    "noon": [(210, .70, .75), (200, .40, .92), (190, .15, .98)],
    "storm": [(210, .30, .25), (200, .20, .45), (60, .20, .70)],
    "aurora": [(260, .70, .07), (200, .80, .18), (170, .60, .35)],
    "desert": [(25, .55, .70), (35, .50, .90), (45, .35, .98)],
    "pastel": [(270, .25, .85), (180, .20, .92), (50, .20, .99)],
    "mars": [(350, .80, .25), (15, .80, .65), (40, .80, .95)],
    "emerald": [(180, .80, .20), (150, .55, .45), (70, .45, .85)],
    "sepia": [(30, .45, .35), (35, .35, .65), (40, .25, .90)],
    "ice": [(210, .35, .55), (200, .15, .85), (190, .05, .99)],
    "golden": [(200, .45, .55), (40, .55, .90), (25, .80, .99)],
    "neon": [(280, .85, .20), (300, .70, .55), (185, .70, .85)],
    "violet": [(270, .65, .18), (285, .45, .45), (320, .35, .80)],
    "mint": [(170, .45, .55), (150, .25, .85), (90, .20, .97)],
}
DARK_MOODS = {"night", "aurora", "neon", "violet", "dusk"}


class Palette:
    """One card's colours: sky stops, light colour, ground colours, shadow and frame."""

    def __init__(self, rng: random.Random, mood: str):
        shift = rng.uniform(-22, 22)
        self.mood = mood
        self.sky = [hsv(h + shift, s * rng.uniform(.85, 1.1), v * rng.uniform(.92, 1.05)) for h, s, v in MOODS[mood]]
        self.dark = mood in DARK_MOODS
        h0 = MOODS[mood][2][0] + shift
        self.light = hsv(h0 + rng.uniform(-15, 15), .25 if not self.dark else .15, 1.0)
        gh = rng.choice([h0 + 180, h0 + 150, h0 + 210, h0 + 30, MOODS[mood][0][0] + shift])
        gv = .28 if self.dark else rng.uniform(.35, .6)
        self.ground = [hsv(gh, rng.uniform(.35, .7), gv * f) for f in (1.35, 1.0, .7, .45)]
        self.shadow = hsv(MOODS[mood][0][0] + shift, .6, .12)
        self.frame = rng.choice([(244, 236, 220), (30, 28, 36), hsv(h0, .25, .93), hsv(h0 + 180, .5, .2)])


# ---- glyphs -------------------------------------------------------------------------------------------

@cache
def _font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(EMOJI_FONT, EMOJI_SIZE)


@cache
def glyph_native(ch: str) -> Image.Image:
    """The glyph rendered at its native bitmap size, cropped to its visible pixels (RGBA)."""
    im = Image.new("RGBA", (170, 170), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((10, 10), ch, font=_font(), embedded_color=True)
    box = im.getchannel("A").getbbox()
    if box is None:
        raise ValueError(f"glyph {ch!r} does not render")
    return im.crop(box)


def glyph(ch: str, height: float, *, flip: bool = False, angle: float = 0.0) -> Image.Image:
    """The glyph scaled to `height` pixels; when enlarged, the alpha edge is re-sharpened so big glyphs keep
    crisp outlines (the bitmap is only 128 px high)."""
    g = glyph_native(ch)
    scale = height / g.height
    size = (max(1, round(g.width * scale)), max(1, round(height)))
    out = g.resize(size, Image.LANCZOS)
    if scale > 1.6:
        # The 128-px bitmap's anti-aliased rim turns into a jagged dark seam when enlarged: shave the rim
        # off the alpha, then re-smooth and steepen it so the outline reads as a clean painted edge.
        k = int(scale) | 1
        a = out.getchannel("A").filter(ImageFilter.MinFilter(k)).filter(ImageFilter.GaussianBlur(scale / 2.5))
        out.putalpha(a.point(lambda v: max(0, min(255, int((v - 128) * 2.5 + 128)))))
        out = out.filter(ImageFilter.UnsharpMask(radius=2, percent=30, threshold=4))
    if flip:
        out = ImageOps.mirror(out)
    if angle:
        out = out.rotate(angle, resample=Image.BICUBIC, expand=True)
    return out


def top_at(g: Image.Image, fx: float) -> int | None:
    """The first opaque row of glyph `g` in the column at fraction `fx` of its width (None if empty)."""
    col = g.getchannel("A").crop((int(fx * (g.width - 1)), 0, int(fx * (g.width - 1)) + 1, g.height))
    box = col.point(lambda v: 255 if v > 160 else 0).getbbox()
    return None if box is None else box[1]


def on_back(canvas, rng, g, left, bottom, things, k, size=(60, 120)):
    """Stands `k` small glyphs on the upper outline of glyph `g` (placed at left, bottom-aligned to `bottom`)."""
    top = bottom - g.height
    for i in range(k):
        fx = .2 + .6 * (i + .5) / k + rng.uniform(-.05, .05)
        ty = top_at(g, fx)
        if ty is None:
            continue
        t = glyph(rng.choice(things), rng.uniform(*size))
        paste(canvas, t, left + fx * g.width, top + ty + t.height * .12, anchor="bottom")


def silhouette(g: Image.Image, colour, alpha: float = 1.0) -> Image.Image:
    """A flat-coloured cut-out of an RGBA glyph."""
    out = Image.new("RGBA", g.size, (*tuple(colour), 0))
    out.putalpha(g.getchannel("A").point(lambda v: int(v * alpha)))
    return out


def tint(g: Image.Image, colour, amount: float) -> Image.Image:
    """Washes a glyph toward the scene's light so it sits in the picture instead of on it."""
    flat = Image.new("RGBA", g.size, (*tuple(colour), 255))
    out = Image.blend(g, flat, amount)
    out.putalpha(g.getchannel("A"))
    return out


def paste(canvas: Image.Image, g: Image.Image, cx: float, cy: float, *,
          anchor: str = "center") -> tuple[int, int, int, int]:
    """Composites `g` centred at (cx, cy) (or with its bottom centre there: anchor='bottom'); returns its box."""
    x = int(cx - g.width / 2)
    y = int(cy - g.height / 2) if anchor == "center" else int(cy - g.height)
    if x >= 0 and y >= 0 and x + g.width <= canvas.width and y + g.height <= canvas.height:
        canvas.alpha_composite(g, (x, y))
    else:
        _paste_clipped(canvas, g, x, y)
    return x, y, x + g.width, y + g.height


def _paste_clipped(canvas: Image.Image, g: Image.Image, x: int, y: int) -> None:
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    layer.paste(g, (x, y))
    canvas.alpha_composite(layer)


def glow(canvas: Image.Image, g: Image.Image, cx: float, cy: float, colour, radius: int = 30, strength: float = .8,
         anchor: str = "center") -> None:
    """A soft halo around a glyph's outline."""
    pad = radius * 3
    a = Image.new("L", (g.width + 2 * pad, g.height + 2 * pad), 0)
    a.paste(g.getchannel("A"), (pad, pad))
    a = a.filter(ImageFilter.GaussianBlur(radius)).point(lambda v: int(min(255, v * strength * 1.6)))
    halo = Image.new("RGBA", a.size, (*tuple(colour), 0))
    halo.putalpha(a)
    y = cy if anchor == "center" else cy - g.height / 2
    paste(canvas, halo, cx, y)


def drop_shadow(canvas: Image.Image, g: Image.Image, cx: float, ground_y: float, colour, *, squash: float = .18,
                shear: float = 0.0, alpha: float = .55, blur: int = 6) -> None:
    """The glyph's shadow lying on the ground: its silhouette flipped, squashed and (optionally) sheared."""
    s = silhouette(ImageOps.flip(g), colour, alpha)
    h = max(2, int(g.height * squash))
    s = s.resize((g.width, h), Image.BILINEAR)
    if shear:
        extra = int(abs(shear) * h)
        s = s.transform((g.width + extra, h), Image.AFFINE, (1, shear, -extra if shear > 0 else 0, 0, 1, 0),
                        Image.BILINEAR)
    s = s.filter(ImageFilter.GaussianBlur(blur))
    paste(canvas, s, cx, ground_y + h / 2 - 2)


# ---- sky ----------------------------------------------------------------------------------------------

def vertical_gradient(size, stops) -> Image.Image:
    """RGB gradient top→bottom through three colours."""
    grad = Image.linear_gradient("L").resize(size, Image.BICUBIC)
    return ImageOps.colorize(grad, black=stops[0], mid=stops[1], white=stops[2]).convert("RGBA")


def radial(size: int, power: float = 1.0) -> Image.Image:
    """An L mask: 255 in the centre fading to 0 at the rim of a `size`-pixel disc."""
    # radial_gradient is the distance from the centre (128 at the rim): map rim→0, centre→255
    m = Image.radial_gradient("L").point(lambda v: int(255 * max(0.0, 1 - v / 128) ** power))
    m = m.resize((size, size), Image.BICUBIC)
    return m


def add_light(canvas, cx, cy, radius, colour, strength=1.0, power=1.6):
    m = radial(int(radius * 2), power).point(lambda v: int(v * strength))
    layer = Image.new("RGBA", m.size, (*tuple(colour), 0))
    layer.putalpha(m)
    paste(canvas, layer, cx, cy)


def draw_sun(canvas, rng, pal, cx, cy, r):
    add_light(canvas, cx, cy, r * 5, pal.light, .7, 2.2)
    d = ImageDraw.Draw(canvas)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=mix(pal.light, (255, 250, 230), .6))


def draw_moon(canvas, rng, pal, cx, cy, r, phase=None):
    add_light(canvas, cx, cy, r * 4, pal.light, .45, 2.0)
    moon = Image.new("RGBA", (int(r * 2) + 4, int(r * 2) + 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(moon)
    colour = mix(pal.light, (250, 245, 225), .5)
    d.ellipse((2, 2, 2 + 2 * r, 2 + 2 * r), fill=(*colour, 255))
    # a few soft maria
    for _ in range(4):
        mr = r * rng.uniform(.12, .3)
        mx, my = 2 + r + rng.uniform(-.5, .5) * r, 2 + r + rng.uniform(-.5, .5) * r
        d.ellipse((mx - mr, my - mr, mx + mr, my + mr), fill=(*mix(colour, (150, 150, 170), 0.25), 255))
    if phase is None:
        phase = rng.choice([None, .55, .7, .85])
    if phase:
        off = r * 2 * phase * rng.choice([-1, 1]) * .5
        mask = Image.new("L", moon.size, 255)
        ImageDraw.Draw(mask).ellipse((2 + off * 1.3, 2 - r * .1, 2 + 2 * r + off * 1.3, 2 + 2 * r - r * .1), fill=0)
        moon.putalpha(ImageChops.multiply(moon.getchannel("A"), mask))
    moon = moon.filter(ImageFilter.GaussianBlur(.8))
    paste(canvas, moon, cx, cy)


def draw_stars(canvas, rng, pal, horizon, n):
    d = ImageDraw.Draw(canvas)
    for _ in range(n):
        x, y = rng.uniform(0, W), rng.uniform(0, horizon * .9)
        b = rng.uniform(.4, 1.0)
        r = rng.choice([.8, 1, 1, 1.4, 2])
        c = mix(pal.sky[0], (255, 255, 240), b)
        d.ellipse((x - r, y - r, x + r, y + r), fill=c)
    for _ in range(rng.randint(2, 5)):
        x, y = rng.uniform(40, W - 40), rng.uniform(30, horizon * .7)
        L = rng.uniform(8, 18)
        add_light(canvas, x, y, L * 1.5, (255, 255, 240), .6)
        d.line((x - L, y, x + L, y), fill=(255, 255, 240), width=1)
        d.line((x, y - L, x, y + L), fill=(255, 255, 240), width=1)


def draw_clouds(canvas, rng, pal, top, bottom, n, colour=None, alpha=.75):
    m = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(m)
    for _ in range(n):
        cx, cy = rng.uniform(-50, W + 50), rng.uniform(top, bottom)
        w = rng.uniform(120, 320)
        for _ in range(rng.randint(3, 6)):
            ox, oy = rng.uniform(-w / 2, w / 2), rng.uniform(-w / 8, w / 10)
            r = rng.uniform(w * .15, w * .3)
            d.ellipse((cx + ox - r, cy + oy - r * .7, cx + ox + r, cy + oy + r * .7), fill=255)
        d.rectangle((cx - w * .6, cy, cx + w * .6, cy + w * .12), fill=255)
    m = m.filter(ImageFilter.GaussianBlur(9)).point(lambda v: int(v * alpha))
    c = colour or mix(pal.light, (255, 255, 255), .4 if not pal.dark else 0)
    if pal.dark and colour is None:
        c = mix(pal.sky[1], (200, 200, 230), .35)
    layer = Image.new("RGBA", (W, H), (*tuple(c), 0))
    layer.putalpha(m)
    canvas.alpha_composite(layer)


def draw_aurora(canvas, rng, pal, horizon):
    for _k in range(rng.randint(2, 3)):
        m = Image.new("L", (W, H), 0)
        d = ImageDraw.Draw(m)
        base = rng.uniform(horizon * .2, horizon * .6)
        amp, ph, freq = rng.uniform(30, 90), rng.uniform(0, 6), rng.uniform(1.5, 3.5)
        pts = [(x, base + amp * math.sin(ph + freq * x / W * math.pi)) for x in range(-20, W + 21, 20)]
        for x, y in pts:
            d.line((x, y, x, y - rng.uniform(60, 180)), fill=rng.randint(120, 220), width=22)
        m = m.filter(ImageFilter.GaussianBlur(18))
        c = hsv(rng.choice([140, 160, 290, 320, 180]), .7, 1)
        layer = Image.new("RGBA", (W, H), (*c, 0))
        layer.putalpha(m.point(lambda v: int(v * .6)))
        canvas.alpha_composite(layer)


def paint_sky(canvas, rng, pal, horizon, kind):
    """Sky above `horizon` (pixels from the top); returns where the main light sits (x, y) or None."""
    canvas.paste(vertical_gradient((W, max(1, int(horizon))), pal.sky), (0, 0))
    canvas.paste(pal.sky[2] + (255,), (0, int(horizon), W, H))  # anything the ground leaves open
    light = None
    if pal.dark:
        draw_stars(canvas, rng, pal, horizon, rng.randint(80, 220))
        if pal.mood == "aurora" or rng.random() < .2:
            draw_aurora(canvas, rng, pal, horizon)
    if kind == "sun":
        light = (rng.uniform(120, W - 120), rng.uniform(horizon * .35, horizon * .8))
        draw_sun(canvas, rng, pal, *light, rng.uniform(35, 80))
    elif kind == "moons":
        n = rng.choice([1, 2, 2, 3])
        for i in range(n):
            x, y = rng.uniform(90, W - 90), rng.uniform(70, horizon * .55)
            r = rng.uniform(28, 85) / (1 + i * .6)
            draw_moon(canvas, rng, pal, x, y, r)
            light = light or (x, y)
    elif kind == "planet":
        x, y = rng.uniform(150, W - 150), rng.uniform(120, horizon * .5)
        g = glyph("🪐", rng.uniform(160, 300), angle=rng.uniform(-25, 25))
        add_light(canvas, x, y, g.width, pal.light, .35)
        paste(canvas, tint(g, pal.sky[1], .3), x, y)
        light = (x, y)
    if rng.random() < (.35 if pal.dark else .7):
        draw_clouds(canvas, rng, pal, horizon * .15, horizon * .85, rng.randint(2, 6), alpha=rng.uniform(.35, .8))
    return light


# ---- ground -------------------------------------------------------------------------------------------

def ridge(rng, base, amp, rough, x0=-10, x1=W + 10, step=8):
    ph = [rng.uniform(0, 6.3) for _ in range(4)]
    fr = [rng.uniform(.6, 1.6), rng.uniform(2, 4), rng.uniform(5, 9), rng.uniform(12, 20)]
    wt = [1, .45, .2 * rough, .08 * rough]
    pts = []
    for x in range(x0, x1 + step, step):
        t = x / W * math.pi
        y = base - amp * sum(w * math.sin(p + f * t) for w, p, f in zip(wt, ph, fr, strict=True)) / 1.7
        pts.append((x, y))
    return pts


def fill_below(canvas, pts, colour, alpha=255, grad_to=None):
    m = Image.new("L", (W, H), 0)
    ImageDraw.Draw(m).polygon([*pts, (W + 10, H + 10), (-10, H + 10)], fill=alpha)
    if grad_to is not None:
        top = int(min(y for _, y in pts))
        layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        layer.paste(vertical_gradient((W, H - max(0, top)), [colour, mix(colour, grad_to, .5), grad_to]),
                    (0, max(0, top)))
    else:
        layer = Image.new("RGBA", (W, H), (*tuple(colour), 255))
    layer.putalpha(m)
    canvas.alpha_composite(layer)


def paint_ground(canvas, rng, pal, horizon, kind, light):
    """Paints the lower part; returns the y where the hero stands (its 'floor')."""
    gy = horizon
    if kind in ("sea", "mirror"):
        if kind == "mirror":
            # the ground reflects the sky: a salt flat after rain
            refl = ImageOps.flip(canvas.crop((0, max(0, int(2 * horizon - H)), W, int(horizon))))
            refl = refl.resize((W, H - int(horizon)))
            canvas.paste(ImageEnhance.Brightness(refl.convert("RGB")).enhance(.85).convert("RGBA"), (0, int(horizon)))
        else:
            sea = vertical_gradient((W, H - int(horizon)),
                                    [mix(pal.sky[2], pal.ground[1], .5), pal.ground[1], pal.ground[3]])
            canvas.paste(sea, (0, int(horizon)))
        d = ImageDraw.Draw(canvas, "RGBA")
        for _ in range(rng.randint(40, 90)):
            y = horizon + (H - horizon) * (rng.random() ** 1.7)
            L = rng.uniform(10, 60) * (1 + (y - horizon) / 250)
            x = rng.uniform(-20, W)
            if light and rng.random() < .6:
                x = light[0] + rng.gauss(0, 25 + (y - horizon) * .25) - L / 2
            d.line((x, y, x + L, y), fill=(*pal.light, rng.randint(40, 140)), width=rng.choice([1, 2, 2, 3]))
        gy = horizon + (H - horizon) * rng.uniform(.25, .55)
    elif kind == "hills":
        n = rng.randint(3, 4)
        for i in range(n):
            base = horizon + (H - horizon) * (i / n) * .9
            col = mix(mix(pal.sky[2], pal.ground[0], .45), pal.ground[3], i / (n - 1))
            fill_below(canvas, ridge(rng, base, rng.uniform(30, 90) * (1 + i * .3), 1.0), col)
        gy = horizon + (H - horizon) * .72
    elif kind == "dunes":
        for i in range(3):
            base = horizon + (H - horizon) * (i * .3)
            col = mix(hsv(35 + rng.uniform(-15, 15), .45, .85 - i * .2), pal.ground[i], .3)
            fill_below(canvas, ridge(rng, base, rng.uniform(40, 110), .2), col, grad_to=mix(col, pal.shadow, .5))
        gy = horizon + (H - horizon) * .7
    elif kind == "mountains":
        for i in range(3):
            base = horizon + i * 60
            col = mix(mix(pal.sky[2], pal.ground[1], .4 + i * .2), pal.shadow, i * .2)
            pts = ridge(rng, base, rng.uniform(120, 260) / (1 + i), 3.5, step=14)
            fill_below(canvas, pts, col)
        fill_below(canvas, ridge(rng, horizon + 220, 20, .3), pal.ground[2], grad_to=pal.ground[3])
        gy = horizon + 240 + (H - horizon - 240) * .4
    elif kind == "checker":
        ground = vertical_gradient((W, H - int(horizon)),
                                   [mix(pal.sky[2], pal.ground[0], .3), pal.ground[1], pal.ground[2]])
        canvas.paste(ground, (0, int(horizon)))
        d = ImageDraw.Draw(canvas, "RGBA")
        vx, c_a = W / 2 + rng.uniform(-150, 150), (*mix(pal.ground[3], (0, 0, 0), 0.2), 110)
        rows, cols = 14, 16

        def depth(k: float) -> float:
            return horizon + (H - horizon) * (k / rows) ** 2.2

        for r in range(rows):
            y0, y1 = depth(r), depth(r + 1)
            for c in range(-cols, cols):
                if (r + c) % 2:
                    continue
                f0, f1 = (y0 - horizon) / (H - horizon), (y1 - horizon) / (H - horizon)
                xs = [vx + (c * 120) * f for f in (f0, f1)]
                xe = [vx + ((c + 1) * 120) * f for f in (f0, f1)]
                d.polygon([(xs[0], y0), (xe[0], y0), (xe[1], y1), (xs[1], y1)], fill=c_a)
        gy = horizon + (H - horizon) * .6
    elif kind == "cloudsea":
        base = vertical_gradient((W, H - int(horizon)),
                                 [pal.sky[2], mix(pal.sky[2], pal.light, .3), mix(pal.sky[1], pal.light, .2)])
        canvas.paste(base, (0, int(horizon)))
        for k in range(3):
            draw_clouds(canvas, rng, pal, horizon + k * 120, horizon + 160 + k * 170, 7,
                        colour=mix(pal.light, (255, 255, 255), .5 - k * .1), alpha=.8)
        gy = horizon + (H - horizon) * .45
    elif kind == "none":
        # the sky simply continues: everything floats
        gy = None
    return gy


def underwater(canvas, rng, pal):
    """An alternative world: the whole card under water, with light rays and bubbles."""
    h = rng.choice([190, 200, 175, 165, 215])
    canvas.paste(vertical_gradient((W, H), [hsv(h, .45, .85), hsv(h + 10, .8, .45), hsv(h + 20, .9, .12)]), (0, 0))
    m = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(m)
    for _ in range(7):
        x = rng.uniform(-100, W)
        w = rng.uniform(20, 70)
        d.polygon([(x, -10), (x + w, -10), (x + w * 3 + 200, H), (x + 180, H)], fill=rng.randint(50, 110))
    layer = Image.new("RGBA", (W, H), (235, 255, 250, 0))
    layer.putalpha(m.filter(ImageFilter.GaussianBlur(20)))
    canvas.alpha_composite(layer)
    sand = ridge(rng, H - 140, 30, .4)
    fill_below(canvas, sand, hsv(40, .35, .55), grad_to=hsv(30, .5, .25))
    for _ in range(rng.randint(3, 6)):
        g = glyph(rng.choice("🌿🪸🐚🪨"), rng.uniform(50, 150), flip=rng.random() < .5)
        paste(canvas, tint(g, hsv(h, .6, .3), .35), rng.uniform(0, W), H - rng.uniform(60, 130), anchor="bottom")
    bubbles(canvas, rng, rng.randint(15, 40))
    return H - 120


def bubbles(canvas, rng, n, x_range=(0, W), y_range=(0, H)):
    d = ImageDraw.Draw(canvas, "RGBA")
    for _ in range(n):
        x, y, r = rng.uniform(*x_range), rng.uniform(*y_range), rng.uniform(3, 16)
        d.ellipse((x - r, y - r, x + r, y + r), outline=(230, 250, 255, 170), width=2)
        d.ellipse((x - r * .4, y - r * .5, x - r * .1, y - r * .2), fill=(255, 255, 255, 180))


# ---- compositions ------------------------------------------------------------------------------------
# Each takes (canvas, rng, pal, floor_y, light) and places its glyphs. floor_y may be None (no ground).

def _floor(floor, default=900):
    return floor if floor is not None else default


def hero_glyph(canvas, rng, pal, ch, height, cx, cy, *, anchor="center", shadow_y=None, glow_col=None, tint_amt=None,
               flip=None, angle=0.0):
    g = glyph(ch, height, flip=rng.random() < .5 if flip is None else flip, angle=angle)
    g = tint(g, pal.light if not pal.dark else pal.sky[1], rng.uniform(.05, .18) if tint_amt is None else tint_amt)
    if glow_col is not None:
        glow(canvas, g, cx, cy, glow_col, radius=max(8, int(height / 10)), anchor=anchor)
    if shadow_y is not None:
        drop_shadow(canvas, g, cx, shadow_y, pal.shadow, alpha=.45)
    paste(canvas, g, cx, cy, anchor=anchor)
    return g


def tiny_people(canvas, rng, pal, y, n=1, size=None, colour=None, xs=None):
    for i in range(n):
        ch = rng.choice(PEOPLE)
        s = size or rng.uniform(40, 70)
        x = xs[i] if xs else rng.uniform(80, W - 80)
        g = glyph(ch, s, flip=rng.random() < .5)
        if colour is not None:
            g = silhouette(g, colour)
        drop_shadow(canvas, g, x, y, pal.shadow, alpha=.4, blur=2)
        paste(canvas, g, x, y, anchor="bottom")


def comp_in_container(canvas, rng, pal, floor, light):
    """A big creature sitting in a small vessel: a whale in a teacup."""
    y = _floor(floor, 1000)
    cont = rng.choice(CONTAINERS)
    cs = rng.uniform(330, 460)
    cg = glyph(cont, cs)
    cg = tint(cg, pal.light, .1)
    top = y - cg.height
    hero = rng.choice(BIG_CREATURES + CREATURES[:10])
    hs = rng.uniform(330, 480)
    # narrower than the vessel, its lower half inside it: the vessel's front hides it, so it sits *in* it
    native = glyph_native(hero)
    hs = min(hs, .92 * cg.width * native.height / native.width)
    drop_shadow(canvas, cg, W / 2, y, pal.shadow, alpha=.5)
    hero_glyph(canvas, rng, pal, hero, hs, W / 2 + rng.uniform(-40, 40) * .4, top + cg.height * .3 + hs * .25,
               anchor="bottom",
               glow_col=pal.light if pal.dark else None)
    paste(canvas, cg, W / 2, y, anchor="bottom")
    if rng.random() < .6:
        tiny_people(canvas, rng, pal, y + 20, 1, size=rng.uniform(45, 65), xs=[rng.choice([110, W - 110])])


def comp_tiny_watcher(canvas, rng, pal, floor, light):
    """Something enormous on the horizon and one small figure looking at it."""
    y = _floor(floor, 1000)
    hero = rng.choice(BIG_CREATURES + OBJECTS + HOUSES)
    hs = rng.uniform(520, 700)
    cx = W / 2 + rng.uniform(-80, 80)
    base = min(y - 80, 860)
    g = hero_glyph(canvas, rng, pal, hero, hs, cx, base, anchor="bottom", tint_amt=rng.uniform(.2, .4),
                   glow_col=pal.light)
    # atmospheric haze over the far giant
    haze = Image.new("RGBA", g.size, (*tuple(mix(pal.sky[2], pal.light, 0.4)), 0))
    haze.putalpha(g.getchannel("A").point(lambda v: int(v * .3)))
    paste(canvas, haze, cx, base, anchor="bottom")
    tiny_people(canvas, rng, pal, min(H - 90, y + 140), 1, size=rng.uniform(55, 85), xs=[rng.uniform(150, W - 150)],
                colour=pal.shadow if rng.random() < .5 else None)


def comp_balloons(canvas, rng, pal, floor, light):
    """A heavy thing lifted into the sky by balloons."""
    hero = rng.choice(HOUSES + BIG_CREATURES + list("🛁🎹🪑🐘🫖⛵🛏"))
    hs = rng.uniform(240, 330)
    cx, cy = W / 2 + rng.uniform(-90, 90), rng.uniform(560, 720)
    bal_y = cy - hs / 2 - rng.uniform(160, 230)
    d = ImageDraw.Draw(canvas, "RGBA")
    balloons = []
    for _ in range(rng.randint(5, 11)):
        bx, by = cx + rng.gauss(0, 75), bal_y + rng.gauss(0, 55)
        balloons.append((bx, by))
        d.line((bx, by + 30, cx + rng.uniform(-20, 20), cy - hs * .4), fill=(240, 240, 240, 160), width=2)
    ch = rng.choice(["🎈", "🎈", "🫧", "🪁", "☁"])
    for bx, by in balloons:
        bal = glyph(ch, rng.uniform(70, 110), angle=rng.uniform(-15, 15))
        if ch == "🎈":
            bal = ImageEnhance.Color(bal).enhance(1.0)
            bal = tint(bal, hsv(rng.uniform(0, 360), .8, .95), rng.uniform(.3, .6))
        paste(canvas, bal, bx, by)
    hero_glyph(canvas, rng, pal, hero, hs, cx, cy)
    if floor is not None:
        g = glyph(hero, hs * .5)
        drop_shadow(canvas, g, cx + rng.uniform(-60, 60), max(floor, cy + hs), pal.shadow, alpha=.25, blur=10)
    for _ in range(rng.randint(0, 4)):
        paste(canvas,
              silhouette(glyph(rng.choice(FLYERS), rng.uniform(22, 40), flip=rng.random() < .5), pal.shadow, .7),
              rng.uniform(40, W - 40), rng.uniform(100, 500))


def comp_wrong_shadow(canvas, rng, pal, floor, light):
    """A small creature whose long shadow belongs to something else."""
    y = _floor(floor, 950)
    small = rng.choice(SMALL_CREATURES + PEOPLE[:6] + ["🐈", "🐁", "🧸", "🕯", "♟"])
    big = rng.choice(["🐉", "🦁", "🐺", "🦖", "🐘", "🦄", "🧙", "🦅", "🐋", "🏰", "👑", "🦌", "🦉", "🐻", "🧚", "🧜"])
    hs = rng.uniform(110, 170)
    cx = rng.uniform(200, 420) if rng.random() < .5 else rng.uniform(380, 600)
    # a low light in front throws the shadow up onto the mist behind, where it stands up tall
    add_light(canvas, cx, y - hs / 2, 520, pal.light, .55, 1.2)
    sg = silhouette(glyph(big, rng.uniform(480, 620), flip=rng.random() < .5), mix(pal.shadow, (0, 0, 0), .3), .72)
    sg = sg.filter(ImageFilter.GaussianBlur(2.5))
    sx = cx + rng.choice([-1, 1]) * rng.uniform(50, 130)
    paste(canvas, sg, sx, y - hs * .05, anchor="bottom")
    # a soft pool of shadow joining the small creature's feet to the big shadow
    pool = Image.new("RGBA", (int(abs(sx - cx)) + 160, 70), (*tuple(pal.shadow), 0))
    m = Image.new("L", pool.size, 0)
    ImageDraw.Draw(m).ellipse((20, 20, pool.width - 20, 50), fill=130)
    pool.putalpha(m.filter(ImageFilter.GaussianBlur(10)))
    paste(canvas, pool, (sx + cx) / 2, y - 2)
    hero_glyph(canvas, rng, pal, small, hs, cx, y, anchor="bottom", tint_amt=.05)


def comp_other_reflection(canvas, rng, pal, floor, light):
    """Standing at the water's edge; the reflection shows another creature."""
    y = _floor(floor, 820)
    a, b = rng.sample([("🐈", "🦁"), ("🦆", "🦢"), ("🐛", "🦋"), ("🧒", "🧙"), ("🐁", "🐘"), ("🐸", "👑"), ("🥚", "🐉"),
                       ("🐟", "🐋"), ("🕯", "☀"), ("🐕", "🐺"), ("🌰", "🌳"), ("🐴", "🦄"), ("🧍", "🦌"), ("🐧", "🦅"),
                       ("⛺", "🏰"), ("🌱", "🌲"), ("👧", "🧜"), ("🐓", "🦚"), ("🧑", "🕊"), ("🐑", "☁")], 1)[0]
    hs = rng.uniform(230, 330)
    cx = W / 2 + rng.uniform(-120, 120)
    hero_glyph(canvas, rng, pal, a, hs, cx, y, anchor="bottom", flip=False)
    rg = glyph(b, hs * rng.uniform(1.2, 1.8))
    rg = ImageOps.flip(tint(rg, pal.ground[1], .45))
    rg.putalpha(rg.getchannel("A").point(lambda v: int(v * .7)))
    # ripple: shift thin horizontal strips
    rip = Image.new("RGBA", rg.size, (0, 0, 0, 0))
    for yy in range(0, rg.height, 6):
        rip.paste(rg.crop((0, yy, rg.width, yy + 6)), (int(4 * math.sin(yy / 9)), yy))
    _paste_clipped(canvas, rip, int(cx - rip.width / 2), int(y + 4))


def comp_portal(canvas, rng, pal, floor, light):
    """A door or a frame standing in the landscape, opening on another sky."""
    y = _floor(floor, 950)
    fw, fh = rng.uniform(220, 300), rng.uniform(360, 460)
    cx = W / 2 + rng.uniform(-120, 120)
    x0, y0 = cx - fw / 2, y - fh
    other = Palette(rng, rng.choice([m for m in MOODS if m != pal.mood]))
    inner = vertical_gradient((int(fw), int(fh)), other.sky)
    ic = Image.new("RGBA", inner.size, (0, 0, 0, 0))
    ic.alpha_composite(inner)
    if other.dark:
        d = ImageDraw.Draw(ic)
        for _ in range(40):
            sx, sy = rng.uniform(0, fw), rng.uniform(0, fh)
            d.point((sx, sy), fill=(255, 255, 240))
    inside = rng.choice(SKY_THINGS + FLYERS + SWIMMERS)
    paste(ic, glyph(inside, fh * rng.uniform(.25, .4)), fw / 2 + rng.uniform(-30, 30), fh * rng.uniform(.3, .6))
    drop_shadow(canvas, Image.new("RGBA", (int(fw), int(fh)), (0, 0, 0, 255)), cx, y, pal.shadow, squash=.25, alpha=.4)
    glow(canvas, Image.new("RGBA", (int(fw), int(fh)), (0, 0, 0, 255)), cx, y0 + fh / 2, other.light, radius=25,
         strength=.6)
    canvas.alpha_composite(ic, (int(x0), int(y0)))
    d = ImageDraw.Draw(canvas)
    frame = rng.choice([(120, 80, 40), (230, 220, 200), (60, 50, 45), (200, 170, 80)])
    d.rectangle((x0 - 14, y0 - 14, x0 + fw + 14, y0 + fh), outline=frame, width=14)
    if rng.random() < .6:  # the open door leaf
        d.polygon([(x0 + fw + 14, y0 - 14), (x0 + fw + 70, y0 + 10), (x0 + fw + 70, y0 + fh - 6),
                   (x0 + fw + 14, y0 + fh)],
                  fill=mix(frame, (0, 0, 0), .25))
    if rng.random() < .7:
        tiny_people(canvas, rng, pal, min(H - 80, y + rng.uniform(60, 140)), 1, size=rng.uniform(60, 90),
                    xs=[cx + rng.choice([-1, 1]) * rng.uniform(180, 260)])


def comp_ladder(canvas, rng, pal, floor, light):
    """A ladder from the ground up to the moon (or a star, or a cloud)."""
    y = _floor(floor, 1000)
    target = rng.choice(["🌙", "⭐", "☁", "🪐", "🌍", "🍎", "🕰", "🔔", "🏠", "🐋", "💡"])
    tx, ty = rng.uniform(180, W - 180), rng.uniform(150, 260)
    hero_glyph(canvas, rng, pal, target, rng.uniform(170, 240), tx, ty, glow_col=pal.light)
    bx = tx + rng.uniform(-140, 140)
    d = ImageDraw.Draw(canvas)
    colour = rng.choice([(150, 100, 55), (235, 225, 200), (90, 60, 40), (240, 200, 90)])
    w = 46
    for side in (-1, 1):
        d.line((bx + side * w, y, tx + side * w * .4, ty + 70), fill=colour, width=7)
    steps = 18
    for i in range(1, steps):
        t = i / steps
        lx, ly = bx + (tx - bx) * t, y + (ty + 70 - y) * t
        ww = w * (1 - .6 * t)
        d.line((lx - ww, ly, lx + ww, ly), fill=colour, width=max(2, int(6 - 3 * t)))
    if rng.random() < .8:
        t = rng.uniform(.35, .7)
        g = glyph(rng.choice(["🧗", "🧒", "🐈", "🧑", "🐒", "🐌", "🐢"]), 70 - 30 * t)
        paste(canvas, g, bx + (tx - bx) * t, y + (ty + 70 - y) * t, anchor="bottom")


def comp_rain_of(canvas, rng, pal, floor, light):
    """It rains keys (or fish, or letters, or feathers) and someone holds an umbrella."""
    y = _floor(floor, 1000)
    draw_clouds(canvas, rng, pal, 40, 230, 5, colour=mix(pal.sky[0], (210, 210, 220), .5), alpha=.9)
    thing = rng.choice(FRUIT_LIKE + SMALL_CREATURES[:6] + ["✉", "🍂", "🌸", "🪶", "🔑", "🎵"])
    for _ in range(rng.randint(24, 45)):
        s = rng.uniform(26, 70)
        gx, gy = rng.uniform(0, W), rng.uniform(200, y - 40)
        g = glyph(thing, s, angle=rng.uniform(-40, 40))
        g.putalpha(g.getchannel("A").point(lambda v: int(v * .92)))
        paste(canvas, g, gx, gy)
    px = rng.uniform(220, W - 220)
    person = glyph(rng.choice(["🧍", "🚶", "🧒", "👧", "🐈", "🐘", "🦒", "🐧"]), rng.uniform(110, 160),
                   flip=rng.random() < .5)
    umb = glyph(rng.choice(["☂", "🌂", "🍄", "🎩", "🪣"]), person.height * .9)
    drop_shadow(canvas, person, px, y, pal.shadow)
    paste(canvas, person, px, y, anchor="bottom")
    paste(canvas, umb, px + 10, y - person.height * .9)


def comp_tree_of(canvas, rng, pal, floor, light):
    """A lone tree whose fruit are clocks, lightbulbs or fish."""
    y = _floor(floor, 1000)
    tree = rng.choice(["🌳", "🌳", "🌲", "🌴", "🍄", "🌵", "🪴"])
    ts = rng.uniform(540, 700)
    cx = W / 2 + rng.uniform(-60, 60)
    tg = hero_glyph(canvas, rng, pal, tree, ts, cx, y, anchor="bottom", tint_amt=rng.uniform(.1, .3), shadow_y=y)
    fruit = rng.choice(FRUIT_LIKE)
    crown_top, crown_h = y - tg.height, tg.height * (.55 if tree != "🌴" else .35)
    for _ in range(rng.randint(7, 13)):
        fx = cx + rng.gauss(0, tg.width * .22)
        fy = crown_top + crown_h * rng.uniform(.15, .9)
        g = glyph(fruit, rng.uniform(42, 70), angle=rng.uniform(-20, 20))
        glow(canvas, g, fx, fy, pal.light, radius=8, strength=.5 if pal.dark else .25)
        paste(canvas, g, fx, fy)
    if rng.random() < .6:
        for _ in range(rng.randint(1, 3)):
            g = glyph(fruit, rng.uniform(36, 56), angle=rng.uniform(-90, 90))
            paste(canvas, g, cx + rng.uniform(-250, 250), y + rng.uniform(10, 60))


def comp_sky_thing(canvas, rng, pal, floor, light):
    """The moon (or the sun) is replaced by an object; a small world below."""
    y = _floor(floor, 1000)
    thing = rng.choice(["🕰", "🥚", "👁", "🧀", "🍊", "💡", "🔮", "🐚", "🍩", "🧭", "⚽", "🍪", "🪙", "🫧", "🐡",
                        "🎱", "🔔", "🥝", "🌼"])
    s = rng.uniform(220, 360)
    tx, ty = rng.uniform(220, W - 220), rng.uniform(200, 360)
    add_light(canvas, tx, ty, s * 1.6, pal.light, .7)
    hero_glyph(canvas, rng, pal, thing, s, tx, ty, tint_amt=rng.uniform(.05, .25), glow_col=pal.light)
    n = rng.randint(1, 4)
    xs = sorted(rng.uniform(80, W - 80) for _ in range(n))
    house = rng.choice(HOUSES)
    for x in xs:
        g = glyph(house, rng.uniform(70, 130))
        if pal.dark:
            g = tint(g, pal.shadow, .5)
        paste(canvas, g, x, y, anchor="bottom")
    if rng.random() < .5:
        tiny_people(canvas, rng, pal, min(H - 80, y + 50), 1, size=50)


def comp_procession(canvas, rng, pal, floor, light):
    """A line of creatures walking to the horizon, growing smaller; one carries something odd."""
    y = _floor(floor, 1000)
    walker = rng.choice(["🐌", "🐘", "🐢", "🦆", "🐧", "🐫", "🐜", "🦩", "🐑", "📚", "🕯", "🐈", "🦔", "🐇", "🐪", "🦙"])
    load = rng.choice([*HOUSES, "🕯", "📖", "🌙", "⭐", "🎁", "🌳", "🎈", "🫖", "🕰", "🔔", ""])
    n = rng.randint(5, 8)
    hz = y - rng.uniform(330, 460)
    sx = rng.choice([W * .22, W * .78])
    vx = W - sx + rng.uniform(-60, 60)
    flip = vx > sx
    for i in reversed(range(n)):
        t = (i / (n - 1)) ** 1.3
        x, yy = sx + (vx - sx) * t, y + (hz - y) * t
        s = 230 * (1 - .85 * t)
        g = glyph(walker, s, flip=flip)
        g = tint(g, pal.sky[2], .5 * t)
        drop_shadow(canvas, g, x, yy, pal.shadow, alpha=.35, blur=3)
        paste(canvas, g, x, yy, anchor="bottom")
        if load:
            paste(canvas, glyph(load, s * .5), x, yy - g.height * .92, anchor="bottom")


def comp_carrier(canvas, rng, pal, floor, light):
    """A creature carrying a whole village (or a forest, or a lighthouse) on its back."""
    y = _floor(floor, 900)
    hero = rng.choice(["🐋", "🐳", "🐢", "🐘", "🦕", "🐌", "🐊", "🦏", "🐫", "🦭", "🐙"])
    hs = rng.uniform(320, 440)
    cx = W / 2 + rng.uniform(-60, 60)
    g = hero_glyph(canvas, rng, pal, hero, hs, cx, y + hs * .15, anchor="bottom", shadow_y=y + hs * .15)
    things = rng.choice([HOUSES, PLANTS, ["🏰"], ["⛺", "🔥"], ["🎪"], ["🏠", "🌳"], ["🗼"], ["🏡", "🌲"],
                         ["🎡", "🎠"]])
    on_back(canvas, rng, g, cx - g.width / 2, y + hs * .15, things, rng.randint(2, 5))


def comp_jar(canvas, rng, pal, floor, light):
    """A whole world kept in a glass jar (or a lightbulb, or a bottle)."""
    y = _floor(floor, 1000)
    jar = rng.choice(["🫙", "💡", "🫙", "🫧", "🥛", "🥚", "🔮"])
    js = rng.uniform(480, 620)
    cx = W / 2 + rng.uniform(-50, 50)
    jg = glyph(jar, js)
    inside = rng.choice(SKY_THINGS + SWIMMERS + FLYERS + HOUSES + ["🌳", "⛵", "🐋", "🌋", "🏝", "🌊"])
    ig = glyph(inside, js * .4)
    drop_shadow(canvas, jg, cx, y, pal.shadow, alpha=.4)
    glow(canvas, ig, cx, y - js * .4, pal.light, radius=30, strength=.9)
    paste(canvas, ig, cx, y - js * .4)
    jg.putalpha(jg.getchannel("A").point(lambda v: int(v * .55)))
    paste(canvas, jg, cx, y, anchor="bottom")
    if rng.random() < .5:
        tiny_people(canvas, rng, pal, min(H - 70, y + 40), 1, size=70, xs=[cx + rng.choice([-1, 1]) * 260])


def comp_kite(canvas, rng, pal, floor, light):
    """Someone flying a creature (or a house) like a kite."""
    y = _floor(floor, 1000)
    kite = rng.choice(FLYERS + SWIMMERS + ["🐉", "🏠", "🌙", "🐘", "📖", "🫖", "🪑", "🎩"])
    ks = rng.uniform(200, 300)
    kx, ky = rng.uniform(200, W - 200), rng.uniform(220, 400)
    px = W - kx + rng.uniform(-60, 60)
    d = ImageDraw.Draw(canvas, "RGBA")
    pts = [(kx + (px - kx) * t, ky + ks * .3 + (y - 90 - ky - ks * .3) * t + 80 * math.sin(t * math.pi))
           for t in [i / 30 for i in range(31)]]
    d.line(pts, fill=(250, 250, 250, 170), width=2)
    hero_glyph(canvas, rng, pal, kite, ks, kx, ky, angle=rng.uniform(-25, 25))
    for i in range(5):
        t = .12 + i * .08
        paste(canvas, glyph("🎀", 28), *pts[int(t * 30)])
    tiny_people(canvas, rng, pal, y, 1, size=rng.uniform(90, 130), xs=[px])


def comp_spiral(canvas, rng, pal, floor, light):
    """A whirl of books (or birds, or leaves) turning around one thing."""
    centre = rng.choice(["🕯", "👁", "🔑", "🌙", "🧒", "🕰", "🌀", "🔮", "🐚", "🎩", "🪞", "🧭"])
    thing = rng.choice(["📖", "🕊", "🍂", "✉", "🐟", "⭐", "🦋", "🃏", "🎵", "🪶", "🌸", "❄", "🗝"])
    cx, cy = W / 2 + rng.uniform(-60, 60), rng.uniform(480, 620)
    add_light(canvas, cx, cy, 380, pal.light, .6)
    turns, n = rng.uniform(1.8, 2.8), rng.randint(28, 44)
    for i in range(n):
        t = i / n
        a = t * turns * 2 * math.pi + rng.uniform(-.1, .1)
        r = 80 + 320 * t
        g = glyph(thing, 30 + 50 * t, angle=-math.degrees(a) + rng.uniform(-30, 30))
        paste(canvas, g, cx + r * math.cos(a), cy + r * math.sin(a) * .8)
    hero_glyph(canvas, rng, pal, centre, rng.uniform(140, 200), cx, cy, glow_col=pal.light)


def comp_giant_sleeper(canvas, rng, pal, floor, light):
    """A sleeping giant creature lying as a hill, with a village on its flank."""
    y = _floor(floor, 950)
    hero = rng.choice(["🐋", "🐘", "🐈", "🦕", "🐻", "🐉", "🦊", "🐖", "🦥", "🐢", "🐊"])
    hs = rng.uniform(420, 520)
    cx = W / 2
    g = hero_glyph(canvas, rng, pal, hero, hs, cx, y + hs * .2, anchor="bottom", tint_amt=rng.uniform(.25, .4),
                   shadow_y=y + hs * .2)
    top = y + hs * .2 - g.height
    on_back(canvas, rng, g, cx - g.width / 2, y + hs * .2, HOUSES + PLANTS[:4], rng.randint(2, 5), size=(36, 64))
    paste(canvas, glyph("💤", 80), cx + g.width * .35, top - 20)


def comp_fish_sky(canvas, rng, pal, floor, light):
    """Creatures of the sea swimming through the air above a town (or birds under water)."""
    y = _floor(floor, 1000)
    school = rng.choice(SWIMMERS)
    lead = rng.choice([s for s in SWIMMERS if s != school])
    flip = rng.random() < .5
    hero_glyph(canvas, rng, pal, lead, rng.uniform(300, 420), rng.uniform(250, W - 250), rng.uniform(330, 480),
               flip=flip,
               glow_col=pal.light if pal.dark else None)
    for _ in range(rng.randint(8, 16)):
        paste(canvas, glyph(school, rng.uniform(40, 90), flip=flip), rng.uniform(30, W - 30), rng.uniform(120, y - 200))
    bubbles(canvas, rng, rng.randint(10, 25), y_range=(100, y - 100))
    for x in sorted(rng.uniform(60, W - 60) for _ in range(rng.randint(2, 5))):
        g = glyph(rng.choice(HOUSES + PLANTS[:3]), rng.uniform(60, 110))
        paste(canvas, silhouette(g, mix(pal.shadow, pal.ground[2], .3)) if rng.random() < .5 else g, x, y,
              anchor="bottom")


def comp_lantern(canvas, rng, pal, floor, light):
    """In the dark, someone carries a light; the light is something unexpected."""
    y = _floor(floor, 1000)
    dark = Image.new("RGBA", (W, H), (*hsv(rng.choice([225, 240, 260, 200]), 0.7, 0.12), 150))
    canvas.alpha_composite(dark)
    warm = hsv(rng.uniform(25, 55), .55, 1)
    px = rng.uniform(220, W - 220)
    person = glyph(rng.choice(["🧍", "🚶", "🧙", "🧚", "🦉", "🐈", "🐕", "🦩", "🐧"]), rng.uniform(260, 340),
                   flip=rng.random() < .5)
    lamp = rng.choice(["🏮", "🕯", "💡", "⭐", "🌙", "🐟", "🔥", "💎", "🔮", "🪼", "🐚", "❄", "🍄", "🔑", "❤"])
    lx, ly = px + person.width * .45, y - person.height * .55
    add_light(canvas, lx, ly, 460, warm, .95, 1.3)
    drop_shadow(canvas, person, px, y, pal.shadow, shear=-1.5, alpha=.6, squash=.5)
    paste(canvas, tint(person, warm, .15), px, y, anchor="bottom")
    lg = glyph(lamp, rng.uniform(80, 120))
    glow(canvas, lg, lx, ly, warm, radius=20, strength=1)
    paste(canvas, lg, lx, ly)
    for _ in range(rng.randint(10, 25)):  # fireflies
        fx, fy = rng.uniform(0, W), rng.uniform(300, y + 100)
        add_light(canvas, fx, fy, 12, (255, 240, 150), .9)


def comp_boat(canvas, rng, pal, floor, light):
    """A small boat sailing where boats do not sail: across a cup, over clouds, on a leaf, past a giant."""
    y = _floor(floor, 900)
    boat = rng.choice(["⛵", "🛶", "⛴", "🚣", "📄", "🍃", "🐚", "🥾", "🎩", "🥄"])
    giant = rng.choice(["🐙", "🦑", "🐋", "🐢", "🧜", "🦆", "🐊", "🦢", "👁", "🐸", "🌋", "🏝", "🗿", "🧊", "🐳"])
    gs = rng.uniform(380, 520)
    gx = rng.uniform(250, W - 250)
    gg = hero_glyph(canvas, rng, pal, giant, gs, gx, y + gs * .35, anchor="bottom", tint_amt=rng.uniform(.15, .35))
    # water line in front of the giant
    d = ImageDraw.Draw(canvas, "RGBA")
    for k in range(6):
        yy = y + gs * .25 + k * 12
        d.line((gx - gg.width * .6, yy, gx + gg.width * .6, yy), fill=(*pal.light, 60), width=2)
    bx = gx + rng.choice([-1, 1]) * rng.uniform(200, 280)
    bx = min(max(bx, 110), W - 110)
    bg = glyph(boat, rng.uniform(90, 130))
    paste(canvas, bg, bx, y + gs * .3, anchor="bottom")


def comp_swing_moon(canvas, rng, pal, floor, light):
    """Someone fishing from the crescent moon, sitting on a cloud or swinging on a star."""
    y = _floor(floor, 1000)
    mx, my = rng.uniform(260, W - 260), rng.uniform(260, 420)
    seat = rng.choice(["🌙", "☁", "⭐", "🪐", "🌛", "🌜"])
    sg = glyph(seat, rng.uniform(300, 400), angle=rng.uniform(-15, 15))
    glow(canvas, sg, mx, my, pal.light, radius=30)
    paste(canvas, sg, mx, my)
    who = glyph(rng.choice(["🧒", "🐈", "🧙", "🦉", "🐻", "🧚", "🐸", "🦊", "🐒"]), rng.uniform(110, 150))
    paste(canvas, who, mx + rng.uniform(-40, 40), my - sg.height * .25, anchor="bottom")
    d = ImageDraw.Draw(canvas, "RGBA")
    lx = mx + rng.uniform(90, 160) * rng.choice([-1, 1])
    ly = rng.uniform(my + 250, y - 40)
    d.line((mx, my - sg.height * .3, lx, my - sg.height * .2, lx, ly), fill=(255, 255, 255, 170), width=2)
    paste(canvas, glyph(rng.choice(["🐟", "⭐", "🗝", "💎", "🔔", "🥾", "❤", "🌍", "🕰", "✉"]), 56,
                        angle=rng.uniform(-30, 30)), lx, ly + 20)


COMPOSITIONS = [comp_in_container, comp_tiny_watcher, comp_balloons, comp_wrong_shadow, comp_other_reflection,
                comp_portal, comp_ladder, comp_rain_of, comp_tree_of, comp_sky_thing, comp_procession, comp_carrier,
                comp_jar, comp_kite, comp_spiral, comp_giant_sleeper, comp_fish_sky, comp_lantern, comp_boat,
                comp_swing_moon]

# ground kinds that make sense for each composition (water for reflections and boats ...)
GROUNDS = {
    comp_other_reflection: ["sea", "mirror"],
    comp_boat: ["sea", "mirror", "cloudsea"],
    comp_carrier: ["sea", "sea", "mirror", "cloudsea", "dunes"],
    comp_fish_sky: ["hills", "dunes", "checker", "mountains"],
}
DEFAULT_GROUNDS = ["sea", "mirror", "hills", "dunes", "mountains", "checker", "cloudsea", "hills", "dunes"]


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


def make_card(seed: str, index: int) -> Image.Image:
    """One card, fully determined by (seed, index)."""
    rng = random.Random(f"{seed}:{index}")
    comp = COMPOSITIONS[index % len(COMPOSITIONS)] if index < 2 * len(COMPOSITIONS) else rng.choice(COMPOSITIONS)
    mood = rng.choice(sorted(MOODS))
    pal = Palette(rng, mood)
    canvas = Image.new("RGBA", (W, H), (0, 0, 0, 255))
    if (comp in (comp_fish_sky, comp_boat) and rng.random() < .25) or (comp not in GROUNDS and rng.random() < .06):
        floor = underwater(canvas, rng, pal)
        light = (W / 2, 0)
    else:
        ground = rng.choice(GROUNDS.get(comp, DEFAULT_GROUNDS))
        horizon = rng.uniform(560, 800) if ground not in ("mountains",) else rng.uniform(480, 640)
        if comp in (comp_lantern,):
            pal.dark = True
        sky_kind = rng.choice(["moons", "moons", "stars"] if pal.dark else ["sun", "sun", "moons", "planet", "plain"])
        light = paint_sky(canvas, rng, pal, horizon, sky_kind)
        floor = paint_ground(canvas, rng, pal, horizon, ground, light)
    comp(canvas, rng, pal, floor, light)
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


# Candidates (1-based) culled after looking at the contact sheet of all 124: too dull, too alike another
# card (second carousel horse, fifth turtle, second eagle shadow, third glass, repeated lanterns), a church.
CANDIDATES = 124
CULLED = {2, 10, 33, 40, 43, 50, 63, 67, 71, 73, 78, 85, 89, 105, 109, 113, 114}


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
    ap.add_argument("--sheet-only", action="store_true")
    ap.add_argument("--prepare-only", action="store_true")
    ap.add_argument("--quality", type=int, default=85)
    args = ap.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    if args.prepare_only:
        print(f"{prepare_sizes(out)} prepared files in {out / 'prepared'}", file=sys.stderr)
        return 0
    if not args.sheet_only:
        if args.keep == "all":
            keep = list(range(1, args.count + 1))
        elif args.keep:
            keep = [int(k) for k in args.keep.split(",") if k.strip()]
        else:
            keep = [n for n in range(1, args.count + 1) if n not in CULLED]
        for old in out.glob("c[0-9][0-9][0-9].jpg"):
            old.unlink()
        for n, cand in enumerate(keep, 1):
            card = make_card(args.seed, cand - 1)
            card.save(out / f"c{n:03d}.jpg", quality=args.quality, optimize=True, progressive=True, subsampling="4:2:0")
            print(f"\r{n}/{len(keep)} cards", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        manifest = {
            "title": {"en": "Dreams (built-in)", "ru": "Сны (встроенная)"},
            "licence": "Apache-2.0: drawn by scripts/make_deck.py from Noto Color Emoji (Copyright 2013 Google LLC); "
                       "see assets/LICENSES/",
            "generator": {"script": "scripts/make_deck.py", "seed": args.seed, "candidates": keep},
        }
        (out / "deck.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    cards = sorted(out.glob("c[0-9][0-9][0-9].jpg"))
    contact_sheet(cards, out / "contact-sheet.png")
    prepare_sizes(out)
    megabytes = sum(p.stat().st_size for p in cards) / 1e6
    print(f"{len(cards)} cards, {megabytes:.1f} MB, contact sheet {out / 'contact-sheet.png'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
