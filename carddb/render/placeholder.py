"""Generated placeholder art in the card's faction colours: a motif the game chooses.

Playtest cards rarely have art, and an empty box makes a sheet of cards hard to tell
apart at the table. The picture is drawn from a random generator seeded with a hash
of the card id, so the same card always gets the same picture on every machine and
in every run (and the render cache stays valid), while neighbouring cards differ.

Motifs (a game chooses one for every card, or per kind or faction: carddb.packs.facedesign):
`landscape` (hills and a keep: the bundled games' look), `neutral` (soft overlapping shapes
that suggest no setting: a game.yaml game's default), `sea` (waves, a horizon, a sail),
`stars` (a night sky), and `icon:NAME` (one of the game's own icons, large, on a neutral field).
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import random
import re

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


def _seeded(card_id: str) -> random.Random:
    return random.Random(int.from_bytes(hashlib.sha256(card_id.encode("utf-8")).digest()[:8], "big"))


def placeholder_svg(card_id: str, color: str, accent: str, motif: str = "landscape", icon_svg: str = "") -> str:
    """The placeholder picture of `card_id` in `color` (frame colour) and `accent`, drawn as `motif`.

    `icon_svg` is the SVG text of the game's icon for an `icon:NAME` motif.
    """
    if motif == "neutral":
        body = _neutral(_seeded(card_id), color, accent)
    elif motif == "sea":
        body = _sea(_seeded(card_id), color, accent)
    elif motif == "stars":
        body = _stars(_seeded(card_id), color, accent)
    elif motif.startswith("icon:"):
        body = _neutral(_seeded(card_id), color, accent, quiet=True) + _nested_icon(icon_svg)
    else:
        return _landscape(card_id, color, accent)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH / 10}mm" height="{HEIGHT / 10}mm" preserveAspectRatio="xMidYMid slice">{body}</svg>'
    )


def _landscape(card_id: str, color: str, accent: str) -> str:
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


def _gradient(top: str, low: str) -> str:
    return (
        '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{low}"/></linearGradient></defs>'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#sky)"/>'
    )


def _neutral(rng: random.Random, color: str, accent: str, *, quiet: bool = False) -> str:
    """Soft overlapping circles and a diagonal weave: colour and variety, and no setting at all."""
    parts = [_gradient(mix(accent, "#ffffff", 0.35), mix(accent, color, 0.45))]
    for _ in range(2 if quiet else rng.randint(4, 7)):
        cx, cy = rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT)
        r = rng.uniform(50, 170)
        shade = mix(color, accent, rng.uniform(0.2, 0.8))
        parts.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{shade}" opacity="{rng.uniform(0.18, 0.4):.2f}"/>'
        )
    step = rng.choice((22, 28, 34))
    line = mix(color, "#ffffff", 0.5)
    parts.append(
        "".join(
            f'<path d="M{x} 0 l{HEIGHT} {HEIGHT}" stroke="{line}" stroke-width="1.4" opacity="0.25"/>'
            for x in range(-HEIGHT, WIDTH, step)
        )
    )
    return "".join(parts)


def _wave(rng: random.Random, base: float, height: float) -> str:
    """A band of sea: a wavy top edge (sine-like curves) down to the picture's bottom."""
    length = rng.uniform(60, 110)
    phase = rng.uniform(0, length)
    path = [f"M0 {HEIGHT} L0 {base:.1f}"]
    x = -phase
    while x < WIDTH:
        path.append(f"q{length / 4:.1f} {-height:.1f} {length / 2:.1f} 0 t{length / 2:.1f} 0")
        x += length
    path.append(f"L{WIDTH} {HEIGHT}Z")
    return " ".join(path)


def _sea(rng: random.Random, color: str, accent: str) -> str:
    """Sky, a sun or moon on the horizon, rows of waves, now and then a sail and some gulls."""
    dusk = rng.random() < 0.3
    top = mix(accent, "#1c2340" if dusk else "#ffffff", 0.5)
    parts = [_gradient(top, mix(accent, color, 0.25))]
    horizon = HEIGHT * rng.uniform(0.42, 0.55)
    sun_x = rng.uniform(0.15, 0.85) * WIDTH
    parts.append(
        f'<circle cx="{sun_x:.1f}" cy="{horizon - 6:.1f}" r="{rng.uniform(24, 40):.1f}" fill="{mix(accent, "#ffffff", 0.8)}"/>'
    )
    if rng.random() < 0.6:  # a sail on the horizon
        x = rng.uniform(0.2, 0.8) * WIDTH
        dark = mix(color, "#101010", 0.45)
        parts.append(
            f'<path d="M{x - 26:.1f} {horizon:.1f} l52 0 -8 10 -36 0z" fill="{dark}"/>'
            f'<path d="M{x:.1f} {horizon - 58:.1f} l0 56 -30 0z" fill="{mix(accent, "#ffffff", 0.55)}" stroke="{dark}" stroke-width="1.5"/>'
            f'<path d="M{x + 3:.1f} {horizon - 50:.1f} l0 48 22 0z" fill="{mix(accent, "#ffffff", 0.4)}" stroke="{dark}" stroke-width="1.5"/>'
        )
    for depth in range(4):
        base = horizon + depth * (HEIGHT - horizon) / 4
        shade = mix(mix(color, accent, 0.5 - depth * 0.14), "#0a1420", depth * 0.15)
        parts.append(f'<path d="{_wave(rng, base, 10 + depth * 4)}" fill="{shade}"/>')
    gull = mix(color, "#101010", 0.5)
    parts.extend(
        f'<path d="M{bx:.1f} {by:.1f} q6 -6 12 0 q6 -6 12 0" fill="none" stroke="{gull}" stroke-width="2.2" stroke-linecap="round"/>'
        for bx, by in ((rng.uniform(40, WIDTH - 60), rng.uniform(25, horizon * 0.6)) for _ in range(rng.randint(0, 3)))
    )
    return "".join(parts)


def _stars(rng: random.Random, color: str, accent: str) -> str:
    """A night sky: a dark gradient, scattered stars, a moon or a ringed planet."""
    parts = [_gradient(mix(color, "#05060f", 0.7), mix(color, "#1c2340", 0.35))]
    star = mix(accent, "#ffffff", 0.7)
    for _ in range(rng.randint(45, 80)):
        parts.append(
            f'<circle cx="{rng.uniform(0, WIDTH):.1f}" cy="{rng.uniform(0, HEIGHT):.1f}" r="{rng.uniform(0.8, 2.6):.1f}" fill="{star}" opacity="{rng.uniform(0.5, 1):.2f}"/>'
        )
    cx, cy, r = rng.uniform(0.2, 0.8) * WIDTH, rng.uniform(0.3, 0.7) * HEIGHT, rng.uniform(30, 60)
    parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{mix(accent, color, 0.3)}"/>')
    if rng.random() < 0.5:
        tilt = rng.uniform(-25, 25)
        parts.append(
            f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{r * 1.8:.1f}" ry="{r * 0.35:.1f}" fill="none" '
            f'stroke="{star}" stroke-width="3" transform="rotate({tilt:.1f} {cx:.1f} {cy:.1f})"/>'
        )
    return "".join(parts)


_SVG_ROOT = re.compile(r"<svg\b([^>]*)>", re.S)
_SIZE_ATTR = re.compile(r"""\s(?:width|height|x|y)\s*=\s*("[^"]*"|'[^']*')""")


def _nested_icon(icon_svg: str) -> str:
    """The game's icon drawn large in the middle of the picture, as a nested <svg> keeping its viewBox."""
    match = _SVG_ROOT.search(icon_svg)
    if match is None:
        return ""
    size = HEIGHT * 0.62
    attrs = _SIZE_ATTR.sub("", match.group(1))
    place = f' x="{(WIDTH - size) / 2:.1f}" y="{(HEIGHT - size) / 2:.1f}" width="{size:.1f}" height="{size:.1f}" opacity="0.85"'
    end = icon_svg.rfind("</svg>")
    return f"<svg{attrs}{place}>" + icon_svg[match.end() : end if end > match.end() else len(icon_svg)] + "</svg>"


def placeholder_data_url(card_id: str, color: str, accent: str, motif: str = "landscape", icon_svg: str = "") -> str:
    """The placeholder as a data: URL for an <img> (so object-fit crops it like real art)."""
    svg = placeholder_svg(card_id, color, accent, motif, icon_svg).encode("utf-8")
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
