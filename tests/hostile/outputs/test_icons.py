"""Icon SVGs of a game.yaml game are only pictures: anything that could run or load is refused (issue 29, finding 5).

Before the fix, a `<script>` or an `onload` in data/<game>/icons/*.svg was copied verbatim into the
spoiler site and the HTML rulebook, where it ran when the icon was opened (under `carddb serve`, at
the preview's own address). Each payload below is the starter game's only icon: `carddb validate`
must refuse it with E-ICON-UNSAFE at the line and column of what makes it unsafe, and `carddb
site` must write no icon. Headless Chromium shows that the script payloads are real: opened as
they are, they run (so refusing them is what keeps them from running).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.projects import PNG, run_cli

SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
XHTML = "http://www.w3.org/1999/xhtml"

# name -> (the SVG, (line, column) of the refusal, the window property the payload sets if it runs, or "")
PAYLOADS: dict[str, tuple[str, tuple[int, int], str]] = {
    "script": (f"{SVG_OPEN}\n  <circle r='4'/>\n  <script>window.I1=1</script>\n</svg>\n", (3, 3), "I1"),
    "onload": (
        '<svg xmlns="http://www.w3.org/2000/svg"\n     onload="window.I2=1">\n  <rect/>\n</svg>\n',
        (1, 1),
        "I2",
    ),
    "xhtml-script": (
        f"{SVG_OPEN}\n  <h:script xmlns:h='{XHTML}'>window.I3=1</h:script>\n</svg>\n",
        (2, 3),
        "I3",
    ),
    "animation-onbegin": (
        f"{SVG_OPEN}\n  <rect width='5' height='5'>\n    <animate attributeName='x' from='0' to='5' dur='0.01s'"
        " onbegin='window.I4=1'/>\n  </rect>\n</svg>\n",
        (3, 5),
        "I4",
    ),
    "foreign-object-iframe": (
        f"{SVG_OPEN}\n  <foreignObject width='10' height='10'>\n    <iframe xmlns='{XHTML}'"
        " srcdoc='&lt;script&gt;parent.I5=1&lt;/script&gt;'/>\n  </foreignObject>\n</svg>\n",
        (2, 3),
        "",
    ),
    "image-onerror": (f"{SVG_OPEN}\n  <image href='#none' onerror='window.I6=1'/>\n</svg>\n", (2, 3), ""),
    "link-javascript": (f"{SVG_OPEN}\n  <a href='javascript:window.I7=1'><rect/></a>\n</svg>\n", (2, 3), ""),
    "entity-encoded-javascript": (
        f"{SVG_OPEN}\n  <a xlink:href='&#106;ava&#x73;cript:window.I8=1'><rect/></a>\n</svg>\n",
        (2, 3),
        "",
    ),
    "set-href": (
        f"{SVG_OPEN}\n  <a><set attributeName='href' to='javascript:window.I9=1'/><rect/></a>\n</svg>\n",
        (2, 3),
        "",
    ),
    "use-network": (f"{SVG_OPEN}\n  <use href='http://127.0.0.1:9/x.svg#a'/>\n</svg>\n", (2, 3), ""),
    "use-other-file": (f"{SVG_OPEN}\n  <use xlink:href='../../../secret.svg#a'/>\n</svg>\n", (2, 3), ""),
    "image-file": (f"{SVG_OPEN}\n  <image href='file:///etc/passwd'/>\n</svg>\n", (2, 3), ""),
    "image-svg-data": (
        f"{SVG_OPEN}\n  <image href='data:image/svg+xml;base64,PHN2Zy8+'/>\n</svg>\n",
        (2, 3),
        "",
    ),
    "style-import": (f"{SVG_OPEN}\n  <style>@import url(http://127.0.0.1:9/x.css);</style>\n</svg>\n", (2, 3), ""),
    "style-attribute-url": (
        f"{SVG_OPEN}\n  <rect style='fill: url(http://127.0.0.1:9/p.svg#g)'/>\n</svg>\n",
        (2, 3),
        "",
    ),
    "fill-url-file": (f"{SVG_OPEN}\n  <rect fill='url(file:///etc/passwd#g)'/>\n</svg>\n", (2, 3), ""),
    "doctype-entity": (
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>\n',
        (1, 15),  # where expat reads the DOCTYPE's name
        "",
    ),
    "billion-laughs": (
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>\n',
        (1, 15),
        "",
    ),
    "xml-stylesheet": (
        '<?xml-stylesheet href="http://127.0.0.1:9/x.css"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n',
        (1, 1),
        "",
    ),
    "not-svg-root": ('<html xmlns="http://www.w3.org/1999/xhtml"><body onload="x()"/></html>\n', (1, 1), ""),
    "not-well-formed": (f"{SVG_OPEN}\n  <rect>\n</svg>\n", (3, 3), ""),
}

SAFE_INKSCAPE = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
     xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#"
     viewBox="0 0 10 10" sodipodi:docname="energy.svg" inkscape:version="1.3">
  <sodipodi:namedview id="view" pagecolor="#ffffff" inkscape:zoom="8"/>
  <metadata><rdf:RDF><cc:Work rdf:about=""><cc:license rdf:resource="http://creativecommons.org/licenses/by/4.0/"/></cc:Work></rdf:RDF></metadata>
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="#fc0"/><stop offset="1" stop-color="#f60"/></linearGradient>
    <style>.bolt {{ fill: url(#g); stroke: #000; }}</style>
  </defs>
  <path class="bolt" d="M6 0 L2 6 H5 L4 10 L8 4 H5 Z" style="fill:url(&quot;#g&quot;)"/>
  <use xlink:href="#g"/>
  <image width="2" height="2" href="data:image/png;base64,{base64.b64encode(PNG).decode()}"/>
</svg>
"""


def _starter(root: Path, icon: str) -> Path:
    done = run_cli("new", str(root))
    assert done.exit_code == 0, done.stdout + done.stderr
    (root / "data" / root.name / "icons" / "energy.svg").write_text(icon, encoding="utf-8")
    return root


@pytest.mark.parametrize("name", PAYLOADS)
def test_an_unsafe_icon_is_refused_at_its_place_and_never_copied(tmp_path: Path, name: str) -> None:
    icon, (line, col), _ = PAYLOADS[name]
    project = _starter(tmp_path / "game", icon)
    done = run_cli("validate", "--project", str(project))
    output = done.stdout + done.stderr
    assert done.exit_code == 1 and not done.crashed, output
    # Problems of the game's own files stop the pack from loading: printed with the file's full path.
    found = re.findall(rf"^(?:carddb: )?{re.escape(str(project))}/(\S+):(\d+):(\d+): E-ICON-UNSAFE ", output, re.M)
    assert ("data/game/icons/energy.svg", str(line), str(col)) in found, output
    site = run_cli("site", "--project", str(project))
    assert site.exit_code == 1 and not site.crashed
    assert not list((project / "output").rglob("*.svg")) if (project / "output").exists() else True


def test_a_drawing_program_s_icon_is_accepted_and_copied_as_it_is(tmp_path: Path) -> None:
    project = _starter(tmp_path / "game", SAFE_INKSCAPE)
    done = run_cli("validate", "--project", str(project))
    assert done.exit_code == 0, done.stdout + done.stderr
    site = run_cli("site", "--project", str(project))
    assert site.exit_code == 0, site.stdout + site.stderr
    copied = project / "output" / "game" / "site" / "icons" / "energy.svg"
    assert copied.read_text(encoding="utf-8") == SAFE_INKSCAPE


def test_an_icon_linked_out_of_the_project_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.svg"
    outside.write_text('<svg xmlns="http://www.w3.org/2000/svg"><text>private</text></svg>\n', encoding="utf-8")
    project = _starter(tmp_path / "game", "")
    icon = project / "data" / "game" / "icons" / "energy.svg"
    icon.unlink()
    icon.symlink_to(outside)
    done = run_cli("validate", "--project", str(project))
    assert done.exit_code == 1
    assert "E-ICON-UNSAFE icon energy.svg is a symbolic link to" in done.stdout + done.stderr


# ---------------------------------------------------------------- the payloads are live in a browser

CHROMIUM = "/usr/bin/chromium"
LIVE = [name for name, (_, _, mark) in PAYLOADS.items() if mark]


@pytest.fixture(scope="module")
def page() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"], headless=True
        )
        try:
            yield browser.new_page()
        finally:
            browser.close()


@pytest.mark.browser
@pytest.mark.parametrize("name", LIVE)
def test_the_script_payloads_run_when_opened_so_refusing_them_matters(page: object, tmp_path: Path, name: str) -> None:
    icon, _, mark = PAYLOADS[name]
    path = tmp_path / f"{name}.svg"
    path.write_text(icon, encoding="utf-8")
    page.goto(path.as_uri())  # type: ignore[attr-defined]
    page.wait_for_function(f"() => window.{mark} === 1", timeout=5000)  # type: ignore[attr-defined]


@pytest.mark.browser
def test_the_accepted_icon_runs_nothing_in_a_browser(page: object, tmp_path: Path) -> None:
    path = tmp_path / "energy.svg"
    path.write_text(SAFE_INKSCAPE, encoding="utf-8")
    page.goto(path.as_uri())  # type: ignore[attr-defined]
    assert page.evaluate("() => document.scripts.length") == 0  # type: ignore[attr-defined]
    assert page.evaluate("() => document.documentElement.localName") == "svg"  # type: ignore[attr-defined]
