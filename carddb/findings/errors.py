"""The one exception root that the CLI turns into a message and an exit code.

Findings about the user's data are not exceptions: they are collected in a
`Report` (see `diagnostics`). Exceptions are for conditions that stop a command
outright, such as an unknown game or a project folder that does not exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carddb.findings.diagnostics import Finding


class CarddbError(Exception):
    """A failure that the CLI reports as one line, without a traceback."""

    exit_code = 1


class UsageError(CarddbError):
    """The command line itself is wrong (unknown game, bad option value)."""

    exit_code = 2


class ProjectError(CarddbError):
    """The project folder is missing something a command needs."""

    exit_code = 2


class RenderError(CarddbError):
    """A stage that produces files could not finish."""

    exit_code = 1


class LocatedError(CarddbError):
    """A failure about a file a user wrote: printed as its findings, located, with the source line."""

    exit_code = 1

    def __init__(self, findings: list[Finding]) -> None:
        from carddb.findings.diagnostics import Report  # diagnostics is heavier than this module's other users

        self.findings = findings
        super().__init__(Report(findings=list(findings)).format_text())
