"""Safe YAML loading that remembers where every key and value came from.

PyYAML's C parser (libyaml) produces events with start and end marks quickly; we
build plain Python values from them ourselves, recording a `Span` for each key
and each value by path, so that any later stage can point at the exact line and
column. Only the safe scalar types are constructed (no arbitrary tags).
"""

from __future__ import annotations

import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from carddb.files.reading import DATA_BYTES
from carddb.findings.diagnostics import Finding, Span

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


def _span(event: Any) -> Span:
    s, e = event.start_mark, event.end_mark
    return Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)


# A guard against alias bombs ("billion laughs"): aliases are expanded into plain
# values, so a tiny file could otherwise expand to billions of them.
MAX_VALUES_PER_DOCUMENT = 1_000_000
# A data file larger than this is no hand-edited YAML (10,000 cards take about 5 MB); reading it whole
# would only spend the machine's memory.
MAX_FILE_BYTES = DATA_BYTES
# Card data is a few levels deep; deeper nesting is a mistake, and would make
# later recursive stages (validation, printing values) overflow.
MAX_DEPTH = 50
# First characters of plain scalars that YAML 1.1 may read as something other than
# text (numbers, booleans, null, dates, merge keys); any other plain scalar is text.
_MAYBE_NOT_TEXT = frozenset(yaml.resolver.Resolver.yaml_implicit_resolvers) | {""}
# The only words (plain scalars starting with a letter) that YAML 1.1 reads as booleans or null.
_SPECIAL_WORDS = frozenset(
    w for word in ("yes", "no", "true", "false", "on", "off", "null") for w in (word, word.title(), word.upper())
)
_STR_TAG = "tag:yaml.org,2002:str"
_SCALAR_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "timestamp", "binary")
)
_COLLECTION_TAGS = frozenset({"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "!"})


class _TooManyValues(Exception):
    pass


class _Skip:
    """Marks a mapping entry whose key was rejected: its value is read and dropped."""


_SKIP = _Skip()
_MERGE = _Skip()


@dataclass
class _Frame:
    container: Any  # the dict or list being filled
    at: PathKey
    start: Any  # the start mark
    anchor: str | None
    is_map: bool
    key: Any = None  # mappings: the key waiting for its value (None: expecting a key)
    visits: int = 0  # the builder's count of values when this collection started
    merges: list[tuple[Any, PathKey]] = field(default_factory=list)


class _Builder:
    """Builds plain values from PyYAML's (C) event stream, recording spans by key path.

    Working on events rather than on a composed node tree skips PyYAML's Python
    resolver and node objects, which were most of the cost of loading 10,000
    cards; plain scalars that cannot be anything but text skip resolution entirely.
    """

    def __init__(self, loader: Any, path: Path, findings: list[Finding]) -> None:
        self.loader = loader
        self.path = path
        self.findings = findings
        self.visits = 0

    def documents(self, docs: list[Located]) -> None:
        """Appends each document of the stream to `docs` as it is completed."""
        get = self.loader.get_event
        get()  # StreamStartEvent
        while not isinstance(get(), yaml.StreamEndEvent):  # a DocumentStartEvent
            doc = Located(value=None, path=self.path, span=Span(1, 1, 1, 1))
            self.visits = 0
            try:
                doc.value = self._document(doc)
            except _TooManyValues:
                self.findings.append(
                    Finding(
                        "E-YAML-SHAPE",
                        f"this document expands to more than {MAX_VALUES_PER_DOCUMENT:,} values (aliases of aliases?)",
                        self.path,
                        doc.span,
                    )
                )
                return
            doc.span = doc.value_spans.get((), doc.span)
            docs.append(doc)
            get()  # DocumentEndEvent

    def _document(self, doc: Located) -> Any:
        get = self.loader.get_event
        value_spans, key_spans = doc.value_spans, doc.key_spans
        anchors: dict[str, tuple[Any, PathKey]] = {}
        self.sizes: dict[str, int] = {}  # values inside each anchored collection, aliases expanded
        open_anchors: set[str] = set()
        stack: list[_Frame] = []
        while True:
            event = get()
            cls = event.__class__
            frame = stack[-1] if stack else None
            if frame is None:
                at: PathKey = ()
            elif frame.is_map and frame.key is None and cls is not yaml.MappingEndEvent:
                self._key(event, frame, key_spans)
                continue
            elif frame.is_map:
                at = (*frame.at, frame.key) if frame.key.__class__ is str else (*frame.at, "<<")
            else:
                at = (*frame.at, len(frame.container))
            self.visits += 1
            if self.visits > MAX_VALUES_PER_DOCUMENT:
                raise _TooManyValues
            if cls is yaml.ScalarEvent:
                s, e = event.start_mark, event.end_mark
                value_spans[at] = Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)
                value = self._scalar(event)
                if event.anchor:
                    anchors[event.anchor] = (value, at)
            elif (cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent) and len(stack) >= MAX_DEPTH:
                end = self._skip_collection()
                value_spans[at] = span = Span(event.start_mark.line + 1, event.start_mark.column + 1, *end)
                self.findings.append(
                    Finding("E-YAML-SHAPE", f"values nested more than {MAX_DEPTH} deep", self.path, span)
                )
                value = None
            elif cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
                is_map = cls is yaml.MappingStartEvent
                self._check_collection_tag(event)
                s = event.start_mark
                value_spans[at] = Span(s.line + 1, s.column + 1, s.line + 1, s.column + 1)
                stack.append(_Frame({} if is_map else [], at, s, event.anchor, is_map, visits=self.visits))
                if event.anchor:
                    open_anchors.add(event.anchor)
                continue
            elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
                done = stack.pop()
                s, e = done.start, event.end_mark
                value_spans[done.at] = Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)
                if done.merges:
                    self._merge(done, doc)
                value, at = done.container, done.at
                if done.anchor:
                    open_anchors.discard(done.anchor)
                    anchors[done.anchor] = (value, at)
                    self.sizes[done.anchor] = self.visits - done.visits
                frame = stack[-1] if stack else None
            else:  # AliasEvent
                value_spans[at] = _span(event)
                value = self._alias(event, at, anchors, open_anchors, doc)
            if frame is None:
                return value
            if frame.is_map:
                if frame.key is _MERGE:
                    frame.merges.append((value, at))
                elif frame.key is not _SKIP:
                    frame.container[frame.key] = value
                frame.key = None
            else:
                frame.container.append(value)

    def _key(self, event: Any, frame: _Frame, key_spans: dict[PathKey, Span]) -> None:
        cls = event.__class__
        if cls is yaml.ScalarEvent:
            if event.value == "<<" and event.implicit[0]:
                frame.key = _MERGE
                return
            key = self._scalar(event)
            if key.__class__ is str or (isinstance(key, int) and not isinstance(key, bool)):
                key = str(key)
                path = (*frame.at, key)
                if key in frame.container:
                    self.findings.append(
                        Finding(
                            "E-YAML-DUPLICATE-KEY",
                            f"'{key}' appears twice in this mapping (first on line {key_spans[path].line});"
                            " only one value would be kept",
                            self.path,
                            _span(event),
                        )
                    )
                s, e = event.start_mark, event.end_mark
                key_spans[path] = Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1)
                frame.key = key
                return
            span = _span(event)
            what = "an empty key" if key is None else f"the key {event.value!r}"
        else:
            span = _span(event)
            if cls is not yaml.AliasEvent:
                span = Span(span.line, span.col, *self._skip_collection())
            what = "a list or mapping as a key" if cls is not yaml.AliasEvent else "an alias as a key"
        self.findings.append(
            Finding("E-YAML-SHAPE", f"{what}: keys must be plain words such as 'name'", self.path, span)
        )
        frame.key = _SKIP

    def _skip_collection(self) -> tuple[int, int]:
        """Reads the rest of a collection whose start event was just read; returns its end."""
        depth = 1
        while depth:
            event = self.loader.get_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        return event.end_mark.line + 1, event.end_mark.column + 1

    def _alias(
        self, event: Any, at: PathKey, anchors: dict[str, tuple[Any, PathKey]], open_anchors: set[str], doc: Located
    ) -> Any:
        if event.anchor in open_anchors:
            self.findings.append(
                Finding("E-YAML-SHAPE", "this alias refers to a value that contains it", self.path, _span(event))
            )
            return None
        if event.anchor not in anchors:
            self.findings.append(
                Finding(
                    "E-YAML-SYNTAX",
                    f"the alias *{event.anchor} refers to an anchor &{event.anchor} that is not defined above it",
                    self.path,
                    _span(event),
                )
            )
            return None
        value, source = anchors[event.anchor]
        # Counted before copying: an alias of an alias of ... would otherwise be copied (each copy a scan
        # of every position so far) until the count ran over, seconds for a ten-line "billion laughs".
        self.visits += self.sizes.get(event.anchor, 0)
        if self.visits > MAX_VALUES_PER_DOCUMENT:
            raise _TooManyValues
        # The aliased value keeps the positions of the anchored original, re-rooted here.
        n = len(source)
        for spans in (doc.value_spans, doc.key_spans):
            copied = [(key, span) for key, span in spans.items() if key[:n] == source and len(key) > n]
            self.visits += len(copied)
            if self.visits > MAX_VALUES_PER_DOCUMENT:
                raise _TooManyValues
            for key, span in copied:
                spans[at + key[n:]] = span
        return value

    def _merge(self, frame: _Frame, doc: Located) -> None:
        """`<<: *defaults` merge keys: explicit keys win, whatever their order."""
        out = frame.container
        for value, at in frame.merges:
            for source in value if isinstance(value, list) else [value]:
                if not isinstance(source, dict):
                    self.findings.append(
                        Finding(
                            "E-YAML-SHAPE",
                            "'<<' must merge a mapping (an alias such as *defaults)",
                            self.path,
                            doc.value_span(at),
                        )
                    )
                    continue
                for key, item in source.items():
                    if key not in out:
                        out[key] = item
                        doc.key_spans[(*frame.at, key)] = doc.key_span((*at, key))
                        doc.value_spans[(*frame.at, key)] = doc.value_span((*at, key))

    def _scalar(self, event: Any) -> Any:
        value = event.value
        tag = event.tag
        if event.implicit[0] and tag is None:  # a plain scalar: resolve as YAML 1.1 does
            first = value[:1]
            if first not in _MAYBE_NOT_TEXT or (first.isalpha() and value not in _SPECIAL_WORDS):
                return value
            if value.isascii() and value.isdigit() and (value[0] != "0" or len(value) == 1):
                return int(value)
            tag = self.loader.resolve(yaml.ScalarNode, value, (True, False))
        elif tag is None or tag == "!" or tag == _STR_TAG:  # quoted, or explicitly text
            return value
        if tag == _STR_TAG:
            return value
        if tag not in _SCALAR_TAGS:
            shown = tag.replace("tag:yaml.org,2002:", "!!")
            self.findings.append(
                Finding(
                    "E-YAML-SYNTAX",
                    f"the YAML tag '{shown}' is not allowed in card data (only plain values, lists and mappings are)",
                    self.path,
                    _span(event),
                )
            )
            return None
        node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self.findings.append(Finding("E-YAML-SYNTAX", _problem(exc), self.path, _span(event)))
            return None

    def _check_collection_tag(self, event: Any) -> None:
        if event.tag is not None and event.tag not in _COLLECTION_TAGS:
            shown = event.tag.replace("tag:yaml.org,2002:", "!!")
            self.findings.append(
                Finding(
                    "E-YAML-SYNTAX",
                    f"the YAML tag '{shown}' is not allowed in card data (only plain values, lists and mappings are)",
                    self.path,
                    _span(event),
                )
            )


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


def escape_finding(path: Path, root: Path) -> Finding | None:
    """E-PATH-ESCAPE if `path`, links followed, is not inside the folder `root`."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of links
        return Finding("E-FILE-UNREADABLE", f"cannot read this file: {exc}", path)
    if real.is_relative_to(root.resolve()):
        return None
    return Finding(
        "E-PATH-ESCAPE",
        f"{path.name} is a symbolic link to {real}, outside the project folder; carddb reads only files inside it",
        path,
    )


def read_text(path: Path) -> tuple[str | None, Finding | None]:
    """A file's text as UTF-8, or a finding that says, in a designer's words, why not."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            # A named pipe would wait forever for a writer, and /dev/zero never ends.
            return None, Finding("E-FILE-UNREADABLE", "this is not a regular file", path, Span.point(1, 1))
        if info.st_size > MAX_FILE_BYTES:
            return None, Finding(
                "E-FILE-UNREADABLE",
                f"this file is {info.st_size / 1e6:.0f} MB; carddb reads data files of up to {MAX_FILE_BYTES // 10**6} MB",
                path,
                Span.point(1, 1),
                hint="split the cards into several files",
            )
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


def load_yaml(
    path: Path, text: str | None = None, *, inside: Path | None = None
) -> tuple[list[Located], list[Finding]]:
    """All documents of a YAML file, located; syntax problems come back as findings.

    `inside`: the project folder the file must really be in (symbolic links followed); a file that
    links out of it is not read (it would show someone else's file in findings, or play with it)."""
    findings: list[Finding] = []
    if inside is not None and text is None:
        escape = escape_finding(path, inside)
        if escape is not None:
            return [], [escape]
    if text is None:
        text, problem = read_text(path)
        if text is None:
            return [], [problem] if problem else []
    loader = _Loader(text)
    docs: list[Located] = []
    builder = _Builder(loader, path, findings)
    try:
        builder.documents(docs)
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
