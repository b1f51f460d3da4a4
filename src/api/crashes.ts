import { crashesApi as generatedCrashesApi } from './generated/crashes.gen';

/** Cache tags of a server's crashes and its crash policy (id: the server's id as in the address). */
export const CRASHES = 'ServerCrashes' as const;
const POLICY = 'ServerCrashPolicy' as const;

/** The crash endpoints with tags per server: saving a policy refreshes that server's policy only. */
export const crashesApi = generatedCrashesApi.enhanceEndpoints({
  addTagTypes: [CRASHES, POLICY],
  endpoints: {
    listServerCrashes: { providesTags: (_result, _error, { id }) => [{ type: CRASHES, id }] },
    getServerCrashPolicy: { providesTags: (_result, _error, { id }) => [{ type: POLICY, id }] },
    updateServerCrashPolicy: {
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: POLICY, id }]),
    },
  },
});

export const { useListServerCrashesQuery, useGetServerCrashPolicyQuery, useUpdateServerCrashPolicyMutation } = crashesApi;
export type { ServerCrash } from './generated';
