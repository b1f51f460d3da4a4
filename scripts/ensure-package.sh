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
"${as_root[@]}" apt-get update -qq >&2
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "$package" >&2
