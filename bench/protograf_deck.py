"""The benchmark deck drawn with protograf, for bench_protograf.py (runs under protograf's own Python).

    PROTOGRAF_CARDS=cards.json python protograf_deck.py     # writes protograf_deck.pdf in the current folder

The card file is named by an environment variable because protograf parses the command
line itself. It is written by bench_protograf.py from the same generated project that
`carddb print` draws: per card its name, cost, kind line, province, rules and flavor
text, health, footer and the file of its placeholder art (the very SVG carddb draws).
The deck is the equivalent of carddb's: 63 x 88 mm cards with 3 mm of bleed filled in
the province colour, a rounded frame, title bar with the cost, the art, a type line,
a rules box with the rules text (keywords bold) and italic flavor text wrapped to fit,
a health badge, a footer; A4, 3 x 3 per page, crop marks, each front page followed by
a page of backs. protograf uses its built-in fonts (carddb's are bundled with carddb).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from protograf import Card, CardBack, Create, Deck, Save, image, rectangle, text


def main() -> None:
    cards = json.loads(Path(os.environ["PROTOGRAF_CARDS"]).read_text(encoding="utf-8"))
    Create(paper="A4", units="mm", margin=10, margin_left=7.5, margin_right=7.5, globals_reset=True)
    Deck(
        cards=len(cards),
        width=63,
        height=88,
        rounding=3,
        bleed_fill="#6b2c1f",
        fill="#6b2c1f",
        grid_marks=True,
        spacing=0,
    )
    dark = "#4a1e14"
    for number, card in enumerate(cards, start=1):
        Card(
            number,
            rectangle(
                x=1.3, y=1.3, width=60.4, height=85.4, rounding=1.6, stroke="#d8b25c", stroke_width=0.7, fill=None
            ),
            rectangle(x=2.2, y=2.2, width=58.6, height=7.6, rounding=1.2, fill="#efe4cc", stroke=dark),
            text(x=3.3, y=3.2, width=44, height=7, text=card["name"], font_size=10.5, align="left", wrap=True),
            text(x=48, y=3.2, width=12, height=7, text=card["cost"], font_size=9, align="right", wrap=True),
            image(card["art"], x=2.8, y=10.5, width=57.4, height=31.6),
            rectangle(x=2.2, y=42.6, width=58.6, height=5.2, rounding=1.2, fill="#efe4cc", stroke=dark),
            text(x=3.3, y=43.1, width=36, height=5, text=card["kind"], font_size=7.2, align="left", wrap=True),
            text(x=38, y=43.1, width=22, height=5, text=card["province"], font_size=6.6, align="right", wrap=True),
            rectangle(x=2.8, y=48.4, width=57.4, height=31, rounding=0.8, fill="#efe4cc", stroke=dark),
            text(x=4.4, y=49.7, width=54.2, height=28.6, text=card["rules"], html=True, font_size=9),
            text(x=47, y=78, width=10, height=8, text=card["health"], font_size=12, align="centre", wrap=True),
            text(x=3.2, y=81.4, width=40, height=4, text=card["footer"], font_size=5.6, align="left", wrap=True),
        )
    CardBack(
        "all",
        rectangle(x=2, y=2, width=59, height=84, rounding=2, fill="#14233d", stroke="#e3c77a", stroke_width=1.2),
        text(x=5, y=60, width=53, height=10, text="Lords of Estraven", font_size=13, align="centre", wrap=True),
    )
    Save()


if __name__ == "__main__":
    main()
