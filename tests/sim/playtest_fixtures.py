"""A small LOE project for playtests: two councils, one shared deck, and one card every winner plays.

Both Victory cards ask for three Rituals, and the shared deck's only Ritual is the
`Wayside Shrine`: a seat that plays Shrines wins, a seat that does not cannot. The
other cards do nothing that matters for either Victory card.
"""

from __future__ import annotations

from pathlib import Path

STRONG_CARD = "wayside-shrine"


def _card(fields: dict[str, object], number: int) -> str:
    lines = [f"- id: {fields['id']}"]
    fields = {"name": str(fields["id"]).replace("-", " ").title(), **fields}
    fields.setdefault("set", "TST")
    fields["number"] = number
    fields.setdefault("rarity", "common")
    fields.setdefault("flavor", "Fixture.")
    for key, value in fields.items():
        if key != "id":
            lines.append(f"  {key}: {value}")
    return "\n".join(lines)


def write_playtest_project(root: Path) -> Path:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True)
    (data / "decks").mkdir()
    (data / "sets.yaml").write_text("- code: TST\n  name: Test set\n  stage: playtest\n", encoding="utf-8")
    win = "Win if you control three or more Rituals."
    cards: list[dict[str, object]] = [
        {"id": "north-lord", "kind": "lord", "health": 20},
        {"id": "south-lord", "kind": "lord", "health": 20},
        {"id": "north-steward", "kind": "duke", "cost": 3, "health": 6},
        {"id": "north-guard", "kind": "duke", "cost": 2, "health": 6},
        {"id": "south-guard", "kind": "duke", "cost": 2, "health": 6},
        {"id": "south-envoy", "kind": "duke", "cost": 3, "health": 5},
        {"id": "north-claim", "kind": "victory", "text": win},
        {"id": "south-claim", "kind": "victory", "text": win},
    ]
    cards.append({"id": "field", "kind": "resource", "subtype": "subject", "copies": 6})
    cards.append(
        {"id": STRONG_CARD, "kind": "ritual", "cost": 1, "text": "Each character gets +1 health.", "copies": 6}
    )
    spells = {
        "small-draw": "Draw a card.",
        "windfall": "Gain 2 powerstones.",
        "scout": "Look at the top 3 cards of the deck.",
        "sharp-word": "Deal 1 damage to target character.",
        "small-gift": "Gain 1 powerstone.",
        "peek": "Look at target opponent's hand.",
    }
    cards += [{"id": key, "kind": "spell", "cost": 1, "text": text, "copies": 2} for key, text in spells.items()]
    entries = [_card(card, number) for number, card in enumerate(cards, start=1)]
    (data / "cards" / "cards.yaml").write_text("\n".join(entries) + "\n", encoding="utf-8")
    (data / "decks" / "councils.yaml").write_text(
        "- id: north\n  name: North\n  kind: council\n  cards: [north-lord, north-steward, north-guard, north-claim]\n"
        "- id: south\n  name: South\n  kind: council\n  cards: [south-lord, south-guard, south-envoy, south-claim]\n",
        encoding="utf-8",
    )
    deck = ["field: 6", f"{STRONG_CARD}: 6"] + [f"{key}: 2" for key in spells]
    (data / "decks" / "plain.yaml").write_text(
        "id: plain\nname: Plain\nkind: shared-deck\ncards:\n" + "".join(f"  {line}\n" for line in deck),
        encoding="utf-8",
    )
    return root
