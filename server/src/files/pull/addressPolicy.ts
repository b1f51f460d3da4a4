import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { ValidationError } from '../../lib/errors';

/**
 * Whether a pull may connect to `address`: only global unicast addresses. Loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata address,
 * fe80::/10), shared CGNAT (100.64/10), unspecified, broadcast, multicast, reserved and
 * documentation ranges, IPv6 unique-local (fc00::/7) and the IPv6 forms that carry an IPv4
 * address (mapped ::ffff:a.b.c.d, NAT64, 6to4, Teredo) are refused; a mapped address is judged
 * by the IPv4 address inside.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** One address a pull connects to, exactly as checked. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the URL's host and checks every address it resolves to (one private answer among
 * public ones is enough to refuse: the connection must not depend on which one is picked).
 * Hosts in `allowHosts` skip the check (tests, or an operator's own mirror).
 */
export async function checkedAddress(url: URL, allowHosts: readonly string[]): Promise<CheckedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new ValidationError({ url: [`The host "${host}" could not be resolved.`] });
  }
  if (answers.length === 0) throw new ValidationError({ url: [`The host "${host}" could not be resolved.`] });
  if (!allowHosts.includes(host)) {
    const refused = answers.find((answer) => !isPublicAddress(answer.address));
    if (refused) {
      throw new ValidationError({ url: [`"${host}" points to ${refused.address}, a private, local or reserved address. Only public addresses can be pulled from.`] });
    }
  }
  return { address: answers[0].address, family: answers[0].family === 6 ? 6 : 4 };
}
