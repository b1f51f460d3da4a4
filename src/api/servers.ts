import { serversApi as generatedServersApi } from './generated/servers.gen';

/**
 * The servers endpoints with precise cache tags instead of the generated catch-all `servers` tag.
 * Live state (power state, resource use, console output) comes over the console socket, so power
 * actions and commands invalidate nothing: refetching the list after every click would be
 * polling by another name. Socket tickets are single-use secrets and never kept in the cache.
 */
export const serversApi = generatedServersApi.enhanceEndpoints({
  addTagTypes: ['Server', 'ServerResources', 'PermissionKeys'],
  endpoints: {
    listServers: {
      providesTags: (result) => [{ type: 'Server' as const, id: 'LIST' }, ...(result?.data ?? []).map((server) => ({ type: 'Server' as const, id: server.identifier }))],
    },
    getServer: { providesTags: (_result, _error, { id }) => [{ type: 'Server', id }] },
    getServerResources: { providesTags: (_result, _error, { id }) => [{ type: 'ServerResources', id }] },
    getServerWebsocket: { providesTags: [], keepUnusedDataFor: 0 },
    listPermissionKeys: { providesTags: ['PermissionKeys'] },
    sendServerPower: { invalidatesTags: [] },
    sendServerCommand: { invalidatesTags: [] },
    // The server's install_status changes: its page and the list show it.
    reinstallServer: {
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Server', id },
        { type: 'Server', id: 'LIST' },
      ],
    },
  },
});

export const {
  useListServersQuery,
  useLazyListServersQuery,
  useGetServerQuery,
  useLazyGetServerQuery,
  useGetServerResourcesQuery,
  useLazyGetServerResourcesQuery,
  useSendServerPowerMutation,
  useSendServerCommandMutation,
  useReinstallServerMutation,
  useListPermissionKeysQuery,
} = serversApi;

export type { GetServerApiResponse, GetServerWebsocketApiResponse, ListServersApiResponse, SendServerCommandApiArg, SendServerPowerApiArg, Server, ServerResources } from './generated/servers.gen';

/** A server's power state as the API and the console socket name it. */
export type PowerState = import('./generated/servers.gen').Server['state'];

/** A power action: what `set state` and POST …/power accept. */
export type PowerSignal = import('./generated/servers.gen').SendServerPowerApiArg['body']['signal'];
