#!/usr/bin/env bash
# Installs carddb and what it needs from the system, on a fresh Debian machine.
#   bash scripts/install.sh          # carddb + WeasyPrint's libraries + poppler
#   bash scripts/install.sh --test   # also the test tools and Chromium for browser tests
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 poppler-utils)
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
