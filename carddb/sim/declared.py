"""The simulator's meaning of a declared vocabulary's words: nouns, adjectives, fixed phrases, zones.

A game whose rules text is declared (game.yaml's `vocabulary:`, or a pack using the same form) says
what its words mean in the vocabulary's `meanings` (a noun's kinds and subtype, a zone's role, an
adjective's core meaning). `declared_semantics` turns them into the `Semantics` a simulator gives
its selectors, so a pack simulating such a game writes none of it.
"""

from __future__ import annotations

from carddb.rules.language import Vocabulary
from carddb.sim.broad_state import mark
from carddb.sim.game import Game
from carddb.sim.program import Ctx
from carddb.sim.selectors import FixedCards, Pred, Semantics


def declared_semantics(vocabulary: Vocabulary) -> Semantics:
    kinds: set[str] = set()
    subtypes: set[str] = set()
    groups: dict[str, frozenset[str]] = {}
    noun_tests: dict[str, Pred] = {}
    zones: dict[str, str] = {}
    adjectives: dict[str, Pred] = {}
    state: dict[str, tuple[str, bool]] = {}
    for key, meaning in vocabulary.meanings:
        kind, _, word = key.partition(":")
        if kind == "noun":
            parts = dict(p.split("=", 1) for p in meaning.split() if "=" in p)
            named = frozenset(k for k in parts.get("kinds", "").split(",") if k)
            if named == {word}:
                kinds.add(word)
            elif named:
                groups[word] = named
            if "subtype" in parts:
                subtype = parts["subtype"]
                if not named:
                    subtypes.add(word)
                noun_tests[word] = _subtype(subtype)
        elif kind == "zone":
            zones[word] = meaning
        elif kind == "adjective":
            if meaning in STATE_ADJECTIVES:
                state[word] = STATE_ADJECTIVES[meaning]
            else:
                test = _adjective(meaning)
                if test is not None:
                    adjectives[word] = test
    for word in vocabulary.adjectives:  # a word with no core meaning is checked text only: it restricts nothing
        if word.lower() not in state and word.lower() not in adjectives:
            adjectives[word.lower()] = lambda g, x, c: True
    fixed: dict[str, FixedCards] = {"them": _it, "the-rest": _rest}
    postfixes = {pid: (lambda post: lambda g, x, c: True) for pid, _ in vocabulary.postfixes}
    return Semantics(
        kinds=frozenset(kinds),
        subtypes=frozenset(subtypes),
        groups=groups,
        fixed=fixed,
        state_adjectives=state,
        adjectives=adjectives,
        postfixes=postfixes,
        noun_tests=noun_tests,
        zones=zones,
    )


# Core adjective meanings that read a mark of the state: (the Game array, the truth wanted).
STATE_ADJECTIVES = {
    "exhausted": ("used", True),
    "ready": ("used", False),
    "damaged": ("damage", True),
    "undamaged": ("damage", False),
    "face-down": ("face_down", True),
    "face-up": ("face_down", False),
}


def _subtype(subtype: str) -> Pred:
    return lambda g, x, c: g.defs[x].subtype == subtype


def _adjective(meaning: str) -> Pred | None:
    if meaning == "friendly":
        return lambda g, x, c: g.controller[x] == c.controller
    if meaning == "enemy":
        return lambda g, x, c: g.controller[x] != c.controller
    if meaning == "other":
        return lambda g, x, c: x != c.source
    if meaning == "token":
        return lambda g, x, c: g.defs[x].kind == "token"
    if meaning in {"attacking", "defending"}:
        return lambda g, x, c: bool(mark(g, meaning)[x])
    if meaning == "random":
        return lambda g, x, c: True  # chosen at random: the selector's choice (a bot's)
    if meaning.startswith("status="):
        name = f"status:{meaning.removeprefix('status=')}"
        return lambda g, x, c: bool(mark(g, name)[x])
    return None


def _it(game: Game, ctx: Ctx) -> list[int]:
    from carddb.sim.selector_compiler import it_cards

    return it_cards(game, ctx)


def _rest(game: Game, ctx: Ctx) -> list[int]:
    """`the rest`: the cards looked at that were not moved since (still where they were)."""
    looked = (ctx.notes or {}).get("looked", [])
    place = (ctx.notes or {}).get("looked_place")
    return [uid for uid in looked if game.place[uid] == place]
