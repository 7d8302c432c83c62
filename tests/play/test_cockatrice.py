"""Cockatrice card databases: every bundled game's XML follows the v4 schema and Cockatrice's reading of it.

`schema_problems` states in our own code the structural rules of Cockatrice's published schema,
doc/carddatabase_v4/cards.xsd (github.com/Cockatrice/Cockatrice), and of its v4 reader
(cockatrice_xml_4.cpp): the root `cockatrice_carddatabase` with `version="4"` (the reader refuses
any other) holds at most one `info`, `sets`, `cards`, in that order and nothing else; `info`
holds only author, createdAt, sourceUrl, sourceVersion; a `set` has one `name` and only the
optional longname, settype, releasedate, priority; a `card` is the sequence name, text?, prop?,
set+, (related | reverse-related)*, token?, tablerow?, cipt?, upsidedown?, landscapeOrientation?,
its booleans `1` or `0` (the reader takes `1`), tablerow an integer, and a `set` printing's
attributes among muid, uuid, picurl, num, rarity, isOnlineOnly, isRebalanced, flavorName. The same
files were validated with xmllint against the schema itself outside the test suite (docs/play-modes.md).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.double_sided import GAME_ID, write_outpost
from typer.testing import CliRunner

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cli.app import app
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.play.cockatrice import corrected_name, database_xml

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("loe", "loe2", "shards", "estro", "soulfall")
CARD_ORDER = [
    "name",
    "text",
    "prop",
    "set",
    "related",
    "token",
    "tablerow",
    "cipt",
    "upsidedown",
    "landscapeOrientation",
]
BOOLEANS = {"token", "cipt", "upsidedown", "landscapeOrientation"}
PRINTING = {"muid", "uuid", "picurl", "num", "rarity", "isOnlineOnly", "isRebalanced", "flavorName"}
RELATION = {"count", "exclude", "attach", "persistent", "facedown"}


def schema_problems(xml: bytes) -> list[str]:
    """What the v4 schema or Cockatrice's v4 reader would refuse (empty: nothing)."""
    problems: list[str] = []
    root = ET.fromstring(xml)
    if root.tag != "cockatrice_carddatabase" or root.get("version") != "4":
        problems.append(f"root {root.tag} version {root.get('version')!r}")
    order = [child.tag for child in root]
    if order != [tag for tag in ("info", "sets", "cards") if tag in order] or len(order) != len(set(order)):
        problems.append(f"root children {order}")
    for info in root.iter("info"):
        problems += [
            f"info/{c.tag}" for c in info if c.tag not in {"author", "createdAt", "sourceUrl", "sourceVersion"}
        ]
    codes = set()
    for entry in root.findall("sets/set"):
        tags = [c.tag for c in entry]
        if tags.count("name") != 1 or not set(tags) <= {"name", "longname", "settype", "releasedate", "priority"}:
            problems.append(f"set {tags}")
        codes.add(entry.findtext("name"))
    names = [card.findtext("name") for card in root.findall("cards/card")]
    for card in root.findall("cards/card"):
        tags = [("related" if c.tag == "reverse-related" else c.tag) for c in card]
        ranks = [CARD_ORDER.index(t) if t in CARD_ORDER else -1 for t in tags]
        where = card.findtext("name")
        if -1 in ranks or ranks != sorted(ranks) or tags[:1] != ["name"] or "set" not in tags:
            problems.append(f"card {where}: children {tags}")
        for tag in ("name", "text", "prop", "token", "tablerow", "cipt", "upsidedown", "landscapeOrientation"):
            if tags.count(tag) > 1:
                problems.append(f"card {where}: {tags.count(tag)} {tag}")
        for child in card:
            if child.tag in BOOLEANS and child.text not in ("1", "0"):
                problems.append(f"card {where}: {child.tag} {child.text!r} (Cockatrice reads 1)")
            if child.tag == "tablerow" and not re.fullmatch(r"-?\d+", child.text or ""):
                problems.append(f"card {where}: tablerow {child.text!r}")
            if child.tag == "set" and (set(child.attrib) - PRINTING or child.text not in codes):
                problems.append(f"card {where}: printing {child.attrib} of set {child.text!r}")
            if child.tag in {"related", "reverse-related"} and (
                set(child.attrib) - RELATION or child.text not in names
            ):
                problems.append(f"card {where}: {child.tag} {child.text!r} {child.attrib}")
    if len(names) != len(set(names)):  # a second card of a name would be read as a printing of the first
        problems.append("card names repeat")
    return problems


@pytest.fixture(scope="module")
def databases() -> dict[str, CardDatabase]:
    out = {}
    for game in GAMES:
        db, report = load_database(Project.at(ROOT), get_pack(game))
        assert not report.errors
        out[game] = db
    return out


def test_every_bundled_game_follows_the_v4_schema(databases: dict[str, CardDatabase]) -> None:
    for game, db in databases.items():
        xml = database_xml(db, picture_base=f"https://example.org/{game}")
        assert schema_problems(xml) == [], game
        root = ET.fromstring(xml)
        faces = sum(len(c.faces) for c in db.cards)
        assert len(root.findall("cards/card")) == faces, game
        uuids = [p.get("uuid") for p in root.iter("set") if p.get("uuid")]
        assert len(uuids) == faces == len(set(uuids))
        assert all(
            p.get("picurl", "").startswith(f"https://example.org/{game}/") for p in root.findall("cards/card/set")
        )


def test_double_sided_cards_are_two_cards_that_transform_into_each_other(databases: dict[str, CardDatabase]) -> None:
    db = databases["soulfall"]
    root = ET.fromstring(database_xml(db))
    cards = {c.findtext("name"): c for c in root.findall("cards/card")}
    card = next(c for c in db.cards if c.back is not None)
    front = next(c for c in cards.values() if c.find("set").get("num") == str(card.number))  # type: ignore[union-attr]
    back_name = front.findtext("related")
    back = cards[back_name]  # type: ignore[index]
    assert front.find("related").get("attach") == "transform"  # type: ignore[union-attr]
    assert back.findtext("related") == front.findtext("name")
    assert (front.findtext("prop/side"), back.findtext("prop/side")) == ("front", "back")
    assert back.findtext("prop/layout") == "transform" and back.findtext("text") == card.back.text  # type: ignore[union-attr]
    # SoulFall's Shrines of Solitude are many cards' backs: each is a card of its own name
    assert sum(1 for name in cards if name.startswith("Shrine of Solitude")) > 1


def test_the_schema_rules_catch_what_the_schema_refuses() -> None:
    good = b'<cockatrice_carddatabase version="4"><sets><set><name>T</name></set></sets><cards><card><name>A</name><set>T</set><tablerow>1</tablerow></card></cards></cockatrice_carddatabase>'
    assert schema_problems(good) == []
    for bad in (
        good.replace(b'version="4"', b'version="3"'),
        good.replace(b"<set>T</set><tablerow>1</tablerow>", b"<tablerow>1</tablerow><set>T</set>"),  # order
        good.replace(b"<set>T</set>", b""),  # no printing
        good.replace(b"<tablerow>1</tablerow>", b"<token>yes</token>"),
        good.replace(b"<sets>", b"<formats/><sets>"),  # the reader knows <formats>, the schema does not
    ):
        assert schema_problems(bad), bad


def test_picture_names_are_what_cockatrice_looks_for() -> None:
    assert corrected_name('Who? "Me": <a/b>') == "Who Me a b"


def test_cli_writes_the_database_and_a_picture_per_face(tmp_path: Path) -> None:
    root = write_outpost(tmp_path)
    result = CliRunner().invoke(app, ["cockatrice", "export", "--project", str(root), "--dpi", "40", "-j", "1"])
    assert result.exit_code == 0, result.output
    out = root / "output" / GAME_ID / "cockatrice"
    xml = (out / "customsets" / f"{GAME_ID}.xml").read_bytes()
    assert schema_problems(xml) == []
    names = [c.findtext("name") for c in ET.fromstring(xml).findall("cards/card")]
    uuids = [p.get("uuid") for p in ET.fromstring(xml).iter("set") if p.get("uuid")]
    pictures = sorted(p.name for p in (out / "pics" / "CUSTOM" / GAME_ID).iterdir())
    assert pictures == sorted(f"{corrected_name(n)}_{u}.png" for n, u in zip(names, uuids, strict=True))
