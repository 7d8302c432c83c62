"""Lords of SoulFall in the simulator: seed 004's rules and the handlers of SoulFall's registry entries.

Written against `carddb.pack_api` alone, as a third party's pack would be.

| module | what it holds |
|---|---|
| `board` | SoulFall's names for the state: the zones of the play area, a Tribe, Worship and Scorn, points |
| `tribe` | gaining and losing cards, turning them over, breaking Shells, the Lord deck |
| `actions` | the five Actions, Agonize and Consecrate, and `perform`: every choice a player makes |
| `handlers` | the handlers of SoulFall's registry entries (and the core entries it keeps) |
| `turns` | set-up, the turn, the end triggers and the scoring |
| `evaluate` | how the greedy bot judges a position |
| `simulator` | `SoulfallSimulator`, the `DirectSimulator` assembled from these |
"""
