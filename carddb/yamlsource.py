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
        prefix = (index,)
        n = len(prefix)
        return Located(
            value=self.value[index],
            path=self.path,
            span=self.value_spans.get(prefix, self.span),
            key_spans={k[n:]: s for k, s in self.key_spans.items() if k[:n] == prefix},
            value_spans={k[n:]: s for k, s in self.value_spans.items() if k[:n] == prefix},
        )


def _span(node: yaml.Node) -> Span:
    s, e = node.start_mark, node.end_mark
    return Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)


class _Builder:
    def __init__(self, loader: Any, path: Path, findings: list[Finding]) -> None:
        self.loader = loader
        self.path = path
        self.findings = findings

    def build(self, node: yaml.Node) -> Located:
        doc = Located(value=None, path=self.path, span=_span(node))
        doc.value = self._value(node, (), doc)
        return doc

    def _value(self, node: yaml.Node, at: PathKey, doc: Located) -> Any:
        doc.value_spans[at] = _span(node)
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                key = self._scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
                if not isinstance(key, str | int) or isinstance(key, bool):
                    self.findings.append(
                        Finding("E-YAML-SHAPE", "keys must be plain words", self.path, _span(key_node))
                    )
                    continue
                key = str(key)
                if key in out:
                    self.findings.append(
                        Finding(
                            "E-YAML-DUPLICATE-KEY",
                            f"'{key}' appears twice in this mapping; only one value would be kept",
                            self.path,
                            _span(key_node),
                        )
                    )
                doc.key_spans[(*at, key)] = _span(key_node)
                out[key] = self._value(value_node, (*at, key), doc)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self._value(item, (*at, i), doc) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self.findings.append(Finding("E-YAML-SYNTAX", _problem(exc), self.path, _span(node)))
            return None


def _problem(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    return f"{problem} ({context})" if context else str(problem)


def load_yaml(path: Path, text: str | None = None) -> tuple[list[Located], list[Finding]]:
    """All documents of a YAML file, located; syntax problems come back as findings."""
    findings: list[Finding] = []
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            return [], [Finding("E-FILE-UNREADABLE", f"cannot read file: {exc}", path)]
    loader = _Loader(text)
    docs: list[Located] = []
    try:
        builder = _Builder(loader, path, findings)
        while loader.check_node():
            node = loader.get_node()
            if node is not None:
                docs.append(builder.build(node))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        span = Span.point(mark.line + 1, mark.column + 1) if mark else None
        findings.append(Finding("E-YAML-SYNTAX", _problem(exc), path, span))
    except yaml.YAMLError as exc:
        findings.append(Finding("E-YAML-SYNTAX", _problem(exc), path))
    finally:
        loader.dispose()
    return docs, findings
