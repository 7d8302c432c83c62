"""A seeded, version-stable random number generator.

Python's `random` may change its algorithms between versions, and `hash()` of a
string changes between runs, so neither can promise "same seed, same boosters".
Seeds are derived with SHA-256 from their parts (seed, booster type, index) and
numbers come from SplitMix64, both written out in integer arithmetic here, so a
result depends only on the seed, the data and the carddb version.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed from any parts; stable across machines and Python versions."""
    text = "\x1f".join(f"{type(p).__name__}:{p}" for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class Rng:
    """SplitMix64 (Steele, Lea & Flood 2014): tiny, fast enough, and passes BigCrush."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    @classmethod
    def derived(cls, *parts: int | str) -> Rng:
        return cls(derive_seed(*parts))

    def next_u64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling).

        `next_u64` is written out here: the simulator's bots call this for every decision."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _TWO64 - _TWO64 % n
        while True:
            z = self._state = (self._state + _GOLDEN) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            value = z ^ (z >> 31)
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with probability weights[i] / sum(weights); weights are whole numbers."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("weighted_index() needs a positive total weight")
        ticket = self.below(total)
        for index, weight in enumerate(weights):
            if ticket < weight:
                return index
            ticket -= weight
        raise AssertionError("unreachable: ticket exceeds total weight")

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct positions of `items`, in draw order."""
        pool = list(items)
        if k > len(pool):
            raise ValueError("sample larger than population")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
