"""Paths written in a project never lead carddb outside it, and ids never name a file outside output/.

Art paths with `..`, absolute paths, URLs and odd names; symbolic links (to a file, to a folder,
chained, relative, the art folder itself) pointing out of the project; card files, rules chapters
and templates that are links out of the project; card ids and set codes that would become file
names outside output/ or that Windows cannot create. Each ends in its located finding (checked:
code, file, line and column) and never in a traceback or a hang; the canary file's content is
never read into anything. `--out` is refused outside the project for the outputs carddb names
itself; `export --out FILE` is the user's own explicit choice, like a shell redirection.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_out_tools import carddb, located, new_project, write_canary
from PIL import Image
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.findings.errors import UsageError

SETS = "- code: BASE\n  name: Paths\n  stage: playtest\n"
CARD = """\
- id: {card_id}
  name: Quickening
  kind: spell
  set: {set_code}
  number: 1
  rarity: common
  cost: 0
  text: Ready target Resource.
  flavor: Again.
  art: {{file: {art}, artist: A. Painter}}
"""


def _project(root: Path, *, art: str = "good.png", card_id: str = "quickening", set_code: str = "BASE") -> Path:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "art").mkdir()
    (data / "sets.yaml").write_text(SETS, encoding="utf-8")
    (data / "cards" / "cards.yaml").write_text(
        CARD.format(card_id=card_id, set_code=set_code, art=art), encoding="utf-8"
    )
    Image.new("RGB", (40, 30), (200, 40, 40)).save(data / "art" / "good.png")
    return root


def _validate(project: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["validate", "--project", str(project)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout + result.stderr


def _yaml_string(text: str) -> str:
    """`text` as a double-quoted YAML scalar (backslashes and NUL escaped)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\0", "\\0") + '"'


# name -> (art value as written, expected code); {canary} is the folder outside the project.
ART_CASES: dict[str, tuple[str, str]] = {
    "parent": ("../../../canary/secret.png", "E-PATH-ESCAPE"),
    "parent-deep": ("../../../../../../../../../../{canary}/secret.png", "E-PATH-ESCAPE"),
    "absolute": ("{canary}/secret.png", "E-PATH-ESCAPE"),
    "inner-parent": ("sub/../../../../canary/secret.png", "E-PATH-ESCAPE"),
    "dev-zero": ("/dev/zero", "E-PATH-ESCAPE"),
    "proc-environ": ("/proc/self/environ", "E-PATH-ESCAPE"),
    "etc-passwd": ("/etc/passwd", "E-PATH-ESCAPE"),
    "dot": (".", "E-PATH-ESCAPE"),
    "art-folder-itself": ("../art", "E-PATH-ESCAPE"),
    "symlink-file": ("link.png", "E-PATH-ESCAPE"),
    "symlink-folder": ("dirlink/secret.png", "E-PATH-ESCAPE"),
    "symlink-chain": ("chain1.png", "E-PATH-ESCAPE"),
    "symlink-relative": ("relative.png", "E-PATH-ESCAPE"),
    "file-url": ("file://{canary}/secret.png", "E-ART-MISSING"),
    "network-url": ("http://127.0.0.1:9/secret.png", "E-ART-MISSING"),
    "data-url": ("data:image/png;base64,iVBORw0KGgo=", "E-ART-MISSING"),
    "percent-encoded-parent": ("%2e%2e/%2e%2e/%2e%2e/canary/secret.png", "E-ART-MISSING"),
    "home": ("~/secret.png", "E-ART-MISSING"),
    "backslashes": ("..\\..\\..\\canary\\secret.png", "E-ART-MISSING"),
    "symlink-loop": ("loop.png", "E-ART-UNREADABLE"),
    "folder-named-png": ("folder.png", "E-ART-MISSING"),
    "nul-byte": ("a\0b.png", "E-BAD-VALUE"),
    "very-long": ("x" * 5000 + ".png", "E-ART-UNREADABLE"),
    "named-pipe": ("fifo.png", "E-ART-UNREADABLE"),
}


def _plant(project: Path, canary: Path) -> None:
    """Links and special files in the art folder, for the cases that name them."""
    art = project / "data" / "loe" / "art"
    (art / "link.png").symlink_to(canary / "secret.png")
    (art / "dirlink").symlink_to(canary, target_is_directory=True)
    (art / "chain2.png").symlink_to(canary / "secret.png")
    (art / "chain1.png").symlink_to(art / "chain2.png")
    (art / "relative.png").symlink_to(Path("..", "..", "..", "..", "canary", "secret.png"))
    (art / "loop.png").symlink_to(art / "loop.png")
    (art / "folder.png").mkdir()
    os.mkfifo(art / "fifo.png")


@pytest.mark.parametrize("case", ART_CASES)
def test_hostile_art_path_ends_in_its_located_finding(tmp_path: Path, case: str) -> None:
    canary = write_canary(tmp_path / "canary", port=9)
    written, code = ART_CASES[case]
    project = _project(tmp_path / "project", art=_yaml_string(written.format(canary=canary.folder)))
    _plant(project, canary.folder)
    if case == "named-pipe":  # a regression would block on open(): run it where a timeout can stop it
        done = subprocess.run(
            [sys.executable, "-m", "carddb", "validate", "--project", str(project)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        exit_code, output = done.returncode, done.stdout + done.stderr
    else:
        exit_code, output = _validate(project)
    assert exit_code == 1, output
    assert "Traceback" not in output
    findings = located(output, code)
    assert findings, output
    assert (findings[0].group("path"), findings[0].group("line"), findings[0].group("col")) == (
        "data/loe/cards/cards.yaml",
        "10",
        "15",
    )
    assert canary.token not in output


def test_a_link_that_stays_inside_the_project_is_followed(tmp_path: Path) -> None:
    project = _project(tmp_path / "project", art="shared.png")
    shared = project / "shared-art" / "ember.png"
    shared.parent.mkdir()
    Image.new("RGB", (40, 30), (40, 40, 200)).save(shared)
    (project / "data" / "loe" / "art" / "shared.png").symlink_to(Path("..", "..", "..", "shared-art", "ember.png"))
    assert _validate(project) == (0, "0 errors, 0 warnings\n")


def test_an_art_folder_that_links_out_of_the_project_is_refused(tmp_path: Path) -> None:
    canary = write_canary(tmp_path / "canary", port=9)
    project = _project(tmp_path / "project", art="secret.png")
    art = project / "data" / "loe" / "art"
    for child in art.iterdir():
        child.unlink()
    art.rmdir()
    art.symlink_to(canary.folder, target_is_directory=True)
    exit_code, output = _validate(project)
    assert exit_code == 1
    assert [m.group("line") for m in located(output, "E-PATH-ESCAPE")] == ["10"]


# Ids become file names: cards/<id>.pdf, png/<id>.png, site/cards/<id>.html.
BAD_IDS = [
    "../evil",
    "../../../../tmp/evil",
    "/etc/cron.d/evil",
    "a/b",
    "a\\b",
    "..",
    ".",
    "a\0b",
    "x" * 300,
    "Con",
    "café",
    "cafe\u0301",
    "ﬁre",  # a ligature that NFKC turns into 'fire'
    "evil.pdf",
    "-leading",
    "trailing-",
    "a b",
    "",
]
WINDOWS_NAMES = ["con", "prn", "aux", "nul", "com1", "com9", "lpt1", "lpt9"]


@pytest.mark.parametrize("card_id", BAD_IDS + WINDOWS_NAMES, ids=lambda v: repr(v)[:24])
def test_an_id_that_would_name_a_file_badly_is_refused(tmp_path: Path, card_id: str) -> None:
    project = _project(tmp_path / "project", card_id=_yaml_string(card_id))
    exit_code, output = _validate(project)
    assert exit_code == 1, output
    assert "Traceback" not in output
    findings = located(output, "E-BAD-VALUE")
    assert [(m.group("line"), m.group("col")) for m in findings] == [("1", "7")], output
    if card_id in WINDOWS_NAMES:
        assert "device name on Windows" in output


@pytest.mark.parametrize("code", ["../X", "A/B", "..", "NUL\0", "É"], ids=repr)
def test_a_set_code_that_would_name_a_file_badly_is_refused(tmp_path: Path, code: str) -> None:
    project = _project(tmp_path / "project")
    (project / "data" / "loe" / "sets.yaml").write_text(
        f"- code: {_yaml_string(code)}\n  name: Paths\n  stage: playtest\n", encoding="utf-8"
    )
    exit_code, output = _validate(project)
    assert exit_code == 1
    assert "Traceback" not in output
    assert [m.group("path") for m in located(output, "E-BAD-VALUE")][:1] == ["data/loe/sets.yaml"], output


def test_a_card_file_that_links_out_of_the_project_is_not_read(tmp_path: Path) -> None:
    canary = write_canary(tmp_path / "canary", port=9)
    project = _project(tmp_path / "project")
    (project / "data" / "loe" / "cards" / "leak.yaml").symlink_to(canary.folder / "secret.txt")
    exit_code, output = _validate(project)
    assert exit_code == 1
    assert "E-PATH-ESCAPE card file leak.yaml is a symbolic link" in output
    assert canary.token not in output


def test_a_rules_chapter_that_links_out_of_the_project_is_not_printed(tmp_path: Path) -> None:
    canary = write_canary(tmp_path / "canary", port=9)
    project = new_project(tmp_path / "project", "loe")
    (project / "data" / "loe" / "rulebook" / "02-leak.md").symlink_to(canary.folder / "secret.txt")
    run = carddb("rulebook", "--project", str(project))
    assert run.exit_code == 1 and not run.traceback, run.output
    assert "E-PATH-ESCAPE rules file 02-leak.md is a symbolic link" in run.output
    assert canary.token not in run.output
    assert not (project / "output" / "loe" / "rulebook.html").exists()


def test_a_template_that_links_out_of_the_project_is_not_rendered(tmp_path: Path) -> None:
    canary = write_canary(tmp_path / "canary", port=9)
    project = new_project(tmp_path / "project", "loe")
    override = project / "templates" / "base" / "card.html"
    override.parent.mkdir(parents=True)
    override.symlink_to(canary.folder / "secret.html")
    run = carddb("print", "--jobs", "1", "--project", str(project))
    assert run.exit_code == 1 and not run.traceback, run.output
    assert "is a symbolic link to" in run.output and "E-TEMPLATE" in run.output
    assert canary.token not in run.output
    assert not list((project / "output" / "loe").rglob("cards/*.pdf"))


def test_out_outside_the_project_is_refused_for_carddb_s_own_outputs(tmp_path: Path) -> None:
    project = new_project(tmp_path / "project", "loe")
    for out in (tmp_path / "elsewhere", Path("..") / "elsewhere", Path("/etc/carddb-evil")):
        result = CliRunner().invoke(app, ["sealed", "--seed", "1", "--out", str(out), "--project", str(project)])
        # The CLI's main turns a UsageError into its message and exit code 2 (tests/foundation checks main).
        assert isinstance(result.exception, UsageError), result.stdout
        assert result.exception.exit_code == 2
        assert "is outside the project folder" in str(result.exception)
    assert not (tmp_path / "elsewhere").exists()


def test_export_out_is_the_user_s_explicit_choice(tmp_path: Path) -> None:
    project = new_project(tmp_path / "project", "loe")
    target = tmp_path / "exports" / "cards.csv"
    target.parent.mkdir()
    result = CliRunner().invoke(app, ["export", "--out", str(target), "--project", str(project)])
    assert result.exit_code == 0, result.stdout
    assert target.read_text(encoding="utf-8-sig").startswith("id,name,kind")
