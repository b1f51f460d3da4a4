#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests and benchmarks.
# Playwright's own browser download is never used.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
bash "$(dirname "$0")/ensure-package.sh" /usr/bin/chromium chromium
/usr/bin/chromium --version >&2
