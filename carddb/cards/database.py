"""The loaded card database: the cards of one game in one project, and where each is written.

Made by `carddb.cards.loading.load_database`, which reads the files, validates each card
(`entries`), and runs the checks that look at more than one card (`crosschecks`, `art`,
the pack's own, `release`). Every other stage reads cards from here, never from YAML.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from carddb.files.project import Project
from carddb.files.yamlsource import Located
from carddb.findings.diagnostics import Span
from carddb.packs.card import BACK, Card, back_id
from carddb.packs.pack import GamePack

if TYPE_CHECKING:
    from carddb.cards.artverdicts import ArtVerdicts
    from carddb.cards.sets import CardSetInfo


@dataclass
class CardSource:
    """Where a card came from, for findings raised after loading."""

    located: Located

    @property
    def path(self) -> Path:
        return self.located.path

    def value_span(self, *key: str | int) -> Span:
        return self.located.value_span(key)

    def key_span(self, *key: str | int) -> Span:
        return self.located.key_span(key)


@dataclass
class CardDatabase:
    pack: GamePack
    project: Project
    cards: list[Card] = field(default_factory=list)
    sources: dict[str, CardSource] = field(default_factory=dict)
    sets: dict[str, CardSetInfo] = field(default_factory=dict)
    # Where each set is defined in sets.yaml, so set-level findings can point there.
    set_sources: dict[str, Located] = field(default_factory=dict)
    # Cards as written that are not in `cards`: they failed validation or repeat an id
    # (see carddb.cards.validity, which names them when a command leaves them out).
    rejected: list[Located] = field(default_factory=list)
    # Whether each art file decodes (see carddb.cards.artverdicts): made once per run, kept in output/<game>/.cache.
    art_verdicts: ArtVerdicts | None = field(default=None, repr=False, compare=False)
    _index: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)
    _set_counts: Counter[str] = field(default_factory=Counter, init=False, repr=False, compare=False)

    def by_id(self, card_id: str) -> Card | None:
        # Indexed, because decks and boosters look cards up by id in loops; rebuilt
        # whenever cards were added or removed since the last look-up.
        if len(self._index) != len(self.cards):
            self._index = {c.id: c for c in self.cards}
        return self._index.get(card_id)

    def source(self, card: Card) -> CardSource:
        """Where a card, or the back face of one, is written."""
        return self.sources[card.id]

    def faces(self) -> Iterator[Card]:
        """Every face of every card: each card, then its own back if it is double-sided."""
        for card in self.cards:
            yield from card.faces

    def face(self, face_id: str) -> Card | None:
        """A card by id, or a card's back face by its id (`ID/back`)."""
        card = self.by_id(face_id.removesuffix(f"/{BACK}"))
        if card is None or face_id == card.id:
            return card
        return card.back if face_id == back_id(card.id) else None

    def faction_of(self, card: Card) -> str | None:
        value = getattr(card, self.pack.faction_field, None)
        return value if isinstance(value, str) else None

    def set_size(self, code: str) -> int:
        # Every card face asks: counted in one pass (counting per face was quadratic),
        # again whenever cards were added or removed, as for the id index.
        if sum(self._set_counts.values()) != len(self.cards):
            self._set_counts = Counter(c.set for c in self.cards)
        return self._set_counts.get(code, 0)

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards if c.kind == kind]
