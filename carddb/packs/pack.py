"""What a game pack declares, so that the core can load, check and print any game.

The core never asks "which game is this?": everything that differs between games
(card kinds, factions, rarities, the card schema, extra checks, the rules-text
vocabulary and effect registry, deck rules) is a value in a `GamePack`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.findings.plural import plural
from carddb.packs.facedesign import FaceDesign
from carddb.packs.hooks import CardCheck, DeckRules, SimulatorFactory
from carddb.rules.numbertext import fill

if TYPE_CHECKING:
    from carddb.rules.language import RulesLanguage
    from carddb.rules.registry import EffectRegistry


@dataclass(frozen=True)
class KindInfo:
    """One card kind of a game (Duke, Troop, ...)."""

    id: str
    label: str
    plural: str
    description: str
    subtypes: tuple[str, ...] = ()
    layout: str = "standard"  # which face template family draws it
    back: str = "default"  # which card back it is printed with (single-sided kinds)
    group: str = ""  # how a game groups kinds (LOE: "council", "victory", "deck")
    frame: str = ""  # what its frame looks like, in the rulebook's words ("" : "the <layout> frame")
    # Double-sided kinds: the kind of each card's own back face (a kind of the pack that no card
    # has as its front). Such a card writes its other side under `back:` and prints no shared back.
    back_face: str = ""


# The rarities that tools made for Magic know (Draftmancer refuses any other; Cockatrice shows them):
# every game's rarities are mapped onto these by `GamePack.rarity_tier`.
RARITY_TIERS = ("common", "uncommon", "rare", "mythic", "special")
# The five colours those tools sort and balance packs on (Draftmancer's colour balance takes one card
# of each); a faction maps to one of them or to none (colourless) by `GamePack.color_letter`.
COLOR_LETTERS = ("W", "U", "B", "R", "G")


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    color: str  # frame colour, #rrggbb
    accent: str  # second colour for trims and placeholders
    description: str = ""
    # Its colour among COLOR_LETTERS, "" for colourless (a neutral faction); None: by its place (see color_letter)
    color_letter: str | None = None


@dataclass(frozen=True)
class Rarity:
    id: str
    name: str
    color: str  # colour of the rarity mark on the card
    tier: str = ""  # one of RARITY_TIERS; "": by its name and place (see GamePack.rarity_tier)


@dataclass(frozen=True)
class StatInfo:
    """A number a card face prints in a shield (health, power...), read from the card field `id`."""

    id: str
    label: str  # printed under the value; short ("Resist.") where the shield is narrow


@dataclass(frozen=True)
class CostInfo:
    """How a game's cards state their cost.

    `field` is the card field; a whole number is printed as one `icon` with the amount on
    it (a gem without a picture if the pack has none). A field value with a `markup()`
    method (LOE's mixed costs) prints its own icons; `icon` is then the one shown numbered.
    """

    field: str = "cost"
    label: str = ""  # the unit, for tables and charts: "Cost curve (powerstones)"
    icon: str = ""


# Card sizes designers name (trim, in mm, width x height); a pack or game.yaml may use any size.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (56.0, 87.0),
    "mini": (44.0, 67.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}


@dataclass(frozen=True)
class GameNumber:
    """One number of a game's rules (hand size, deck size, players...).

    Stated once in the pack, so validation, play modes, the engine and the rulebook
    read the same value and cannot disagree. `source` says where the design states
    it, or that the pack decided it where the design is silent.
    """

    id: str  # "hand-size"
    value: int
    label: str  # "maximum hand size at the end of a turn"
    source: str = ""  # "seed 000, Main mechanics" or "decision: the design is silent"


def number_reader(numbers: Iterable[GameNumber]) -> Callable[[str], int]:
    """`number(id)` over a pack's numbers, for pack code that runs before the pack exists (a schema's ranges)."""
    values = {number.id: number.value for number in numbers}
    return values.__getitem__


@dataclass(frozen=True)
class GameTable:
    """A table of a game's rules as data (a scoring table, an interaction matrix...).

    The rulebook prints it where the prose writes `{table:ID}`; code that needs the
    same facts reads them from here, so the printed table and the code agree.
    """

    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(
                    f"table '{self.id}': row {row!r} has {plural(len(row), 'cell')} for {plural(len(self.columns), 'column')}"
                )


# The rule numbers the core itself reads, when a pack declares them: how many play (draft seats, sealed tables).
PLAYERS_MIN = "players-min"
PLAYERS_MAX = "players-max"


@dataclass(frozen=True)
class GamePack:
    id: str
    name: str
    description: str
    card_schema: Any  # a pydantic-validatable type: the discriminated union of kinds
    kinds: tuple[KindInfo, ...]
    rarities: tuple[Rarity, ...]
    factions: tuple[Faction, ...]
    faction_field: str = "faction"
    faction_label: str = "faction"
    faction_plural: str = ""  # the label's plural when it is not the label + "s"
    card_size_mm: tuple[float, float] = CARD_SIZES["poker"]
    stats: tuple[StatInfo, ...] = ()  # what the default face prints in shields, in this order
    cost: CostInfo = CostInfo()
    icons: tuple[str, ...] = ()
    # Folder of the icons' SVG files (`<name>.svg`), shipped inside the pack's package.
    icon_dir: Path | None = None
    # A templates folder shipped inside the pack's package, laid out like a project's templates/
    # (<id>/<layout>.html, <id>/back-<back>.html, <id>/<id>.css). Searched after the project's own
    # templates and before carddb's bundled ones.
    template_dir: Path | None = None
    # A starter project (`carddb new DIR --game ID`): README.md and data/<id>/... as the project holds them.
    starter: Path | None = None
    card_checks: tuple[CardCheck, ...] = ()
    extras: dict[str, Any] = field(default_factory=dict)
    deck_rules: DeckRules | None = None  # what `carddb deck check` and the drafts enforce
    language: RulesLanguage | None = None  # rules-text vocabulary + effect registry (carddb.rules.language)
    numbers: tuple[GameNumber, ...] = ()  # the game's rule numbers, one place for code and rulebook
    tables: tuple[GameTable, ...] = ()  # rules tables the rulebook prints with {table:ID}
    version: str = ""  # the pack's own version; `carddb games` shows its distribution's when empty
    # The game's rules for the simulator (`carddb playtest`): called once per run, it imports
    # what it needs then, so a command that does not simulate never pays for it.
    simulator: SimulatorFactory | None = None
    # Every copy of the game holds the same cards (a boxed game): no boosters, no collection to build;
    # the rulebook's component list then names every card, for a buyer to check.
    fixed: bool = False
    components_note: str = ""  # printed with the rulebook's component list; may name numbers ({number:ID})
    # The faces as data: declared fields, layouts, placeholder art (carddb.packs.facedesign). The empty
    # design draws the default frame with its landscape placeholders, as a pack without one always had.
    faces: FaceDesign = field(default_factory=FaceDesign)
    # Who made the game, the Author of every PDF carddb writes for it (empty: the game's name), and the
    # language of its card text and rulebook (BCP 47, the PDFs' Lang: what a screen reader speaks).
    author: str = ""
    lang: str = "en"

    def __post_init__(self) -> None:
        for rarity in self.rarities:
            if rarity.tier and rarity.tier not in RARITY_TIERS:
                raise ValueError(f"rarity '{rarity.id}': tier '{rarity.tier}' is not one of {', '.join(RARITY_TIERS)}")
        for faction in self.factions:
            if faction.color_letter not in (None, "", *COLOR_LETTERS):
                raise ValueError(
                    f"faction '{faction.id}': color_letter '{faction.color_letter}' is not one of "
                    f"{', '.join(COLOR_LETTERS)} (or empty for colourless)"
                )
        ids = self.kind_ids
        for kind in self.kinds:
            if not kind.back_face:
                continue
            if kind.back_face not in ids or kind.back_face == kind.id:
                raise ValueError(f"kind '{kind.id}': back_face '{kind.back_face}' is not another kind of '{self.id}'")
            if self.kind(kind.back_face).back_face:
                raise ValueError(f"kind '{kind.back_face}' is the back face of '{kind.id}' and cannot have one itself")

    def kind(self, kind_id: str) -> KindInfo:
        for kind in self.kinds:
            if kind.id == kind_id:
                return kind
        raise KeyError(kind_id)

    def faction(self, faction_id: str | None) -> Faction | None:
        return next((f for f in self.factions if f.id == faction_id), None)

    def rarity(self, rarity_id: str) -> Rarity:
        return next(r for r in self.rarities if r.id == rarity_id)

    def rarity_tier(self, rarity_id: str) -> str:
        """The rarity as Draftmancer and Cockatrice name it (one of RARITY_TIERS).

        A rarity that declares its `tier` has it; one named like a tier is that tier; any other
        is the tier after the rarity before it (the first: common), at most mythic, so ESTRO's
        common, rare, legendary read common, rare, mythic. An unknown id reads common.
        """
        tier = ""
        for rarity in self.rarities:
            if rarity.tier:
                tier = rarity.tier
            elif rarity.id in RARITY_TIERS:
                tier = rarity.id
            else:
                tier = RARITY_TIERS[min(RARITY_TIERS.index(tier) + 1, 3)] if tier else "common"
            if rarity.id == rarity_id:
                return tier
        return "common"

    def color_letter(self, faction_id: str | None) -> str:
        """The faction's colour among COLOR_LETTERS ("" for colourless, or no faction).

        Declared by the faction, else by its place: the first five factions take W, U, B, R, G
        in order (those of them that declare no letter), the others are colourless.
        """
        faction = self.faction(faction_id)
        if faction is None:
            return ""
        if faction.color_letter is not None:
            return faction.color_letter
        taken = {f.color_letter for f in self.factions if f.color_letter}
        free = [letter for letter in COLOR_LETTERS if letter not in taken]
        undeclared = [f.id for f in self.factions if f.color_letter is None]
        index = undeclared.index(faction.id)
        return free[index] if index < len(free) and self.factions.index(faction) < len(COLOR_LETTERS) else ""

    def number(self, number_id: str) -> int:
        for number in self.numbers:
            if number.id == number_id:
                return number.value
        raise KeyError(f"game '{self.id}' declares no number '{number_id}'")

    @property
    def number_values(self) -> dict[str, int]:
        """Every rule number by id."""
        return {number.id: number.value for number in self.numbers}

    @property
    def players(self) -> tuple[int, int] | None:
        """The fewest and the most players (the numbers PLAYERS_MIN and PLAYERS_MAX), if the pack says."""
        values = self.number_values
        if PLAYERS_MIN in values and PLAYERS_MAX in values:
            return values[PLAYERS_MIN], values[PLAYERS_MAX]
        return None

    def say(self, text: str) -> str:
        """A pack's or designer's text with its `{number:ID}` markers written out (carddb.rules.numbertext)."""
        return fill(text, self.number_values)

    def table(self, table_id: str) -> GameTable:
        for table in self.tables:
            if table.id == table_id:
                return table
        raise KeyError(f"game '{self.id}' declares no table '{table_id}'")

    @property
    def credited_author(self) -> str:
        """The Author of the game's PDFs: the pack's `author`, else the game's name."""
        return self.author or self.name

    @property
    def factions_label(self) -> str:
        """The faction label in the plural ("provinces", "estri")."""
        return self.faction_plural or f"{self.faction_label}s"

    @property
    def registry(self) -> EffectRegistry:
        """The effect registry of the game's rules text (empty for a game whose text is free)."""
        from carddb.rules.registry import EffectRegistry

        if self.language is None:
            return EffectRegistry(self.id, ())
        registry: EffectRegistry = self.language.registry
        return registry

    @property
    def icons_folder(self) -> Path | None:
        """The folder of the pack's icon SVGs, if it ships any."""
        return self.icon_dir.resolve() if self.icon_dir is not None else None

    @property
    def kind_ids(self) -> tuple[str, ...]:
        return tuple(k.id for k in self.kinds)

    @property
    def back_kind_ids(self) -> frozenset[str]:
        """Kinds that are only ever the back face of a double-sided card."""
        return frozenset(k.back_face for k in self.kinds if k.back_face)

    def fronts_of(self, kind_id: str) -> tuple[KindInfo, ...]:
        """The double-sided kinds whose cards have a back face of `kind_id`."""
        return tuple(k for k in self.kinds if k.back_face == kind_id)

    @property
    def shared_backs(self) -> tuple[str, ...]:
        """The card backs the game prints: those of its single-sided kinds, each once."""
        return tuple(dict.fromkeys(k.back for k in self.kinds if not k.back_face and k.id not in self.back_kind_ids))
