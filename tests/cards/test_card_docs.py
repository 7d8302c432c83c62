"""docs/codes.md documents every finding code; docs/cards.md documents every LOE card field."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from pydantic import BaseModel

from carddb.files.yamlsource import load_yaml
from carddb.findings.codes import CODES
from carddb.games.loe import PACK
from carddb.games.loe.schema import LoeCardSchema

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _sections(text: str) -> dict[str, str]:
    """The body of each '### `CODE`' section."""
    parts = re.split(r"^### `([EW]-[A-Z0-9-]+)`\s*$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_code_is_documented_with_an_example() -> None:
    sections = _sections((DOCS / "codes.md").read_text(encoding="utf-8"))
    missing = [code for code in CODES if code not in sections]
    assert not missing, (
        "docs/codes.md does not document "
        + ", ".join(missing)
        + ". Add, under the heading of your area, for each code:\n\n### `CODE`\n\n<what it means>\n\n"
        "```\n<path>:<line>:<col>: CODE <an example message, as carddb prints it>\n```\n"
    )
    for code, body in sections.items():
        assert code in CODES, f"docs/codes.md documents {code}, which carddb/findings/codes.py does not have"
        example = re.search(r"```\n(.+?)\n```", body, flags=re.S)
        assert example and code in example.group(1), f"docs/codes.md: the section of {code} needs an example message"


def _models() -> list[type[BaseModel]]:
    union = LoeCardSchema.__origin__ if hasattr(LoeCardSchema, "__origin__") else LoeCardSchema
    return list(union.__args__)


def test_cards_doc_names_every_field_of_every_kind() -> None:
    text = (DOCS / "cards.md").read_text(encoding="utf-8")
    for model in _models():
        for name in model.model_fields:
            assert f"`{name}`" in text, f"docs/cards.md does not document the field '{name}' of {model.__name__}"
    for kind in PACK.kinds:
        assert f"## {kind.label}" in text, f"docs/cards.md has no section for {kind.label}"


def test_cards_doc_examples_are_valid_cards(tmp_path: Path) -> None:
    """Every ```yaml example of docs/cards.md is a card that validates (so the docs cannot drift)."""
    from pydantic import TypeAdapter

    text = (DOCS / "cards.md").read_text(encoding="utf-8")
    examples = re.findall(r"```yaml\n(.+?)```", text, flags=re.S)
    kinds = set()
    adapter: TypeAdapter[object] = TypeAdapter(LoeCardSchema)
    for example in examples:
        data = yaml.safe_load(example)
        if not isinstance(data, dict) or "kind" not in data:
            continue
        path = tmp_path / "example.yaml"
        path.write_text(example, encoding="utf-8")
        (doc,), findings = load_yaml(path)
        assert not findings
        card = adapter.validate_python(doc.value)
        kinds.add(card.kind)  # type: ignore[attr-defined]
    assert kinds == set(PACK.kind_ids), f"docs/cards.md lacks an example card of {set(PACK.kind_ids) - kinds}"
