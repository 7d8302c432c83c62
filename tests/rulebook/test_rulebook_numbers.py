"""Every rule number the rulebook prints is the game pack's: prose and generated chapters read one place.

The built rulebook.html of LOE and LOE v2 is read back as a reader sees it:
- every number printed from the pack (`{number:ID}` in prose, or a count a
  generated chapter read from a number) is a `span.game-number` naming its id,
  and what it says must equal the pack's value;
- no other number may stand before a noun of a game number's label (digits or
  number words, up to two words before "cards", "Dukes", "powerstones", an
  icon...): such a number is a rule stated in the prose without a marker.
Examples (sections titled "Example..."), the glossary's rules-text examples, the
component list, the card anatomy and the facts of each kind reference count cards
or illustrate play; they are not rules, and are not searched.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from rulebook_fixtures import REPO, Built

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.packs.pack import GamePack
from carddb.rulebook.build import build_rulebook
from carddb.rules.numbertext import WORDS

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID = {"img", "br", "hr", "meta", "link", "col", "source", "wbr", "input"}
INLINE = {"span", "em", "strong", "a", "b", "i", "small", "sup", "sub", "code", "img"}
# What is not a rule: the cover's counts, the contents, rules-text examples, the kinds reference's card counts.
NOT_RULES = {"cover", "contents", "example", "facts", "booster", "card-name", "phrasing"}
NOT_TEXT = {"head", "style", "script"}
DATA_CHAPTERS = {"Component List", "Anatomy of a Card"}
# Words of number labels that do not name what is counted.
STOP = set(
    [
        "a",
        "an",
        "the",
        "in",
        "of",
        "at",
        "on",
        "to",
        "per",
        "each",
        "most",
        "fewest",
        "may",
        "before",
        "after",
        "from",
        "with",
        "and",
        "or",
        "it",
        "its",
        "is",
        "are",
        "first",
        "later",
        "end",
        "main",
        "step",
        "game",
        "play",
        "plays",
        "draw",
        "draws",
        "drawn",
        "kept",
        "received",
        "costs",
        "placed",
        "takes",
        "passing",
        "spent",
        "dealt",
        "keeps",
        "usual",
        "lowest",
        "highest",
        "special",
        "that",
        "give",
        "gives",
        "no",
        "for",
        "returned",
        "unused",
        "which",
        "starts",
        "start",
        "there",
        "their",
        "this",
        "when",
        "one",
        "player's",
        "pre-constructed",
        "selects",
        "turn",
        "turns",
        "round",
        "attack",
        # ESTRO's labels: a preposition and a verb, never what is counted
        "against",
        "hold",
    ]
)
# Digits or words; never zero, which counts nothing a designer tunes. "One" is also a pronoun ("no one",
# "one of their Leaders"), so it counts only right before its noun ("one Victory card").
NUMBER = r"(?P<number>(?!0\b)\d+|" + "|".join(WORDS[2:]) + r")"


@dataclass
class Reading:
    numbers: list[tuple[str, str]] = field(default_factory=list)  # (id, what the span says)
    text: list[tuple[str, str]] = field(default_factory=list)  # (chapter, text searched for bare numbers)


class _Reader(HTMLParser):
    """The book's text as a reader reads it, with tagged numbers taken out and non-rules left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.reading = Reading()
        self.open: list[tuple[str, bool]] = []  # tag, and whether it starts a part that is not a rule
        self.chapter = ""
        self.heading: tuple[int, list[str]] | None = None
        self.example_level: int | None = None  # inside an "Example" section down to this heading level
        self.number: tuple[str, list[str]] | None = None

    @property
    def skipping(self) -> bool:
        return self.example_level is not None or self.chapter in DATA_CHAPTERS or any(skip for _, skip in self.open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        classes = set((attr.get("class") or "").split())
        if tag == "img":
            self.handle_data(f" {attr.get('alt') or ''} ")  # an icon reads as its word: 3{powerstone}
            return
        if tag not in INLINE:
            self.reading.text.append((self.chapter, "\n"))  # a block ends a sentence
        if tag in VOID:
            return
        if tag in HEADINGS:
            level = int(tag[1])
            if self.example_level is not None and level <= self.example_level:
                self.example_level = None
            self.heading = (level, [])
        if "game-number" in classes:
            self.number = (attr.get("data-number") or "", [])
        # a glossary term quotes rules text (`Activate only once per turn`): a card's words, not a game rule
        glossary_term = tag == "dt" and self.chapter == "Glossary"
        self.open.append((tag, bool(classes & NOT_RULES) or tag in NOT_TEXT or glossary_term))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag not in INLINE:
            self.reading.text.append((self.chapter, "\n"))
        while self.open:
            name, _ = self.open.pop()
            if name == tag:
                break
        if self.number is not None and tag == "span":
            number_id, parts = self.number
            self.reading.numbers.append((number_id, "".join(parts)))
            self.reading.text.append((self.chapter, " § "))  # a tagged number is no bare number
            self.number = None
        if tag in HEADINGS and self.heading is not None:
            level, parts = self.heading
            title = " ".join("".join(parts).split())
            if level == 1:
                self.chapter = title
            if re.search(r"\bexamples?\b", title, re.I):
                self.example_level = level
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.heading is not None:
            self.heading[1].append(data)
        if self.number is not None:
            self.number[1].append(data)
            return
        if not self.skipping:
            self.reading.text.append((self.chapter, data))


def read_book(html: str) -> Reading:
    reader = _Reader()
    reader.feed(html)
    return reader.reading


def said(text: str) -> int:
    """What a printed number says: digits, a word, or once/twice/N times."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    if text in ("once", "twice"):
        return 1 if text == "once" else 2
    return WORDS.index(text.removesuffix(" times"))


def nouns(pack: GamePack) -> set[str]:
    """The counted nouns of the pack's number labels and its icons, singular and plural."""
    found = set(pack.icons)
    for number in pack.numbers:
        found |= {w for w in re.findall(r"[a-z][a-z-]+", number.label.lower()) if w not in STOP}
    return found | {w + "s" for w in found} | {w[:-1] for w in found if w.endswith("s") and len(w) > 3}


def bare_numbers(pack: GamePack, reading: Reading) -> list[str]:
    """Every number that stands before a counted noun outside a game-number span: a rule stated bare."""
    counted = "|".join(sorted(map(re.escape, nouns(pack)), key=len, reverse=True))
    pattern = re.compile(rf"\b{NUMBER}\b(?:[\s-]+[\w'-]+){{0,2}}?[\s-]+(?P<noun>{counted})\b", re.I)
    one = re.compile(rf"\bone[\s-]+(?P<noun>{counted})\b", re.I)
    # "once per turn", "twice each round": how often a player may do something is a rule number too
    times = re.compile(r"\b(?P<number>once|twice|\w+ times)\s+(?:per|each|a|every)\s+(?:turn|round)\b", re.I)
    found = []
    chapters: dict[str, list[str]] = {}
    for chapter, text in reading.text:
        chapters.setdefault(chapter, []).append(text)
    for chapter, parts in chapters.items():
        blocks = "".join(parts).split("\n")
        for sentence in (s for block in blocks for s in re.split(r"(?<=[.!?:;])\s+", " ".join(block.split()))):
            for match in [*pattern.finditer(sentence), *one.finditer(sentence), *times.finditer(sentence)]:
                found.append(f"{chapter}: {match.group(0)!r} in {sentence!r}")
    return found


# Every game whose rulebook ships with carddb: its prose is data/<game>/rulebook/.
GAMES = sorted(p.parent.name for p in (REPO / "data").glob("*/rulebook") if p.is_dir())
_BOOKS: dict[str, str] = {}


def _book(tmp_path_factory: pytest.TempPathFactory, game: str) -> str:
    if game not in _BOOKS:  # each book is built once for both tests
        root = tmp_path_factory.mktemp(f"rulebook-{game}")
        shutil.copytree(REPO / "data" / game, root / "data" / game)
        db, load_report = load_database(Project.at(root), get_pack(game))
        assert not load_report.errors, load_report.format_text()
        report = Report(root=root)
        book = build_rulebook(db, report)
        assert not report.errors, report.format_text()
        assert book.html_path is not None
        _BOOKS[game] = book.html_path.read_text(encoding="utf-8")
    return _BOOKS[game]


def _html(which: str, request: pytest.FixtureRequest) -> tuple[GamePack, str]:
    if which == "loe":
        built: Built = request.getfixturevalue("loe_book")
        assert built.book.html_path is not None
        return built.db.pack, built.book.html_path.read_text(encoding="utf-8")
    return get_pack(which), _book(request.getfixturevalue("tmp_path_factory"), which)


def test_every_shipped_game_has_its_rulebook_checked() -> None:
    assert {"loe", "loe2", "estro", "shards", "soulfall"} <= set(GAMES)


@pytest.mark.parametrize("which", GAMES)
def test_every_number_the_rulebook_prints_from_the_pack_is_the_packs(
    which: str, request: pytest.FixtureRequest
) -> None:
    pack, html = _html(which, request)
    reading = read_book(html)
    values = pack.number_values
    assert len(reading.numbers) >= min(10, len(values)), "the rulebook should print the game's numbers from the pack"
    wrong = [
        f"{nid}: prints {text!r}, the pack says {values.get(nid)}"
        for nid, text in reading.numbers
        if values.get(nid) != said(text)
    ]
    assert not wrong, "\n".join(wrong)
    # The numbers every player needs, of those this game has (SoulFall deals a hand but sets no hand size).
    printed = {nid for nid, _ in reading.numbers}
    needed = {"hand-size", "opening-hand", "deck-size", "deck-min"} & set(values)
    assert needed <= printed, f"not printed from the pack: {sorted(needed - printed)}"
    assert {"players-min", "players-max"} & printed


@pytest.mark.parametrize("which", GAMES)
def test_the_rulebook_states_no_game_number_without_a_marker(which: str, request: pytest.FixtureRequest) -> None:
    pack, html = _html(which, request)
    found = bare_numbers(pack, read_book(html))
    assert not found, "rule numbers written bare (use {number:ID}):\n" + "\n".join(found)


def test_the_search_finds_a_bare_number_and_a_wrong_one() -> None:
    """The two checks above can fail: a prose rule written bare, and a tagged number that disagrees."""
    pack = get_pack("loe")
    html = (
        "<section><h1>Other Rules</h1><p>Discard down to seven cards. Pay 2<img alt='powerstone'> to trade.</p>"
        "<h2>Example: A Turn</h2><p>She draws three cards.</p><h2>Hand Size</h2>"
        "<p>At most <span class='game-number' data-number='hand-size'>8</span> cards.</p></section>"
    )
    reading = read_book(html)
    found = bare_numbers(pack, reading)
    assert len(found) == 2 and "'seven cards'" in found[0] and "'2 powerstone'" in found[1], found
    assert reading.numbers == [("hand-size", "8")] and said("8") != pack.number("hand-size")


def test_every_number_marker_of_a_packs_own_text_names_one_of_its_numbers() -> None:
    """The game's and kinds' descriptions, registry meanings and deck-list descriptions print numbers; a typo
    would print raw."""
    from carddb.packs.lookup import all_packs
    from carddb.rules.numbertext import marker_problem, markers

    checked = 0
    for pack in all_packs().values():
        texts = [pack.description, *(k.description for k in pack.kinds), *(e.meaning for e in pack.registry)]
        texts += list(pack.deck_rules.list_kinds.values()) if pack.deck_rules else []
        for text in texts:
            for number_id, form in markers(text):
                checked += 1
                assert marker_problem(number_id, form, pack.number_values) is None, (pack.id, text)
    assert checked >= 8
