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
from carddb.packs.vocabulary import VocabularyDeclaration
from carddb.rules.language import RulesLanguage
from carddb.rules.location import span_of, value_positions

if TYPE_CHECKING:
    from carddb.packs.gamefile import GameDeclaration
    from carddb.packs.pack import GamePack


def game_language(
    game: GameDeclaration, doc: Located, path: Path, game_id: str
) -> tuple[RulesLanguage | None, list[Finding]]:
    """The language game.yaml declares (None without a vocabulary: rules text stays free), or its problems."""
    if game.vocabulary is None:
        return None, []
    kinds = [KindWords(k.id, k.label, k.plural or f"{k.label}s", tuple(k.subtypes)) for k in game.kinds]
    stats = [(s.id, s.label) for s in game.stats]
    numbers = {n.id: n.value for n in game.numbers}
    return located_language(game.vocabulary, doc, path, game_id, kinds, stats, numbers)


def vocabulary_language(path: Path, pack: GamePack) -> RulesLanguage:
    """The rules language a YAML file declares for a Python pack, in game.yaml's form: the file holds a
    `vocabulary:` mapping, and the pack gives the kinds, stats and numbers. Every problem of the file
    raises one LocatedError (reported by the command line at its line, like game.yaml's)."""
    from pydantic import TypeAdapter, ValidationError

    from carddb.files.validation import Validated, validation_findings
    from carddb.files.yamlsource import load_yaml
    from carddb.findings.errors import LocatedError

    docs, findings = load_yaml(path)
    doc = docs[0] if docs else None
    if findings or doc is None or not isinstance(doc.value, dict) or "vocabulary" not in doc.value:
        where = doc.span if doc is not None else None
        shape = Finding("E-YAML-SHAPE", "the file holds a mapping with a `vocabulary:` key", path, where)
        raise LocatedError(findings or [shape])
    try:
        declaration = TypeAdapter(VocabularyDeclaration).validate_python(doc.value["vocabulary"])
    except ValidationError as exc:
        validated = Validated("vocabulary", VocabularyDeclaration)
        raise LocatedError(
            validation_findings(exc.errors(include_url=False), doc.sub("vocabulary"), validated)
        ) from None
    kinds = [KindWords(k.id, k.label, k.plural, k.subtypes) for k in pack.kinds]
    stats = [(s.id, s.label) for s in pack.stats]
    language, problems = located_language(declaration, doc, path, pack.id, kinds, stats, pack.number_values)
    if problems or language is None:
        raise LocatedError(problems)
    return language


def located_language(
    vocabulary: VocabularyDeclaration,
    doc: Located,
    path: Path,
    game_id: str,
    kinds: list[KindWords],
    stats: list[tuple[str, str]],
    numbers: dict[str, int],
) -> tuple[RulesLanguage | None, list[Finding]]:
    """The language of a `vocabulary:` section of `doc`, or every problem of it, located in the file."""
    declared = declared_language(vocabulary, game_id, kinds, stats, numbers)
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
