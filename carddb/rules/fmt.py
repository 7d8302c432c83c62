"""`carddb fmt`: rewrite rules text in canonical form, touching nothing else in the file.

Card files are loaded with ruamel.yaml's round-trip loader, which keeps comments,
key order, quoting and flow style; only `text` values change, and a file is
written (atomically) only if one of its cards changed. A card whose text does not
parse is left alone and reported: its wording is for the designer to fix.

Nothing else of the file changes: its line endings (CRLF stays CRLF), a UTF-8 byte order
mark, anchors no alias uses (ruamel drops those unless told to keep them), and what the file
is: a card file that is a symbolic link to another file of the project keeps being the link
(its target is formatted), and a file with several hard links is rewritten in place, so all
its names still show the same text (an atomic rename would have given this one name a new file).
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
from ruamel.yaml.comments import CommentedBase
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
    PlainScalarString,
    SingleQuotedScalarString,
)

from carddb.files.atomic import write_bytes
from carddb.files.reading import DATA_BYTES, read_limited
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
    bom: bool = False  # the file began with a UTF-8 byte order mark
    crlf: bool = False  # its lines end in CR LF

    def encoded(self) -> bytes:
        """The new text as the file's bytes: its byte order mark and line endings as they were."""
        text = self.new_source or ""
        if self.crlf:
            # ruamel keeps the CR of a CRLF inside comments it read, and writes LF everywhere else.
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        return ("\ufeff" if self.bom else "").encode("utf-8") + text.encode("utf-8")


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
    """The new text in the scalar style (and with the anchor) the designer chose for the old one."""
    styled: str
    if isinstance(original, LiteralScalarString) or "\n" in new:
        styled = LiteralScalarString(new + "\n")
    elif isinstance(original, FoldedScalarString):
        styled = FoldedScalarString(new + "\n")
    elif isinstance(original, DoubleQuotedScalarString):
        styled = DoubleQuotedScalarString(new)
    elif isinstance(original, SingleQuotedScalarString):
        styled = SingleQuotedScalarString(new)
    else:
        styled = PlainScalarString(new)
    anchor = _anchor(original)
    if anchor is not None:
        styled.yaml_set_anchor(anchor, always_dump=True)  # type: ignore[attr-defined]
    return styled


def _anchor(node: Any) -> str | None:
    anchor = getattr(node, "anchor", None)
    return getattr(anchor, "value", None)


def _keep_anchors(node: Any) -> None:
    """Mark every anchor to be written again: ruamel drops those no alias uses."""
    name = _anchor(node)
    if name is not None:
        if isinstance(node, CommentedBase):
            node.yaml_set_anchor(name, always_dump=True)
        else:
            node.anchor.always_dump = True
    if isinstance(node, dict):
        for value in node.values():
            _keep_anchors(value)
    elif isinstance(node, list):
        for value in node:
            _keep_anchors(value)


def format_file(path: Path, language: RulesLanguage) -> FileFormat:
    result = FileFormat(path)
    yaml = _yaml()
    try:
        # A regular file within carddb's limit for data (a pipe would wait for ever).
        data = read_limited(path, DATA_BYTES, "data files")
        result.bom = data.startswith(b"\xef\xbb\xbf")
        source = data.decode("utf-8").removeprefix("\ufeff")
        result.crlf = source.count("\r\n") * 2 > source.count("\n")
        docs = list(yaml.load_all(source))
    except OSError as exc:
        result.error = exc.strerror or str(exc)
        return result
    except (UnicodeDecodeError, YAMLError) as exc:
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
        for doc in docs:
            _keep_anchors(doc)
        out = io.StringIO()
        if len(docs) == 1:
            yaml.dump(docs[0], out)
        else:
            yaml.dump_all(docs, out)
        result.new_source = out.getvalue()
    return result


def write_formatted(result: FileFormat) -> None:
    """Write the formatted file; a link stays a link (its target is written), a hard link stays one file."""
    if result.new_source is None:
        return
    target = result.path.resolve()  # the caller has checked that it is inside the project
    info = target.stat()
    data = result.encoded()
    if info.st_nlink > 1:
        # Written in place, not atomically: a new file renamed over this name would leave the
        # card's other names with the old text.
        with open(target, "r+b") as handle:
            handle.write(data)
            handle.truncate()
        return
    # carddb.files.atomic writes through mkstemp, whose file is private (0600); a card file
    # keeps the permissions the designer gave it.
    write_bytes(target, data)
    os.chmod(target, stat.S_IMODE(info.st_mode))
