"""The `carddb` command line: the app, its command groups, and the error boundary.

No traceback reaches a user: a `CarddbError` becomes its message and exit code;
anything unexpected becomes a one-line internal error (set CARDDB_DEBUG=1 to see
the traceback).
"""

from __future__ import annotations

import os
import sys
import traceback

import typer

from carddb import __version__
from carddb.commands import database
from carddb.errors import CarddbError

app = typer.Typer(
    name="carddb",
    help="Card database, rules-text checker and print pipeline for physical card games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# The database commands are what a designer runs after every edit, so when the
# command line names one of them only its module is imported: the other groups
# pull in WeasyPrint, lark grammars and the renderers, seconds of start-up that
# `carddb validate` does not need. Any other command line registers every group.
DATABASE_COMMANDS = frozenset({"games", "validate", "list", "show", "stats"})


def _register_groups(argv: list[str]) -> None:
    command = next((arg for arg in argv[1:] if not arg.startswith("-")), None)
    if command in DATABASE_COMMANDS:
        database.register(app)
        return
    from carddb.commands import build as build_command
    from carddb.commands import play, rulebook, rules, site
    from carddb.commands import print as print_command

    for group in (database, rules, print_command, play, rulebook, site, build_command):
        group.register(app)


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
