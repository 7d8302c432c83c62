"""Lords of Estraven v1 in the simulator: seed 000's rules and the handlers of LOE's own registry entries.

| module | what it holds |
|---|---|
| `board` | LOE's names for the state: the market zone, per-turn counters, a player's Lord and Victory card |
| `turns` | set-up and the turn sequence |
| `actions` | what a player may do (main phase, response windows) and doing it |
| `costs` | powerstones, spending Resources, the cost entries' handlers |
| `market` | trading, refreshing, taking, adding |
| `victory` | Victory attempts and Duke activations |
| `effects` | the handlers of LOE's effect entries |
| `statics` | the handlers of LOE's statics, events, conditions and timing condition |
| `keywords` | the keyword handlers and the rules they change |
| `evaluate` | how the greedy bot judges a position |
| `simulator` | `LoeSimulator`, the `Simulator` assembled from these |
"""
