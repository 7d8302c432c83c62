#!/usr/bin/env bash
# Installs carddb and what it needs from the system, on a fresh Debian machine.
#   bash scripts/install.sh          # carddb + WeasyPrint's libraries + poppler
#   bash scripts/install.sh --test   # also the test tools and Chromium for browser tests
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's own python3 may not be changed by pip (PEP 668): carddb then goes into a virtual
# environment, which only the user's shell can activate, so say how and stop before changing anything.
read -r in_venv managed < <(python3 -c 'import os, sys, sysconfig; print(int(sys.prefix != sys.base_prefix), int(os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))))')
if [[ "$in_venv" == 0 && "$managed" == 1 ]]; then
  cat >&2 <<'MSG'
scripts/install.sh: this python3 is the system's, and pip may not install into it (PEP 668).
Install carddb into a virtual environment: make one and activate it, then run this script again:
  python3 -m venv .venv && . .venv/bin/activate      (Debian: apt-get install python3-venv first)
MSG
  exit 1
fi

# libgs-common: Ghostscript's ICC profiles, whose CMYK SWOP profile the print-service PDF/X files are separated for
packages=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 poppler-utils libgs-common)
extras=""
if [[ "${1:-}" == "--test" ]]; then
  packages+=(chromium)
  extras="[test]"
fi

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -e ".${extras}"
