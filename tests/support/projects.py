"""Tiny LOE projects on disk for the card-database, CLI and hostile-input tests, and a way to run the CLI on them.

`CLEAN_CARDS` is one valid card of every LOE kind, with rules text taken from the
shipped cards (so the rules-text check, which validate also runs, accepts it).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.findings.errors import CarddbError

# A real 1x1 PNG, and a file that has an image suffix but is not an image.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360606060"
    "000000050001a5f645400000000049454e44ae426082"
)

SETS = """\
- code: BASE
  name: Lords of Estraven
  release: 2026-12-01
  stage: playtest
- code: PROMO
  name: Promotional cards
  stage: playtest
"""

CLEAN_CARDS = """\
- id: aldric
  name: Aldric, the Ember Lord
  kind: lord
  province: ashmarch
  set: BASE
  number: 1
  rarity: rare
  cost: 5
  health: 22
  text: Whenever you trade with the market, draw a card.
  flavor: The forges never cool.
  art: {file: good.png, artist: A. Painter}
- id: gate-duke
  name: Duke of the Cinder Gate
  kind: duke
  set: BASE
  number: 2
  rarity: uncommon
  cost: {powerstones: 3, influence: 1}
  health: 8
  text: "Spend 1 Influence: Deal 2 damage to target Duke."
  flavor: He keeps the gate.
- id: iron-crown
  name: The Iron Crown
  kind: victory
  set: BASE
  number: 3
  rarity: rare
  text: Win if you control four or more Items.
  flavor: Crowns are forged.
- id: levies
  name: Ashmarch Levies
  kind: resource
  subtype: subject
  set: BASE
  number: 4
  rarity: common
  copies: 3
  text: Tribute 1
  flavor: They march.
- id: quickening
  name: Quickening
  kind: spell
  set: BASE
  number: 5
  rarity: common
  cost: 0
  text: Ready target Resource.
  flavor: Again.
- id: refusal
  name: Veiled Refusal
  kind: reaction
  set: BASE
  number: 6
  rarity: uncommon
  cost: 3
  text: "Reaction - When an opponent plays an Item: Destroy it."
  flavor: No.
- id: ember-blade
  name: Ember Blade
  kind: item
  subtype: gear
  set: BASE
  number: 7
  rarity: common
  cost: 2
  text: Coupled character gets +2 health.
  flavor: Warm to the touch.
- id: rite-of-ashes
  name: Rite of Ashes
  kind: ritual
  set: BASE
  number: 8
  rarity: uncommon
  cost: 3
  text: Each character gets +2 health.
  flavor: Ash to ash.
"""


def write_project(
    root: Path,
    cards: dict[str, str | bytes] | None = None,
    *,
    sets: str | bytes | None = SETS,
    art: dict[str, bytes] | None = None,
) -> Path:
    """A project with data/loe/{sets.yaml, cards/*, art/*}; `cards` maps file names to contents."""
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True, exist_ok=True)
    (data / "art").mkdir(exist_ok=True)
    if sets is not None:
        _write(data / "sets.yaml", sets)
    for name, content in (cards if cards is not None else {"cards.yaml": CLEAN_CARDS}).items():
        _write(data / "cards" / name, content)
    for name, content in (art if art is not None else {"good.png": PNG, "notes.png": b"just some notes\n"}).items():
        _write(data / "art" / name, content)
    return root


def _write(path: Path, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str
    crashed: bool  # an exception escaped the command: a user would have seen a traceback


def run_cli(*args: str) -> Run:
    """The CLI in this process (fast); exceptions that escape the app are reported, not raised.

    A `CarddbError` is turned into its exit code and one stderr line as `cli.main`
    does (tests with `run_process` check main itself); any other exception is a crash.
    """
    result = CliRunner().invoke(app, list(args))
    if isinstance(result.exception, CarddbError):
        return Run(result.exception.exit_code, result.stdout, f"carddb: {result.exception}\n", False)
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    return Run(result.exit_code, result.stdout, result.stderr, crashed)


def run_process(*args: str, cwd: Path | None = None) -> Run:
    """The installed CLI as a separate process: the real boundary, exit code and streams."""
    done = subprocess.run([sys.executable, "-m", "carddb", *args], capture_output=True, text=True, cwd=cwd, timeout=120)
    return Run(done.returncode, done.stdout, done.stderr, "Traceback" in done.stderr + done.stdout)
