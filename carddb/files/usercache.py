"""carddb's own cache outside any project: a folder only this user can enter, or none.

lark keeps its analysis of a rules grammar between runs. By default it writes a pickle to the
shared temporary folder under a name anyone can compute (`/tmp/.lark_cache_<user>_<digest>`), and
loads whatever file has that name: another user of the machine could create it first, and
unpickling their file runs their code as you. carddb gives lark a file in
`$XDG_CACHE_HOME/carddb/` (else `~/.cache/carddb/`), a folder it makes with mode 700 and uses
only if it is a real folder of this user that nobody else can enter; otherwise nothing is cached
(the grammar is analysed again: 0.17 s of CPU per run for LOE's, measured on `carddb validate`).
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path


def private_cache_folder() -> Path | None:
    """The user's carddb cache folder, made if missing; None if it is not private to this user."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "carddb"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None
    return folder


def private_cache_file(kind: str, *key: str) -> Path | None:
    """A file for `kind` named by a digest of `key`, in the private cache folder (None: do not cache)."""
    folder = private_cache_folder()
    if folder is None:
        return None
    digest = hashlib.sha256("\0".join(key).encode("utf-8")).hexdigest()[:32]
    return folder / f"{kind}-{digest}.cache"
