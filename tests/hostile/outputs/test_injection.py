"""Markup in card names, flavour, set, deck and booster names and the rules prose is shown as text, never run.

One LOE project carries every payload of `hostile_out_tools.PAYLOADS` (a card per payload, in its
name and flavour; some in the set, deck and booster names; all in a chapter of rules prose) and is
built once with `carddb build`. Each surface a reader opens is checked per payload: the spoiler
site's card page and gallery, the HTML rulebook (no element or attribute through which the payload
would act: no script, handler, `javascript:` URL, frame, stylesheet or refresh), the card's PDF and
the rulebook PDF (the payload is printed as its own text). Files outside the project (the canary)
never reach an output, and no request reaches the network.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hostile_out_tools import (
    PAYLOADS,
    Canary,
    card_id,
    live_markup,
    marker,
    payload,
    pdf_text,
    squeeze,
    token_leaks,
    visible_text,
)

Built = tuple[Path, dict[str, object]]


def _canary(record: dict[str, object]) -> Canary:
    return Canary(Path(str(record["canary"])), str(record["token"]), int(str(record["port"])))


def _game(built: Built) -> Path:
    return built[0] / "output" / "loe"


def test_the_hostile_project_builds_without_a_traceback(injection_build: Built) -> None:
    _, record = injection_build
    output = str(record["output"])
    assert "Traceback" not in output
    # Payload names are long: each one wider than its title bar is reported (and the build fails, having
    # written everything); no other error.
    assert set(re.findall(r"\bE-[A-Z-]+\b", output)) == {"E-NAME-OVERFLOW"}, output[-3000:]
    assert record["exit_code"] == 1, output[-3000:]


@pytest.mark.parametrize("name", PAYLOADS)
def test_site_card_page_shows_the_payload_as_text(injection_build: Built, name: str) -> None:
    page = (_game(injection_build) / "site" / "cards" / f"{card_id(name)}.html").read_text(encoding="utf-8")
    assert live_markup(page, marker(name)) == []
    assert squeeze(payload(name, _canary(injection_build[1]))) in visible_text(page)


@pytest.mark.parametrize("name", PAYLOADS)
def test_site_gallery_and_statistics_never_run_the_payload(injection_build: Built, name: str) -> None:
    site = _game(injection_build) / "site"
    for page in ("index.html", "stats.html"):
        assert live_markup((site / page).read_text(encoding="utf-8"), marker(name)) == [], page


@pytest.mark.parametrize("name", PAYLOADS)
def test_html_rulebook_never_runs_the_payload(injection_build: Built, name: str) -> None:
    book = (_game(injection_build) / "rulebook.html").read_text(encoding="utf-8")
    assert live_markup(book, marker(name)) == []
    # The prose paragraph and its heading both reach the reader as text.
    assert visible_text(book).count(marker(name)) >= 2


@pytest.mark.parametrize("name", PAYLOADS)
def test_card_pdf_prints_the_payload_as_text(injection_build: Built, name: str) -> None:
    text = pdf_text(_game(injection_build) / "cards" / f"{card_id(name)}.pdf")
    shown = squeeze(payload(name, _canary(injection_build[1]))).replace("-", "")
    # The name line is fitted and the flavour wrapped (pdftotext drops a hyphen at a line's end),
    # but the whole payload is printed at least once.
    assert shown in squeeze(text).replace("-", "")


@pytest.mark.parametrize("name", PAYLOADS)
def test_rulebook_pdf_prints_the_prose_payload_as_text(injection_build: Built, name: str) -> None:
    text = squeeze(pdf_text(_game(injection_build) / "rulebook.pdf"))
    assert text.count(marker(name)) >= 2  # the heading and the paragraph


def test_play_lists_show_deck_and_booster_names_as_text(injection_build: Built) -> None:
    play = _game(injection_build) / "play"
    texts = squeeze(" ".join(pdf_text(p) for p in sorted(play.rglob("*.pdf"))))
    assert "Booster<svgonload=" in texts
    for page in sorted(play.rglob("*.html")):
        assert live_markup(page.read_text(encoding="utf-8"), "P11") == [], page


def test_no_file_outside_the_project_reaches_an_output(injection_build: Built) -> None:
    project, record = injection_build
    assert token_leaks(project / "output", str(record["token"])) == []


def test_no_request_reaches_the_network(injection_build: Built) -> None:
    assert injection_build[1]["hits"] == []
