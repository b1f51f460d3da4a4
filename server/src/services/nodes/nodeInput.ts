import { X509Certificate, createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import type { FieldErrors } from '../../lib/fieldErrors';

/** A node's fields as the admin gives them (admin API body or CLI options), before any check. */
export interface NodeInput {
  name?: unknown;
  location?: unknown;
  driver?: unknown;
  docker_host?: unknown;
  tls?: unknown;
  public_host?: unknown;
  port_range?: unknown;
  memory_mb?: unknown;
  disk_mb?: unknown;
  maintenance?: unknown;
}

/** TLS material in PEM text. */
export interface NodeTls {
  ca: string;
  cert: string;
  key: string;
}

const NODE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const DNS_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const CERTIFICATE = /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----\s*$/;

/** `30000-30099` as a range, or null when it is not one (PANEL_PORT_RANGE's form). */
export function parsePortRange(text: string): { start: number; end: number } | null {
  const match = /^\s*(\d{1,5})\s*-\s*(\d{1,5})\s*$/.exec(text);
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return start >= 1024 && end <= 65535 && start <= end ? { start, end } : null;
}

/** Whether `text` is a name the node can be told by: not only digits, which would read as an id. */
export function validNodeName(text: unknown): text is string {
  return typeof text === 'string' && NODE_NAME.test(text) && !/^\d+$/.test(text);
}

/** Why an engine address is not one the panel can speak to, or null. */
export function engineAddressProblem(address: string): string | null {
  if (address.startsWith('unix://')) {
    return /^unix:\/\/\/[^\0\s]+$/.test(address) ? null : 'A unix address is unix:///path/to/docker.sock (an absolute path).';
  }
  const tcp = /^tcp:\/\/([^:/\s]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})\/?$/.exec(address);
  if (!tcp) return 'Enter unix:///var/run/docker.sock or tcp://HOST:PORT.';
  const host = tcp[1].replace(/^\[|\]$/g, '');
  if (!isIP(host) && !DNS_NAME.test(host)) return 'The engine’s host is neither a host name nor an IP address.';
  const port = Number(tcp[2]);
  return port >= 1 && port <= 65535 ? null : 'The engine’s port is from 1 to 65535.';
}

/**
 * Checks PEM material: the CA and the certificate are X.509 certificates, the key a private key,
 * and the key belongs to the certificate. Adds one message per field at fault.
 */
export function checkTls(tls: unknown, errors: FieldErrors): NodeTls | null {
  if (typeof tls !== 'object' || tls === null) {
    errors.add('tls', 'Give the engine’s CA, the panel’s client certificate and its key (PEM).');
    return null;
  }
  const { ca, cert, key } = tls as Partial<Record<keyof NodeTls, unknown>>;
  let certificate: X509Certificate | null = null;
  for (const [field, value] of [
    ['ca', ca],
    ['cert', cert],
  ] as const) {
    try {
      if (typeof value !== 'string' || !CERTIFICATE.test(value.trim())) throw new Error('not PEM');
      const parsed = new X509Certificate(value);
      if (field === 'cert') certificate = parsed;
    } catch {
      errors.add(`tls.${field}`, 'This is not a PEM certificate (-----BEGIN CERTIFICATE----- …).');
    }
  }
  try {
    if (typeof key !== 'string') throw new Error('not PEM');
    const privateKey = createPrivateKey(key);
    if (certificate && !certificate.checkPrivateKey(privateKey)) errors.add('tls.key', 'This key does not belong to the client certificate.');
  } catch {
    errors.add('tls.key', 'This is not a PEM private key (-----BEGIN PRIVATE KEY----- …).');
  }
  return typeof ca === 'string' && typeof cert === 'string' && typeof key === 'string' ? { ca, cert, key } : null;
}

/** An optional size in MiB: a whole number of at least 1, or null for no limit. */
export function checkSize(field: string, value: unknown, errors: FieldErrors): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1_000_000_000) {
    errors.add(field, 'Enter a whole number of MiB (at least 1), or leave it empty for no limit.');
    return null;
  }
  return value;
}

/** The public address of a docker node: the engine publishes the servers' ports on this IP. */
export function publicHostProblem(value: unknown): string | null {
  return typeof value === 'string' && isIP(value.trim()) ? null : 'Enter the node’s IP address (the servers’ ports are published on it).';
}
