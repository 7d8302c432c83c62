"""The core names no game: every word a bundled pack defines stays in that pack.

"The core" is carddb/ outside carddb/games/ and templates/ outside each pack's own folder,
the play modes (carddb/play/, templates/play/) included: a game's draft phases, pool names and
bot points are its boosters.yaml's (tests/play/test_play_names_no_game.py also reads those).

Two checks, on code and user-visible text (Python string literals and template text;
comments and docstrings may give examples):
- no string literal is exactly a pack's id for something (a kind, subtype, faction, icon,
  rule number, registry entry, vocabulary word...): that is how `if kind == "lord"` or a
  hard-coded `coupled-to-it` looks;
- no text holds a pack's word for its players to read (a kind's label, a faction's name,
  an icon such as "powerstones", a layout such as "council").

Words the core defines itself (its grammar, its core registry entries, the rules-text words
every game shares, the kind fields every card has) are not pack words even when a pack uses them.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from carddb.findings.codes import CODES
from carddb.packs.card import Card
from carddb.packs.lookup import get_pack
from carddb.packs.pack import PLAYERS_MAX, PLAYERS_MIN, GamePack
from carddb.rules.language import words_of
from carddb.rules.phrasebook import CoreNouns, every_core_entry
from carddb.rules.registry import PARAM_TYPES

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ("loe", "loe2", "estro", "shards", "soulfall")

# Words every game's rules text and data use the same way, so no pack owns them.
SHARED = {
    "card", "cards", "player", "players", "opponent", "opponents", "ability", "abilities",
    "it", "you", "this-card", "its-controller", "that-player", "you-control", "opponent-controls",
    "deck", "default", "standard",
}  # fmt: skip
# Ordinary words that a pack also happens to use as an id: HTML's class attribute, "units (mm)", a
# list's item, CSS's leader() and the anatomy chapter's leader lines, a faction-less card's "neutral",
# an empty file or folder (ESTRO's Empty cards are kind `empty`), "deck building" and the live preview's
# "building" state, the registry's "event" role, the rulebook's reference chapters.
ORDINARY = {
    "class", "unit", "action", "resource", "market", "subject", "material", "influence", "tap",
    "item", "leader", "neutral", "empty", "building", "event", "Building", "Event", "Events", "reference",
}  # fmt: skip


# Other tools' formats, spelled as they spell them: Draftmancer's card JSON (its Magic fields
# `power`, `toughness`, `mana_cost`) and the messages of its parser, which carddb's mirror repeats.
FOREIGN_IDS = {Path("carddb/play/draftmancer_cards.py"): {"power", "toughness"}}
FOREIGN_TEXT = re.compile(r"mana (?:cost|symbol)", re.I)


def core_words() -> set[str]:
    """What the core defines: its grammar's words, its registry entries and their words, every card's fields."""
    grammar = (ROOT / "carddb" / "rules" / "grammar.lark").read_text(encoding="utf-8")
    words = set(re.findall(r'"([a-z]+)"', grammar)) | set(PARAM_TYPES) | set(Card.model_fields)
    nothing = frozenset[str]()
    for entry in every_core_entry(CoreNouns(nothing, nothing, nothing, nothing)):
        words.add(entry.name)
        words.update(w.removesuffix("(s)") for p in entry.patterns for w in words_of(p.text))
    # The rule numbers the core reads from any pack that declares them (GamePack.players).
    return words | SHARED | {PLAYERS_MIN, PLAYERS_MAX}


def pack_words(pack: GamePack) -> tuple[set[str], set[str]]:
    """(ids, words shown to players) a pack defines."""
    ids: set[str] = set()
    shown: set[str] = set()
    for kind in pack.kinds:
        ids |= {kind.id, *kind.subtypes, kind.layout, kind.back, kind.group}
        shown |= {kind.label, kind.plural}
    for faction in pack.factions:
        ids.add(faction.id)
        shown.add(faction.name)
    ids |= set(pack.icons) | {n.id for n in pack.numbers} | {t.id for t in pack.tables} | {s.id for s in pack.stats}
    if pack.language is not None:
        vocabulary = pack.language.vocabulary
        for noun in (*vocabulary.nouns, *vocabulary.resources):
            ids.add(noun.id)
            if noun.capitalised:
                shown |= {noun.singular, noun.plural}
        ids |= (
            set(vocabulary.adjectives)
            | {i for i, _ in vocabulary.fixed_selectors}
            | {i for i, _ in vocabulary.postfixes}
        )
        ids |= {e.name for e in pack.language.registry if not e.core}
    # Icons, layouts, groups, kind and faction ids are also words in text ("powerstones", "council",
    # "ashmarch-duke"), in any case.
    shown |= {w for w in set(pack.icons) | {w for k in pack.kinds for w in (k.layout, k.group, k.id)} if w}
    shown |= {f.id for f in pack.factions}
    return ids, shown


@pytest.fixture(scope="module")
def words() -> tuple[set[str], re.Pattern[str]]:
    core = core_words()
    ids: set[str] = set()
    shown: set[str] = set()
    for game in BUNDLED:
        pack_ids, pack_shown = pack_words(get_pack(game))
        ids |= pack_ids
        shown |= pack_shown
    ids = {w for w in ids if w and w.lower() not in core | ORDINARY}
    shown = {w for w in shown if w and w.lower() not in core and w not in ORDINARY}
    # Labels as written (a "Spell" is a pack's word; "spell" in prose may be English); icons,
    # layouts and groups in any case, with a plural s.
    lowered = sorted({w for w in shown if w.islower()}, key=len, reverse=True)
    written = sorted({w for w in shown if not w.islower()}, key=len, reverse=True)
    # A hyphen ends a word: 'ashmarch-duke' names a faction and a kind.
    pattern = re.compile(
        r"(?<![\w])(?:"
        + "|".join([*(f"(?i:{re.escape(w)})s?" for w in lowered), *(re.escape(w) for w in written)])
        + r")(?![\w])"
    )
    return ids, pattern


def core_files() -> Iterator[Path]:
    for path in sorted((ROOT / "carddb").rglob("*.py")):
        relative = path.relative_to(ROOT / "carddb")
        # pack_api's string literals are the Python names it exports (`Action`, `draw`), shown to no player.
        if relative.parts[0] != "games" and relative != Path("pack_api.py"):
            yield path
    for path in sorted((ROOT / "templates").rglob("*")):
        parts = path.relative_to(ROOT / "templates").parts
        if path.suffix in {".html", ".css", ".js"} and parts[0] not in BUNDLED:
            yield path


def python_texts(path: Path) -> Iterator[tuple[int, str]]:
    """Each string literal's line and value, docstrings left out (comments are not tokens of code)."""
    source = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.add(value.lineno)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and token.start[0] not in docstrings:
            yield token.start[0], token.string


def template_texts(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    # Comments may name a game as an example; they keep their line breaks so line numbers stay right.
    comments = r"\{#.*?#\}|/\*.*?\*/|<!--.*?-->|^[ \t]*//[^\n]*"
    text = re.sub(comments, lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)
    yield from enumerate(text.splitlines(), 1)


def literal_value(token: str) -> str | None:
    try:
        value = ast.literal_eval(token)
    except (ValueError, SyntaxError):
        return None  # an f-string: its text is checked as text
    return value if isinstance(value, str) else None


def offences(path: Path, ids: set[str], pattern: re.Pattern[str], root: Path = ROOT) -> list[str]:
    found = []
    texts = python_texts(path) if path.suffix == ".py" else template_texts(path)
    for line, text in texts:
        if literal_value(text) in CODES:
            continue  # finding codes are never renamed (E-REACTION-TIMING predates packs other than LOE)
        where = f"{path.relative_to(root)}:{line}"
        value = literal_value(text)
        if path.suffix == ".py" and value in ids and value not in FOREIGN_IDS.get(path.relative_to(root), ()):
            found.append(f"{where}: the literal {text} is a pack's id")
        for match in pattern.finditer(FOREIGN_TEXT.sub("", text)):
            found.append(f"{where}: '{match.group(0)}' is a pack's word, in {text.strip()[:80]!r}")
    return found


def test_the_core_names_no_game(words: tuple[set[str], re.Pattern[str]]) -> None:
    ids, pattern = words
    found = [o for path in core_files() for o in offences(path, ids, pattern)]
    assert not found, "game words in the core (move them into the pack):\n" + "\n".join(found)


# Each place issue 13 found, put back: the guard must catch every one.
PUT_BACK = [
    ("carddb/cards/stats.py", 'title = "Cost curve (powerstones)"'),
    ("carddb/rulebook/chapters/kinds.py", 'FRAME_NOTES = {"council": "a council frame with health in the corner"}'),
    ("carddb/rules/checks.py", 'HOLDERS = {"coupled-to-it"}'),
    (
        "carddb/render/faces/context.py",
        'STAT_FIELDS = (("health", "Health"), ("power", "Power"), ("toughness", "Tough."))',
    ),
    ("carddb/render/faces/context.py", 'council = card.kind == "lord"'),
    ("carddb/rules/phrasebook.py", 'EXAMPLE = "Destroy target Item."'),
    ("carddb/rules/checks.py", 'RESTRICTIONS = {"activate-once", "activate-your-turn"}'),
    ("carddb/rules/checks.py", 'MESSAGE = "a Reaction needs a timing condition"'),
    ("carddb/cards/entries.py", "EXAMPLE = \"e.g. 'ashmarch-duke'\""),
    ("carddb/packs/card.py", 'written_as = "a mapping such as {file: duke.png}"'),
    ("carddb/rulebook/chapters/drafts.py", 'TITLE = "Drafting a Council"'),
    ("templates/base/card.html", '<div class="victory-ribbon">Victory</div>'),
    ("templates/rulebook/chapters/deck-rules.html", "<p>What a legal deck and council look like.</p>"),
    # the play modes, before their phases became boosters.yaml data
    ("carddb/play/draft.py", 'needs_lord = card.kind == "lord" and not held'),
    ("carddb/play/draft.py", 'types = {"council": "council", "victory": "victory-deal", "deck": "deck"}'),
    ("carddb/play/bots.py", 'BONUS = {"lord": 4}  # a Lord while the seat has none'),
    ("carddb/play/lists.py", 'limit_text = "its council"'),
    ("templates/play/pick_sheets.html", "<p>Council Draft: open your lords and dukes booster</p>"),
    ("templates/play/pick_log.html", "<h2>Councils</h2><th>Victory card</th>"),
]


@pytest.mark.parametrize(("where", "line"), PUT_BACK, ids=[f"{w}: {line[:30]}" for w, line in PUT_BACK])
def test_each_game_word_put_back_is_caught(
    words: tuple[set[str], re.Pattern[str]], tmp_path: Path, where: str, line: str
) -> None:
    ids, pattern = words
    original = ROOT / where
    copy = tmp_path / where
    copy.parent.mkdir(parents=True)
    copy.write_text(original.read_text(encoding="utf-8") + "\n" + line + "\n", encoding="utf-8")
    found = offences(copy, ids, pattern, root=tmp_path)
    assert any(f":{len(copy.read_text().splitlines())}:" in f for f in found), found


def test_the_grid_and_card_size_are_not_fixed_in_the_core() -> None:
    css = (ROOT / "templates" / "base" / "card.css").read_text(encoding="utf-8")
    assert not re.search(r"\b(69|94|63|88)mm\b", css), "the card size is the pack's, rendered into card.css"
    imposition = (ROOT / "carddb" / "render" / "imposition.py").read_text(encoding="utf-8")
    assert not re.search(r"^(COLUMNS|ROWS)\s*=", imposition, re.M), "the grid is computed from the paper"
