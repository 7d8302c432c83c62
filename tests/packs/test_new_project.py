"""`carddb new`: a starter project that validates strictly, and prints on any card size in the right grid."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from support.printsheets import mark_lines, page_sizes, placements, trimbox
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.findings.errors import CarddbError

A4_PT = (595.28, 841.89)
REPO = Path(__file__).resolve().parents[2]


def cli(*args: str) -> tuple[int, str]:
    """The CLI in this process; a CarddbError becomes its exit code and message, as `carddb.cli.app.main` does."""
    result = CliRunner().invoke(app, list(args))
    if isinstance(result.exception, CarddbError):
        return result.exception.exit_code, f"carddb: {result.exception}"
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def new_game(root: Path, size: str = "poker") -> Path:
    code, out = cli("new", str(root))
    assert code == 0, out
    if size != "poker":
        game_yaml = root / "data" / root.name / "game.yaml"
        game_yaml.write_text(game_yaml.read_text().replace("card_size: poker ", f"card_size: {size} "))
    return root


def test_new_writes_a_game_of_its_own_that_validates_strictly(tmp_path: Path) -> None:
    root = new_game(tmp_path / "ember-tide")
    data = root / "data" / "ember-tide"
    for name in ("game.yaml", "sets.yaml", "boosters.yaml", "decks/first-deck.yaml", "rulebook/01-overview.md"):
        assert (data / name).is_file(), name
    assert "# Ember Tide" in (root / "README.md").read_text()
    assert 'name: "Ember Tide"' in (data / "game.yaml").read_text()
    code, out = cli("validate", "--strict", "--project", str(root))
    assert (code, out.strip()) == (0, "0 errors, 0 warnings")
    code, out = cli("games", "--project", str(root))
    assert code == 0 and "data/ember-tide/game.yaml" in out and "creature, tactic, terrain" in out


@pytest.mark.parametrize("folder", ["1066", "yes", "null"])
def test_a_folder_name_yaml_would_read_as_a_number_or_a_flag_still_names_the_game(tmp_path: Path, folder: str) -> None:
    # The game's name comes from the folder: written bare, 'name: 1066' would be a number and 'Yes' a boolean.
    root = new_game(tmp_path / folder)
    code, out = cli("validate", "--strict", "--project", str(root))
    assert (code, out.strip()) == (0, "0 errors, 0 warnings")
    code, out = cli("games", "--project", str(root))
    assert code == 0 and folder.capitalize() in out


# Every pack carddb bundles (a folder of carddb/games/ with a package in it): each ships a starter.
BUNDLED = sorted(p.name for p in (REPO / "carddb" / "games").iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("game", BUNDLED)
def test_new_for_an_installed_pack_copies_its_starter(tmp_path: Path, game: str) -> None:
    code, out = cli("new", str(tmp_path / "p"), "--game", game)
    assert code == 0, out
    assert (tmp_path / "p" / "data" / game / "cards").is_dir() and (tmp_path / "p" / "README.md").is_file()
    code, out = cli("validate", "--strict", "--project", str(tmp_path / "p"))
    assert (code, out.strip()) == (0, "0 errors, 0 warnings")


def test_the_soulfall_starter_is_the_whole_fixed_game(tmp_path: Path) -> None:
    """A fixed game's starter is the game as carddb ships it (built and checked in tests/games/), file for file."""
    code, out = cli("new", str(tmp_path / "p"), "--game", "soulfall")
    assert code == 0, out
    shipped = REPO / "data" / "soulfall"
    written = tmp_path / "p" / "data" / "soulfall"
    names = sorted(str(f.relative_to(shipped)) for f in shipped.rglob("*") if f.is_file())
    assert names == sorted(str(f.relative_to(written)) for f in written.rglob("*") if f.is_file())
    assert len(names) >= 10
    for name in names:
        assert (written / name).read_bytes() == (shipped / name).read_bytes(), name


def test_new_never_loses_a_users_files(tmp_path: Path) -> None:
    root = tmp_path / "mine"
    (root / "data" / "mine").mkdir(parents=True)
    (root / "README.md").write_text("my own notes\n")
    code, out = cli("new", str(root))
    assert code == 2 and "is not empty" in out and "--force" in out
    assert not (root / "data" / "mine" / "game.yaml").exists()
    code, out = cli("new", str(root), "--force")
    assert code == 0 and "kept README.md (it was there already)" in out
    assert (root / "README.md").read_text() == "my own notes\n"
    assert (root / "data" / "mine" / "game.yaml").is_file()


def test_new_in_the_current_folder_names_the_files_it_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `carddb new . --force` in a folder that has a README: the kept file is named relative to the folder.
    root = tmp_path / "here"
    root.mkdir()
    (root / "README.md").write_text("my own notes\n")
    monkeypatch.chdir(root)
    code, out = cli("new", ".", "--force")
    assert code == 0, out
    assert "kept README.md (it was there already)" in out
    assert (root / "README.md").read_text() == "my own notes\n"
    assert (root / "data" / "here" / "game.yaml").is_file()


def test_a_folder_that_cannot_be_made_is_a_usage_error(tmp_path: Path) -> None:
    # Under a file, the folder cannot exist: say so instead of failing with an internal error.
    (tmp_path / "notes.txt").write_text("mine\n")
    code, out = cli("new", str(tmp_path / "notes.txt" / "game"))
    assert code == 2 and "cannot write the starter project" in out and "notes.txt" in out
    assert (tmp_path / "notes.txt").read_text() == "mine\n"


def test_a_folder_named_like_an_installed_pack_is_not_taken_for_a_new_game(tmp_path: Path) -> None:
    code, out = cli("new", str(tmp_path / "loe"))
    assert code == 2 and "--game loe" in out and not (tmp_path / "loe" / "data").exists()


def _sheet_geometry(root: Path, game: str, duplex: str) -> tuple[Path, Path]:
    code, out = cli("print", "--project", str(root), "--paper", "a4", "--duplex", duplex)
    assert code == 0, out
    return root / "output" / game / "print" / f"{game}-a4.pdf", root / "output" / game / "cards" / "cinder-hound.pdf"


@pytest.mark.parametrize(
    ("size", "trim", "grid", "duplex"),
    [("mini", (44.0, 67.0), (4, 4), "long"), ("square", (70.0, 70.0), (2, 4), "short")],
)
def test_a_game_yaml_game_prints_its_own_card_size_in_the_grid_the_paper_holds(
    tmp_path: Path, size: str, trim: tuple[float, float], grid: tuple[int, int], duplex: str
) -> None:
    game = f"{size}-game"
    root = new_game(tmp_path / game, size)
    sheet, card = _sheet_geometry(root, game, duplex)
    # The single-card PDF: the trim is the pack's size, 3 mm of bleed around it.
    left, bottom, right, top = trimbox(card)
    assert ((right - left) / (72 / 25.4), (top - bottom) / (72 / 25.4)) == pytest.approx(trim, abs=0.05)
    # 9 cards x 2 copies = 18 slots: one full page and one partial page, each followed by its backs.
    per_page = grid[0] * grid[1]
    pages = page_sizes(sheet)
    assert len(pages) == 2 * -(-18 // per_page)
    assert all(p == pytest.approx(A4_PT, abs=0.01) for p in pages)
    fronts, backs = placements(sheet, 0, (left, bottom, right, top)), placements(sheet, 1, (left, bottom, right, top))
    assert len(fronts) == len(backs) == per_page
    columns = sorted({round(p.x, 2) for p in fronts})
    rows = sorted({round(p.y, 2) for p in fronts})
    assert (len(columns), len(rows)) == grid
    assert all(p.w == pytest.approx(trim[0], abs=0.05) and p.h == pytest.approx(trim[1], abs=0.05) for p in fronts)
    # The grid is centred and no two cards overlap.
    assert columns[0] + columns[-1] + trim[0] == pytest.approx(210.0, abs=0.05)
    assert rows[0] + rows[-1] + trim[1] == pytest.approx(297.0, abs=0.05)
    # Crop marks run in line with every trim edge, outside the card area.
    # (The faces hold lines of their own; marks are the lines outside the card area.)
    vertical, horizontal = mark_lines(sheet, 0)
    below, above = rows[0] - 1, rows[-1] + trim[1] + 1
    left_edge, right_edge = columns[0] - 1, columns[-1] + trim[0] + 1
    marks_x = sorted({round(x, 2) for x, y0, y1 in vertical if y1 <= below or y0 >= above})
    marks_y = sorted({round(y, 2) for y, x0, x1 in horizontal if x1 <= left_edge or x0 >= right_edge})
    trim_xs = sorted({round(x, 2) for c in columns for x in (c, c + trim[0])})
    trim_ys = sorted({round(y, 2) for r in rows for y in (r, r + trim[1])})
    assert marks_x == pytest.approx(trim_xs, abs=0.02)
    assert marks_y == pytest.approx(trim_ys, abs=0.02)
    # Duplex: each back lies exactly behind its front once the sheet is flipped on the chosen edge.
    for front, back in zip(fronts, backs, strict=True):
        if duplex == "long":
            assert (back.x, back.y) == pytest.approx((210.0 - front.x - front.w, front.y), abs=0.02)
        else:
            assert (back.x, back.y) == pytest.approx((front.x, 297.0 - front.y - front.h), abs=0.02)


def test_a_print_service_preset_takes_the_services_size_nearest_the_cards(tmp_path: Path) -> None:
    # Mini cards go to MakePlayingCards as its mini template asks (1.75 x 2.5 in with 36 px of bleed a
    # side at 300 dpi: 597 x 822 px); a size it does not sell is refused, naming the sizes it does.
    root = new_game(tmp_path / "tiny", "mini")
    code, out = cli("print", "--project", str(root), "--preset", "mpc", "--paper", "a4")
    assert code == 0, out
    images = sorted((root / "output" / "tiny" / "png" / "mpc").rglob("*.png"))
    assert len(images) > 1
    for image in images:
        with Image.open(image) as picture:
            assert picture.size == (597, 822), image

    square = new_game(tmp_path / "squat", "square")
    code, out = cli("print", "--project", str(square), "--preset", "mpc")
    assert code == 2 and "MakePlayingCards sells no card near this game's 70 x 70 mm" in out
    assert "mini 1.75 x 2.5 in" in out and "tarot 2.75 x 4.75 in" in out
    assert not (square / "output").exists()
