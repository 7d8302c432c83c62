"""The hostile-input corpus: its cases (hostile_cases.py) and fuzz targets (fuzz_targets.py) sit beside its tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
