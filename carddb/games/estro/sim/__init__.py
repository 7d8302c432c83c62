"""ESTRO in the simulator: seed 002's rules and the handlers of ESTRO's registry, written against
`carddb.pack_api` alone (as a third party's pack would be).

| module | what it holds |
|---|---|
| `board` | ESTRO's names for the state: each player's deck, the field, the active Zone, the Incinerators, the turn's tallies |
| `stats` | a card's values now (statics, changes until end of turn) and the Gifts that bend the fight's rules |
| `gifts` | Gifts as they activate: on play, turned face up, counter-moves, `would be destroyed` |
| `effects` | the handlers of ESTRO's effect entries, and drawing from one's own deck |
| `statics` | the handlers of its statics, events, conditions and the `Counter-move` timing |
| `fight` | an attack: declaration, the die, the pack's combat resolver, the Incinerator |
| `actions` | what a player may do (reveal, play face up, face down or as the Zone, attack) and doing it |
| `turns` | set-up, the turn, the empty field and the last round |
| `evaluate` | how the greedy bot judges a position |
| `simulator` | `EstroSimulator`, the `Simulator` assembled from these |
"""
