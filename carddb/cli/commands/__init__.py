"""CLI commands, one module per command group; `carddb.cli.app` registers them."""
