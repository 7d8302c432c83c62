"""The pack system: what a game pack declares (`pack`), and how one is found (`lookup`): an installed
plugin (`plugins`), or a project's game.yaml (`gamefile` -> `declared`). `starter` writes a new project.
"""
