import { baseApi as api } from "../baseApi";
export const addTagTypes = ["versions"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerVersions: build.query<
        GetServerVersionsApiResponse,
        GetServerVersionsApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/versions` }),
        providesTags: ["versions"],
      }),
      getServerVersionJob: build.query<
        GetServerVersionJobApiResponse,
        GetServerVersionJobApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/versions/job` }),
        providesTags: ["versions"],
      }),
      listServerSoftwareVersions: build.query<
        ListServerSoftwareVersionsApiResponse,
        ListServerSoftwareVersionsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/versions/software/${queryArg.software}`,
          params: {
            type: queryArg["type"],
            search: queryArg.search,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["versions"],
      }),
      switchServerVersion: build.mutation<
        SwitchServerVersionApiResponse,
        SwitchServerVersionApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/versions/switch`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["versions"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as versionsApi };
export type GetServerVersionsApiResponse = /** status 200 Default Response */ {
  data: VersionsOverview;
};
export type GetServerVersionsApiArg = {
  /** Short id or uuid */
  id: string;
};
export type GetServerVersionJobApiResponse =
  /** status 200 Default Response */ {
    data: {
      backup: string | null;
      error: string | null;
      finishedAt: string | null;
      job: string;
      kind: "switch" | "setup" | "modpack";
      percent: number;
      software: string;
      startedAt: string;
      state: "running" | "completed" | "failed";
      step: string;
      version: string;
    } | null;
  };
export type GetServerVersionJobApiArg = {
  /** Short id or uuid */
  id: string;
};
export type ListServerSoftwareVersionsApiResponse =
  /** status 200 Default Response */ {
    data: SoftwareVersions;
  };
export type ListServerSoftwareVersionsApiArg = {
  type?: "release" | "snapshot" | "all";
  search?: string;
  limit?: number;
  id: string;
  software: string;
};
export type SwitchServerVersionApiResponse =
  /** status 202 Default Response */ {
    data: {
      backup: string | null;
      error: string | null;
      finishedAt: string | null;
      job: string;
      kind: "switch" | "setup" | "modpack";
      percent: number;
      software: string;
      startedAt: string;
      state: "running" | "completed" | "failed";
      step: string;
      version: string;
    };
  };
export type SwitchServerVersionApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    build?: string;
    software: string;
    version: string;
  };
};
export type VersionsOverview = {
  current: {
    build: string | null;
    name: string;
    software: string;
    version: string;
  } | null;
  java_major: number | null;
  job: {
    backup: string | null;
    error: string | null;
    finishedAt: string | null;
    job: string;
    kind: "switch" | "setup" | "modpack";
    percent: number;
    software: string;
    startedAt: string;
    state: "running" | "completed" | "failed";
    step: string;
    version: string;
  } | null;
  software: {
    id: string;
    kind: "server" | "proxy" | "runtime";
    name: string;
    reinstall: boolean;
    switchable: boolean;
    unavailable: "java" | null;
  }[];
};
export type SoftwareVersions = {
  software: string;
  stale_since: string | null;
  total: number;
  versions: {
    current: boolean;
    downgrade: boolean;
    id: string;
    java_major: number | null;
    java_warning: boolean;
    minecraft: string | null;
    released_at: string | null;
    type: "release" | "snapshot";
  }[];
};
export const {
  useGetServerVersionsQuery,
  useLazyGetServerVersionsQuery,
  useGetServerVersionJobQuery,
  useLazyGetServerVersionJobQuery,
  useListServerSoftwareVersionsQuery,
  useLazyListServerSoftwareVersionsQuery,
  useSwitchServerVersionMutation,
} = injectedRtkApi;
