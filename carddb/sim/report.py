"""The playtest's outputs: `playtest.json` (settings, statistics, every game) and `report.html`.

The HTML is one self-contained file (inline CSS and SVG, no script, no network)
rendered from `templates/playtest/report.html` with autoescaping; the JSON holds
the same numbers for tools.
"""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from carddb import __version__
from carddb.files.atomic import write_text
from carddb.files.templating import BUNDLED_TEMPLATES, sandboxed_environment
from carddb.packs.pack import GamePack
from carddb.sim.analysis import Analysis, Rate
from carddb.sim.plots import forest, histogram, rate_plot
from carddb.sim.records import GameRecord

TEMPLATES = BUNDLED_TEMPLATES / "playtest"
REPORT_FORMAT = "carddb-playtest"


def plots(
    analysis: Analysis, pack: GamePack, seat_label: str, tag_labels: dict[str, str] | None = None
) -> dict[str, str]:
    seats = max(1, analysis.seats)
    decided = analysis.games - len(analysis.errors)
    first = analysis.first_player
    others_won = decided - first.wins - analysis.draws
    others = Rate("the other seats (each)", others_won, decided * (seats - 1))
    found = {
        "first_player": rate_plot(
            [Rate("first player", first.wins, first.n), others], "Win rate of the first player", 1 / seats
        ),
        "first_by_seat": rate_plot(
            analysis.by_seat_first, f"Win rate of each {seat_label}, first and not first", 1 / seats
        ),
        "length": histogram(analysis.turns, analysis.endings, "Game length"),
        "by_seat": rate_plot(analysis.by_seat, f"Win rate by {seat_label}", 1 / seats),
        "pairings": rate_plot(
            [Rate(f"{p.seat} against {p.against}", p.wins, p.n) for p in analysis.pairings],
            f"Win rate of each {seat_label} against each other",
            1 / seats,
            long_labels=True,
        ),
        "by_deck": rate_plot(
            [Rate(f"{p.seat} on {p.against}", p.wins, p.n) for p in analysis.by_deck],
            f"Win rate of each {seat_label} on each shared deck",
            1 / seats,
            long_labels=True,
        ),
        "card_play": forest(analysis.card_play, "Card win-rate delta (play rate)"),
        "card_ablation": forest(analysis.card_ablation, "Card win-rate delta (remove-one ablation)"),
    }
    for kind, rates in analysis.by_kind.items():
        found[f"kind-{kind}"] = rate_plot(rates, f"Win rate by {kind_word(pack, kind)}", 1 / seats)
    for tag, rates in analysis.by_tag.items():
        found[f"tag-{tag}"] = rate_plot(rates, f"Win rate by {(tag_labels or {}).get(tag, tag)}", 1 / seats)
    if analysis.by_faction:
        named = [replace(rate, label=faction_names(pack, rate.id)) for rate in analysis.by_faction]
        found["by_faction"] = rate_plot(named, f"Win rate by {pack.faction_label}", 1 / seats)
    return found


def faction_names(pack: GamePack, ids: str) -> str:
    """'armonio/illusio' as the game names them: 'Armonio/Illusio'."""
    names = {faction.id: faction.name for faction in pack.factions}
    return "/".join(names.get(part, part) for part in ids.split("/")) if ids else "none"


def kind_word(pack: GamePack, kind: str) -> str:
    """What the game calls one card of a kind in its rules text ("Victory card"), else the kind's label."""
    noun = pack.language.vocabulary.noun(kind) if pack.language is not None else None
    return noun.singular if noun is not None else pack.kind(kind).label


def report_html(
    analysis: Analysis,
    pack: GamePack,
    settings: dict[str, Any],
    seat_label: str,
    tag_labels: dict[str, str] | None = None,
) -> str:
    # carddb's own template, but the values are a project's card names: one sandboxed, escaping factory for all.
    environment = sandboxed_environment([TEMPLATES], "playtest", trim=False)
    kinds = [{"id": kind, "label": kind_word(pack, kind)} for kind in analysis.by_kind]
    labels = tag_labels or {}
    tags = [{"id": tag, "label": labels.get(tag, tag)} for tag in analysis.by_tag]
    return environment.get_template("report.html").render(
        game_name=pack.name,
        summary=analysis,
        settings=settings,
        plots=plots(analysis, pack, seat_label, labels),
        kinds=kinds,
        tags=tags,
        faction_label=pack.faction_label,
        seat_label=seat_label,
        faction_names={f.id: f.name for f in pack.factions},
        timings=sorted({w for p in analysis.play_counts for w in p.when}),
        version=__version__,
    )


def report_json(analysis: Analysis, settings: dict[str, Any], records: list[GameRecord]) -> dict[str, Any]:
    return {
        "format": REPORT_FORMAT,
        "version": 1,
        "carddb": __version__,
        "settings": settings,
        "summary": analysis.to_json(),
        "games": [_game(record) for record in records],
    }


def _game(record: GameRecord) -> dict[str, Any]:
    data = asdict(record)
    for key in ("decisions", "log", "offered", "in_game", "drawn"):
        data.pop(key, None)
    return data


def write_report(
    folder: Path,
    analysis: Analysis,
    pack: GamePack,
    settings: dict[str, Any],
    records: list[GameRecord],
    seat_label: str,
    tag_labels: dict[str, str] | None = None,
) -> list[Path]:
    """`tag_labels`: what the report calls each report tag (`Simulator.report_tags`)."""
    return [
        write_text(folder / "playtest.json", json.dumps(report_json(analysis, settings, records), indent=1) + "\n"),
        write_text(folder / "report.html", report_html(analysis, pack, settings, seat_label, tag_labels)),
    ]
