import { randomBytes } from 'node:crypto';

/**
 * The hidden names the panel's own file effects work under before the result gets its real name.
 * Each is made with 12 random hex digits, so no game file matches; only a crash (or a stop
 * mid-effect) leaves one behind, which the driver removes when it opens.
 */

/** The staging folders of uploads. */
export const UPLOAD_STAGING = /^\.upload-[0-9a-f]{12}$/;
/** The staging folders of extractions. */
export const EXTRACT_STAGING = /^\.extract-[0-9a-f]{12}$/;

/** Every staging name: uploads, extractions, half-made copies, temporary files of writes and pulls, an install's download. */
export const STAGING_LEFTOVERS: readonly RegExp[] = [UPLOAD_STAGING, EXTRACT_STAGING, /^\.copy-[0-9a-f]{12}$/, /^\.[0-9a-f]{12}\.tmp$/, /^\.download-[0-9a-f]{12}$/];

/** Whether `name` is one of the panel's staging names. */
export const isStagingLeftover = (name: string): boolean => STAGING_LEFTOVERS.some((pattern) => pattern.test(name));

/** A new staging name with `prefix` (`.upload-`, `.extract-`): 12 random hex digits. */
export function stagingName(prefix: '.upload-' | '.extract-'): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}
