"""Every hostile input ends in a located error or a correct output: no traceback, no hang, no escape.

The cases and the judging are in hostile_cases.py (see its docstring); batches of cases that
feed one command the same way run in one project and are judged file by file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hostile_cases import Case, all_cases, batches, run_cases

CASES = all_cases()
GROUPS = batches(CASES)


def test_the_corpus_covers_every_category() -> None:
    counts = Counter(case.category for case in CASES)
    assert len(CASES) >= 200
    wanted = {"yaml": 60, "wrong-type": 150, "rules-text": 100, "rules-check": 100, "templates": 12, "cli": 40}
    wanted |= {"limits": 7, "reach": 7}  # issue 29: size limits, and validate reading what other commands read
    for category, least in wanted.items():
        assert counts[category] >= least, f"{category}: {counts[category]} cases"
    for other in ("sets", "boosters", "decks", "carddb-yaml", "game-yaml"):
        assert counts[f"yaml-{other}"] >= 15, other
    # Every card kind of every bundled game has a wrong-type case for each field it declares.
    games = {case.name.split("-")[0] for case in CASES if case.category == "wrong-type"}
    assert games == {"loe", "loe2", "estro", "shards", "soulfall"}


def _group_id(group: list[Case]) -> str:
    return group[0].id if len(group) == 1 else f"{group[0].batch} ({len(group)} cases)"


@pytest.mark.parametrize("group", GROUPS, ids=[_group_id(g) for g in GROUPS])
def test_hostile_input(group: list[Case], tmp_path: Path) -> None:
    verdicts = run_cases(group, tmp_path)
    assert len(verdicts) == len(group)
