import { createHash, createPublicKey } from 'node:crypto';

/** The key types SFTP accepts: modern curves, and RSA of at least MIN_RSA_BITS. */
const ACCEPTED_TYPES = new Set(['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'ssh-rsa']);
export const MIN_RSA_BITS = 2048;
/** An OpenSSH public key line is a few hundred bytes; RSA 16384 stays well under this. */
export const MAX_PUBLIC_KEY_LENGTH = 8192;

/** A public key as stored: its type, OpenSSH one-line form (no comment) and SHA256 fingerprint. */
export interface PublicKey {
  algorithm: string;
  publicKey: string;
  fingerprint: string;
}

/** Why a pasted key is refused (the message is shown under the field). */
export class PublicKeyError extends Error {}

/** `SHA256:…` of the key's wire form, as `ssh-keygen -l` prints it. */
export function fingerprintOf(wireKey: Buffer): string {
  return `SHA256:${createHash('sha256').update(wireKey).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Reads one OpenSSH public key line (`ssh-ed25519 AAAA… comment`). A private key, a DSA key, an
 * RSA key under 2048 bits, a certificate or anything unreadable is refused: only the public half
 * of a strong key is ever stored.
 */
export async function parsePublicKey(text: string): Promise<PublicKey> {
  const line = text.trim();
  if (line.length === 0) throw new PublicKeyError('Paste a public key.');
  if (line.length > MAX_PUBLIC_KEY_LENGTH || /PRIVATE KEY/.test(line)) throw new PublicKeyError('This is not a public key. Paste the .pub file, never the private key.');
  if (/\n/.test(line)) throw new PublicKeyError('Paste one key, on one line.');
  // ssh2 is loaded by the first key read: most starts of the panel never see one. It is CommonJS
  // whose exports Node cannot list for an import, so its `utils` are reached through the default.
  const { utils } = (await import('ssh2')).default;
  const parsed = utils.parseKey(line);
  if (parsed instanceof Error || Array.isArray(parsed)) throw new PublicKeyError('This is not an OpenSSH public key (ssh-ed25519, ecdsa-sha2-… or ssh-rsa).');
  if (parsed.isPrivateKey()) throw new PublicKeyError('This is not a public key. Paste the .pub file, never the private key.');
  if (!ACCEPTED_TYPES.has(parsed.type)) throw new PublicKeyError('Use an Ed25519, ECDSA or RSA key (DSA and other kinds are refused).');
  if (parsed.type === 'ssh-rsa') {
    const bits = createPublicKey(parsed.getPublicPEM()).asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) throw new PublicKeyError(`RSA keys need at least ${MIN_RSA_BITS} bits (this one has ${bits}).`);
  }
  const wire = parsed.getPublicSSH();
  return { algorithm: parsed.type, publicKey: `${parsed.type} ${wire.toString('base64')}`, fingerprint: fingerprintOf(wire) };
}
