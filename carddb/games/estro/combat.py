"""Combat as seed 002 resolves it, step by step, from the pack's own numbers and tables.

1. Start from the base TOT of the attacker and the defender.
2. Apply the estri bonuses and penalties of the interaction matrix (to the TOT).
3. Both players roll a d6; a face that is a bonus face of your card's estro adds the die bonus.
4. Double primary stat rule: an attacker whose primary stat is more than double the
   defender's primary stat (at least double plus one) wins, whatever the TOT.
5. Otherwise the attacker's TOT must be higher than the defender's: the defender is
   destroyed (to the Incinerator); if not, it withstands, and the attacker is never destroyed.

A face-down defender has no values and is defeated in any case. The matrix and the
die faces are read from `GamePack.tables`, the die bonus and the factor of the
double rule from `GamePack.numbers`, so the resolver and the printed rulebook agree.
The resolver takes the Gifts' effects as already-decided values (stat changes, flags);
which Gift applies when is the players' business, as in the seed (and the simulator's,
carddb/games/estro/sim/). `judge` decides an attack on numbers alone, as the simulator
plays it thousands of times a second; `resolve_combat` explains the same verdict step by step.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from carddb.games.estro.estri import ESTRO_BY_ID, TOTAL, stat_label
from carddb.games.estro.numbers import table_number
from carddb.games.estro.schema import Fighter
from carddb.pack_api import GamePack


class CombatError(ValueError):
    """An attack the rules do not allow (a face-down attacker, a die face that does not exist)."""


@dataclass(frozen=True)
class Combatant:
    """A card as it fights: its current stats and TOT, how it lies, its die, and the Gifts that bend the rules."""

    name: str
    estro: str
    stats: Mapping[str, int]  # the five stats and `tot`, Gift changes included
    face_down: bool = False
    roll: int | None = None  # its player's d6; None: no die rolled (the step says so)
    ignores_matrix: bool = False  # Gift: "... ignore the interaction matrix"
    wins_ties: bool = False  # Gift: "This card wins ties."
    no_double: bool = False  # Gift: "The double primary stat rule does not apply to this card."
    extra_faces: tuple[int, ...] = ()  # Gift: "This card gets the die bonus on a 3."

    @classmethod
    def of(
        cls,
        card: Fighter,
        *,
        roll: int | None = None,
        face_down: bool = False,
        changes: Mapping[str, int] | None = None,
        **gifts: bool | tuple[int, ...],
    ) -> Combatant:
        """The card with Gift changes applied: a stat change moves that stat and the TOT, a `tot` change the TOT."""
        stats = {**card.stats(), TOTAL: card.stat(TOTAL)}
        for stat, change in (changes or {}).items():
            stats[stat] += change
            if stat != TOTAL:
                stats[TOTAL] += change
        return cls(card.name, card.estro, stats, face_down, roll, **gifts)  # type: ignore[arg-type]

    def with_roll(self, roll: int | None) -> Combatant:
        return replace(self, roll=roll)

    @property
    def primary(self) -> str:
        return ESTRO_BY_ID[self.estro].primary

    @property
    def estro_name(self) -> str:
        return ESTRO_BY_ID[self.estro].name


@dataclass(frozen=True)
class Step:
    number: int  # the seed's step, 1-5 (0: the face-down rule, which comes before them)
    title: str
    text: str


Reason = Literal["face-down", "double-primary", "tot", "tie"]


@dataclass(frozen=True)
class CombatResult:
    attacker: Combatant
    defender: Combatant
    steps: tuple[Step, ...]
    attacker_tot: int
    defender_tot: int
    defender_destroyed: bool
    reason: Reason

    def explain(self) -> str:
        return "\n".join(f"{s.number}. {s.title}: {s.text}" if s.number else f"{s.title}: {s.text}" for s in self.steps)


@dataclass(frozen=True)
class CombatRules:
    """The facts combat needs, read from the pack: matrix, die faces, die bonus, the double rule's factor."""

    matrix: Mapping[tuple[str, str], int]  # (your estro, opposing estro) -> TOT change
    faces: Mapping[str, tuple[int, ...]]  # estro -> its bonus faces
    die_sides: int
    die_bonus: int
    factor: int

    @classmethod
    def of(cls, pack: GamePack) -> CombatRules:
        by_name = {f.name: f.id for f in pack.factions}
        table = pack.table("interaction-matrix")
        opposing = [by_name[column.removeprefix("vs ")] for column in table.columns[1:]]
        matrix = {
            (by_name[row[0]], other): table_number(cell)
            for row in table.rows
            for other, cell in zip(opposing, row[1:], strict=True)
        }
        dice = pack.table("die-faces")
        faces_at = dice.columns.index("bonus faces")
        faces = {by_name[row[0]]: tuple(int(n) for n in re.findall(r"\d+", row[faces_at])) for row in dice.rows}
        return cls(matrix, faces, pack.number("die-sides"), pack.number("die-bonus"), pack.number("primary-factor"))


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the five steps decide, as numbers: the simulator plays thousands of these a second."""

    attacker_mod: int  # step 2, the matrix
    defender_mod: int
    attacker_bonus: int  # step 3, the die
    defender_bonus: int
    attacker_tot: int  # after steps 1-3
    defender_tot: int
    needed: int  # step 4: the attacker's primary stat that wins at once (factor x defender's + 1)
    defender_destroyed: bool
    reason: Reason


def judge(rules: CombatRules, attacker: Combatant, defender: Combatant) -> Verdict:
    """The seed's five steps on numbers alone (no checks, no text): `resolve_combat` explains the same verdict."""
    if defender.face_down:
        return Verdict(0, 0, 0, 0, attacker.stats[TOTAL], 0, 0, True, "face-down")
    a_mod = 0 if attacker.ignores_matrix else rules.matrix[(attacker.estro, defender.estro)]
    d_mod = 0 if defender.ignores_matrix else rules.matrix[(defender.estro, attacker.estro)]
    a_bonus = _bonus(attacker, rules)
    d_bonus = _bonus(defender, rules)
    a_tot = attacker.stats[TOTAL] + a_mod + a_bonus
    d_tot = defender.stats[TOTAL] + d_mod + d_bonus
    needed = rules.factor * defender.stats[defender.primary] + 1
    if not defender.no_double and attacker.stats[attacker.primary] >= needed:
        return Verdict(a_mod, d_mod, a_bonus, d_bonus, a_tot, d_tot, needed, True, "double-primary")
    if a_tot > d_tot or (a_tot == d_tot and attacker.wins_ties):
        return Verdict(a_mod, d_mod, a_bonus, d_bonus, a_tot, d_tot, needed, True, "tot")
    reason: Reason = "tie" if a_tot == d_tot else "tot"
    return Verdict(a_mod, d_mod, a_bonus, d_bonus, a_tot, d_tot, needed, False, reason)


def _bonus(fighter: Combatant, rules: CombatRules) -> int:
    roll = fighter.roll
    if roll is None:
        return 0
    return rules.die_bonus if roll in rules.faces[fighter.estro] or roll in fighter.extra_faces else 0


def resolve_combat(pack: GamePack, attacker: Combatant, defender: Combatant) -> CombatResult:
    """One attack, resolved in the seed's five steps; every step says what it did."""
    rules = CombatRules.of(pack)
    if attacker.face_down:
        raise CombatError(f"{attacker.name} is face down: a card without values cannot attack")
    for fighter in (attacker, defender):
        if fighter.roll is not None and not 1 <= fighter.roll <= rules.die_sides:
            raise CombatError(f"{fighter.name} rolled {fighter.roll}; the die has faces 1 to {rules.die_sides}")
    verdict = judge(rules, attacker, defender)
    if verdict.reason == "face-down":
        step = Step(
            0,
            "Face-down defender",
            f"{defender.name} is face down: it has no values and is defeated in any case. "
            f"{defender.name} is destroyed and goes to the Incinerator.",
        )
        return CombatResult(attacker, defender, (step,), verdict.attacker_tot, 0, True, "face-down")
    a_tot, d_tot = attacker.stats[TOTAL], defender.stats[TOTAL]
    steps = [Step(1, "Base TOT", f"{_who(attacker)} {a_tot}, {_who(defender)} {d_tot}.")]
    a_tot, d_tot = a_tot + verdict.attacker_mod, d_tot + verdict.defender_mod
    steps.append(
        Step(
            2,
            "Interaction matrix",
            f"{_matrix_text(attacker, defender, verdict.attacker_mod)}; "
            f"{_matrix_text(defender, attacker, verdict.defender_mod)}. {attacker.name} {a_tot}, {defender.name} {d_tot}.",
        )
    )
    a_tot, d_tot = verdict.attacker_tot, verdict.defender_tot
    steps.append(
        Step(
            3,
            "Dice",
            f"{_die(attacker, rules)} {_die(defender, rules)} {attacker.name} {a_tot}, {defender.name} {d_tot}.",
        )
    )
    a_primary, d_primary = attacker.stats[attacker.primary], defender.stats[defender.primary]
    needed = verdict.needed
    a_label, d_label = stat_label(attacker.primary), stat_label(defender.primary)
    check = (
        f"{attacker.name}'s {a_label} {a_primary} against double+1 of {defender.name}'s {d_label} {d_primary} "
        f"({rules.factor} × {d_primary} + 1 = {needed})"
    )
    if defender.no_double:
        steps.append(Step(4, "Double primary stat", f"does not apply to {defender.name} (its Gift). Compare the TOT."))
    elif verdict.reason == "double-primary":
        steps.append(
            Step(
                4,
                "Double primary stat",
                f"{check}: yes ({a_primary} >= {needed}). {attacker.name} wins, ignoring the TOT. "
                f"{defender.name} is destroyed and goes to the Incinerator.",
            )
        )
        return CombatResult(attacker, defender, tuple(steps), a_tot, d_tot, True, "double-primary")
    else:
        steps.append(Step(4, "Double primary stat", f"{check}: no ({a_primary} < {needed}). Compare the TOT."))

    if verdict.defender_destroyed:
        how = f"{a_tot} > {d_tot}" if a_tot > d_tot else f"{a_tot} = {d_tot}, and {attacker.name} wins ties"
        text = f"{attacker.name} wins ({how}). {defender.name} is destroyed and goes to the Incinerator."
    elif verdict.reason == "tie":
        text = (
            f"{a_tot} = {d_tot}: a tie, and the attacker's TOT must be higher. {defender.name} withstands the attack; "
            f"{attacker.name} is not destroyed."
        )
    else:
        text = f"{attacker.name} loses ({a_tot} < {d_tot}). {defender.name} survives; {attacker.name} is not destroyed."
    steps.append(Step(5, "TOT comparison", f"{attacker.name} {a_tot} | {defender.name} {d_tot}. {text}"))
    return CombatResult(attacker, defender, tuple(steps), a_tot, d_tot, verdict.defender_destroyed, verdict.reason)


def _who(fighter: Combatant) -> str:
    return f"{fighter.name} ({fighter.estro_name})"


def _matrix_text(fighter: Combatant, other: Combatant, change: int) -> str:
    if fighter.ignores_matrix:
        return f"{fighter.name} ignores the matrix"
    return f"{fighter.estro_name} against {other.estro_name} {change:+d}"


def _die(fighter: Combatant, rules: CombatRules) -> str:
    faces = (*rules.faces[fighter.estro], *fighter.extra_faces)
    shown = " or ".join(str(f) for f in sorted(set(faces)))
    if fighter.roll is None:
        return f"{fighter.name} rolls no die."
    if fighter.roll in faces:
        return f"{fighter.name} rolls {fighter.roll}, a bonus face ({shown}): +{rules.die_bonus}."
    return f"{fighter.name} rolls {fighter.roll}, not a bonus face ({shown}): no bonus."


__all__ = ["CombatError", "CombatResult", "CombatRules", "Combatant", "Step", "Verdict", "judge", "resolve_combat"]
