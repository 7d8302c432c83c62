"""The LOE v1 card schema and the located YAML loader, tested without the CLI."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from carddb.files.yamlsource import load_yaml
from carddb.findings.diagnostics import Finding, Report, Span
from carddb.games.loe.schema import Cost, Duke, LoeCardSchema, Lord, Resource

CARDS: TypeAdapter[Any] = TypeAdapter(LoeCardSchema)
BASE = {"set": "BASE", "number": 1, "rarity": "common"}


def card(**fields: Any) -> Any:
    return CARDS.validate_python({**BASE, **fields})


def test_kind_selects_the_model() -> None:
    lord = card(id="aldric", name="Aldric", kind="lord", health=20)
    assert isinstance(lord, Lord)
    assert lord.cost == Cost()  # a Lord's cost matters only to effects, so it defaults to nothing
    duke = card(id="d", name="D", kind="duke", cost=3, health=5)
    assert isinstance(duke, Duke)


def test_cost_is_a_number_of_powerstones_or_a_mapping() -> None:
    assert Cost.model_validate(3) == Cost(powerstones=3)
    cost = Cost.model_validate({"powerstones": 2, "influence": 1})
    assert cost.resources() == {"influence": 1}
    assert cost.label() == "2 + 1 Influence"
    assert cost.markup() == "2{powerstone} 1{influence}"
    assert Cost.model_validate({"material": 1}).markup() == "1{material}"  # no '0 powerstones' printed
    assert Cost().markup() == "0{powerstone}"


@pytest.mark.parametrize("bad", ["3", True, 2.5, -1, 21, {"gold": 1}])
def test_cost_rejects(bad: object) -> None:
    with pytest.raises(ValidationError):
        Cost.model_validate(bad)


def test_models_are_strict_and_closed() -> None:
    with pytest.raises(ValidationError):
        card(id="d", name="D", kind="duke", cost=3, health="5")  # text is never coerced to a number
    with pytest.raises(ValidationError) as err:
        card(id="d", name="D", kind="duke", cost=3, health=5, helth=5)
    assert err.value.errors()[0]["type"] == "extra_forbidden"


def test_resource_needs_a_subtype_and_has_no_cost() -> None:
    levies = card(id="levies", name="Levies", kind="resource", subtype="subject")
    assert isinstance(levies, Resource) and levies.subtype_id() == "subject"
    assert levies.curve_cost() is None  # not counted in cost curves
    with pytest.raises(ValidationError):
        card(id="levies", name="Levies", kind="resource", subtype="subject", cost=1)


@pytest.mark.parametrize("kind", ["victory", "spell", "reaction", "ritual"])
def test_kinds_that_need_rules_text(kind: str) -> None:
    extra = {} if kind == "victory" else {"cost": 1}
    with pytest.raises(ValidationError) as err:
        card(id="x", name="X", kind=kind, **extra)
    assert err.value.errors()[0]["type"] == "kind_rule"
    assert card(id="x", name="X", kind=kind, text="Draw a card.", **extra).text == "Draw a card."


def test_text_fields_are_tidied() -> None:
    spell = card(id="x", name="  X ", kind="spell", cost=1, text="Draw a card.  \nThen another.\n")
    assert spell.name == "X"
    assert spell.text == "Draw a card.\nThen another."


def test_art_shorthand_and_defaults() -> None:
    spell = card(id="x", name="X", kind="spell", cost=1, text="t", art="x.png")
    assert spell.art.file == "x.png" and spell.art.focus_x == 0.5 and spell.art.artist == ""


@pytest.mark.parametrize(
    ("field", "value"),
    [("id", "Has Space"), ("id", "trailing-"), ("number", 0), ("copies", 41), ("version", 0), ("tags", ["UP"])],
)
def test_common_field_limits(field: str, value: object) -> None:
    with pytest.raises(ValidationError):
        card(**{"id": "x", "name": "X", "kind": "spell", "cost": 1, "text": "t", field: value})


def test_loader_keeps_key_and_value_positions(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("# two cards\n- id: a\n  cost: {powerstones: 2}\n- id: b\n  tags: [x, y]\n")
    (doc,), findings = load_yaml(path)
    assert findings == []
    second = doc.sub(1)
    assert second.value == {"id": "b", "tags": ["x", "y"]}
    assert second.key_span(("tags",)) == Span(5, 3, 5, 7)
    assert second.value_span(("tags", 1)) == Span(5, 13, 5, 14)
    assert doc.sub(0).value_span(("cost", "powerstones")) == Span(3, 23, 3, 24)
    # An unknown path falls back to the closest enclosing value.
    assert second.value_span(("tags", 9)) == second.value_span(("tags",))


def test_superscript_digits_are_text_not_numbers(tmp_path: Path) -> None:
    # str.isdigit() accepts '³' and int() then refused it: a traceback the fuzzer found. YAML's ints are 0-9.
    path = tmp_path / "s.yaml"
    path.write_text("number: 3\u00b9\natk: \u00b9\ntot: 5\u00b3\n", encoding="utf-8")
    (doc,), findings = load_yaml(path)
    assert findings == []
    assert doc.value == {"number": "3\u00b9", "atk": "\u00b9", "tot": "5\u00b3"}


def test_loader_reads_yaml_1_1_scalars_like_pyyaml(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("a: 012\nb: 0x1f\nc: 1_000\nd: 1.5\ne: yes\nf: ~\ng: 2026-12-01\nh: '12'\ni: Yesterday\nj: 7\n")
    (doc,), _ = load_yaml(path)

    assert doc.value == {
        "a": 10,  # octal in YAML 1.1
        "b": 31,
        "c": 1000,
        "d": 1.5,
        "e": True,
        "f": None,
        "g": datetime.date(2026, 12, 1),
        "h": "12",
        "i": "Yesterday",
        "j": 7,
    }


def test_loader_merges_and_aliases(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("- &base {kind: spell, cost: 1}\n- <<: *base\n  cost: 2\n  id: b\n")
    (doc,), findings = load_yaml(path)
    assert findings == []
    assert doc.value[1] == {"cost": 2, "id": "b", "kind": "spell"}  # explicit keys win over merged ones
    assert doc.sub(1).value_span(("kind",)).line == 1  # merged values point at their source


def test_report_sorts_by_file_naturally_then_line() -> None:
    report = Report(root=Path("/p"))
    report.add(Finding("E-BAD-VALUE", "c", Path("/p/cards-10.yaml"), Span.point(1, 1)))
    report.add(Finding("E-BAD-VALUE", "b", Path("/p/cards-2.yaml"), Span.point(9, 1)))
    report.add(Finding("E-BAD-VALUE", "a", Path("/p/cards-2.yaml"), Span.point(3, 5)))
    report.add(Finding("E-BAD-VALUE", "a", Path("/p/cards-2.yaml"), Span.point(3, 5)))  # reported once
    assert [f.message for f in report] == ["a", "b", "c"]


def test_unknown_codes_are_refused() -> None:
    with pytest.raises(ValueError, match="undocumented finding code"):
        Finding("E-NOT-A-CODE", "x")
