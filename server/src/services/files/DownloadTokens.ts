import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed download URL grants: one file of one server, for one user, until `expiresAt` (ms). */
export interface DownloadGrant {
  serverUuid: string;
  userId: number;
  path: string;
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// 16 bytes of uuid, 4 of user id, 4 of expiry (seconds): 32 characters in base64url.
const PAYLOAD_BYTES = 24;
const SIGNATURE_BYTES = 16;

/**
 * Short-lived download URLs that need no bearer token (a browser download cannot send one).
 * The grant travels in the URL, signed with an HMAC of the panel's secret, so nothing is stored
 * and nobody can change the server, user, file or expiry without breaking the signature. The
 * token stays short (65 characters, under the router's limit for a path parameter); the file's
 * path, covered by the signature, travels in the query string.
 */
export class DownloadTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, so a download signature can never stand in for another signed value.
    this.key = createHmac('sha256', secret).update('panel.file-download.v1').digest();
  }

  private sign(payload: Buffer, path: string): Buffer {
    return createHmac('sha256', this.key).update(payload).update('\0').update(path, 'utf8').digest().subarray(0, SIGNATURE_BYTES);
  }

  /** The token for the grant (the expiry is kept to the second). */
  issue(grant: DownloadGrant): string {
    if (!UUID.test(grant.serverUuid)) throw new Error('A download grant needs a server uuid.');
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    Buffer.from(grant.serverUuid.replace(/-/g, ''), 'hex').copy(payload, 0);
    payload.writeUInt32BE(grant.userId, 16);
    payload.writeUInt32BE(Math.floor(grant.expiresAt / 1000), 20);
    return `${payload.toString('base64url')}.${this.sign(payload, grant.path).toString('base64url')}`;
  }

  /** The grant of a valid, unexpired token for `path`; null for anything else. */
  verify(token: string, path: string, now = Date.now()): DownloadGrant | null {
    const [encoded, signature, extra] = token.split('.');
    if (!encoded || !signature || extra !== undefined) return null;
    const payload = Buffer.from(encoded, 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (payload.length !== PAYLOAD_BYTES || given.length !== SIGNATURE_BYTES || !timingSafeEqual(this.sign(payload, path), given)) return null;
    const hex = payload.subarray(0, 16).toString('hex');
    const serverUuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const expiresAt = payload.readUInt32BE(20) * 1000;
    return expiresAt > now ? { serverUuid, userId: payload.readUInt32BE(16), path, expiresAt } : null;
  }
}
