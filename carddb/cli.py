"""The `carddb` command line: the app, its command groups, and the error boundary.

No traceback reaches a user: a `CarddbError` becomes its message and exit code;
anything unexpected becomes a one-line internal error (set CARDDB_DEBUG=1 to see
the traceback).
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback

import typer

from carddb import __version__
from carddb.errors import CarddbError

app = typer.Typer(
    name="carddb",
    help="Card database, rules-text checker and print pipeline for physical card games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# Start-up is part of every command a designer runs after an edit, so a command
# line that names a command imports only that command's module: `carddb validate`
# does not wait for WeasyPrint, and `carddb print` does not load the play modes,
# the rulebook or the site. Any other command line (help, a typo) registers every group.
COMMAND_GROUPS: dict[str, str] = {
    **dict.fromkeys(("games", "validate", "list", "show", "stats"), "database"),
    **dict.fromkeys(("check", "effects", "fmt"), "rules"),
    "print": "print",
    **dict.fromkeys(("boosters", "sealed", "draft", "deck", "draftmancer"), "play"),
    "rulebook": "rulebook",
    **dict.fromkeys(("site", "serve"), "site"),
    "build": "build",
    "new": "new",
}


# Commands that render card faces: their WeasyPrint workers are forked before the
# command's module is imported (see carddb.render.workers.start_early).
RENDERING_COMMANDS = frozenset({"print", "build"})


def _register_groups(argv: list[str]) -> None:
    command = next((arg for arg in argv[1:] if not arg.startswith("-")), None)
    groups = [COMMAND_GROUPS[command]] if command in COMMAND_GROUPS else list(dict.fromkeys(COMMAND_GROUPS.values()))
    if command in RENDERING_COMMANDS and not {"--help", "-h"} & set(argv):
        from carddb.render.workers import start_early

        start_early(_workers_option(argv))
    for group in groups:
        importlib.import_module(f"carddb.commands.{group}").register(app)


JOBS_OPTIONS = ("--jobs", "-j", "--workers")


def _workers_option(argv: list[str]) -> int:
    """The --jobs value if it is a plain number (the command itself reports a bad one), else one per core."""
    from carddb.render.workers import default_jobs

    for index, arg in enumerate(argv):
        name, equals, value = arg.partition("=")
        if name not in JOBS_OPTIONS:
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        if value.isdigit() and int(value) >= 1:
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


def main() -> None:
    from carddb.memory import tune_collector

    tune_collector()  # after the command's imports: they are frozen, never scanned again
    try:
        app()
    except CarddbError as exc:
        print(f"carddb: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        print("carddb: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # the boundary: never show a user a traceback
        if os.environ.get("CARDDB_DEBUG"):
            traceback.print_exc()
        print(f"carddb: internal error: {type(exc).__name__}: {exc} (set CARDDB_DEBUG=1 for details)", file=sys.stderr)
        sys.exit(70)


if __name__ == "__main__":
    main()
