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
      listServerModpackVersions: build.query<
        ListServerModpackVersionsApiResponse,
        ListServerModpackVersionsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/modpacks/projects/${queryArg.project}/versions`,
        }),
        providesTags: ["modpacks"],
      }),
      searchServerModpacks: build.query<
        SearchServerModpacksApiResponse,
        SearchServerModpacksApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/modpacks/search`,
          params: {
            query: queryArg.query,
            game_version: queryArg.gameVersion,
            loader: queryArg.loader,
            sort: queryArg.sort,
            offset: queryArg.offset,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["modpacks"],
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
export type ListServerModpackVersionsApiResponse =
  /** status 200 Default Response */ {
    data: ModpackVersions;
  };
export type ListServerModpackVersionsApiArg = {
  id: string;
  project: string;
};
export type SearchServerModpacksApiResponse =
  /** status 200 Default Response */ {
    data: ModpackSearch;
  };
export type SearchServerModpacksApiArg = {
  query?: string;
  gameVersion?: string;
  loader?: "fabric" | "forge" | "neoforge" | "quilt";
  sort?: "relevance" | "downloads" | "follows" | "newest" | "updated";
  offset?: number;
  limit?: number;
  /** Short id or uuid */
  id: string;
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
export type ModpackVersions = {
  project: {
    description: string;
    downloads: number;
    icon_url: string | null;
    id: string;
    slug: string;
    title: string;
  };
  versions: {
    changelog: string | null;
    downloads: number;
    file: {
      name: string;
      size: number;
    } | null;
    game_versions: string[];
    id: string;
    loaders: string[];
    name: string;
    published_at: string;
    version_number: string;
    version_type: string;
  }[];
};
export type ModpackSearch = {
  hits: {
    author: string;
    categories: string[];
    description: string;
    downloads: number;
    game_versions: string[];
    icon_url: string | null;
    id: string;
    latest_version: string | null;
    server_side: string;
    slug: string;
    title: string;
    updated_at: string | null;
  }[];
  offset: number;
  sources: {
    available: boolean;
    id: string;
    name: string;
    reason: string | null;
  }[];
  total: number;
};
export const {
  useGetServerModpacksQuery,
  useLazyGetServerModpacksQuery,
  useInstallServerModpackMutation,
  useListServerModpackVersionsQuery,
  useLazyListServerModpackVersionsQuery,
  useSearchServerModpacksQuery,
  useLazySearchServerModpacksQuery,
} = injectedRtkApi;
