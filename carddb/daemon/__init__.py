"""The resident process behind `carddb daemon start`: carddb imported once, each command a fork of it."""
