"""Shared machinery of the hostile-output corpus: payloads, canaries, HTML and PDF checks, one build per run.

A *canary* is a folder outside the project holding files whose content is a random token
(text, a stylesheet, an SVG picture, a PNG): payloads point at them with `file:` URLs and at
a local HTTP server that counts requests. If carddb ever read one of those files into an
output, or fetched anything from the network, the token would appear in an output or the
server would count a request; both are checked after every build of the corpus.
"""

from __future__ import annotations

import fcntl
import html.parser
import json
import re
import secrets
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import yaml
from PIL import Image

# ---------------------------------------------------------------- canaries


@dataclass(frozen=True)
class Canary:
    folder: Path
    token: str
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def write_canary(folder: Path, port: int) -> Canary:
    """Files outside any project whose content is a token that must never reach an output."""
    token = f"CANARY{secrets.token_hex(8).upper()}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "secret.txt").write_text(f"{token}\n", encoding="utf-8")
    (folder / "secret.css").write_text(f'body::before {{ content: "{token}"; }}\n', encoding="utf-8")
    (folder / "secret.html").write_text(f"<p>{token}</p>\n", encoding="utf-8")
    (folder / "secret.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="5" y="30">{token}</text></svg>\n',
        encoding="utf-8",
    )
    Image.new("RGB", (8, 8), (0, 255, 0)).save(folder / "secret.png")
    return Canary(folder.resolve(), token, port)


class _CountingHandler(BaseHTTPRequestHandler):
    hits: list[str]

    def do_GET(self) -> None:
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(b"CANARY-NETWORK")

    def log_message(self, format: str, *args: object) -> None:
        return


@contextmanager
def counting_server() -> Iterator[tuple[int, list[str]]]:
    """A server on 127.0.0.1 that records every request path; yields (port, hits)."""
    hits: list[str] = []
    handler = type("Handler", (_CountingHandler,), {"hits": hits})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], hits
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------- payloads

# Each payload carries its marker (P01...) wherever it would act if it were markup, so a
# check can tell a live element of the payload from the payload shown as text.
PAYLOADS: dict[str, str] = {
    "script": "<script>window.P01=1</script>",
    "img-onerror": '<img src=x onerror="window.P02=1">',
    "javascript-link": '<a href="javascript:window.P03=1">click P03</a>',
    "iframe-network": '<iframe src="{url}/P04"></iframe>',
    "link-stylesheet-file": '<link rel="stylesheet" href="file://{canary}/secret.css?P05">',
    "css-url-file": '<div style="background:url(file://{canary}/secret.png?P06)">P06</div>',
    "css-url-network": '<span style="background-image:url({url}/P07)">P07</span>',
    "img-file-passwd": '<img src="file:///etc/passwd?P08">',
    "img-file-canary": '<img src="file://{canary}/secret.svg?P09">',
    "object-file": '<object data="file://{canary}/secret.html?P10"></object>',
    "svg-onload": '<svg onload="window.P11=1"><circle r="5"/></svg>',
    "meta-refresh": '<meta http-equiv="refresh" content="0;url={url}/P12">',
    "attribute-breakout-double": '"><script>window.P13=1</script>',
    "attribute-breakout-single": "'><img src=x onerror=window.P14=1>",
    "script-close": "</script><script>window.P15=1</script>",
    "style-import": "<style>@import url({url}/P16);</style>",
    "base-href": '<base href="{url}/P17/">',
    "embed-file": '<embed src="file://{canary}/secret.svg?P18">',
    "form-action": '<form action="{url}/P19"><button>P19</button></form>',
    "mutation-xss": "<math><mtext><table><mglyph><style><img src=x onerror=window.P20=1>",
    "svg-use-network": '<svg><use href="{url}/P21#x"/></svg>',
    "iframe-srcdoc": '<iframe srcdoc="&lt;script&gt;window.P22=1&lt;/script&gt;"></iframe>',
    "pre-escaped": "&lt;script&gt;window.P23=1&lt;/script&gt;",
    "template-braces": "{{{{ 7*7 }}}} {{% raw %}} P24",
    "css-expression": '<p style="width:expression(window.P25=1)">P25</p>',
}


def payload(name: str, canary: Canary) -> str:
    return PAYLOADS[name].format(canary=canary.folder.as_posix(), url=canary.url)


def marker(name: str) -> str:
    return re.search(r"P\d\d", PAYLOADS[name]).group(0)  # type: ignore[union-attr]


# A card of the injection project per payload (tests/hostile/outputs/conftest.py builds it).


def hostile_card(number: int, name: str, text: str) -> dict[str, object]:
    return {
        "id": f"hostile-{number:02d}",
        "name": text,
        "kind": "resource",
        "subtype": "subject",
        "province": "ashmarch",
        "set": "STRT",
        "number": 100 + number,
        "rarity": "common",
        "text": "Tribute 1",
        "flavor": text,
    }


def card_id(name: str) -> str:
    return f"hostile-{list(PAYLOADS).index(name) + 1:02d}"


# ---------------------------------------------------------------- HTML checks

# Attributes a browser acts on (loads, navigates to, runs): the payload's marker must never end up in one.
ACTING_ATTRIBUTES = {
    "src",
    "href",
    "action",
    "formaction",
    "data",
    "srcdoc",
    "style",
    "content",
    "background",
    "poster",
    "xlink:href",
    "http-equiv",
}
# Elements only a payload would create next to a card's text.
FOREIGN_ELEMENTS = {"iframe", "object", "embed", "base", "meta", "link", "form", "frame", "frameset", "math", "svg"}


class _LiveMarkup(html.parser.HTMLParser):
    def __init__(self, mark: str) -> None:
        super().__init__(convert_charrefs=True)
        self.mark = mark
        self.found: list[str] = []
        self._raw: str | None = None  # inside <script> or <style>: their text is code
        self._raw_type = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            value = value or ""
            if (
                (name.startswith("on") and self.mark in value)
                or (
                    name in ACTING_ATTRIBUTES
                    and (self.mark in value or value.strip().lower().startswith("javascript:"))
                )
                or (tag in FOREIGN_ELEMENTS and self.mark in value)
            ):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag in {"script", "style"}:
            self._raw, self._raw_type = "", dict(attrs).get("type") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"} and self._raw is not None:
            code, self._raw = self._raw, None
            if self._raw_type == "application/json":
                try:
                    json.loads(code)
                except ValueError:
                    self.found.append(f"<script type=application/json> broken by the data: {code[:80]!r}")
            elif self.mark in code:
                self.found.append(f"<{tag}>{code[:80]}")

    def handle_data(self, data: str) -> None:
        if self._raw is not None:
            self._raw += data


def live_markup(document: str, mark: str) -> list[str]:
    """Elements or attributes of `document` through which the payload marked `mark` would act."""
    parser = _LiveMarkup(mark)
    parser.feed(document)
    parser.close()
    return parser.found


def visible_text(document: str) -> str:
    """The text a reader sees (scripts and styles left out), whitespace removed."""

    class Text(html.parser.HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []
            self.skip = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.skip += tag in {"script", "style"}

        def handle_endtag(self, tag: str) -> None:
            self.skip -= tag in {"script", "style"} and self.skip > 0

        def handle_data(self, data: str) -> None:
            if not self.skip:
                self.parts.append(data)

    parser = Text()
    parser.feed(document)
    return squeeze("".join(parser.parts))


def squeeze(text: str) -> str:
    """Text without whitespace and soft hyphens: PDF extraction and fitting break lines anywhere."""
    return re.sub(r"[\s\u00ad]+", "", text)


def pdf_text(path: Path) -> str:
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True)
    return done.stdout


# ---------------------------------------------------------------- escapes


def token_leaks(root: Path, token: str) -> list[str]:
    """Files under `root` whose bytes, or whose PDF text, contain the canary token."""
    leaks = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        if token.encode() in path.read_bytes():
            leaks.append(str(path.relative_to(root)))
        elif path.suffix == ".pdf" and token in pdf_text(path):
            leaks.append(f"{path.relative_to(root)} (text)")
    return leaks


# ---------------------------------------------------------------- running carddb


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    @property
    def traceback(self) -> bool:
        return "Traceback (most recent call last)" in self.output


def carddb(*args: str, cwd: Path | None = None, timeout: float = 300) -> Run:
    """The installed CLI as its own process (the real boundary: exit code, streams, no traceback)."""
    done = subprocess.run(
        [sys.executable, "-m", "carddb", *args], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )
    return Run(done.returncode, done.stdout, done.stderr)


LOCATED = re.compile(r"^(?P<path>[^\s:]+):(?P<line>\d+):(?P<col>\d+): (?P<code>[EW]-[A-Z0-9-]+) ", re.M)


def located(output: str, code: str) -> list[re.Match[str]]:
    """The findings of `code` in a run's output that name a file, a line and a column."""
    return [m for m in LOCATED.finditer(output) if m.group("code") == code]


# ---------------------------------------------------------------- one build per run


def built_once(shared: Path, name: str, make: Callable[[Path], dict[str, object]]) -> tuple[Path, dict[str, object]]:
    """`make(folder)` run once per test run, even across pytest-xdist workers; returns (folder, its record).

    The first worker to take the lock builds; the others wait for it and read the record
    (`make`'s return value, saved as JSON beside the folder).
    """
    shared.mkdir(parents=True, exist_ok=True)
    folder, record = shared / name, shared / f"{name}.json"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not record.is_file():
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir()
            record.write_text(json.dumps(make(folder)), encoding="utf-8")
    return folder, json.loads(record.read_text(encoding="utf-8"))


def shared_root(tmp_path_factory: object) -> Path:
    """A folder all xdist workers of this run share (the parent of each worker's base temp)."""
    base: Path = tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    return (base.parent if base.name.startswith("popen-gw") else base) / "hostile-out-shared"


# ---------------------------------------------------------------- starter projects

REPO = Path(__file__).resolve().parents[3]


def new_project(root: Path, game: str | None) -> Path:
    """`carddb new` for a pack (or, with None, a game of the project's own game.yaml: the base templates)."""
    if game == "soulfall":  # no starter project: the repository's own SoulFall data is the project
        shutil.copytree(REPO / "data" / game, root / "data" / game, ignore=shutil.ignore_patterns("output"))
        (root / "carddb.yaml").write_text(f"game: {game}\n", encoding="utf-8")
        return root
    run = carddb("new", str(root), *(["--game", game] if game else []))
    assert run.exit_code == 0, run.output
    return root


def game_dir(project: Path) -> Path:
    return next(p for p in (project / "data").iterdir() if p.is_dir())


def first_card(project: Path) -> tuple[Path, list[dict[str, object]], dict[str, object]]:
    """The first card file of a project, its cards and the first card with a name (to edit)."""
    for path in sorted((game_dir(project) / "cards").glob("*.yaml")):
        cards = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(cards, dict):
            cards = [cards]
        for card in cards:
            if isinstance(card, dict) and "name" in card:
                return path, cards, card
    raise AssertionError(f"no card in {project}")
