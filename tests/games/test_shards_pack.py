"""Shards of the Empire as a game pack: its cards, words, keywords, checks and deck rules."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from carddb.cards.database import CardDatabase
from carddb.cards.loading import load_database
from carddb.cards.rulescheck import rules_problems
from carddb.files.project import Project
from carddb.findings.diagnostics import Report
from carddb.games.shards.decks import COPIES_MAX, DECK_MIN, LIMITED_DECK_MIN, STARTING_CARDS
from carddb.packs.lookup import get_pack
from carddb.play.decks import load_deck_file, load_decks
from carddb.rules.ast import ConditionedAbility, phrases
from carddb.rules.canonical import ability_text
from carddb.rules.markup import rules_markup
from carddb.rules.parser import parse_ability
from carddb.rules.problems import Problem
from carddb.rules.registry import EffectEntry
from carddb.rules.text import keywords_of, parse_rules_text

ROOT = Path(__file__).resolve().parents[2]
SHARDS = get_pack("shards")
LANG = SHARDS.language
assert LANG is not None
KEYWORDS = LANG.registry.of_role("keyword")
CONDITIONS = LANG.registry.of_role("condition-keyword")
SETS = "- {code: SOE, name: Test, stage: playtest}\n"


@pytest.fixture(scope="module")
def shipped() -> CardDatabase:
    db, report = load_database(Project.at(ROOT), SHARDS)
    assert list(report) == [], report.format_text()  # clean even under --strict: no warnings either
    return db


def project(tmp_path: Path, cards: str) -> Path:
    data = tmp_path / "data" / "shards"
    (data / "cards").mkdir(parents=True)
    (data / "sets.yaml").write_text(SETS)
    (data / "cards" / "cards.yaml").write_text(textwrap.dedent(cards))
    return tmp_path


def findings(root: Path) -> list[tuple[str, int, str]]:
    _, report = load_database(Project.at(root), SHARDS)
    return [(f.code, f.span.line if f.span else 0, f.message) for f in report if f.code.startswith("E-")]


def test_the_set_holds_every_kind_realm_and_resource(shipped: CardDatabase) -> None:
    assert len(shipped.cards) >= 200
    assert {c.kind for c in shipped.cards} == set(SHARDS.kind_ids)
    assert {shipped.faction_of(c) for c in shipped.cards} == {f.id for f in SHARDS.factions}
    used = {name for c in shipped.cards if (cost := getattr(c, "cost", None)) for name in cost.amounts()}
    assert used == {"basic", "research", "gold", "gemstone", "faith"}
    # costs that mix basic and advanced resources
    assert any(len(c.cost.amounts()) >= 2 for c in shipped.cards if hasattr(c, "cost"))
    assert any(c.scrap is not None and "basic" not in c.scrap.amounts() for c in shipped.cards)  # type: ignore[attr-defined]


@pytest.mark.parametrize("entry", [*KEYWORDS, *CONDITIONS], ids=lambda e: e.name)
def test_every_keyword_and_condition_is_used_and_prints_its_reminder(entry: EffectEntry, shipped: CardDatabase) -> None:
    users = [
        c
        for c in shipped.cards
        if any(
            line.ability and entry.name in {p.entry for p in phrases(line.ability)}
            for line in parse_rules_text(c.text, LANG)
        )
    ]
    assert users, f"no shipped card uses {entry.name}"
    card = users[0]
    runs = [run for paragraph in rules_markup(card.text, SHARDS.language, SHARDS.icons) for run in paragraph]
    keyword_at = next(i for i, r in enumerate(runs) if r.kind == "keyword" and r.text.startswith(_label(entry)))
    reminder = next(r for r in runs[keyword_at:] if r.kind == "reminder")
    fixed = entry.reminder.split("{")[0]
    assert reminder.text.startswith(fixed), (card.id, reminder.text)
    assert "{" not in reminder.text  # every parameter filled in


def _label(entry: EffectEntry) -> str:
    return entry.patterns[0].text.split(" {")[0]


def test_reminders_fill_in_the_parameters() -> None:
    line = "Affinity Gold Gemstone Gold - Damage Reduction 2, Wrecker 1"
    ability = parse_ability(line, LANG)
    assert isinstance(ability, ConditionedAbility)
    from carddb.rules.canonical import ability_runs

    runs = ability_runs(ability, LANG)
    assert [r.text for r in runs if r.kind == "icon"] == ["gold", "gold", "gemstone"]
    reminders = [r.text for r in runs if r.kind == "reminder"]
    assert reminders == [
        "only while you control at least 2 Gold and 1 Gemstone",
        "Each instance of damage that would be dealt to this card is reduced by 2.",
        "Damage that would be dealt by this unit to a Building is increased by 1.",
    ]


@pytest.mark.parametrize("entry", list(LANG.registry), ids=lambda e: e.name)
def test_every_registry_example_parses_checks_and_round_trips(entry: EffectEntry) -> None:
    for example in entry.examples:
        kind = next((k for k in ("building", "unit", "policy", "tactic") if not rules_problems(example, LANG, k)), None)
        assert kind is not None, (example, rules_problems(example, LANG, "unit"))
        ast = parse_ability(example, LANG)
        assert not isinstance(ast, Problem)
        assert entry.name in {p.entry for p in phrases(ast)}
        assert parse_ability(ability_text(ast, LANG), LANG) == ast


BAD_TEXT = [
    ("tactic", "Blitz", "E-RULES-KEYWORD-KIND", "Blitz"),
    ("building", "Wrecker 2", "E-RULES-KEYWORD-KIND", "Wrecker 2"),
    ("unit", "Damage Reduction", "E-RULES-KEYWORD-PARAM", "Damage Reduction"),
    ("unit", "Wrecker, Blitz", "E-RULES-KEYWORD-PARAM", "Wrecker"),
    ("unit", "Trample", "E-UNKNOWN-KEYWORD", "Trample"),
    ("tactic", "Upgraded 2 - Draw a card.", "E-RULES-KEYWORD-KIND", "Upgraded 2"),
    ("tactic", "Affinity Silver - Draw a card.", "E-RULES-UNKNOWN-WORD", "Silver"),
    ("tactic", "Affinity - Draw a card.", "E-RULES-KEYWORD-PARAM", "Affinity"),
    ("tactic", "Raidng - Draw a card.", "E-UNKNOWN-CONDITION", "Raidng"),
    ("tactic", "Gain 2 Silver.", "E-RULES-UNKNOWN-RESOURCE", "Silver"),
    ("tactic", "Deal 2 damage to target Policy.", "E-TARGET-NO-HEALTH", "target Policy"),
    ("building", "This card can be developed.", "E-RULES-WRONG-KIND", "This card can be developed"),
    ("tactic", "Exhaust this card: Draw a card.", "E-RULES-COST-KIND", "Exhaust this card"),
]


@pytest.mark.parametrize(("kind", "text", "code", "word"), BAD_TEXT, ids=[t for _, t, _, _ in BAD_TEXT])
def test_bad_shards_text_is_located(kind: str, text: str, code: str, word: str) -> None:
    problem, offset = rules_problems(text, LANG, kind)[0]
    assert problem.code == code, problem.message
    assert text[offset + problem.start : offset + problem.end] == word


def test_affinity_suggests_the_advanced_resource() -> None:
    problem, _ = rules_problems("Affinity Gemstonez - Draw a card.", LANG, "tactic")[0]
    assert problem.message == (
        "'Gemstonez' is not an advanced resource of this game (advanced resources: Research, Gold, Gemstone, Faith)"
    )
    assert problem.hint == "did you mean 'Gemstone'?"


UNIT = """
- id: raider
  name: Raider
  kind: unit
  set: SOE
  number: 1
  rarity: common
  flavor: x
  cost: {basic: 1, gold: 2}
  offence: 2
  health: 3
  scrap: 1
  text: |
    Blitz
    Upgraded 2 - Pillage
"""


def test_upgraded_on_a_unit_that_cannot_be_developed_is_located(tmp_path: Path) -> None:
    found = findings(project(tmp_path, UNIT))
    assert found == [
        (
            "E-RULES-WRONG-KIND",
            15,
            "'Upgraded 2' counts development counters, but the condition can never be met: a Unit cannot be "
            "developed unless its text says so",
        )
    ]
    fixed = UNIT.replace("    Blitz\n", "    Blitz\n    This card can be developed.\n")
    assert findings(project(tmp_path / "fixed", fixed)) == []


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("  offence: 2\n", "", "E-MISSING-FIELD", 2),
        ("  health: 3", "  health: 0", "E-OUT-OF-RANGE", 11),
        ("  cost: {basic: 1, gold: 2}", "  cost: {basic: 1, gems: 2}", "E-UNKNOWN-FIELD", 9),
        ("  scrap: 1", "  scrap: {gold: 2, faith: 2}", "E-OUT-OF-RANGE", 12),
        ("  kind: unit", "  kind: territory", "E-KIND-RULE", 9),
    ],
)
def test_card_fields_are_checked(tmp_path: Path, old: str, new: str, code: str, line: int) -> None:
    text = UNIT.replace("    Upgraded 2 - Pillage\n", "").replace(old, new)
    found = findings(project(tmp_path, text))
    assert (code, line) in [(c, n) for c, n, _ in found], found
    if "gems" in new:
        assert any("did you mean 'gemstone'" in m for _, _, m in found)
    if "territory" in new:
        assert any(m.startswith("a Territory has no 'cost' field") for _, _, m in found)


def test_cost_and_scrap_mix_resources() -> None:
    from carddb.games.shards.schema import Resources

    cost = Resources.model_validate({"basic": 2, "gold": 1, "faith": 2})
    assert cost.label() == "2 + 1 Gold + 2 Faith"
    assert cost.markup() == "2{basic} 1{gold} 2{faith}"
    assert cost.total() == 5
    assert Resources.model_validate(0).markup() == "0{basic}"
    assert Resources.model_validate({"research": 1}).markup() == "1{research}"


# --- deck rules -----------------------------------------------------------------------------------------------


def _check(db: CardDatabase, tmp_path: Path, text: str) -> Report:
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    report = Report(root=tmp_path)
    load_deck_file(path, db, report)
    return report


def _deck(cards: dict[str, int], kind: str = "constructed", extra: str = "") -> str:
    body = "".join(f"  {card_id}: {n}\n" for card_id, n in cards.items())
    return f"id: test\nname: Test\nkind: {kind}\ncards:\n{body}{extra}"


def _starter(db: CardDatabase) -> dict[str, int]:
    report = Report(root=ROOT)
    decks = {d.deck.id: d.deck for d in load_decks(db, report)}
    assert not report.errors, report.format_text()
    return dict(decks["library-and-hold"].cards)


def test_numbers_come_from_the_pack() -> None:
    assert (DECK_MIN, COPIES_MAX, STARTING_CARDS) == (45, 3, 7)
    assert SHARDS.number("deck-min") == DECK_MIN and SHARDS.number("limited-deck-min") == LIMITED_DECK_MIN
    assert SHARDS.number("hand-size") == 8 and SHARDS.number("prosperity-counters") == 7


def test_the_starter_decks_are_legal(shipped: CardDatabase) -> None:
    report = Report(root=ROOT)
    decks = load_decks(shipped, report)
    assert not report.errors, report.format_text()
    assert len(decks) >= 2
    for loaded in decks:
        deck = loaded.deck
        assert deck.kind == "constructed" and deck.size >= DECK_MIN
        starting = [c for c in deck.cards if "starting" in keywords_of(shipped.by_id(c).text, LANG)]  # type: ignore[union-attr]
        assert len(starting) == STARTING_CARDS and all(deck.cards[c] == 1 for c in starting)


def _errors(report: Report) -> list[tuple[int, str]]:
    return sorted((f.span.line if f.span else 0, f.message) for f in report.errors)


def test_a_short_deck_is_reported_at_its_cards(shipped: CardDatabase, tmp_path: Path) -> None:
    cards = _starter(shipped)
    cards["arc-lightning"] -= 1
    assert _errors(_check(shipped, tmp_path, _deck(cards))) == [
        (4, "deck 'test' has 44 cards; a constructed deck has at least 45")
    ]


def test_a_fourth_copy_of_a_card_name_is_reported_at_the_card(shipped: CardDatabase, tmp_path: Path) -> None:
    cards = _starter(shipped)
    cards["arc-lightning"] += 1
    text = _deck(cards)
    line = text.splitlines().index("  arc-lightning: 4") + 1
    assert _errors(_check(shipped, tmp_path, text)) == [
        (line, "deck 'test' holds 4 copies of 'arc-lightning'; a deck holds at most 3 of the same card name")
    ]


def test_too_few_or_too_many_or_repeated_starting_cards(shipped: CardDatabase, tmp_path: Path) -> None:
    cards = _starter(shipped)
    fewer = {k: v for k, v in cards.items() if k != "tunnel-sapper"} | {"apprentice-pyromancer": 3}
    assert _errors(_check(shipped, tmp_path, _deck(fewer))) == [
        (
            4,
            "deck 'test' has 6 different Starting cards; a deck has exactly 7 (it has: reading-room, observatory, "
            "academy-initiate, edict-of-inquiry, gem-mine, stone-redoubt)",
        )
    ]
    more = cards | {"palisade": 1}
    text = _deck(more)
    assert _errors(_check(shipped, tmp_path, text)) == [
        (
            len(text.splitlines()),
            "deck 'test' has 8 different Starting cards; a deck has exactly 7; 'palisade' is one more",
        )
    ]
    twice = dict(cards)
    twice["gem-mine"] = 2
    twice["arc-lightning"] = 2
    assert _errors(_check(shipped, tmp_path, _deck(twice))) == [
        (9, "'gem-mine' is a Starting card listed 2 times; Starting cards are unique within a deck")
    ]


def test_constructed_ignores_the_printed_pool_but_sealed_does_not(shipped: CardDatabase, tmp_path: Path) -> None:
    cards = _starter(shipped)
    assert shipped.by_id("arc-lightning").copies == 1  # type: ignore[union-attr]
    assert cards["arc-lightning"] == 3
    assert not _check(shipped, tmp_path, _deck(cards)).errors  # a collection holds any number
    sealed = _check(shipped, tmp_path, _deck(cards, "sealed"))
    assert {f.code for f in sealed.errors} == {"E-DECK-COPIES"}  # the printed pool has one of each
    pool = "pool:\n" + "".join(f"  {card_id}: {n}\n" for card_id, n in cards.items())
    assert not _check(shipped, tmp_path, _deck(cards, "sealed", pool)).errors  # the pool this player opened
    bad = _check(shipped, tmp_path, _deck(cards, "constructed", pool))
    assert [(f.code, f.span.line if f.span else 0) for f in bad.errors] == [("E-DECK-RULE", len(cards) + 5)]
    assert "built from a collection: it has no pool" in bad.errors[0].message


def test_a_sealed_deck_may_be_smaller(shipped: CardDatabase, tmp_path: Path) -> None:
    cards = {k: v for k, v in _starter(shipped).items() if v == 1}
    pool = "pool:\n" + "".join(f"  {card_id}: 1\n" for card_id in cards)
    extra = [c.id for c in shipped.cards if c.id not in cards and "starting" not in keywords_of(c.text, LANG)]
    cards |= dict.fromkeys(extra[: LIMITED_DECK_MIN - len(cards)], 1)
    pool = "pool:\n" + "".join(f"  {card_id}: 1\n" for card_id in cards)
    assert sum(cards.values()) == LIMITED_DECK_MIN
    assert not _check(shipped, tmp_path, _deck(cards, "sealed", pool)).errors
    draft = _check(shipped, tmp_path, _deck(dict(list(cards.items())[:-1]), "draft", pool))
    assert [m for _, m in _errors(draft)] == ["deck 'test' has 29 cards; a draft deck has at least 30"]


def test_the_cli_checks_and_explains_shards_text() -> None:
    from typer.testing import CliRunner

    from carddb.cli.app import app

    runner = CliRunner()
    ok = runner.invoke(app, ["check", "--game", "shards", "--kind", "unit", "affinity gold faith gold - blitz"])
    assert ok.exit_code == 0, ok.output
    assert "ConditionedAbility" in ok.output and "canonical: Affinity Gold Gold Faith - Blitz" in ok.output
    bad = runner.invoke(app, ["check", "--game", "shards", "--kind", "tactic", "Raidng - Draw a card."])
    assert bad.exit_code == 1
    assert "<text>:1:1: E-UNKNOWN-CONDITION 'Raidng'" in bad.output and "did you mean 'Raiding'?" in bad.output
    table = runner.invoke(app, ["effects", "--game", "shards", "--role", "condition-keyword"])
    assert table.exit_code == 0
    assert all(name in table.output for name in ("affinity", "no-affinity", "raiding", "upgraded"))
    strict = runner.invoke(app, ["validate", "--game", "shards", "--strict", "--project", str(ROOT)])
    assert strict.exit_code == 0, strict.output


def test_a_keyword_filter_reads_the_cards_keyword_lines() -> None:
    from carddb.play.boosters import CardFilter, load_boosters, matching_cards
    from carddb.play.collation import open_boosters

    db, _ = load_database(Project.at(ROOT), SHARDS)
    pack = SHARDS
    assert pack.language is not None
    starting = {c.id for c in db.cards if "starting" in keywords_of(c.text, pack.language)}
    assert len(starting) >= 14
    assert {c.id for c in matching_cards(db, CardFilter(keyword=["starting"]))} == starting
    assert not starting & {c.id for c in matching_cards(db, CardFilter(without_keyword=["starting"]))}
    # "Raiding - Blitz" is not Blitz: a keyword behind a condition is not always there.
    assert "raider-of-the-gilt-coast" not in {c.id for c in matching_cards(db, CardFilter(keyword=["blitz"]))}
    report = Report()
    plan = load_boosters(db, report)["booster"]
    assert not report.errors, report.format_text()
    for booster in open_boosters(plan, 7, 20):
        drawn = [(c.slot, c.card_id) for c in booster.cards]
        assert len([c for s, c in drawn if s == "starting"]) == 2
        assert {c for s, c in drawn if s == "starting"} <= starting
        assert not starting & {c for s, c in drawn if s != "starting"}


def test_every_registry_entry_is_used_by_a_shipped_card(shipped: CardDatabase) -> None:
    used = {
        p.entry
        for c in shipped.cards
        for line in parse_rules_text(c.text, LANG)
        if line.ability
        for p in phrases(line.ability)
    }
    assert [e.name for e in LANG.registry if e.name not in used] == []


def test_the_rulebook_prose_prints_every_rule_number_from_the_pack(shipped: CardDatabase) -> None:
    from carddb.rulebook.sources import CardRef, ProseContext, check_links, read_chapters
    from carddb.rulebook.toc import AnchorBook

    cards = {c.id: CardRef(c.id, c.name, SHARDS.kind(c.kind).label) for c in shipped.cards}
    numbers = {n.id: n.value for n in SHARDS.numbers}
    context = ProseContext(cards, SHARDS.icons, lambda n: n, lambda c: c, numbers=numbers)
    report = Report()
    anchors = AnchorBook()
    chapters, links = read_chapters(ROOT / "data" / "shards" / "rulebook", context, anchors, report)
    check_links(chapters, links, report)
    assert not report.errors, report.format_text()
    assert len(chapters) >= 9
    prose = "".join((ROOT / "data" / "shards" / "rulebook").joinpath(p).read_text() for p in sorted(
        f.name for f in (ROOT / "data" / "shards" / "rulebook").glob("*.md")))  # fmt: skip
    # The deck rules and win conditions are printed from the pack, never written as bare numbers.
    for number in ("deck-min", "copies-max", "starting-cards", "prosperity-counters", "hand-size", "scrap-cards-max"):
        assert "{number:" + number + "}" in prose
    assert not re.search(r"\b(45|exactly 7|at most 3)\b", prose)
    assert set(context.embedded) <= set(cards)


@pytest.mark.parametrize("draft_id", ["booster-draft", "sealed"])
def test_a_draft_runs_with_bots_and_its_pick_log_replays(draft_id: str, shipped: CardDatabase) -> None:
    import json

    from carddb.play.draft import Seat, run_draft
    from carddb.play.draftformat import load_play
    from carddb.play.replay import replay_draft

    report = Report()
    play = load_play(shipped, report)
    assert not report.errors, report.format_text()
    assert list(play.drafts) == ["booster-draft", "sealed"]
    seats = [Seat(n, f"Seat {n}", bot=True) for n in (1, 2)]  # Shards is a game for two
    log = run_draft(shipped, play, draft_id, seed=11, seats=seats)
    first = "draft" if draft_id == "booster-draft" else "sealed"
    for seat in log.seats:
        assert len(seat.pools[first]) >= LIMITED_DECK_MIN  # enough for a draft or sealed deck
        starting = seat.pools["starting"]
        assert len(set(starting)) == len(starting) == STARTING_CARDS
        assert all("starting" in keywords_of(shipped.by_id(c).text, LANG) for c in starting)  # type: ignore[union-attr]
    if draft_id == "booster-draft":
        picks = [p for p in log.picks if p["phase"] == "draft"]
        assert len(picks) == 2 * 2 * 15  # two seats, two boosters each, every card picked
        assert all(p["pick"] in p["pack_contents"] for p in log.picks)
    replay = replay_draft(shipped, play, json.loads(json.dumps(log.to_json())))
    assert replay.ok, replay.problems


def test_a_drafted_pool_makes_a_legal_draft_deck(shipped: CardDatabase, tmp_path: Path) -> None:
    from carddb.play.draft import Seat, run_draft
    from carddb.play.draftformat import load_play

    play = load_play(shipped, Report())
    log = run_draft(shipped, play, "booster-draft", seed=3, seats=[Seat(1, "A"), Seat(2, "B")])
    seat = log.seats[0]
    pool: dict[str, int] = {}
    for card_id in [*seat.pools["draft"], *seat.pools["starting"]]:
        pool[card_id] = pool.get(card_id, 0) + 1
    # The kept Starting cards, then drafted cards that are not Starting cards, up to the least size.
    cards = dict.fromkeys(seat.pools["starting"], 1)
    for card_id in seat.pools["draft"]:
        if sum(cards.values()) >= LIMITED_DECK_MIN:
            break
        if "starting" not in keywords_of(shipped.by_id(card_id).text, LANG) and cards.get(card_id, 0) < COPIES_MAX:  # type: ignore[union-attr]
            cards[card_id] = cards.get(card_id, 0) + 1
    extra = "pool:\n" + "".join(f"  {card_id}: {n}\n" for card_id, n in pool.items())
    report = _check(shipped, tmp_path, _deck(cards, "draft", extra))
    assert sum(cards.values()) == LIMITED_DECK_MIN
    assert not report.errors, report.format_text()


def test_the_starting_deal_is_named_by_its_keyword(shipped: CardDatabase) -> None:
    from carddb.play.draftformat import load_play

    play = load_play(shipped, Report())
    phase = play.drafts["sealed"].phase("starting")
    assert phase.pile_name == "Starting cards"
    assert sorted(set(phase.pile)) == sorted(c.id for c in shipped.cards if "starting" in keywords_of(c.text, LANG))


def test_a_reminder_prints_the_rule_number_the_pack_declares() -> None:
    from carddb.rules.canonical import ability_runs
    from carddb.rules.language import RulesLanguage

    ability = parse_ability("Grand", LANG)
    assert not isinstance(ability, Problem)
    printed = [r.text for r in ability_runs(ability, LANG) if r.kind == "reminder"]
    assert printed == ["If this card has 7 development counters on it, you win the game."]
    assert (
        LANG.registry["grand"].reminder
        == "If this card has {number:prosperity-counters} development counters on it, you win the game."
    )
    other = RulesLanguage(LANG.vocabulary, LANG.registry, {"prosperity-counters": 10})
    assert [r.text for r in ability_runs(ability, other) if r.kind == "reminder"] == [
        "If this card has 10 development counters on it, you win the game."
    ]
