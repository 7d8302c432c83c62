"""`carddb print` end to end on a copy of the LOE starter project, and its usage errors."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cli.app import app
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.render.selection import changed_card_ids, select_cards

REPO = Path(__file__).resolve().parents[2]
PT = 72 / 25.4
runner = CliRunner()


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root, check=True, capture_output=True
    )


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("print-project")
    shutil.copytree(REPO / "data" / "loe", root / "data" / "loe")
    _git(root, "init", "-q")
    _git(root, "add", "data")
    _git(root, "commit", "-q", "-m", "start")
    return root


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--back-offset", "abc"], "--back-offset takes two numbers"),
        (["--cards", "firebrnd"], "did you mean 'firebrand'"),
        (["--kind", "wizard"], "is not a kind of"),
        (["--dpi", "5"], "--dpi must be between"),
        (["--changed-since", "no-such-rev"], "is not a commit"),
        (["--data-only"], "--data-only narrows --changed-since"),
        (["--tts-url-base", "cards.example.org/tts"], "--tts-url-base must be the http(s) URL"),
    ],
)
def test_bad_options_are_usage_errors(project: Path, args: list[str], message: str) -> None:
    done = subprocess.run(["carddb", "print", "--project", str(project), *args], capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_print_two_cards(project: Path) -> None:
    url = ["--tts-url-base", "https://cards.example.org/loe"]
    result = runner.invoke(
        app, ["print", "--project", str(project), "--cards", "firebrand,ember-blade", "--paper", "a4", *url]
    )
    assert result.exit_code in (0, 1), result.output
    out = project / "output" / "loe"
    sheet = PdfReader(out / "print" / "loe-selection-a4.pdf")
    copies = 2 + 2  # both cards have copies: 2 in data/loe
    assert len(sheet.pages) == math.ceil(copies / 9) * 2
    card = PdfReader(out / "cards" / "firebrand.pdf").pages[0]
    assert float(card.trimbox.width) / PT == pytest.approx(63.0, abs=0.05)
    assert float(card.trimbox.height) / PT == pytest.approx(88.0, abs=0.05)
    assert float(card.mediabox.width) / PT == pytest.approx(69.0, abs=0.05)
    assert [float(v) for v in card.bleedbox] == pytest.approx([float(v) for v in card.mediabox], abs=0.01)
    assert "from the cache" in result.output
    # --tts-url-base implies --tts: every image of the deck named under it, every object its own GUID
    saved = json.loads((out / "tts" / "loe-selection-deck.json").read_text())
    deck = saved["ObjectStates"][0]
    urls = [
        e[k]
        for o in [deck, *deck["ContainedObjects"]]
        for e in o["CustomDeck"].values()
        for k in ("FaceURL", "BackURL")
    ]
    assert urls and all(u.startswith("https://cards.example.org/loe/loe-selection-deck-") for u in urls)
    guids = [o["GUID"] for o in [deck, *deck["ContainedObjects"]]]
    assert len(guids) == 1 + len(deck["DeckIDs"]) == len(set(guids))


def _loe(project: Path) -> CardDatabase:
    return load_database(Project.at(project), get_pack("loe"))[0]


def _in_print_order(db: CardDatabase, ids: set[str]) -> list[str]:
    return sorted(ids, key=lambda i: next(c.number for c in db.cards if c.id == i))


def test_changed_since_finds_edited_cards_only(project: Path) -> None:
    spells = project / "data" / "loe" / "cards" / "spells.yaml"
    original = spells.read_text()
    try:
        # A comment changes the file but not the card: nothing to reprint.
        spells.write_text("# reworded nothing\n" + original)
        db = _loe(project)
        assert changed_card_ids(db, "HEAD") == set()
        spells.write_text(original.replace("cost: 2", "cost: 3", 1))
        db = _loe(project)
        changed = changed_card_ids(db, "HEAD")
        assert changed and all(c.kind == "spell" for c in db.cards if c.id in changed)
        assert [c.id for c in select_cards(db, changed_since="HEAD")] == _in_print_order(db, changed)
    finally:
        spells.write_text(original)


def test_changed_since_data_only_leaves_out_cards_a_template_reprints(project: Path) -> None:
    """A project's face template added since the release reprints its kind; an errata sheet wants data changes only."""
    spells = project / "data" / "loe" / "cards" / "spells.yaml"
    db = _loe(project)
    layout = f"{db.pack.kind('duke').layout}.html"
    template = project / "templates" / "loe" / layout
    original_spells = spells.read_text()
    try:
        template.parent.mkdir(parents=True)
        shutil.copy(REPO / "templates" / "loe" / layout, template)
        spells.write_text(original_spells.replace("cost: 2", "cost: 3", 1))
        db = _loe(project)
        dukes = {c.id for c in db.cards if c.kind == "duke"}
        everything = changed_card_ids(db, "HEAD")
        data = changed_card_ids(db, "HEAD", data_only=True)
        assert dukes <= everything
        assert data and not data & dukes and all(c.kind == "spell" for c in db.cards if c.id in data)
        assert [c.id for c in select_cards(db, changed_since="HEAD", data_only=True)] == _in_print_order(db, data)
    finally:
        spells.write_text(original_spells)
        shutil.rmtree(project / "templates")
