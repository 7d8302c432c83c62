"""SoulFall's whole registry and whole box at once: every entry executes, every face of every card compiles."""

from __future__ import annotations

import test_sim_soulfall_entries
from soulfall_table import PACK, SCENARIOS, SIM, Table, box

from carddb.sim.cards import compile_catalogue
from carddb.sim.handlers import build_table


def test_every_registry_entry_has_a_handler() -> None:
    assert SIM.handlers.missing(PACK.language.registry) == []


def test_the_handler_table_is_closed_over_the_registry() -> None:
    names = {entry.name for entry in PACK.language.registry}
    assert set(SIM.handlers.handlers) == names


def test_an_entry_without_a_handler_is_reported() -> None:
    from carddb.games.soulfall.sim.handlers import KEPT

    partial = build_table("soulfall", KEPT)  # the core's entries only
    missing = partial.missing(PACK.language.registry)
    assert {"worship", "flourish", "both-actions", "break-shells"} <= set(missing) and "draw" not in missing


def test_every_example_sentence_has_an_executing_scenario() -> None:
    wanted = {(entry.name, example) for entry in PACK.language.registry for example in entry.examples}
    assert wanted - set(SCENARIOS) == set()
    assert set(SCENARIOS) - wanted == set()  # no scenario for a sentence the registry no longer has
    assert test_sim_soulfall_entries.test_example is not None


def test_every_face_of_every_card_compiles() -> None:
    _, records = box()
    catalogue = compile_catalogue(records, SIM)
    assert {d.id: d.problems for d in catalogue.defs if d.problems} == {}
    by_id = catalogue.by_id
    # 34 cards, and a face of its own for the back of each double-sided one (4 Temples, the Follower, 6 Shells).
    assert len(catalogue.defs) == 34 + 4 + 1 + 6
    assert by_id["temple-of-the-sunderer/back"].kind == "shrine"
    assert by_id["shell-of-silence/back"].effect is not None  # the Broken side's ability
    assert by_id["shell-of-silence"].effect is None  # an unbroken Shell does nothing
    assert by_id["temple-of-the-ruminator"].triggered  # a Special Ability at the start of the turn
    blooming = by_id["the-propagator-blooming"].effect
    assert blooming is not None and [len(s.conditions) for s in blooming.steps] == [0, 1]  # the Worship gate


def test_the_propagator_blooming_gives_flourish_and_prospect_to_a_worshipper_never_flourish_twice() -> None:
    """Seed 004's example: "He may Flourish or Prospect. But, since he has the Temple of the Propagator in his
    Tribe, he Worships The Propagator, so he can Flourish and Prospect!" """
    for order in ("flourish, then prospect", "prospect, then flourish"):
        t = Table()
        t.tribe(0, "temple-of-the-propagator")
        card = t.hand(0, "the-propagator-blooming")
        t.want(0, order)
        t.beseech(0, card)
        assert t.kinds(0) == ["follower", "shell", "temple"]
    t = Table()  # without the Temple: one of the two, the player's choice
    card = t.hand(0, "the-propagator-blooming")
    t.want(0, "flourish")
    t.beseech(0, card)
    assert t.kinds(0) == ["follower"]
