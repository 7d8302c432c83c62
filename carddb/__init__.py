"""carddb: a card database, rules-text checker and print pipeline for physical card games."""

__version__ = "0.1.0"
