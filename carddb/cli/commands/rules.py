"""Rules-text tools for designers: check one sentence, list the effect registry, format card text."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from carddb.cards.loading import card_files
from carddb.cli.commands.common import FormatOpt, GameOpt, OutputFormat, ProjectOpt, open_project, print_json
from carddb.findings.diagnostics import Finding, Report, SourceCache, Span
from carddb.findings.errors import UsageError
from carddb.findings.plural import plural
from carddb.packs.pack import GamePack
from carddb.rules.canonical import ability_text
from carddb.rules.fmt import format_file, write_formatted
from carddb.rules.language import RulesLanguage
from carddb.rules.location import span_of, value_positions
from carddb.rules.registry import EffectEntry
from carddb.rules.text import parse_rules_text, rules_problems

CHECK_PATH = Path("<text>")


def _language(pack: GamePack) -> RulesLanguage:
    if pack.language is None:
        raise UsageError(f"the game '{pack.id}' declares no rules-text language")
    return pack.language


def check(
    text: Annotated[str, typer.Argument(help="Rules text: one ability per line.")],
    kind: Annotated[str | None, typer.Option("--kind", "-k", help="Check it as the text of this card kind.")] = None,
    game: GameOpt = None,
) -> None:
    """Parse and validate rules text; print the AST and canonical text, or the located errors."""
    _, pack = open_project(None, game)
    language = _language(pack)
    if kind is not None and kind not in pack.kind_ids:
        raise UsageError(f"'{kind}' is not a card kind of {pack.name} ({', '.join(pack.kind_ids)})")
    text = text.replace("\\n", "\n")
    problems = rules_problems(text, language, kind)
    if problems:
        positions = value_positions(text, _whole(text), text)
        report = Report()
        for problem, offset in problems:
            span = span_of(positions, offset + problem.start, offset + problem.end)
            report.add(Finding(problem.code, problem.message, CHECK_PATH, span, problem.hint))
        print(report.format_text(SourceCache({CHECK_PATH: text})))
        print(report.summary())
        raise typer.Exit(1)
    for line in parse_rules_text(text, language):
        assert line.ability is not None
        print(outline(line.ability))
        print(f"canonical: {ability_text(line.ability, language)}")
    raise typer.Exit(0)


def _whole(text: str) -> Span:
    lines = text.splitlines() or [""]
    return Span(1, 1, len(lines), len(lines[-1]) + 1)


def outline(node: object, depth: int = 0) -> str:
    """A readable, indented view of an AST node (positions left out)."""
    pad = "  " * depth
    if isinstance(node, tuple):
        return "\n".join(outline(item, depth) for item in node)
    if not dataclasses.is_dataclass(node):
        return f"{pad}{node!r}"
    name = type(node).__name__
    fields = [f for f in dataclasses.fields(node) if f.name not in {"start", "end", "pattern", "text", "period"}]
    simple, nested = [], []
    for f in fields:
        value = getattr(node, f.name)
        if f.name == "args":
            for key, arg in value:
                if dataclasses.is_dataclass(arg) or (isinstance(arg, tuple) and arg):
                    nested.append(f"{pad}  {key}:\n{outline(arg, depth + 2)}")
                else:
                    simple.append(f"{key}={_short(arg)}")
        elif dataclasses.is_dataclass(value) or (
            isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0])
        ):
            nested.append(f"{pad}  {f.name}:\n{outline(value, depth + 2)}")
        elif value not in ((), None, "", False):
            simple.append(f"{f.name}={_short(value)}")
    head = f"{pad}{name}" + (f"({', '.join(simple)})" if simple else "")
    return "\n".join([head, *nested])


def _short(value: object) -> str:
    if hasattr(value, "written"):
        return str(value.written)  # type: ignore[attr-defined]
    if isinstance(value, str):
        return value
    return repr(value)


def effects(
    game: GameOpt = None,
    role: Annotated[str | None, typer.Option(help="Only entries of this role (effect, cost, static, ...).")] = None,
    format: FormatOpt = OutputFormat.text,
) -> None:
    """The game's effect registry: name, phrasing, parameters and meaning of every entry."""
    _, pack = open_project(None, game)
    registry = pack.registry
    if not len(registry):
        raise UsageError(f"the game '{pack.id}' has no effect registry")
    entries = [entry for entry in registry if role is None or entry.role == role]
    if format is OutputFormat.json:
        print_json({"game": pack.id, "count": len(entries), "entries": [_entry_json(entry) for entry in entries]})
        return
    table = Table("name", "role", "phrasing", "parameters", "card kinds", "meaning", box=None, header_style="bold")
    for entry in entries:
        params = ", ".join(f"{p.name}: {p.type}" for p in entry.params)
        kinds = ", ".join(sorted(entry.kinds)) if entry.kinds else "any"
        meaning = pack.say(entry.meaning) + (f" Reminder: {pack.say(entry.reminder)}" if entry.reminder else "")
        table.add_row(entry.name, entry.role, "\n".join(p.text for p in entry.patterns), params, kinds, meaning)
    Console(width=200).print(table)
    print(f"{plural(len(entries), 'entry', 'entries')} of {pack.name}")


def _entry_json(entry: EffectEntry) -> dict[str, object]:
    return {
        "name": entry.name,
        "role": entry.role,
        "patterns": [pattern.text for pattern in entry.patterns],
        "params": [{"name": p.name, "type": p.type} for p in entry.params],
        "kinds": sorted(entry.kinds) if entry.kinds is not None else None,
        "meaning": entry.meaning,
        "reminder": entry.reminder,
        "examples": list(entry.examples),
    }


def fmt(
    check_only: Annotated[bool, typer.Option("--check", help="Only report cards whose text is not canonical.")] = False,
    game: GameOpt = None,
    project: ProjectOpt = None,
) -> None:
    """Rewrite the rules text of every card in canonical form (comments and key order are kept)."""
    proj, pack = open_project(project, game)
    language = _language(pack)
    proj.require_data(pack)
    changed = unparsed = 0
    for path in card_files(proj.cards_dir(pack)):
        shown = _relative(path, proj.root)
        if not proj.contains(path):  # as `validate` says: E-PATH-ESCAPE; never read, never written
            print(f"{shown}: a symbolic link to {path.resolve()}, outside the project folder: not formatted")
            unparsed += 1
            continue
        result = format_file(path, language)
        if result.error:
            print(f"{shown}: cannot read: {result.error}")
            unparsed += 1
            continue
        for card_id in result.unparsed:
            print(f"{shown}: {card_id}: rules text has errors; left as written (see `carddb validate`)")
        unparsed += len(result.unparsed)
        for change in result.changes:
            verb = "not canonical" if check_only else "formatted"
            print(f"{shown}: {change.card_id}: {verb}")
            if check_only:
                for old, new in zip(change.old.splitlines(), change.new.splitlines(), strict=False):
                    if old != new:
                        print(f"  - {old}\n  + {new}")
        changed += len(result.changes)
        if not check_only:
            write_formatted(result)
    print(plural(changed, "card") + (" not canonical" if check_only else " formatted"))
    raise typer.Exit(1 if unparsed or (check_only and changed) else 0)


def _relative(path: Path, root: Path) -> str:
    try:  # the name the file has in the project (a link is named, not its target)
        return str(Path(os.path.abspath(path)).relative_to(root.resolve()))
    except ValueError:
        return str(path)


def register(app: typer.Typer) -> None:
    app.command()(check)
    app.command()(effects)
    app.command()(fmt)
