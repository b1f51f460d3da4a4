import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { PermissionKey } from '../../schemas/permissions';
import { ConsoleInputError, RuntimeConflictError, type PowerSignal } from '../../runtime/types';
import { recordAudit, type Actor } from '../audit/audit';
import type { BackupService } from '../backups/BackupService';
import { backupNameBeforeReinstall, textsFor } from '../translations/panelTexts';
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

/** What a reinstall needs of the backups: a backup made and finished before the install runs. */
export type ReinstallBackups = Pick<BackupService, 'create' | 'waitFor' | 'find' | 'limitOf'>;

/**
 * Installs a stopped server again from its template (`server.reinstall`, with the install status
 * it had). Refused with 409 while it is suspended, installing or not offline. When its plan
 * includes backups, a backup is made first (refused with its reason when none can be made, so
 * nothing is lost without a copy); the install runs once the backup has finished, and not at all
 * when it fails. The install runs on after the answer; its progress reaches the console.
 */
export async function reinstallServer({ db, runtime }: ServerActionContext, server: ServerRow, actor: Actor, backups?: ReinstallBackups): Promise<{ backup: string | null }> {
  if (server.suspended) throw new HttpError(409, 'The server is suspended.');
  if (server.installStatus === 'installing') throw new HttpError(409, 'The server is already being installed.');
  if (runtime.state(server.uuid) !== 'offline') throw new HttpError(409, 'Stop the server before reinstalling it.');
  let backup: string | null = null;
  if (backups && (await backups.limitOf(server)) > 0) {
    const t = await textsFor(db, actor.userId);
    backup = (await backups.create(server, { name: backupNameBeforeReinstall(t) }, actor)).uuid;
  }
  await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.reinstall', ip: actor.ip, properties: { previous: server.installStatus, backup } });
  const made = backup;
  const before =
    made && backups
      ? async () => {
          await backups.waitFor(made);
          const row = await backups.find(server, made);
          if (row.state !== 'completed') throw new Error(`the backup before it failed (${row.error ?? 'unknown error'}).`);
        }
      : undefined;
  void runtime.install(server, { before });
  return { backup };
}
