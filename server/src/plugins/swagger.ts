import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';

/** The OpenAPI document, generated from the routes' TypeBox schemas, served at /api/v2/openapi.json. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Game panel API', version: '2.0.0', description: 'The panel API. Errors: `{ message }`; 422: `{ message, errors: { field: [messages] } }`.' },
        servers: [{ url: '/api/v2' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      // Paths in the document are relative to the server URL above.
      transform: ({ schema, url }) => ({ schema, url: url.startsWith('/api/v2') ? url.slice('/api/v2'.length) || '/' : url }),
    });
  },
  { name: 'swagger' },
);
