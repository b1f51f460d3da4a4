import { playersApi as generatedPlayersApi } from './generated/players.gen';

/** Cache tag of a server's players overview (id: the server's id as in the address). */
const PLAYERS = 'ServerPlayers' as const;

/** Cache tag of a server's sleep settings. */
const SLEEP = 'ServerSleep' as const;

const changes = [
  'kickServerPlayer',
  'banServerPlayer',
  'pardonServerPlayer',
  'banServerIp',
  'pardonServerIp',
  'opServerPlayer',
  'deopServerPlayer',
  'addServerWhitelistPlayer',
  'removeServerWhitelistPlayer',
  'setServerWhitelistEnabled',
] as const;

/**
 * The players endpoints: every change answers the new overview, which replaces the cached one at
 * once (no second request); a failed change refetches, since the game may have done part of it.
 */
export const playersApi = generatedPlayersApi.enhanceEndpoints({
  addTagTypes: [PLAYERS, SLEEP],
  endpoints: {
    getServerPlayers: { providesTags: (_result, _error, { id }) => [{ type: PLAYERS, id }] },
    getServerSleep: { providesTags: (_result, _error, { id }) => [{ type: SLEEP, id }] },
    updateServerSleep: { invalidatesTags: (_result, _error, { id }) => [{ type: SLEEP, id }] },
    ...Object.fromEntries(
      changes.map((name) => [
        name,
        {
          invalidatesTags: (_result: unknown, error: unknown, { id }: { id: string }) => (error ? [{ type: PLAYERS, id }] : []),
          async onQueryStarted({ id }: { id: string }, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: { data: unknown } }> }) {
            const { data } = await queryFulfilled.catch(() => ({ data: null as null | { data: unknown } }));
            if (data) dispatch(generatedPlayersApi.util.upsertQueryData('getServerPlayers', { id }, data as never));
          },
        },
      ]),
    ),
  },
});

export const {
  useGetServerPlayersQuery,
  useKickServerPlayerMutation,
  useBanServerPlayerMutation,
  usePardonServerPlayerMutation,
  useBanServerIpMutation,
  usePardonServerIpMutation,
  useOpServerPlayerMutation,
  useDeopServerPlayerMutation,
  useAddServerWhitelistPlayerMutation,
  useRemoveServerWhitelistPlayerMutation,
  useSetServerWhitelistEnabledMutation,
  useGetServerSleepQuery,
  useUpdateServerSleepMutation,
} = playersApi;

export type { PlayersOverview } from './generated/players.gen';
