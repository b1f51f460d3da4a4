import { errorCodes, type FastifyInstance, type FastifyServerOptions } from 'fastify';

type SchemaStore = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['bucket']>;

/**
 * Where Fastify keeps the shared schemas (`app.addSchema`), holding each as given. Fastify's own
 * store deep-copies every schema it is handed, in case the caller changes it afterwards: ours are
 * TypeBox constants nothing changes, and copying the API's few dozen shared schemas cost every
 * start (and every server test's app) a sixth of a second. Same refusals as Fastify's: a schema
 * without an $id, and an $id given twice.
 */
export const sharedSchemaStore: SchemaStore = (parentSchemas?: unknown) => {
  const store: Record<string, unknown> = { ...(parentSchemas as Record<string, unknown> | undefined) };
  return {
    add(schema: unknown) {
      const id = (schema as { $id?: unknown }).$id;
      if (typeof id !== 'string' || !id) throw new errorCodes.FST_ERR_SCH_MISSING_ID();
      if (store[id]) throw new errorCodes.FST_ERR_SCH_ALREADY_PRESENT(id);
      store[id] = schema;
      // Fastify's type asks for the instance; its schema controller ignores what add returns.
      return undefined as unknown as FastifyInstance;
    },
    getSchema: (id: string) => store[id],
    getSchemas: () => ({ ...store }),
  };
};
