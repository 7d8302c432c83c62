"""The malformed-input corpus: every file in corpus/ is validated in a tiny project.

Each corpus file says what it expects in its comment header, on its own lines:

    # expect: CODE LINE:COL [words the message or hint must contain]
    # expect: CODE FILE:LINE:COL ...      (directory cases: another file of the case)
    # place: sets.yaml                    (the file replaces data/loe/sets.yaml)

A case is a single file (placed in data/loe/cards/) or a directory of files. The
test asserts that every expected finding is reported with exactly that code, line
and column, that no other error is reported in the case's own files, and that
the CLI exits 1 without a traceback. Binary and non-UTF-8 inputs cannot carry a
comment header, so they are listed in BYTE_CASES instead.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.projects import CLEAN_CARDS, SETS, run_cli, write_project

CORPUS = Path(__file__).parent / "corpus"
EXPECT = re.compile(
    r"^# expect: (?P<code>[EW]-[A-Z-]+) (?:(?P<file>[\w.-]+):)?(?P<line>\d+):(?P<col>\d+)(?: (?P<words>.*))?$"
)


@dataclass(frozen=True)
class Expected:
    code: str
    file: str
    line: int
    col: int
    words: str


@dataclass
class Case:
    name: str
    files: dict[str, str | bytes]  # project-relative path -> content
    expected: list[Expected]


def _project_path(name: str, text: str) -> str:
    return "data/loe/sets.yaml" if "# place: sets.yaml" in text else f"data/loe/cards/{name}"


def load_case(path: Path) -> Case:
    sources = sorted(path.iterdir()) if path.is_dir() else [path]
    files: dict[str, str | bytes] = {}
    expected: list[Expected] = []
    for source in sources:
        text = source.read_text(encoding="utf-8")
        where = _project_path(source.name, text)
        files[where] = text
        for line in text.splitlines():
            if match := EXPECT.match(line):
                target = _project_path(match["file"], "") if match["file"] else where
                expected.append(
                    Expected(match["code"], target, int(match["line"]), int(match["col"]), match["words"] or "")
                )
    assert expected or path.is_dir(), f"{path.name} has no '# expect:' line"
    return Case(path.stem if path.is_file() else path.name, files, expected)


# Inputs that cannot hold a comment header: (name, bytes, code, line, col).
BYTE_CASES = [
    ("binary-file", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "E-FILE-UNREADABLE", 1, 1),
    ("latin-1-file", "- id: cafe\n  name: Caf\u00e9\n".encode("latin-1"), "E-FILE-UNREADABLE", 2, 12),
    ("utf-16-file", "- id: cafe\n".encode("utf-16"), "E-FILE-UNREADABLE", 1, 1),
]

CASES = [load_case(p) for p in sorted(CORPUS.iterdir()) if p.suffix == ".yaml" or p.is_dir()]
CASES += [
    Case(name, {f"data/loe/cards/{name}.yaml": data}, [Expected(code, f"data/loe/cards/{name}.yaml", line, col, "")])
    for name, data, code, line, col in BYTE_CASES
]


def test_the_corpus_is_large_enough() -> None:
    assert len(CASES) >= 40
    codes = {e.code for case in CASES for e in case.expected}
    # Every data-problem code of the foundation is exercised by at least one input.
    for code in (
        "E-YAML-SYNTAX",
        "E-YAML-DUPLICATE-KEY",
        "E-YAML-SHAPE",
        "E-FILE-UNREADABLE",
        "E-UNKNOWN-FIELD",
        "E-MISSING-FIELD",
        "E-WRONG-TYPE",
        "E-OUT-OF-RANGE",
        "E-BAD-VALUE",
        "E-UNKNOWN-KIND",
        "E-DUPLICATE-ID",
        "E-DUPLICATE-NUMBER",
        "E-DUPLICATE-SET",
        "E-UNKNOWN-SET",
        "E-ART-MISSING",
        "E-ART-UNREADABLE",
        "E-PATH-ESCAPE",
        "E-KIND-RULE",
        "W-EMPTY-FILE",
    ):
        assert code in codes, f"no corpus input produces {code}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_malformed_input_is_located(case: Case, tmp_path: Path) -> None:
    files = dict(case.files)
    cards = {k.removeprefix("data/loe/cards/"): v for k, v in files.items() if k.startswith("data/loe/cards/")}
    if not cards:
        cards = {"clean.yaml": CLEAN_CARDS}  # sets.yaml cases still need cards that use set BASE
    root = write_project(tmp_path, cards, sets=files.get("data/loe/sets.yaml", SETS))

    result = run_cli("validate", "--project", str(root), "--format", "json")
    assert not result.crashed, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    findings = json.loads(result.stdout)["findings"]
    reported = {(f["code"], f["path"], f["line"], f["column"]) for f in findings if f.get("line")}
    for e in case.expected:
        assert (e.code, e.file, e.line, e.col) in reported, f"expected {e} in {_show(findings)}"
        message = next(
            f["message"] + " " + f.get("hint", "")
            for f in findings
            if (f["code"], f["path"], f.get("line"), f.get("column")) == (e.code, e.file, e.line, e.col)
        )
        assert e.words in message
        assert "pydantic" not in message.lower() and "input should" not in message.lower()
    expected_keys = {(e.code, e.file, e.line, e.col) for e in case.expected}
    unexpected = [
        f
        for f in findings
        if f["severity"] == "error"
        and f["path"] in case.files
        and (f["code"], f["path"], f.get("line"), f.get("column")) not in expected_keys
    ]
    assert not unexpected, f"unexpected errors: {_show(unexpected)}"
    has_errors = any(e.code.startswith("E-") for e in case.expected)
    assert result.exit_code == (1 if has_errors else 0)


def _show(findings: list[dict[str, object]]) -> str:
    return "; ".join(f"{f['code']} {f['path']}:{f.get('line')}:{f.get('column')} {f['message']}" for f in findings)
