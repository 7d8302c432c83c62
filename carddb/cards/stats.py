"""Set statistics: counts by kind, subtype, rarity and faction, and cost curves."""

from __future__ import annotations

from collections import Counter

from carddb.cards.database import CardDatabase
from carddb.packs.card import Card

Table = tuple[str, list[tuple[object, ...]], tuple[str, ...]]


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.0f}%" if total else "-"


def pool_of(cards: list[Card], kind: str) -> int:
    return sum(c.copies for c in cards if c.kind == kind)


def set_statistics(db: CardDatabase) -> list[Table]:
    cards = db.cards
    total = len(cards)
    tables: list[Table] = []
    kinds = Counter(c.kind for c in cards)
    pool = Counter()
    for c in cards:
        pool[c.kind] += c.copies
    fronts = [k for k in db.pack.kinds if k.id not in db.pack.back_kind_ids]
    tables.append(
        (
            f"{db.pack.name}: {total} distinct cards",
            [(k.label, kinds[k.id], pool[k.id]) for k in fronts] + [("total", total, sum(pool.values()))],
            ("kind", "cards", "copies in pool"),
        )
    )
    double = [c for c in cards if c.back is not None]
    if double:
        # The back faces are not cards of their own: each is the other side of a card counted above.
        sides = Counter((c.kind, c.back.kind) for c in double if c.back is not None)
        tables.append(
            (
                f"Double-sided: {len(double)} of the {total} cards",
                [
                    (db.pack.kind(front).label, db.pack.kind(back).label, n, pool_of(double, front))
                    for (front, back), n in sides.items()
                ],
                ("front", "back", "cards", "copies in pool"),
            )
        )
    subtypes = Counter((c.kind, c.subtype_id()) for c in cards if c.subtype_id())
    if subtypes:
        rows = [
            (db.pack.kind(k).label, s.title(), n)
            for k_info in db.pack.kinds
            for (k, s), n in sorted(subtypes.items())
            if k == k_info.id
        ]
        tables.append(("Subtypes", rows, ("kind", "subtype", "cards")))
    rarities = Counter(c.rarity for c in cards)
    tables.append(
        (
            "Rarity",
            [(r.name, rarities[r.id], _pct(rarities[r.id], total)) for r in db.pack.rarities],
            ("rarity", "cards", "share"),
        )
    )
    factions = Counter(db.faction_of(c) for c in cards)
    tables.append(
        (
            db.pack.faction_label.title(),
            [(f.name, factions[f.id], _pct(factions[f.id], total)) for f in db.pack.factions],
            (db.pack.faction_label, "cards", "share"),
        )
    )
    costs = sorted({c.curve_cost() for c in cards if c.curve_cost() is not None})  # type: ignore[type-var]
    if costs:
        top = max(costs)  # type: ignore[type-var]
        columns = [str(n) for n in range(0, min(top, 9) + 1)] + (["10+"] if top >= 10 else [])
        rows: list[tuple[object, ...]] = []
        for k in db.pack.kinds:
            curve = Counter(
                min(c.curve_cost() or 0, 10) for c in cards if c.kind == k.id and c.curve_cost() is not None
            )
            if not curve:
                continue
            bars = tuple(curve.get(int(col.rstrip("+")), 0) or "." for col in columns)
            count = sum(curve.values())
            avg = sum(v * n for v, n in curve.items()) / count
            rows.append((k.label, *bars, f"{avg:.1f}"))
        paid_in = f" ({db.pack.cost.label})" if db.pack.cost.label else ""
        tables.append((f"Cost curve{paid_in}", rows, ("kind", *columns, "avg")))
    return tables


def statistics_json(db: CardDatabase) -> dict[str, object]:
    """The same counts as `set_statistics`, as numbers for scripts (documented in docs/command-line.md)."""
    cards = db.cards
    kinds = Counter(c.kind for c in cards)
    copies = Counter()
    for c in cards:
        copies[c.kind] += c.copies
    subtypes = Counter((c.kind, c.subtype_id()) for c in cards if c.subtype_id())
    rarities = Counter(c.rarity for c in cards)
    factions = Counter(db.faction_of(c) for c in cards)
    double = Counter((c.kind, c.back.kind) for c in cards if c.back is not None)
    fronts = [k for k in db.pack.kinds if k.id not in db.pack.back_kind_ids]
    curves = []
    for k in db.pack.kinds:
        costs = [cost for c in cards if c.kind == k.id and (cost := c.curve_cost()) is not None]
        if costs:
            counted = Counter(costs)
            curve = [{"cost": cost, "cards": counted[cost]} for cost in sorted(counted)]
            curves.append({"kind": k.id, "cards": len(costs), "average": sum(costs) / len(costs), "curve": curve})
    return {
        "game": db.pack.id,
        "cards": len(cards),
        "copies": sum(c.copies for c in cards),
        "kinds": [{"id": k.id, "label": k.label, "cards": kinds[k.id], "copies": copies[k.id]} for k in fronts],
        # Each double-sided card is counted once under its front's kind, and here by its two sides.
        "double_sided": [
            {"front": front, "back": back, "cards": n, "copies": copies[front]} for (front, back), n in double.items()
        ],
        "subtypes": [
            {"kind": k.id, "subtype": subtype, "cards": subtypes[(k.id, subtype)]}
            for k in db.pack.kinds
            for kind, subtype in sorted(subtypes)
            if kind == k.id
        ],
        "rarities": [{"id": r.id, "name": r.name, "cards": rarities[r.id]} for r in db.pack.rarities],
        "faction_field": db.pack.faction_field,
        "factions": [{"id": f.id, "name": f.name, "cards": factions[f.id]} for f in db.pack.factions],
        "cost_curves": curves,
    }
