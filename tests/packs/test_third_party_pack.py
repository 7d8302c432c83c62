"""A game pack in a distribution of its own (tests/fixtures/orbit_pack) works with no change to carddb.

Here the distribution is made visible as pip would leave it for an editable install: a
.dist-info folder declaring the entry point, and the package folder on the path. The wheel
test (test_wheel.py) installs the same folder with pip into a fresh virtual environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "orbit_pack"
MM = 72 / 25.4


@pytest.fixture(scope="module")
def orbit_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    site = tmp_path_factory.mktemp("site")
    info = site / "carddb_orbit-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: carddb-orbit\nVersion: 1.0.0\n")
    (info / "entry_points.txt").write_text("[carddb.games]\norbit = orbit_pack:PACK\n")
    return os.pathsep.join([str(site), str(FIXTURE)])


def carddb(path: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run([sys.executable, "-m", "carddb", *args], capture_output=True, text=True, cwd=cwd, env=env)
    assert "Traceback" not in done.stdout + done.stderr
    return done


def test_the_pack_is_found_validated_and_printed(orbit_path: str, tmp_path: Path) -> None:
    games = carddb(orbit_path, "games", cwd=tmp_path)
    assert games.returncode == 0
    row = next(line for line in games.stdout.splitlines() if line.split()[:1] == ["orbit"])
    assert row.split()[1:5] == ["Orbit", "1.0", "carddb-orbit", "1.0.0"]
    assert carddb(orbit_path, "new", "proj", "--game", "orbit", cwd=tmp_path).returncode == 0
    root = tmp_path / "proj"
    validated = carddb(orbit_path, "validate", "--strict", cwd=root)
    assert (validated.returncode, validated.stdout.strip()) == (0, "0 errors, 0 warnings")
    # Its rules language is its own: a phrase it does not have is an error, located in the card file.
    cards = root / "data" / "orbit" / "cards" / "cards.yaml"
    cards.write_text(cards.read_text().replace("text: Gain 2 fuel.", "text: Gain 2 mana."))
    wrong = carddb(orbit_path, "validate", cwd=root)
    assert wrong.returncode == 1
    assert "cards.yaml:23:16: E-RULES-UNKNOWN-WORD 'mana' is not a word of this game's rules text" in wrong.stdout
    cards.write_text(cards.read_text().replace("text: Gain 2 mana.", "text: Gain 2 fuel."))
    printed = carddb(orbit_path, "print", "--paper", "a4", cwd=root)
    assert printed.returncode == 0, printed.stdout + printed.stderr
    out = root / "output" / "orbit"
    face = PdfReader(out / "cards" / "vega-ace.pdf").pages[0]
    assert (float(face.trimbox.width) / MM, float(face.trimbox.height) / MM) == pytest.approx((70, 120), abs=0.05)
    assert (out / "cards" / "backs" / "default.pdf").is_file()
    sheet = PdfReader(out / "print" / "orbit-a4.pdf")
    assert len(sheet.pages) == 2  # 4 cards (slingshot twice) on one 2 x 2 front page, and its backs
    assert "2 x 2 per page" in printed.stdout


def test_the_pack_s_own_simulator_playtests_its_starter(orbit_path: str, tmp_path: Path) -> None:
    """orbit_pack/sim.py, written against carddb.pack_api alone, plays the rules of the starter's rulebook."""
    assert carddb(orbit_path, "new", "proj", "--game", "orbit", cwd=tmp_path).returncode == 0
    root = tmp_path / "proj"
    report = root / "output" / "orbit" / "playtest" / "seed3" / "playtest.json"
    played = carddb(orbit_path, "playtest", "--game", "orbit", "-n", "100", "--seed", "3", cwd=root)
    assert played.returncode == 0, played.stdout + played.stderr
    first = json.loads(report.read_text())
    games = first["games"]
    assert len(games) == 100 and all(not game["error"] for game in games)
    assert first["settings"]["seats"] == ["Player 1", "Player 2"]
    assert first["summary"]["never_played"] == []
    assert {card for game in games for seat in game["seats"] for card in seat["played"]} == {
        "vega-ace",
        "slingshot",
        "relay-beacon",
    }
    # Every game ends as the rulebook says: 3 Beacons claimed, or the deck ran out and the most Beacons
    # (then the most thrust) won, or no one did when both were tied.
    for game in games:
        ends = [(seat["summary"]["beacons"], seat["summary"]["thrust"]) for seat in game["seats"]]
        if game["reason"] == "beacons":
            assert ends[game["winner"]][0] == 3
        else:
            assert game["reason"] == "the deck ran out"
            best = max(ends)
            expected = None if ends.count(best) > 1 else ends.index(best)
            assert game["winner"] == expected
    assert sum(game["winner"] is not None for game in games) >= 90
    # The same seed plays the same games.
    again = carddb(orbit_path, "playtest", "--game", "orbit", "-n", "100", "--seed", "3", cwd=root)
    assert again.returncode == 0 and json.loads(report.read_text())["games"] == games
    # The greedy bot weighs each play with Orbit's `evaluate` and beats the random bot; every invariant holds.
    greedy = carddb(
        orbit_path,
        "playtest",
        "--game",
        "orbit",
        "-n",
        "40",
        "--seed",
        "5",
        "--bots",
        "greedy,random",
        "--check",
        cwd=root,
    )
    assert greedy.returncode == 0, greedy.stdout + greedy.stderr
    wins = [
        game["winner"] for game in json.loads((report.parent.parent / "seed5" / "playtest.json").read_text())["games"]
    ]
    assert wins.count(0) > wins.count(1)


def test_a_broken_install_of_the_pack_is_reported_where_it_is_declared(orbit_path: str, tmp_path: Path) -> None:
    site = Path(orbit_path.split(os.pathsep)[0])
    hidden = os.pathsep.join([str(site), str(tmp_path)])  # the package folder is gone, the metadata is not
    done = carddb(hidden, "validate", "--game", "orbit", cwd=tmp_path)
    assert done.returncode == 1
    where = site / "carddb_orbit-1.0.0.dist-info" / "entry_points.txt"
    assert (
        f"{where}:2:1: E-GAME-PLUGIN the game pack 'orbit' (entry point 'orbit = orbit_pack:PACK' of the" in done.stderr
    )
    assert "ModuleNotFoundError: No module named 'orbit_pack'" in done.stderr


ORBIT_BOOSTERS = """\
boosters:
  flight:
    name: Flight pack
    slots:
      - {name: any, count: 2, filter: {rarity: [common, rare]}}
drafts:
  flight-draft:
    name: Flight draft
    description: Two rounds of flight packs, passed left then right.
    phases:
      draft:
        name: Flight draft
        mode: pick-and-pass
        booster: flight
        open: each-seat
        rounds: 2
        pass: alternate
        pool: {name: hangar}
"""


def test_the_pack_is_drafted_from_its_boosters_file_alone(orbit_path: str, tmp_path: Path) -> None:
    assert carddb(orbit_path, "new", "proj", "--game", "orbit", cwd=tmp_path).returncode == 0
    root = tmp_path / "proj"
    (root / "data" / "orbit" / "boosters.yaml").write_text(ORBIT_BOOSTERS)
    drafted = carddb(orbit_path, "draft", "--seats", "2", "--seed", "7", cwd=root)
    assert drafted.returncode == 0, drafted.stdout + drafted.stderr
    out = root / "output" / "orbit" / "play" / "draft-seed7"
    log = json.loads((out / "draft-log.json").read_text())
    assert (log["game"], log["draft"], log["seed"]) == ("orbit", "flight-draft", 7)
    # 2 seats x 2 rounds x a 2-card pack: every card opened is picked, 4 per seat, only orbit's cards
    assert len(log["picks"]) == 8
    pools = [line for line in drafted.stdout.splitlines() if line.startswith("Seat ")]
    assert [p.split(":")[0] for p in pools] == ["Seat 1", "Seat 2"]
    assert len(PdfReader(out / "pick-sheets.pdf").pages) == 2
    replayed = carddb(orbit_path, "draft", "--replay", str(out / "draft-log.json"), cwd=root)
    assert replayed.returncode == 0 and "replayed 8 picks; every pool and shared deck matches" in replayed.stdout
