import { uploadName } from '../receiveUpload';

function fromContentDisposition(header: string | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

function fromPath(url: URL): string | null {
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The name a pulled file is saved as when none was given: the server's Content-Disposition,
 * else the last part of the URL's path, else "download". A name that is not a plain file name
 * (folders, `..`) is never used as it is.
 */
export function pulledFileName(url: URL, contentDisposition: string | undefined): string {
  for (const candidate of [fromContentDisposition(contentDisposition), fromPath(url)]) {
    if (!candidate) continue;
    const base = candidate.split(/[/\\]/).pop() ?? '';
    try {
      return uploadName(base);
    } catch {
      // not usable; try the next source
    }
  }
  return 'download';
}
