"""The simulator: card text executed, games played by bots, playtest reports.

Stages, each a module:
- `program`: what a card's rules text compiles to (steps, costs, triggers, statics);
- `cards`: the run's catalogue of `CardDef`s, compiled once from the database;
- `selectors`, `compiler`, `handlers`: the AST of each ability turned into handler calls;
- `game`: the state of one game (struct of arrays, cheap to copy) and zone moves;
- `ops`, `events`, `stack`: what handlers do, triggers, the stack with Reactions and priority;
- `rules`: the interface a game pack implements (set-up, turns, actions) on top of that;
- `agents`: the random and greedy bots, which see only their own hidden information;
- `invariants`: the illegal states a test or a soak run looks for after every action;
- `playtest`, `parallel`, `analysis`, `report`, `gamelog`: many games, their statistics, the report.

Nothing here names a game: a pack brings its rules and its handlers through
`GamePack.simulator` (see docs/engine.md).
"""
