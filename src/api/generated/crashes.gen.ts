import { baseApi as api } from "../baseApi";
export const addTagTypes = ["crashes"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerCrashPolicy: build.query<
        GetServerCrashPolicyApiResponse,
        GetServerCrashPolicyApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/crash-policy` }),
        providesTags: ["crashes"],
      }),
      updateServerCrashPolicy: build.mutation<
        UpdateServerCrashPolicyApiResponse,
        UpdateServerCrashPolicyApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/crash-policy`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["crashes"],
      }),
      listServerCrashes: build.query<
        ListServerCrashesApiResponse,
        ListServerCrashesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/crashes`,
          params: {
            page: queryArg.page,
            per_page: queryArg.perPage,
          },
        }),
        providesTags: ["crashes"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as crashesApi };
export type GetServerCrashPolicyApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** Start the server again after a crash */
      enabled: boolean;
      /** Restarts allowed within window_minutes before the panel gives up */
      max_restarts: number;
      /** The time window the restarts are counted in */
      window_minutes: number;
    };
  };
export type GetServerCrashPolicyApiArg = {
  /** Short id or uuid */
  id: string;
};
export type UpdateServerCrashPolicyApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** Start the server again after a crash */
      enabled: boolean;
      /** Restarts allowed within window_minutes before the panel gives up */
      max_restarts: number;
      /** The time window the restarts are counted in */
      window_minutes: number;
    };
  };
export type UpdateServerCrashPolicyApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Start the server again after a crash */
    enabled: boolean;
    /** Restarts allowed within window_minutes before the panel gives up */
    max_restarts: number;
    /** The time window the restarts are counted in */
    window_minutes: number;
  };
};
export type ListServerCrashesApiResponse = /** status 200 Default Response */ {
  data: ServerCrash[];
  meta: {
    page: number;
    per_page: number;
    total: number;
  };
};
export type ListServerCrashesApiArg = {
  page: number;
  perPage: number;
  /** Short id or uuid */
  id: string;
};
export type ServerCrash = {
  created_at: string;
  exit_code: number | null;
  id: number;
  /** The last console lines before the crash (at most 100), oldest first */
  lines: string[];
  max_restarts: number | null;
  /** The runtime’s sentence about the stop (English) */
  message: string;
  out_of_memory: boolean;
  /** restarting: a restart was planned (restart_attempt of max_restarts); gave_up: the policy’s cap was reached and the server stays stopped; restart_off: the crash policy is off; limit: killed for exceeding a plan limit (memory, disk), not restarted; not_running: the server was not meant to run (stopping, suspended, panel shutting down). */
  outcome: "restarting" | "gave_up" | "restart_off" | "limit" | "not_running";
  /** exit: the game ended by itself or was killed from outside; memory / disk: the plan’s limit */
  reason: "exit" | "memory" | "disk";
  restart_attempt: number | null;
  /** e.g. SIGKILL, when the game was ended by a signal */
  signal: string | null;
};
export const {
  useGetServerCrashPolicyQuery,
  useLazyGetServerCrashPolicyQuery,
  useUpdateServerCrashPolicyMutation,
  useListServerCrashesQuery,
  useLazyListServerCrashesQuery,
} = injectedRtkApi;
