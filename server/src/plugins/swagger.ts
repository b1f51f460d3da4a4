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
      // Shared schemas (app.addSchema with an $id such as 'User') keep their $id as the component
      // name, so the generated client types are named after them instead of def-N.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
      },
    });
  },
  { name: 'swagger' },
);
