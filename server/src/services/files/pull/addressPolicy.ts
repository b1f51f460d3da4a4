import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { ValidationError } from '../../../lib/errors';

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const ipv4From = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/**
 * The IPv4 addresses an IPv6 form carries and would reach through a translator or tunnel, or
 * null when the form carries none. Every one must be public for the IPv6 address to be.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d — the socket connects to a.b.c.d itself
    case 'rfc6145': // ::ffff:0:a.b.c.d — SIIT
      return [ipv4From(p[6], p[7])];
    case 'rfc6052': // NAT64; only the well-known prefix 64:ff9b::/96 (the local-use 64:ff9b:1::/48 is refused below)
      return address.match(NAT64_WELL_KNOWN) ? [ipv4From(p[6], p[7])] : [];
    case '6to4': // 2002:AABB:CCDD::/48 carries AA.BB.CC.DD
      return [ipv4From(p[1], p[2])];
    case 'teredo': // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC — server, and the client inverted
      return [ipv4From(p[2], p[3]), ipv4From(~p[6] & 0xffff, ~p[7] & 0xffff)];
    default:
      return null;
  }
}

/**
 * "::127.0.0.1" → "::7f00:1". ipaddr.js reads any dotted tail as IPv4-mapped (::ffff:a.b.c.d),
 * which would hide the IPv4-compatible form; the bits written are what the socket would use.
 */
function dottedTailToHex(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a: string, b: string, c: string, d: string) => {
    const [x, y, z, w] = [a, b, c, d].map(Number);
    return `${((x << 8) | y).toString(16)}:${((z << 8) | w).toString(16)}`;
  });
}

/**
 * Whether a pull may connect to `address`: only global unicast addresses. Refused: loopback,
 * private (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata
 * address, fe80::/10), carrier-grade NAT (100.64/10), benchmarking (198.18/15, 2001:2::/48),
 * documentation (192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32), unspecified,
 * broadcast, multicast, reserved (240/4 and the IETF blocks), IPv6 site-local (fec0::/10),
 * unique-local (fc00::/7), discard, ORCHID and everything outside 2000::/3, and the deprecated
 * IPv4-compatible form ::a.b.c.d (which ipaddr.js itself calls unicast). The IPv6 forms that
 * carry an IPv4 address (mapped ::ffff:a.b.c.d, SIIT, NAT64 64:ff9b::/96, 6to4 2002::/16,
 * Teredo 2001::/32) are judged by every IPv4 address inside; the local-use NAT64 prefix
 * 64:ff9b:1::/48 is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address.includes(':') ? dottedTailToHex(address) : address);
  if (parsed.kind() === 'ipv4') {
    // Only the four-part dotted form: "127.1", "0x7f.1" and decimal forms are refused outright.
    return ipaddr.IPv4.isValidFourPartDecimal(address) && isPublicIPv4(parsed as ipaddr.IPv4);
  }
  const v6 = parsed as ipaddr.IPv6;
  const p = v6.parts;
  if (p.slice(0, 6).every((part) => part === 0)) return false; // ::/96: unspecified, loopback, IPv4-compatible
  const embedded = embeddedIPv4(v6);
  if (embedded !== null) return embedded.length > 0 && embedded.every(isPublicIPv4);
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
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
