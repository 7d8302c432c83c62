"""95% intervals for rates and differences of rates, which behave at small counts and near 0 or 1.

`wilson`: the Wilson score interval of one rate. `newcombe`: the difference of two rates
with Newcombe's hybrid score interval (method 10), where the textbook normal interval fails.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: int, n1: int, k0: int, n0: int) -> tuple[float, float, float]:
    """p1 - p0 and its 95% interval (Newcombe 1998, method 10)."""
    p1 = k1 / n1 if n1 else 0.0
    p0 = k0 / n0 if n0 else 0.0
    l1, u1 = wilson(k1, n1)
    l0, u0 = wilson(k0, n0)
    delta = p1 - p0
    low = delta - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2)
    high = delta + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2)
    return delta, max(-1.0, low), min(1.0, high)
