"""Speed work on the engine must not change a single game: the same seeds play the same games as before it.

`data/games-before-speedup.json` was written by the engine as it was before the speed work of
issue 17 (commit d2b1432), with `scripts/playtest_digest.py` on the bundled LOE councils and
shared decks (seed 7): the first 100 random-bot games and the first 5 games of a greedy bot
against a random one. Each game's digest covers its winner, how and when it ended, what each
seat played, the cards offered and drawn, the seats' end-of-game numbers, and digests of every
decision and of the readable log. A change meant to alter games (a rules fix, a change to the
bundled cards or to a bot's judgement) regenerates the file with that script and says so in its
commit:

    python scripts/playtest_digest.py tests/sim/data/games-before-speedup.json --games 100 --greedy 5 --stored

(last regenerated for issue 35: the LOE base set's balance errata and the greedy bot's new judgement).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
BEFORE = Path(__file__).with_name("data") / "games-before-speedup.json"


def _digest_module() -> Any:
    spec = importlib.util.spec_from_file_location("playtest_digest", REPO / "scripts" / "playtest_digest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_same_seeds_play_the_same_games_as_before_the_speed_work() -> None:
    before = json.loads(BEFORE.read_text(encoding="utf-8"))
    games = _digest_module().fingerprints(100, 5, 7, REPO)  # (also checks a game plays the same with a log)
    now = [
        {
            "index": g["index"],
            "bots": g["bots"],
            "winner": g["winner"],
            "reason": g["reason"],
            "turns": g["turns"],
            "digest": hashlib.sha256(json.dumps(g, sort_keys=True).encode("utf-8")).hexdigest()[:20],
        }
        for g in games
    ]
    assert len(now) == len(before) == 105
    assert [(g["bots"], g["index"]) for g in now] == [(g["bots"], g["index"]) for g in before]
    assert {g["reason"] for g in before} == {"victory", "turn cap"}  # the file holds real, varied games
    changed = [(b, n) for b, n in zip(before, now, strict=True) if b != n]
    assert not changed, f"{len(changed)} games differ, the first: before {changed[0][0]}, now {changed[0][1]}"
