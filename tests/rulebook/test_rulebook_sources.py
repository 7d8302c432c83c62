"""The rules prose: Markdown chapters, card and icon markers, located errors (no PDF is laid out here)."""

from __future__ import annotations

from pathlib import Path

from rulebook_fixtures import FIXTURE_RULES, write_fixture_project
from typer.testing import CliRunner

from carddb.cli.app import app
from carddb.findings.diagnostics import Report
from carddb.rulebook.sources import CardRef, ProseContext, check_links, read_chapters, render_chapter
from carddb.rulebook.toc import AnchorBook, Chapter, Heading, table_of_contents

ICONS = ("powerstone", "subject", "material", "influence")


def context() -> ProseContext:
    cards = {
        "ashmarch-duke": CardRef("ashmarch-duke", "Duke of the Cinder Gate", "Duke"),
        "firebrand": CardRef("firebrand", "Firebrand", "Spell"),
    }
    return ProseContext(cards, ICONS, lambda name: f"icons/{name}.svg", lambda card: f"cards/{card}.png")


def render(text: str, name: str = "05-the-council.md") -> tuple[str, Report, ProseContext]:
    report = Report()
    ctx = context()
    chapter, _ = render_chapter(Path(name), text, "the-council", ctx, AnchorBook(), report)
    return (chapter.html if chapter else ""), report, ctx


def located(report: Report) -> list[tuple[str, int, int, int]]:
    return [(f.code, f.span.line, f.span.col, f.span.end_col) for f in report if f.span]


def test_a_paragraph_of_card_markers_becomes_a_row_of_card_pictures() -> None:
    html, report, ctx = render("# The Council\n\n{card:ashmarch-duke}  {card:firebrand}\n")
    assert not len(report)
    assert '<figure class="card-row cards-2">' in html
    assert html.index("cards/ashmarch-duke.png") < html.index("cards/firebrand.png")
    assert 'alt="Duke of the Cinder Gate (Duke)"' in html
    assert ctx.embedded == ["ashmarch-duke", "firebrand"]


def test_a_card_marker_in_running_text_prints_the_name_and_icons_are_pictures() -> None:
    html, report, ctx = render("# The Council\n\nPay 2{powerstone} to cast {card:firebrand}.\n")
    assert not len(report)
    assert '<span class="card-name">Firebrand</span>' in html
    assert '<img class="icon icon-powerstone" src="icons/powerstone.svg" alt="powerstone">' in html
    assert ctx.embedded == []  # named, not pictured


def test_an_unknown_card_is_located_at_its_marker_even_in_a_list() -> None:
    text = "# The Council\n\nIntro.\n\n- first\n- see {card:firebrand} and {card:fire-brand}\n\n{card:nope}\n"
    _, report, _ = render(text)
    # line 6 is "- see {card:firebrand} and {card:fire-brand}": the bad marker starts in column 28
    assert located(report) == [
        ("E-RULEBOOK-UNKNOWN-CARD", 6, 28, 28 + len("{card:fire-brand}")),
        ("E-RULEBOOK-UNKNOWN-CARD", 8, 1, 1 + len("{card:nope}")),
    ]
    messages = [f.message for f in report]
    assert "did you mean 'firebrand'?" in messages[0]


def test_the_same_marker_twice_in_a_paragraph_is_located_twice() -> None:
    _, report, _ = render("# The Council\n\n{card:zap} text\nmore {card:zap}\n")
    assert located(report) == [
        ("E-RULEBOOK-UNKNOWN-CARD", 3, 1, 11),
        ("E-RULEBOOK-UNKNOWN-CARD", 4, 6, 16),
    ]


def test_an_unknown_icon_names_the_closest_one() -> None:
    _, report, _ = render("# The Council\n\nPay 1{powerstones}.\n")
    (finding,) = list(report)
    assert (finding.code, finding.span.line, finding.span.col) == ("E-RULEBOOK-UNKNOWN-ICON", 3, 6)
    assert "did you mean '{powerstone}'?" in finding.message


def test_markers_inside_code_and_braces_that_are_no_marker_are_left_alone() -> None:
    html, report, _ = render("# The Council\n\nWrite `{card:ID}` to show a card. It costs {X} or { 2 }.\n")
    assert not len(report)
    assert "<code>{card:ID}</code>" in html
    assert "It costs {X} or { 2 }." in html


def test_a_chapter_must_open_with_one_title() -> None:
    _, report, _ = render("Some text first.\n\n# Title\n")
    assert [(f.code, f.span.line) for f in report] == [("E-RULEBOOK-CHAPTER", 1)]
    _, report, _ = render("# One\n\ntext\n\n# Two\n")
    assert [(f.code, f.span.line) for f in report] == [("E-RULEBOOK-CHAPTER", 5)]


def test_links_to_chapter_files_and_headings_become_anchors_and_broken_ones_are_errors(tmp_path: Path) -> None:
    rules = tmp_path / "rulebook"
    rules.mkdir()
    (rules / "01-setup.md").write_text("# Setting Up\n\nSee [the council](02-the-council.md#dukes).\n", "utf-8")
    (rules / "02-the-council.md").write_text("# The Council\n\n## Dukes\n\nSee [nowhere](#dukse).\n", "utf-8")
    report = Report()
    chapters, links = read_chapters(rules, context(), AnchorBook(), report)
    check_links(chapters, links, report)
    assert [c.slug for c in chapters] == ["setup", "the-council"]
    assert '<a href="#dukes">the council</a>' in chapters[0].html
    (finding,) = list(report)
    assert finding.code == "E-RULEBOOK-BROKEN-LINK"
    assert (finding.path.name, finding.span.line, finding.span.col) == ("02-the-council.md", 5, 13)
    assert "did you mean '#dukes'?" in finding.message


def test_carddb_rulebook_reports_every_unknown_card_with_file_line_and_column(tmp_path: Path) -> None:
    rules = dict(FIXTURE_RULES)
    rules["01-first-steps.md"] = rules["01-first-steps.md"].replace("{card:test-duke}", "{card:test-dkue}")
    rules["02-the-council.md"] += "\nAnd {card:missing-card}.\n"
    project = write_fixture_project(tmp_path, rules)
    result = CliRunner().invoke(app, ["rulebook", "--project", str(project.root)])
    assert result.exit_code == 1
    out = result.output
    # "{card:test-lord} {card:test-dkue}" is line 5; the second marker starts after 16 + 1 characters
    assert "data/loe/rulebook/01-first-steps.md:5:18: E-RULEBOOK-UNKNOWN-CARD no card has the id 'test-dkue'" in out
    assert "did you mean 'test-duke'?" in out
    assert "data/loe/rulebook/02-the-council.md:11:5: E-RULEBOOK-UNKNOWN-CARD no card has the id 'missing-card'" in out
    assert not (project.root / "output" / "loe" / "rulebook.pdf").exists()


def test_a_project_that_keeps_its_prose_in_the_old_rules_folder_still_gets_its_chapters(tmp_path: Path) -> None:
    """data/<game>/rules/ was the prose folder's name before rulebook/: such a project is read, and told to rename."""
    rules = dict(FIXTURE_RULES)
    rules["01-first-steps.md"] = rules["01-first-steps.md"].replace("{card:test-duke}", "{card:test-dkue}")
    project = write_fixture_project(tmp_path, rules)
    data = project.root / "data" / "loe"
    (data / "rulebook").rename(data / "rules")
    result = CliRunner().invoke(app, ["rulebook", "--project", str(project.root)])
    out = result.output
    assert "W-RULEBOOK-FOLDER the rulebook's chapters are in data/loe/rules/, the folder's old name" in out
    # The chapters were read from there: a broken marker in one of them is found, at its place.
    assert "data/loe/rules/01-first-steps.md:5:18: E-RULEBOOK-UNKNOWN-CARD" in out
    assert "W-RULEBOOK-NO-PROSE" not in out


def test_pictures_of_the_prose_are_taken_from_the_game_folder_only(tmp_path: Path) -> None:
    rules = tmp_path / "data" / "loe" / "rulebook"
    (rules / "diagrams").mkdir(parents=True)
    (rules / "diagrams" / "table.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "secret.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    text = (
        "# Setting Up\n\n![The table](diagrams/table.png)\n\n"
        "![x](../../../secret.png) ![y](https://example.com/a.png)\n\n![z](diagrams/none.png)\n"
    )
    report = Report()
    ctx = context()
    chapter, _ = render_chapter(rules / "04-setup.md", text, "setup", ctx, AnchorBook(), report)
    assert chapter is not None
    assert '<img src="images/rulebook/diagrams/table.png" alt="The table" class="figure" />' in chapter.html
    assert ctx.images == {"rulebook/diagrams/table.png": rules / "diagrams" / "table.png"}
    # each problem points at the path inside the parentheses
    assert located(report) == [
        ("E-RULEBOOK-IMAGE", 5, 6, 6 + len("../../../secret.png")),
        ("E-RULEBOOK-IMAGE", 5, 32, 32 + len("https://example.com/a.png")),
        ("E-RULEBOOK-IMAGE", 7, 6, 6 + len("diagrams/none.png")),
    ]
    messages = [f.message for f in report]
    assert "outside data/loe/" in messages[0]
    assert "never fetches pictures from the network" in messages[1]
    assert "does not exist" in messages[2]


def numbers_and_tables() -> ProseContext:
    from carddb.packs.pack import GameTable

    ctx = context()
    ctx.numbers = {"hand-size": 7, "market-size": 5}
    ctx.tables = {
        "scoring": GameTable("scoring", "Points per card", ("card", "points"), (("Follower", "1"), ("Citadel", "3")))
    }
    return ctx


def render_with(text: str, ctx: ProseContext) -> tuple[str, Report]:
    report = Report()
    chapter, _ = render_chapter(Path("09-scoring.md"), text, "scoring", ctx, AnchorBook(), report)
    return (chapter.html if chapter else ""), report


def test_a_number_marker_prints_the_packs_value_in_digits_words_or_times() -> None:
    text = "# Hands\n\nKeep at most {number:hand-size} cards, {number:hand-size:word} in all; trade {number:trades:times}.\n"
    ctx = numbers_and_tables()
    ctx.numbers["trades"] = 1
    html, report = render_with(text, ctx)
    assert not len(report)
    # each number is tagged with its id, so the book can be checked against the pack
    span = '<span class="game-number" data-number="{}">{}</span>'
    assert f"Keep at most {span.format('hand-size', 7)} cards, {span.format('hand-size', 'seven')} in all" in html
    assert f"trade {span.format('trades', 'once')}." in html
    ctx.numbers["trades"] = 3
    assert f"trade {span.format('trades', 'three times')}." in render_with(text, ctx)[0]


def test_a_number_written_in_an_unknown_form_is_located() -> None:
    _, report = render_with("# Hands\n\nKeep {number:hand-size:roman} cards.\n", numbers_and_tables())
    assert located(report) == [("E-RULEBOOK-UNKNOWN-NUMBER", 3, 6, 6 + len("{number:hand-size:roman}"))]
    assert "'roman' is not a way to write a number (forms: digits, word, times)" in next(iter(report)).message


def test_a_table_marker_alone_in_its_paragraph_prints_the_packs_table() -> None:
    html, report = render_with("# Scoring\n\nAt the end:\n\n{table:scoring}\n", numbers_and_tables())
    assert not len(report)
    assert "<caption>Points per card</caption>" in html
    assert "<thead><tr><th>card</th><th>points</th></tr></thead>" in html
    assert "<tr><td>Follower</td><td>1</td></tr><tr><td>Citadel</td><td>3</td></tr>" in html
    assert "<p>{table" not in html


def test_unknown_numbers_and_tables_are_located_with_a_suggestion() -> None:
    text = "# Scoring\n\nHold {number:hand-limit} cards.\n\n{table:score}\n"
    _, report = render_with(text, numbers_and_tables())
    assert located(report) == [
        ("E-RULEBOOK-UNKNOWN-NUMBER", 3, 6, 6 + len("{number:hand-limit}")),
        ("E-RULEBOOK-UNKNOWN-TABLE", 5, 1, 1 + len("{table:score}")),
    ]
    messages = [f.message for f in report]
    assert "did you mean 'hand-size'?" in messages[0] and "did you mean 'scoring'?" in messages[1]


def test_contents_lists_sections_except_the_only_section_of_a_reference_chapter() -> None:
    written = Chapter("play", "Playing", "", [Heading(1, "Playing", "playing"), Heading(2, "Your Turn", "your-turn")])
    decks = Chapter(
        "decks",
        "Deck Building",
        "",
        [Heading(1, "Deck Building", "deck"), Heading(2, "Deck Lists", "lists")],
        generated=True,
    )
    glossary = Chapter(
        "glossary",
        "Glossary",
        "",
        [Heading(1, "Glossary", "glossary"), Heading(2, "Keywords", "kw"), Heading(2, "Effects", "fx")],
        generated=True,
    )
    titles = [entry.title for entry in table_of_contents([written, decks, glossary])]
    assert titles == ["Playing", "Your Turn", "Deck Building", "Glossary", "Keywords", "Effects"]
