"""Safe YAML loading that remembers where every key and value came from.

PyYAML's C composer builds a node tree with start and end marks quickly; we turn
the tree into plain Python values ourselves, recording a `Span` for each key and
each value by path, so that any later stage can point at the exact line and
column. Only the safe scalar types are constructed (no arbitrary tags).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from carddb.diagnostics import Finding, Span

try:
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml is bundled with PyYAML wheels
    _Loader = yaml.SafeLoader

PathKey = tuple[str | int, ...]


@dataclass
class Located:
    """A YAML value with the positions of every key and value below it."""

    value: Any
    path: Path
    span: Span
    key_spans: dict[PathKey, Span] = field(default_factory=dict)
    value_spans: dict[PathKey, Span] = field(default_factory=dict)
    _groups: dict[str | int, tuple[dict[PathKey, Span], dict[PathKey, Span]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def value_span(self, key: PathKey) -> Span:
        """The span of the value at `key`, or of the closest enclosing value we know."""
        while key:
            if key in self.value_spans:
                return self.value_spans[key]
            key = key[:-1]
        return self.span

    def key_span(self, key: PathKey) -> Span:
        if key in self.key_spans:
            return self.key_spans[key]
        return self.value_span(key[:-1])

    def sub(self, index: int | str) -> Located:
        """The located value of one item of this sequence or mapping, with paths re-rooted."""
        key_spans, value_spans = self._children().get(index, ({}, {}))
        return Located(
            value=self.value[index],
            path=self.path,
            span=self.value_spans.get((index,), self.span),
            key_spans=key_spans,
            value_spans=value_spans,
        )

    def _children(self) -> dict[str | int, tuple[dict[PathKey, Span], dict[PathKey, Span]]]:
        # Spans grouped by first path element in one pass, so that splitting a file of
        # n cards into n Located items costs O(n), not O(n^2) (a 200-card file took seconds).
        if self._groups is None:
            groups: dict[str | int, tuple[dict[PathKey, Span], dict[PathKey, Span]]] = {}
            for which, spans in ((0, self.key_spans), (1, self.value_spans)):
                for key, span in spans.items():
                    if key:
                        groups.setdefault(key[0], ({}, {}))[which][key[1:]] = span
            self._groups = groups
        return self._groups


def _span(node: yaml.Node) -> Span:
    s, e = node.start_mark, node.end_mark
    return Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)


_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_MERGE_TAG = "tag:yaml.org,2002:merge"
# A guard against alias bombs ("billion laughs"): aliases are expanded into plain
# values, so a tiny file could otherwise expand to billions of them.
MAX_VALUES_PER_DOCUMENT = 1_000_000


class _TooManyValues(Exception):
    pass


class _Builder:
    """Turns a composed node tree into plain values, recording spans by key path.

    This runs once per key and value of every card, so the common cases (plain
    strings and decimal integers) skip PyYAML's generic constructor.
    """

    def __init__(self, loader: Any, path: Path, findings: list[Finding]) -> None:
        self.loader = loader
        self.path = path
        self.findings = findings
        self.visits = 0
        self.open_collections: set[int] = set()

    def build(self, node: yaml.Node) -> Located:
        doc = Located(value=None, path=self.path, span=_span(node))
        self.visits = 0
        try:
            doc.value = self._value(node, (), doc)
        except _TooManyValues:
            self.findings.append(
                Finding(
                    "E-YAML-SHAPE",
                    f"this document expands to more than {MAX_VALUES_PER_DOCUMENT:,} values (aliases of aliases?)",
                    self.path,
                    doc.span,
                )
            )
            doc.value = None
        return doc

    def _value(self, node: yaml.Node, at: PathKey, doc: Located) -> Any:
        s, e = node.start_mark, node.end_mark
        doc.value_spans[at] = Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)
        self.visits += 1
        if self.visits > MAX_VALUES_PER_DOCUMENT:
            raise _TooManyValues
        cls = node.__class__
        if cls is yaml.ScalarNode:
            return self._scalar(node)
        if id(node) in self.open_collections:
            self.findings.append(
                Finding("E-YAML-SHAPE", "this alias refers to a value that contains it", self.path, _span(node))
            )
            return None
        self.open_collections.add(id(node))
        try:
            if cls is yaml.MappingNode:
                return self._mapping(node, at, doc)
            return [self._value(item, (*at, i), doc) for i, item in enumerate(node.value)]
        finally:
            self.open_collections.discard(id(node))

    def _mapping(self, node: yaml.MappingNode, at: PathKey, doc: Located) -> dict[str, Any]:
        out: dict[str, Any] = {}
        merged: list[yaml.Node] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                merged.extend(value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node])
                continue
            key = self._scalar(key_node) if key_node.__class__ is yaml.ScalarNode else None
            if not isinstance(key, str | int) or isinstance(key, bool):
                self.findings.append(
                    Finding(
                        "E-YAML-SHAPE", "a key must be a plain word, not a list or mapping", self.path, _span(key_node)
                    )
                )
                continue
            key = str(key)
            if key in out:
                first = doc.key_spans[(*at, key)]
                self.findings.append(
                    Finding(
                        "E-YAML-DUPLICATE-KEY",
                        f"'{key}' appears twice in this mapping (first on line {first.line}); only one value would be kept",
                        self.path,
                        _span(key_node),
                    )
                )
            doc.key_spans[(*at, key)] = _span(key_node)
            out[key] = self._value(value_node, (*at, key), doc)
        # `<<: *defaults` merge keys: explicit keys win, whatever their order.
        for source in merged:
            if not isinstance(source, yaml.MappingNode):
                self.findings.append(
                    Finding(
                        "E-YAML-SHAPE",
                        "'<<' must merge a mapping (an alias such as *defaults)",
                        self.path,
                        _span(source),
                    )
                )
                continue
            for key_node, value_node in source.value:
                key = self._scalar(key_node) if key_node.__class__ is yaml.ScalarNode else None
                if isinstance(key, str | int) and not isinstance(key, bool) and str(key) not in out:
                    doc.key_spans[(*at, str(key))] = _span(key_node)
                    out[str(key)] = self._value(value_node, (*at, str(key)), doc)
        return out

    def _scalar(self, node: yaml.Node) -> Any:
        tag = node.tag
        if tag == _STR_TAG:
            return node.value
        if tag == _INT_TAG and node.value.isdigit() and node.value[0] != "0":
            return int(node.value)
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self.findings.append(Finding("E-YAML-SYNTAX", _problem(exc), self.path, _span(node)))
            return None


def _problem(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if "found a tab character" in problem:
        return "a tab character is used for indentation"
    if "could not determine a constructor for the tag" in problem:
        tag = problem.rsplit("'", 2)[-2].replace("tag:yaml.org,2002:", "!!")
        return f"the YAML tag '{tag}' is not allowed in card data (only plain values, lists and mappings are)"
    if problem == "found undefined alias":
        return "this alias (*name) refers to an anchor (&name) that is not defined above it"
    context = getattr(exc, "context", None)
    context_mark = getattr(exc, "context_mark", None)
    problem_mark = getattr(exc, "problem_mark", None)
    if context and context_mark is not None and problem_mark is not None and context_mark.line != problem_mark.line:
        return f"{problem} ({context} that starts on line {context_mark.line + 1})"
    return f"{problem} ({context})" if context else str(problem)


_HINTS = {
    "tab character": "indent with spaces: YAML does not allow tabs for indentation",
    "mapping values are not allowed": "check the indentation, or put text that contains ': ' in quotes",
    "end of stream": "a quote or bracket opened here is never closed",
    "expected ',' or ']'": "a list in [brackets] is never closed, or needs a comma",
    "expected ',' or '}'": "a mapping in {braces} is never closed, or needs a comma",
}


def _hint(problem: str) -> str | None:
    return next((hint for needle, hint in _HINTS.items() if needle in problem), None)


def _syntax_finding(exc: yaml.MarkedYAMLError, path: Path, text: str) -> Finding:
    problem = _problem(exc)
    mark = exc.problem_mark or exc.context_mark
    if mark is None:
        return Finding("E-YAML-SYNTAX", problem, path, hint=_hint(problem))
    lines = text.splitlines()
    line, col = mark.line + 1, mark.column + 1
    # libyaml reports "unexpected end" one line past the last one; point at the
    # start of the construct that is left open, or else the end of the last line.
    if line > len(lines):
        if exc.context_mark is not None and exc.context_mark.line < len(lines):
            line, col = exc.context_mark.line + 1, exc.context_mark.column + 1
        elif lines:
            line, col = len(lines), len(lines[-1]) + 1
        else:
            line, col = 1, 1
    return Finding("E-YAML-SYNTAX", problem, path, Span.point(line, col), hint=_hint(problem))


def read_text(path: Path) -> tuple[str | None, Finding | None]:
    """A file's text as UTF-8, or a finding that says, in a designer's words, why not."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, Finding("E-FILE-UNREADABLE", f"cannot read this file: {exc.strerror or exc}", path)
    if b"\x00" in data[:8192] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, Finding("E-FILE-UNREADABLE", "this is a binary file, not YAML text", path, Span.point(1, 1))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        return None, Finding(
            "E-FILE-UNREADABLE",
            f"this file is not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line})",
            path,
            Span.point(line, col),
            hint="save the file as UTF-8 (most editors offer it under 'Save with encoding')",
        )
    return text.removeprefix("\ufeff"), None


def load_yaml(path: Path, text: str | None = None) -> tuple[list[Located], list[Finding]]:
    """All documents of a YAML file, located; syntax problems come back as findings."""
    findings: list[Finding] = []
    if text is None:
        text, problem = read_text(path)
        if text is None:
            return [], [problem] if problem else []
    loader = _Loader(text)
    docs: list[Located] = []
    try:
        builder = _Builder(loader, path, findings)
        while loader.check_node():
            node = loader.get_node()
            if node is not None:
                docs.append(builder.build(node))
    except yaml.MarkedYAMLError as exc:
        findings.append(_syntax_finding(exc, path, text))
    except yaml.reader.ReaderError as exc:
        before = text[: exc.position]
        span = Span.point(before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1)
        findings.append(
            Finding("E-YAML-SYNTAX", f"character U+{exc.character:04X} is not allowed in YAML text", path, span)
        )
    except yaml.YAMLError as exc:
        findings.append(Finding("E-YAML-SYNTAX", _problem(exc), path))
    except RecursionError:
        findings.append(Finding("E-YAML-SHAPE", "values are nested too deeply to be card data", path, Span.point(1, 1)))
    finally:
        loader.dispose()
    return docs, findings
