"""`carddb fmt`: rewrite rules text in canonical form, touching nothing else in the file.

Card files are loaded with ruamel.yaml's round-trip loader, which keeps comments,
key order, quoting and flow style; only `text` values change, and a file is
written (atomically) only if one of its cards changed. A card whose text does not
parse is left alone and reported: its wording is for the designer to fix.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
    SingleQuotedScalarString,
)

from carddb.files.atomic import write_text
from carddb.rules.canonical import ability_text
from carddb.rules.language import RulesLanguage
from carddb.rules.text import parse_rules_text


@dataclass(frozen=True)
class TextChange:
    card_id: str
    old: str
    new: str


@dataclass
class FileFormat:
    """What formatting one card file would change, and the new file text."""

    path: Path
    changes: list[TextChange] = field(default_factory=list)
    unparsed: list[str] = field(default_factory=list)  # ids of cards whose text has errors
    error: str | None = None
    new_source: str | None = None


def _yaml() -> YAML:
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap long flavor text
    yaml.indent(mapping=2, sequence=2, offset=0)
    return yaml


def canonical_text(raw: str, language: RulesLanguage) -> str | None:
    """The canonical form of a whole rules text, or None if some line does not parse."""
    lines = parse_rules_text(raw, language)
    if any(line.ability is None for line in lines):
        return None
    return "\n".join(ability_text(line.ability, language) for line in lines if line.ability is not None)


def _cards(doc: Any) -> Iterator[Any]:
    if isinstance(doc, dict):
        yield doc
    elif isinstance(doc, list):
        yield from (item for item in doc if isinstance(item, dict))


def _restyle(original: str, new: str) -> str:
    """The new text in the scalar style the designer chose for the old one."""
    if isinstance(original, LiteralScalarString) or "\n" in new:
        return LiteralScalarString(new + "\n")
    if isinstance(original, FoldedScalarString):
        return FoldedScalarString(new + "\n")
    if isinstance(original, DoubleQuotedScalarString):
        return DoubleQuotedScalarString(new)
    if isinstance(original, SingleQuotedScalarString):
        return SingleQuotedScalarString(new)
    return new


def format_file(path: Path, language: RulesLanguage) -> FileFormat:
    result = FileFormat(path)
    yaml = _yaml()
    try:
        source = path.read_text(encoding="utf-8")
        docs = list(yaml.load_all(source))
    except (OSError, UnicodeDecodeError, YAMLError) as exc:
        result.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return result
    for doc in docs:
        for card in _cards(doc):
            raw = card.get("text")
            if not isinstance(raw, str) or not raw.strip():
                continue
            new = canonical_text(raw, language)
            card_id = str(card.get("id", "?"))
            if new is None:
                result.unparsed.append(card_id)
                continue
            if new != raw.strip():
                result.changes.append(TextChange(card_id, raw.strip(), new))
                card["text"] = _restyle(raw, new)
    if result.changes:
        out = io.StringIO()
        if len(docs) == 1:
            yaml.dump(docs[0], out)
        else:
            yaml.dump_all(docs, out)
        result.new_source = out.getvalue()
    return result


def write_formatted(result: FileFormat) -> None:
    if result.new_source is None:
        return
    # carddb.files.atomic writes through mkstemp, whose file is private (0600); a card file
    # keeps the permissions the designer gave it.
    mode = stat.S_IMODE(result.path.stat().st_mode)
    write_text(result.path, result.new_source)
    os.chmod(result.path, mode)
