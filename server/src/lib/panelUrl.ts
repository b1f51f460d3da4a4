import type { FastifyRequest } from 'fastify';

/**
 * The panel's address for links sent to people (mails, login links): PANEL_URL when set (needed
 * behind a reverse proxy, where the request's own address is the proxy's), else the address
 * this request reached.
 */
export function panelUrl(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
