"""Checks specific to Shards of the Empire that read a card's whole rules text.

"By default, only Building cards can be developed, although some other kingdom cards may
have the text specifically state that they can be developed" (seed 003, Develop). So a
Unit or Policy whose `Upgraded N` condition or `Grand` keyword counts development
counters must also say `This card can be developed.`, or the condition can never be met.
"""

from __future__ import annotations

from collections.abc import Iterable

from carddb.games.shards.numbers import NUMBERS
from carddb.pack_api import Card, CardLookup, Finding, Problem, located_findings, parse_line, phrases, split_abilities

COUNTS_DEVELOPMENT = {"upgraded": "the condition", "grand": "Prosperity"}
DEVELOPED_BY_DEFAULT = frozenset({"building"})
SCRAP_MAX = next(n.value for n in NUMBERS if n.id == "scrap-max")


def development_needs_developing(card: Card, db: CardLookup) -> Iterable[Finding]:
    language = db.pack.language
    if language is None or card.kind in DEVELOPED_BY_DEFAULT or not card.text:
        return []
    located = db.source(card).located
    raw = located.value.get("text") if isinstance(located.value, dict) else None
    if not isinstance(raw, str):
        return []
    counting: list[tuple[Problem, int]] = []
    can_develop = False
    for offset, line in split_abilities(raw):
        ability = parse_line(line, language)
        if isinstance(ability, Problem):
            continue  # the rules check reports it
        for phrase in phrases(ability):
            can_develop |= phrase.entry == "can-develop"
            if phrase.entry in COUNTS_DEVELOPMENT:
                label = db.pack.kind(card.kind).label
                counting.append(
                    (
                        Problem(
                            "E-RULES-WRONG-KIND",
                            f"'{line[phrase.start : phrase.end]}' counts development counters, but "
                            f"{COUNTS_DEVELOPMENT[phrase.entry]} can never be met: a {label} cannot be developed "
                            "unless its text says so",
                            phrase.start,
                            phrase.end,
                            hint="add the line 'This card can be developed.'",
                        ),
                        offset,
                    )
                )
    return [] if can_develop else located_findings(card, db, counting)


def scrap_value_in_range(card: Card, db: CardLookup) -> Iterable[Finding]:
    """A scrap value above the pack's maximum would pay more than most cards cost."""
    scrap = getattr(card, "scrap", None)
    if scrap is None or scrap.total() <= SCRAP_MAX:
        return
    src = db.source(card)
    yield Finding(
        "E-OUT-OF-RANGE",
        f"'{card.id}' has a scrap value of {scrap.total()}; a scrap value is at most {SCRAP_MAX}",
        src.path,
        src.value_span("scrap"),
    )
