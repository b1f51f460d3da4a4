import { baseApi as api } from "../baseApi";
export const addTagTypes = ["modpacks"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerModpacks: build.query<
        GetServerModpacksApiResponse,
        GetServerModpacksApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/modpacks` }),
        providesTags: ["modpacks"],
      }),
      installServerModpack: build.mutation<
        InstallServerModpackApiResponse,
        InstallServerModpackApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/modpacks/install`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["modpacks"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as modpacksApi };
export type GetServerModpacksApiResponse = /** status 200 Default Response */ {
  data: ModpacksOverview;
};
export type GetServerModpacksApiArg = {
  /** Short id or uuid */
  id: string;
};
export type InstallServerModpackApiResponse =
  /** status 202 Default Response */ {
    data: {
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
      };
      pack: {
        bytes: number;
        client_only: number;
        files: number;
        loader: string | null;
        loader_version: string | null;
        minecraft: string;
        name: string;
        overrides: number;
        version_number: string;
      };
    };
  };
export type InstallServerModpackApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    file?: string;
    keep_world?: boolean;
    project_id?: string;
    version_id?: string;
  };
};
export type ModpacksOverview = {
  installed: {
    files: number;
    icon_url: string | null;
    installed_at: string;
    loader: string | null;
    loader_version: string | null;
    minecraft: string;
    name: string;
    project_id: string | null;
    source: "modrinth" | "file";
    version_id: string | null;
    version_number: string;
  } | null;
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
  supported: boolean;
  update: {
    name: string;
    published_at: string | null;
    version_id: string;
    version_number: string;
  } | null;
};
export const {
  useGetServerModpacksQuery,
  useLazyGetServerModpacksQuery,
  useInstallServerModpackMutation,
} = injectedRtkApi;
