"""Conventions every command follows: -h, help that shows flags as flags, shell completion, JSON, counts."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from support.projects import CLEAN_CARDS, run_cli, write_project
from typer.main import get_command

from carddb.cli.app import app

# The installed console script of this environment (completion runs it by name, as a shell does).
CARDDB = Path(sysconfig.get_path("scripts")) / "carddb"


def _command_paths() -> list[tuple[str, ...]]:
    """Every command line that names a command or a group: ('validate',), ('deck',), ('deck', 'check'), ..."""
    root = get_command(app)
    paths: list[tuple[str, ...]] = []

    def walk(command: object, path: tuple[str, ...]) -> None:
        paths.append(path)  # groups too: `carddb deck -h`
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(sub, (*path, name))

    walk(root, ())
    return paths[1:]  # the root is tested on its own


COMMANDS = _command_paths()


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_project(tmp_path_factory.mktemp("clean"))


def test_every_command_is_covered() -> None:
    names = {path[0] for path in COMMANDS}
    assert {"validate", "list", "show", "stats", "effects", "print", "build", "serve", "deck"} <= names
    assert ("deck",) in COMMANDS and ("deck", "check") in COMMANDS and ("draftmancer", "import") in COMMANDS


@pytest.mark.parametrize("path", [(), *COMMANDS], ids=lambda p: " ".join(p) or "carddb")
def test_dash_h_is_help_and_flags_show_no_type(path: tuple[str, ...]) -> None:
    long = run_cli(*path, "--help")
    short = run_cli(*path, "-h")
    assert long.exit_code == 0 and short.exit_code == 0
    assert short.stdout == long.stdout and "Usage: " in long.stdout
    # Typer shows each option's type; a flag takes no value, so its row must show none.
    assert "<bool>" not in long.stdout and "BOOLEAN" not in long.stdout
    for row in long.stdout.splitlines():
        if re.search(r"--(strict|help|png|tts|no-pdf|check|one-each|version)\b", row):
            assert "<" not in row.split("--", 1)[1].split("  ", 1)[0], row


def test_help_rows_of_flags_and_valued_options(clean: Path) -> None:
    out = run_cli("validate", "--help").stdout
    strict = next(line for line in out.splitlines() if "--strict" in line)
    assert re.search(r"--strict\s+Treat warnings as errors", strict)
    fmt = next(line for line in out.splitlines() if "--format" in line)
    assert "<text|json>" in fmt  # an option that takes a value still shows what it takes


def test_the_game_option_says_where_the_default_game_comes_from() -> None:
    # Without --game the project decides (carddb.yaml, else its only data/ folder), never a pack's name or
    # install order; the help of every command that takes --game must say so (`new --game` picks a starter).
    root = get_command(app)
    options = []
    for path in (p for p in COMMANDS if p[0] != "new"):
        command = root
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        options += [p for p in getattr(command, "params", []) if "--game" in getattr(p, "opts", [])]
    assert options
    for option in options:
        assert "carddb.yaml" in option.help and "data/" in option.help, option.help
        assert "first installed" not in option.help


def _complete(words: str, cword: int, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "_CARDDB_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword), **env}
    return subprocess.run([str(CARDDB)], env=environ, capture_output=True, text=True, timeout=60)


def test_shell_completion_completes_commands_and_options() -> None:
    commands = _complete("carddb va", 1)
    assert commands.returncode == 0 and commands.stdout.split() == ["validate"]
    options = _complete("carddb print --one", 2)
    assert options.stdout.split() == ["--one-each"]
    choices = _complete("carddb print --paper ", 3)
    assert choices.stdout.split() == ["a4", "letter", "both"]


def _completion_script(shell: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "_CARDDB_COMPLETE": f"source_{shell}"}
    return subprocess.run([str(CARDDB)], env=environ, capture_output=True, text=True, timeout=60)


def test_completion_scripts_for_each_shell_and_install_option() -> None:
    # Named in the completion variable, as docs/command-line.md says: `--show-completion` detects the
    # shell from its parent processes, so it cannot be told which one (and a test may have no shell above it).
    bash = _completion_script("bash")
    assert bash.returncode == 0
    assert "_CARDDB_COMPLETE=complete_bash" in bash.stdout and "complete " in bash.stdout
    zsh = _completion_script("zsh")
    assert zsh.returncode == 0 and "#compdef carddb" in zsh.stdout
    fish = _completion_script("fish")
    assert fish.returncode == 0 and "complete --command carddb" in fish.stdout
    assert "--install-completion" in run_cli("--help").stdout and "--show-completion" in run_cli("--help").stdout


def test_completing_an_option_loads_only_that_command() -> None:
    # Completion runs carddb on every Tab: like any command line, it must import one command's module.
    code = (
        "import os, sys; sys.argv = ['carddb'];"
        "os.environ.update(_CARDDB_COMPLETE='complete_bash', COMP_WORDS='carddb validate --st', COMP_CWORD='2');"
        "import carddb.cli.app; print(sorted(m for m in sys.modules if m.startswith('carddb.cli.commands.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "['carddb.cli.commands.common', 'carddb.cli.commands.database']"


def test_list_json_has_every_field_of_every_card(clean: Path) -> None:
    result = run_cli("list", "--format", "json", "--project", str(clean))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["game"] == "loe" and data["count"] == 8 == len(data["cards"])
    assert [c["number"] for c in data["cards"]] == list(range(1, 9))
    duke = next(c for c in data["cards"] if c["id"] == "gate-duke")
    assert duke["cost"] == {"powerstones": 3, "subject": 0, "material": 0, "influence": 1}
    assert duke["health"] == 8 and duke["province"] == "neutral" and duke["version"] == 1 and duke["art"] is None
    assert duke["source"] == {"path": "data/loe/cards/cards.yaml", "line": 13}
    lord = data["cards"][0]
    assert lord["art"] == {"file": "good.png", "artist": "A. Painter", "focus_x": 0.5, "focus_y": 0.5}
    filtered = json.loads(run_cli("list", "--kind", "resource", "--format", "json", "--project", str(clean)).stdout)
    assert [c["id"] for c in filtered["cards"]] == ["levies"] and filtered["cards"][0]["copies"] == 3


def test_show_json_is_the_same_card_object(clean: Path) -> None:
    listed = json.loads(run_cli("list", "--format", "json", "--project", str(clean)).stdout)
    shown = json.loads(run_cli("show", "refusal", "--format", "json", "--project", str(clean)).stdout)
    assert shown["game"] == "loe"
    assert shown["card"] == next(c for c in listed["cards"] if c["id"] == "refusal")
    assert shown["card"]["text"] == "Reaction - When an opponent plays an Item: Destroy it."


def test_stats_json_counts(clean: Path) -> None:
    data = json.loads(run_cli("stats", "--format", "json", "--project", str(clean)).stdout)
    assert (data["game"], data["cards"], data["copies"]) == ("loe", 8, 10)
    kinds = {k["id"]: (k["cards"], k["copies"]) for k in data["kinds"]}
    assert kinds["resource"] == (1, 3) and kinds["lord"] == (1, 1) and sum(c for c, _ in kinds.values()) == 8
    assert {(s["kind"], s["subtype"]) for s in data["subtypes"]} == {("resource", "subject"), ("item", "gear")}
    assert sum(r["cards"] for r in data["rarities"]) == 8
    assert data["faction_field"] == "province"
    assert {f["id"]: f["cards"] for f in data["factions"]}["ashmarch"] == 1
    duke_curve = next(c for c in data["cost_curves"] if c["kind"] == "duke")
    assert duke_curve == {"kind": "duke", "cards": 1, "average": 3.0, "curve": [{"cost": 3, "cards": 1}]}


def test_effects_json_lists_the_registry() -> None:
    data = json.loads(run_cli("effects", "--format", "json").stdout)
    assert data["game"] == "loe" and data["count"] == len(data["entries"]) > 20
    draw = next(e for e in data["entries"] if e["name"] == "draw")
    assert draw["role"] == "effect" and draw["kinds"] is None
    assert "Draw {amount} card(s)" in draw["patterns"]
    assert {"name": "amount", "type": "number"} in draw["params"]
    assert "Draw a card." in draw["examples"]
    keywords = json.loads(run_cli("effects", "--role", "keyword", "--format", "json").stdout)["entries"]
    assert keywords and all(e["role"] == "keyword" and e["reminder"] for e in keywords)


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [
        ("gate-duk", "did you mean 'gate-duke' (Duke of the Cinder Gate)?"),
        ("Duke of the Cinder Gate", "did you mean 'gate-duke' (Duke of the Cinder Gate)?"),  # the name, not the id
        ("EMBER-BLADE", "did you mean 'ember-blade' (Ember Blade)?"),
    ],
)
def test_show_suggests_the_card_meant(clean: Path, typed: str, suggested: str) -> None:
    result = run_cli("show", typed, "--project", str(clean))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"carddb: no card with the id '{typed}'; {suggested}\n"


def test_show_without_any_close_card_points_to_list(clean: Path) -> None:
    result = run_cli("show", "zzzzzz", "--project", str(clean))
    assert result.exit_code == 2
    assert "no card with the id 'zzzzzz' (`carddb list` shows every card)" in result.stderr


ONE_OF_A_KIND = re.compile(
    r"\b1 (cards|entries|errors|warnings|pages|images|backs|boosters|files|faces|sheets|seats|picks|lists|decks)\b"
)


def test_a_count_of_one_is_singular(tmp_path: Path) -> None:
    project = write_project(tmp_path, {"cards.yaml": CLEAN_CARDS})
    runs = [
        run_cli("list", "--kind", "duke", "--project", str(project)),
        run_cli("validate", "--project", str(project)),
        run_cli("fmt", "--check", "--project", str(project)),
        run_cli("effects", "--role", "timing"),
    ]
    outputs = "\n".join(r.stdout for r in runs)
    assert "1 card\n" in runs[0].stdout
    assert ONE_OF_A_KIND.search(outputs) is None, outputs
    timing = runs[3].stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ entr(y|ies) of Lords of Estraven", timing)


def test_plural_agrees_with_the_count() -> None:
    from carddb.findings.plural import plural

    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "entry", "entries") == "1 entry" and plural(3, "entry", "entries") == "3 entries"


def test_list_leaves_out_a_column_no_card_fills() -> None:
    """ESTRO cards have no cost: no column of blanks under 'cost'. LOE cards do, so theirs stays."""
    repo = Path(__file__).resolve().parents[2]
    estro = run_cli("list", "--game", "estro", "--project", str(repo))
    assert estro.exit_code == 0, estro.stderr
    header = estro.stdout.splitlines()[0].split()
    assert header == ["id", "name", "kind", "estro", "rarity", "set"]
    loe = run_cli("list", "--game", "loe", "--project", str(repo))
    assert loe.stdout.splitlines()[0].split() == ["id", "name", "kind", "cost", "province", "rarity", "set"]
