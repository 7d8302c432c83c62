"""Generated placeholder art: a small heraldic landscape in the card's faction colours.

Playtest cards rarely have art, and an empty box makes a sheet of cards hard to tell
apart at the table. The picture is drawn from a random generator seeded with a hash
of the card id, so the same card always gets the same picture on every machine and
in every run (and the render cache stays valid), while neighbouring cards differ.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import random

# The art window is about 57 x 31 mm; the SVG uses tenths of a millimetre.
WIDTH = 566
HEIGHT = 312


def _rgb(color: str) -> tuple[int, int, int]:
    value = color.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from `a` to `b` (0 = a, 1 = b)."""
    ra, rb = _rgb(a), _rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ra, rb, strict=True))


def _ridge(rng: random.Random, base: float, roughness: float) -> str:
    """A closed path for one range of hills, as smooth quadratic curves."""
    points = []
    steps = rng.randint(4, 6)
    for i in range(steps + 1):
        x = WIDTH * i / steps
        points.append((x, base - rng.uniform(0, roughness)))
    path = [f"M0 {HEIGHT} L0 {points[0][1]:.1f}"]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        path.append(f"Q{(x0 + x1) / 2:.1f} {min(y0, y1) - roughness * 0.6:.1f} {x1:.1f} {y1:.1f}")
    path.append(f"L{WIDTH} {HEIGHT}Z")
    return " ".join(path)


def _banner(x: float, y: float, color: str, accent: str, rng: random.Random) -> str:
    """A keep with a pennant on a hilltop: the one 'heraldic' shape that says 'a place'."""
    w = rng.uniform(34, 48)
    h = rng.uniform(40, 58)
    tower = f'<rect x="{x - w / 2:.1f}" y="{y - h:.1f}" width="{w:.1f}" height="{h + 20:.1f}" fill="{color}"/>'
    merlons = "".join(
        f'<rect x="{x - w / 2 + i * w / 5:.1f}" y="{y - h - 8:.1f}" width="{w / 5 - 3:.1f}" height="9" fill="{color}"/>'
        for i in range(0, 5, 2)
    )
    pole = f'<rect x="{x - 1.2:.1f}" y="{y - h - 46:.1f}" width="2.4" height="40" fill="{color}"/>'
    flag = (
        f'<path d="M{x + 1.2:.1f} {y - h - 46:.1f} l30 7 -30 9z" fill="{accent}" stroke="{color}" stroke-width="1.5"/>'
    )
    door = f'<path d="M{x - 6:.1f} {y + 20:.1f} v-14 a6 6 0 0 1 12 0 v14z" fill="{accent}" opacity="0.55"/>'
    return tower + merlons + pole + flag + door


def _pines(rng: random.Random, y: float, color: str) -> str:
    """A stand of pines along a ridge."""
    trees = []
    x = rng.uniform(-10, 40)
    while x < WIDTH:
        h = rng.uniform(26, 46)
        w = h * 0.42
        trees.append(
            f'<path d="M{x:.1f} {y - h:.1f} L{x + w:.1f} {y + 4:.1f} L{x - w:.1f} {y + 4:.1f}Z" fill="{color}"/>'
        )
        x += rng.uniform(14, 30) if rng.random() < 0.7 else rng.uniform(60, 120)
    return "".join(trees)


def _standard(x: float, y: float, color: str, accent: str, rng: random.Random) -> str:
    """A tall banner on a pole, planted on the near hill."""
    h = rng.uniform(90, 120)
    tail = rng.choice(("l40 0 -10 18 10 18 -40 0z", "l44 0 0 40 -22 -10 -22 10z"))
    return (
        f'<rect x="{x - 1.6:.1f}" y="{y - h:.1f}" width="3.2" height="{h:.1f}" fill="{color}"/>'
        f'<circle cx="{x:.1f}" cy="{y - h - 3:.1f}" r="4" fill="{accent}"/>'
        f'<path d="M{x + 1.6:.1f} {y - h + 4:.1f} {tail}" fill="{accent}" stroke="{color}" stroke-width="1.5"/>'
    )


SKIES = (("#ffffff", 0.55, 0.25), ("#fff4d6", 0.35, 0.45), ("#1c2340", 0.45, 0.6))  # day, dawn, dusk


def placeholder_svg(card_id: str, color: str, accent: str) -> str:
    """An SVG landscape for `card_id` in `color` (frame colour) and `accent`.

    The generator picks a sky (day, dawn or dusk), four ridges of hills and one motif
    (a keep, two keeps, a pine wood or a war banner), so cards of one faction share a
    palette but are still told apart at a glance.
    """
    seed = int.from_bytes(hashlib.sha256(card_id.encode("utf-8")).digest()[:8], "big")
    rng = random.Random(seed)
    tint, top_t, low_t = rng.choice(SKIES)
    sky_top = mix(accent, tint, top_t)
    sky_low = mix(accent, color, low_t)
    sun_x = rng.uniform(0.15, 0.85) * WIDTH
    sun_y = rng.uniform(0.18, 0.4) * HEIGHT
    sun_r = rng.uniform(22, 44)
    sun = mix(accent, "#ffffff", 0.75) if tint != "#1c2340" else mix(accent, "#ffffff", 0.9)
    layers = []
    for depth in range(4):
        base = HEIGHT * (0.48 + depth * 0.13)
        shade = mix(mix(color, accent, 0.55 - depth * 0.17), "#101010", depth * 0.16)
        layers.append(f'<path d="{_ridge(rng, base, 46 - depth * 7)}" fill="{shade}"/>')
    dark = mix(color, "#101010", 0.35)
    motif = rng.choice(("keep", "keeps", "pines", "banner"))
    if motif == "keep":
        far, near = _banner(rng.uniform(0.22, 0.78) * WIDTH, HEIGHT * 0.62, dark, accent, rng), ""
    elif motif == "keeps":
        x = rng.uniform(0.2, 0.5) * WIDTH
        far = _banner(x, HEIGHT * 0.6, dark, accent, rng) + _banner(
            x + rng.uniform(70, 160), HEIGHT * 0.64, dark, accent, rng
        )
        near = ""
    elif motif == "pines":
        far, near = "", _pines(rng, HEIGHT * 0.78, mix(color, "#101010", 0.55))
    else:
        far, near = (
            "",
            _standard(rng.uniform(0.25, 0.75) * WIDTH, HEIGHT * 0.86, mix(color, "#101010", 0.5), accent, rng),
        )
    birds = "".join(
        f'<path d="M{bx:.1f} {by:.1f} q6 -6 12 0 q6 -6 12 0" fill="none" stroke="{mix(color, "#101010", 0.4)}" '
        f'stroke-width="2.2" stroke-linecap="round"/>'
        for bx, by in ((rng.uniform(40, WIDTH - 60), rng.uniform(30, HEIGHT * 0.35)) for _ in range(rng.randint(0, 4)))
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH / 10}mm" height="{HEIGHT / 10}mm" preserveAspectRatio="xMidYMid slice">'
        f'<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{sky_top}"/><stop offset="1" stop-color="{sky_low}"/></linearGradient></defs>'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#sky)"/>'
        f'<circle cx="{sun_x:.1f}" cy="{sun_y:.1f}" r="{sun_r:.1f}" fill="{sun}" opacity="0.9"/>'
        f"{birds}{layers[0]}{layers[1]}{far}{layers[2]}{near}{layers[3]}"
        "</svg>"
    )


def placeholder_data_url(card_id: str, color: str, accent: str) -> str:
    """The placeholder as a data: URL for an <img> (so object-fit crops it like real art)."""
    svg = placeholder_svg(card_id, color, accent).encode("utf-8")
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
