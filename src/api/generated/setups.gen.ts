import { baseApi as api } from "../baseApi";
export const addTagTypes = ["setups"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listServerSetups: build.query<
        ListServerSetupsApiResponse,
        ListServerSetupsApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/setups` }),
        providesTags: ["setups"],
      }),
      applyServerSetup: build.mutation<
        ApplyServerSetupApiResponse,
        ApplyServerSetupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/setups/${queryArg.setup}/apply`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["setups"],
      }),
      previewServerSetup: build.query<
        PreviewServerSetupApiResponse,
        PreviewServerSetupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/setups/${queryArg.setup}/preview`,
        }),
        providesTags: ["setups"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as setupsApi };
export type ListServerSetupsApiResponse = /** status 200 Default Response */ {
  data: Setup[];
};
export type ListServerSetupsApiArg = {
  /** Short id or uuid */
  id: string;
};
export type ApplyServerSetupApiResponse = /** status 202 Default Response */ {
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
export type ApplyServerSetupApiArg = {
  id: string;
  setup: string;
  body: {
    reset_world: boolean;
  };
};
export type PreviewServerSetupApiResponse = /** status 200 Default Response */ {
  data: SetupPreview;
};
export type PreviewServerSetupApiArg = {
  id: string;
  setup: string;
};
export type Setup = {
  available: boolean;
  description: string;
  extensions: string[];
  id: string;
  name: string;
  suggests_new_world: boolean;
  unavailable_reason: string | null;
};
export type SetupPreview = {
  config: {
    file: string;
    key: string;
    new: string;
    old: string | null;
  }[];
  /** Plugins or mods the setup installs (hash-verified), required dependencies included */
  extensions: {
    /** The extension that requires this one, null for one the setup names */
    dependency_of: string | null;
    /** File name in extensions_folder */
    file: string;
    name: string;
    project_id: string;
    provider: string;
    size: number | null;
    version_id: string;
    version_number: string;
  }[];
  extensions_folder: "plugins" | "mods" | (null | null);
  /** Named extensions already installed, left as they are */
  extensions_installed: string[];
  files: string[];
  name: string;
  setup: string;
  software: {
    from: {
      software: string;
      version: string;
    } | null;
    to: {
      software: string;
      version: string;
    };
  } | null;
  suggests_new_world: boolean;
  /** Extensions that cannot be installed now (not offered, catalogue unreachable, outside download only, or a file of its name already in the folder); while any is listed, applying is refused */
  unresolved: {
    extension: string;
    message: string;
    reason: "not-found" | "unreachable" | "external" | "clash";
  }[];
};
export const {
  useListServerSetupsQuery,
  useLazyListServerSetupsQuery,
  useApplyServerSetupMutation,
  usePreviewServerSetupQuery,
  useLazyPreviewServerSetupQuery,
} = injectedRtkApi;
