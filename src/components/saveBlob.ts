/** How long a saved file's blob address stays valid: the browser reads it when the download starts, which a busy machine delays. */
export const SAVED_BLOB_LIFETIME_MS = 60_000;

/**
 * Saves `blob` as a file named `name` through the browser's download (a link clicked in the
 * page). The blob's address is revoked a minute later, not at once: revoked before the browser has
 * read it, the download fails (Firefox) or never starts.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), SAVED_BLOB_LIFETIME_MS);
}
