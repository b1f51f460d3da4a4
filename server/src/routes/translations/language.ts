import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors';
import type { TranslationStore } from '../../services/translations/translationStore';

const LanguageQuerySchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 16 }),
  ns: Type.Optional(Type.String({ maxLength: 32 })),
});

/** GET /api/language?code=xx&ns=translation: one language's dictionary. */
export async function languageRoute(app: FastifyInstance, opts: { store: TranslationStore }): Promise<void> {
  const { store } = opts;
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/language', { schema: { hide: true, querystring: LanguageQuerySchema } }, async (request) => {
    // Only the default namespace exists; anything else is as unknown as a missing language.
    const ns = request.query.ns ?? 'translation';
    const dictionary = ns === 'translation' ? await store.dictionary(request.query.code) : null;
    if (!dictionary) throw notFound('Language');
    return dictionary;
  });
}
