"""Set statistics as inline SVG bar charts: cost curve, kinds, rarities, factions.

The charts are plain SVG strings built here (no JavaScript chart library), so the
stats page opens from disk and prints. Every label is escaped: card data such as
a faction name is user text.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape

from carddb.cards.database import CardDatabase

NEUTRAL_BAR = "#6b5b45"
BAR_WIDTH = 54
BAR_GAP = 16
PLOT_HEIGHT = 160
LABEL_SPACE = 46
TOP_SPACE = 22
LEFT_SPACE = 10


@dataclass(frozen=True)
class Bar:
    label: str
    value: int
    color: str = NEUTRAL_BAR


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    caption: str
    bars: tuple[Bar, ...]

    @property
    def total(self) -> int:
        return sum(b.value for b in self.bars)


def set_charts(db: CardDatabase) -> list[Chart]:
    """The charts of the stats page, in the order they are shown (no cost curve for a game without costs)."""
    charts = [kinds_chart(db), rarities_chart(db), factions_chart(db)]
    if any(card.curve_cost() is not None for card in db.cards):
        charts.insert(0, cost_curve_chart(db))
    return charts


def cost_curve_chart(db: CardDatabase) -> Chart:
    """Cards per cost (the pack's `curve_cost`); costs of 10 or more share the last bar."""
    costs = [c.curve_cost() for c in db.cards]
    counted = Counter(min(cost, 10) for cost in costs if cost is not None)
    top = max(counted, default=0)
    bars = tuple(Bar("10+" if n == 10 else str(n), counted.get(n, 0)) for n in range(0, top + 1))
    without = sum(1 for cost in costs if cost is None)
    caption = "Distinct cards by cost"
    if without:
        caption += f"; {without} card{'s' * (without != 1)} without a cost not shown"
    return Chart("cost-curve", "Cost curve", caption, bars)


def kinds_chart(db: CardDatabase) -> Chart:
    counted = Counter(c.kind for c in db.cards)
    # A back face's kind is not a card of its own (its card is counted under its front's kind).
    bars = tuple(Bar(k.label, counted.get(k.id, 0)) for k in db.pack.kinds if k.id not in db.pack.back_kind_ids)
    return Chart("kinds", "Card kinds", "Distinct cards of each kind", bars)


def rarities_chart(db: CardDatabase) -> Chart:
    counted = Counter(c.rarity for c in db.cards)
    bars = tuple(Bar(r.name, counted.get(r.id, 0), r.color) for r in db.pack.rarities)
    return Chart("rarities", "Rarities", "Distinct cards of each rarity", bars)


def factions_chart(db: CardDatabase) -> Chart:
    counted = Counter(db.faction_of(c) for c in db.cards)
    bars = tuple(Bar(f.name, counted.get(f.id, 0), f.color) for f in db.pack.factions)
    label = db.pack.faction_label
    return Chart("factions", db.pack.factions_label.title(), f"Distinct cards of each {label}", bars)


def chart_svg(chart: Chart) -> str:
    """One chart as a self-contained <svg> element with one <rect class="bar"> per bar.

    Bars of value 0 are still drawn (as a hairline) so the axis shows every category.
    """
    peak = max((b.value for b in chart.bars), default=0) or 1
    width = LEFT_SPACE * 2 + len(chart.bars) * (BAR_WIDTH + BAR_GAP)
    height = TOP_SPACE + PLOT_HEIGHT + LABEL_SPACE
    baseline = TOP_SPACE + PLOT_HEIGHT
    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="{chart.id}-title">',
        f'<title id="{chart.id}-title">{escape(chart.title)}</title>',
        f'<line class="axis" x1="{LEFT_SPACE}" y1="{baseline}" x2="{width - LEFT_SPACE}" y2="{baseline}"/>',
    ]
    for index, bar in enumerate(chart.bars):
        x = LEFT_SPACE + BAR_GAP / 2 + index * (BAR_WIDTH + BAR_GAP)
        h = max(1.0, PLOT_HEIGHT * bar.value / peak)
        y = baseline - h
        centre = x + BAR_WIDTH / 2
        label = escape(bar.label)
        parts.append(
            f'<g class="bar-group"><rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{BAR_WIDTH}" height="{h:.1f}" '
            f'fill="{escape(bar.color)}" data-label="{label}" data-value="{bar.value}">'
            f"<title>{label}: {bar.value}</title></rect>"
            f'<text class="value" x="{centre:.1f}" y="{y - 5:.1f}" text-anchor="middle">{bar.value}</text>'
            f'<text class="label" x="{centre:.1f}" y="{baseline + 16}" text-anchor="middle">{escape(_short(bar.label))}</text>'
            "</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _short(label: str, limit: int = 10) -> str:
    # Labels sit under bars 54 px wide; the full label stays in the bar's tooltip.
    return label if len(label) <= limit else label[: limit - 1] + "…"
