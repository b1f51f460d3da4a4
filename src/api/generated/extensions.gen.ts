import { baseApi as api } from "../baseApi";
export const addTagTypes = ["extensions"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerExtensions: build.query<
        GetServerExtensionsApiResponse,
        GetServerExtensionsApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/extensions` }),
        providesTags: ["extensions"],
      }),
      installServerExtension: build.mutation<
        InstallServerExtensionApiResponse,
        InstallServerExtensionApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/extensions/install`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["extensions"],
      }),
      removeServerExtension: build.mutation<
        RemoveServerExtensionApiResponse,
        RemoveServerExtensionApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/extensions/installed/${queryArg.file}`,
          method: "DELETE",
        }),
        invalidatesTags: ["extensions"],
      }),
      toggleServerExtension: build.mutation<
        ToggleServerExtensionApiResponse,
        ToggleServerExtensionApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/extensions/installed/${queryArg.file}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["extensions"],
      }),
      updateServerExtension: build.mutation<
        UpdateServerExtensionApiResponse,
        UpdateServerExtensionApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/extensions/installed/${queryArg.file}/update`,
          method: "POST",
        }),
        invalidatesTags: ["extensions"],
      }),
      planServerExtensionInstall: build.mutation<
        PlanServerExtensionInstallApiResponse,
        PlanServerExtensionInstallApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/extensions/plan`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["extensions"],
      }),
      getServerExtensionProject: build.query<
        GetServerExtensionProjectApiResponse,
        GetServerExtensionProjectApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/extensions/projects/${queryArg.provider}/${queryArg.project}`,
        }),
        providesTags: ["extensions"],
      }),
      searchServerExtensions: build.query<
        SearchServerExtensionsApiResponse,
        SearchServerExtensionsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/extensions/search`,
          params: {
            provider: queryArg.provider,
            query: queryArg.query,
            page: queryArg.page,
            per_page: queryArg.perPage,
          },
        }),
        providesTags: ["extensions"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as extensionsApi };
export type GetServerExtensionsApiResponse =
  /** status 200 Default Response */ {
    data: ExtensionsOverview;
  };
export type GetServerExtensionsApiArg = {
  /** Short id or uuid */
  id: string;
};
export type InstallServerExtensionApiResponse =
  /** status 200 Default Response */ {
    data: {
      installed: {
        enabled: boolean;
        file: string;
        icon_url: string | null;
        name: string;
        project_id: string | null;
        provider:
          ("modrinth" | "hangar" | "spiget" | "curseforge") | (null | null);
        recognised: boolean;
        sha512: string;
        size: number;
        update: {
          version_id: string;
          version_number: string;
        } | null;
        version_id: string | null;
        version_number: string | null;
      }[];
    };
  };
export type InstallServerExtensionApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    dependencies?: boolean;
    project: string;
    /** The catalogue */
    provider: "modrinth" | "hangar" | "spiget" | "curseforge";
    version?: string;
  };
};
export type RemoveServerExtensionApiResponse = unknown;
export type RemoveServerExtensionApiArg = {
  id: string;
  file: string;
};
export type ToggleServerExtensionApiResponse =
  /** status 200 Default Response */ {
    data: {
      enabled: boolean;
      file: string;
      icon_url: string | null;
      name: string;
      project_id: string | null;
      provider:
        ("modrinth" | "hangar" | "spiget" | "curseforge") | (null | null);
      recognised: boolean;
      sha512: string;
      size: number;
      update: {
        version_id: string;
        version_number: string;
      } | null;
      version_id: string | null;
      version_number: string | null;
    };
  };
export type ToggleServerExtensionApiArg = {
  id: string;
  file: string;
  body: {
    enabled: boolean;
  };
};
export type UpdateServerExtensionApiResponse =
  /** status 200 Default Response */ {
    data: {
      installed: {
        enabled: boolean;
        file: string;
        icon_url: string | null;
        name: string;
        project_id: string | null;
        provider:
          ("modrinth" | "hangar" | "spiget" | "curseforge") | (null | null);
        recognised: boolean;
        sha512: string;
        size: number;
        update: {
          version_id: string;
          version_number: string;
        } | null;
        version_id: string | null;
        version_number: string | null;
      }[];
    };
  };
export type UpdateServerExtensionApiArg = {
  id: string;
  file: string;
};
export type PlanServerExtensionInstallApiResponse =
  /** status 200 Default Response */ {
    data: ExtensionInstallPlan;
  };
export type PlanServerExtensionInstallApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    dependencies?: boolean;
    project: string;
    /** The catalogue */
    provider: "modrinth" | "hangar" | "spiget" | "curseforge";
    version?: string;
  };
};
export type GetServerExtensionProjectApiResponse =
  /** status 200 Default Response */ {
    data: ExtensionProject;
  };
export type GetServerExtensionProjectApiArg = {
  id: string;
  /** The catalogue */
  provider: "modrinth" | "hangar" | "spiget" | "curseforge";
  project: string;
};
export type SearchServerExtensionsApiResponse =
  /** status 200 Default Response */ {
    data: ExtensionSearch;
  };
export type SearchServerExtensionsApiArg = {
  /** The catalogue */
  provider?: "modrinth" | "hangar" | "spiget" | "curseforge";
  query?: string;
  page?: number;
  perPage?: number;
  /** Short id or uuid */
  id: string;
};
export type ExtensionsOverview = {
  catalogue_error: string | null;
  installed: {
    enabled: boolean;
    file: string;
    icon_url: string | null;
    name: string;
    project_id: string | null;
    provider: ("modrinth" | "hangar" | "spiget" | "curseforge") | (null | null);
    recognised: boolean;
    sha512: string;
    size: number;
    update: {
      version_id: string;
      version_number: string;
    } | null;
    version_id: string | null;
    version_number: string | null;
  }[];
  providers: {
    /** The catalogue */
    id: "modrinth" | "hangar" | "spiget" | "curseforge";
    name: string;
  }[];
  software: {
    name: string;
    software: string;
    version: string;
  } | null;
  target: {
    folder: "plugins" | "mods";
    game_version: string | null;
    kind: "plugin" | "mod";
    loaders: string[];
    software: string;
    software_name: string;
  } | null;
};
export type ExtensionInstallPlan = {
  releases: {
    external_url: string | null;
    file_name: string;
    icon_url: string | null;
    name: string;
    project_id: string;
    /** The catalogue */
    provider: "modrinth" | "hangar" | "spiget" | "curseforge";
    size: number | null;
    verified: boolean;
    version_id: string;
    version_number: string;
  }[];
  satisfied: string[];
};
export type ExtensionProject = {
  body: string;
  hit: {
    author: string;
    description: string;
    downloads: number;
    external_url: string | null;
    icon_url: string | null;
    installed: boolean;
    name: string;
    page_url: string | null;
    project_id: string;
    /** The catalogue */
    provider: "modrinth" | "hangar" | "spiget" | "curseforge";
    slug: string;
  };
  versions: {
    id: string;
    number: string;
    published_at: string | null;
  }[];
};
export type ExtensionSearch = {
  has_more: boolean;
  hits: {
    author: string;
    description: string;
    downloads: number;
    external_url: string | null;
    icon_url: string | null;
    installed: boolean;
    name: string;
    page_url: string | null;
    project_id: string;
    /** The catalogue */
    provider: "modrinth" | "hangar" | "spiget" | "curseforge";
    slug: string;
  }[];
  page: number;
  per_page: number;
  /** The catalogue */
  provider: "modrinth" | "hangar" | "spiget" | "curseforge";
  total: number | null;
};
export const {
  useGetServerExtensionsQuery,
  useLazyGetServerExtensionsQuery,
  useInstallServerExtensionMutation,
  useRemoveServerExtensionMutation,
  useToggleServerExtensionMutation,
  useUpdateServerExtensionMutation,
  usePlanServerExtensionInstallMutation,
  useGetServerExtensionProjectQuery,
  useLazyGetServerExtensionProjectQuery,
  useSearchServerExtensionsQuery,
  useLazySearchServerExtensionsQuery,
} = injectedRtkApi;
