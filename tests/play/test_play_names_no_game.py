"""The play modes' code and templates name no game: every word of a game's draft lives in its pack data.

The forbidden words are read from the installed packs and LOE's boosters.yaml
(kinds, factions, icons, booster types, draft phases and pools), so the guard
grows with the games. Docstrings and comments may cite a game as an example;
code, strings and templates may not.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import yaml

from carddb.packs.lookup import all_packs

ROOT = Path(__file__).resolve().parents[2]
PLAY_CODE = [*sorted((ROOT / "carddb" / "play").glob("*.py")), ROOT / "carddb" / "cli" / "commands" / "play.py"]
PLAY_TEMPLATES = sorted((ROOT / "templates" / "play").glob("*.html"))
# Card-game words that more than one kind of game uses; a draft may say them without naming a game.
GENERIC = {
    "card",
    "cards",
    "deck",
    "spell",
    "spells",
    "reaction",
    "reactions",
    "resource",
    "resources",
    "item",
    "items",
    "unit",  # LOE v2's and Shards' rules text, and any measure ("weight units")
    "units",
    "event",  # a sealed event; the rules registry's role; Shards' card group
    "events",
}
# Field names of other tools' formats, written as those tools spell them (Draftmancer's card JSON),
# and the words of Draftmancer's own messages, which carddb's mirror of its parser repeats.
FOREIGN = ("mana cost", "mana symbol", "empty list", "is empty")


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


def game_words() -> tuple[set[str], set[str]]:
    """Single words and multi-word names that belong to one game."""
    words: set[str] = set()
    phrases: set[str] = set()
    for pack in all_packs().values():
        words |= {pack.id, *_words(pack.name)} - {"of", "v", "the"}
        for kind in pack.kinds:
            words |= _words(f"{kind.id} {kind.label} {kind.plural}")
            words |= {kind.group} if kind.group else set()
        for faction in pack.factions:
            words |= _words(faction.name) | {faction.id}
        words |= set(pack.icons)
    data = yaml.safe_load((ROOT / "data" / "loe" / "boosters.yaml").read_text(encoding="utf-8"))
    for type_id, booster in data["boosters"].items():
        phrases |= {type_id, booster["name"].lower()}
    for draft_id, draft in data.get("drafts", {}).items():
        phrases |= {draft_id, draft["name"].lower()}
        for phase_id, phase in draft["phases"].items():
            phrases |= {phase_id, phase["name"].lower(), phase.get("pool", {}).get("name", "pool").lower()}
    phrases -= {"pool", "deck", "shared-deck", "shared deck", "sealed deck"}  # what any sealed or draft phase does
    return words - GENERIC, {p for p in phrases if " " in p or "-" in p} | (phrases & words)


def _docstring_lines(source: str) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                first = body[0]
                lines |= set(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def _code_text(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every name and string of a Python file, docstrings and comments left out."""
    source = path.read_text(encoding="utf-8")
    skip = _docstring_lines(source)
    out = []
    # Python 3.12 splits f-strings into parts; 3.11 gives them whole as STRING
    texts = {tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in texts and token.start[0] not in skip:
            out.append((token.start[0], token.string.replace("_", " ")))
    return out


def offenders(files: list[tuple[Path, list[tuple[int, str]]]]) -> list[str]:
    words, phrases = game_words()
    found = []
    for path, texts in files:
        for line, text in texts:
            lowered = text.lower()
            for term in FOREIGN:
                lowered = lowered.replace(term, "")
                text = re.sub(re.escape(term), "", text, flags=re.I)
            hits = sorted(_words(text) & words) + sorted(
                p for p in phrases if re.search(rf"\b{re.escape(p)}\b", lowered)
            )
            if hits:
                found.append(f"{path.relative_to(ROOT)}:{line}: {', '.join(hits)} in {text.strip()[:60]!r}")
    return found


def test_play_code_and_templates_name_no_game() -> None:
    files = [(path, _code_text(path)) for path in PLAY_CODE]
    files += [(path, list(enumerate(path.read_text(encoding="utf-8").splitlines(), 1))) for path in PLAY_TEMPLATES]
    assert not offenders(files), "\n".join(offenders(files))


def test_the_guard_catches_what_issue_13_found(tmp_path: Path) -> None:
    """Each LOE-specific thing the play modes used to hold would fail the guard if it came back."""
    old = {
        "the draft keyed on kind 'lord'": 'if card.kind == "lord" and not held:',
        "the bot rating added 4 for a Lord": "score += 4  # a Lord",
        "pick sheets named the booster": "<p>open your lords and dukes booster</p>",
        "pick sheets named the phases": "<h2>Victory Draft (keep one of three)</h2>",
        "the pick log named councils": "<th>council (in pick order)</th>",
        "lists.py said 'its council'": 'limit_text or "its council"',
        "the sealed sample opened LOE's booster type": 'if "council" in plans:',
    }
    for what, line in old.items():
        assert offenders([(ROOT / "carddb" / "play" / "x.py", [(1, line)])]), what
