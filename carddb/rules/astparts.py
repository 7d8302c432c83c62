"""Values that exist only while a line is being parsed: words and nouns a rule's builder reads.

The AST builders (`carddb.rules.astbuild`, `carddb.rules.astbuild_broad`) pass these up the parse
until a selector, a phrase or a zone takes them in; none is left in the finished AST.
"""

from __future__ import annotations

from dataclasses import dataclass

from carddb.rules.ast import Node, Selector


@dataclass(slots=True, unsafe_hash=True)
class Word(Node):
    """A word or words as a value (a determiner, an adjective, a resource id): read as its text."""

    text: str


@dataclass(slots=True, unsafe_hash=True)
class NounRef(Node):
    """The noun of a selector: its id, and whether it was written in the plural."""

    id: str
    plural: bool


@dataclass(slots=True, unsafe_hash=True)
class Term(Node):
    """A word of a broad word class (a zone, counter, stat...): its Vocabulary field, id and number."""

    field: str
    id: str
    plural: bool


@dataclass(slots=True, unsafe_hash=True)
class Owner(Node):
    """A possessive: the owner id it means (`your` is "you", `its owner's` "owner"), or "whose" and the
    selector before 's (`your opponent's`)."""

    id: str
    whose: Selector | None = None
