"""The command-line tests reuse the foundation's tiny LOE projects and CLI runners (tests/foundation/)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "foundation"))
