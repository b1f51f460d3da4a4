import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/**
 * The CSP sources ('sha256-…') of a page's inline scripts (every <script> without src): the
 * Content-Security-Policy allows exactly these, and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    sources.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return sources;
}

/** How long a read of the page's hashes is trusted before the file's time is looked at again. */
const RECHECK_MS = 1000;

/**
 * The inline-script sources of the built web app's index.html, as one CSP directive value. The
 * page is read again when its file changes, because a new build can replace it under a running
 * panel (index.html is served revalidated, so browsers take the new page at once). A missing
 * page (an API-only panel) allows no inline script.
 */
export function builtPageScriptSources(indexPath: string, now: () => number = Date.now): () => string {
  let checkedAt = -Infinity;
  let readMtime = -1;
  let value = '';
  return () => {
    if (now() - checkedAt < RECHECK_MS) return value;
    checkedAt = now();
    let mtime: number;
    try {
      mtime = statSync(indexPath).mtimeMs;
    } catch {
      readMtime = -1;
      value = '';
      return value;
    }
    if (mtime !== readMtime) {
      readMtime = mtime;
      value = inlineScriptHashes(readFileSync(indexPath, 'utf8')).join(' ');
    }
    return value;
  };
}
