"""Hostile inputs (issue 18, the input half): the cases by category, and how a run of one is judged.

A case is a set of files put into a small project (over a base project: the foundation's
tiny LOE project, a copy of a bundled game's data, or a starter project) and a command
line run on it in this process, under a time limit. Every case must end in a located
error (a finding with the hostile file's path and a line) or a correct output (exit 0),
never in a traceback, an internal error, a hang, or a file read or written outside the
project folder: the project sits in `<tmp>/project` beside `<tmp>/outside`, which holds
a secret; after the run `<tmp>` must hold just those two, `outside` must be unchanged,
and the secret must appear in no output.

Cases that only differ in the file they feed one command run in one project ("batches":
the wrong-type and rules-text cases of a game), each judged by the findings in its own
file, which keeps the corpus fast. `tests/hostile/inputs/test_hostile_inputs.py` runs
every case; `bench/hostile_inputs_report.py` runs them all and prints counts per category.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import typing
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import TypeAdapter, ValidationError
from support.projects import PNG, Run, run_cli, write_project

REPO = Path(__file__).resolve().parents[3]
GAMES = ("loe", "loe2", "estro", "shards", "soulfall")
SECRET = "hostile-corpus-secret-7f3a"
TIME_LIMIT = 60.0  # seconds per run; every case takes well under one

Expect = Literal["error", "clean", "either"]
Outcome = Literal["located error", "clean", "usage error"]


class Hang(BaseException):
    """A run took longer than its time limit (a BaseException: carddb's error boundary must not catch it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise Hang(f"no answer after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Case:
    category: str
    name: str
    files: dict[str, str | bytes]  # project-relative path -> content (over the base project)
    target: str  # the hostile file: a located error must point into it
    args: tuple[str, ...] = ("validate", "--format", "json")
    expect: Expect = "error"
    codes: tuple[str, ...] = ()  # if given, a located error in `target` has one of these codes
    lines: tuple[int, int] | None = None  # if given, a located error in `target` is within these lines
    base: str = "tiny"  # "tiny" (foundation LOE project), "game:<id>" (a bundled game's sets + data), "starter"
    batch: str | None = None  # cases with the same batch key run in one project
    in_project: bool = True  # the command takes --project (`check` reads no project)

    @property
    def id(self) -> str:
        return f"{self.category}/{self.name}"


@dataclass
class Located:
    code: str
    path: str
    line: int
    col: int
    message: str


@dataclass
class Verdict:
    case: Case
    outcome: Outcome
    findings: list[Located] = field(default_factory=list)


# ---------------------------------------------------------------- running and judging


def write_base(base: str, root: Path) -> None:
    if base == "tiny":
        write_project(root)
    elif base.startswith("game:"):
        game = base.split(":", 1)[1]
        data = root / "data" / game
        (data / "cards").mkdir(parents=True)
        shutil.copy(REPO / "data" / game / "sets.yaml", data / "sets.yaml")
    elif base.startswith("copy:"):
        game = base.split(":", 1)[1]
        shutil.copytree(REPO / "data" / game, root / "data" / game)
    elif base == "starter":
        result = run_cli("new", str(root))  # a game.yaml game named after the folder: data/project/
        assert result.exit_code == 0, result.stdout + result.stderr
    else:
        raise ValueError(base)


def write_files(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


_TEXT_FINDING = re.compile(
    r"^(?:carddb: )?(?P<path>[^\s:]+)(?::(?P<line>\d+)(?::(?P<col>\d+))?)?: (?P<code>[EW]-[A-Z-]+) (?P<msg>.*)$"
)


def findings_of(result: Run, args: tuple[str, ...]) -> list[Located]:
    if "--format" in args and args[args.index("--format") + 1] == "json" and result.stdout.strip().startswith("{"):
        data = json.loads(result.stdout)
        return [
            Located(f["code"], f["path"] or "", f.get("line") or 0, f.get("column") or 0, f["message"])
            for f in data["findings"]
        ]
    found = []
    for text in (result.stdout, result.stderr):
        for line in text.splitlines():
            if match := _TEXT_FINDING.match(line.strip()):
                found.append(
                    Located(match["code"], match["path"], int(match["line"] or 0), int(match["col"] or 0), match["msg"])
                )
    return found


def run_cases(cases: list[Case], tmp: Path) -> list[Verdict]:
    """Run cases that share a base and a command line in one project; judge each."""
    first = cases[0]
    assert all(c.base == first.base and c.args == first.args for c in cases)
    project, outside = tmp / "project", tmp / "outside"
    outside.mkdir(parents=True)
    (outside / "secret.txt").write_text(SECRET, encoding="utf-8")
    (outside / "secret.png").write_bytes(PNG)
    write_base(first.base, project)
    for case in cases:
        write_files(project, case.files)
    here = os.getcwd()
    os.chdir(project)  # a command's file argument (deck check FILE) is relative to the project
    try:
        with time_limit(TIME_LIMIT):
            result = run_cli(*first.args, *(("--project", str(project)) if first.in_project else ()))
    finally:
        os.chdir(here)
    label = ", ".join(c.id for c in cases[:3]) + (" ..." if len(cases) > 3 else "")
    output = result.stdout + result.stderr
    assert not result.crashed, f"{label}: an exception escaped: {result.stderr[-2000:]}"
    assert "Traceback" not in output, f"{label}: {output[-2000:]}"
    assert "internal error" not in output, f"{label}: {output[-2000:]}"
    assert result.exit_code in (0, 1, 2), f"{label}: exit {result.exit_code}: {output[-2000:]}"
    assert SECRET not in output, f"{label}: a file outside the project was read into the output"
    assert sorted(p.name for p in tmp.iterdir()) == ["outside", "project"], f"{label}: wrote beside the project"
    assert sorted(p.name for p in outside.iterdir()) == ["secret.png", "secret.txt"], f"{label}: wrote outside"
    findings = findings_of(result, first.args)
    return [judge(case, result, findings) for case in cases]


def judge(case: Case, result: Run, findings: list[Located]) -> Verdict:
    output = result.stdout + result.stderr
    if case.target == "<usage>":
        # A command line out of range: refused before any work, with a message that names the option.
        assert result.exit_code == 2, f"{case.id}: exit {result.exit_code}, wanted a usage error\n{output[-3000:]}"
        assert output.strip(), f"{case.id}: a usage error without a message"
        return Verdict(case, "usage error")
    if case.target == "<any>":
        assert result.exit_code in (0, 1), f"{case.id}: exit {result.exit_code}\n{output[-3000:]}"
        return Verdict(case, "clean" if result.exit_code == 0 else "located error")
    # A file without a line of YAML (empty, only comments) has no line to point at: its path is the place.
    content = case.files.get(case.target)
    lineless = isinstance(content, str) and not any(
        row.strip() and not row.lstrip().startswith("#") for row in content.splitlines()
    )
    # Errors a command raises (carddb.yaml, game.yaml) name the file by its full path.
    mine = [
        f
        for f in findings
        if f.code.startswith("E-")
        and (
            f.path == case.target
            or f.path.endswith("/project/" + case.target)
            or (case.target.endswith("/") and f.path.startswith(case.target))  # any file of a folder
        )
        and (f.line >= 1 or lineless)
    ]
    for f in findings:
        message = f.message.lower()
        assert "pydantic" not in message and "input should" not in message, f"{case.id}: raw message {f.message}"
    if mine:
        if case.codes:
            assert any(f.code in case.codes for f in mine), f"{case.id}: wanted {case.codes}, got {_show(mine)}"
        if case.lines is not None:
            low, high = case.lines
            assert any(low <= f.line <= high for f in mine), f"{case.id}: wanted lines {case.lines}, got {_show(mine)}"
        assert result.exit_code != 0, f"{case.id}: errors but exit 0"
        assert case.expect != "clean", f"{case.id}: expected a clean run, got {_show(mine)}"
        return Verdict(case, "located error", mine)
    assert case.expect != "error", (
        f"{case.id}: no located error in {case.target}: exit {result.exit_code}\n{output[-3000:]}"
    )
    if case.batch is None:
        assert result.exit_code == 0, f"{case.id}: exit {result.exit_code} without a located error\n{output[-3000:]}"
    return Verdict(case, "clean")


def _show(findings: list[Located]) -> str:
    return "; ".join(f"{f.code} {f.path}:{f.line}:{f.col} {f.message[:120]}" for f in findings)


def batches(cases: list[Case]) -> list[list[Case]]:
    """The cases grouped as they run: a batch together, every other case alone."""
    grouped: dict[str, list[Case]] = {}
    alone: list[list[Case]] = []
    for case in cases:
        if case.batch is None:
            alone.append([case])
        else:
            grouped.setdefault(case.batch, []).append(case)
    return alone + list(grouped.values())


# ---------------------------------------------------------------- YAML payloads


def billion_laughs(levels: int = 9, width: int = 10) -> str:
    lines = ['a0: &a0 ["lol"]']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * width)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def billion_laughs_maps(levels: int = 9) -> str:
    lines = ["m0: &m0 {k: lol}"]
    for level in range(1, levels + 1):
        refs = ", ".join(f"k{i}: *m{level - 1}" for i in range(10))
        lines.append(f"m{level}: &m{level} {{{refs}}}")
    return "\n".join(lines) + "\n"


def merge_bomb(levels: int = 9) -> str:
    lines = ["b0: &b0 {x: 1}"]
    for level in range(1, levels + 1):
        refs = ", ".join([f"*b{level - 1}"] * 10)
        lines.append(f"b{level}: &b{level} {{<<: [{refs}], y{level}: 1}}")
    return "\n".join(lines) + "\n"


def deep_block(depth: int) -> str:
    return "".join("  " * i + "- \n" for i in range(depth)) + "  " * depth + "- x\n"


# Payloads that are hostile whatever file they are in: (name, content, expect).
GENERIC: list[tuple[str, str | bytes, Expect]] = [
    ("billion-laughs", billion_laughs(), "error"),
    ("billion-laughs-maps", billion_laughs_maps(), "error"),
    ("merge-key-bomb", merge_bomb(), "error"),
    ("deep-block-nesting", deep_block(200), "error"),
    ("deep-flow-lists", "[" * 5000 + "]" * 5000 + "\n", "error"),
    ("deep-flow-maps", "{a: " * 3000 + "1" + "}" * 3000 + "\n", "error"),
    ("python-object-apply", "!!python/object/apply:os.system ['echo pwned']\n", "error"),
    ("python-name", "key: !!python/name:os.system\n", "error"),
    ("top-level-scalar", "just a sentence\n", "error"),
    ("huge-scalar", "- " + "x" * 10_000_000 + "\n", "error"),
    ("non-utf8-cp1252", "name: \u201cquoted\u201d\n".encode("cp1252"), "error"),
    ("utf16-be-bom", "a: 1\n".encode("utf-16-be").join([b"\xfe\xff", b""]), "error"),
    ("utf32-le-bom", b"\xff\xfe\x00\x00" + "a: 1\n".encode("utf-32-le"), "error"),
    ("nul-byte", b"a: 1\nb: \x00\n", "error"),
    ("nan-and-inf", "- .nan\n- .inf\n- -.inf\n", "error"),
    ("number-10-to-400", "- " + "9" * 400 + "\n", "error"),
    ("duplicate-keys", "a: 1\na: 2\n", "error"),
]


# ---------------------------------------------------------------- category: yaml (card files)

CARD = "data/loe/cards/hostile.yaml"


def _card(**changes: str) -> str:
    """A valid LOE spell card with some fields' YAML replaced (values are YAML source)."""
    fields = {
        "id": "hostile-card",
        "name": "Hostile Card",
        "kind": "spell",
        "set": "BASE",
        "number": "40",
        "rarity": "common",
        "cost": "1",
        "text": "Draw a card.",
        "flavor": "Nothing to see.",
    }
    fields.update(changes)
    return "".join(f"{key}: {value}\n" for key, value in fields.items() if value is not None)


def yaml_card_cases() -> list[Case]:
    payloads: list[tuple[str, str | bytes, Expect, tuple[str, ...]]] = [
        *((name, content, expect, ()) for name, content, expect in GENERIC),
        ("billion-laughs-3-levels", billion_laughs(3, 3), "error", ()),
        (
            "alias-of-whole-card",
            "- &c\n  " + _card().replace("\n", "\n  ").rstrip() + "\n- *c\n",
            "error",
            ("E-DUPLICATE-ID",),
        ),
        ("alias-in-key", "k: &k name\n*k : x\n", "error", ()),
        ("anchor-then-merge-card", "base: &b {kind: spell}\n<<: *b\n" + _card(kind=None), "error", ()),
        ("deep-block-mappings", "".join("  " * i + f"k{i}:\n" for i in range(300)) + "  " * 300 + "v\n", "error", ()),
        ("deep-flow-mixed", "[{a: " * 2000 + "1" + "}]" * 2000 + "\n", "error", ()),
        ("nesting-just-over-limit", deep_block(60), "error", ()),
        ("fifty-megabytes-of-comment", "#" + "c" * 50_000_000 + "\n", "either", ()),
        ("two-million-list-items", "- x\n" * 2_000_000, "error", ()),
        ("ten-megabyte-name", _card(name="x" * 10_000_000), "error", ("E-OUT-OF-RANGE", "E-BAD-VALUE")),
        ("ten-megabyte-key", "x" * 10_000_000 + ": 1\n", "error", ()),
        ("hundred-thousand-keys", "".join(f"k{i}: {i}\n" for i in range(100_000)), "error", ()),
        ("invalid-continuation-byte", b"- id: x\n  name: caf\xc3\x28\n", "error", ("E-FILE-UNREADABLE",)),
        ("overlong-utf8", b"- id: x\n  name: \xc0\xaf\n", "error", ("E-FILE-UNREADABLE",)),
        ("encoded-surrogate", b"- id: x\n  name: \xed\xa0\x80\n", "error", ("E-FILE-UNREADABLE",)),
        ("lone-0xff", b"- id: x\n  name: \xff\n", "error", ("E-FILE-UNREADABLE",)),
        ("multibyte-cut-at-end", _card().encode() + b"# caf\xc3", "error", ("E-FILE-UNREADABLE",)),
        ("utf8-bom-valid-card", b"\xef\xbb\xbf" + _card().encode(), "clean", ()),
        ("utf8-bom-twice", b"\xef\xbb\xbf\xef\xbb\xbf" + _card().encode(), "either", ()),
        ("utf8-bom-mid-file", _card().encode() + b"\xef\xbb\xbfextra: 1\n", "error", ()),
        ("utf32-be-bom", b"\x00\x00\xfe\xff" + _card().encode("utf-32-be"), "error", ()),
        ("utf16-le-bom-no-cards", b"\xff\xfe" + "# nothing\n".encode("utf-16-le"), "error", ()),
        ("only-comments", "# a card file\n# still to be written\n", "either", ()),
        ("only-document-marker", "---\n", "either", ()),
        ("only-document-end", "...\n", "either", ()),
        ("whitespace-only", "   \n\n\t\n", "either", ()),
        ("many-empty-documents", "---\n" * 1000, "either", ()),
        ("explicit-null", "~\n", "either", ()),
        ("nan-cost", _card(cost=".nan"), "error", ("E-WRONG-TYPE", "E-BAD-VALUE", "E-OUT-OF-RANGE")),
        ("inf-cost", _card(cost=".inf"), "error", ()),
        ("negative-inf-number", _card(number="-.inf"), "error", ()),
        ("nan-focus", _card(art="{file: good.png, focus_x: .nan}"), "error", ()),
        ("inf-focus", _card(art="{file: good.png, focus_y: .inf}"), "error", ()),
        ("number-10-to-400-field", _card(number="1" + "0" * 400), "error", ("E-OUT-OF-RANGE",)),
        ("negative-10-to-400-cost", _card(cost="-1" + "0" * 400), "error", ()),
        ("float-overflow-copies", _card(copies="1e400"), "error", ()),
        ("hex-number", _card(number="0x7fffffffffffffff"), "error", ()),
        ("sexagesimal-number", _card(number="1:30"), "either", ()),
        ("underscored-number", _card(number="1_000_000"), "error", ()),
        ("python-object-new", _card(name="!!python/object/new:os.system [ls]"), "error", ()),
        ("python-tuple", _card(name="!!python/tuple [a, b]"), "error", ()),
        ("python-module", "!!python/module:os\n", "error", ()),
        ("custom-tag", _card(name="!secret value"), "error", ()),
        ("set-tag", _card(tags="!!set {a, b}"), "error", ()),
        ("binary-tag-name", _card(name="!!binary aGVsbG8="), "error", ()),
        ("timestamp-name", _card(name="!!timestamp 2026-01-01"), "error", ()),
        ("omap-tag", "!!omap [a: 1, b: 2]\n", "error", ()),
        ("tag-directive", "%TAG !py! tag:yaml.org,2002:python/\n---\n!py!object/apply:os.system [ls]\n", "error", ()),
        ("yaml-version-directive", "%YAML 9.9\n---\n" + _card(), "either", ()),
        ("duplicate-nested-key", _card(art="{file: good.png, file: good.png}"), "error", ("E-YAML-DUPLICATE-KEY",)),
        ("duplicate-key-via-merge", "<<: {name: A}\n" + _card(), "either", ()),
        (
            "duplicate-id-three-times",
            "".join(f"- {_card(number=str(40 + i)).replace(chr(10), chr(10) + '  ').rstrip()}\n" for i in range(3)),
            "error",
            ("E-DUPLICATE-ID",),
        ),
        ("integer-key", _card() + "1: one\n", "error", ()),
        ("null-key", _card() + "~: nothing\n", "error", ()),
        ("complex-key", _card() + "? [a, b]\n: c\n", "error", ()),
        ("bool-key", _card() + "yes: no\n", "error", ()),
        ("key-with-nul-escape", _card() + '"na\\0me": x\n', "error", ()),
        ("id-with-path", _card(id="../../outside/secret"), "error", ("E-BAD-VALUE",)),
        ("id-absolute-path", _card(id="/etc/passwd"), "error", ("E-BAD-VALUE",)),
        ("art-file-url", _card(art="http://example.com/a.png"), "error", ()),
        ("art-file-scheme", _card(art="file:///etc/passwd"), "error", ()),
        ("art-dev-zero", _card(art="../../../../../../dev/zero"), "error", ("E-PATH-ESCAPE",)),
        ("tab-in-flow", "[a,\tb]\n", "error", ()),
        ("unicode-line-separator-key", _card() + "na\u2028me: x\n", "error", ()),
        ("document-after-card-is-text", _card() + "---\ntext\n", "error", ()),
    ]
    return [
        Case("yaml", name, {CARD: content}, CARD, expect=expect, codes=codes)
        for name, content, expect, codes in payloads
    ]


# ---------------------------------------------------------------- category: other YAML files

OTHER_FILES = {
    "sets": ("data/loe/sets.yaml", "tiny", ("validate", "--format", "json")),
    "boosters": ("data/loe/boosters.yaml", "copy:loe", ("boosters", "deck", "-n", "1", "--seed", "1")),
    "decks": ("data/loe/decks/hostile.yaml", "copy:loe", ("deck", "check", "data/loe/decks/hostile.yaml")),
    "carddb-yaml": ("carddb.yaml", "tiny", ("validate", "--format", "json")),
    "game-yaml": ("data/project/game.yaml", "starter", ("validate", "--format", "json")),
}


def other_file_cases() -> list[Case]:
    cases = []
    for what, (target, base, args) in OTHER_FILES.items():
        payloads: list[tuple[str, str | bytes, Expect]] = [
            *GENERIC,
            ("empty-file", "", "either"),
            ("only-comments", "# nothing here yet\n", "either"),
            ("list-of-numbers", "- 1\n- 2\n", "error"),
            ("python-object-new", "x: !!python/object/new:os.system [ls]\n", "error"),
            ("wrong-top-level-type", "[1, 2, 3]\n" if what in ("carddb-yaml", "game-yaml") else "{a: 1}\n", "error"),
        ]
        for name, content, expect in payloads:
            where = target
            if what == "decks" and expect == "either":
                expect = "error"  # `deck check` of an empty list is a located error
            if what == "sets" and expect == "either":
                # No sets at all: each card's `set:` is then the error, located in the card file.
                expect, where = "error", "data/loe/cards/cards.yaml"
            cases.append(Case(f"yaml-{what}", name, {target: content}, where, args=args, expect=expect, base=base))
    return cases


# ---------------------------------------------------------------- category: wrong types (generated from the models)


def kind_models(game: str) -> dict[str, type]:
    from carddb.packs.lookup import get_pack

    union = typing.get_args(get_pack(game).card_schema)[0]
    models = {}
    for model in typing.get_args(union):
        kind = typing.get_args(model.model_fields["kind"].annotation)
        models[kind[0] if kind else model.__name__.lower()] = model
    return models


def shipped_cards(game: str) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for path in sorted((REPO / "data" / game / "cards").glob("*.yaml")):
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        cards.extend(loaded if isinstance(loaded, list) else [loaded])
    return cards


_WRONG: list[tuple[str, Any]] = [
    ("list", [1, 2]),
    ("mapping", {"nested": 1}),
    ("text", "seven"),
    ("number", 12345),
    ("bool", True),
    ("float", 2.5),
]


def wrong_type_cases() -> list[Case]:
    from carddb.packs.lookup import get_pack

    cases = []
    for game in GAMES:
        adapter = TypeAdapter(get_pack(game).card_schema)
        shipped = shipped_cards(game)
        for kind, model in kind_models(game).items():
            base = next((c for c in shipped if c.get("kind") == kind), None)
            if base is None:
                continue  # a kind only found as the back of a double-sided card: its front's fields cover it
            for name in model.model_fields:
                if name == "kind":
                    continue
                tried = 0
                for label, value in _WRONG:
                    card = dict(base, **{name: value})
                    try:
                        adapter.validate_python(card)
                    except ValidationError:
                        pass
                    else:
                        continue  # this value is fine for this field
                    tried += 1
                    if tried > 2:
                        break
                    index = len(cases) + 1
                    card.update(id=f"wt-{index}", number=min(9000 + index, 9999) if name != "number" else value)
                    if name == "id":
                        card["id"] = value
                    text = yaml.safe_dump(card, sort_keys=False, allow_unicode=True, width=1000)
                    rows = text.splitlines()
                    line = next(i for i, row in enumerate(rows, 1) if row.startswith(f"{name}:"))
                    # The field's value runs until the next top-level key.
                    end = next((i for i, row in enumerate(rows[line:], line + 1) if row[:1].isalpha()), len(rows) + 1)
                    target = f"data/{game}/cards/wt-{kind}-{name}-{label}.yaml"
                    cases.append(
                        Case(
                            "wrong-type",
                            f"{game}-{kind}-{name}-{label}",
                            {target: text},
                            target,
                            lines=(line, end - 1),
                            base=f"game:{game}",
                            batch=f"wrong-type-{game}",
                        )
                    )
    return cases


# ---------------------------------------------------------------- category: rules text

RULES_PAYLOADS: list[tuple[str, str]] = [
    ("10k-character-line", "Draw a card. " * 770),
    ("10k-character-word", "x" * 10_000),
    ("c0-controls", "Draw\x01 a\x02 card\x1b[31m."),
    ("bell-and-backspace", "Draw a card.\x07\x08\x08"),
    ("del-and-c1", "Draw a card.\x7f\x85\x9b"),
    ("zero-width-space", "Draw\u200b a card."),
    ("zero-width-joiners", "Dr\u200daw a\u200c card.\u2060"),
    ("bom-inside-text", "Draw a \ufeffcard."),
    ("rtl-override", "Draw a \u202ecard.\u202c"),
    ("rtl-isolates", "\u2067Draw a card.\u2069"),
    ("combining-marks", "Draw" + "\u0301" * 500 + " a card."),
    ("line-and-paragraph-separators", "Draw a card.\u2028Draw a card.\u2029"),
    ("jinja-expression", "Draw {{ 7*7 }} cards. {{ config }}"),
    ("jinja-statement", "{% for i in range(10**9) %}Draw a card.{% endfor %}"),
    ("jinja-comment-unclosed", "Draw a card. {# never closed"),
    ("format-braces", "Draw {number:hand-size} cards. {number:../../etc} {0.__class__}"),
    ("card-embed-escape", "Draw {card:../../outside/secret} {icon:../../../etc/passwd}."),
    ("unbalanced-markup", "Draw **a card. [link](javascript:alert(1)) <b>bold"),
    ("html-in-text", "<script>alert(1)</script> Draw a card. <img src=x onerror=alert(1)>"),
    ("lonely-surrogate-escape", "Draw a card. \\ud800"),
    ("many-sentences", "Draw a card. " * 2000),
    ("deep-parentheses", "(" * 2000 + "Draw a card." + ")" * 2000),
]


def rules_text_cases() -> list[Case]:
    cases = []
    for game in GAMES:
        shipped = [c for c in shipped_cards(game) if c.get("text") and not c.get("back")]
        base = shipped[0]
        for index, (name, text) in enumerate(RULES_PAYLOADS):
            card = dict(base, id=f"rt-{index}", number=9000 + index, text=text)
            target = f"data/{game}/cards/rt-{name}.yaml"
            content = yaml.safe_dump(card, sort_keys=False, allow_unicode=True, width=100_000)
            cases.append(
                Case(
                    "rules-text",
                    f"{game}-{name}",
                    {target: content},
                    target,
                    expect="either",
                    base=f"game:{game}",
                    batch=f"rules-text-{game}",
                )
            )
    return cases


def rules_check_cases() -> list[Case]:
    """The same sentences through `carddb check` (no project files): a located error or a parse."""
    return [
        Case(
            "rules-check",
            f"{game}-{name}",
            {},
            "<text>",
            args=("check", "--game", game, text),
            expect="either",
            base="tiny",
            in_project=False,
        )
        for game in GAMES
        for name, text in RULES_PAYLOADS
        if "\x00" not in text
    ]


# ---------------------------------------------------------------- category: templates


def template_cases() -> list[Case]:
    target = "templates/loe/victory.html"  # the layout of the tiny project's victory card (iron-crown)
    print_one = ("print", "--cards", "iron-crown", "--jobs", "1", "--paper", "a4", "--duplex", "none")
    bodies: list[tuple[str, dict[str, str], Expect]] = [
        ("syntax-error", {target: "<div>{% if card.name %}unclosed</div>\n"}, "error"),
        ("unknown-tag", {target: "{% python %}import os{% endpython %}\n"}, "error"),
        ("undefined-variable", {target: "<div>{{ no_such_thing.name }}</div>\n"}, "error"),
        ("undefined-attribute", {target: "<div>{{ card.no_such_field }}</div>\n"}, "error"),
        ("include-itself", {target: '{% include "loe/victory.html" %}\n'}, "error"),
        (
            "include-loop",
            {
                target: '{% include "loe/loop.html" %}\n',
                "templates/loe/loop.html": '{% include "loe/victory.html" %}\n',
            },
            "error",
        ),
        ("extends-itself", {target: '{% extends "loe/victory.html" %}\n'}, "error"),
        ("include-parent-path", {target: '{% include "../../outside/secret.txt" %}\n'}, "error"),
        ("include-absolute-path", {target: '{% include "/etc/passwd" %}\n'}, "error"),
        ("include-missing", {target: '{% include "loe/nowhere.html" %}\n'}, "error"),
        ("python-object-escape", {target: "<div>{{ ''.__class__.__mro__[1].__subclasses__() }}</div>\n"}, "error"),
        ("read-file-via-globals", {target: "<div>{{ card.__class__.__init__.__globals__ }}</div>\n"}, "error"),
        ("recursive-macro", {target: "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}\n"}, "error"),
        ("huge-range", {target: "{% for i in range(10**12) %}x{% endfor %}\n"}, "error"),
        ("non-utf8-template", {target: "<div>caf\udce9</div>\n"}, "error"),
        ("division-by-zero", {target: "<div>{{ 1 // 0 }}</div>\n"}, "error"),
    ]
    cases = []
    where = {"include-loop": "templates/loe/"}  # at an include of the loop: which one depends on the stack depth
    for name, files, expect in bodies:
        encoded: dict[str, str | bytes] = {
            path: text.encode("utf-8", "surrogateescape") for path, text in files.items()
        }
        cases.append(Case("templates", name, encoded, where.get(name, target), args=print_one, expect=expect))
    return cases


# ---------------------------------------------------------------- category: command line


def cli_cases() -> list[Case]:
    huge = str(10**9)
    enormous = str(10**30)
    lines: list[tuple[str, tuple[str, ...], str, Expect]] = [
        # (name, args, target, expect); target "<usage>" cases must exit 2 with a message, checked apart
        ("print-jobs-zero", ("print", "--jobs", "0"), "<usage>", "error"),
        ("print-jobs-negative", ("print", "--jobs", "-1"), "<usage>", "error"),
        ("print-jobs-billion", ("print", "--jobs", huge), "<usage>", "error"),
        ("print-jobs-word", ("print", "--jobs", "many"), "<usage>", "error"),
        ("print-paper-unknown", ("print", "--paper", "b5"), "<usage>", "error"),
        ("print-dpi-zero", ("print", "--dpi", "0"), "<usage>", "error"),
        ("print-dpi-negative", ("print", "--dpi", "-300"), "<usage>", "error"),
        ("print-dpi-huge", ("print", "--dpi", huge), "<usage>", "error"),
        ("print-back-offset-word", ("print", "--back-offset", "left"), "<usage>", "error"),
        ("print-back-offset-inf", ("print", "--back-offset", "inf,0"), "<usage>", "error"),
        ("print-back-offset-nan", ("print", "--back-offset", "nan,nan"), "<usage>", "error"),
        ("print-gutter-negative", ("print", "--gutter", "-5"), "<usage>", "error"),
        ("print-gutter-nan", ("print", "--gutter", "nan"), "<usage>", "error"),
        ("print-gutter-huge", ("print", "--gutter", "1e300"), "<usage>", "error"),
        ("print-name-path", ("print", "--name", "../../outside/x"), "<usage>", "error"),
        ("print-unknown-card", ("print", "--cards", "no-such-card"), "<usage>", "error"),
        ("boosters-n-negative", ("boosters", "deck", "-n", "-1"), "<usage>", "error"),
        ("boosters-n-zero", ("boosters", "deck", "-n", "0"), "<usage>", "error"),
        ("boosters-n-billion", ("boosters", "deck", "-n", huge), "<usage>", "error"),
        ("boosters-seed-huge", ("boosters", "deck", "-n", "1", "--seed", enormous), "<usage>", "error"),
        ("playtest-seed-400-digits", ("playtest", "-n", "1", "--seed", "9" * 400), "<usage>", "error"),
        ("boosters-seed-negative", ("boosters", "deck", "-n", "1", "--seed", "-5"), "<usage>", "error"),
        ("boosters-unknown-type", ("boosters", "no-such-type"), "<usage>", "error"),
        ("sealed-players-zero", ("sealed", "--players", "0"), "<usage>", "error"),
        ("sealed-players-huge", ("sealed", "--players", huge), "<usage>", "error"),
        ("sealed-boosters-huge", ("sealed", "--boosters", huge), "<usage>", "error"),
        ("draft-seats-zero", ("draft", "--seats", "0"), "<usage>", "error"),
        ("draft-seats-huge", ("draft", "--seats", huge), "<usage>", "error"),
        ("draft-humans-more-than-seats", ("draft", "--seats", "2", "--humans", "5"), "<usage>", "error"),
        ("playtest-n-zero", ("playtest", "-n", "0"), "<usage>", "error"),
        ("playtest-n-huge", ("playtest", "-n", huge), "<usage>", "error"),
        ("playtest-players-huge", ("playtest", "--players", "1000"), "<usage>", "error"),
        ("playtest-workers-negative", ("playtest", "--workers", "-1"), "<usage>", "error"),
        ("playtest-workers-huge", ("playtest", "-n", "1", "--workers", huge), "<usage>", "error"),
        ("playtest-seed-negative", ("playtest", "-n", "1", "--seed", "-1"), "<usage>", "error"),
        ("validate-playtest-negative", ("validate", "--playtest", "-1"), "<usage>", "error"),
        ("rulebook-paper-unknown", ("rulebook", "--paper", "b5"), "<usage>", "error"),
        ("serve-port-too-big", ("serve", "--port", "70000"), "<usage>", "error"),
        ("serve-port-negative", ("serve", "--port", "-1"), "<usage>", "error"),
        ("build-jobs-zero", ("build", "--jobs", "0"), "<usage>", "error"),
        ("build-seed-word", ("build", "--seed", "lucky"), "<usage>", "error"),
        ("export-format-unknown", ("export", "--format", "xlsx"), "<usage>", "error"),
        ("list-kind-unknown", ("list", "--kind", "dragon"), "<usage>", "error"),
        ("game-unknown", ("validate", "--game", "../../outside"), "<usage>", "error"),
    ]
    return [
        Case("cli", name, {}, target, args=args, expect=expect, base="copy:loe") for name, args, target, expect in lines
    ]


# ---------------------------------------------------------------- categories: limits, reach (issue 29)

CHAPTER = "data/loe/rulebook/01-basics.md"
BOOSTERS = "boosters:\n  any:\n    name: Any\n    slots:\n      - {slot}\n"


def second_pass_cases() -> list[Case]:
    """Issue 29: every file read has a size limit; validate reads what the other commands read."""
    rows = "id,name,kind,set,number,rarity,cost\n" + "".join(
        f"c{i},N,ritual,BASE,{i},common,1\n" for i in range(50_005)
    )
    deep = "[" * 100_000 + "]" * 100_000
    validate = ("validate", "--format", "json")
    return [
        Case("limits", "chapter-over-1-mb", {CHAPTER: "# Big\n\n" + "word " * 210_000}, CHAPTER, ("rulebook",)),
        Case("limits", "spreadsheet-50005-rows", {"many.csv": rows}, "many.csv", ("import", "many.csv")),
        Case("limits", "replay-nested-100k", {"deep.json": deep}, "<usage>", ("playtest", "--replay", "deep.json")),
        Case(
            "limits",
            "draft-replay-nested-100k",
            {"deep.json": deep},
            "<usage>",
            ("draft", "--replay", "deep.json"),
            base="copy:loe",
        ),
        Case("limits", "replay-dev-zero", {}, "<usage>", ("playtest", "--replay", "/dev/zero")),
        Case("limits", "replay-a-folder", {}, "<usage>", ("playtest", "--replay", "data")),
        Case(
            "limits",
            "template-gigantic-string",
            {"templates/loe/victory.html": "<div>{{ 'x' * 10**10 }}</div>\n"},
            "templates/loe/victory.html",
            ("print", "--cards", "iron-crown", "--jobs", "1", "--paper", "a4", "--duplex", "none"),
        ),
        Case(
            "reach",
            "booster-count-negative",
            {"data/loe/boosters.yaml": BOOSTERS.format(slot="{name: c, count: -3, filter: {kind: ritual}}")},
            "data/loe/boosters.yaml",
            validate,
            codes=("E-OUT-OF-RANGE",),
        ),
        Case(
            "reach",
            "booster-unknown-rarity",
            {"data/loe/boosters.yaml": BOOSTERS.format(slot="{name: c, count: 1, filter: {rarity: mythic-legendary}}")},
            "data/loe/boosters.yaml",
            validate,
            codes=("E-BOOSTER-FILTER",),
        ),
        Case(
            "reach",
            "prose-missing-picture",
            {CHAPTER: "# B\n\n![x](missing.png)\n"},
            CHAPTER,
            validate,
            codes=("E-RULEBOOK-IMAGE",),
        ),
        Case("reach", "prose-unknown-card", {CHAPTER: "# B\n\n{card:no-such-card}\n"}, CHAPTER, validate, lines=(3, 3)),
        Case("reach", "prose-unknown-number", {CHAPTER: "# B\n\n{number:no-such}\n"}, CHAPTER, validate, lines=(3, 3)),
        Case("reach", "export-onto-a-card-file", {}, "<usage>", ("export", "--out", "data/loe/cards/cards.yaml")),
        Case("reach", "export-into-the-cards-folder", {}, "<usage>", ("export", "--out", "data/loe/cards/new.csv")),
    ]


def all_cases() -> list[Case]:
    return [
        *yaml_card_cases(),
        *other_file_cases(),
        *wrong_type_cases(),
        *rules_text_cases(),
        *rules_check_cases(),
        *template_cases(),
        *cli_cases(),
        *second_pass_cases(),
    ]
