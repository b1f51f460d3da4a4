import { networkApi as generatedNetworkApi } from './generated/network.gen';

/** Cache tag of a server's network (id: the server's id as in the address). */
const NETWORK = 'ServerNetwork' as const;

const invalidate = (_result: unknown, error: unknown, { id }: { id: string }) => (error ? [] : [{ type: NETWORK, id }]);

/** The network endpoints with a tag per server: every change refetches that server's ports and subdomain. */
export const networkApi = generatedNetworkApi.enhanceEndpoints({
  addTagTypes: [NETWORK],
  endpoints: {
    getServerNetwork: { providesTags: (_result, _error, { id }) => [{ type: NETWORK, id }] },
    createServerAllocation: { invalidatesTags: invalidate },
    updateServerAllocation: { invalidatesTags: invalidate },
    setServerPrimaryAllocation: { invalidatesTags: invalidate },
    deleteServerAllocation: { invalidatesTags: invalidate },
    setServerSubdomain: { invalidatesTags: invalidate },
    deleteServerSubdomain: { invalidatesTags: invalidate },
  },
});

export const {
  useGetServerNetworkQuery,
  useCreateServerAllocationMutation,
  useUpdateServerAllocationMutation,
  useSetServerPrimaryAllocationMutation,
  useDeleteServerAllocationMutation,
  useSetServerSubdomainMutation,
  useDeleteServerSubdomainMutation,
} = networkApi;

export type { ServerPort, ServerSubdomain } from './generated/network.gen';
