"""The game packs that ship with carddb: each a package that imports only `carddb.pack_api`.

They are found like any installed pack, through the `carddb.games` entry points in
pyproject.toml (see `carddb.packs.plugins`); nothing in the core names them.
"""
