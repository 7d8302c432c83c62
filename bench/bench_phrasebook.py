"""The share of the ability corpus each version of the core phrasebook can say.

The corpus (tests/rules/corpus/abilities.tsv, 365 sentences written for this project in the
templating style of twelve published card games) is parsed with a language per style: the style's
words are declared in tests/rules/corpus/styles/<style>.yaml as a game.yaml vocabulary (its kinds,
subtypes, stats, zones, resources, counters, statuses, tokens, phases, game verbs and keywords; no
phrases of its own unless `--with-phrases`). A sentence is sayable when it parses, passes the rules
checks, and every phrase in it has a simulator handler. Versions:

- classic: the classic core entries (the phrasebook before the broad one) and the style's keywords,
  what a Python pack could declare before (the style's other words are unused: the classic grammar
  has no zones, counters or stats);
- broad: the broad phrasebook with the style's declared vocabulary;
- broad + phrases (`--with-phrases`): also the style's own declared phrases (`phrases:` in its
  file, each built from core parts).

    python3 bench/bench_phrasebook.py [--show-failures] [--style mtg] [--with-phrases]
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CORPUS = ROOT / "tests" / "rules" / "corpus"


@dataclass(frozen=True)
class Row:
    id: str
    style: str
    category: str
    sentence: str


def corpus() -> list[Row]:
    with (CORPUS / "abilities.tsv").open(encoding="utf-8") as f:
        return [Row(r["id"], r["style"], r["category"], r["sentence"]) for r in csv.DictReader(f, delimiter="\t")]


def style_language(style: str, version: str):  # type: ignore[no-untyped-def]
    """The style's language for a version of the phrasebook: "classic", "broad" or "phrases"."""
    from carddb.packs.gamefile import load_game_file
    from carddb.rules.language import RulesLanguage
    from carddb.rules.phrasebook import CoreNouns, every_core_entry
    from carddb.rules.registry import build_registry

    path = CORPUS / "styles" / f"{style}.yaml"
    if version == "phrases":
        return load_game_file(path, f"corpus-{style}").language
    # The style's words without its own phrases, in a folder of its own: tests may measure in parallel.
    with tempfile.TemporaryDirectory() as folder:
        without = Path(folder) / path.name
        without.write_text(_without_phrases(path.read_text(encoding="utf-8")), encoding="utf-8")
        language = load_game_file(without, f"corpus-{style}").language
    if version == "broad":
        return language
    assert language is not None
    vocab = replace(language.vocabulary, broad=False)
    nouns = CoreNouns(frozenset(), frozenset(), frozenset(), frozenset())
    keywords = [
        e
        for e in language.registry
        if e.role == "keyword" and not e.core and all(p.type in {"number", "count"} for p in e.params)
    ]
    return RulesLanguage(vocab, build_registry(f"classic-{style}", every_core_entry(nouns), keywords))


def _without_phrases(source: str) -> str:
    """The style file without its `phrases:` section (the last key of its vocabulary, by convention)."""
    lines = source.splitlines()
    for index, line in enumerate(lines):
        if line.strip() == "phrases:":
            return "\n".join(lines[:index]) + "\n"
    return source


def sayable(sentence: str, language, handlers: frozenset[str] | None) -> str | None:  # type: ignore[no-untyped-def]
    """None if the language can say the sentence, else why not."""
    from carddb.cards.rulescheck import rules_problems
    from carddb.rules.ast import phrases
    from carddb.rules.problems import Problem
    from carddb.rules.text import parse_line, split_abilities

    problems = rules_problems(sentence, language, None)
    if problems:
        problem = problems[0][0]
        return f"{problem.code} {problem.message}"
    if handlers is not None:
        for _, line in split_abilities(sentence):
            ability = parse_line(line, language)
            assert not isinstance(ability, Problem)
            missing = [
                p.entry for p in phrases(ability) if p.entry not in handlers and not _declared(p.entry, language)
            ]
            if missing:
                return f"no simulator handler for {', '.join(sorted(set(missing)))}"
    return None


def _declared(name: str, language) -> bool:  # type: ignore[no-untyped-def]
    """A phrase the style declares executes through what it means (carddb.sim.declared_handlers)."""
    entry = language.registry[name]
    return not entry.core and (bool(entry.means) or entry.role in {"keyword", "condition-keyword", "timing", "cost"})


def core_handlers() -> frozenset[str] | None:
    """The names of the entries the simulator's core handlers execute (None before there were any for the broad phrasebook)."""
    try:
        from carddb.sim.phrasebook_handlers import PHRASEBOOK
    except ImportError:
        return None
    from carddb.sim.core_handlers import CORE

    return frozenset(CORE.table) | frozenset(PHRASEBOOK.table)


def measure(version: str, styles: list[str] | None = None) -> tuple[dict[str, tuple[int, int]], dict[str, str]]:
    """({style: (sayable, sentences)}, {id: why not}) for a version of the phrasebook."""
    rows = [r for r in corpus() if styles is None or r.style in styles]
    handlers = core_handlers() if version != "classic" else None
    counts: dict[str, list[int]] = {}
    failures: dict[str, str] = {}
    languages = {}
    for row in rows:
        if row.style not in languages:
            languages[row.style] = style_language(row.style, version)
        why = sayable(row.sentence, languages[row.style], handlers)
        tally = counts.setdefault(row.style, [0, 0])
        tally[1] += 1
        if why is None:
            tally[0] += 1
        else:
            failures[row.id] = why
    return {s: (n, t) for s, (n, t) in counts.items()}, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--style", action="append", help="only these styles")
    parser.add_argument("--show-failures", action="store_true", help="list the sentences a version cannot say")
    parser.add_argument("--with-phrases", action="store_true", help="also measure with each style's own phrases")
    args = parser.parse_args()
    versions = ["classic", "broad", *(["phrases"] if args.with_phrases else [])]
    rows = {r.id: r for r in corpus()}
    results = {}
    started = time.process_time()
    for version in versions:
        results[version] = measure(version, args.style)
    styles = sorted(results["broad"][0])
    header = ["style", *versions]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for style in styles:
        cells = [f"{results[v][0][style][0]}/{results[v][0][style][1]}" for v in versions]
        print(f"| {style} | " + " | ".join(cells) + " |")
    totals = []
    for version in versions:
        said = sum(n for n, _ in results[version][0].values())
        total = sum(t for _, t in results[version][0].values())
        totals.append(f"**{said}/{total} = {100 * said / total:.1f}%**")
    print("| all | " + " | ".join(totals) + " |")
    print(f"(CPU {time.process_time() - started:.1f} s)")
    if args.show_failures:
        last = versions[-1]
        by_reason: Counter[str] = Counter()
        for row_id, why in sorted(results[last][1].items()):
            print(f"{row_id}: {rows[row_id].sentence}\n    {why}")
            by_reason[why.split(" ")[0]] += 1
        print(dict(by_reason))


if __name__ == "__main__":
    main()
