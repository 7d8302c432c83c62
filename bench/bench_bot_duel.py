"""Head-to-head: the greedy bot with the pack's judgement now against the same bot with an older one.

Usage: python bench/bench_bot_duel.py --old-rev REV [--games N] [--seed S] [--workers K] [--game loe]

The old judgement is the pack's `sim/evaluate.py` as it was at git revision REV
(`git show REV:carddb/games/<game>/sim/evaluate.py`), loaded beside the current one;
both bots are `GreedyBot`s that differ only in the function that scores a position.
Every game of the playtest plan (every ordered pair of the project's councils on each
shared deck, seats going first in turn) is played twice with the same seed, the new
judgement in one seat and then in the other, so the councils, the first player and the
deals are the same for both judgements and only the bot differs.

Prints the new bot's win rate over all decided games with its 95% Wilson interval,
the draws, and its rate in each council's seat (the council's rate with the new bot
minus its rate with the old one, against the same opponents, says how much a council's
strength depended on the bot).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from carddb.cards.database import load_database
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.packs.lookup import get_pack
from carddb.runtime.rng import derive_seed
from carddb.sim.agents import GreedyBot
from carddb.sim.analysis import wilson
from carddb.sim.match import play_game
from carddb.sim.playtest import PlaytestPlan, catalogue_for
from carddb.sim.runner import Request, prepare
from carddb.sim.simulator import simulator_for

REPO = Path(__file__).resolve().parents[1]
Judge = Callable[..., float]

_STATE: dict[str, object] = {}  # set before the workers fork: the plan and the old judgement


def old_judge(game_id: str, rev: str) -> Judge:
    path = f"carddb/games/{game_id}/sim/evaluate.py"
    source = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=REPO, capture_output=True, text=True, check=True)
    folder = Path(tempfile.mkdtemp(prefix="duel-"))
    file = folder / "old_evaluate.py"
    file.write_text(source.stdout, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_evaluate", file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.evaluate


def play_pair(index: int) -> list[tuple[str, str, int | None, int]]:
    """Game `index` twice, the new judgement in seat 0 then seat 1: (new bot's council, old's, winner, new seat)."""
    plan = _STATE["plan"]
    judge = _STATE["old"]
    assert isinstance(plan, PlaytestPlan)
    sim, catalogue = catalogue_for(plan)
    spec = plan.spec(index)
    out = []
    for new_seat in (0, 1):
        agents = [
            GreedyBot(derive_seed(spec.seed, "bot", seat), judge=None if seat == new_seat else judge)  # type: ignore[arg-type]
            for seat in range(2)
        ]
        record = play_game(sim, catalogue, spec, plan.options, agents)
        if record.error:
            raise RuntimeError(f"game {index}: {record.error}")
        names = [seat.name for seat in record.seats]
        out.append((names[new_seat], names[1 - new_seat], record.winner, new_seat))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old-rev", required=True, help="git revision of the old judgement")
    parser.add_argument("--games", type=int, default=400, help="games of the plan, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="loe")
    parser.add_argument("--project", type=Path, default=REPO)
    args = parser.parse_args(argv)

    pack = get_pack(args.game)
    db, report = load_database(Project.at(args.project), pack)
    if report.errors:
        sys.exit(f"the cards have errors; run carddb validate\n{report.format_text()}")
    plan, _ = prepare(db, simulator_for(pack), Request(games=args.games, seed=args.seed), Report())
    plan = replace(plan, bots=("greedy", "greedy"))
    _STATE["plan"], _STATE["old"] = plan, old_judge(args.game, args.old_rev)
    print(f"load average {os.getloadavg()[0]:.1f}; old judgement: {args.old_rev}; {args.games} deals x 2 seatings")
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            results = [r for pair in pool.map(play_pair, range(args.games), chunksize=8) for r in pair]
    else:
        results = [r for i in range(args.games) for r in play_pair(i)]
    wall = time.perf_counter() - start

    draws = sum(1 for *_, winner, _ in results if winner is None)
    wins = sum(1 for *_, winner, seat in results if winner == seat)
    low, high = wilson(wins, len(results))
    print(
        f"{len(results)} games in {wall:.0f} s: the new judgement won {wins} ({wins / len(results):.1%}, "
        f"95% CI {low:.1%} to {high:.1%}), the old {len(results) - wins - draws}, draws {draws}"
    )
    councils = sorted({new for new, *_ in results})
    print(f"{'council':32} {'new bot wins':>14} {'old bot wins':>14} (same opponents and deals)")
    for council in councils:
        as_new = [seat == winner for new, _, winner, seat in results if new == council]
        as_old = [winner is not None and winner != seat for _, old, winner, seat in results if old == council]
        print(f"{council:32} {sum(as_new) / len(as_new):>14.1%} {sum(as_old) / len(as_old):>14.1%}")


if __name__ == "__main__":
    main()
