import type { FastifyInstance } from 'fastify';
import { defaultTranslationsDir, TranslationStore } from '../../services/translations/translationStore';
import { CORS_HEADERS, translationPreflightRoutes } from './cors';
import { languageListRoute } from './language-list';
import { languageRoute } from './language';

export interface TranslationRoutesOptions {
  /** Directory with languages.json and <code>.json; default server/translations. */
  dir?: string;
}

/**
 * The translation service: GET /api/languagelist and GET /api/language?code=xx&ns=translation.
 * Open to every origin (it serves panels on other hosts), on these routes only. Not part of the
 * /api/v2 contract, so hidden from the OpenAPI document.
 */
export async function translationRoutes(app: FastifyInstance, opts: TranslationRoutesOptions): Promise<void> {
  const store = new TranslationStore(opts.dir ?? defaultTranslationsDir());

  // Hooks of this plugin apply to its routes only: CORS stays off for the rest of the panel.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(CORS_HEADERS);
  });

  await app.register(translationPreflightRoutes);
  await app.register(languageListRoute, { store });
  await app.register(languageRoute, { store });
}
