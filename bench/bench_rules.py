"""Time parsing + validating 10,000 rules texts with the LOE rules language.

The texts are all different: every registry example and every rules text of the
shipped LOE cards, each re-numbered many ways (digits 1-20 and number words),
paired with the card kind it is legal on; a spell's text sometimes gets a second
sentence. Each text is parsed line by line and every semantic check runs
(`rules_problems`, the same call `carddb validate` makes per card). Every run
starts with the parser's caches empty: the per-line cache (which still serves a
line that recurs in a later text) and the memo of line shapes (which replays the
parse of a line whose words have the same grammar terminals as an earlier one,
see `carddb.rules.parser.ParseTable.parse`). Grammar construction is timed
separately, since a process pays it once.

    python3 bench/bench_rules.py [--texts 10000] [--runs 5] [--seed 1] [--game loe]

`--game` takes the texts and the language of another pack (its shipped cards and registry
examples), e.g. `--game shards` for condition keywords and word types.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
NUMBER = re.compile(r"\b([0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\b")


def base_texts(game: str = "loe") -> list[tuple[str, str]]:
    """(kind, text) pairs: registry examples on a kind they are legal on, and the shipped cards."""
    import yaml

    from carddb.cards.rulescheck import rules_problems
    from carddb.packs.lookup import get_pack

    pack = get_pack(game)
    assert pack.language is not None
    pairs: list[tuple[str, str]] = []
    for path in sorted((ROOT / "data" / game / "cards").glob("*.yaml")):
        for card in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            if isinstance(card, dict) and isinstance(card.get("text"), str) and card["text"].strip():
                pairs.append((str(card.get("kind")), card["text"].strip()))
    kinds = ["spell", "duke", "ritual", "item", "reaction", "victory", "resource", "lord"] if game == "loe" else []
    kinds += [k for k in pack.kind_ids if k not in kinds]
    for entry in pack.language.registry:
        for example in entry.examples:
            kind = next((k for k in kinds if not rules_problems(example, pack.language, k)), None)
            if kind is not None:
                pairs.append((kind, example))
    return sorted(set(pairs))


def variants(pairs: list[tuple[str, str]], count: int, rng: random.Random) -> list[tuple[str, str]]:
    seen: set[tuple[str, str]] = set()
    out: list[tuple[str, str]] = []
    numbered = [p for p in pairs if NUMBER.search(p[1])]
    attempts = 0
    while len(out) < count and attempts < count * 50:
        attempts += 1
        kind, text = rng.choice(numbered if rng.random() < 0.85 else pairs)

        def renumber(_: re.Match[str]) -> str:
            n = rng.randint(1, 20)
            return NUMBER_WORDS[n - 1] if n <= 10 and rng.random() < 0.3 else str(n)

        text = NUMBER.sub(renumber, text)
        if kind == "spell" and text.endswith(".") and rng.random() < 0.3:
            text += f" Draw {rng.randint(2, 20)} cards."
        if (kind, text) not in seen:
            seen.add((kind, text))
            out.append((kind, text))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="loe")
    args = parser.parse_args()

    t0 = time.perf_counter()
    from carddb.cards.rulescheck import rules_problems
    from carddb.packs.lookup import get_pack
    from carddb.rules.language import RulesLanguage
    from carddb.rules.parsetable import parse_table
    from carddb.rules.text import parse_line, parse_rules_text

    shipped = get_pack(args.game).language
    assert shipped is not None
    t1 = time.perf_counter()
    language = RulesLanguage(shipped.vocabulary, shipped.registry)
    language.parser  # noqa: B018 - builds (or loads from lark's cache) the LALR tables
    t2 = time.perf_counter()

    texts = variants(base_texts(args.game), args.texts, random.Random(args.seed))
    lines = sum(len([line for line in text.splitlines() if line.strip()]) for _, text in texts)
    words = sum(len(text.split()) for _, text in texts)

    timings: list[float] = []
    cpu: list[float] = []
    findings = 0
    for _ in range(args.runs):
        parse_line.cache_clear()  # every run parses every line afresh
        parse_table(language).shape_memo.clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        findings = sum(len(rules_problems(text, language, kind)) for kind, text in texts)
        timings.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    parsed, shapes = parse_line.cache_info().misses, len(parse_table(language).shape_memo)

    parse_cpu: list[float] = []
    for _ in range(args.runs):
        parse_line.cache_clear()
        parse_table(language).shape_memo.clear()
        start_cpu = time.process_time()
        for _, text in texts:
            parse_rules_text(text, language)
        parse_cpu.append(time.process_time() - start_cpu)

    # A yardstick for comparing machines: CPU time of a 10-million-step empty loop.
    start_cpu = time.process_time()
    for _ in range(10_000_000):
        pass
    yardstick = time.process_time() - start_cpu

    print(f"texts: {len(texts)} distinct ({lines} abilities, {words} words), findings: {findings}")
    print(
        f"per run: {parsed} lines parsed (the other {lines - parsed} from the line cache), "
        f"{parsed - shapes} of them replayed from the memo of {shapes} line shapes"
    )
    print(f"imports: {t1 - t0:.2f} s; grammar + LALR tables: {t2 - t1:.2f} s (lark cache: warm after the first run)")
    print(
        f"parse + validate, wall: median {statistics.median(timings):.3f} s, best {min(timings):.3f} s "
        f"over {args.runs} runs ({statistics.median(timings) / len(texts) * 1e6:.0f} us per text)"
    )
    # CPU time is what this process used; on a shared machine it is the steadier figure.
    print(f"parse + validate, CPU: median {statistics.median(cpu):.3f} s, best {min(cpu):.3f} s")
    print(f"parse only, CPU: median {statistics.median(parse_cpu):.3f} s")
    print(f"yardstick (10M-step empty Python loop), CPU: {yardstick:.2f} s")


if __name__ == "__main__":
    main()
