"""The hostile-input corpus reuses the foundation's tiny projects and CLI runner (tests/foundation/)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "foundation"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
