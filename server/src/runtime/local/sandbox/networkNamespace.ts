import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import { SANDBOX_UID_BASE } from './sandboxUsers';
import { ensureDebianPackage } from './debianPackage';

/** Debian's pasta (package `passt`): a user-mode network stack that gives a namespace its own network. */
export const PASTA = '/usr/bin/pasta';
/** The programs pasta runs as (`pasta` is a link to `passt`, which re-executes its AVX2 build where it can). */
const PASTA_PROGRAMS = new Set(['/usr/bin/passt', '/usr/bin/passt.avx2', PASTA]);
/**
 * Where a game sends its DNS queries when the host's resolver is on the host's loopback
 * (systemd-resolved's 127.0.0.53, a local dnsmasq): pasta forwards what reaches this address to
 * the host's resolver. A link-local address no network uses for anything else.
 */
export const DNS_FORWARD_ADDRESS = '169.254.0.53';
/** The kernel's tap device: pasta opens it inside the new namespace, as the server's user. */
const TUN = '/dev/net/tun';

/** Where players reach a server: the address the panel gave it and its ports (TCP and UDP both). */
export interface PortForwards {
  ip: string;
  ports: number[];
}

/** Whether `exe` (a process's /proc/<pid>/exe) is pasta: part of the sandbox, never signalled as the game. */
export function isPasta(exe: string): boolean {
  return PASTA_PROGRAMS.has(exe);
}

/** Makes sure pasta is installed (apt-get through ensure-package.sh when it is missing). */
export function ensurePasta(): boolean {
  return ensureDebianPackage(PASTA, 'passt');
}

/**
 * pasta opens the tap device as the server's user. Debian's udev makes it 0666 (opening it gives
 * nothing: creating an interface needs CAP_NET_ADMIN in the network namespace's owner); hosts
 * without udev (containers, minimal images) may have it 0600 or not at all. As root the panel
 * sets it as Debian does.
 */
function ensureTunDevice(): void {
  if (process.getuid?.() !== 0) return;
  if (!existsSync(TUN)) {
    mkdirSync('/dev/net', { recursive: true });
    spawnSync('mknod', ['-m', '0666', TUN, 'c', '10', '200'], { stdio: 'ignore', timeout: 10_000 });
    return;
  }
  const { mode } = statSync(TUN);
  if ((mode & 0o006) !== 0o006) chmodSync(TUN, (mode & 0o7777) | 0o666);
}

/**
 * The resolv.conf a sandbox needs instead of the host's, or null when the host's serves: a
 * resolver on the host's loopback is not in the game's namespace, so its nameserver lines give
 * way to the one pasta forwards (search domains and options stay).
 */
export function sandboxResolvConf(hostResolvConf: string): string | null {
  const lines = hostResolvConf.split('\n');
  const nameservers = lines.filter((line) => /^\s*nameserver\s/.test(line)).map((line) => line.trim().split(/\s+/)[1] ?? '');
  if (!nameservers.some((address) => address.startsWith('127.') || address === '::1')) return null;
  const rest = lines.filter((line) => !/^\s*nameserver\s/.test(line) && line.trim() !== '');
  return [`nameserver ${DNS_FORWARD_ADDRESS}`, ...rest, ''].join('\n');
}

/** `-t`/`-u` specs for pasta: each port bound on the server's address on the host (all addresses for a wildcard). */
function forwardSpecs(forwards: PortForwards | null): string[] {
  const ports = [...new Set(forwards?.ports.filter((port) => Number.isInteger(port) && port > 0 && port < 65536) ?? [])];
  if (!forwards || ports.length === 0) return ['-t', 'none', '-u', 'none'];
  const wildcard = forwards.ip === '' || forwards.ip === '0.0.0.0' || forwards.ip === '::';
  const address = wildcard || !(isIPv4(forwards.ip) || isIPv6(forwards.ip)) ? '' : `${forwards.ip}/`;
  return ports.flatMap((port) => ['-t', `${address}${port}`, '-u', `${address}${port}`]);
}

/**
 * pasta's arguments for a sandbox: a new user and network namespace of its own with one
 * interface (the host's address and routes copied, so the game sees a normal network) and its
 * own loopback, the command run inside. What leaves it is sent by pasta from the host as the
 * server's user (outbound connections, DNS); what comes in is only the server's own ports,
 * which pasta listens on at the server's address on the host.
 * - `--no-map-gw`: the gateway's address is the real gateway, not the host's loopback (pasta's
 *   default maps it there, which would open every loopback service of the host again).
 * - `-T none -U none`: no port of the namespace's loopback leads to the host's loopback.
 * - `-f`: pasta stays the sandbox's parent (it ends when the sandbox does, and bubblewrap's
 *   --die-with-parent ends the sandbox when pasta does); `-q -l /dev/null`: no log lines in the
 *   console (no syslog noise), fatal errors (a port taken) still go to it.
 * - `-a`: for a server on a non-loopback IPv4 address the namespace's interface gets that
 *   address, so a game bound to it (server-ip) receives its players.
 * - `--dns-forward` (`forwardDns`): see {@link sandboxResolvConf}.
 */
export function pastaArgs(forwards: PortForwards | null, forwardDns = false): string[] {
  const args = ['-f', '-q', '-l', '/dev/null', '--config-net', '--no-map-gw', '-T', 'none', '-U', 'none', ...forwardSpecs(forwards)];
  if (forwardDns) args.push('--dns-forward', DNS_FORWARD_ADDRESS);
  const ip = forwards?.ip ?? '';
  if (isIPv4(ip) && !ip.startsWith('127.') && ip !== '0.0.0.0') args.push('-a', ip);
  return args;
}

/**
 * Run by bash between pasta and bubblewrap: pasta leaves its own sockets (the host-side
 * listeners of the forwarded ports, in the HOST's network namespace) open in the command it
 * starts. A game holding a host UDP socket could send from the host, so every descriptor but
 * the standard ones, the server's folder (4) and the sandbox's resolv.conf (5, see Sandbox.wrap)
 * is closed before bubblewrap.
 * (bash expands /proc/self itself; a pattern that matches nothing stays as it is and is skipped.)
 */
export const CLOSE_INHERITED = 'for fd in /proc/self/fd/[0-9]*; do fd=${fd##*/}; case $fd in 0|1|2|4|5|*[!0-9]*) ;; *) eval "exec $fd>&-" ;; esac; done; exec "$@"';

/** The command that runs `inner` (bubblewrap and its arguments) in a network namespace of its own. */
export function inOwnNetwork(forwards: PortForwards | null, forwardDns: boolean, inner: string[]): string[] {
  return [PASTA, ...pastaArgs(forwards, forwardDns), '--', '/bin/bash', '-c', CLOSE_INHERITED, 'panel-network', ...inner];
}

/**
 * Whether a sandbox can get a network namespace of its own here (pasta installed, the tap
 * device usable by the server's user), or why not.
 */
export function probeNetworkNamespace(asRoot: boolean): string | null {
  if (!ensurePasta()) return `pasta is not installed (${PASTA}; Debian package "passt").`;
  try {
    ensureTunDevice();
  } catch (error) {
    return `the tap device ${TUN} cannot be made usable: ${(error as Error).message}`;
  }
  const result = spawnSync(PASTA, [...pastaArgs(null), '--', '/bin/sh', '-c', 'exit 0'], {
    ...(asRoot ? { uid: SANDBOX_UID_BASE, gid: SANDBOX_UID_BASE } : {}),
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (result.status === 0) return null;
  return `pasta cannot give a sandbox its own network namespace on this host: ${(result.stderr || result.error?.message || '').trim()}`;
}
