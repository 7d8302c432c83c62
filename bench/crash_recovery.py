"""`kill -9` of `carddb build` and `carddb print` at seeded random moments, then a rerun.

Writes a small LOE project (a card of every kind, rules prose, a booster type) in a temporary
folder and builds it once to learn how long a run takes. Then, for each moment, it edits one
card's flavour text (so the run has real work), starts the command as its own process, kills it
with SIGKILL after a random fraction of that time, and checks what the killed run left:

- every PDF under output/ opens (pypdf reads every page, and poppler's `pdfinfo` accepts it),
  every PNG verifies and decodes (Pillow), every JSON file parses, every HTML file is whole;
- nothing but `.part` temporaries (which no reader looks at) is incomplete.

Every few kills, and after the last one, the command runs to the end; it must exit as a clean run
does, leave no `.part` file, and its outputs must show the latest flavour text of every card
(nothing stale served as current). Some moments damage the caches deliberately first (a truncated
cached PDF or PNG, garbage in an index file). Also checks the output lock: a second run while one
holds output/<game>/.lock stops with a clear error, and a lock left by a killed run blocks nothing.

    python bench/crash_recovery.py                 # 50 moments each for build and print, seed 1
    python bench/crash_recovery.py --moments 10 --seed 7 --commands print

Prints the counts (moments, files checked, corrupt files, failed reruns) and the time taken.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

SETS = """\
- code: BASE
  name: Crash Test
  release: 2026-12-01
  stage: playtest
"""

CARDS = """\
- id: aldric
  name: Aldric, the Ember Lord
  kind: lord
  province: ashmarch
  set: BASE
  number: 1
  rarity: rare
  cost: 5
  health: 22
  text: Whenever you trade with the market, draw a card.
  flavor: "{flavor}"
- id: gate-duke
  name: Duke of the Cinder Gate
  kind: duke
  set: BASE
  number: 2
  rarity: uncommon
  cost: {{powerstones: 3, influence: 1}}
  health: 8
  text: "Spend 1 Influence: Deal 2 damage to target Duke."
  flavor: "{flavor}"
- id: iron-crown
  name: The Iron Crown
  kind: victory
  set: BASE
  number: 3
  rarity: rare
  text: Win if you control four or more Items.
  flavor: "{flavor}"
- id: levies
  name: Ashmarch Levies
  kind: resource
  subtype: subject
  set: BASE
  number: 4
  rarity: common
  flavor: "{flavor}"
- id: quickening
  name: Quickening
  kind: spell
  set: BASE
  number: 5
  rarity: common
  cost: 0
  text: Ready target Resource.
  flavor: "{flavor}"
- id: ember-blade
  name: Ember Blade
  kind: item
  subtype: gear
  set: BASE
  number: 6
  rarity: common
  cost: 2
  text: Coupled character gets +2 health.
  flavor: "{flavor}"
"""

RULES = "# Overview\n\nPlay {card:gate-duke} to win.\n\n{card:aldric} {card:iron-crown}\n"

COMMANDS = {
    "build": ["build", "--jobs", "1"],
    "print": ["print", "--jobs", "1", "--png", "--tts"],
}


def write_project(root: Path, flavor: str = "The forges never cool.") -> Path:
    data = root / "data" / "loe"
    (data / "cards").mkdir(parents=True, exist_ok=True)
    (data / "rulebook").mkdir(exist_ok=True)
    (data / "sets.yaml").write_text(SETS, encoding="utf-8")
    (data / "rulebook" / "01-overview.md").write_text(RULES, encoding="utf-8")
    set_flavor(root, flavor)
    return root


def set_flavor(root: Path, flavor: str) -> None:
    cards = root / "data" / "loe" / "cards" / "cards.yaml"
    cards.write_text(CARDS.format(flavor=flavor), encoding="utf-8")


# ---------------------------------------------------------------- checking outputs


@dataclass
class Check:
    files: int = 0
    corrupt: list[str] = field(default_factory=list)

    def add(self, other: Check) -> None:
        self.files += other.files
        self.corrupt += other.corrupt


def _pdf_ok(path: Path, thorough: bool = True) -> str | None:
    from pypdf import PdfReader

    data = path.read_bytes()
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
        return "not a whole PDF (no %PDF- header or %%EOF trailer)"
    try:
        reader = PdfReader(path, strict=True)
        pages = len(reader.pages)
        for page in reader.pages if thorough else ():
            page.extract_text()
    except Exception as exc:  # any failure to read is what this check reports
        return f"pypdf: {exc}"
    if pages == 0:
        return "no pages"
    if not thorough:
        return None
    done = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True)
    if done.returncode != 0 or "Syntax Error" in done.stderr:
        return f"pdfinfo: {done.stderr.strip()[:200]}"
    return None


def _png_ok(path: Path, thorough: bool = True) -> str | None:
    from PIL import Image

    try:
        with Image.open(path) as image:
            image.verify()  # every chunk's CRC, up to IEND: a truncated file fails here
        if thorough:
            with Image.open(path) as image:
                image.load()
    except Exception as exc:  # any failure to decode is what this check reports
        return f"Pillow: {exc}"
    return None


def _json_ok(path: Path, thorough: bool = True) -> str | None:
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        return f"json: {exc}"
    return None


def _html_ok(path: Path, thorough: bool = True) -> str | None:
    text = path.read_text(encoding="utf-8", errors="replace").rstrip().lower()
    return None if text.endswith("</html>") else "HTML does not end with </html>"


CHECKERS: dict[str, Callable[[Path, bool], str | None]] = {
    ".pdf": _pdf_ok,
    ".png": _png_ok,
    ".json": _json_ok,
    ".html": _html_ok,
}


THOROUGH = True  # the bench also decodes every PNG, extracts every PDF page's text and runs pdfinfo


def check_outputs(project: Path) -> Check:
    """Every finished output file (temporaries `.*.part` aside) of the project reads as a whole file."""
    result = Check()
    output = project / "output"
    if not output.is_dir():
        return result
    for path in sorted(output.rglob("*")):
        checker = CHECKERS.get(path.suffix)
        # The caches are not outputs: each reader checks an entry is whole before using it.
        if checker is None or not path.is_file() or path.name.endswith(".part") or ".cache" in path.parts:
            continue
        result.files += 1
        problem = checker(path, THOROUGH)
        if problem is not None:
            result.corrupt.append(f"{path.relative_to(project)}: {problem}")
    return result


def leftover_parts(project: Path) -> list[Path]:
    return sorted(p for p in (project / "output").rglob("*.part"))


def stale_cards(project: Path, command: str, flavor: str) -> list[str]:
    """Cards whose finished outputs do not show `flavor` (the text of the latest edit)."""
    game = project / "output" / "loe"
    ids = ["aldric", "gate-duke", "iron-crown", "levies", "quickening", "ember-blade"]
    stale = []
    for card_id in ids:
        pdf = game / "cards" / f"{card_id}.pdf"
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
        if flavor not in " ".join(text.split()):
            stale.append(f"{pdf.relative_to(project)}")
        if command == "build":
            page = game / "site" / "cards" / f"{card_id}.html"
            if flavor not in page.read_text(encoding="utf-8"):
                stale.append(f"{page.relative_to(project)}")
    return stale


# ---------------------------------------------------------------- damaging caches


def damage_cache(project: Path, rng: random.Random) -> str:
    """Truncate a cached PDF or PNG, or write garbage into a cache index; say which."""
    cache = project / "output" / "loe" / ".cache"
    files = sorted(p for p in cache.rglob("*") if p.is_file()) if cache.is_dir() else []
    if not files:
        return "no cache yet"
    victim = rng.choice(files)
    data = victim.read_bytes()
    if victim.suffix in {".pdf", ".png"}:
        victim.write_bytes(data[: len(data) // 2])
        return f"truncated {victim.relative_to(project)}"
    victim.write_bytes(b"\x00garbage{" + os.urandom(16))
    return f"garbage in {victim.relative_to(project)}"


# ---------------------------------------------------------------- running


def carddb(project: Path, command: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "carddb", *COMMANDS[command], *extra, "--project", str(project)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: a worker left behind can be found and stopped
    )


@dataclass
class Rerun:
    exit_code: int
    traceback: bool
    output: str


def run_to_end(project: Path, command: str) -> Rerun:
    proc = carddb(project, command)
    out, err = proc.communicate(timeout=600)
    return Rerun(proc.returncode, "Traceback" in out + err, out + err)


def kill_at(project: Path, command: str, seconds: float) -> str | None:
    """SIGKILL the command's main process after `seconds` (its workers are not signalled).

    Returns a failure if a render worker outlives its killed parent by more than a minute
    (it holds the streams open, and would write into output/ behind the next run's back).
    """
    proc = carddb(project, command)
    time.sleep(seconds)
    proc.send_signal(signal.SIGKILL)
    try:
        proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return "a render worker outlived its killed parent by a minute"
    return None


@dataclass
class Outcome:
    command: str
    moments: int = 0
    reruns: int = 0
    damaged: int = 0
    checked: Check = field(default_factory=Check)
    failures: list[str] = field(default_factory=list)


def crash_moments(
    project: Path, command: str, moments: int, seed: int, *, full_seconds: float, rerun_every: int = 10
) -> Outcome:
    """Kill `command` at `moments` seeded random moments (editing a card before each), rerunning every so often."""
    rng = random.Random(f"{seed}-{command}")
    outcome = Outcome(command)
    flavor = ""
    for moment in range(moments):
        flavor = f"Edit {moment} of seed {seed}."
        set_flavor(project, flavor)
        if rng.random() < 0.2:
            damage_cache(project, rng)
            outcome.damaged += 1
        orphan = kill_at(project, command, rng.uniform(0.05, 1.0) * full_seconds)
        outcome.moments += 1
        if orphan is not None:
            outcome.failures.append(f"kill {moment}: {orphan}")
        check = check_outputs(project)
        outcome.checked.add(check)
        outcome.failures += [f"after kill {moment}: {c}" for c in check.corrupt]
        if (moment + 1) % rerun_every == 0 or moment + 1 == moments:
            outcome.failures += _rerun(project, command, flavor, f"rerun after kill {moment}", outcome)
    return outcome


def _rerun(project: Path, command: str, flavor: str, label: str, outcome: Outcome) -> list[str]:
    outcome.reruns += 1
    rerun = run_to_end(project, command)
    failures = []
    if rerun.exit_code != 0 or rerun.traceback:
        failures.append(f"{label}: exit {rerun.exit_code}\n{rerun.output[-2000:]}")
    check = check_outputs(project)
    outcome.checked.add(check)
    failures += [f"{label}: {c}" for c in check.corrupt]
    failures += [f"{label}: left {p.relative_to(project)}" for p in leftover_parts(project)]
    failures += [f"{label}: stale {s}" for s in stale_cards(project, command, flavor)]
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moments", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commands", default="build,print")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} on {os.cpu_count()} cores")
    failures = 0
    for command in args.commands.split(","):
        with tempfile.TemporaryDirectory(prefix=f"carddb-crash-{command}-") as tmp:
            project = write_project(Path(tmp))
            start = time.perf_counter()
            first = run_to_end(project, command)
            full = time.perf_counter() - start
            if first.exit_code != 0:
                print(first.output)
                return 1
            # A cold run is the longest; later runs reuse the cache, so moments spread over the cold time.
            cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            outcome = crash_moments(project, command, args.moments, args.seed, full_seconds=full)
            wall = time.perf_counter() - start
            cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime
            print(
                f"{command}: cold run {full:.1f} s wall; {outcome.moments} kills (seed {args.seed}), "
                f"{outcome.damaged} with a damaged cache first, {outcome.reruns} full reruns; "
                f"{outcome.checked.files} output files checked, {len(outcome.checked.corrupt)} corrupt, "
                f"{len(outcome.failures)} failures; {wall:.0f} s wall, {cpu:.0f} s CPU of the carddb processes"
            )
            for failure in outcome.failures:
                print("  FAIL", failure)
            failures += len(outcome.failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
