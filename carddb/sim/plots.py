"""The playtest report's plots as inline SVG: rates with intervals, a histogram, a forest of card deltas.

Plain SVG strings (no chart library, no script), so the report is one file that
opens from disk, offline, and prints. Every label is escaped: card and seat
names are user text. Each plot is an `<svg class="plot">` whose marks carry
`data-*` values, so a test can check what is drawn without reading pixels.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape

from carddb.sim.analysis import CardDelta, Rate

WIDTH = 760
LABEL = 262  # left column for names
RIGHT = 110  # right column for numbers
ROW = 20
TOP = 28
BOTTOM = 30
BAR = "#6b5b45"
GOOD = "#2f7d4f"
BAD = "#a33a2a"
MUTED = "#8b8478"


def _open(kind: str, title: str, height: float) -> list[str]:
    return [
        f'<svg class="plot {kind}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" '
        f'width="{WIDTH}" height="{height:.0f}" role="img"><title>{escape(title)}</title>'
    ]


def _x(value: float, low: float, high: float, left: float = LABEL) -> float:
    span = (high - low) or 1.0
    return left + (WIDTH - left - RIGHT) * (value - low) / span


def _axis(
    parts: list[str], height: float, low: float, high: float, ticks: Sequence[float], fmt: str, left: float = LABEL
) -> None:
    base = height - BOTTOM + 6
    for tick in ticks:
        x = _x(tick, low, high, left)
        parts.append(f'<line class="grid" x1="{x:.1f}" y1="{TOP - 8}" x2="{x:.1f}" y2="{base - 6:.1f}"/>')
        parts.append(
            f'<text class="tick" x="{x:.1f}" y="{base + 10:.1f}" text-anchor="middle">{fmt.format(tick)}</text>'
        )


def rate_plot(rates: Sequence[Rate], title: str, fair: float | None = None, *, long_labels: bool = False) -> str:
    """Horizontal bars of win rates (0..100%) with their 95% intervals; `fair`: the even-chance line.

    `long_labels`: the name column widens to the longest label (up to 72 characters; the bars
    narrow), for labels that name two things ("A against B").
    """
    limit = 72 if long_labels else 40
    longest = max((len(_short(r.label, limit)) for r in rates), default=0)
    left = min(WIDTH - RIGHT - 140, max(LABEL, 7.6 * longest + 14)) if long_labels else LABEL
    height = TOP + ROW * len(rates) + BOTTOM
    parts = _open("rates", title, height)
    _axis(parts, height, 0.0, 1.0, [0, 0.25, 0.5, 0.75, 1.0], "{:.0%}", left)
    for index, rate in enumerate(rates):
        y = TOP + index * ROW
        x0, x1 = _x(0, 0, 1, left), _x(rate.rate, 0, 1, left)
        lo, hi = _x(rate.low, 0, 1, left), _x(rate.high, 0, 1, left)
        label = escape(rate.label)
        parts.append(
            f'<g class="row" data-label="{label}" data-rate="{rate.rate:.4f}" data-n="{rate.n}">'
            f'<text class="name" x="{left - 8:.0f}" y="{y + 14}" text-anchor="end">{escape(_short(rate.label, limit))}</text>'
            f'<rect class="bar" x="{x0:.1f}" y="{y + 4}" width="{max(1.0, x1 - x0):.1f}" height="{ROW - 8}" fill="{BAR}">'
            f"<title>{label}: {rate.wins} of {rate.n} ({rate.rate:.1%}, 95% CI {rate.low:.1%} to {rate.high:.1%})</title>"
            "</rect>"
            f'<line class="ci" x1="{lo:.1f}" y1="{y + 10}" x2="{hi:.1f}" y2="{y + 10}"/>'
            f'<line class="ci" x1="{lo:.1f}" y1="{y + 6}" x2="{lo:.1f}" y2="{y + 14}"/>'
            f'<line class="ci" x1="{hi:.1f}" y1="{y + 6}" x2="{hi:.1f}" y2="{y + 14}"/>'
            f'<text class="number" x="{WIDTH - RIGHT + 8}" y="{y + 14}">{rate.rate:.0%} of {rate.n}</text></g>'
        )
    if fair is not None:
        x = _x(fair, 0, 1, left)
        parts.append(f'<line class="fair" x1="{x:.1f}" y1="{TOP - 8}" x2="{x:.1f}" y2="{height - BOTTOM:.1f}"/>')
    parts.append("</svg>")
    return "".join(parts)


def histogram(values: Sequence[int], groups: Sequence[str], title: str) -> str:
    """Games by length, one bar per length, stacked by how the game ended (`groups[i]` for `values[i]`)."""
    counts = Counter(zip(values, groups, strict=True))
    lengths = sorted(set(values)) or [0]
    kinds = sorted(set(groups))
    # (a game may end in more ways than there are colours: they repeat rather than fail)
    palette = (BAR, "#c9a227", MUTED, BAD, "#5b8c5a", "#8a5fa8", "#3f7f9f")
    colours = {kind: palette[index % len(palette)] for index, kind in enumerate(kinds)}
    low, high = lengths[0], lengths[-1]
    per_length = Counter(values)
    peak = max(per_length.values(), default=1)
    plot_h = 180
    height = TOP + plot_h + BOTTOM + 18 * len(kinds)
    span = high - low + 1
    step = (WIDTH - 60) / span
    parts = _open("histogram", title, height)
    base = TOP + plot_h
    parts.append(f'<line class="axis" x1="40" y1="{base}" x2="{WIDTH - 20}" y2="{base}"/>')
    for length in range(low, high + 1):
        x = 40 + (length - low) * step
        y = base
        for kind in kinds:
            count = counts.get((length, kind), 0)
            if not count:
                continue
            h = plot_h * count / peak
            y -= h
            parts.append(
                f'<rect class="bar" x="{x + 1:.1f}" y="{y:.1f}" width="{max(1.0, step - 2):.1f}" height="{h:.1f}" '
                f'fill="{colours[kind]}" data-length="{length}" data-kind="{escape(kind)}" data-count="{count}">'
                f"<title>{count} games of {length} turns ({escape(kind)})</title></rect>"
            )
        if (length - low) % max(1, span // 12) == 0:
            parts.append(
                f'<text class="tick" x="{x + step / 2:.1f}" y="{base + 14}" text-anchor="middle">{length}</text>'
            )
    parts.append(f'<text class="tick" x="{WIDTH / 2:.0f}" y="{base + 28}" text-anchor="middle">turns</text>')
    for index, kind in enumerate(kinds):
        y = base + BOTTOM + 4 + index * 18
        parts.append(
            f'<rect x="40" y="{y}" width="12" height="12" fill="{colours[kind]}"/>'
            f'<text class="legend" x="58" y="{y + 11}">{escape(kind)}: {sum(1 for g in groups if g == kind)} games</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def forest(deltas: Sequence[CardDelta], title: str) -> str:
    """Each card's win-rate delta as a point with its 95% interval, around a zero line."""
    bound = max([0.25, *(max(abs(d.low), abs(d.high)) for d in deltas)])
    bound = min(1.0, round(bound + 0.05, 1))
    height = TOP + ROW * len(deltas) + BOTTOM
    parts = _open("forest", title, height)
    ticks = [-bound, -bound / 2, 0.0, bound / 2, bound]
    _axis(parts, height, -bound, bound, ticks, "{:+.0%}")
    zero = _x(0, -bound, bound)
    parts.append(f'<line class="zero" x1="{zero:.1f}" y1="{TOP - 8}" x2="{zero:.1f}" y2="{height - BOTTOM:.1f}"/>')
    for index, d in enumerate(deltas):
        y = TOP + index * ROW + 10
        colour = GOOD if d.low > 0 else BAD if d.high < 0 else MUTED
        lo, hi, x = (_x(v, -bound, bound) for v in (d.low, d.high, d.delta))
        name = escape(d.name)
        note = f" ({escape(d.note)})" if d.note else ""
        parts.append(
            f'<g class="row" data-id="{escape(d.id)}" data-delta="{d.delta:.4f}" data-low="{d.low:.4f}" '
            f'data-high="{d.high:.4f}">'
            f'<text class="name" x="{LABEL - 8}" y="{y + 4}" text-anchor="end">{escape(_short(d.name))}</text>'
            f'<line class="ci" x1="{lo:.1f}" y1="{y}" x2="{hi:.1f}" y2="{y}" stroke="{colour}"/>'
            f'<circle class="point" cx="{x:.1f}" cy="{y}" r="4" fill="{colour}">'
            f"<title>{name}{note}: {d.delta:+.1%} (95% CI {d.low:+.1%} to {d.high:+.1%}); "
            f"{d.rate_with:.0%} of {d.n_with} with, {d.rate_without:.0%} of {d.n_without} without</title></circle>"
            f'<text class="number" x="{WIDTH - RIGHT + 8}" y="{y + 4}">{d.delta:+.0%}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _short(label: str, limit: int = 40) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"
