import { BlockList, isIP, isIPv4 } from 'node:net';

/** At most this many addresses or networks per key. */
export const MAX_ALLOWED_IPS = 50;

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as the key's list compares it: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as plain IPv4. */
export function plainAddress(address: string): string {
  return MAPPED_V4.exec(address)?.[1] ?? address;
}

/**
 * One entry of `allowed_ips` in its stored form (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`),
 * or null when it is neither an address nor a network. A network written with host bits set
 * (`10.1.2.3/8`) is kept as written: it still means the whole network.
 */
export function normaliseAllowedIp(entry: string): string | null {
  const text = entry.trim();
  const [address, prefix, extra] = text.split('/');
  if (extra !== undefined) return null;
  const plain = plainAddress(address);
  const family = isIP(plain);
  if (family === 0) return null;
  if (prefix === undefined) return plain.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return null;
  return `${plain.toLowerCase()}/${bits}`;
}

/** Whether `ip` (the request's address) is inside one of the key's entries; an empty list allows every address. */
export function addressAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIPv4(address) ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [network, prefix] = entry.split('/');
    const type = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(network, type);
    else list.addSubnet(network, Number(prefix), type);
  }
  return list.check(address, family);
}
