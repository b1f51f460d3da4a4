#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests and benchmarks.
# Installs it with apt-get when it is missing (as root, or through sudo). Playwright's own
# browser download is never used.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    echo "Chromium is missing and installing it needs root: apt-get install -y chromium" >&2
    exit 1
  fi
fi

echo "Installing Chromium (apt-get install chromium)…" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq >&2
"${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium >&2
/usr/bin/chromium --version >&2
