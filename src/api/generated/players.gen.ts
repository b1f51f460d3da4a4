import { baseApi as api } from "../baseApi";
export const addTagTypes = ["players"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerPlayers: build.query<
        GetServerPlayersApiResponse,
        GetServerPlayersApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/players` }),
        providesTags: ["players"],
      }),
      banServerPlayer: build.mutation<
        BanServerPlayerApiResponse,
        BanServerPlayerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/bans`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["players"],
      }),
      pardonServerPlayer: build.mutation<
        PardonServerPlayerApiResponse,
        PardonServerPlayerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/bans/${queryArg.name}`,
          method: "DELETE",
        }),
        invalidatesTags: ["players"],
      }),
      banServerIp: build.mutation<BanServerIpApiResponse, BanServerIpApiArg>({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/ip-bans`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["players"],
      }),
      pardonServerIp: build.mutation<
        PardonServerIpApiResponse,
        PardonServerIpApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/ip-bans/${queryArg.ip}`,
          method: "DELETE",
        }),
        invalidatesTags: ["players"],
      }),
      kickServerPlayer: build.mutation<
        KickServerPlayerApiResponse,
        KickServerPlayerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/kick`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["players"],
      }),
      opServerPlayer: build.mutation<
        OpServerPlayerApiResponse,
        OpServerPlayerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/ops`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["players"],
      }),
      deopServerPlayer: build.mutation<
        DeopServerPlayerApiResponse,
        DeopServerPlayerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/ops/${queryArg.name}`,
          method: "DELETE",
        }),
        invalidatesTags: ["players"],
      }),
      getServerSleep: build.query<
        GetServerSleepApiResponse,
        GetServerSleepApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/players/sleep` }),
        providesTags: ["players"],
      }),
      updateServerSleep: build.mutation<
        UpdateServerSleepApiResponse,
        UpdateServerSleepApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/sleep`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["players"],
      }),
      addServerWhitelistPlayer: build.mutation<
        AddServerWhitelistPlayerApiResponse,
        AddServerWhitelistPlayerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/whitelist`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["players"],
      }),
      setServerWhitelistEnabled: build.mutation<
        SetServerWhitelistEnabledApiResponse,
        SetServerWhitelistEnabledApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/whitelist/enabled`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["players"],
      }),
      removeServerWhitelistPlayer: build.mutation<
        RemoveServerWhitelistPlayerApiResponse,
        RemoveServerWhitelistPlayerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/players/whitelist/${queryArg.name}`,
          method: "DELETE",
        }),
        invalidatesTags: ["players"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as playersApi };
export type GetServerPlayersApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type GetServerPlayersApiArg = {
  /** Short id or uuid */
  id: string;
};
export type BanServerPlayerApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type BanServerPlayerApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** End of a temporary ban; absent: forever */
    expires_at?: string;
    /** Letters, digits and _, 3 to 16 characters */
    name: string;
    /** Shown to the player */
    reason?: string;
  };
};
export type PardonServerPlayerApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type PardonServerPlayerApiArg = {
  id: string;
  /** Letters, digits and _, 3 to 16 characters */
  name: string;
};
export type BanServerIpApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type BanServerIpApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    ip: string;
    /** Shown to the player */
    reason?: string;
  };
};
export type PardonServerIpApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type PardonServerIpApiArg = {
  id: string;
  ip: string;
};
export type KickServerPlayerApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type KickServerPlayerApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Letters, digits and _, 3 to 16 characters */
    name: string;
    /** Shown to the player */
    reason?: string;
  };
};
export type OpServerPlayerApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type OpServerPlayerApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    level?: number;
    /** Letters, digits and _, 3 to 16 characters */
    name: string;
  };
};
export type DeopServerPlayerApiResponse = /** status 200 Default Response */ {
  data: PlayersOverview;
};
export type DeopServerPlayerApiArg = {
  id: string;
  /** Letters, digits and _, 3 to 16 characters */
  name: string;
};
export type GetServerSleepApiResponse = /** status 200 Default Response */ {
  data: {
    auto_stop_minutes: number | null;
    /** The panel is answering on the port right now */
    sleeping: boolean;
    wake_on_join: boolean;
  };
};
export type GetServerSleepApiArg = {
  /** Short id or uuid */
  id: string;
};
export type UpdateServerSleepApiResponse = /** status 200 Default Response */ {
  data: {
    auto_stop_minutes: number | null;
    /** The panel is answering on the port right now */
    sleeping: boolean;
    wake_on_join: boolean;
  };
};
export type UpdateServerSleepApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Stop once nobody has played for this many minutes; null: off */
    auto_stop_minutes: number | null;
    /** While stopped, the panel answers on the port and a join starts the server */
    wake_on_join: boolean;
  };
};
export type AddServerWhitelistPlayerApiResponse =
  /** status 200 Default Response */ {
    data: PlayersOverview;
  };
export type AddServerWhitelistPlayerApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Letters, digits and _, 3 to 16 characters */
    name: string;
  };
};
export type SetServerWhitelistEnabledApiResponse =
  /** status 200 Default Response */ {
    data: PlayersOverview;
  };
export type SetServerWhitelistEnabledApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    enabled: boolean;
  };
};
export type RemoveServerWhitelistPlayerApiResponse =
  /** status 200 Default Response */ {
    data: PlayersOverview;
  };
export type RemoveServerWhitelistPlayerApiArg = {
  id: string;
  /** Letters, digits and _, 3 to 16 characters */
  name: string;
};
export type PlayersOverview = {
  bans: {
    /** As the game writes it: yyyy-MM-dd HH:mm:ss Z */
    created: string;
    /** Null: never */
    expires: string | null;
    name: string;
    reason: string;
    /** Who banned: "Server" for the console, or a panel user */
    source: string;
    uuid: string;
  }[];
  ip_bans: {
    created: string;
    expires: string | null;
    ip: string;
    reason: string;
    source: string;
  }[];
  max_players: number | null;
  online: {
    joined_at: string;
    name: string;
    uuid: string;
  }[];
  online_mode: boolean;
  ops: {
    bypasses_player_limit: boolean;
    level: number;
    name: string;
    uuid: string;
  }[];
  state: string;
  supported: boolean;
  unsupported_reason: string | null;
  whitelist: {
    enabled: boolean;
    entries: {
      name: string;
      uuid: string;
    }[];
  };
};
export const {
  useGetServerPlayersQuery,
  useLazyGetServerPlayersQuery,
  useBanServerPlayerMutation,
  usePardonServerPlayerMutation,
  useBanServerIpMutation,
  usePardonServerIpMutation,
  useKickServerPlayerMutation,
  useOpServerPlayerMutation,
  useDeopServerPlayerMutation,
  useGetServerSleepQuery,
  useLazyGetServerSleepQuery,
  useUpdateServerSleepMutation,
  useAddServerWhitelistPlayerMutation,
  useSetServerWhitelistEnabledMutation,
  useRemoveServerWhitelistPlayerMutation,
} = injectedRtkApi;
