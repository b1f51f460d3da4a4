import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SANDBOX_UID_BASE, SANDBOX_UID_COUNT } from './sandboxUsers';
import { ENSURE_PACKAGE_SCRIPT } from './debianPackage';

/** The nftables table the panel owns (replaced as a whole, never touching anyone else's rules). */
export const FIREWALL_TABLE = 'panel_sandbox';
/** Where Debian's nftables puts `nft`. */
const NFT_PATHS = ['/usr/sbin/nft', '/sbin/nft', '/usr/bin/nft'];

/** What the panel found when it tried to keep sandboxes away from the host's own services. */
export interface FirewallReport {
  /** The rule is in place: sandboxes cannot open connections to the host's own addresses. */
  active: boolean;
  /** Why it is not (null when it is). */
  problem: string | null;
}

/** The nft binary of this host, or null. */
export function findNft(): string | null {
  return NFT_PATHS.find((path) => existsSync(path)) ?? null;
}

/**
 * Installs nftables (apt-get through ensure-package.sh) where `nft` is missing, in the background:
 * apt-get may take longer than the panel's start-up may. Resolves with the binary, or null.
 */
function installNft(): Promise<string | null> {
  if (!existsSync(ENSURE_PACKAGE_SCRIPT)) return Promise.resolve(findNft());
  return new Promise((resolve) => {
    const child = spawn('bash', [ENSURE_PACKAGE_SCRIPT, NFT_PATHS[0], 'nftables'], { stdio: 'ignore', timeout: 300_000 });
    child.on('error', () => resolve(findNft()));
    child.on('close', () => resolve(findNft()));
  });
}

/** Runs nft with a script on stdin; resolves with its exit code and error output. */
function runNft(nft: string, args: string[], script = ''): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(nft, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ code: -1, stderr: error.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, stderr: stderr.trim() }));
    child.stdin.end(script);
  });
}

const uidRange = `${SANDBOX_UID_BASE}-${SANDBOX_UID_BASE + SANDBOX_UID_COUNT - 1}`;

/**
 * The table: in the output hook (every packet this host sends, loopback included), a NEW
 * connection from a sandbox user (the uid range of the sandboxes) to any of the host's own
 * addresses (`fib daddr type local`: 127.0.0.0/8, ::1 and every address of the host's interfaces)
 * is refused, unless it goes to a port of that server's own (the set `own_ports`, uid . port) or
 * is a DNS query (a resolver on the loopback, like systemd-resolved's 127.0.0.53). Replies of
 * established connections pass, so players reach the game and get its answers; the wider network
 * stays open. Written with `add` and `flush chain` so that running it again replaces the rules
 * in one transaction and keeps the servers' ports.
 */
function tableScript(): string {
  const t = `inet ${FIREWALL_TABLE}`;
  return [
    `add table ${t}`,
    `add set ${t} own_ports { type uid . inet_service; }`,
    `add chain ${t} output { type filter hook output priority filter; policy accept; }`,
    `flush chain ${t} output`,
    `add rule ${t} output meta skuid != ${uidRange} accept`,
    `add rule ${t} output ct state established,related accept`,
    `add rule ${t} output fib daddr type != local accept`,
    `add rule ${t} output meta l4proto { tcp, udp } th dport 53 accept`,
    `add rule ${t} output meta l4proto { tcp, udp } meta skuid . th dport @own_ports accept`,
    `add rule ${t} output meta l4proto tcp reject with tcp reset`,
    `add rule ${t} output reject`,
    '',
  ].join('\n');
}

/**
 * Keeps game servers off the host's own services (the panel's port, databases and anything else
 * listening on the loopback or the host's addresses) with an nftables table of the panel's. Needs
 * root (the sandboxes then run as their own uids, which the rule matches) and a working `nft`
 * (Debian `nftables`) on a kernel with netfilter; otherwise it reports why and does nothing.
 */
export class HostFirewall {
  /** The ports each sandbox user may still connect to on the host (its server's own). */
  private readonly ports = new Map<number, number[]>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly report: FirewallReport,
    private readonly nft: string | null,
  ) {}

  /** Installs (or replaces) the panel's table; never throws. */
  static async install(): Promise<HostFirewall> {
    if (process.getuid?.() !== 0) {
      return new HostFirewall({ active: false, problem: 'the panel does not run as root, so its sandboxes are not told apart from it on the host.' }, null);
    }
    const nft = findNft();
    if (!nft) return new HostFirewall({ active: false, problem: 'nft is not installed (Debian package "nftables").' }, null);
    const result = await runNft(nft, ['-f', '-'], tableScript());
    if (result.code !== 0) return new HostFirewall({ active: false, problem: `nft could not install the rule (the kernel may not allow netfilter here): ${result.stderr}` }, null);
    return new HostFirewall({ active: true, problem: null }, nft);
  }

  /**
   * Where `nft` is missing (and the panel is root): installs nftables in the background, then
   * the table; resolves with the firewall once it is active, else null. The sandboxes' own network
   * namespaces hold meanwhile; this is the second layer.
   */
  static async installLater(): Promise<HostFirewall | null> {
    if (process.getuid?.() !== 0 || findNft()) return null;
    if (!(await installNft())) return null;
    const firewall = await HostFirewall.install();
    return firewall.report.active ? firewall : null;
  }

  /**
   * Lets a server's sandbox user reach its own ports on the host (replacing what it had). The
   * whole table is written again with it, with every server's ports: a ruleset flushed meanwhile
   * (an nftables service restarted, another firewall tool loaded) is back with the next start.
   */
  allow(uid: number, ports: number[]): Promise<void> {
    const next = this.queue.then(async () => {
      if (!this.nft) return;
      const elements = (list: [number, number][]) => list.map(([user, port]) => `${user} . ${port}`).join(', ');
      const wanted = [...new Set(ports.filter((port) => port > 0 && port < 65536))];
      const dropped = (this.ports.get(uid) ?? []).filter((port) => !wanted.includes(port)).map((port): [number, number] => [uid, port]);
      this.ports.set(uid, wanted);
      const kept = [...this.ports].flatMap(([user, list]) => list.map((port): [number, number] => [user, port]));
      const lines = [tableScript().trimEnd()];
      if (kept.length) lines.push(`add element inet ${FIREWALL_TABLE} own_ports { ${elements(kept)} }`);
      // Adding first makes the deletion of an element that is no longer there harmless.
      if (dropped.length) lines.push(`add element inet ${FIREWALL_TABLE} own_ports { ${elements(dropped)} }`, `delete element inet ${FIREWALL_TABLE} own_ports { ${elements(dropped)} }`);
      await runNft(this.nft, ['-f', '-'], `${lines.join('\n')}\n`);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** Removes the panel's table (tests and a host giving up the panel); nothing when there is none. */
export async function removeHostFirewall(): Promise<void> {
  const nft = findNft();
  if (!nft || process.getuid?.() !== 0) return;
  await runNft(nft, ['-f', '-'], `add table inet ${FIREWALL_TABLE}\ndelete table inet ${FIREWALL_TABLE}\n`);
}
