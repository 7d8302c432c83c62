"""The `carddb` command line: the app, its command groups, and the error boundary.

No traceback reaches a user: a `CarddbError` becomes its message and exit code;
a file system error (OSError) its path and reason, exit 1; anything unexpected
becomes a one-line internal error (set CARDDB_DEBUG=1 to see the traceback).
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import traceback
from collections.abc import Callable
from typing import Any

import typer
import typer.core
import typer.main

from carddb import __version__
from carddb.findings.errors import CarddbError

app = typer.Typer(
    name="carddb",
    help="Card database, rules-text checker and print pipeline for physical card games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # --install-completion / --show-completion: bash, zsh, fish and PowerShell (see docs/command-line.md).
    add_completion=True,
    # Click hands these to every command's context, so `carddb print -h` works like `--help`.
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _flag_type(option: typer.core.TyperOption, ctx: Any) -> str | None:
    # Typer's help shows every option's type, flags included (`--strict <bool>`); a flag takes
    # no value, so its help shows none. A test reads every command's help to keep it so.
    return None if option.is_flag else _option_type(option, ctx)


# Typer releases before the one that added option types in help have no such method (and show none).
_option_type = getattr(typer.core.TyperOption, "display_type_rich", None)
if _option_type is not None:
    typer.core.TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]

# Start-up is part of every command a designer runs after an edit, so a command
# line that names a command imports only that command's module: `carddb validate`
# does not wait for WeasyPrint, and `carddb print` does not load the play modes,
# the rulebook or the site. Any other command line (help, a typo) registers every group.
COMMAND_GROUPS: dict[str, str] = {
    **dict.fromkeys(("games", "validate", "list", "show", "stats"), "database"),
    "release": "release",
    **dict.fromkeys(("import", "export"), "spreadsheet"),
    **dict.fromkeys(("check", "effects", "fmt"), "rules"),
    "print": "print",
    "cockatrice": "cockatrice",
    **dict.fromkeys(("boosters", "sealed", "draft", "deck", "draftmancer"), "play"),
    "playtest": "playtest",
    "rulebook": "rulebook",
    **dict.fromkeys(("site", "serve"), "site"),
    "build": "build",
    "new": "new",
    "daemon": "daemon",
}


# Commands that render card faces: their WeasyPrint workers are forked before the
# command's module is imported (see carddb.render.workers.start_early).
RENDERING_COMMANDS = frozenset({"print", "build", "cockatrice"})


def _register_groups(argv: list[str]) -> None:
    completing = COMPLETE_VAR in os.environ
    if completing:
        argv = _completed_words()
    command = next((arg for arg in argv[1:] if not arg.startswith("-")), None)
    groups = [COMMAND_GROUPS[command]] if command in COMMAND_GROUPS else list(dict.fromkeys(COMMAND_GROUPS.values()))
    if command in RENDERING_COMMANDS and not completing and not {"--help", "-h"} & set(argv):
        from carddb.render.workers import start_early

        start_early(workers_option(argv))
    for group in groups:
        _register(group)


_registered: set[str] = set()


def _register(group: str) -> None:
    if group not in _registered:
        _registered.add(group)
        importlib.import_module(f"carddb.cli.commands.{group}").register(app)


JOBS_OPTIONS = ("--jobs", "-j", "--workers")


# Typer's shell completion runs `carddb` with this variable set and the command line so far
# in COMP_WORDS/COMP_CWORD (bash) or _TYPER_COMPLETE_ARGS (zsh, fish, PowerShell).
COMPLETE_VAR = "_CARDDB_COMPLETE"


def _completed_words() -> list[str]:
    """The words before the one being completed: completing `carddb print --sk` loads only `print`."""
    if "COMP_WORDS" in os.environ:
        words = os.environ["COMP_WORDS"].split()
        cword = os.environ.get("COMP_CWORD", "")
        return words[: int(cword)] if cword.isdigit() else words[:-1]
    line = os.environ.get("_TYPER_COMPLETE_ARGS", "")
    words = line.split()
    # A line ending in a space completes a new word: every word typed so far is complete.
    return words if line.endswith(" ") else words[:-1]


def workers_option(argv: list[str]) -> int:
    """The --jobs value if it is a plain number (the command itself reports a bad one), else one per core."""
    from carddb.render.workers import default_jobs

    for index, arg in enumerate(argv):
        name, equals, value = arg.partition("=")
        if name not in JOBS_OPTIONS:
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        if value.isdigit() and 1 <= int(value) <= 64:  # commands.common.MAX_JOBS (not imported: start-up time)
            return int(value)
    return default_jobs()


_register_groups(sys.argv if os.path.basename(sys.argv[0]) in {"carddb", "__main__.py"} else [])


def _version(value: bool) -> None:
    if value:
        print(f"carddb {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """carddb: validate, print and play-test card games kept as YAML."""


def main(command: Callable[[], object] | None = None) -> None:
    """Run the command line (by default sys.argv through the app) behind the error boundary."""
    from carddb.runtime.memory import tune_collector

    tune_collector()  # after the command's imports: they are frozen, never scanned again
    try:
        (command or app)()
    except CarddbError as exc:
        print(f"carddb: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        print("carddb: interrupted", file=sys.stderr)
        sys.exit(130)
    except OSError as exc:
        # The file system refused (a file where a folder goes, no permission, a full disk): the user can
        # fix that once told which path, so it is a failure with the path, not an internal error.
        if os.environ.get("CARDDB_DEBUG"):
            traceback.print_exc()
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"carddb: {where}{exc.strerror or exc}", file=sys.stderr)
        sys.exit(1)
    except Exception as exc:  # the boundary: never show a user a traceback
        if os.environ.get("CARDDB_DEBUG"):
            traceback.print_exc()
        print(f"carddb: internal error: {type(exc).__name__}: {exc} (set CARDDB_DEBUG=1 for details)", file=sys.stderr)
        sys.exit(70)


@functools.cache
def click_command() -> Any:
    """The app as one click command with every group registered: built once, in the daemon."""
    for group in dict.fromkeys(COMMAND_GROUPS.values()):
        _register(group)
    return typer.main.get_command(app)


if __name__ == "__main__":
    main()
