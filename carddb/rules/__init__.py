"""The rules-text language: grammar, typed AST, checks and canonical rendering."""
