"""Where a playtest's games run: this process, a pool of worker processes, or a Dask cluster.

The same `run_batch` runs everywhere. With `workers=1` and no scheduler, games run
here, one after another; with more workers they run in a
`concurrent.futures.ProcessPoolExecutor`; with a scheduler address they are sent
to that Dask cluster (`pip install 'carddb[dask]'`). Batches come back in any
order and are put back in game order, so the result does not depend on where or
how fast the games ran.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any

from carddb.findings.errors import UsageError
from carddb.sim.playtest import PlaytestPlan, batches, run_batch
from carddb.sim.records import GameRecord

BATCH_GAMES = 20  # games per task: large enough that sending a plan costs little, small enough to keep cores busy

Advance = Callable[[int], None]


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def run_plans(
    plans: Sequence[PlaytestPlan],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    advance: Advance | None = None,
) -> list[list[GameRecord]]:
    """Every game of every plan; `advance(n)` is called as games finish (a progress bar)."""
    tasks = [(p, list(chunk)) for p, plan in enumerate(plans) for chunk in batches(plan.games, BATCH_GAMES)]
    results: list[dict[int, GameRecord]] = [{} for _ in plans]

    def take(plan_index: int, records: list[GameRecord]) -> None:
        for record in records:
            results[plan_index][record.index] = record
        if advance is not None:
            advance(len(records))

    if scheduler:
        _on_dask(scheduler, plans, tasks, take)
    elif workers <= 1:
        for plan_index, indices in tasks:
            take(plan_index, run_batch(plans[plan_index], indices))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures: dict[Future[list[GameRecord]], int] = {
                pool.submit(run_batch, plans[plan_index], indices): plan_index for plan_index, indices in tasks
            }
            for future in as_completed(futures):
                take(futures[future], future.result())
    return [[found[i] for i in sorted(found)] for found in results]


def _on_dask(
    address: str,
    plans: Sequence[PlaytestPlan],
    tasks: list[tuple[int, list[int]]],
    take: Callable[[int, list[GameRecord]], None],
) -> None:
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'carddb[dask]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    with client:
        futures: dict[Any, int] = {}
        for plan_index, indices in tasks:
            future = client.submit(run_batch, plans[plan_index], indices, pure=False)
            futures[future] = plan_index
        for future in dask_completed(list(futures)):
            take(futures[future], future.result())
