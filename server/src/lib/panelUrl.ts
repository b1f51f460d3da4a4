import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Hosts that mean "every address" when listened on: a browser reaches them as localhost. */
const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

/** A listening host as it stands in a URL (IPv6 addresses in brackets). */
function urlHost(host: string): string {
  if (WILDCARD_HOSTS.has(host)) return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The panel's own address for links sent to people (reset mails, invitations, login links,
 * billing returns): PANEL_URL when set (needed behind a reverse proxy or TLS terminator), else the
 * address the panel listens on (HOST and the port it bound). Never the request's Host or
 * X-Forwarded-Host: whoever sends a request must not decide where a mailed link points, or a
 * forged header would mail a victim a reset link to the forger's site.
 */
export function panelOrigin(app: FastifyInstance): string {
  const { publicUrl, host, port } = app.config;
  if (publicUrl) return publicUrl;
  // PORT=0 picks a free port at start: the bound one is the address (absent before listening).
  const address = app.server.address();
  const boundPort = address && typeof address === 'object' ? address.port : port;
  return `http://${urlHost(host)}:${boundPort}`;
}

/** {@link panelOrigin} of the app that serves the request (the request itself does not count). */
export function panelUrl(request: FastifyRequest): string {
  return panelOrigin(request.server);
}
