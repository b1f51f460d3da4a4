import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { chooseEncoding, type AnswerEncoding } from '../lib/compressedAnswer';
import { escapeMarkupAttribute, escapeMarkupText } from '../lib/markupEscape';
import type { PanelBranding } from '../schemas/panelSettings';
import { LOGIN_REQUIRED_ATTRIBUTE, preloadTags, routePreloadsAt, type RoutePreloads, type builtRoutePreloads } from './routePreloads';

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
 * it has one; with `preloads`, the opened route's code preloaded at the end of the head, and a
 * page for logged-in users marked as one (see routePreloads.ts). A page without a head is left as
 * it is.
 */
export function brandedIndexHtml(html: string, branding: PanelBranding, preloads: RoutePreloads | null = null): string {
  const head = html.search(/<\/head>/i);
  if (head < 0) return html;
  const meta = `<meta name="${BRANDING_META_NAME}" content="${escapeAttribute(JSON.stringify(branding))}">`;
  let page = `${html.slice(0, head)}${preloads ? preloadTags(preloads.files) : ''}${meta}${html.slice(head)}`;
  if (preloads?.loginRequired) page = page.replace(/<html\b/i, `<html ${LOGIN_REQUIRED_ATTRIBUTE}`);
  if (branding.brand_name !== '')
    page = page.replace(/(<span data-ff-brand-name(?:="[^"]*")?>)[^<]*(<\/span>)/g, (_, open: string, close: string) => `${open}${escapeMarkupText(branding.brand_name)}${close}`);
  return page;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The page's bytes, with an ETag, plain and compressed (each encoding made once, when first asked for). */
interface RenderedPage {
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

/** Options of {@link brandedIndexPage}. */
export interface BrandedIndexPageOptions {
  /** The build's route preloads (routePreloads.ts): each route's page preloads its code. */
  routePreloads?: ReturnType<typeof builtRoutePreloads>;
}

/**
 * index.html of `indexPath` with the branding `branding()` answers and the preloads of the route
 * `pathname` opens, for a browser's Accept-Encoding. A page is made again only when the file (a
 * new build), the branding or the route table changes, and kept per route (a few dozen pages at
 * most); the compressed copies use the strongest settings, as the build's own pre-compressed
 * files do, since they are made once per change and not per request.
 */
export function brandedIndexPage(
  indexPath: string,
  branding: () => Promise<PanelBranding>,
  { routePreloads }: BrandedIndexPageOptions = {},
): (acceptEncoding: string | undefined, pathname?: string) => Promise<IndexPageAnswer> {
  let pages = new Map<number, RenderedPage>();
  let pagesOf: { key: string; routes: unknown } | null = null;
  return async (acceptEncoding, pathname = '/') => {
    const [info, values, routes] = await Promise.all([stat(indexPath), branding(), routePreloads?.() ?? null]);
    const key = `${info.mtimeMs}:${info.size}:${JSON.stringify(values)}`;
    // A new build, branding or table: every route's page is made again.
    if (pagesOf?.key !== key || pagesOf.routes !== routes) {
      pages = new Map();
      pagesOf = { key, routes };
    }
    const preloads = routes ? routePreloadsAt(routes, pathname) : null;
    let page = pages.get(preloads?.route ?? -1);
    if (!page) {
      const plain = Buffer.from(brandedIndexHtml(await readFile(indexPath, 'utf8'), values, preloads));
      page = { plain, etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`, encoded: new Map() };
      pages.set(preloads?.route ?? -1, page);
    }
    const encoding = chooseEncoding(acceptEncoding);
    if (!encoding) return { body: page.plain, encoding: null, etag: page.etag };
    let copy = page.encoded.get(encoding);
    if (!copy) {
      const { plain, encoded } = page;
      copy = encoding === 'br' ? brotliAsync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }) : gzipAsync(plain, { level: 9 });
      encoded.set(encoding, copy);
      // A failed compression is not remembered: the next request tries again.
      copy.catch(() => encoded.delete(encoding));
    }
    return { body: await copy, encoding, etag: page.etag };
  };
}
