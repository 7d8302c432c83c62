"""Game packs are plugins: found through the `carddb.games` entry points, broken ones reported, never fatal."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from carddb.files.project import Project
from carddb.findings.errors import LocatedError, UsageError
from carddb.packs.lookup import default_game, get_pack

ROOT = Path(__file__).resolve().parents[2]


def fake_distribution(site: Path, name: str, entry_points: dict[str, str], modules: dict[str, str]) -> Path:
    """An installed distribution as pip leaves it: a .dist-info folder beside its modules."""
    info = site / f"{name.replace('-', '_')}-1.2.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.2\n")
    lines = "".join(f"{game_id} = {target}\n" for game_id, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[console_scripts]\nnothing = os:getcwd\n\n[carddb.games]\n{lines}")
    for module, source in modules.items():
        (site / f"{module}.py").write_text(textwrap.dedent(source))
    return info


def carddb(*args: str, site: Path | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run(
        [sys.executable, "-m", "carddb", *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def test_bundled_packs_are_declared_as_entry_points_like_any_other() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["entry-points"]["carddb.games"] == {
        "loe": "carddb.games.loe:PACK",
        "loe2": "carddb.games.loe2:PACK",
        "estro": "carddb.games.estro:PACK",
        "shards": "carddb.games.shards:PACK",
        "soulfall": "carddb.games.soulfall:PACK",
    }
    source = (ROOT / "carddb" / "games" / "__init__.py").read_text(encoding="utf-8")
    assert "carddb.games.loe" not in source  # no second list of packs in the code


def test_games_lists_each_pack_with_its_version_and_origin() -> None:
    done = carddb("games")
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line for line in done.stdout.splitlines()[1:]}
    assert set(rows) >= {"loe", "loe2"}
    assert "0.1.0" in rows["loe"] and "carddb 0.1.0" in rows["loe"]


def test_a_command_about_one_game_imports_no_other_pack() -> None:
    code = (
        "import sys; from carddb.packs.lookup import get_pack; get_pack('loe2');"
        "print(sorted(m for m in sys.modules if m.startswith('carddb.games.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert "carddb.games.loe'" not in done.stdout and "carddb.games.loe2" in done.stdout


BROKEN = {
    "import-error": ({"crashing": "crashing_pack:PACK"}, {"crashing_pack": "import not_a_module_anywhere\n"}),
    "wrong-object": ({"notapack": "wrong_pack:PACK"}, {"wrong_pack": "PACK = {'id': 'notapack'}\n"}),
    "shadows-loe": (
        {"loe": "shadow_pack:PACK"},
        {"shadow_pack": "from carddb.games.loe2 import PACK\n"},
    ),
}


@pytest.fixture(scope="module")
def broken_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("site")
    for name, (entry_points, modules) in BROKEN.items():
        fake_distribution(site, f"{name}-pack", entry_points, modules)
    return site


def test_broken_plugins_are_located_errors_and_the_other_packs_still_list(broken_site: Path) -> None:
    done = carddb("games", site=broken_site)
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    out = done.stdout
    listed = [line.split()[0] for line in out.splitlines()[1:] if line and not line.startswith(" " * 4)]
    assert {"loe", "loe2"} <= set(listed)
    info = broken_site / "import_error_pack-1.2.dist-info" / "entry_points.txt"
    assert (
        f"{info}:5:1: E-GAME-PLUGIN the game pack 'crashing' (entry point 'crashing = crashing_pack:PACK' "
        "of the distribution import-error-pack 1.2) cannot be loaded: ModuleNotFoundError" in out
    )
    assert "    crashing = crashing_pack:PACK\n    ^^^^" in out  # the declaring line, with a caret
    assert "'notapack = wrong_pack:PACK' of wrong-object-pack 1.2 gives dict, not a carddb.packs.pack.GamePack" in out
    # A distribution cannot take over carddb's own pack id: the claim is reported, LOE stays LOE.
    assert "the game id 'loe' is declared more than once" in out and "carddb's own pack is used" in out
    assert "shadows-loe-pack 1.2" in out


def test_the_working_packs_stay_usable_beside_a_broken_one(broken_site: Path) -> None:
    done = carddb("validate", "--game", "loe", site=broken_site)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "E-GAME-PLUGIN" not in done.stdout + done.stderr
    broken = carddb("validate", "--game", "crashing", site=broken_site)
    assert broken.returncode == 1
    assert "E-GAME-PLUGIN" in broken.stderr and "import-error-pack 1.2" in broken.stderr
    assert "Traceback" not in broken.stderr


def test_default_game_comes_from_the_project_not_from_a_name(tmp_path: Path) -> None:
    for game in ("alpha", "beta"):
        (tmp_path / "data" / game).mkdir(parents=True)
    with pytest.raises(UsageError, match=r"several games \(alpha, beta\); pass --game ID, or name the default"):
        default_game(Project.at(tmp_path))
    (tmp_path / "carddb.yaml").write_text("game: beta\n")
    assert default_game(Project.at(tmp_path)) == "beta"
    single = tmp_path / "single"
    (single / "data" / "loe2").mkdir(parents=True)
    assert get_pack(None, Project.at(single)).id == "loe2"
    assert default_game(Project.at(ROOT)) == "loe"  # this repository names it, so `carddb build` builds LOE


def test_a_malformed_project_file_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "carddb.yaml").write_text("game: [loe]\ngmae: loe\n")
    with pytest.raises(LocatedError) as caught:
        default_game(Project.at(tmp_path))
    text = str(caught.value)
    assert "carddb.yaml:2:1: E-UNKNOWN-FIELD 'gmae' is not a setting of carddb.yaml" in text
    assert "carddb.yaml:1:7: E-BAD-VALUE 'game' must be a game id" in text
