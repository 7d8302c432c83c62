"""The site's card data table names a stat as the game prints it ('ATK'), not by its field ('Atk')."""

from __future__ import annotations

from pathlib import Path

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.packs.lookup import get_pack
from carddb.site.spoiler import site_cards

REPO = Path(__file__).resolve().parents[2]


def test_stat_rows_carry_the_packs_labels(tmp_path: Path) -> None:
    db, report = load_database(Project.at(REPO), get_pack("estro"))
    assert not report.errors, report.format_text()
    card = next(c for c in site_cards(db, {}, {}, tmp_path) if c.card.id == "vampa-prima-fiamma")
    labels = [label for label, _value in card.fields]
    assert {"ATK", "DEF", "HEL", "DEX", "MAP", "TOT"} <= set(labels)
    assert not {"Atk", "Def", "Hel", "Dex", "Map", "Tot"} & set(labels)
    assert dict(card.fields)["ATK"] == str(card.card.atk)  # type: ignore[attr-defined]
