"""Text fit: the largest rules-text size at which a card's rules box is not overfull.

Sizes are measured, never estimated: every card of a batch is laid out by WeasyPrint
as one page of one document, and the fitter reads the laid-out box tree, comparing
the natural height of the rules flow with the height of its fixed box. Only cards
that overflow are laid out again, each round trying one size per card (a binary
search over the allowed steps, seeded with a guess from the measured fill), so a
batch costs one layout plus a round or two for its longest cards.

`fit_batch` returns, per card, the chosen size, its fill and the WeasyPrint page
laid out at that size; the caller writes those pages as PDF.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from carddb.findings.errors import RenderError

# Rules text starts here and steps down to the minimum that is still comfortable to read.
START_PT = 9.0
MIN_PT = 7.0
STEP_PT = 0.5
SIZE_TOKEN = "__RULES_PT__"  # stands for the rules size in a card's pre-rendered HTML
FIT_TOKEN = "__FIT_STATE__"  # replaced by "overflow" on cards whose text does not fit


def sizes(start: float = START_PT, minimum: float = MIN_PT, step: float = STEP_PT) -> tuple[float, ...]:
    count = round((start - minimum) / step)
    return tuple(round(start - i * step, 2) for i in range(count + 1))


def sized(fragment: str, pt: float, overflow: bool = False) -> str:
    """A card's pre-rendered HTML with its rules size filled in (and its box outlined if it overflows)."""
    return fragment.replace(SIZE_TOKEN, f"{pt:g}").replace(FIT_TOKEN, "overflow" if overflow else "")


@dataclass
class Measure:
    """What one layout of a card's rules box measured."""

    fill: float  # natural height of the rules flow / available height of the box
    page: Any  # the weasyprint Page laid out at this size
    document: Any  # the weasyprint Document holding that page


@dataclass
class FitState:
    card_id: str
    fits: dict[int, Measure] = field(default_factory=dict)  # size index -> measure, fill <= 1
    overflows: dict[int, Measure] = field(default_factory=dict)

    def best_fit(self) -> int | None:
        return min(self.fits) if self.fits else None

    def next_probe(self, steps: tuple[float, ...]) -> int | None:
        """The size index to try next, or None when the answer is known."""
        over = max(self.overflows, default=-1)
        fit = self.best_fit()
        high = (fit if fit is not None else len(steps)) - 1  # largest untried index that might be best
        low = over + 1
        if low > high:
            return None
        if fit is None and over >= 0:
            # Height grows about with the square of the size (more lines, each taller).
            fill = self.overflows[over].fill
            wanted = steps[over] / math.sqrt(fill)
            guess = next((i for i, pt in enumerate(steps) if pt <= wanted + 1e-9), len(steps) - 1)
            return min(max(guess, low), high)
        return (low + high) // 2

    def outcome(self, steps: tuple[float, ...]) -> tuple[float, Measure, bool]:
        """Chosen size, its measure, and whether the text still overflows at the minimum."""
        fit = self.best_fit()
        if fit is not None:
            return steps[fit], self.fits[fit], False
        last = len(steps) - 1
        return steps[last], self.overflows[last], True


Layout = Callable[[Sequence[tuple[str, float]]], Iterator[tuple[str, float, Measure]]]


def fit_batch(card_ids: Sequence[str], layout: Layout, steps: tuple[float, ...] | None = None) -> dict[str, FitState]:
    """Search each card's size; `layout` lays out (card id, size) pairs in one document."""
    steps = steps or sizes()
    states = {card_id: FitState(card_id) for card_id in card_ids}
    probes = {card_id: 0 for card_id in card_ids}
    while probes:
        measured = set()
        for card_id, _pt, measure in layout([(cid, steps[i]) for cid, i in probes.items()]):
            index = probes[card_id]
            target = states[card_id].fits if measure.fill <= 1.0 + 1e-6 else states[card_id].overflows
            target[index] = measure
            measured.add(card_id)
        if missing := [cid for cid in probes if cid not in measured]:
            # Without this the search would ask for the same layout forever.
            raise RenderError(
                f"no page of the layout is card '{missing[0]}': a card template must keep"
                ' class="card" and data-card="{{ card.id }}" on its outermost element'
            )
        probes = {cid: index for cid in probes if (index := states[cid].next_probe(steps)) is not None}
    return states


def walk_boxes(box: Any) -> Iterator[Any]:
    """Every box under `box`, including absolutely positioned ones (which WeasyPrint wraps)."""
    stack = [box]
    while stack:
        current = stack.pop()
        inner = getattr(current, "_box", None)  # AbsolutePlaceholder hides the laid-out box
        if inner is not None:
            current = inner
        yield current
        stack.extend(reversed(getattr(current, "children", ()) or ()))


def _classes(box: Any) -> set[str]:
    element = getattr(box, "element", None)
    if element is None:
        return set()
    return set((element.get("class") or "").split())


def measure_page(page: Any) -> tuple[str | None, float]:
    """The card id on a laid-out page and its rules fill (0.0 when it has no rules box)."""
    card_id = None
    box_height = None
    flow_height = 0.0
    for box in walk_boxes(page._page_box):
        classes = _classes(box)
        if card_id is None and "card" in classes:
            card_id = box.element.get("data-card")
        if "rules-box" in classes and box_height is None:
            box_height = box.height
        elif "rules-flow" in classes:
            flow_height = box.margin_height()
            break
    if not box_height:
        return card_id, 0.0
    return card_id, flow_height / box_height


MM_PER_PX = 25.4 / 96  # WeasyPrint lays out in CSS pixels
NAME_GAP_MM = 0.5  # the least space between the end of a card's name and its cost
_DRAWN = frozenset({"TextBox", "InlineBlockBox", "InlineReplacedBox"})  # what a line shows (not the line itself)


def name_overrun(page: Any) -> float:
    """How far (mm) a card's name runs past the room it has: its box, and the start of its cost if any.

    The title bar draws the name on one line (`white-space: nowrap; overflow: hidden`), so a name
    too long is cut at the box's edge, or runs under the cost's pips, without anything saying so;
    the laid-out line says how long the name really is. 0.0 when it fits (or the face has no name).
    """
    name = cost = None
    for box in walk_boxes(page._page_box):
        classes = _classes(box)
        if name is None and "name" in classes:
            name = box
        elif cost is None and "cost" in classes:
            cost = box
    if name is None:
        return 0.0
    room = name.content_box_x() + name.width
    top, bottom = name.position_y, name.position_y + name.margin_height()
    if cost is not None:
        # Only what is drawn beside the name: a game may put its cost on another line of the face.
        drawn = [
            b.position_x
            for b in walk_boxes(cost)
            if type(b).__name__ in _DRAWN and b.width and b.position_y < bottom and b.position_y + b.height > top
        ]
        if drawn:
            room = min(room, min(drawn) - NAME_GAP_MM / MM_PER_PX)
    ends = [b.position_x + b.width for b in walk_boxes(name) if b is not name and type(b).__name__ == "TextBox"]
    return max(0.0, (max(ends, default=0.0) - room) * MM_PER_PX)


def region_overruns(page: Any) -> dict[str, float]:
    """How far (mm) what each region of a declared layout draws runs past its box: region -> mm (> 0 only).

    A region clips what it shows (`overflow: hidden`), so text too long for it would be cut off
    without anything saying so; its laid-out lines say how far they really reach, right and down.
    The rules text and the name are measured by their own fit (`measure_page`, `name_overrun`).
    """
    found: dict[str, float] = {}
    for box in walk_boxes(page._page_box):
        classes = _classes(box)
        if "region" not in classes or classes & {"r-rules", "r-art", "r-name", "r-title"}:
            continue
        right = box.content_box_x() + box.width
        bottom = box.content_box_y() + box.height
        reach = 0.0
        for inner in walk_boxes(box):
            if inner is box or type(inner).__name__ not in _DRAWN or not inner.width:
                continue
            reach = max(reach, inner.position_x + inner.width - right, inner.position_y + inner.height - bottom)
        if reach * MM_PER_PX > 0.2:  # less than a stroke's width is antialiasing, not text cut off
            found[box.element.get("data-region") or "region"] = round(reach * MM_PER_PX, 2)
    return found


def part_boxes(page: Any, classes: Sequence[str]) -> dict[str, tuple[float, ...]]:
    """Where the face's parts are: class -> (order, x, y, width, height), the first box of that class.

    Positions are border boxes in mm from the page's top left corner (the bleed edge); `order`
    is the box's place in document order, so a reader that accepts several classes for one
    part can take whichever comes first. Boxes without an element or without width are skipped.
    """
    wanted = set(classes)
    found: dict[str, tuple[float, ...]] = {}
    for order, box in enumerate(walk_boxes(page._page_box)):
        if getattr(box, "element_tag", "") == "" or not (hits := _classes(box) & wanted - found.keys()):
            continue
        if box.border_width() <= 0:
            continue
        where = (
            float(order),
            box.border_box_x() * MM_PER_PX,
            box.border_box_y() * MM_PER_PX,
            box.border_width() * MM_PER_PX,
            box.border_height() * MM_PER_PX,
        )
        found.update(dict.fromkeys(hits, where))
    return found
