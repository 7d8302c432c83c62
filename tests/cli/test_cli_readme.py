"""The README's "Everyday commands", run as written on a copy of the LOE data (where that is practical).

Each line is a synopsis: `[...]` groups are optional. Every line is run in its
shortest form, and again with each optional group that is a plain flag or a flag
with a fixed value (`[--strict]`, `[--format json]`); groups with placeholders
(`FILE`, `N`) or alternatives (`a4|letter`) are left out. Commands that render
every card or keep running are left to their own tests (see SLOW).

Every command line of the README's synopsis (each optional group in, each alternative of a
choice) and of the docs' shell blocks is also parsed by the real command line, down to the
command's body, so that documentation and options cannot drift apart (issue 21: the README's
`print --cards ID ...` was a usage error).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from support.projects import run_cli, write_project

REPO = Path(__file__).resolve().parents[2]
# These render every face, lay out the rulebook or serve until stopped: each has its own tests.
# `daemon` starts a process that outlives the command (tests/daemon/test_daemon.py).
SLOW = {"print", "build", "site", "serve", "rulebook", "sealed", "draft", "daemon"}
NEW_CARDS = (
    "id,name,kind,cost,set,number,rarity,text,flavor\nfresh-idea,Fresh Idea,spell,1,BASE,900,common,Draw a card.,New.\n"
)


def _readme_lines() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text.split("## Everyday commands", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    lines: list[str] = []
    for raw in block.splitlines():
        if raw.startswith((" ", "\t")) and lines:
            lines[-1] += " " + raw.strip()  # a synopsis continued on the next line
        else:
            lines.append(raw)
    return [alt.strip() for line in lines for alt in re.split(r" \| (?=carddb )", line)]


def _forms(line: str) -> list[str]:
    """The shortest form of a synopsis line, then one form per optional group that needs no made-up value."""
    line = line.split(" #", 1)[0].strip()
    groups = re.findall(r"\[([^\]]*)\]", line)
    shortest = re.sub(r"\s*\[[^\]]*\]", "", line)
    forms = [shortest]
    for group in groups:
        if "|" not in group and "..." not in group and not re.search(r"\b[A-Z]{1,}\b", group):
            forms.append(f"{shortest} {group}")
    return [form for form in forms if not re.search(r"\b(FILE|TYPE|ID|KIND|N)\b", form)]


RUNS = [form for line in _readme_lines() for form in _forms(line) if shlex.split(form)[1] not in SLOW]


def test_the_readme_lists_every_command_that_is_run() -> None:
    commands = {shlex.split(form)[1] for form in RUNS}
    assert {"validate", "list", "show", "stats", "check", "effects", "fmt", "release", "export", "import"} <= commands
    assert "carddb list --kind duke --format json" in RUNS and "carddb import new-cards.csv --check" in RUNS


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A fresh copy for each command line: `import` and `release` write into it."""
    root = tmp_path / "readme"
    shutil.copytree(REPO / "data" / "loe", root / "data" / "loe")
    (root / "new-cards.csv").write_text(NEW_CARDS)
    return root


@pytest.mark.parametrize("form", RUNS)
def test_readme_command_runs_as_written(project: Path, form: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    words = shlex.split(form)
    assert words[0] == "carddb"
    result = run_cli(*words[1:])
    assert not result.crashed, result.stderr
    assert result.exit_code == 0, f"{form}\n{result.stdout}{result.stderr}"


# Every command line the documentation shows, parsed by the real command line (every option, its type
# and its choices) down to the command's body, which is not run: slow and writing commands included.
VALUES = {
    "ID": "aldric",
    "KIND": "duke",
    "N": "2",
    "FILE": "new-cards.csv",
    "REV": "HEAD",
    "S": "7",
    "P": "2",
    "B": "3",
    "H": "1",
    "K": "2",
    "D": "2026-12-01",
    "X,Y": "0.5,-0.5",
    "TYPE": "standard",
    "FORMAT": "full-draft",
    "LOG": "draft-log.json",
    "HEADER": "Notes",
    "'HEADER=FIELD'": "Notes=flavor",
    "tcp://HOST:PORT": "tcp://127.0.0.1:8786",
}
# Changes the user's shell start-up file: documented, but not something a test may run.
NOT_PARSED = {"carddb --install-completion"}


def _synopsis_forms(line: str) -> list[list[str]]:
    """Command lines a user would type from one synopsis: every optional group in, each alternative of a choice."""
    line = line.split(" #", 1)[0].strip()
    words = shlex.split(re.sub(r"[\[\]]", " ", line))
    filled: list[list[str]] = []
    for index, word in enumerate(words):
        if word == "...":
            filled.append(["gate-duke"])  # a second value of the option before
        elif "|" in word:
            filled.append([VALUES.get(alt, alt) for alt in word.split("|")])
        else:
            filled.append([VALUES.get(word, word) if index > 1 else word])
    rounds = max(len(choices) for choices in filled)
    return [[choices[k % len(choices)] for choices in filled] for k in range(rounds)]


def _docs_lines() -> list[str]:
    """Every `carddb ...` line of a shell block in docs/*.md, without its comment or pipe."""
    lines = []
    for doc in sorted((REPO / "docs").glob("*.md")):
        for block in re.findall(r"```(?:sh|bash|console)\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S):
            for raw in block.splitlines():
                if raw.startswith("carddb "):
                    line = raw.split(" #", 1)[0].split(" | ", 1)[0].strip()
                    if line not in NOT_PARSED:
                        lines.append(line)
    return lines


PARSED = sorted(
    {" ".join(shlex.quote(w) for w in form) for line in _readme_lines() for form in _synopsis_forms(line)}
    | set(_docs_lines())
)


def parse_only(words: list[str]) -> dict[str, object]:
    """The parameters the command line gives its command, without running the command."""
    import typer.main

    from carddb.cli.app import app

    command = typer.main.get_command(app)
    given: dict[str, object] = {}

    def record(**params: object) -> None:
        given.update(params)

    def stub(cmd: object) -> None:
        subcommands = getattr(cmd, "commands", None)
        if subcommands is None:
            cmd.callback = record  # type: ignore[attr-defined]
        for sub in (subcommands or {}).values():
            stub(sub)

    stub(command)
    command.main(words, prog_name="carddb", standalone_mode=False)
    return given


def test_every_documented_command_line_is_parsed() -> None:
    assert len(PARSED) >= 60
    assert (
        "carddb print --cards aldric gate-duke --kind duke --changed-since HEAD --data-only --paper a4 --duplex long"
        in " ".join(PARSED)
    )
    assert any(line.startswith("carddb playtest --seat council-of-the-reeds") for line in PARSED)


@pytest.mark.parametrize("line", PARSED)
def test_documented_command_line_parses(line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "new-cards.csv").write_text(NEW_CARDS)
    (tmp_path / "draft-log.json").write_text("{}")
    try:
        given = parse_only(shlex.split(line)[1:])
    except SystemExit as exc:  # an eager option that is its own command (--show-completion): done, and exit 0
        assert exc.code in (0, None), line
        return
    except Exception as exc:  # a usage error (Click's own classes) or anything else: the docs and CLI disagree
        pytest.fail(f"{line}: {type(exc).__name__}: {exc}")
    if "--cards aldric gate-duke" in line:
        assert given["cards"] == ["aldric", "gate-duke"]
    if "--seat council-of-the-reeds --seat" in line:
        assert given["seat"] == ["council-of-the-reeds", "council-of-the-ledger"]


@pytest.mark.parametrize(
    "selection",
    [["--cards", "aldric", "gate-duke"], ["--cards", "aldric", "--cards", "gate-duke"], ["-c", "aldric,gate-duke"]],
    ids=["README form", "repeated", "commas"],
)
def test_print_takes_several_cards_as_the_readme_writes_them(selection: list[str], tmp_path: Path) -> None:
    root = write_project(tmp_path)
    result = run_cli("print", *selection, "--paper", "a4", "--jobs", "1", "--project", str(root))
    assert not result.crashed, result.stderr
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "2 cards" in result.stdout
    printed = sorted(p.stem for p in (root / "output" / "loe" / "cards").glob("*.pdf"))
    assert printed == ["aldric", "gate-duke"]


def test_a_bare_word_after_the_options_of_print_is_still_an_error(tmp_path: Path) -> None:
    result = run_cli("print", "--paper", "a4", "aldric", "--project", str(write_project(tmp_path)))
    assert result.exit_code == 2 and "aldric" in result.stdout + result.stderr
