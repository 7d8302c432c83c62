"""Jinja's sandbox with limits: every render has a time limit, and no expression builds a gigantic value.

Jinja's `SandboxedEnvironment` keeps a template away from Python's internals, but not from
the clock: two nested `{% for i in range(99999) %}` ran a site build past 90 s, and
`{{ 'x' * 10**10 }}` asks for ten gigabytes. Here:

- each `Template.render` has `RENDER_SECONDS` (or `$CARDDB_TEMPLATE_SECONDS`): every loop of a template is compiled to step
  through `__carddb_steps`, which looks at the clock every 256 items, and every call a
  template makes (a macro, a recursive loop, a function) looks at it too. Past the limit the
  render stops with `TemplateTimeLimit`, a `TemplateError` that names the template and line;
- `*` and `**` are checked before they run (a string or list longer than `MAX_LENGTH`, a
  power of more than `MAX_BITS` bits), and so are the widths of `%` and `str.format`
  formats and of the `center` and `indent` filters.

The limits are far above what carddb's templates need: the slowest render, LOE's spoiler
index, takes 30 ms; the longest string a template builds is a page of a few hundred kB.
"""

from __future__ import annotations

import math
import operator
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

RENDER_SECONDS = 20.0
MAX_LENGTH = 10_000_000  # characters or items a `*` may build
MAX_BITS = 1_000_000  # of a number a `**` may build (300,000 digits)
MAX_WIDTH = 100_000  # of a formatted field, a centred or indented text
STEPS = "__carddb_steps"


class TemplateTimeLimit(SecurityError):
    """A render ran past its time limit."""


_local = threading.local()


@contextmanager
def render_budget(seconds: float | None = None) -> Iterator[None]:
    """A deadline for the render(s) inside; a nested render (an include) keeps the outer one's."""
    if getattr(_local, "deadline", None) is not None:
        yield
        return
    _local.deadline = time.monotonic() + (seconds if seconds is not None else render_seconds())
    try:
        yield
    finally:
        _local.deadline = None


def render_seconds() -> float:
    """The time limit of a render: RENDER_SECONDS, unless the user's environment sets another."""
    try:
        return float(os.environ.get("CARDDB_TEMPLATE_SECONDS", RENDER_SECONDS))
    except ValueError:
        return RENDER_SECONDS


def _check_clock() -> None:
    deadline = getattr(_local, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        _local.deadline = None  # the error's own handling may render nothing more: no second stop
        raise TemplateTimeLimit(f"{_where()}the template ran longer than {render_seconds():g} s and was stopped")


def _where() -> str:
    """'path:line: ' of the innermost template frame running now, for the message."""
    frame: Any = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            return f"{template.filename or template.name}:{template.get_corresponding_lineno(frame.f_lineno)}: "
        frame = frame.f_back
    return ""


def _steps(iterable: Iterable[Any]) -> Iterator[Any]:
    for count, item in enumerate(iterable):
        if not count & 255:
            _check_clock()
        yield item


class _TimedTemplate(jinja2.Template):
    def render(self, *args: Any, **kwargs: Any) -> str:
        with render_budget():
            return super().render(*args, **kwargs)


def _too_long(value: Any, times: Any) -> bool:
    sized = isinstance(value, str | bytes | list | tuple)
    return sized and isinstance(times, int) and len(value) * times > MAX_LENGTH


def _checked_power(base: Any, exponent: Any) -> Any:
    whole = isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1
    if whole and exponent * math.log2(abs(base)) > MAX_BITS:
        raise SecurityError(f"{_where()}{base} ** {exponent} would be a number of more than {MAX_BITS:,} bits")
    return operator.pow(base, exponent)


_WIDTH = re.compile(r"%[-+ #0]*(\d+)|%[-+ #0]*\d*\.(\d+)|\{[^{}]*:[^{}]*?(\d+)")


def _check_widths(text: Any) -> None:
    if isinstance(text, str):
        for match in _WIDTH.finditer(text):
            width = next(int(group) for group in match.groups() if group is not None)
            if width > MAX_WIDTH:
                raise SecurityError(f"{_where()}a format width of {width:,} (carddb allows {MAX_WIDTH:,})")


class BoundedSandbox(SandboxedEnvironment):
    """The sandbox carddb renders every template in (see the module's docstring)."""

    template_class = _TimedTemplate
    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals[STEPS] = _steps
        for name in ("center", "indent"):
            self.filters[name] = _width_checked(self.filters[name])

    def call_binop(self, context: Any, operator_name: str, left: Any, right: Any) -> Any:
        _check_clock()
        if operator_name == "*":
            if _too_long(left, right) or _too_long(right, left):
                raise SecurityError(f"{_where()}'*' would build more than {MAX_LENGTH:,} characters or items")
            return left * right
        if operator_name == "**":
            return _checked_power(left, right)
        if operator_name == "%":
            _check_widths(left)
        return super().call_binop(context, operator_name, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        _check_clock()
        return super().call(__context, __obj, *args, **kwargs)

    def format_string(self, s: str, args: Any, kwargs: Any, format_func: Callable[..., Any] | None = None) -> str:
        _check_widths(s)
        return super().format_string(s, args, kwargs, format_func)

    def _generate(
        self, source: nodes.Template, name: str | None, filename: str | None, defer_init: bool = False
    ) -> str:
        # Every `{% for %}` steps through __carddb_steps, which looks at the clock (carddb.files.sandbox).
        for loop in source.find_all(nodes.For):
            loop.iter = nodes.Call(nodes.Name(STEPS, "load"), [loop.iter], [], None, None, lineno=loop.lineno)
        return super()._generate(source, name, filename, defer_init)


def _width_checked(function: Callable[..., Any]) -> Callable[..., Any]:
    def checked(value: Any, *args: Any, **kwargs: Any) -> Any:
        width = args[0] if args else kwargs.get("width")
        if isinstance(width, int) and width > MAX_WIDTH:
            raise SecurityError(f"{_where()}a width of {width:,} (carddb allows {MAX_WIDTH:,})")
        return function(value, *args, **kwargs)

    checked.__name__ = function.__name__
    return checked
