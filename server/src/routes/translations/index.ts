import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors';
import { defaultTranslationsDir, TranslationStore } from '../../services/translations/translationStore';

export interface TranslationRoutesOptions {
  /** Directory with languages.json and <code>.json; default server/translations. */
  dir?: string;
}

const LanguageQuerySchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 16 }),
  ns: Type.Optional(Type.String({ maxLength: 32 })),
});

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, Accept-Language',
  'access-control-max-age': '86400',
};

/**
 * The translation service: GET /api/languagelist and GET /api/language?code=xx&ns=translation.
 * Open to every origin (it serves panels on other hosts), on these routes only. Not part of the
 * /api/v2 contract, so hidden from the OpenAPI document.
 */
export async function translationRoutes(app: FastifyInstance, opts: TranslationRoutesOptions): Promise<void> {
  const store = new TranslationStore(opts.dir ?? defaultTranslationsDir());
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // Hooks of this plugin apply to its routes only: CORS stays off for the rest of the panel.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(CORS_HEADERS);
  });

  for (const url of ['/api/languagelist', '/api/language']) {
    r.options(url, { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  }

  r.get('/api/languagelist', { schema: { hide: true } }, async () => store.languages());

  r.get('/api/language', { schema: { hide: true, querystring: LanguageQuerySchema } }, async (request) => {
    // Only the default namespace exists; anything else is as unknown as a missing language.
    const ns = request.query.ns ?? 'translation';
    const dictionary = ns === 'translation' ? await store.dictionary(request.query.code) : null;
    if (!dictionary) throw notFound('Language');
    return dictionary;
  });
}
