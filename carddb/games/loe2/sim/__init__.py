"""Lords of Estraven v2 in the simulator: seed 001's rules and the handlers of v2's own registry entries.

Written against `carddb.pack_api` only; what it shares with LOE v1 (a market's row, costs,
the turn's steps, offering and taking plays, the stack) is the kit's (docs/engine.md).

| module | what it holds |
|---|---|
| `board` | v2's names for the state: its shared zones, health, the pitched mana, the attack being fought, unit stats |
| `mana` | pitching as one pays, paying, the pitch zone's clean-up |
| `marketplace` | the kit's `MarketRow` fed by the resource deck |
| `combat` | attacking, joining, blocking, combat damage |
| `actions` | what a player may do (main phase, response windows) and doing it |
| `turns` | set-up and the turn sequence |
| `handlers` | the handlers of v2's own entries |
| `evaluate` | how the greedy bot judges a position |
| `checks` | v2's invariants |
| `simulator` | `Loe2Simulator`, the `Simulator` assembled from these |
"""
