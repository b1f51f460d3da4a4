import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { chooseEncoding, type AnswerEncoding } from '../lib/compressedAnswer';
import { escapeMarkupAttribute, escapeMarkupText } from '../lib/markupEscape';
import type { PanelBranding } from '../schemas/panelSettings';

/*
 * index.html as the panel serves it: the built page with the panel's branding written into it.
 * Every page asks for the branding first (the brand in the side bar, the log-in card, whether
 * sign-up is open); carried by the page itself, it costs no request after the panel's code has
 * started, and the first frame index.html paints before any script already shows the host's name
 * instead of "Game Panel".
 */

/** The name of the meta element carrying the branding as JSON (read by the web app's src/api/pageBranding.ts). */
export const BRANDING_META_NAME = 'panel-branding';

// The meta's content is in double quotes; a single quote is written as an entity too, for any reader.
const escapeAttribute = (value: string) => escapeMarkupAttribute(value).replace(/'/g, '&#39;');

/**
 * `html` with the branding: a `<meta name="panel-branding" content="{json}">` at the end of the
 * head, and the host's name in the first frame's brand (the spans marked data-ff-brand-name) when
 * it has one. A page without a head is left as it is.
 */
export function brandedIndexHtml(html: string, branding: PanelBranding): string {
  const head = html.search(/<\/head>/i);
  if (head < 0) return html;
  const meta = `<meta name="${BRANDING_META_NAME}" content="${escapeAttribute(JSON.stringify(branding))}">`;
  let page = `${html.slice(0, head)}${meta}${html.slice(head)}`;
  if (branding.brand_name !== '')
    page = page.replace(/(<span data-ff-brand-name(?:="[^"]*")?>)[^<]*(<\/span>)/g, (_, open: string, close: string) => `${open}${escapeMarkupText(branding.brand_name)}${close}`);
  return page;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The page's bytes, with an ETag, plain and compressed (each encoding made once, when first asked for). */
interface RenderedPage {
  key: string;
  etag: string;
  plain: Buffer;
  encoded: Map<AnswerEncoding, Promise<Buffer>>;
}

/** What to send for one request for the page. */
export interface IndexPageAnswer {
  body: Buffer;
  encoding: AnswerEncoding | null;
  etag: string;
}

/**
 * index.html of `indexPath` with the branding `branding()` answers, for a browser's
 * Accept-Encoding. The page is made again only when the file (a new build) or the branding
 * changes; the compressed copies use the strongest settings, as the build's own pre-compressed
 * files do, since they are made once per change and not per request.
 */
export function brandedIndexPage(indexPath: string, branding: () => Promise<PanelBranding>): (acceptEncoding: string | undefined) => Promise<IndexPageAnswer> {
  let current: RenderedPage | null = null;
  return async (acceptEncoding) => {
    const [info, values] = await Promise.all([stat(indexPath), branding()]);
    const key = `${info.mtimeMs}:${info.size}:${JSON.stringify(values)}`;
    if (current?.key !== key) {
      const plain = Buffer.from(brandedIndexHtml(await readFile(indexPath, 'utf8'), values));
      current = { key, plain, etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`, encoded: new Map() };
    }
    const page = current;
    const encoding = chooseEncoding(acceptEncoding);
    if (!encoding) return { body: page.plain, encoding: null, etag: page.etag };
    let copy = page.encoded.get(encoding);
    if (!copy) {
      copy =
        encoding === 'br' ? brotliAsync(page.plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: page.plain.length } }) : gzipAsync(page.plain, { level: 9 });
      page.encoded.set(encoding, copy);
      // A failed compression is not remembered: the next request tries again.
      copy.catch(() => page.encoded.delete(encoding));
    }
    return { body: await copy, encoding, etag: page.etag };
  };
}
