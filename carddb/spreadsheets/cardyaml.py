"""Cards as YAML text, written the way a designer writes them, for `carddb import`.

A list of cards in block style with a blank line between cards; a field's own
mapping or list in flow style (LOE: `cost: {powerstones: 3, influence: 1}`,
`tags: [burn, starter]`); text of several lines as a `|` block. PyYAML writes it,
with its C emitter where it has one: the loader that reads cards back is PyYAML's,
so every string (`yes`, `1e3`, `:0`, `a: b`) is quoted exactly where that loader
needs it, and 10,000 cards take a fraction of a second.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

_Dumper: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Cards(list[dict[str, Any]]):
    """The top level: one card after the other, in block style."""


class _Card(dict[str, Any]):
    """One card: a field per line, in block style."""


class _CardDumper(_Dumper):  # type: ignore[misc, valid-type]
    pass


def _block_list(dumper: Any, data: _Cards) -> Any:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=False)


def _block_mapping(dumper: Any, data: _Card) -> Any:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=False)


def _flow_mapping(dumper: Any, data: dict[str, Any]) -> Any:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)


def _flow_list(dumper: Any, data: list[Any]) -> Any:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True)


def _text(dumper: Any, data: str) -> Any:
    # A block for text of several lines; the emitter quotes instead where a block cannot hold it.
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|" if "\n" in data else None)


_CardDumper.add_representer(_Cards, _block_list)
_CardDumper.add_representer(_Card, _block_mapping)
_CardDumper.add_representer(dict, _flow_mapping)
_CardDumper.add_representer(list, _flow_list)
_CardDumper.add_representer(str, _text)


def cards_yaml(cards: list[dict[str, Any]], *, note: str = "") -> str:
    """The cards as one YAML file, `note` as a comment on top."""
    body = yaml.dump(
        _Cards(_Card(card) for card in cards),
        Dumper=_CardDumper,
        sort_keys=False,
        allow_unicode=True,
        width=2**31 - 1,  # never fold a long name or flavor text onto a second line
        indent=2,
    )
    head = "".join(f"# {line}\n" for line in note.splitlines()) + "\n" if note else ""
    # Only a card starts a line with '- ': block text is indented under its key.
    return head + re.sub(r"\n(?=- )", "\n\n", body)
