"""Handlers of the core entries a game's own verbs need (carddb/rules/phrasebook_verbs.py): exiling as a cost.

A game verb declared as a core verb (`{word: scrap, is: exile}`) adds wordings to core entries that
already have handlers; only exiling as a cost (`Scrap this card: ...`) is an entry of its own.
"""

from __future__ import annotations

from carddb.rules.ast import Phrase
from carddb.sim.broad_state import put
from carddb.sim.compiler import Compiler
from carddb.sim.handlers import selector
from carddb.sim.phrasebook_handlers import PHRASEBOOK, removed_place
from carddb.sim.phrasebook_moments import Cost


@PHRASEBOOK("cost-exile")
def _cost_exile(phrase: Phrase, c: Compiler) -> Cost:
    what = c.selector(selector(phrase, "card"))
    return Cost(
        phrase.entry,
        lambda g, ctx: what.exists(g, ctx),
        lambda g, ctx: [put(g, u, removed_place(g), g.owner[u]) for u in what.resolve(g, ctx)],
    )
