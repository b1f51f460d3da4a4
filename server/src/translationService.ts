import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { registerErrorHandler } from './plugins/errorHandler';
import { translationRoutes } from './routes/translations/index';

export interface TranslationServiceOptions {
  /** Directory with languages.json and the dictionaries; default server/translations. */
  dir?: string;
  logLevel?: string;
}

/** The translation service on its own (no database, no panel API), for `npm run translations`. */
export async function buildTranslationService({ dir, logLevel = 'info' }: TranslationServiceOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: logLevel } }).withTypeProvider<TypeBoxTypeProvider>();
  registerErrorHandler(app);
  await app.register(translationRoutes, { dir });
  return app;
}
