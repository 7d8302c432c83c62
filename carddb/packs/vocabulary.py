"""The `vocabulary:` section of game.yaml: a game's checked rules-text language, declared without Python.

A game declares the words its rules text is made of (its nouns come from its kinds, subtypes and
stats; it adds zones, resources, counters, statuses, tokens, phases and game verbs), its keywords
with typed parameters, reminder text and the kinds that may carry them, the core phrases it uses
(by name, with examples), and phrases of its own built from core parts (a pattern, its typed slots,
and what it means as core rules text). `carddb.packs.declared_language` makes a `RulesLanguage` of it;
a Python pack uses the same form through `pack_api.declared_language`.

    vocabulary:
      zones: [{word: deck}, {word: hand}, {word: discard pile, is: discard}]
      verbs: [{word: quest}, {word: banish, is: exile}]
      resources: [{word: energy, icon: energy}]
      keywords:
        - {keyword: Haste, kinds: [creature], reminder: This creature can attack the turn it comes into play.}
        - {keyword: "Ward {number}", reminder: Spells that target this cost {number} more.}
      core: {draw: [Draw a card.], deal-damage: [Deal 2 damage to target creature.]}
      phrases:
        - phrase: Gives {number} {resource} each turn
          role: static
          means: At the start of your turn, gain {number} {resource}.
          examples: [Gives 1 energy each turn.]
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from carddb.packs.card import StrictModel

WordId = Annotated[str, Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=40)]
Words = Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[^{}\n]+$")]
Pattern = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[^\n]+$")]  # words and {slot}s
Text = Annotated[str, Field(min_length=1, max_length=400)]

# What a zone is to the core: where its cards are in a game (the simulator's zones).
ZoneRole = Literal["deck", "hand", "discard", "play", "removed", "aside"]
# Meanings the core gives adjectives (a game may name them in its own words: `exerted` means exhausted).
AdjectiveMeaning = Literal[
    "exhausted",
    "ready",
    "damaged",
    "undamaged",
    "face-down",
    "face-up",
    "attacking",
    "defending",
    "friendly",
    "enemy",
    "other",
    "random",
    "token",
]
# What a keyword of the game is in rules text: a keyword (on a keyword line), or a word that opens a
# line and is followed by a colon: a trigger (`Play: ...`), a cost (`Action: ...`), a condition
# (`Ally: ...`, also written `Ally - ...`) or a window (`Reaction: After ..., ...`).
KeywordRole = Literal["keyword", "trigger", "cost", "condition", "window"]
PhraseRole = Literal["effect", "cost", "static", "trigger", "event", "condition"]


class Term(StrictModel):
    """A word of the game: its spelling, its plural (default: + s) and an id (default: from the word)."""

    word: Words
    plural: str = ""
    id: WordId | None = None


class NounDeclaration(Term):
    """A noun a selector names besides the kinds: a group of kinds (`character` for creatures and heroes)."""

    kinds: list[WordId] = Field(default_factory=list)  # empty: any card


class AdjectiveDeclaration(StrictModel):
    word: Words
    means: AdjectiveMeaning | None = None  # None: the word itself when it is a core meaning, else checked only


class ZoneDeclaration(Term):
    is_: ZoneRole | None = Field(default=None, alias="is")  # default: the id, when it names a core zone


class ResourceDeclaration(Term):
    icon: str = ""


class StatusDeclaration(StrictModel):
    """A status effects give (`Stun a creature`) and selectors name (`stunned creature`)."""

    verb: Words
    adjective: Words
    id: WordId | None = None


class VerbDeclaration(StrictModel):
    """A game verb, for events and restrictions: `Whenever this character quests`, `cannot quest`; or, with
    `is:`, the game's word for a core verb: `{word: trash, is: destroy}` says every form of `destroy` as
    `trash` (`Trash target resource.`, `Trash this card: ...`, `When this card is trashed, ...`)."""

    word: Words  # quest
    third: str = ""  # quests (default: + s)
    # The past tense, also the participle of a game's word for a core verb (default: + ed):
    # `if this character quested this turn`, `When this creature is trashed`.
    past: str = ""
    id: WordId | None = None
    is_: str | None = Field(default=None, alias="is")  # a core verb (carddb.rules.phrasebook_verbs.CORE_VERBS)


class KeywordDeclaration(StrictModel):
    """A keyword: its words with `{slot}`s for parameters (`Ward {number}`), and what it is."""

    keyword: Pattern
    role: KeywordRole = "keyword"
    slots: dict[str, str] = Field(default_factory=dict)  # slot -> type, where the slot is not named after its type
    kinds: list[WordId] = Field(default_factory=list)  # kinds that may carry it; empty: any
    reminder: str = ""
    meaning: str = ""  # one sentence for the glossary (default: from the reminder or what it means)
    means: str = ""  # core rules text it stands for (a trigger, a cost, a condition, or a whole ability)
    examples: list[Text] = Field(default_factory=list)


class PhraseDeclaration(StrictModel):
    """A phrase of the game's own, built from core parts."""

    phrase: Pattern  # the pattern: `Banish {target}`, `{player} draws until they have {number} cards`
    role: PhraseRole = "effect"
    slots: dict[str, str] = Field(default_factory=dict)
    means: Text  # core rules text, with the slots: `Destroy {target}.`
    meaning: str = ""
    examples: Annotated[list[Text], Field(min_length=1)]
    kinds: list[WordId] = Field(default_factory=list)
    id: WordId | None = None


class VocabularyDeclaration(StrictModel):
    nouns: list[NounDeclaration] = Field(default_factory=list)
    adjectives: list[AdjectiveDeclaration] = Field(default_factory=list)  # or a word alone
    names: list[Words] = Field(default_factory=list)  # fixed phrases naming something: `your hero`, `the villain`
    restrictions: list[Words] = Field(default_factory=list)  # words after a noun: `at your location`
    chosen: list[Words] = Field(default_factory=list)  # determiners that mean `target`: `chosen`
    zones: list[ZoneDeclaration] = Field(default_factory=list)
    resources: list[ResourceDeclaration] = Field(default_factory=list)
    counters: list[Term] = Field(default_factory=list)
    stats: list[Term] = Field(default_factory=list)  # besides the game's stats: words such as `cost`
    pair: list[WordId] = Field(default_factory=list)  # the two stats a `+1/+1` changes
    statuses: list[StatusDeclaration] = Field(default_factory=list)
    tokens: list[Term] = Field(default_factory=list)
    phases: list[Term] = Field(default_factory=list)
    verbs: list[VerbDeclaration] = Field(default_factory=list)
    in_play: list[WordId] | None = None  # kinds that stay in play (default: every kind)
    damageable: list[WordId] | None = None  # nouns that can be dealt damage (default: kinds and players)
    keywords: list[KeywordDeclaration] = Field(default_factory=list)
    core: dict[str, list[Text]] | Literal["all"] = Field(default_factory=dict)
    phrases: list[PhraseDeclaration] = Field(default_factory=list)

    @field_validator("adjectives", mode="before")
    @classmethod
    def _words_as_adjectives(cls, value: object) -> object:
        if isinstance(value, list):
            return [{"word": v} if isinstance(v, str) else v for v in value]
        return value
