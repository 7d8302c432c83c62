"""A small LOE project on disk for the site tests: a few cards of several kinds, one with a hostile name."""

from __future__ import annotations

import textwrap
from pathlib import Path

HOSTILE_NAME = "<script>alert(1)</script> & </script>"

SETS = """\
- code: TST
  name: Test Set
  stage: playtest
"""

CARDS = {
    "council.yaml": """\
- id: test-lord
  name: Lord of Tests
  kind: lord
  province: ashmarch
  set: TST
  number: 1
  rarity: rare
  cost: 5
  health: 20
  text: |
    Spend 1 Material: Deal 1 damage to target Duke.
  flavor: "Tested."
- id: test-duke
  name: Duke of Fixtures
  kind: duke
  province: veldmoor
  set: TST
  number: 2
  rarity: uncommon
  version: 3
  cost: {powerstones: 3, influence: 1}
  health: 8
  text: |
    Spend 1 Influence: Deal 2 damage to target Duke.
  flavor: "Fixed."
""",
    "deck.yaml": """\
- id: hostile-spell
  name: '<script>alert(1)</script> & </script>'
  kind: spell
  province: corvane
  set: TST
  number: 3
  rarity: common
  cost: 2
  text: |
    Deal 2 damage to target Duke.
  flavor: "<b>not bold</b> & escaped"
- id: quiet-levies
  name: Quiet Levies
  kind: resource
  subtype: subject
  province: ashmarch
  set: TST
  number: 4
  rarity: common
  flavor: "Resting."
- id: small-rite
  name: Small Rite
  kind: ritual
  province: sel-amara
  set: TST
  number: 5
  rarity: mythic
  cost: 2
  text: |
    Each player's maximum hand size is 5.
  flavor: "Burned."
""",
}


def write_project(root: Path) -> Path:
    cards = root / "data" / "loe" / "cards"
    cards.mkdir(parents=True)
    (root / "data" / "loe" / "sets.yaml").write_text(SETS, encoding="utf-8")
    for name, text in CARDS.items():
        (cards / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return root
