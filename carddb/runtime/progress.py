"""The progress display of long commands: one line per stage, a bar where the total is known.

Only drawn on a terminal (and on stderr), so logs and pipes get the summary alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

# stage(label, total) -> a context whose value advances the bar by one
Stage = Callable[[str, int | None], AbstractContextManager[Callable[[], None]]]


@contextmanager
def stages(console: Console | None = None) -> Iterator[Stage]:
    console = console or Console(stderr=True)
    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )

    @contextmanager
    def stage(label: str, total: int | None) -> Iterator[Callable[[], None]]:
        task = progress.add_task(label, total=total)
        yield lambda: progress.advance(task)
        progress.update(task, completed=total or 1, total=total or 1)

    with progress:
        yield stage


@contextmanager
def _quiet(label: str, total: int | None) -> Iterator[Callable[[], None]]:
    yield lambda: None


def no_progress() -> Stage:
    """A stage function that shows nothing (for library callers and tests)."""
    return _quiet
