import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/** Sent on every answer of the translation service, which serves panels on other hosts. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, Accept-Language',
  'access-control-max-age': '86400',
};

/** OPTIONS /api/languagelist and /api/language: the CORS preflight answers (headers come from the area's hook). */
export async function translationPreflightRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const url of ['/api/languagelist', '/api/language']) {
    r.options(url, { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  }
}
