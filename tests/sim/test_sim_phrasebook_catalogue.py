"""Every core entry has a simulator handler, and every example of the reference game executes in a scenario."""

from __future__ import annotations

import test_sim_phrasebook_classic
import test_sim_phrasebook_effects
import test_sim_phrasebook_misc
import test_sim_phrasebook_moments
import test_sim_phrasebook_verbs
import test_sim_phrasebook_windows
from phrasebook_table import SCENARIOS, Table, pack

from carddb.rules.phrasebook import CoreNouns, every_core_entry
from carddb.sim.core_handlers import CORE
from carddb.sim.handlers import HandlerSet, build_table
from carddb.sim.phrasebook_handlers import PHRASEBOOK

NOTHING = frozenset[str]()
NOUNS = CoreNouns(NOTHING, NOTHING, NOTHING, NOTHING)
CLASSIC = {e.name for e in every_core_entry(NOUNS)}
BROAD = {e.name for e in every_core_entry(NOUNS, broad=True)}
MODULES = (
    test_sim_phrasebook_classic,
    test_sim_phrasebook_effects,
    test_sim_phrasebook_moments,
    test_sim_phrasebook_misc,
    test_sim_phrasebook_windows,
    test_sim_phrasebook_verbs,
)


def test_every_core_entry_has_a_handler() -> None:
    handled = set(CORE.table) | set(PHRASEBOOK.table)
    assert (CLASSIC | BROAD) - handled == set()


def test_the_handler_sets_are_the_core_entries() -> None:
    assert set(CORE.table) == CLASSIC  # the classic set is what every bundled pack's table starts from
    assert set(PHRASEBOOK.table) == BROAD - CLASSIC


def test_a_core_entry_without_a_handler_is_reported() -> None:
    partial = build_table("phrasebook", CORE, HandlerSet())
    assert "gain-resource" in partial.missing(pack().registry)


def test_the_reference_game_keeps_every_core_entry() -> None:
    assert {e.name for e in pack().registry if e.core} == BROAD


def test_every_example_of_the_reference_game_has_an_executing_scenario() -> None:
    wanted = {(e.name, example) for e in pack().registry for example in e.examples}
    assert wanted - set(SCENARIOS) == set()
    assert set(SCENARIOS) - wanted == set()  # no scenario for a sentence the registry no longer has
    assert all(any(f.__module__ == m.__name__ for f in SCENARIOS.values()) for m in MODULES)


def test_every_example_compiles_without_problems() -> None:
    table = Table()
    for entry in pack().registry:
        for example in entry.examples:
            kind = sorted(entry.kinds)[0] if entry.kinds else "creature"
            table.card(kind, example)  # Table.card asserts the card compiled without problems
