import type Docker from 'dockerode';
import { ensureImage } from './images/ensureImage';
import { NETGUARD_IMAGE } from './images/gameImages';
import { MANAGED_LABEL } from './containerConfig';
import { EngineLogSplitter } from './engineLogStream';

/**
 * Addresses a game server may not reach by default: private networks (the panel, the node's LAN
 * and other nodes), carrier-grade NAT and link-local (cloud metadata services). The internet stays
 * open.
 */
export const defaultBlockedDestinations = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16'];

const CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;

/**
 * The rules, as a shell script for the helper container. On the node, traffic coming from the
 * servers' bridge
 * - to the node itself (its services, the engine's TCP port, other servers' published ports) is
 *   dropped, except replies on connections the node opened (the engine's port publishing);
 * - forwarded to a blocked destination is dropped, except replies to connections made to the
 *   server (players on a private network still get their answers).
 * Both chains are rebuilt each time, and the jumps added once, so applying them again is harmless.
 */
export function firewallScript(bridge: string, blocked: string[]): string {
  for (const cidr of blocked) if (!CIDR.test(cidr)) throw new Error(`"${cidr}" is not an IPv4 address or network.`);
  if (!/^[A-Za-z0-9_.-]{1,15}$/.test(bridge)) throw new Error(`"${bridge}" is not a network interface name.`);
  const lines = [
    'set -e',
    'ipt=/usr/sbin/iptables',
    'for chain in PANEL-SERVERS-IN PANEL-SERVERS-FWD; do $ipt -N $chain 2>/dev/null || $ipt -F $chain; done',
    '$ipt -A PANEL-SERVERS-IN -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN',
    '$ipt -A PANEL-SERVERS-IN -j DROP',
    '$ipt -A PANEL-SERVERS-FWD -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN',
    ...blocked.map((cidr) => `$ipt -A PANEL-SERVERS-FWD -d ${cidr} -j DROP`),
    `$ipt -C INPUT -i ${bridge} -j PANEL-SERVERS-IN 2>/dev/null || $ipt -I INPUT -i ${bridge} -j PANEL-SERVERS-IN`,
    '$ipt -N DOCKER-USER 2>/dev/null || true',
    `$ipt -C DOCKER-USER -i ${bridge} -j PANEL-SERVERS-FWD 2>/dev/null || $ipt -I DOCKER-USER -i ${bridge} -j PANEL-SERVERS-FWD`,
    `$ipt -C FORWARD -j DOCKER-USER 2>/dev/null || $ipt -I FORWARD -j DOCKER-USER`,
  ];
  return lines.join('\n');
}

/**
 * Writes the node's firewall rules for the servers' network, through the engine: a short-lived
 * container of the panel's helper image on the node's own network stack, with only the capability
 * to change its firewall. Builds the helper image first when the node lacks it. Rejects with the
 * helper's output when the rules could not be written.
 */
export async function applyNodeFirewall(docker: Docker, bridge: string, blocked: string[]): Promise<void> {
  await ensureImage(docker, NETGUARD_IMAGE);
  const container = await docker.createContainer({
    Image: NETGUARD_IMAGE,
    Cmd: ['/bin/sh', '-c', firewallScript(bridge, blocked)],
    Labels: { [MANAGED_LABEL]: 'true' },
    HostConfig: { NetworkMode: 'host', CapDrop: ['ALL'], CapAdd: ['NET_ADMIN', 'NET_RAW'], ReadonlyRootfs: true },
  });
  try {
    await container.start();
    const { StatusCode } = (await container.wait()) as { StatusCode: number };
    if (StatusCode !== 0) {
      const raw = (await container.logs({ stdout: true, stderr: true, follow: false })) as unknown as Buffer;
      const lines: string[] = [];
      new EngineLogSplitter((batch) => lines.push(...batch.map((line) => line.text))).push(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
      throw new Error(`The node's firewall rules could not be written (exit ${StatusCode}): ${lines.slice(-5).join(' | ')}`);
    }
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}
