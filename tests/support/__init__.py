"""Helpers the tests of several packages share: tiny projects, CLI runners, a terminal, sheet readers."""
