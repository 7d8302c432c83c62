"""Files carddb reads and writes safely: located YAML, atomic outputs, the output lock, project paths."""
