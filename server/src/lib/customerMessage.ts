import { HttpError } from './errors';

/**
 * What a customer reads when the panel failed for a reason that is not theirs to fix (a file the
 * panel could not write, a process it could not start). The web app shows it in the customer's
 * language: keep it word for word as `PANEL_FAILURE` in src/features/console/panelMessages.ts.
 */
export const PANEL_FAILURE = 'The panel could not carry out this action. Try again; if it keeps failing, contact support.';

/** Errors whose message was written for customers (a refusal such as "The server is already running."). */
type CustomerFacing = new (...args: never[]) => Error;

/**
 * The sentence a customer may see for `error`: the message of an error written for them
 * (HttpError and the `facing` classes), otherwise {@link PANEL_FAILURE}. The caller logs the error
 * itself: host paths, addresses and tool output belong in the panel's log, never on a screen.
 */
export function customerMessage(error: unknown, facing: readonly CustomerFacing[] = []): string {
  if (error instanceof HttpError) return error.message;
  if (facing.some((kind) => error instanceof kind)) return (error as Error).message;
  return PANEL_FAILURE;
}

/**
 * The reason a job (a software switch, a modpack install) shows for `error`: its own message,
 * unless it is an error of the operating system (it names a system call and host paths, such as
 * "EXDEV: cross-device link not permitted, rename '/proc/self/fd/…'"), which the log keeps.
 */
export function jobFailureReason(error: unknown): string {
  if (typeof (error as NodeJS.ErrnoException | null)?.syscall === 'string') return PANEL_FAILURE;
  return (error as Error | null)?.message || String(error);
}
