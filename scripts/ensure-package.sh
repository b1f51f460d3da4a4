#!/usr/bin/env bash
# Usage: ensure-package.sh <file> <debian package> [<file> <debian package> ...]
# Makes sure each <file> exists, installing its <debian package> with apt-get when it is missing
# (as root, or through sudo). Used for the system tools the panel and its tests rely on. A <file>
# may be a shell pattern (/usr/lib/postgresql/*/bin/initdb): any match will do. The missing
# packages are installed by one apt-get, after one `apt-get update`: each apt-get update costs
# seconds, and a fresh machine misses a dozen of them.
set -euo pipefail

if [ $# -eq 0 ] || [ $(($# % 2)) -ne 0 ]; then
  echo "usage: ensure-package.sh <file> <debian package> [<file> <debian package> ...]" >&2
  exit 2
fi

# Whether the file (or a match of the pattern) is there.
present() {
  compgen -G "$1" >/dev/null
}

# The packages of the pairs whose file is missing, one per line, each once.
missing_packages() {
  local pairs=("$@") index
  for ((index = 0; index < ${#pairs[@]}; index += 2)); do
    present "${pairs[index]}" || echo "${pairs[index + 1]}"
  done | awk '!seen[$0]++'
}

missing="$(missing_packages "$@")"
if [ -z "$missing" ]; then
  exit 0
fi

# Jest's workers may ask for packages at the same moment, and apt refuses a second apt-get at once
# (the dpkg lock) instead of waiting: one install at a time, and the files looked for again once it
# is this one's turn (the other may have installed them). apt waits for other users of its lock.
# (A lock file another user owns is passed over: apt's own lock still guards.)
if { exec 9>>/tmp/panel-ensure-package.lock; } 2>/dev/null; then
  flock 9
fi
missing="$(missing_packages "$@")"
if [ -z "$missing" ]; then
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    echo "Missing, and installing needs root: apt-get install -y $(echo $missing)" >&2
    exit 1
  fi
fi

mapfile -t packages <<<"$missing"
echo "Installing ${packages[*]} (apt-get install)…" >&2
export DEBIAN_FRONTEND=noninteractive
apt=("${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600)
"${apt[@]}" update -qq >&2
if ! "${apt[@]}" install -y -qq --no-install-recommends "${packages[@]}" >&2 && [ ${#packages[@]} -gt 1 ]; then
  # One package that cannot be had fails the whole command: the others are still installed.
  for package in "${packages[@]}"; do
    "${apt[@]}" install -y -qq --no-install-recommends "$package" >&2 || echo "Could not install $package." >&2
  done
fi
[ -z "$(missing_packages "$@")" ]
