import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { COMPRESS_MIN_BYTES, encodedAnswer } from '../lib/compressedAnswer';

// JSON (listings, search results, logs of activity, the API document, translations) and text
// (files opened in the editor, CSV exports) shrink five- to twentyfold.
const COMPRESSIBLE_TYPE = /^(application\/json|text\/)/i;

/** Adds Accept-Encoding to the reply's Vary, keeping what other parts put there. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/**
 * Sends every large JSON or text answer compressed (br, else gzip) to clients that take it.
 * Answers already encoded (the web app's pre-compressed files) and streams (downloads) go as
 * they are. A route that hands out the same Buffer again, like an unchanged folder listing, gets
 * the compressed copy made the first time (see compressAnswer).
 */
export const compressionPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    varyOnEncoding(reply);
    // A string of fewer than a third of the bound in characters is under it in UTF-8 bytes too.
    if (typeof payload === 'string' && payload.length * 3 < COMPRESS_MIN_BYTES) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const { bytes, encoding } = await encodedAnswer(body, request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    return bytes;
  });
});
