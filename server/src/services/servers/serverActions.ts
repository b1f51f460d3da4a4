import type { FastifyInstance } from 'fastify';
import type { ServerRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { PermissionKey } from '../../schemas/permissions';
import { ConsoleInputError, RuntimeConflictError, type PowerSignal } from '../../runtime/types';
import { recordAudit } from '../audit/audit';

/** The permission a power action needs (a kill is a forced stop). */
export function powerPermission(signal: PowerSignal): PermissionKey {
  return signal === 'start' ? 'control.start' : signal === 'restart' ? 'control.restart' : 'control.stop';
}

/** Runtime refusals (suspended, offline, installing …) become a 409 with their message. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof RuntimeConflictError || error instanceof ConsoleInputError) return new HttpError(409, error.message);
  return error;
}

/** Carries out a power action and records it in the server's audit log. */
export async function runPowerAction(app: FastifyInstance, server: ServerRow, actorId: number, ip: string, signal: PowerSignal): Promise<void> {
  try {
    await app.runtime.power(server, signal);
  } catch (error) {
    throw asHttpError(error);
  }
  await recordAudit(app.db, { actorId, serverUuid: server.uuid, event: `server.power.${signal}`, ip });
}

/** Sends a console command and records it (with its text) in the server's audit log. */
export async function runServerCommand(app: FastifyInstance, server: ServerRow, actorId: number, ip: string, command: string): Promise<void> {
  try {
    await app.runtime.sendCommand(server, command);
  } catch (error) {
    throw asHttpError(error);
  }
  await recordAudit(app.db, { actorId, serverUuid: server.uuid, event: 'server.console.command', ip, properties: { command } });
}
