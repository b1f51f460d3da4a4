import type Docker from 'dockerode';
import { MANAGED_LABEL } from './containerConfig';

/**
 * The network game servers join: a bridge with inter-container traffic off (a server cannot reach
 * another's container), masquerading on so the internet stays reachable. Made once per node;
 * answers the name of its bridge interface (the node's firewall rules name it).
 */
export async function ensureServerNetwork(docker: Docker, name: string): Promise<string> {
  const existing = await findNetwork(docker, name);
  if (existing) return existing;
  const bridge = name.slice(0, 15);
  try {
    await docker.createNetwork({
      Name: name,
      Driver: 'bridge',
      CheckDuplicate: true,
      Labels: { [MANAGED_LABEL]: 'true' },
      Options: {
        'com.docker.network.bridge.name': bridge,
        'com.docker.network.bridge.enable_icc': 'false',
        'com.docker.network.bridge.enable_ip_masquerade': 'true',
      },
    });
  } catch (error) {
    // Another panel process made it at the same moment.
    const made = await findNetwork(docker, name);
    if (made) return made;
    throw error;
  }
  return bridge;
}

/** The bridge interface of the network `name`, or null when the node has no such network. */
async function findNetwork(docker: Docker, name: string): Promise<string | null> {
  const found = (await docker.listNetworks({ filters: { name: [name] } })).find((network) => network.Name === name);
  if (!found) return null;
  if (found.Options?.['com.docker.network.bridge.enable_icc'] !== 'false') throw new Error(`The network ${name} on this node lets containers reach each other; remove it so the panel makes its own.`);
  return found.Options?.['com.docker.network.bridge.name'] ?? `br-${found.Id.slice(0, 12)}`;
}
