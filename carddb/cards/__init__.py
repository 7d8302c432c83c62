"""The card database: the card model, loading and checking the YAML, set statistics, releases, art checks."""
