"""Benchmark of `carddb print` as whole processes: cold (empty cache) and warm after editing one card.

Generates a synthetic LOE project of N simple cards of every kind (one card per file, copies: 1,
set stage playtest so placeholder art is used) in a temporary folder, then runs

    carddb print --project TMP --paper a4

cold, with an empty output/ (no face, back or sheet-page cache), then warm after changing the
rules text of one card (several times, each edit a new text, so each run renders that card), and
once more with nothing changed. Prints wall seconds, CPU seconds of the process and its workers,
and cards per second. Wall time on a busy machine mostly measures the load: check `uptime`.

With --daemon the warm runs are repeated through `carddb daemon start` (a daemon of its own,
in a private temporary runtime folder, stopped at the end): CPU seconds are then the
client's plus the daemon's forks' (the daemon's reaped children, from /proc).

    python bench/bench_print.py            # N = 90 and N = 360
    python bench/bench_print.py 360 --edits 5 --daemon
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEMPLATES = {
    "lord": "kind: lord\nhealth: {n}\ncost: 3\ntext: 'Spend 1 Material: Deal 1 damage to target Duke.'\n",
    "duke": "kind: duke\nhealth: 8\ncost: {{powerstones: 2, influence: 1}}\ntext: 'Gain {n} powerstone.'\n",
    "victory": "kind: victory\ntext: 'Win if you control {n} or more Dukes.'\n",
    "resource": "kind: resource\nsubtype: material\n",
    "spell": "kind: spell\ncost: 2\ntext: 'Deal {n} damage to target Duke.'\n",
    "reaction": "kind: reaction\ncost: 1\ntext: 'Reaction - When an opponent plays a Victory card: Counter it.'\n",
    "item": "kind: item\nsubtype: gear\ncost: 2\ntext: 'Coupled character gets +{n} health.'\n",
    "ritual": "kind: ritual\ncost: 3\ntext: 'Each player's maximum hand size is {n}.'\n",
}
PROVINCES = ["ashmarch", "veldmoor", "corvane", "thornwall", "sel-amara", "neutral"]


def make_project(root: Path, count: int) -> Path:
    cards = root / "data" / "loe" / "cards"
    cards.mkdir(parents=True)
    (root / "data" / "loe" / "sets.yaml").write_text("- code: BENCH\n  name: Benchmark\n  stage: playtest\n")
    kinds = list(TEMPLATES)
    for n in range(1, count + 1):
        kind = kinds[n % len(kinds)]
        body = TEMPLATES[kind].format(n=n % 7 + 1).replace("'s ", "''s ")
        (cards / f"card-{n:04d}.yaml").write_text(
            f"id: card-{n:04d}\nname: Card {n}\nset: BENCH\nnumber: {n}\nrarity: common\n"
            f"province: {PROVINCES[n % len(PROVINCES)]}\nflavor: 'Benchmark card {n}.'\n{body}"
        )
    return root


def run(root: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (the command and its render workers) of one `carddb print`."""
    return timed([CARDDB, "print", "--project", str(root), "--paper", "a4"], env=env or user_env())


def daemon_env(runtime: Path) -> dict[str, str]:
    """The environment of a user whose commands go through a daemon of the bench's own."""
    env = user_env()
    env.pop("CARDDB_NO_DAEMON", None)
    env["XDG_RUNTIME_DIR"] = str(runtime)
    return env


def daemon_children_cpu(pid: int) -> float:
    """CPU seconds of the daemon's finished forks (and their workers): cutime + cstime in /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def daemon_pid(env: dict[str, str]) -> int:
    done = subprocess.run([CARDDB, "daemon", "status"], env=env, capture_output=True, text=True, check=True)
    return int(done.stdout.split("pid ", 1)[1].split(",", 1)[0])


def edit_runs(root: Path, edits: int, env: dict[str, str] | None = None) -> list[tuple[float, float]]:
    """Wall and CPU seconds of `edits` prints, each after a new rules text on one card."""
    card = root / "data" / "loe" / "cards" / "card-0004.yaml"
    pid = daemon_pid(env) if env is not None else None
    runs: list[tuple[float, float]] = []
    for _ in range(edits):
        text = card.read_text()
        # A number never used before: the face is not in the cache, as after a real edit.
        card.write_text(text.replace(text[text.index("Deal ") : text.index(" damage")], f"Deal {next(FRESH)}"))
        before = daemon_children_cpu(pid) if pid else 0.0
        wall, cpu = run(root, env)
        runs.append((wall, cpu + (daemon_children_cpu(pid) - before if pid else 0.0)))
    return runs


FRESH = itertools.count(10)
# The console script of the Python running the bench, as a virtual environment's user runs it. A
# version manager's shim on PATH (pyenv's is a shell script) would add its own 60-70 ms to every run.
_beside = Path(sys.executable).parent / "carddb"
CARDDB = str(_beside) if _beside.exists() else (shutil.which("carddb") or "carddb")


def timed(command: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of a command and everything it waited for; stops the bench if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        print(done.stdout[-2000:], done.stderr[-2000:], file=sys.stderr)
        raise SystemExit(f"{Path(command[0]).name} failed with exit code {done.returncode}")
    return elapsed, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[90, 360])
    parser.add_argument("--edits", type=int, default=3, help="warm runs, each after editing one card")
    parser.add_argument("--daemon", action="store_true", help="also run the warm prints through `carddb daemon`")
    args = parser.parse_args()
    if not Path(CARDDB).exists():
        raise SystemExit("carddb is not installed (pip install -e .)")
    print(f"yardstick (10M-step empty Python loop) {yardstick():.2f} s CPU")
    for count in args.sizes:
        with tempfile.TemporaryDirectory(prefix="carddb-bench-print-") as tmp:
            root = make_project(Path(tmp), count)
            cold, cold_cpu = run(root)
            warm = edit_runs(root, args.edits)
            unchanged = run(root)
            walls = [w for w, _ in warm]
            print(
                f"N={count}: cold {cold:.2f} s ({count / cold:.0f} cards/s, {cold_cpu:.1f} s CPU); "
                f"warm after editing one card: median {statistics.median(walls):.2f} s, best {min(walls):.2f} s "
                f"({statistics.median(c for _, c in warm):.2f} s CPU); nothing changed {unchanged[0]:.2f} s"
            )
            if args.daemon:
                with tempfile.TemporaryDirectory(prefix="cdb-") as runtime:
                    env = daemon_env(Path(runtime))
                    subprocess.run([CARDDB, "daemon", "start"], env=env, capture_output=True, check=True)
                    try:
                        # Cold output (no face, back or page cache), warm process: what the daemon saves of a cold run.
                        shutil.rmtree(root / "output")
                        pid = daemon_pid(env)
                        forks_before = daemon_children_cpu(pid)
                        cold, cold_cpu = run(root, env)
                        cold_cpu += daemon_children_cpu(pid) - forks_before
                        warm = edit_runs(root, args.edits, env)
                        unchanged = run(root, env)
                    finally:
                        subprocess.run([CARDDB, "daemon", "stop"], env=env, capture_output=True, check=False)
                walls = [w for w, _ in warm]
                print(
                    f"N={count} through `carddb daemon`: cold output {cold:.2f} s ({cold_cpu:.1f} s CPU); "
                    "warm after editing one card: median "
                    f"{statistics.median(walls):.2f} s, best {min(walls):.2f} s "
                    f"({statistics.median(c for _, c in warm):.2f} s CPU); nothing changed {unchanged[0]:.2f} s"
                )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; yardstick {yardstick():.2f} s")


def user_env() -> dict[str, str]:
    """The environment a user runs carddb in: Python caches its compiled modules.

    Some sandboxes set PYTHONDONTWRITEBYTECODE, which makes every start compile carddb's
    own sources again (about 0.2 s); no installed tool runs like that.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["CARDDB_NO_DAEMON"] = "1"  # a daemon the user started must not answer the runs measured without one
    return env


def yardstick() -> float:
    """CPU seconds of a 10-million-step empty loop: this machine's speed right now (it varies)."""
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return time.process_time() - start


if __name__ == "__main__":
    main()
