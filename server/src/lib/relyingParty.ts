import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { panelOrigin } from './panelUrl';

/**
 * Who the panel is to WebAuthn: its RP ID (a domain) and the origins an assertion may come from.
 * Both follow the panel's public address (PANEL_URL, else the address it listens on), never a
 * request's Host header, so a forged header cannot choose what a passkey is checked against.
 */
export interface RelyingParty {
  /** The RP ID: the host name of the panel's public address. */
  id: string;
  /** Shown by the browser and the authenticator next to the account. */
  name: string;
  /** Origins whose ceremonies are accepted: the panel's own, and allowed ones on the same RP ID. */
  origins: string[];
}

/** Why passkeys are off: the panel's address is no domain browsers accept as RP ID. */
export const PASSKEYS_UNAVAILABLE = 'Passkeys need the panel to be reached by a domain name over HTTPS (set PANEL_URL).';

/** The name authenticators show for the panel's passkeys. */
export const RELYING_PARTY_NAME = 'Game Panel';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The relying party of a panel whose public address is `panelOrigin`, or null when passkeys cannot
 * work there: browsers refuse an IP address as RP ID and need HTTPS except on localhost. A panel on
 * a loopback address without PANEL_URL is reached as http://localhost:PORT for passkeys.
 * `allowedOrigins` (PANEL_ALLOWED_ORIGINS) count when they share the RP ID (a web app served
 * from another port or a subdomain).
 */
export function relyingPartyOf(panelOrigin: string, allowedOrigins: string[] = []): RelyingParty | null {
  let url: URL;
  try {
    url = new URL(panelOrigin);
  } catch {
    return null;
  }
  if (LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
  const id = url.hostname;
  const isIp = /^[\d.]+$/.test(id) || id.startsWith('[');
  if (isIp || (url.protocol !== 'https:' && id !== 'localhost')) return null;
  const sameRp = allowedOrigins.filter((origin) => {
    try {
      const host = new URL(origin).hostname;
      return host === id || host.endsWith(`.${id}`);
    } catch {
      return false;
    }
  });
  return { id, name: RELYING_PARTY_NAME, origins: [url.origin, ...sameRp.map((origin) => new URL(origin).origin)] };
}

/**
 * The panel's relying party ({@link relyingPartyOf} of its public address), or 400 with the
 * reason when passkeys cannot work where the panel is reached.
 */
export function panelRelyingParty(app: FastifyInstance): RelyingParty {
  const rp = relyingPartyOf(panelOrigin(app), app.config.allowedOrigins);
  if (!rp) throw new HttpError(400, PASSKEYS_UNAVAILABLE);
  return rp;
}
