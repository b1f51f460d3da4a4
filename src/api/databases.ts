import { databasesApi as generatedDatabasesApi } from './generated/databases.gen';

/** Cache tag of a server's database list (id: the server's id as in the address). */
const LIST = 'ServerDatabases' as const;

const invalidateList = (_result: unknown, error: unknown, { id }: { id: string }) => (error ? [] : [{ type: LIST, id }]);

/**
 * The databases endpoints with a tag per server. Passwords (field `password`, redacted from
 * recorded action logs) are fetched on demand and dropped from the cache as soon as nothing shows them.
 */
export const databasesApi = generatedDatabasesApi.enhanceEndpoints({
  addTagTypes: [LIST],
  endpoints: {
    listServerDatabases: { providesTags: (_result, _error, { id }) => [{ type: LIST, id }] },
    createServerDatabase: { invalidatesTags: invalidateList },
    deleteServerDatabase: { invalidatesTags: invalidateList },
    rotateServerDatabasePassword: { invalidatesTags: invalidateList },
    getServerDatabasePassword: { keepUnusedDataFor: 0 },
  },
});

export const { useListServerDatabasesQuery, useCreateServerDatabaseMutation, useDeleteServerDatabaseMutation, useRotateServerDatabasePasswordMutation, useLazyGetServerDatabasePasswordQuery } =
  databasesApi;

export type { ServerDatabase } from './generated/databases.gen';
