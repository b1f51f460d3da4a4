#!/usr/bin/env bash
# Installs, in one apt-get, the Debian packages the test suites use, where they are missing: on a
# fresh machine each suite's own ensure-package.sh call would otherwise run apt-get update and
# apt-get install in turn, while Jest's other worker or the browser waits. .ci/run starts this
# beside `npm ci`. The suites still ask for what they use (a developer's single test file does).
#
# Left out on purpose: nftables, which the panel installs by itself where `nft` is missing (its
# sandbox's firewall), so that the test run goes through that install on a fresh machine; and
# debootstrap, which no test uses.
set -euo pipefail

exec bash "$(dirname "$0")/ensure-package.sh" \
  '/usr/lib/postgresql/*/bin/initdb' postgresql \
  /usr/bin/chromium chromium \
  /usr/sbin/dockerd docker.io \
  /usr/sbin/xtables-nft-multi iptables \
  /usr/bin/bwrap bubblewrap \
  /usr/bin/pasta passt \
  /usr/bin/ss iproute2 \
  /usr/bin/nsenter util-linux \
  /usr/bin/openssl openssl \
  /usr/bin/redis-server redis-server \
  /usr/sbin/mariadbd mariadb-server \
  /usr/sbin/named bind9 \
  /usr/bin/nsupdate bind9-dnsutils \
  /usr/bin/sftp openssh-client \
  /usr/bin/ssh-keygen openssh-client
