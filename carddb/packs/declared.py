"""A game.yaml declaration made into a `GamePack`: one pydantic card model per kind, and its deck rules.

`carddb.packs.gamefile` reads and checks the file; this module only builds from a declaration that
passed those checks, so it raises nothing for bad input.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union

from pydantic import Field, create_model

from carddb.findings.diagnostics import Finding
from carddb.findings.plural import plural
from carddb.packs.card import Card
from carddb.packs.facedesign import FaceDesign
from carddb.packs.hooks import CardLookup, DeckFormat, DeckPlace, DeckView
from carddb.packs.pack import CARD_SIZES, CostInfo, Faction, GameNumber, GamePack, GameTable, KindInfo, Rarity, StatInfo

if TYPE_CHECKING:
    from carddb.packs.gamefile import CardField, DeckDeclaration, GameDeclaration
    from carddb.rules.language import RulesLanguage


class DeclaredCard(Card):
    """A card of a game.yaml game; each kind's model adds its declared fields."""

    def curve_cost(self) -> int | None:
        cost = getattr(self, "cost", None)
        return cost if isinstance(cost, int) and not isinstance(cost, bool) else None

    def cost_label(self) -> str:
        cost = self.curve_cost()
        return "" if cost is None else str(cost)

    # (field, label) of the pack's stats this kind has; set on each kind's model
    stat_labels: ClassVar[tuple[tuple[str, str], ...]] = ()

    def stat_line(self) -> str:
        shown = [(getattr(self, sid, None), label) for sid, label in self.stat_labels]
        return ", ".join(f"{value} {label.lower()}" for value, label in shown if value is not None)


def _field_type(name: str, spec: CardField) -> tuple[Any, Any]:
    if spec.type == "number":
        base: Any = Annotated[
            int, Field(ge=spec.min if spec.min is not None else -999, le=spec.max if spec.max is not None else 999)
        ]
    elif spec.type == "text":
        base = Annotated[str, Field(min_length=1)]
    elif spec.type == "flag":
        base = bool
    else:
        base = Literal[tuple(spec.values)]  # type: ignore[valid-type]
    if spec.required and spec.default is None:
        return base, ...
    return base | None, spec.default


def declared_pack(
    game: GameDeclaration,
    game_id: str,
    path: Path,
    language: RulesLanguage | None = None,
    faces: FaceDesign | None = None,
) -> GamePack:
    """The pack `path` (a checked game.yaml) declares, under the id of its folder; `language` is the rules-text
    language its vocabulary makes (carddb.packs.gamefile_vocabulary), whose card check then checks rules text;
    `faces` its checked layouts."""
    rarity_type: Any = Literal[tuple(r.id for r in game.rarities)]  # type: ignore[valid-type]
    faction_type: Any = Literal[tuple(f.id for f in game.factions)] if game.factions else None  # type: ignore[valid-type]
    stat_labels = tuple((s.id, s.label) for s in game.stats)
    models = []
    for kind in game.kinds:
        fields: dict[str, Any] = {
            "kind": (Literal[kind.id], ...),  # type: ignore[valid-type]
            "rarity": (rarity_type, ...),
        }
        if faction_type is not None:
            fields["faction"] = (faction_type | None, None)
        if kind.subtypes:
            fields["subtype"] = (Literal[tuple(kind.subtypes)], ...)  # type: ignore[valid-type]
        fields.update({name: _field_type(name, spec) for name, spec in kind.fields.items()})
        model = create_model(  # type: ignore[call-overload]
            _model_name(kind.id), __base__=DeclaredCard, __module__=__name__, **fields
        )
        model.stat_labels = tuple((sid, label) for sid, label in stat_labels if sid in kind.fields)
        models.append(model)
    schema: Any = models[0] if len(models) == 1 else Annotated[Union[tuple(models)], Field(discriminator="kind")]  # noqa: UP007
    size = CARD_SIZES[game.card_size] if isinstance(game.card_size, str) else (game.card_size[0], game.card_size[1])
    icon_dir = path.parent / "icons"
    return GamePack(
        id=game_id,
        name=game.name,
        description=game.description,
        card_schema=schema,
        kinds=tuple(
            KindInfo(
                k.id,
                k.label,
                k.plural or f"{k.label}s",
                k.description,
                subtypes=tuple(k.subtypes),
                back=k.back,
                frame=k.frame,
                back_face=k.back_face or "",
            )
            for k in game.kinds
        ),
        rarities=tuple(Rarity(r.id, r.name, r.color, r.tier) for r in game.rarities),
        factions=tuple(Faction(f.id, f.name, f.color, f.accent, f.description, f.color_letter) for f in game.factions),
        faction_label=game.faction_label,
        card_size_mm=(float(size[0]), float(size[1])),
        stats=tuple(StatInfo(s.id, s.label) for s in game.stats),
        cost=CostInfo(label=game.cost.label, icon=game.cost.icon) if game.cost else CostInfo(),
        icons=tuple(game.icons),
        icon_dir=icon_dir if game.icons else None,
        extras={"bleed_mm": game.bleed},
        deck_rules=DeclaredDeckRules(game.deck, {k.id: k.label for k in game.kinds}) if game.deck else None,
        numbers=tuple(GameNumber(n.id, n.value, n.label, n.source) for n in game.numbers),
        tables=tuple(
            GameTable(t.id, t.title, tuple(t.columns), tuple(tuple(r) for r in t.rows), t.caption) for t in game.tables
        ),
        version=game.version,
        faces=faces if faces is not None else FaceDesign(),
        author=game.author,
        lang=game.lang,
        language=language,
        card_checks=(check_rules_text,) if language is not None else (),
    )


def check_rules_text(card: Card, db: CardLookup) -> Iterable[Finding]:
    """The rules-text card check, for a game.yaml whose vocabulary makes its text checked.

    Imported when it runs: it belongs to the card database layer, which builds on this one."""
    from carddb.cards.rulescheck import check_card_rules

    return check_card_rules(card, db)  # type: ignore[arg-type]  # the loader passes its CardDatabase


def _model_name(kind_id: str) -> str:
    return "".join(part.title() for part in kind_id.split("-")) + "Card"


class DeclaredDeckRules:
    """Deck rules of a game.yaml game: a deck's size, the most copies of one card, the kinds it may hold."""

    def __init__(self, deck: DeckDeclaration, kind_labels: dict[str, str]) -> None:
        self.deck = deck
        self.kind_labels = kind_labels
        self.list_kinds = MappingProxyType({"deck": self.describe()})
        self.formats: MappingProxyType[str, DeckFormat] = MappingProxyType({"deck": deck.built_from})

    def size_rule(self) -> str:
        """How many cards a deck holds, as words ("exactly 40 cards"); "" when the game sets no size."""
        deck = self.deck
        if deck.size:
            return f"exactly {plural(deck.size, 'card')}"
        if deck.min_size and deck.max_size:
            return f"{deck.min_size} to {deck.max_size} cards"
        if deck.min_size:
            return f"at least {plural(deck.min_size, 'card')}"
        if deck.max_size:
            return f"at most {plural(deck.max_size, 'card')}"
        return ""

    def kinds_named(self) -> str:
        """The kinds a deck may hold, as words: "Ship", "Ship or Order", "Crew, Vessel or Harbor"."""
        labels = [self.kind_labels[k] for k in self.deck.kinds]
        return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]

    def describe(self) -> str:
        """The deck rules, one sentence per rule (the last without its full stop, for the caller to end)."""
        deck = self.deck
        rules = [f"holds {size}" for size in [self.size_rule()] if size]
        if deck.copies:
            rules.append(f"holds at most {deck.copies} {'copy' if deck.copies == 1 else 'copies'} of a card")
        if deck.kinds:
            rules.append(f"holds only {self.kinds_named()} cards")
        if not rules:
            return "a deck may hold any cards"
        return ". ".join(("a deck " if i == 0 else "It ") + rule for i, rule in enumerate(rules))

    def check(self, deck: DeckView, db: CardLookup, source: DeckPlace) -> Iterable[Finding]:
        rules = self.deck
        size = deck.size
        low = rules.size or rules.min_size
        high = rules.size or rules.max_size
        if (low is not None and size < low) or (high is not None and size > high):
            yield Finding(
                "E-DECK-RULE",
                f"deck '{deck.id}' has {plural(size, 'card')}; a deck holds {self.size_rule()}",
                source.path,
                source.span("cards"),
            )
        for card_id, count in deck.cards.items():
            card = db.by_id(card_id)
            if rules.copies is not None and count > rules.copies:
                yield Finding(
                    "E-DECK-RULE",
                    f"deck '{deck.id}' has {count} copies of '{card_id}'; a deck holds at most {rules.copies}",
                    source.path,
                    source.card_span(card_id),
                )
            if card is not None and rules.kinds and card.kind not in rules.kinds:
                yield Finding(
                    "E-DECK-RULE",
                    f"'{card_id}' is a {self.kind_labels.get(card.kind, card.kind)}; a deck holds only "
                    f"{self.kinds_named()} cards",
                    source.path,
                    source.card_span(card_id),
                )
