"""What a declared phrase means: its core rules text (`means`) with one use's arguments written in.

A game's vocabulary may declare phrases of its own built from core parts: `Banish {target}` means
`Destroy {target}.`, `Arrival` means `When this card enters play`. A use of the phrase is expanded
into that text with its arguments in canonical form (`Banish target creature` -> `Destroy target
creature.`), which is parsed with the same language: the validator checks it, and the simulator
executes it (carddb.sim.declared_handlers), so a declared phrase needs no handler code.
"""

from __future__ import annotations

import re
from typing import Any

from carddb.rules.ast import Phrase
from carddb.rules.canonical import Renderer, _join
from carddb.rules.language import RulesLanguage
from carddb.rules.parser import parse_ability, parse_fragment
from carddb.rules.problems import Problem
from carddb.rules.registry import EffectEntry

# The rule a phrase's meaning is parsed as, by the phrase's role: whole sentences (an effect or a
# continuous effect, or the ability a keyword stands for), or one phrase of that role.
MEANS_RULES = {
    "effect": "start",
    "static": "start",
    "keyword": "start",
    "trigger": "trigger",
    "cost": "cost",
    "condition": "conditions",
    "condition-keyword": "conditions",
    "event": "event",
}

_SLOT = re.compile(r"\{([a-z_]+)\}")


def expanded(entry: EffectEntry, phrase: Phrase, language: RulesLanguage) -> str:
    """The entry's meaning with the phrase's arguments written in (as canonical text)."""
    renderer = Renderer(language)
    args = dict(phrase.args)

    def argument(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in args or not entry.has_param(name):
            return match.group()
        return _join(renderer.value(args[name], entry.param(name).type, None))

    return _SLOT.sub(argument, entry.means)


def parse_means(entry: EffectEntry, phrase: Phrase, language: RulesLanguage) -> Any:
    """The parsed meaning of one use of a declared phrase (an ability, or a phrase of its role), or a Problem."""
    rule = MEANS_RULES.get(entry.role)
    if rule is None:
        return Problem("E-RULES-SYNTAX", f"a {entry.role} has no meaning in rules text", 0, 1)
    text = expanded(entry, phrase, language)
    if rule == "start":
        return parse_ability(text, language)
    return parse_fragment(text, rule, language)
