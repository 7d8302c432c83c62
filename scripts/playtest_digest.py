"""Fingerprint the games a playtest plays, to show a change to the engine left every game as it was.

Usage: python scripts/playtest_digest.py OUT.json [--games N] [--greedy N] [--seed S] [--check OLD.json] [--stored]

Plays the plan `carddb playtest` plays on the bundled LOE councils (random bots,
then --greedy games of a greedy bot against a random one) twice: without a log, as a
playtest runs, and with the replayable log. For each game it writes the winner, how
and after how many turns it ended, what each seat played, the cards offered and drawn,
the seats' end-of-game numbers, and SHA-256 digests of the decisions and of the log
(every draw, play, target and resolution). The two runs must agree on every field
they share. With --check, every game must also equal the same game in OLD.json
(written by the engine before the change); the script prints the first differences
and exits 1 if there are any.

With --stored it writes what tests/sim/data/games-before-speedup.json holds instead:
for each game its index, bots, winner, reason, turns and one digest of all the rest.
A change meant to alter games (to the bundled cards, the rules, a bot) regenerates
that file with

    python scripts/playtest_digest.py tests/sim/data/games-before-speedup.json --games 100 --greedy 5 --stored
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from carddb.cards.loading import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.sim.options import SimOptions
from carddb.sim.parallel import run_plans
from carddb.sim.records import GameRecord
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import simulator_for

REPO = Path(__file__).resolve().parents[1]


def _digest(items: list[Any] | None) -> str:
    return hashlib.sha256(json.dumps(items).encode("utf-8")).hexdigest()[:20]


def outcome(record: GameRecord) -> dict[str, Any]:
    return {
        "index": record.index,
        "seed": record.seed,
        "bots": [s.bot for s in record.seats],
        "winner": record.winner,
        "reason": record.reason,
        "turns": record.turns,
        "played": [list(s.played) for s in record.seats],
        "summary": [s.summary for s in record.seats],
        "offered": list(record.offered),
        "drawn": list(record.drawn),
        "error": record.error,
    }


def fingerprints(games: int, greedy: int, seed: int, project: Path) -> list[dict[str, Any]]:
    pack = get_pack("loe")
    db, report = load_database(Project.at(project), pack)
    if report.errors:
        sys.exit(report.format_text())
    rules = simulator_for(pack)
    plan, _ = prepare(db, rules, Request(games=games, seed=seed), Report())
    plans = [plan, replace(plan, games=greedy, bots=("greedy", "random"), seed=seed + 1)]
    plain = [r for batch in run_plans(plans) for r in batch]
    logged_plans = [replace(p, options=SimOptions(log=True)) for p in plans]
    logged = [r for batch in run_plans(logged_plans) for r in batch]
    found = []
    for bare, full in zip(plain, logged, strict=True):
        entry = outcome(full)
        if outcome(bare) != entry:
            sys.exit(f"game {bare.index} ({entry['bots']}) differs when it keeps a log")
        entry["decisions"] = _digest(full.decisions)
        entry["log"] = _digest(full.log)
        found.append(entry)
    return found


def stored(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The short form tests/sim/test_sim_games_unchanged.py compares (the same digest it computes)."""
    keep = ("index", "bots", "winner", "reason", "turns")
    return [
        {
            **{key: game[key] for key in keep},
            "digest": hashlib.sha256(json.dumps(game, sort_keys=True).encode("utf-8")).hexdigest()[:20],
        }
        for game in found
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--greedy", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--check", type=Path)
    parser.add_argument("--project", type=Path, default=REPO)
    parser.add_argument("--stored", action="store_true", help="write the short form the test data holds")
    args = parser.parse_args()
    found = fingerprints(args.games, args.greedy, args.seed, args.project)
    if args.stored:
        found = stored(found)
    tmp = args.out.with_suffix(".tmp")
    if args.stored:  # one game a line, so that a regenerated file's diff shows which games changed
        text = "[\n" + ",\n".join(json.dumps(game, sort_keys=True) for game in found) + "\n]\n"
    else:
        text = json.dumps(found, indent=1, sort_keys=True) + "\n"
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(args.out)
    print(f"{len(found)} games fingerprinted into {args.out}")
    if args.check is None:
        return 0
    old = json.loads(args.check.read_text(encoding="utf-8"))
    differ = [(a, b) for a, b in zip(old, found, strict=False) if a != b]
    if len(old) != len(found):
        print(f"{len(old)} games in {args.check}, {len(found)} now")
    for before, now in differ[:5]:
        fields = sorted(k for k in before if before[k] != now.get(k))
        print(f"game {before['index']} ({'/'.join(before['bots'])}) differs in: {', '.join(fields)}")
    print(f"{len(differ)} of {len(old)} games differ from {args.check}")
    return 1 if differ or len(old) != len(found) else 0


if __name__ == "__main__":
    sys.exit(main())
