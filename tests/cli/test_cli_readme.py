"""The README's "Everyday commands", run as written on a copy of the LOE data (where that is practical).

Each line is a synopsis: `[...]` groups are optional. Every line is run in its
shortest form, and again with each optional group that is a plain flag or a flag
with a fixed value (`[--strict]`, `[--format json]`); groups with placeholders
(`FILE`, `N`) or alternatives (`a4|letter`) are left out. Commands that render
every card or keep running are left to their own tests (see SLOW).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from foundation_projects import run_cli

REPO = Path(__file__).resolve().parents[2]
# These render every face, lay out the rulebook or serve until stopped: each has its own tests.
SLOW = {"print", "build", "site", "serve", "rulebook", "sealed", "draft"}
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
