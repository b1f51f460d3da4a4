import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TranslationStore } from '../../services/translations/translationStore';

/** GET /api/languagelist: the languages the panel is translated into. */
export async function languageListRoute(app: FastifyInstance, opts: { store: TranslationStore }): Promise<void> {
  const { store } = opts;
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/languagelist', { schema: { hide: true } }, async () => store.languages());
}
