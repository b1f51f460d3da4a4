import type { FastifyRequest } from 'fastify';
import type { SharingCall } from '../../services/sharing/SharingCall';

/** The sharing services' view of a request the server-access check has passed. */
export function sharingCallOf(request: FastifyRequest): SharingCall {
  return { access: request.serverAccess!, user: request.user!, ip: request.ip };
}
