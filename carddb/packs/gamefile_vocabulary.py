"""game.yaml's `vocabulary:` made into the game's rules language, with every problem located in the file.

`carddb.packs.gamefile` calls `game_language` once the file passed its own checks: the language is
built from the vocabulary and the game's kinds and stats (`carddb.packs.declared_language`), then
its examples and meanings are checked (`carddb.packs.declared_checks`). A problem in an example
or a meaning points at the words at fault, like a card's rules-text finding.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from lark.exceptions import GrammarError

from carddb.files.yamlsource import Located
from carddb.findings.diagnostics import Finding
from carddb.packs.declared_checks import check_declared
from carddb.packs.declared_language import KindWords, declared_language
from carddb.rules.language import RulesLanguage
from carddb.rules.location import span_of, value_positions

if TYPE_CHECKING:
    from carddb.packs.gamefile import GameDeclaration


def game_language(
    game: GameDeclaration, doc: Located, path: Path, game_id: str
) -> tuple[RulesLanguage | None, list[Finding]]:
    """The language game.yaml declares (None without a vocabulary: rules text stays free), or its problems."""
    if game.vocabulary is None:
        return None, []
    kinds = [KindWords(k.id, k.label, k.plural or f"{k.label}s", tuple(k.subtypes)) for k in game.kinds]
    stats = [(s.id, s.label) for s in game.stats]
    numbers = {n.id: n.value for n in game.numbers}
    declared = declared_language(game.vocabulary, game_id, kinds, stats, numbers)
    findings = [
        Finding(p.code, p.message, path, doc.value_span(("vocabulary", *p.path)), hint=p.hint)
        for p in declared.problems
    ]
    language = declared.language
    if findings or language is None:
        return None, findings
    try:
        language.parser  # noqa: B018  (building the tables finds words that read alike)
    except GrammarError as exc:
        return None, [
            Finding(
                "E-GAME-FILE",
                "two of the vocabulary's words or phrases read alike where the rules text cannot tell them apart",
                path,
                doc.value_span(("vocabulary",)),
                hint=conflict_hint(str(exc), language),
            )
        ]
    source = path.read_text(encoding="utf-8")
    for problem in check_declared(declared):
        span = doc.value_span(("vocabulary", *problem.path))
        if problem.text:
            positions = value_positions(source, span, problem.text)
            span = span_of(positions, problem.start, problem.end)
        findings.append(Finding(problem.code, problem.message, path, span, hint=problem.hint))
    return (None if findings else language), findings


def conflict_hint(message: str, language: RulesLanguage) -> str:
    """lark's first grammar conflict in the designer's words: the word, and the two readings it ends."""
    words = {name: word for word, name in language.word_types.items()} if _has_terminals(language) else {}
    found = re.search(r"Terminal\('([^']+)'\) between the following rules:\s*-\s*<([^>]*)>\s*-\s*<([^>]*)>", message)
    if found is None:
        return message.splitlines()[0] if message else ""
    terminal, first, second = found.groups()

    def said(rule: str) -> str:
        origin, _, body = rule.partition(":")
        spelled = " ".join(f"'{words.get(t, t.lower())}'" if t.isupper() else t for t in body.split())
        return f"{origin.strip()} = {spelled}"

    return (
        f"before '{words.get(terminal, terminal.lower())}' the text could be {said(first)} or {said(second)}: "
        "a word declared as two things, or two wordings that start alike"
    )


def _has_terminals(language: RulesLanguage) -> bool:
    try:
        return bool(language.word_types)
    except GrammarError:
        return False
