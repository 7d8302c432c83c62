"""Design warnings from a playtest: cards whose win-rate delta is an outlier (`carddb validate --playtest N`).

A card is flagged when all hold:
- it was played, and not played, in at least `MIN_GAMES` seat-games each;
- its play-rate delta's 95% interval excludes zero (it is not noise at this many games), and
- it stands out among the cards: its robust z-score, |delta - median| / (1.4826 x MAD)
  over every card's delta, is at least `OUTLIER_Z` (it is not just that the whole set leans).

Each warning points at the card's `id` in its file, like every other finding.
"""

from __future__ import annotations

import statistics

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Finding
from carddb.sim.analysis import Analysis, CardDelta

OUTLIER_Z = 2.5
MIN_GAMES = 10
CODE = "W-PLAYTEST-OUTLIER"


def outliers(deltas: list[CardDelta]) -> list[tuple[CardDelta, float]]:
    """(card, robust z-score) for every outlying card, largest |delta| first."""
    if len(deltas) < 3:
        return []
    values = [d.delta for d in deltas]
    median = statistics.median(values)
    spread = 1.4826 * statistics.median(abs(v - median) for v in values) or 1e-9
    found = [
        (d, (d.delta - median) / spread) for d in deltas if d.significant and min(d.n_with, d.n_without) >= MIN_GAMES
    ]
    return sorted(((d, z) for d, z in found if abs(z) >= OUTLIER_Z), key=lambda pair: -abs(pair[0].delta))


def playtest_findings(db: CardDatabase, analysis: Analysis, bots: str) -> list[Finding]:
    findings = []
    for delta, z in outliers(analysis.card_play):
        card = db.by_id(delta.id)
        if card is None:
            continue
        source = db.source(card)
        direction = "more" if delta.delta > 0 else "less"
        message = (
            f"'{delta.id}' wins {abs(delta.delta):.0%} {direction} often when played ({delta.rate_with:.0%} of "
            f"{delta.n_with} vs {delta.rate_without:.0%} of {delta.n_without}; 95% CI {delta.low:+.0%} to "
            f"{delta.high:+.0%}), an outlier among {len(analysis.card_play)} cards (robust z {z:+.1f}) "
            f"in {analysis.games} games of {bots} bots"
        )
        hint = "playtest it more (carddb playtest --ablation N) before changing it: a play-rate delta is not a cause"
        findings.append(Finding(CODE, message, source.path, source.value_span("id"), hint))
    return findings


def design_warnings(db: CardDatabase, games: int, bots: str, seed: int) -> list[Finding]:
    """Play `games` games of the project's seats and decks and warn about outlying cards."""
    from carddb.findings.diagnostics import Report
    from carddb.runtime.progress import stages
    from carddb.sim.parallel import default_workers
    from carddb.sim.runner import Request, prepare, run
    from carddb.sim.simulator import simulator_for

    sim = simulator_for(db.pack)
    request = Request(games=games, seed=seed, bots=tuple(b.strip() for b in bots.split(",")), workers=default_workers())
    plan, _ = prepare(db, sim, request, Report(root=db.project.root))
    with stages() as stage:
        outcome = run(plan, sim, request, stage)
    return playtest_findings(db, outcome.analysis, bots)
