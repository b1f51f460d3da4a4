#!/usr/bin/env bash
# A throw-away PostgreSQL server on loopback for the database tests.
#
#   scripts/ensure-postgres.sh start   installs Debian's postgresql when missing, creates a cluster
#                                      in a temporary folder, starts it on 127.0.0.1 and a free
#                                      port and creates the database `panel`. Prints two lines
#                                      for `eval`: PANEL_PG_DIR=... and DATABASE_URL=...
#   scripts/ensure-postgres.sh stop DIR  stops that server and removes its folder.
#
# Progress goes to stderr, so `eval "$(scripts/ensure-postgres.sh start)"` works.
set -euo pipefail

find_bindir() {
  { ls -d /usr/lib/postgresql/*/bin 2>/dev/null || true; } | sort -V | tail -n 1
}

# Runs a command as the postgres user when we are root (PostgreSQL refuses to run as root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# Through ensure-package.sh, which waits its turn beside the test run's other installs.
install_postgres() {
  bash "$(dirname "$0")/ensure-package.sh" '/usr/lib/postgresql/*/bin/initdb' postgresql
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  local bindir
  bindir="$(find_bindir)"
  if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    install_postgres
    bindir="$(find_bindir)"
  fi
  local dir port
  dir="$(mktemp -d /tmp/panel-pg.XXXXXX)"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
  port="$(free_port)"

  as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  # A disposable test server: durability settings off for speed; the socket lives in our folder.
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >&2 || { cat "$dir/server.log" >&2; exit 1; }
  "$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qAt -c 'CREATE DATABASE panel' >&2

  echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') listening on 127.0.0.1:$port" >&2
  echo "PANEL_PG_DIR=$dir"
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/panel"
}

stop() {
  local dir="${1:?usage: ensure-postgres.sh stop DIR}"
  local bindir
  bindir="$(find_bindir)"
  if [ -d "$dir/data" ]; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) shift; stop "$@" ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
