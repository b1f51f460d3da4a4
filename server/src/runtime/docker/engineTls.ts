import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';

/** TLS material of a remote engine (PEM text): the node's CA, and the panel's client certificate and key. */
export interface EngineTls {
  ca: string;
  cert: string;
  key: string;
}

/** What a host needs to know about a node's TLS material: who the certificates name and when they run out. */
export interface EngineTlsSummary {
  caSubject: string;
  caExpiresAt: string;
  clientSubject: string;
  clientExpiresAt: string;
  /** Whole days until the first of the two runs out (negative once expired). */
  daysLeft: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const certificateBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function parseCertificates(pem: string, what: string): X509Certificate[] {
  const blocks = typeof pem === 'string' ? (pem.match(certificateBlock) ?? []) : [];
  if (!blocks.length) throw new Error(`${what} is not a PEM certificate (no "-----BEGIN CERTIFICATE-----" block).`);
  return blocks.map((block) => {
    try {
      return new X509Certificate(block);
    } catch (error) {
      throw new Error(`${what} is not a readable PEM certificate: ${(error as Error).message}.`, { cause: error });
    }
  });
}

function parseKey(pem: string): KeyObject {
  // The panel has no one to ask for a passphrase when it connects.
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem)) {
    throw new Error('The client key (tls.key) is not a readable PEM private key: it is encrypted; give the key without a passphrase.');
  }
  try {
    return createPrivateKey(pem);
  } catch (error) {
    throw new Error(`The client key (tls.key) is not a readable PEM private key: ${(error as Error).message}.`, { cause: error });
  }
}

const when = (certificate: X509Certificate, field: 'validFrom' | 'validTo') => new Date(certificate[field]);

function checkDates(certificate: X509Certificate, what: string, now: Date): void {
  if (when(certificate, 'validTo') < now) throw new Error(`${what} expired on ${when(certificate, 'validTo').toISOString()}; make a new one with the node's CA.`);
  if (when(certificate, 'validFrom') > now) throw new Error(`${what} is not valid before ${when(certificate, 'validFrom').toISOString()} (is this machine's clock right?).`);
}

/**
 * Checks a node's TLS material before any connection uses it: each piece is readable PEM, the
 * key belongs to the client certificate, and neither the CA nor the certificate has expired (or
 * is not valid yet). Throws an error naming the piece and what is wrong with it.
 */
export function checkEngineTls(tls: EngineTls, dockerHost = 'the engine', now = new Date()): void {
  const prefix = `The TLS material for ${dockerHost} is not usable: `;
  try {
    const cas = parseCertificates(tls.ca, 'The CA (tls.ca)');
    const [client] = parseCertificates(tls.cert, 'The client certificate (tls.cert)');
    const key = parseKey(tls.key);
    if (!client.checkPrivateKey(key)) throw new Error('the client key (tls.key) does not belong to the client certificate (tls.cert).');
    for (const ca of cas) checkDates(ca, `The CA (tls.ca) "${ca.subject.replace(/\n/g, ', ')}"`, now);
    checkDates(client, 'The client certificate (tls.cert)', now);
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(prefix + message.charAt(0).toLowerCase() + message.slice(1), { cause: error });
  }
}

/** The subjects and expiry dates of a node's TLS material (checked first, as by checkEngineTls). */
export function describeEngineTls(tls: EngineTls, now = new Date()): EngineTlsSummary {
  checkEngineTls(tls, 'the engine', now);
  const [ca] = parseCertificates(tls.ca, 'The CA (tls.ca)');
  const [client] = parseCertificates(tls.cert, 'The client certificate (tls.cert)');
  const first = Math.min(when(ca, 'validTo').getTime(), when(client, 'validTo').getTime());
  return {
    caSubject: ca.subject.replace(/\n/g, ', '),
    caExpiresAt: when(ca, 'validTo').toISOString(),
    clientSubject: client.subject.replace(/\n/g, ', '),
    clientExpiresAt: when(client, 'validTo').toISOString(),
    daysLeft: Math.floor((first - now.getTime()) / DAY_MS),
  };
}
