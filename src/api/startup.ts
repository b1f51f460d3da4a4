import { startupApi as generatedStartupApi } from './generated/startup.gen';

const STARTUP = 'ServerStartup' as const;

/** The startup endpoints with a tag per server: saving refreshes that server's startup only. */
export const startupApi = generatedStartupApi.enhanceEndpoints({
  addTagTypes: [STARTUP],
  endpoints: {
    getServerStartup: { providesTags: (_result, _error, { id }) => [{ type: STARTUP, id }] },
    updateServerStartup: { invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: STARTUP, id }]) },
  },
});

export const { useGetServerStartupQuery, useUpdateServerStartupMutation } = startupApi;
