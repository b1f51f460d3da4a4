import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A 256-bit key for one purpose, derived from the panel secret (HKDF-SHA256). */
function keyFor(panelSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(panelSecret, 'utf8'), Buffer.alloc(0), Buffer.from(`panel:${purpose}`, 'utf8'), 32));
}

/**
 * Encrypts a secret for storage (AES-256-GCM with a key derived from the panel secret and a
 * purpose, a fresh 96-bit nonce each time). Answers `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
export function sealSecret(panelSecret: string, purpose: string, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(panelSecret, purpose), nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what sealSecret stored; throws when the value was changed or the panel secret differs. */
export function openSecret(panelSecret: string, purpose: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('Not a sealed secret.');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(panelSecret, purpose), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
