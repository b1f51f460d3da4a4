import type Docker from 'dockerode';
import { MANAGED_LABEL } from './containerConfig';

/**
 * The network game servers join: a bridge with inter-container traffic off (a server cannot reach
 * another's container), masquerading on so the internet stays reachable. Made once per node.
 */
export async function ensureServerNetwork(docker: Docker, name: string): Promise<void> {
  const existing = await docker.listNetworks({ filters: { name: [name] } });
  if (existing.some((network) => network.Name === name)) return;
  await docker.createNetwork({
    Name: name,
    Driver: 'bridge',
    CheckDuplicate: true,
    Labels: { [MANAGED_LABEL]: 'true' },
    Options: {
      'com.docker.network.bridge.name': name.slice(0, 15),
      'com.docker.network.bridge.enable_icc': 'false',
      'com.docker.network.bridge.enable_ip_masquerade': 'true',
    },
  });
}
