import { thresholdsApi as generatedThresholdsApi } from './generated/thresholds.gen';

/** Cache tag of a server's resource thresholds (id: the server's id as in the address). */
const THRESHOLDS = 'ServerThresholds' as const;

/** The threshold endpoints with a tag per server: saving refreshes that server's thresholds only. */
export const thresholdsApi = generatedThresholdsApi.enhanceEndpoints({
  addTagTypes: [THRESHOLDS],
  endpoints: {
    getServerThresholds: { providesTags: (_result, _error, { id }) => [{ type: THRESHOLDS, id }] },
    updateServerThresholds: { invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: THRESHOLDS, id }]) },
  },
});

export const { useGetServerThresholdsQuery, useUpdateServerThresholdsMutation } = thresholdsApi;
export type { ServerThresholds } from './generated';
