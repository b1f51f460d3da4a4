import Fastify from 'fastify';
import { sharedSchemaStore } from '../../../server/src/lib/sharedSchemaStore';

describe('the shared schema store', () => {
  it('holds each schema as given and resolves references to it in a child context', async () => {
    const app = Fastify({ schemaController: { bucket: sharedSchemaStore } });
    const user = { $id: 'User', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    app.addSchema(user);
    expect(app.getSchema('User')).toBe(user);
    await app.register(async (child) => {
      child.post('/users', { schema: { body: { $ref: 'User#' } } }, async () => ({ ok: true }));
    });
    expect((await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/users', payload: {} })).statusCode).toBe(400);
    await app.close();
  });

  it('refuses a schema without an $id and an $id given twice, as Fastify does', () => {
    const app = Fastify({ schemaController: { bucket: sharedSchemaStore } });
    expect(() => app.addSchema({ type: 'string' })).toThrow(expect.objectContaining({ code: 'FST_ERR_SCH_MISSING_ID' }));
    app.addSchema({ $id: 'Name', type: 'string' });
    expect(() => app.addSchema({ $id: 'Name', type: 'number' })).toThrow(expect.objectContaining({ code: 'FST_ERR_SCH_ALREADY_PRESENT' }));
  });
});
