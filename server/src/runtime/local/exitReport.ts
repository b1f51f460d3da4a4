import { constants as osConstants } from 'node:os';
import { diskCrashMessage } from '../diskLimit';
import type { CrashInfo } from '../types';

/** Why the panel stopped a run itself (null: it was not asked to stop, a crash). */
export type StopReason = 'user' | 'memory' | 'disk' | 'disk-full' | null;

/**
 * The exit of a sandboxed game as a shell would report it: the sandbox's wrapper answers 128 + n
 * for a game killed by signal n, which reads back as that signal.
 */
export function wrapperExit(code: number | null, signal: NodeJS.Signals | null): { code: number | null; signal: NodeJS.Signals | null } {
  if (signal === null && code !== null && code > 128 && code < 128 + 65) {
    const number = code - 128;
    const name = Object.entries(osConstants.signals).find(([, n]) => n === number)?.[0];
    if (name) return { code: null, signal: name as NodeJS.Signals };
  }
  return { code, signal };
}

/** What a run that ended without being asked to tells the manager (and, for a plain exit, the console). */
export function crashInfoOf(reason: Exclude<StopReason, 'user'>, code: number | null, signal: NodeJS.Signals | null): CrashInfo {
  if (reason === 'memory') return { exitCode: code, signal, reason: 'memory', message: 'The server was killed for using more memory than its plan allows.' };
  if (reason === 'disk' || reason === 'disk-full') {
    return { exitCode: code, signal, reason: 'disk', message: diskCrashMessage(reason) };
  }
  const how = signal ? `signal ${signal}` : code === null ? 'an unknown exit status' : `exit code ${code}`;
  return { exitCode: code, signal, reason: 'exit', message: `The server stopped unexpectedly (${how}).` };
}
