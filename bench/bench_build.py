"""Benchmark of `carddb build` as whole processes: this tree against a baseline revision, interleaved.

Each round builds LOE cold (empty output/) with the baseline and with this tree, in
alternating order, then edits one card's rules text and builds again (warm), for a
card the rulebook does not picture and for one it does. The baseline is checked out
into a temporary folder (bench/revisions.py) and run with `python -m carddb` from there, with the same
installed libraries; each side builds its own copy of its own data/loe.

    python bench/bench_build.py --baseline 2d51d76 --rounds 3
    python bench/bench_build.py --cards 360 --rounds 3 --jobs 1 --jobs 2
    python bench/bench_build.py --cards 360 --rounds 3 --no-baseline --jobs 1 --jobs 2
    python bench/bench_build.py --cards 360 --rounds 3 --no-baseline --daemon

`--cards N` adds generated cards (bench_print's kinds) to LOE until it has N distinct
cards, keeping LOE's rules prose, boosters and decks. `--jobs` repeats the branch's
runs with each worker count (the baseline takes `--workers 2`); `--daemon` adds this tree's
runs through `carddb daemon` (a daemon of the bench's own, its forks' CPU read from /proc). Prints medians of
wall and CPU seconds (the process and everything it waited for), the branch's own
account of where the time went, the load average and a yardstick of this machine's
speed before and after.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_print import CARDDB, PROVINCES, TEMPLATES, daemon_children_cpu, daemon_pid, yardstick
from revisions import checkout, environment

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Variant:
    name: str
    tree: Path  # the source tree whose carddb and data/loe are used
    jobs: int | None  # --jobs for the branch; None: the baseline's own default option set
    env: dict[str, str]
    cold: list[tuple[float, float]] = field(default_factory=list)
    warm: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    daemon: int | None = None  # pid of the daemon this variant's commands go through

    def command(self, root: Path) -> list[str]:
        args = [sys.executable, "-m", "carddb", "build", "--project", str(root)]
        if self.jobs is not None and self.daemon is None:
            args += ["--jobs", str(self.jobs)]
        return args


def run(variant: Variant, root: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds of one `carddb build` (with its workers), and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    forks_before = daemon_children_cpu(variant.daemon) if variant.daemon else 0.0
    start = time.perf_counter()
    # In the tree's own folder: `python -m` puts the current folder first on sys.path.
    done = subprocess.run(
        variant.command(root), cwd=variant.tree, capture_output=True, text=True, env=variant.env, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], file=sys.stderr)
        raise SystemExit(f"{variant.name}: carddb build failed with exit code {done.returncode}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if variant.daemon:
        cpu += daemon_children_cpu(variant.daemon) - forks_before
    return wall, cpu, done.stdout


def make_project(tree: Path, folder: Path, cards: int) -> Path:
    shutil.copytree(tree / "data" / "loe", folder / "data" / "loe")
    yaml = YAML()
    existing = [
        card for path in sorted((folder / "data" / "loe" / "cards").glob("*.yaml")) for card in yaml.load(path) or []
    ]
    extra = cards - len(existing)
    if extra > 0:
        top = max(card["number"] for card in existing)
        kinds = list(TEMPLATES)
        lines = []
        for n in range(1, extra + 1):
            kind = kinds[n % len(kinds)]
            body = TEMPLATES[kind].format(n=n % 7 + 1).replace("'s ", "''s ")
            body = "".join(f"  {line}\n" for line in body.splitlines())
            lines.append(
                f"- id: bench-{n:04d}\n  name: Bench Card {n}\n  set: {existing[0]['set']}\n  number: {top + n}\n"
                f"  rarity: common\n  province: {PROVINCES[n % len(PROVINCES)]}\n"
                f"  flavor: 'Benchmark card {n}.'\n{body}"
            )
        (folder / "data" / "loe" / "cards" / "zz-bench.yaml").write_text("".join(lines))
    return folder


def card_files(root: Path) -> dict[str, Path]:
    yaml = YAML()
    return {
        card["id"]: path
        for path in sorted((root / "data" / "loe" / "cards").glob("*.yaml"))
        for card in yaml.load(path) or []
    }


def pictured_cards(root: Path) -> set[str]:
    """The cards this tree's rulebook pictures (cover, prose, anatomy, kinds)."""
    from carddb.cards.loading import load_database
    from carddb.files.project import Project
    from carddb.findings.diagnostics import Report
    from carddb.packs.lookup import get_pack
    from carddb.rulebook.build import RulebookRun

    db, _ = load_database(Project.at(root), get_pack("loe"))
    return set(RulebookRun(db, Report()).ids)


def edit_text(root: Path, card_id: str, step: int) -> None:
    """Change the first number in the card's rules text (a new text each step, still valid)."""
    path = card_files(root)[card_id]
    yaml = YAML()
    data = yaml.load(path)
    card = next(c for c in data if c["id"] == card_id)
    current = int(re.search(r"\d", card["text"]).group())
    wanted = 1 + step % 5 if 1 + step % 5 != current else 1 + (step + 1) % 5
    card["text"] = re.sub(r"\d", str(wanted), card["text"], count=1)
    with path.open("w") as fh:
        yaml.dump(data, fh)


def choose_edits(root: Path) -> dict[str, str]:
    """A card the rulebook does not picture and one it does (not the anatomy card), both with a number in their text."""
    pictured = pictured_cards(root)
    yaml = YAML(typ="safe")
    cards = [c for path in sorted((root / "data" / "loe" / "cards").glob("*.yaml")) for c in yaml.load(path) or []]
    with_number = [c["id"] for c in cards if re.search(r"\d", str(c.get("text", "")))]
    from carddb.cards.loading import load_database
    from carddb.files.project import Project
    from carddb.packs.lookup import get_pack
    from carddb.rulebook.chapters.anatomy import anatomy_card

    db, _ = load_database(Project.at(root), get_pack("loe"))
    anatomy = anatomy_card(db)
    return {
        "not pictured": next(i for i in with_number if i not in pictured),
        "pictured": next(i for i in with_number if i in pictured and (anatomy is None or i != anatomy.id)),
    }


def breakdown(stdout: str) -> str:
    return " | ".join(line for line in stdout.splitlines() if line.startswith(("waited for:", "CPU on", "stages:")))


@contextmanager
def daemon_variant(wanted: bool) -> Iterator[Variant | None]:
    """This tree through a daemon of its own (in a private runtime folder), stopped afterwards."""
    if not wanted:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="cdb-") as runtime:
        env = environment(REPO)
        env.pop("CARDDB_NO_DAEMON", None)
        env["XDG_RUNTIME_DIR"] = runtime
        subprocess.run([CARDDB, "daemon", "start"], env=env, cwd=REPO, capture_output=True, check=True)
        try:
            yield Variant("this tree through `carddb daemon`", REPO, None, env, daemon=daemon_pid(env))
        finally:
            subprocess.run([CARDDB, "daemon", "stop"], env=env, capture_output=True, check=False)


def median(values: list[tuple[float, float]]) -> str:
    if not values:
        return "-"
    walls, cpus = [w for w, _ in values], [c for _, c in values]
    return f"{statistics.median(walls):6.2f} s wall ({min(walls):.2f}-{max(walls):.2f}), {statistics.median(cpus):6.2f} s CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="2d51d76", help="git revision to compare with (main as found)")
    parser.add_argument("--no-baseline", action="store_true", help="only this tree")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--edits", type=int, default=2, help="warm builds per edited card per round")
    parser.add_argument("--cards", type=int, default=0, help="add generated cards up to this many distinct cards")
    parser.add_argument("--jobs", type=int, action="append", help="worker counts for this tree (default: all cores)")
    parser.add_argument("--daemon", action="store_true", help="also run this tree through `carddb daemon`")
    args = parser.parse_args()

    variants = [
        Variant(f"this tree, --jobs {j}", REPO, j, environment(REPO)) for j in args.jobs or [os.cpu_count() or 1]
    ]
    with tempfile.TemporaryDirectory(prefix="carddb-bench-build-") as tmp, daemon_variant(args.daemon) as through:
        if through is not None:
            variants.append(through)
        if not args.no_baseline:
            base = checkout(args.baseline, Path(tmp) / "baseline")
            variants.insert(0, Variant(f"baseline {args.baseline}", base, None, environment(base)))
        print(f"yardstick (10M-step empty Python loop) {yardstick():.2f} s CPU; load {os.getloadavg()[0]:.1f}")
        edits: dict[str, str] | None = None
        for round_no in range(args.rounds):
            order = variants if round_no % 2 == 0 else variants[::-1]
            for variant in order:
                root = make_project(
                    variant.tree, Path(tmp) / f"r{round_no}-{len(variant.cold)}-{id(variant)}", args.cards
                )
                edits = edits or choose_edits(root)
                wall, cpu, out = run(variant, root)
                variant.cold.append((wall, cpu))
                variant.notes.append(f"cold: {breakdown(out)}")
                for label, card_id in edits.items():
                    for step in range(args.edits):
                        edit_text(root, card_id, step + 1 + round_no)
                        wall, cpu, out = run(variant, root)
                        variant.warm.setdefault(label, []).append((wall, cpu))
                        variant.notes.append(f"edit ({label}): {breakdown(out)}")
                shutil.rmtree(root)
            print(f"round {round_no + 1} done; load {os.getloadavg()[0]:.1f}", flush=True)
        cards = f"{args.cards} distinct cards" if args.cards else "LOE as shipped"
        print(f"\ncarddb build, {cards}; edited cards: {edits}")
        for variant in variants:
            print(f"\n{variant.name}")
            print(f"  cold:                          {median(variant.cold)}")
            for label, values in variant.warm.items():
                print(f"  after editing one card ({label:12}) {median(values)}")
        base_cold = statistics.median(w for w, _ in variants[0].cold)
        for variant in variants[1:]:
            print(f"cold speed-up of {variant.name}: {base_cold / statistics.median(w for w, _ in variant.cold):.2f}x")
        print("\nthis tree's own accounts:")
        for variant in variants:
            if variant.jobs is not None or variant.daemon is not None:
                for note in variant.notes:
                    print(f"  {variant.name}: {note}")
        print(f"\nyardstick {yardstick():.2f} s CPU; load average {os.getloadavg()} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
