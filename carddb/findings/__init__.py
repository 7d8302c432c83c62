"""Findings and errors: every problem a run finds, located in a file, in the designer's words.

The foundation every other layer reports through: `diagnostics` (Finding, Span, Report),
`codes` (the closed table of finding codes), `errors` (the one exception root the command
line turns into a message and an exit code), and the wording helpers (`plural`, `valuewords`).
"""
