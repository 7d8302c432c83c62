"""data/<id>/game.yaml: a game declared without Python, checked like any data file."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support.game_projects import write_game

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.errors import LocatedError
from carddb.packs.lookup import get_pack

GAME = """\
name: Starfall
card_size: mini
cost: {label: fuel, icon: fuel}
icons: [fuel]
stats:
  - {id: attack, label: Attack}
  - {id: hull, label: Hull}
factions:
  - {id: solar, name: Solar Union, color: "#b5532a", accent: "#f0c060"}
kinds:
  - id: ship
    label: Ship
    subtypes: [fighter, cruiser]
    fields:
      cost: {type: number, min: 0, max: 9}
      attack: {type: number, min: 0, max: 9}
      hull: {type: number, min: 1, max: 9}
      class: {type: choice, values: [light, heavy], required: false}
  - id: order
    label: Order
    fields:
      cost: {type: number, min: 0, max: 9}
  - id: station
    label: Station
    fields:
      hull: {type: number, min: 1, max: 20}
deck: {size: 4, copies: 2, kinds: [ship, order]}
"""
CARDS = """\
- id: dart
  name: Dart
  kind: ship
  subtype: fighter
  set: T1
  number: 1
  rarity: common
  faction: solar
  copies: 3
  cost: 1
  attack: 2
  hull: 1
  flavor: Small and quick.
  text: "Pay 1{fuel}: +1 attack."
- id: ram
  name: Ram
  kind: order
  set: T1
  number: 2
  rarity: rare
  copies: 2
  cost: 2
  flavor: Straight ahead.
- id: dock
  name: Dock
  kind: station
  set: T1
  number: 3
  rarity: uncommon
  copies: 1
  hull: 12
  flavor: Home.
"""


def project(tmp_path: Path, game: str = GAME, cards: str = CARDS) -> Path:
    return write_game(tmp_path, "starfall", game, cards, icons=("fuel",))


def findings(root: Path) -> list[tuple[str, int, int, str]]:
    _, report = load_database(Project.at(root), get_pack(None, Project.at(root)))
    return [(f.code, f.span.line if f.span else 0, f.span.col if f.span else 0, f.message) for f in report]


def test_a_declared_game_is_a_pack_like_any_other(tmp_path: Path) -> None:
    root = project(tmp_path)
    pack = get_pack(None, Project.at(root))
    assert (pack.id, pack.name, pack.kind_ids) == ("starfall", "Starfall", ("ship", "order", "station"))
    assert pack.card_size_mm == (44.0, 67.0)
    assert [s.id for s in pack.stats] == ["attack", "hull"] and pack.cost.icon == "fuel"
    db, report = load_database(Project.at(root), pack)
    assert not report.errors, report.format_text()
    dart = db.by_id("dart")
    assert dart is not None and dart.curve_cost() == 1 and dart.stat_line() == "2 attack, 1 hull"


def test_every_problem_of_game_yaml_is_reported_at_once_and_located(tmp_path: Path) -> None:
    broken = (
        GAME.replace("card_size: mini", "card_size: minni")
        .replace("  - {id: hull, label: Hull}\n", "  - {id: hull, label: Hull}\n  - {id: shield, label: Shield}\n")
        .replace("    label: Order\n", "    lable: Order\n")
        .replace("icons: [fuel]", "icons: [fuel, warp]")
        .replace("      hull: {type: number, min: 1, max: 20}", "      name: {type: text}")
    )
    root = project(tmp_path, broken)
    done = subprocess.run(
        [sys.executable, "-m", "carddb", "validate", "--project", str(root)], capture_output=True, text=True
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    # The schema's problem first (the file's shape), one finding for one typo; its consistency is
    # checked once the shape is right.
    assert (
        "game.yaml:21:5: E-UNKNOWN-FIELD 'lable' is not a field of a card kind; did you mean 'label', which a card kind needs?"
        in done.stderr
    )
    assert done.stderr.count(" E-") == 1
    fixed = broken.replace("    lable: Order\n", "    label: Order\n")
    (root / "data" / "starfall" / "game.yaml").write_text(fixed)
    with pytest.raises(LocatedError) as caught:
        get_pack(None, Project.at(root))
    text = str(caught.value)
    for expected in (
        "game.yaml:2:12: E-GAME-FILE 'minni' is not a card size carddb knows; did you mean 'mini'?",
        "game.yaml:4:15: E-GAME-FILE icon 'warp' has no picture: warp.svg is missing from icons/",
        "game.yaml:8:10: E-GAME-FILE stat 'shield' is not a number field of any kind, so no card can print it",
        "game.yaml:27:7: E-GAME-FILE 'name' is a field every card already has; the kind's fields are its own",
    ):
        assert expected in text, text
    assert text.count("E-GAME-FILE") == 4


def test_a_fields_default_and_the_deck_sizes_are_checked_against_their_declaration(tmp_path: Path) -> None:
    # A default is what a card without the field prints, so it must be a value the field could hold.
    broken = (
        GAME.replace(
            "      class: {type: choice, values: [light, heavy], required: false}",
            "      class: {type: choice, values: [light, heavy], default: medium}\n"
            "      shield: {type: number, min: 0, max: 5, default: strong}\n"
            "      escort: {type: flag, default: 3}",
        )
        .replace(
            "      cost: {type: number, min: 0, max: 9}\n  - id: station",
            "      cost: {type: number, default: 0}\n  - id: station",
        )
        .replace(
            "      hull: {type: number, min: 1, max: 20}", "      hull: {type: number, min: 1, max: 20, default: 30}"
        )
        .replace("deck: {size: 4, copies: 2, kinds: [ship, order]}", "deck: {min_size: 12, max_size: 5}")
    )
    with pytest.raises(LocatedError) as caught:
        get_pack(None, Project.at(project(tmp_path, broken)))
    text = str(caught.value)
    for expected in (
        "game.yaml:18:7: E-GAME-FILE field 'class': the default 'medium' is not one of its values: light, heavy",
        "game.yaml:19:7: E-GAME-FILE field 'shield': the default 'strong' is not a whole number",
        "game.yaml:20:7: E-GAME-FILE field 'escort': the default 3 is not true or false",
        "game.yaml:28:7: E-GAME-FILE field 'hull': the default 30 is above its max 20",
        "game.yaml:29:18: E-GAME-FILE deck: min_size 12 is above max_size 5",
    ):
        assert expected in text, text
    assert text.count("E-GAME-FILE") == 5  # 'cost' defaults to 0, a number it may hold


def test_cards_are_checked_against_the_declared_fields(tmp_path: Path) -> None:
    cards = (
        CARDS.replace("  attack: 2\n", "  attack: 12\n")
        .replace("  faction: solar\n", "  faction: lunar\n")
        .replace("  hull: 12\n", "  hul: 12\n")
        .replace("  cost: 2\n", "")
    )
    got = findings(project(tmp_path, cards=cards))
    errors = [f for f in got if f[0].startswith("E-")]
    assert ("E-OUT-OF-RANGE", 11, 11, "'attack' is 12; it must be at most 9") in errors
    assert any(f[:3] == ("E-BAD-VALUE", 8, 12) and "'lunar', expected 'solar'" in f[3] for f in errors)
    assert ("E-MISSING-FIELD", 15, 3, "'ram' has no 'cost', which every Order needs") in errors
    assert (
        "E-UNKNOWN-FIELD",
        30,
        3,
        "'hul' is not a field of a Station; did you mean 'hull', which every Station needs?",
    ) in errors


def test_declared_deck_rules_are_enforced(tmp_path: Path) -> None:
    root = project(tmp_path)
    decks = root / "data" / "starfall" / "decks"
    decks.mkdir()
    (decks / "bad.yaml").write_text(
        textwrap.dedent(
            """\
            id: bad
            name: Bad
            kind: deck
            cards:
              dart: 3
              dock: 1
            """
        )
    )
    (decks / "small.yaml").write_text("id: small\nname: Small\nkind: deck\ncards: {dart: 1, ram: 1}\n")
    (decks / "single.yaml").write_text("id: single\nname: Single\nkind: deck\ncards: {ram: 1}\n")
    from carddb.findings.diagnostics import Report
    from carddb.play.decks import load_decks

    db, _ = load_database(Project.at(root), get_pack("starfall", Project.at(root)))
    report = Report(root=root)
    assert load_decks(db, report) == []
    messages = [(f.span.line if f.span else 0, f.message) for f in report if f.code == "E-DECK-RULE"]
    assert messages == [
        (5, "deck 'bad' has 3 copies of 'dart'; a deck holds at most 2"),
        (6, "'dock' is a Station; a deck holds only Ship or Order cards"),
        # one rule broken, one rule said: the size, not every rule of a deck
        (4, "deck 'single' has 1 card; a deck holds exactly 4 cards"),
        (4, "deck 'small' has 2 cards; a deck holds exactly 4 cards"),
    ]
    assert db.pack.deck_rules.describe() == (  # type: ignore[union-attr]
        "a deck holds exactly 4 cards. It holds at most 2 copies of a card. It holds only Ship or Order cards"
    )


def test_a_project_game_cannot_take_an_installed_packs_id(tmp_path: Path) -> None:
    data = tmp_path / "data" / "loe"
    data.mkdir(parents=True)
    (data / "game.yaml").write_text(GAME)
    with pytest.raises(LocatedError, match=r"game.yaml:1:1: E-GAME-FILE this project declares a game 'loe', but"):
        get_pack("loe", Project.at(tmp_path))


def test_the_live_preview_reads_an_edited_game_yaml(tmp_path: Path) -> None:
    import io

    from carddb.site.serve import Preview

    root = project(tmp_path)
    preview = Preview(
        Project.at(root),
        get_pack(None, Project.at(root)),
        root / "output" / "site",
        lambda db, report: f"{len(db.cards)} cards",
        out=io.StringIO(),
    )
    assert preview.rebuild().state == "ok"
    game = root / "data" / "starfall" / "game.yaml"
    game.write_text(GAME.replace("attack: {type: number, min: 0, max: 9}", "attack: {type: number, min: 0, max: 1}"))
    tightened = preview.rebuild({game})
    assert tightened.state == "errors"
    assert [(f.code, f.message) for f in tightened.findings] == [
        ("E-OUT-OF-RANGE", "'attack' is 2; it must be at most 1")
    ]
    game.write_text("name: [Starfall]\n" + GAME.split("\n", 1)[1])
    broken = preview.rebuild({game})
    assert broken.state == "failed" and "game.yaml:1:7: E-WRONG-TYPE 'name' must be text" in broken.summary
    game.write_text(GAME)
    assert preview.rebuild({game}).state == "ok"
