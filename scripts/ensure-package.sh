#!/usr/bin/env bash
# Usage: ensure-package.sh <file> <debian package>
# Makes sure <file> exists, installing <debian package> with apt-get when it is missing (as root,
# or through sudo). Used for the system tools the panel and its tests rely on.
set -euo pipefail

file="$1"
package="$2"
if [ -e "$file" ]; then
  exit 0
fi

# Jest's workers may ask for packages at the same moment, and apt refuses a second apt-get at once
# (the dpkg lock) instead of waiting: one install at a time, and the file looked for again once it
# is this one's turn (the other may have installed it). apt waits for other users of its lock.
# (A lock file another user owns is passed over: apt's own lock still guards.)
if { exec 9>>/tmp/panel-ensure-package.lock; } 2>/dev/null; then
  flock 9
fi
if [ -e "$file" ]; then
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    echo "$file is missing and installing it needs root: apt-get install -y $package" >&2
    exit 1
  fi
fi

echo "Installing $package (apt-get install $package)…" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$package" >&2
