"""The skies of the built-in deck (scripts/make_deck.py): the gradient, the night's dotted starfield, clouds,
and one sky feature per card (SKY_FEATURES: sun, crescent moon, aurora, rainbow ...) or none (a clear
`day sky` / `night sky`). scripts/deck_motifs.py counts the features as motifs."""
from __future__ import annotations

import math

from deck_paint import H, W, add_light, glyph, hsv, mix, paste, tint, vertical_gradient
from PIL import Image, ImageChops, ImageDraw, ImageFilter


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


def draw_rainbow(canvas, rng, pal, horizon):
    """A soft rainbow arc standing on the horizon."""
    cx, r = rng.uniform(150, W - 150), rng.uniform(300, 480)
    m = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(m)
    band = r * .035
    for k, hue in enumerate([0, 30, 55, 120, 210, 270]):
        rr = r - k * band
        d.arc((cx - rr, horizon - rr, cx + rr, horizon + rr), 180, 360, fill=(*hsv(hue, .6, 1), 120),
              width=int(band) + 2)
    canvas.alpha_composite(m.filter(ImageFilter.GaussianBlur(band * .35)))


def draw_birds(canvas, rng, pal, horizon):
    """A flock of far birds in a loose V, dark against the sky."""
    d = ImageDraw.Draw(canvas, "RGBA")
    x0, y0 = rng.uniform(150, W - 150), rng.uniform(120, horizon * .5)
    side = rng.choice([-1, 1])
    colour = (*mix(pal.shadow, (0, 0, 0), .3), 200)
    for i in range(rng.randint(9, 17)):
        arm = (i + 1) // 2 * (1 if i % 2 else -1)
        x = x0 + side * abs(arm) * rng.uniform(26, 40)
        y = y0 + arm * rng.uniform(18, 26) + rng.uniform(-8, 8)
        s = rng.uniform(7, 13)
        d.line((x - s, y - s * .5, x, y, x + s, y - s * .6), fill=colour, width=2, joint="curve")


def draw_milky_way(canvas, rng, pal, horizon):
    """A diagonal band of dense stars with a faint glow."""
    x0, x1 = rng.uniform(-100, 200), rng.uniform(W - 200, W + 100)
    y0, y1 = rng.uniform(0, horizon * .2), rng.uniform(horizon * .4, horizon * .8)
    if rng.random() < .5:
        y0, y1 = y1, y0
    m = Image.new("L", (W, H), 0)
    ImageDraw.Draw(m).line((x0, y0, x1, y1), fill=150, width=110)
    layer = Image.new("RGBA", (W, H), (*mix(pal.light, (200, 210, 255), .5), 0))
    layer.putalpha(m.filter(ImageFilter.GaussianBlur(45)))
    canvas.alpha_composite(layer)
    d = ImageDraw.Draw(canvas)
    for _ in range(500):
        t, off = rng.random(), rng.gauss(0, 32)
        x, y = x0 + (x1 - x0) * t - off * .5, y0 + (y1 - y0) * t + off
        r = rng.choice([.6, .8, 1, 1.3])
        d.ellipse((x - r, y - r, x + r, y + r), fill=mix(pal.sky[0], (255, 255, 245), rng.uniform(.5, 1)))


def draw_streak(canvas, x, y, length, angle, width, colour):
    """A fading line from (x, y) backwards along `angle` (degrees): a shooting star's or a comet's tail."""
    m = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(m)
    steps = 24
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    for i in range(steps):
        a, b = i / steps, (i + 1) / steps
        d.line((x - dx * length * a, y - dy * length * a, x - dx * length * b, y - dy * length * b),
               fill=int(255 * (1 - a) ** 1.5), width=max(1, int(width * (1 - a * .7))))
    layer = Image.new("RGBA", (W, H), (*colour, 0))
    layer.putalpha(m.filter(ImageFilter.GaussianBlur(max(1, width / 3))))
    canvas.alpha_composite(layer)


def draw_shooting_stars(canvas, rng, pal, horizon):
    angle = rng.uniform(20, 50) * rng.choice([-1, 1]) + (180 if rng.random() < .5 else 0)
    for _ in range(rng.randint(3, 6)):
        x, y = rng.uniform(60, W - 60), rng.uniform(60, horizon * .7)
        draw_streak(canvas, x, y, rng.uniform(90, 200), angle + rng.uniform(-4, 4), 3, (255, 250, 235))
        add_light(canvas, x, y, 14, (255, 255, 240), .9)


def draw_comet(canvas, rng, pal, horizon):
    x, y = rng.uniform(180, W - 180), rng.uniform(120, horizon * .45)
    angle = rng.uniform(10, 35) if x > W / 2 else rng.uniform(145, 170)   # the tail sweeps up and away
    draw_streak(canvas, x, y, rng.uniform(380, 560), angle, 26, mix(pal.light, (210, 235, 255), .5))
    draw_streak(canvas, x, y, rng.uniform(260, 380), angle + 8, 10, (255, 250, 235))
    add_light(canvas, x, y, 60, (255, 255, 245), 1, 1.2)
    return x, y


def draw_eclipse(canvas, rng, pal, horizon):
    x, y, r = rng.uniform(160, W - 160), rng.uniform(140, horizon * .45), rng.uniform(55, 85)
    add_light(canvas, x, y, r * 4.5, mix(pal.light, (255, 255, 255), .3), .9, 1.8)
    ring = Image.new("L", (int(r * 3), int(r * 3)), 0)
    ImageDraw.Draw(ring).ellipse((r * .5 - 4, r * .5 - 4, r * 2.5 + 4, r * 2.5 + 4), fill=255)
    halo = Image.new("RGBA", ring.size, (255, 250, 235, 0))
    halo.putalpha(ring.filter(ImageFilter.GaussianBlur(6)))
    paste(canvas, halo, x, y)
    ImageDraw.Draw(canvas).ellipse((x - r, y - r, x + r, y + r), fill=mix(pal.sky[0], (0, 0, 0), .6))
    return x, y


def draw_glyph_body(canvas, rng, pal, horizon, ch, size):
    """A sky body drawn from a glyph (ringed planet, earth), softly lit and tinted toward the sky."""
    x, y = rng.uniform(150, W - 150), rng.uniform(120, horizon * .5)
    g = glyph(ch, rng.uniform(*size), angle=rng.uniform(-25, 25))
    add_light(canvas, x, y, g.width, pal.light, .35)
    paste(canvas, tint(g, pal.sky[1], .3), x, y)
    return x, y


def _sun(canvas, rng, pal, horizon):
    light = (rng.uniform(120, W - 120), rng.uniform(horizon * .35, horizon * .8))
    draw_sun(canvas, rng, pal, *light, rng.uniform(35, 80))
    return light


def _low_sun(canvas, rng, pal, horizon):
    r = rng.uniform(110, 170)
    light = (rng.uniform(200, W - 200), horizon - r * rng.uniform(.1, .45))
    add_light(canvas, light[0], horizon, r * 6, pal.light, .8, 1.6)
    draw_sun(canvas, rng, pal, *light, r)
    return light


def _two_suns(canvas, rng, pal, horizon):
    light = (rng.uniform(150, W - 150), rng.uniform(horizon * .3, horizon * .6))
    draw_sun(canvas, rng, pal, *light, rng.uniform(50, 75))
    other = (min(W - 80, max(80, light[0] + rng.choice([-1, 1]) * rng.uniform(180, 260))),
             light[1] + rng.uniform(-90, 60))
    hue = rng.choice([10, 200, 300])
    add_light(canvas, *other, 130, hsv(hue, .5, 1), .7, 2)
    ImageDraw.Draw(canvas).ellipse((other[0] - 30, other[1] - 30, other[0] + 30, other[1] + 30),
                                   fill=mix(hsv(hue, .45, 1), (255, 255, 255), .3))
    return light


def _moon(crescent: bool):
    def paint(canvas, rng, pal, horizon):
        light = (rng.uniform(110, W - 110), rng.uniform(90, horizon * .5))
        phase = rng.choice([.55, .7, .85]) if crescent else 0
        draw_moon(canvas, rng, pal, *light, rng.uniform(45, 85), phase=phase)
        return light
    return paint


def _two_moons(canvas, rng, pal, horizon):
    light = (rng.uniform(130, W - 130), rng.uniform(100, horizon * .45))
    draw_moon(canvas, rng, pal, *light, rng.uniform(60, 85), phase=0)
    x = min(W - 70, max(70, light[0] + rng.choice([-1, 1]) * rng.uniform(170, 260)))
    draw_moon(canvas, rng, pal, x, light[1] + rng.uniform(-80, 80), rng.uniform(22, 36), phase=0)
    return light


def _no_light(draw):
    def paint(canvas, rng, pal, horizon):
        draw(canvas, rng, pal, horizon)
    return paint


# sky feature -> (when it fits: "day", "night" or "any", painter(canvas, rng, pal, horizon) -> light (x, y) or None)
SKY_FEATURES = {
    "sun": ("day", _sun), "low sun": ("day", _low_sun), "two suns": ("day", _two_suns),
    "rainbow": ("day", _no_light(draw_rainbow)), "birds": ("day", _no_light(draw_birds)),
    "crescent moon": ("night", _moon(True)), "full moon": ("night", _moon(False)), "two moons": ("night", _two_moons),
    "aurora": ("night", _no_light(draw_aurora)), "milky way": ("night", _no_light(draw_milky_way)),
    "shooting stars": ("night", _no_light(draw_shooting_stars)),
    "ringed planet": ("any", lambda c, r, p, h: draw_glyph_body(c, r, p, h, "🪐", (170, 300))),
    "earth": ("any", lambda c, r, p, h: draw_glyph_body(c, r, p, h, "🌍", (130, 210))),
    "comet": ("any", draw_comet), "eclipse": ("any", draw_eclipse),
}
# features that leave the sky to a scene whose hero is up there itself (a ladder's moon, a kite, a swing)
CALM_FEATURES = ("aurora", "milky way", "birds", "rainbow", "shooting stars")


def paint_sky(canvas, rng, pal, horizon, kind):
    """Sky above `horizon` (pixels from the top) with the sky `kind` (a SKY_FEATURES key, or "day sky" /
    "night sky": none); returns where its main light sits, (x, y), or None."""
    canvas.paste(vertical_gradient((W, max(1, int(horizon))), pal.sky), (0, 0))
    canvas.paste(pal.sky[2] + (255,), (0, int(horizon), W, H))  # anything the ground leaves open
    if pal.dark:
        draw_stars(canvas, rng, pal, horizon, rng.randint(80, 220))
    light = SKY_FEATURES[kind][1](canvas, rng, pal, horizon) if kind in SKY_FEATURES else None
    if rng.random() < (.35 if pal.dark else .7):
        draw_clouds(canvas, rng, pal, horizon * .15, horizon * .85, rng.randint(2, 6), alpha=rng.uniform(.35, .8))
    return light
