#!/usr/bin/env bash
# A throw-away Docker Engine for the tests, in a network namespace of its own.
#
#   scripts/docker-engine.sh start      installs Debian's docker.io when missing, makes a network
#                                       namespace joined to the host over a veth pair, and starts a
#                                       dockerd in it with its data, exec root and socket in a
#                                       temporary folder. Prints lines for `eval`:
#                                       PANEL_DOCKER_DIR=..., DOCKER_HOST=unix://...,
#                                       PANEL_DOCKER_PUBLIC_HOST=... (the node's address, where
#                                       published ports answer), PANEL_DOCKER_HOST_ADDRESS=...
#                                       (this machine's address as the node sees it), and the
#                                       engine's second, remote way in: mutual TLS on TCP as a node
#                                       is reached, PANEL_DOCKER_TLS_HOST=tcp://NODE:2376 and
#                                       PANEL_DOCKER_TLS_CA/_CERT/_KEY=... (the CA and the client
#                                       certificate and key made with openssl in DIR/tls).
#   scripts/docker-engine.sh stop DIR   stops that engine and removes what it made.
#   scripts/docker-engine.sh sweep      stops the engines whose owner has ended (a run that was
#                                       killed: Ctrl-C, a timeout), so nothing of theirs stays on the
#                                       host. `start` sweeps first. The owner is the process that
#                                       started the engine, or PANEL_DOCKER_OWNER_PID (a test run's
#                                       main process, for engines its workers start).
#
# The namespace is the engine's whole world: its iptables chains, FORWARD policy, ip_forward and
# bridges are made there and vanish with it, so the host's own tables are left as they were and
# several test runs on one machine each have their own engine. dockerd is started with
# `nsenter --net`, not `ip netns exec` (which remounts /sys: dockerd then dies with "Devices cgroup
# isn't mounted").
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
docker_cli=/usr/bin/docker

# A CA, the engine's server certificate for ADDRESS (an IP SAN: clients check it) and a client
# certificate, as the README's "Adding a Docker node" makes them for a real node.
make_tls() {
  local tls="$1" address="$2"
  mkdir -p "$tls"
  local ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  # Chained with &&: errexit does not hold inside a function its caller tests with ||.
  (
    cd "$tls" &&
      openssl req -x509 -new "${ec[@]}" -keyout ca-key.pem -out ca.pem -days 30 -subj "/CN=panel test engine CA" &&
      openssl req -new "${ec[@]}" -keyout server-key.pem -out server.csr -subj "/CN=$address" &&
      printf 'subjectAltName=IP:%s\nextendedKeyUsage=serverAuth\n' "$address" >server.ext &&
      openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 30 -extfile server.ext -out server-cert.pem &&
      openssl req -new "${ec[@]}" -keyout key.pem -out client.csr -subj "/CN=panel" &&
      printf 'extendedKeyUsage=clientAuth\n' >client.ext &&
      openssl x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 30 -extfile client.ext -out cert.pem &&
      chmod 600 ./*key.pem
  ) >"$tls/openssl.log" 2>&1
}

start() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "A test Docker Engine needs root." >&2
    exit 1
  fi
  bash "$here/ensure-package.sh" /usr/sbin/dockerd docker.io
  command -v nsenter >/dev/null || bash "$here/ensure-package.sh" /usr/bin/nsenter util-linux

  sweep
  local dir index netns veth_host veth_node owner
  owner="$(process_identity "${PANEL_DOCKER_OWNER_PID:-$PPID}")"
  dir="$(mktemp -d /tmp/panel-docker.XXXXXX)"
  echo "$owner" >"$dir/owner"
  chmod 711 "$dir"
  # A /24 of 10.213.0.0/16 that no other run on this machine holds.
  index=$(( $$ % 250 + 1 ))
  while ip -o addr show | grep -q " 10\.213\.$index\."; do index=$(( index % 250 + 1 )); done
  netns="panel-docker-$index"
  veth_host="pdk${index}h"
  veth_node="pdk${index}n"
  echo "$netns" >"$dir/netns"
  echo "$veth_host" >"$dir/veth"

  ip netns add "$netns"
  ip link add "$veth_host" type veth peer name "$veth_node"
  ip link set "$veth_node" netns "$netns"
  ip addr add "10.213.$index.1/24" dev "$veth_host"
  ip link set "$veth_host" up
  ip -n "$netns" link set lo up
  ip -n "$netns" addr add "10.213.$index.2/24" dev "$veth_node"
  ip -n "$netns" link set "$veth_node" up
  ip -n "$netns" route add default via "10.213.$index.1"
  command -v openssl >/dev/null || bash "$here/ensure-package.sh" /usr/bin/openssl openssl
  local node="10.213.$index.2"
  if ! make_tls "$dir/tls" "$node"; then
    echo "The engine's TLS certificates could not be made:" >&2
    cat "$dir/tls/openssl.log" >&2
    stop "$dir"
    exit 1
  fi

  # setsid: the engine outlives this script; `stop` ends it by its pid file.
  setsid nsenter --net="/var/run/netns/$netns" /usr/sbin/dockerd \
    --host "unix://$dir/docker.sock" \
    --host "tcp://$node:2376" \
    --tlsverify \
    --tlscacert "$dir/tls/ca.pem" \
    --tlscert "$dir/tls/server-cert.pem" \
    --tlskey "$dir/tls/server-key.pem" \
    --data-root "$dir/data" \
    --exec-root "$dir/exec" \
    --pidfile "$dir/dockerd.pid" \
    --bip 172.31.255.1/24 \
    --storage-driver overlay2 \
    </dev/null >"$dir/dockerd.log" 2>&1 &
  local waited=0
  until "$docker_cli" -H "unix://$dir/docker.sock" version >/dev/null 2>&1; do
    sleep 0.25
    waited=$((waited + 1))
    if [ "$waited" -gt 240 ]; then
      echo "dockerd did not answer within 60 s:" >&2
      tail -n 30 "$dir/dockerd.log" >&2
      stop "$dir"
      exit 1
    fi
  done
  echo "PANEL_DOCKER_DIR=$dir"
  echo "DOCKER_HOST=unix://$dir/docker.sock"
  echo "PANEL_DOCKER_PUBLIC_HOST=$node"
  echo "PANEL_DOCKER_HOST_ADDRESS=10.213.$index.1"
  echo "PANEL_DOCKER_TLS_HOST=tcp://$node:2376"
  echo "PANEL_DOCKER_TLS_CA=$dir/tls/ca.pem"
  echo "PANEL_DOCKER_TLS_CERT=$dir/tls/cert.pem"
  echo "PANEL_DOCKER_TLS_KEY=$dir/tls/key.pem"
}

stop() {
  local dir="$1"
  [ -d "$dir" ] || return 0
  local pid=""
  [ -f "$dir/dockerd.pid" ] && pid="$(cat "$dir/dockerd.pid")"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  # Game processes and the engine's containerd, should any survive the engine (shims run apart).
  local cgroup_pids
  cgroup_pids="$(pgrep -f -- "$dir/" || true)"
  for p in $cgroup_pids; do kill -KILL "$p" 2>/dev/null || true; done
  # Mounts under the folder (overlays, network namespace files), deepest first.
  awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/self/mounts | sort -r | while read -r mount; do
    umount -l "$mount" 2>/dev/null || true
  done
  if [ -f "$dir/netns" ]; then ip netns del "$(cat "$dir/netns")" 2>/dev/null || true; fi
  if [ -f "$dir/veth" ]; then ip link del "$(cat "$dir/veth")" 2>/dev/null || true; fi
  rm -rf "$dir"
}

# "PID START": a process and when it started (field 22 of /proc/PID/stat, after the name, which
# may hold spaces), so that a pid the kernel has given to another process is not taken for it.
process_identity() {
  local pid="$1" stat
  stat="$(cat "/proc/$pid/stat" 2>/dev/null)" || return 0
  echo "$pid $(echo "${stat##*) }" | awk '{ print $20 }')"
}

# Whether DIR's engine has been left behind: its owner has ended. A folder without an owner
# (made by an older version of this script) is left behind once its dockerd has ended and the
# folder is a minute old (an engine starting right now has no dockerd yet).
left_behind() {
  local dir="$1" owner pid
  owner="$(cat "$dir/owner" 2>/dev/null || true)"
  if [ -n "$owner" ]; then
    [ "$(process_identity "${owner%% *}")" != "$owner" ]
    return
  fi
  pid="$(cat "$dir/dockerd.pid" 2>/dev/null || true)"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then return 1; fi
  [ -n "$(find "$dir" -maxdepth 0 -mmin +1)" ]
}

sweep() {
  [ "$(id -u)" -eq 0 ] || return 0
  local dir
  for dir in /tmp/panel-docker.*; do
    [ -d "$dir" ] || continue
    if left_behind "$dir"; then
      echo "Removing the test Docker Engine $dir: the run that started it has ended." >&2
      stop "$dir"
    fi
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:?usage: docker-engine.sh stop DIR}" ;;
  sweep) sweep ;;
  *)
    echo "usage: docker-engine.sh start | stop DIR | sweep" >&2
    exit 2
    ;;
esac
