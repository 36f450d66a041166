"""The grounds of the built-in deck (scripts/make_deck.py): sea, mirror lake, hills, dunes, mountains, snow,
a checkerboard plain, a sea of clouds, and the underwater world that replaces sky and ground together.
`paint_ground` returns the floor's y (where a scene's hero stands), in pixels from the top."""
from __future__ import annotations

import math

from deck_paint import H, W, glyph, hsv, mix, paste, tint, vertical_gradient
from deck_sky import draw_clouds
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageOps


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
    elif kind == "snow":
        for i in range(3):
            base = horizon + (H - horizon) * (i * .28)
            col = mix((246, 248, 255), pal.sky[1], .12 + i * .1)
            fill_below(canvas, ridge(rng, base, rng.uniform(30, 80), .4), col,
                       grad_to=mix(col, mix(pal.shadow, (120, 150, 210), .5), .45))
        d = ImageDraw.Draw(canvas, "RGBA")
        for _ in range(rng.randint(60, 120)):   # glints on the snow
            x, y = rng.uniform(0, W), rng.uniform(horizon + 20, H)
            d.point((x, y), fill=(255, 255, 255, 220))
        gy = horizon + (H - horizon) * .62
    elif kind == "none":
        # the sky simply continues: everything floats
        gy = None
    return gy


def underwater(canvas, rng, pal, seabed):
    """An alternative world: the whole card under water, with light rays, bubbles and the glyphs `seabed`
    (weed, coral, shells) on the sand."""
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
        g = glyph(rng.choice(seabed), rng.uniform(50, 150), flip=rng.random() < .5)
        paste(canvas, tint(g, hsv(h, .6, .3), .35), rng.uniform(0, W), H - rng.uniform(60, 130), anchor="bottom")
    bubbles(canvas, rng, rng.randint(15, 40))
    return H - 120


def bubbles(canvas, rng, n, x_range=(0, W), y_range=(0, H)):
    d = ImageDraw.Draw(canvas, "RGBA")
    for _ in range(n):
        x, y, r = rng.uniform(*x_range), rng.uniform(*y_range), rng.uniform(3, 16)
        d.ellipse((x - r, y - r, x + r, y + r), outline=(230, 250, 255, 170), width=2)
        d.ellipse((x - r * .4, y - r * .5, x - r * .1, y - r * .2), fill=(255, 255, 255, 180))
