import { isIP } from 'node:net';
import type { DnsRecordSet } from './dns/DnsProvider';

/** Names customers may not take: they belong to the host's own services. */
export const RESERVED_LABELS = [
  'www',
  'mail',
  'panel',
  'api',
  'admin',
  'ftp',
  'sftp',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'mx',
  'webmail',
  'autodiscover',
  'autoconfig',
  'status',
  'support',
  'billing',
  'help',
  'docs',
  'cdn',
  'static',
  'assets',
  'dashboard',
  'login',
  'auth',
  'root',
  'node',
  'localhost',
  'play',
  'test',
  'dev',
  'staging',
];

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why `label` cannot be a subdomain (RFC 1123 label, not reserved), or null when it can. */
export function labelProblem(label: string): string | null {
  if (label.length === 0) return 'This field is required';
  if (label.length > 63) return 'Must be at most 63 characters';
  if (!LABEL.test(label)) return 'Use letters a-z, digits and hyphens, starting and ending with a letter or digit';
  if (RESERVED_LABELS.includes(label)) return 'This name is reserved';
  return null;
}

/**
 * The records a Minecraft client needs to reach `<label>.<zone>`: an SRV
 * `_minecraft._tcp.<label>.<zone>` to the node's host and the primary port, plus an A or AAAA at
 * the name when the node's host is an address (an SRV target must be a name), or a CNAME to the
 * node's host when it is a name. `port` null lists every set empty: the records are removed.
 */
export function subdomainRecordSets(label: string, zone: string, host: string, port: number | null): DnsRecordSet[] {
  const name = `${label}.${zone}`;
  const family = isIP(host);
  const hostName = host.toLowerCase().replace(/\.$/, '');
  const on = port !== null;
  return [
    { name, type: 'A', values: on && family === 4 ? [host] : [] },
    { name, type: 'AAAA', values: on && family === 6 ? [host] : [] },
    { name, type: 'CNAME', values: on && family === 0 ? [`${hostName}.`] : [] },
    { name: `_minecraft._tcp.${name}`, type: 'SRV', values: on ? [`0 5 ${port} ${family === 0 ? hostName : name}.`] : [] },
  ];
}
