import { baseApi as api } from "../baseApi";
export const addTagTypes = ["startup"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerStartup: build.query<
        GetServerStartupApiResponse,
        GetServerStartupApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/startup` }),
        providesTags: ["startup"],
      }),
      updateServerStartup: build.mutation<
        UpdateServerStartupApiResponse,
        UpdateServerStartupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/startup`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["startup"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as startupApi };
export type GetServerStartupApiResponse = /** status 200 Default Response */ {
  data: {
    /** The startup command as the template writes it ({{VARIABLE}} placeholders) */
    command: string;
    /** The command with the server’s values filled in (hidden variables as ••••) */
    expanded: string;
    /** The image the server runs in (null: the template names none) */
    image: string | null;
    images: {
      image: string;
      label: string;
    }[];
    /** The name of the startup command the server runs (null: the template has one command) */
    startup_command: string | null;
    /** The named startup commands to choose from (an egg’s startup_commands); empty when the template has one command */
    startup_commands: {
      command: string;
      name: string;
    }[];
    variables: {
      default_value: string;
      description: string;
      editable: boolean;
      env_variable: string;
      name: string;
      rules: string[];
      value: string;
    }[];
  };
};
export type GetServerStartupApiArg = {
  /** Short id or uuid */
  id: string;
};
export type UpdateServerStartupApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** The startup command as the template writes it ({{VARIABLE}} placeholders) */
      command: string;
      /** The command with the server’s values filled in (hidden variables as ••••) */
      expanded: string;
      /** The image the server runs in (null: the template names none) */
      image: string | null;
      images: {
        image: string;
        label: string;
      }[];
      /** The name of the startup command the server runs (null: the template has one command) */
      startup_command: string | null;
      /** The named startup commands to choose from (an egg’s startup_commands); empty when the template has one command */
      startup_commands: {
        command: string;
        name: string;
      }[];
      variables: {
        default_value: string;
        description: string;
        editable: boolean;
        env_variable: string;
        name: string;
        rules: string[];
        value: string;
      }[];
    };
  };
export type UpdateServerStartupApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    image?: string;
    /** The name of one of the template’s startup commands */
    startup_command?: string;
    variables?: {
      [key: string]: string;
    };
  };
};
export const {
  useGetServerStartupQuery,
  useLazyGetServerStartupQuery,
  useUpdateServerStartupMutation,
} = injectedRtkApi;
