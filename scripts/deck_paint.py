"""The built-in deck's painting kit (scripts/make_deck.py): colours and palettes, Noto Color Emoji glyphs
scaled, tinted, shadowed and pasted, gradients and soft lights. Every function draws onto a Pillow RGBA canvas
of W×H pixels; randomness comes only from the `rng` (random.Random) passed in."""
from __future__ import annotations

import colorsys
import random
from functools import cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageOps

W, H = 800, 1200
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
EMOJI_SIZE = 109  # the only size the CBDT bitmap font renders; we scale afterwards

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


# Noto Color Emoji draws creatures looking left; these look right (checked by eye on its 2.042 glyphs)
FACES_RIGHT = {"🏃", "🏄", "🚶", "🚶\u200d♀️", "🐊", "🦕", "🚣", "🛌"}


def flip_to_face(ch: str, left: bool) -> bool:
    """The `flip` that makes glyph `ch` look left (`left`) or right."""
    return (ch not in FACES_RIGHT) != left


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

