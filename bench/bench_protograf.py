"""Cold print of N cards to an A4 duplex PDF: `carddb print` against protograf's equivalent deck, interleaved.

protograf (a Python card-design library many designers use, see /work/shared/FIELD.md) is
installed from PyPI into its own virtual environment outside the repository (default
/tmp/carddb-protograf-venv; it needs Python 3.13 or later, found on PATH or given with
--python). Both draw the same generated cards (bench_print's project): carddb from the
YAML, protograf from a JSON export of the same names, costs, kind lines, provinces, rules
and flavor text, health and footer, with each card's placeholder art as the very SVG
carddb draws (see protograf_deck.py for the deck). Each round runs both cold, in
alternating order: carddb with an empty output/ (no cache of any kind), protograf in a
new folder. Prints medians of wall and CPU seconds and the ratio, with this machine's
yardstick and load.

    python bench/bench_protograf.py 360 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_print import make_project, timed, user_env, yardstick

HERE = Path(__file__).resolve().parent
PROTOGRAF = "protograf==0.6.0"


def protograf_python(venv: Path, python: str | None) -> Path:
    """The Python of a venv with protograf in it, made (from PyPI) if missing."""
    exe = venv / "bin" / "python"
    if exe.is_file() and subprocess.run([exe, "-c", "import protograf"], capture_output=True).returncode == 0:
        return exe
    base = python or next(filter(runs, (shutil.which(name) for name in ("python3.13", "python3.14"))), None)
    if base is None:
        raise SystemExit("protograf 0.6 needs Python 3.13 or later: pass --python PATH")
    subprocess.run([base, "-m", "venv", str(venv)], check=True)
    subprocess.run([exe, "-m", "pip", "install", "-q", PROTOGRAF], check=True)
    return exe


def runs(exe: str | None) -> bool:
    """Whether a Python found on PATH starts: a pyenv shim of a version not selected exits 127."""
    return exe is not None and subprocess.run([exe, "--version"], capture_output=True).returncode == 0


def export_cards(root: Path, folder: Path) -> Path:
    """The project's cards as protograf data: the same text, and each card's placeholder art as an SVG file."""
    from carddb.cards.loading import load_database
    from carddb.files.project import Project
    from carddb.packs.lookup import get_pack
    from carddb.render.faces.context import rules_paragraphs
    from carddb.render.faces.results import NEUTRAL, card_colors
    from carddb.render.placeholder import placeholder_svg

    db, _ = load_database(Project.at(root), get_pack("loe"))
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    for card in db.cards:
        faction = db.pack.faction(db.faction_of(card)) or NEUTRAL
        colors = card_colors(faction)
        art = folder / f"{card.id}.svg"
        art.write_text(placeholder_svg(card.id, colors["frame"], colors["accent"]))
        paragraphs = []
        for paragraph in rules_paragraphs(card, db.pack):
            runs = (
                f"<b>{escape(r.text)}</b>"
                if r.kind == "keyword"
                else f"<i>({escape(r.text)})</i>"
                if r.kind == "reminder"
                else escape(r.text)
                for r in paragraph
            )
            paragraphs.append(f"<p>{''.join(runs)}</p>")
        if card.flavor:
            paragraphs.append(f"<p><i>{escape(card.flavor)}</i></p>")
        subtype = card.subtype_id()
        rows.append(
            {
                "name": card.name,
                "cost": card.cost_label() or "",
                "kind": db.pack.kind(card.kind).label + (f" - {subtype.title()}" if subtype else ""),
                "province": faction.name,
                "rules": "".join(paragraphs),
                "health": str(getattr(card, "health", "") or ""),
                "footer": f"{card.set} {card.number}/{db.set_size(card.set)} {card.rarity[0].upper()}  placeholder art",
                "art": str(art),
            }
        )
    target = folder / "cards.json"
    target.write_text(json.dumps(rows))
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", type=int, default=360)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--venv", type=Path, default=Path(tempfile.gettempdir()) / "carddb-protograf-venv")
    parser.add_argument("--python", help="a Python 3.13+ to make protograf's venv with")
    args = parser.parse_args()
    python = protograf_python(args.venv, args.python)
    print(f"yardstick (10M-step empty Python loop) {yardstick():.2f} s CPU; load {os.getloadavg()[0]:.1f}")
    results: dict[str, list[tuple[float, float]]] = {"carddb print": [], "protograf": []}
    with tempfile.TemporaryDirectory(prefix="carddb-bench-protograf-") as tmp:
        root = make_project(Path(tmp) / "project", args.cards)
        data = export_cards(root, Path(tmp) / "protograf-data")
        env = dict(user_env(), PROTOGRAF_CARDS=str(data))
        for round_no in range(args.rounds):
            order = list(results) if round_no % 2 == 0 else list(results)[::-1]
            for name in order:
                if name == "carddb print":
                    shutil.rmtree(root / "output", ignore_errors=True)
                    command = ["carddb", "print", "--project", str(root), "--paper", "a4"]
                    results[name].append(timed(command, cwd=root, env=user_env()))
                else:
                    folder = Path(tmp) / f"protograf-{round_no}"
                    folder.mkdir()
                    results[name].append(timed([str(python), str(HERE / "protograf_deck.py")], cwd=folder, env=env))
                    pages = subprocess.run(
                        ["pdfinfo", str(folder / "protograf_deck.pdf")], capture_output=True, text=True
                    )
                    assert "Pages:" in pages.stdout, pages.stderr
            print(
                f"round {round_no + 1}: " + ", ".join(f"{n} {r[-1][0]:.2f} s" for n, r in results.items()), flush=True
            )
    medians = {name: statistics.median(w for w, _ in runs) for name, runs in results.items()}
    for name, runs in results.items():
        cpu = statistics.median(c for _, c in runs)
        print(f"{name:14} cold, {args.cards} cards, A4 duplex: median {medians[name]:.2f} s wall, {cpu:.2f} s CPU")
    print(f"protograf / carddb: {medians['protograf'] / medians['carddb print']:.2f}x (wall, medians)")
    print(f"load average {os.getloadavg()} on {os.cpu_count()} cores; yardstick {yardstick():.2f} s")


if __name__ == "__main__":
    main()
