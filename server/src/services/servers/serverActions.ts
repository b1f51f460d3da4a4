import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { PermissionKey } from '../../schemas/permissions';
import { ConsoleInputError, RuntimeConflictError, type PowerSignal } from '../../runtime/types';
import { recordAudit, type Actor } from '../audit/audit';
import type { RuntimeManager } from './RuntimeManager';

/** What a customer's actions on a running server work with. */
export interface ServerActionContext {
  db: Database;
  runtime: RuntimeManager;
}

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
export async function runPowerAction({ db, runtime }: ServerActionContext, server: ServerRow, actor: Actor, signal: PowerSignal): Promise<void> {
  try {
    await runtime.power(server, signal);
  } catch (error) {
    throw asHttpError(error);
  }
  await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: `server.power.${signal}`, ip: actor.ip });
}

/** Sends a console command and records it (with its text) in the server's audit log. */
export async function runServerCommand({ db, runtime }: ServerActionContext, server: ServerRow, actor: Actor, command: string): Promise<void> {
  try {
    await runtime.sendCommand(server, command);
  } catch (error) {
    throw asHttpError(error);
  }
  await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.console.command', ip: actor.ip, properties: { command } });
}

/**
 * Installs a stopped server again from its template (`server.reinstall`, with the install status
 * it had). Refused with 409 while it is suspended, installing or not offline. The install runs on
 * after the answer; its progress reaches the console.
 */
export async function reinstallServer({ db, runtime }: ServerActionContext, server: ServerRow, actor: Actor): Promise<void> {
  if (server.suspended) throw new HttpError(409, 'The server is suspended.');
  if (server.installStatus === 'installing') throw new HttpError(409, 'The server is already being installed.');
  if (runtime.state(server.uuid) !== 'offline') throw new HttpError(409, 'Stop the server before reinstalling it.');
  await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.reinstall', ip: actor.ip, properties: { previous: server.installStatus } });
  void runtime.install(server);
}
