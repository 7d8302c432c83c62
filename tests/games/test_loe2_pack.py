"""LOE v2 as a second game pack on the same core: its schema, checks, deck rules and text."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.play.decks import load_decks
from carddb.rules.canonical import ability_text
from carddb.rules.problems import Problem
from carddb.rules.text import parse_line, split_abilities

ROOT = Path(__file__).resolve().parents[2]
LOE2 = get_pack("loe2")

SETS = "- {code: V2S, name: Test, stage: playtest}\n"


def project(tmp_path: Path, cards: str, game: str = "loe2", sets: str = SETS) -> Path:
    data = tmp_path / "data" / game
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text(sets)
    (data / "cards" / "cards.yaml").write_text(textwrap.dedent(cards))
    return tmp_path


def findings(root: Path, game: str = "loe2") -> list[tuple[str, int, str]]:
    _, report = load_database(Project.at(root), get_pack(game))
    return [(f.code, f.span.line if f.span else 0, f.message) for f in report]


TROOP = """
- id: pikeman
  name: Pikeman
  kind: troop
  set: V2S
  number: 1
  rarity: common
  flavor: x
  cost: 1
  pitch: 3
  troop_type: Soldier
  power: 1
  toughness: 2
"""


def test_bundled_v2_data_is_clean() -> None:
    db, report = load_database(Project.at(ROOT), LOE2)
    assert not report.errors, report.format_text()
    kinds = {c.kind for c in db.cards}
    assert kinds == {"leader", "troop", "spell", "reaction", "resource"}
    # every non-resource card has a pitch value 0-3; resource cards have none
    for card in db.cards:
        if card.kind == "resource":
            assert not hasattr(card, "pitch")
        else:
            assert 0 <= card.pitch <= 3  # type: ignore[attr-defined]


def test_resource_card_cannot_carry_a_pitch_value(tmp_path: Path) -> None:
    root = project(
        tmp_path,
        """
        - id: ore
          name: Ore
          kind: resource
          subtype: material
          set: V2S
          number: 1
          rarity: common
          pitch: 2
          text: "Sacrifice this card: Gain 2 mana."
        """,
    )
    codes = findings(root)
    assert [c[0] for c in codes if c[0].startswith("E-")] == ["E-KIND-RULE"]
    assert "cannot carry a pitch value" in codes[0][2]


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [("toughness", "0", "E-OUT-OF-RANGE"), ("pitch", "4", "E-OUT-OF-RANGE"), ("troop_type", "Soldeir", "E-BAD-VALUE")],
)
def test_troop_fields_are_checked(tmp_path: Path, field: str, value: str, code: str) -> None:
    text = re.sub(rf"  {field}: .*", f"  {field}: {value}", TROOP)
    root = project(tmp_path, text)
    found = [f for f in findings(root) if f[0].startswith("E-")]
    line = text.splitlines().index(f"  {field}: {value}") + 1
    assert found[0][:2] == (code, line)
    if field == "troop_type":
        assert "did you mean 'Soldier'" in found[0][2]


def test_leader_must_lead_a_troop_type_that_some_troop_has(tmp_path: Path) -> None:
    leader = """
    - id: captain
      name: Captain
      kind: leader
      set: V2S
      number: 2
      rarity: rare
      flavor: x
      cost: 3
      pitch: 1
      leads: [Soldier, Archer]
      power: 3
      resistance: 1
      health: 8
    """
    root = project(tmp_path, textwrap.dedent(TROOP) + textwrap.dedent(leader))
    errors = [f for f in findings(root) if f[0].startswith("E-")]
    assert len(errors) == 1
    code, line, message = errors[0]
    assert code == "E-KIND-RULE" and "'Archer'" in message and "no Troop" in message
    assert (
        line == (textwrap.dedent(TROOP) + textwrap.dedent(leader)).splitlines().index("  leads: [Soldier, Archer]") + 1
    )


def test_a_card_file_of_one_pack_is_rejected_by_the_other(tmp_path: Path) -> None:
    loe_file = (ROOT / "data" / "loe" / "cards").glob("*.yaml")
    duke_file = next(p for p in loe_file if "kind: duke" in p.read_text())
    data = tmp_path / "data" / "loe2"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text("- {code: BASE, name: Base, stage: playtest}\n")
    (data / "cards" / "dukes.yaml").write_text(duke_file.read_text())
    result = subprocess.run(
        [sys.executable, "-m", "carddb", "validate", "--game", "loe2", "--project", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert "E-UNKNOWN-KIND 'duke' is not a card kind of Lords of Estraven v2" in result.stdout
    # and the other way round: a v2 Troop is not an LOE v1 card
    root = project(tmp_path / "other", TROOP, game="loe")
    codes = [f[0] for f in findings(root, "loe")]
    assert "E-UNKNOWN-KIND" in codes


def test_every_v2_text_and_example_parses_and_round_trips() -> None:
    language = LOE2.language
    assert language is not None
    db, _ = load_database(Project.at(ROOT), LOE2)
    lines = [line for e in language.registry for ex in e.examples for _, line in split_abilities(ex)]
    lines += [line for card in db.cards for _, line in split_abilities(card.text)]
    for line in lines:
        ability = parse_line(line, language)
        assert not isinstance(ability, Problem), (line, ability)
        canonical = ability_text(ability, language)
        assert canonical == line  # the bundled data is written canonically
        assert parse_line(canonical, language) == ability


def test_v2_text_is_checked_with_v2_words() -> None:
    language = LOE2.language
    assert language is not None
    problem = parse_line("Spend 1 Influence: Draw a card.", language)  # an LOE v1 cost
    assert isinstance(problem, Problem)
    assert problem.start == 0


def _with_deck(root: Path, deck: str) -> Path:
    """A copy of the bundled v2 data with one more deck list; the list's path."""
    shutil.copytree(ROOT / "data" / "loe2", root / "data" / "loe2")
    path = root / "data" / "loe2" / "decks" / "extra.yaml"
    path.write_text(deck, encoding="utf-8")
    return path


def test_v2_decks_follow_the_v2_deck_rules(tmp_path: Path) -> None:
    db, _ = load_database(Project.at(ROOT), LOE2)
    report = Report()
    decks = [loaded.deck for loaded in load_decks(db, report)]
    assert not report.errors, report.format_text()
    sizes = {d.id: d.size for d in decks}
    assert sizes.pop("marketplace") == 20
    assert len(sizes) >= 4 and set(sizes.values()) == {20}
    # a deck with a resource card and 19 cards breaks two rules; its Archer Troop, which no Leader of
    # this deck leads, breaks none: the seed lets Troops exist without a Leader, and a player's two
    # decks are shuffled together, so the other deck may hold its Leader
    bad = _with_deck(
        tmp_path,
        "id: bad\nname: Bad\nkind: deck\ncards:\n  marshal-oren-vask: 1\n  ashmarch-pikeman: 3\n"
        "  fenlight-archer: 2\n  ember-lancer: 2\n  volley-of-cinders: 2\n  forced-march: 2\n"
        "  burn-the-granaries: 1\n  hold-the-line: 1\n  counter-charge: 1\n  scorched-veteran: 2\n"
        "  cinder-outrider: 1\n  ironwood-timber: 1\n",
    )
    result = subprocess.run(
        [sys.executable, "-m", "carddb", "deck", "check", "--game", "loe2", "--project", str(tmp_path), str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1, result.stdout
    out = result.stdout
    assert "has 19 cards; a pre-constructed deck has exactly 20" in out
    assert "'ironwood-timber' is a resource card" in out
    assert "fenlight-archer" not in out and out.count("E-DECK-RULE") == 2


def test_a_v2_deck_needs_no_leader(tmp_path: Path) -> None:
    """Seed 001: Troops "can exist on the battlefield without a Leader"; the pack asks for none."""
    _with_deck(
        tmp_path,
        "id: troops\nname: Troops only\nkind: deck\ncards:\n  ashmarch-pikeman: 3\n  fenlight-archer: 3\n"
        "  ember-lancer: 2\n  reedwalker-scout: 3\n  temple-acolyte: 3\n  anvil-guard: 2\n  bog-runner: 2\n"
        "  censer-bearer: 2\n",
    )
    db, _ = load_database(Project.at(tmp_path), LOE2)
    report = Report()
    loaded = [d.deck.id for d in load_decks(db, report)]
    assert not report.errors, report.format_text()
    assert "troops" in loaded and LOE2.number("deck-size") == 20


def test_v2_faces_show_pitch_and_unit_stats() -> None:
    from carddb.render.faces.context import card_html

    db, _ = load_database(Project.at(ROOT), LOE2)
    leader = card_html(db, db.by_id("marshal-oren-vask"))  # type: ignore[arg-type]
    stats = re.findall(
        r'class="stat stat-(\w+)" title="[^"]+">\s*<svg[^>]*>.*?</svg>\s*<span class="stat-value">(\d+)', leader, re.S
    )
    assert stats == [("power", "5"), ("resistance", "2"), ("health", "12")]
    assert 'class="pitch pitch-1"' in leader and leader.count('class="pitch-drop"') == 1
    assert "Leader — Soldier, Rider" in leader
    troop = card_html(db, db.by_id("reedwalker-scout"))  # type: ignore[arg-type]
    assert re.findall(r'class="stat stat-(\w+)"', troop) == ["power", "toughness"]
    assert troop.count('class="pitch-drop"') == 3
    resource = card_html(db, db.by_id("ironwood-timber"))  # type: ignore[arg-type]
    assert 'class="pitch' not in resource and 'class="stats' not in resource
