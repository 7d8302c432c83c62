"""A tiny game.yaml game with double-sided cards, for the tests of the core's two-faced cards.

'Outpost' has one single-sided kind (a Scout, printed with the game's shared back) and one
double-sided kind: a Camp whose other side is a Fort, each side with its own name, text and
points. Every side has a name no other side has, so a test can find each one in a PDF.
"""

from __future__ import annotations

from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from support.game_projects import write_game

GAME_ID = "outpost"
GAME = """\
name: Outpost
card_size: mini
stats: [{id: points, label: Points}]
kinds:
  - id: scout
    label: Scout
    fields: {points: {type: number, min: 0, max: 9}}
  - id: camp
    label: Camp
    back_face: fort
    fields: {points: {type: number, min: 0, max: 9}}
  - id: fort
    label: Fort
    fields:
      points: {type: number, min: 0, max: 9}
      walls: {type: number, min: 0, max: 5, required: false}
"""
CARDS = """\
- id: lone-scout
  kind: scout
  name: Lone Scout
  set: T1
  number: 1
  rarity: common
  points: 1
  flavor: Alone on the ridge.
- id: river-camp
  kind: camp
  name: River Camp
  set: T1
  number: 2
  rarity: common
  copies: 2
  points: 1
  text: Tents by the ford.
  flavor: Wet boots.
  back:
    name: River Fort
    points: 3
    walls: 2
    text: Stone by the ford.
- id: hill-camp
  kind: camp
  name: Hill Camp
  set: T1
  number: 3
  rarity: rare
  points: 2
  flavor: Wind.
  back:
    name: Hill Fort
    points: 4
    flavor: Stone on the wind.
"""
# Each front's name and the name of what prints behind it (the game's one shared back for the Scout).
BEHIND = {"Lone Scout": "Outpost", "River Camp": "River Fort", "Hill Camp": "Hill Fort"}


def write_outpost(root: Path, cards: str = CARDS) -> Path:
    return write_game(root, GAME_ID, GAME, cards)


def load_outpost(root: Path) -> tuple[CardDatabase, Report]:
    project = Project.at(root)
    return load_database(project, get_pack(GAME_ID, project))


def clean_outpost(root: Path) -> CardDatabase:
    """The Outpost project written at `root` and loaded; it validates without an error."""
    db, report = load_outpost(write_outpost(root))
    assert not report.errors, report.format_text()
    return db
