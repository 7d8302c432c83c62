"""A draft format in words: the pick sheets and the rulebook say each phase with the same sentences.

The words come from the format itself (phase, pool and booster names) and the
game pack (kind labels); counts are handed to `write`, so the rulebook can tag a
count read from a game number and a pick sheet can print it plain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from carddb.packs.pack import GamePack
from carddb.play.boosters import BoosterPlan
from carddb.play.draftformat import Count, PhasePlan, PoolPlan

WriteCount = Callable[[Count], str]
WriteText = Callable[[str], str]

DIRECTION = {"left": "to the left", "right": "to the right"}


def direction(phase: PhasePlan) -> str:
    if phase.passing != "alternate":
        return DIRECTION[phase.passing]
    every = "booster" if phase.open == "as-needed" else "round"
    return f"to the left, and to the right in every second {every}"


def plain_count(count: Count) -> str:
    return str(count.value)


def _same(text: str) -> str:
    return text


def _cards(count: Count, write: WriteCount, noun: str = "card") -> str:
    return f"{write(count)} {noun}{'' if count.value == 1 else 's'}"


def pool_sentence(pack: GamePack, pool: PoolPlan, write: WriteCount, text: WriteText = _same) -> str:
    """LOE: 'A council holds exactly 1 Lord and up to 4 Dukes, each card once.' (empty for a pool without rules)."""
    parts = []
    for holding in pool.holdings:
        kind = pack.kind(holding.kind) if holding.kind in pack.kind_ids else None
        label, plural = (kind.label, kind.plural) if kind else (holding.kind, holding.kind)
        most, least = holding.most, holding.least
        top = most.value if most is not None else least.value
        noun = text(label if top == 1 else plural)
        if most is not None and most.value == least.value:
            parts.append(f"exactly {write(most)} {noun}")
        elif most is not None and least.value:
            parts.append(f"{write(least)} to {write(most)} {text(plural)}")
        elif most is not None:
            parts.append(f"up to {write(most)} {noun}")
        elif least.value:
            parts.append(f"at least {write(least)} {noun}")
    if not parts and not pool.unique:
        return ""
    holds = (" and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else parts[0]) if parts else ""
    once = "each card once" if pool.unique else ""
    article = "An" if pool.name[:1].lower() in "aeiou" else "A"
    return f"{article} {text(pool.name)} holds {', '.join(p for p in (holds, once) if p)}."


def phase_sentences(
    pack: GamePack,
    boosters: Mapping[str, BoosterPlan],
    phase: PhasePlan,
    write: WriteCount = plain_count,
    text: WriteText = _same,
) -> list[str]:
    """What the players do in one phase, as a rulebook or a pick sheet says it."""
    booster = boosters.get(phase.booster)
    booster_name = text(booster.name if booster else phase.booster)
    pool = text(phase.pool.name)
    sentences = []
    if phase.mode == "pick-and-pass":
        keep = f"keeps {_cards(phase.picks, write)}"
        if phase.open == "as-needed":
            sentences.append(
                f"{booster_name[:1].upper()}{booster_name[1:]}s are opened one at a time, and each goes round the "
                f"table, passed {direction(phase)}: each player {keep} from it and passes the rest. When it is used "
                f"up the next player opens another, until every {pool} is full."
            )
        else:
            rounds = phase.rounds or Count(1)
            sentences.append(
                f"In each of {write(rounds)} round{'' if rounds.value == 1 else 's'}, every player opens a "
                f"{booster_name}; each player {keep} from the pack in front of them and passes the rest "
                f"{direction(phase)}, until the packs are used up."
            )
        sentences.append("A player passes on a pack that holds nothing they can take.")
    elif phase.mode == "deal-and-keep":
        sentences.append(
            f"All {text(phase.pile_name)} are shuffled into one pile and each player is dealt "
            f"{write(phase.deal)}; each keeps {write(phase.keep)} and sets the others aside."
        )
    else:
        opened = f"Each player opens {write(phase.boosters)} {booster_name}{'' if phase.boosters.value == 1 else 's'}"
        if phase.shared:
            sentences.append(f"{opened}; all of their cards are shuffled together into the {pool}.")
        else:
            sentences.append(f"{opened}; their cards are that player's {pool}.")
    rule = pool_sentence(pack, phase.pool, write, text)
    if rule:
        sentences.append(rule)
    return sentences
