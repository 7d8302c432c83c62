"""CLI commands, one module per command group; `carddb.cli` registers them."""
