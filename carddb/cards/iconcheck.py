"""Unknown `{icon}` markers in a card's texts: an error at the marker, with the icon it was probably meant to be.

A face draws `{coin}` as the game's coin icon wherever text prints: rules text, flavor text and
any text field the face shows. A marker that names no icon of the game would print as the raw
characters "{coins}", so `carddb validate` reports it where it is written, before anything prints.
A game with a rules-text language checks its rules text with its parser (an unknown marker there is
already an unknown word); its flavor and other texts are checked here.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.files.yamlsource import Located
from carddb.findings.diagnostics import Finding
from carddb.packs.card import Card
from carddb.rules.location import span_of, value_positions
from carddb.rules.markup import ICON_MARKER

# Keys whose values are ids or names, never text with icons.
NOT_TEXT = frozenset({"id", "name", "kind", "set", "rarity", "subtype", "faction", "art", "back", "tags"})


def unknown_icons(db: CardDatabase) -> Iterable[Finding]:
    """E-UNKNOWN-ICON for every marker in any card's texts that is not one of the game's icons."""
    pack = db.pack
    icons = set(pack.icons)
    skip = NOT_TEXT | {pack.faction_field}
    if pack.language is not None:
        skip = skip | {"text"}
    sources: dict[Path, str] = {}
    for card in db.faces():
        located = db.sources.get(card.id)
        if located is None or not isinstance(located.located.value, dict):
            continue
        for key, value in located.located.value.items():
            if key in skip or not isinstance(value, str) or "{" not in value:
                continue
            bad = [m for m in ICON_MARKER.finditer(value) if m.group(1) not in icons]
            if bad:
                yield from _findings(card, located.located, key, value, bad, icons, sources)


def _findings(
    card: Card,
    located: Located,
    key: str,
    value: str,
    markers: list[re.Match[str]],
    icons: set[str],
    sources: dict[Path, str],
) -> Iterable[Finding]:
    path = located.path
    if path not in sources:
        try:
            sources[path] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            sources[path] = ""
    positions = value_positions(sources[path], located.value_span((key,)), value)
    for match in markers:
        name = match.group(1)
        close = difflib.get_close_matches(name, sorted(icons), n=1, cutoff=0.6)
        known = ", ".join("{" + i + "}" for i in sorted(icons)) or "none"
        yield Finding(
            "E-UNKNOWN-ICON",
            f"'{card.id}' {_where(key)}: {{{name}}} is not an icon of this game"
            + (f"; did you mean {{{close[0]}}}?" if close else ""),
            path,
            span_of(positions, match.start(), match.end()),
            hint=f"the game's icons: {known} (declared under icons:, each a file icons/NAME.svg)",
        )


def _where(key: str) -> str:
    return {"text": "rules text", "flavor": "flavor text"}.get(key, f"field '{key}'")
