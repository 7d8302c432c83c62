"""A project's own templates cannot reach Python, so they cannot read or run anything outside the project.

Templates are part of a shared project. Before jinja's sandbox, a card template override with
`{{ cycler.__init__.__globals__.os.popen('cat ~/.ssh/id_rsa').read() }}` printed the file on the
card. Every stage that loads a project's templates (card faces, rulebook, spoiler site, play-mode
lists) gets its environment from one factory, `carddb.files.templating.sandboxed_environment`
(checked by reading the code); the factory is checked with the classic server-side template
injections, in each configuration the stages use; and end to end, a `carddb print` of a project
overriding `base/card.html` reports the attempt as a located `E-TEMPLATE` error instead of
printing the secret.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest
from hostile_out_tools import carddb, located, new_project, token_leaks, write_canary
from jinja2.exceptions import UndefinedError
from jinja2.sandbox import SecurityError

from carddb.files.templating import BUNDLED_TEMPLATES, sandboxed_environment

INJECTIONS = {
    "cycler-globals-os": "{{ cycler.__init__.__globals__.os.popen('cat SECRET').read() }}",
    "joiner-builtins-open": "{{ joiner.__init__.__globals__.__builtins__.open('SECRET').read() }}",
    "namespace-environ": "{{ namespace.__init__.__globals__.os.environ }}",
    "lipsum-globals": "{{ lipsum.__globals__['os'].popen('id').read() }}",
    "str-subclasses": "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "list-subclasses-loop": "{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}",
    "attr-filter": "{{ (cycler|attr('__init__')|attr('__globals__'))['os'] }}",
    "item-syntax": "{{ ''['__class__']['__base__'] }}",
    "template-reference": "{{ self._TemplateReference__context }}",
    "format-string": "{{ '{0.__class__.__base__}'.format('') }}",
}

ROOT = Path(__file__).resolve().parents[3]
# The configurations the stages ask the factory for (faces and site trim blocks, the play lists do
# not, the rulebook escapes HTML templates only).
ENVIRONMENTS = {
    "faces": lambda root: sandboxed_environment([root, BUNDLED_TEMPLATES], "faces"),
    "rulebook": lambda root: sandboxed_environment(
        [root], "rulebook", autoescape=jinja2.select_autoescape(["html"], default_for_string=True)
    ),
    "site": lambda root: sandboxed_environment([root], "site"),
    "play": lambda root: sandboxed_environment([root], "play", trim=False),
}


def test_every_template_environment_comes_from_the_sandboxed_factory() -> None:
    """No module builds a Jinja environment of its own: only the factory calls a constructor."""
    constructors = re.compile(r"\b(SandboxedEnvironment|jinja2\.Environment|Environment)\(")
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "carddb").rglob("*.py"))
        if constructors.search(path.read_text(encoding="utf-8"))
    ]
    assert found == ["carddb/files/templating.py"]
    users = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "carddb").rglob("*.py"))
        if "sandboxed_environment(" in path.read_text(encoding="utf-8")
    ]
    for stage in ("render/faces/templates.py", "rulebook/document.py", "site/spoiler.py", "play/lists.py"):
        assert f"carddb/{stage}" in users, stage


@pytest.mark.parametrize("environment", ENVIRONMENTS)
@pytest.mark.parametrize("injection", INJECTIONS)
def test_template_injection_is_refused_by_the_sandbox(tmp_path: Path, environment: str, injection: str) -> None:
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("CANARY-SANDBOX\n", encoding="utf-8")
    env = ENVIRONMENTS[environment](tmp_path / "templates")
    template = env.from_string(INJECTIONS[injection].replace("SECRET", str(secret)))
    # The sandbox refuses the unsafe attribute (SecurityError), or hides it (then StrictUndefined stops the render).
    with pytest.raises((SecurityError, UndefinedError)):
        template.render(card=SimpleNamespace(name="x"))


def test_plain_templates_still_render_in_the_sandbox(tmp_path: Path) -> None:
    env = ENVIRONMENTS["faces"](tmp_path)
    rendered = env.from_string(
        "{{ card.name | upper }} {% set xs = [] %}{{ xs.append(1) or xs }} {{ 'a,b'.split(',') }}"
    )
    assert rendered.render(card={"name": "<b>x</b>"}) == "&lt;B&gt;X&lt;/B&gt; [1] [&#39;a&#39;, &#39;b&#39;]"
    assert isinstance(env, jinja2.Environment)


def test_card_template_override_cannot_read_outside_the_project(tmp_path: Path) -> None:
    project = new_project(tmp_path / "project", "loe")
    canary = write_canary(tmp_path / "canary", port=9)
    bundled = (BUNDLED_TEMPLATES / "base" / "card.html").read_text(encoding="utf-8")
    hostile = bundled.replace(
        '<div class="frame-edge"></div>',
        '<div class="frame-edge">{{ cycler.__init__.__globals__.os.popen(\'cat '
        + str(canary.folder / "secret.txt")
        + "').read() }}</div>",
    )
    assert hostile != bundled
    override = project / "templates" / "base" / "card.html"
    override.parent.mkdir(parents=True)
    override.write_text(hostile, encoding="utf-8")
    run = carddb("print", "--jobs", "1", "--project", str(project))
    assert not run.traceback, run.output
    assert run.exit_code == 1
    errors = located(run.output, "E-TEMPLATE")
    assert errors and errors[0].group("path") == "templates/base/card.html"
    assert (
        int(errors[0].group("line"))
        == hostile.splitlines().index(next(line for line in hostile.splitlines() if "cycler" in line)) + 1
    )
    assert "unsafe" in run.output
    assert token_leaks(project / "output", canary.token) == []
