"""Simulation settings: what the design does not decide because it is about running games, not the rules.

Rule numbers (hand size, powerstones...) are the game pack's `GamePack.numbers`;
these are the simulator's own choices, documented in docs/engine.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SimOptions:
    # The turn cap: a game in which no one has won after every player had this many
    # turns is a draw (random bots rarely meet a Victory condition on purpose).
    max_rounds: int = 30
    # The loop guard: a turn that resolves more stack items than this ends the game as
    # a draw ("loop"), e.g. two cards that each draw when the other player draws.
    max_steps_per_turn: int = 400
    # Check every invariant after every action (tests and the soak script; slower).
    check_invariants: bool = False
    # Keep a readable trace of the game (`carddb playtest --log-game`).
    log: bool = False
