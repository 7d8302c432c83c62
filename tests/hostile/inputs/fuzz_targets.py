"""What the fuzz tests feed: the rules-text parser and checker, and the YAML loader with card validation.

Each target takes one input and says how it ended: "located" (at least one finding, every
one with a line and column), or "clean" (no finding). Anything else (an exception, a
finding without a place) is a failure of carddb. The Hypothesis strategies mix valid
inputs from the bundled games with random edits and hostile characters, so that the
inputs reach deep into the parsers rather than failing on their first character.
`test_hostile_fuzz.py` runs a few hundred of each; `bench/fuzz_inputs.py` runs 10^5.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Literal

import yaml
from hypothesis import strategies as st

from carddb.cards.entries import card_adapter, validate_card
from carddb.cards.rulescheck import rules_problems
from carddb.files.yamlsource import load_yaml
from carddb.findings.diagnostics import Finding, Report
from carddb.packs.lookup import get_pack

REPO = Path(__file__).resolve().parents[3]
GAMES = ("loe", "loe2", "estro", "shards", "soulfall")
Ending = Literal["located", "clean"]


@functools.cache
def shipped(game: str) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for path in sorted((REPO / "data" / game / "cards").glob("*.yaml")):
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        cards.extend(loaded if isinstance(loaded, list) else [loaded])
    return cards


@functools.cache
def sentences(game: str) -> list[str]:
    return sorted({c["text"] for c in shipped(game) if isinstance(c.get("text"), str) and c["text"]})


@functools.cache
def card_sources(game: str) -> list[str]:
    return [yaml.safe_dump(c, sort_keys=False, allow_unicode=True, width=100) for c in shipped(game)[:40]]


HOSTILE_CHARS = (
    "\x00\x01\x08\x0b\x0c\x1b\x7f\x85\u00a0\u200b\u200c\u200d\u2028\u2029\u202e\u2066\u2069\ufeff\ufffd"
    "{}[]()<>%#&*!|:,-?'\"\\`@~^$\t\n\r "
)
YAML_CHARS = "-:{}[],&*!|>#'\"\n \t?%@`.~0123456789abcdexyz<>=+\\"
# Strategies are built once: building them (st.characters() above all) cost more than drawing from them.
_CHARS = st.sampled_from(HOSTILE_CHARS) | st.characters(codec="utf-8")
_PIECE = st.text(alphabet=_CHARS, min_size=1, max_size=4)
_GAMES = st.sampled_from(GAMES)
_OPS = st.sampled_from(("insert", "delete", "replace", "repeat"))
_RANDOM_RULES = st.text(alphabet=_CHARS, max_size=60)
_RANDOM_YAML = st.one_of(st.text(alphabet=st.sampled_from(YAML_CHARS), max_size=120), st.text(max_size=40))


@functools.cache
def _rules_sources(game: str) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(sentences(game)),
        st.lists(st.sampled_from(sentences(game)), min_size=1, max_size=4).map(" ".join),
        _RANDOM_RULES,
    )


@functools.cache
def _yaml_sources(game: str) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(card_sources(game)), _RANDOM_YAML)


@functools.cache
def _kinds(game: str) -> st.SearchStrategy[str | None]:
    return st.sampled_from([None, *get_pack(game).kind_ids])


def _edit(text: str, data: st.DataObject) -> str:
    """A few random edits: insert, delete, replace or duplicate a slice."""
    for _ in range(data.draw(st.integers(0, 4))):
        if not text:
            text = data.draw(_PIECE)
            continue
        at = data.draw(st.integers(0, len(text)))
        op = data.draw(_OPS)
        piece = data.draw(_PIECE)
        end = min(len(text), at + data.draw(st.integers(1, 8)))
        if op == "insert":
            text = text[:at] + piece + text[at:]
        elif op == "delete":
            text = text[:at] + text[end:]
        elif op == "replace":
            text = text[:at] + piece + text[end:]
        else:
            text = text[:at] + text[at:end] * data.draw(st.integers(2, 50)) + text[end:]
    return text


@st.composite
def rules_inputs(draw: st.DrawFn) -> tuple[str, str, str | None]:
    """(game, rules text, card kind or None)."""
    game = draw(_GAMES)
    source = draw(_rules_sources(game))
    return game, _edit(source, draw(st.data())), draw(_kinds(game))


@st.composite
def yaml_inputs(draw: st.DrawFn) -> tuple[str, str]:
    """(game, YAML text of a card file)."""
    game = draw(_GAMES)
    return game, _edit(draw(_yaml_sources(game)), draw(st.data()))


def _ending(findings: list[Finding], what: str) -> Ending:
    for finding in findings:
        if finding.span is None or finding.span.line < 1 or finding.span.col < 1:
            raise AssertionError(f"a finding without a place: {finding.code} {finding.message} for {what!r}")
    return "located" if findings else "clean"


def fuzz_rules(game: str, text: str, kind: str | None) -> Ending:
    language = get_pack(game).language
    assert language is not None
    problems = rules_problems(text, language, kind)
    for problem, offset in problems:
        # An error at the end of the input ("expected more") points one past its last character.
        if not (0 <= offset + problem.start <= offset + problem.end <= len(text) + 1):
            raise AssertionError(f"{problem.code} at {problem.start}..{problem.end}+{offset} outside {text!r}")
    return "located" if problems else "clean"


def fuzz_yaml(game: str, text: str) -> Ending:
    """Load a card file's text and validate each card in it, as `carddb validate` does."""
    pack = get_pack(game)
    path = Path(f"data/{game}/cards/fuzz.yaml")
    docs, findings = load_yaml(path, text)
    report = Report()
    for doc in docs:
        values = doc.value if isinstance(doc.value, list) else [doc.value]
        for index, value in enumerate(values):
            if isinstance(value, dict):
                validate_card(doc.sub(index) if isinstance(doc.value, list) else doc, pack, card_adapter(pack), report)
    return _ending(findings + report.findings, text)
