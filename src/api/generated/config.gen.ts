import { baseApi as api } from "../baseApi";
export const addTagTypes = ["config"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listServerConfigFiles: build.query<
        ListServerConfigFilesApiResponse,
        ListServerConfigFilesApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/config` }),
        providesTags: ["config"],
      }),
      getServerConfigFile: build.query<
        GetServerConfigFileApiResponse,
        GetServerConfigFileApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/config/file`,
          params: {
            path: queryArg.path,
          },
        }),
        providesTags: ["config"],
      }),
      updateServerConfigFile: build.mutation<
        UpdateServerConfigFileApiResponse,
        UpdateServerConfigFileApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/config/file`,
          method: "PUT",
          body: queryArg.body,
          params: {
            path: queryArg.path,
          },
        }),
        invalidatesTags: ["config"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as configApi };
export type ListServerConfigFilesApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** False until the game or the install has written it */
      exists: boolean;
      format: "properties" | "rust-cfg" | "ini" | "palworld-options";
      /** Relative to the server’s folder, e.g. server.properties */
      path: string;
      title: string;
    }[];
  };
export type ListServerConfigFilesApiArg = {
  /** Short id or uuid */
  id: string;
};
export type GetServerConfigFileApiResponse =
  /** status 200 Default Response */ {
    data: {
      exists: boolean;
      fields: ConfigField[];
      format: "properties" | "rust-cfg" | "ini" | "palworld-options";
      path: string;
      /** The whole file as text */
      raw: string;
      /** The game writes the file back when it stops (ARK): it can be saved only while the server is offline */
      rewritten_on_stop: boolean;
      title: string;
    };
  };
export type GetServerConfigFileApiArg = {
  /** A config file the template declares, e.g. server.properties */
  path: string;
  /** Short id or uuid */
  id: string;
};
export type UpdateServerConfigFileApiResponse =
  /** status 200 Default Response */ {
    data: {
      restart_required: boolean;
    };
  };
export type UpdateServerConfigFileApiArg = {
  /** A config file the template declares, e.g. server.properties */
  path: string;
  /** Short id or uuid */
  id: string;
  /** Exactly one of values and raw */
  body: {
    /** The whole file as text (the raw editor) */
    raw?: string;
    /** Keys to set (others are kept as they are, with comments and order) */
    values?: {
      [key: string]: string;
    };
  };
};
export type ConfigField = {
  default?: string;
  /** English description; clients translate it as config.properties.<key> */
  description?: string;
  group: "basic" | "advanced";
  /** As the file names it; in INI files Section/Key (split at the last /) */
  key: string;
  /** False for keys the game’s catalogue does not list (kept as they are) */
  known: boolean;
  /** The panel sets this key before every start (port, address): read-only */
  managed: boolean;
  max?: number;
  min?: number;
  options?: string[];
  /** A password or the like */
  secret: boolean;
  /** number: a decimal such as 1.5 (Unreal multipliers) */
  type: "boolean" | "integer" | "number" | "enum" | "string";
  /** The value in the file, or the game’s default when the file lacks the key */
  value: string;
};
export const {
  useListServerConfigFilesQuery,
  useLazyListServerConfigFilesQuery,
  useGetServerConfigFileQuery,
  useLazyGetServerConfigFileQuery,
  useUpdateServerConfigFileMutation,
} = injectedRtkApi;
