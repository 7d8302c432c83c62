"""Shards of the Empire for the simulator: set-up, turns, actions, combat, handlers, the bots' judgement."""
