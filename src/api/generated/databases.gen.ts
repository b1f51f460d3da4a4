import { baseApi as api } from "../baseApi";
export const addTagTypes = ["databases"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listServerDatabases: build.query<
        ListServerDatabasesApiResponse,
        ListServerDatabasesApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/databases` }),
        providesTags: ["databases"],
      }),
      createServerDatabase: build.mutation<
        CreateServerDatabaseApiResponse,
        CreateServerDatabaseApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/databases`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["databases"],
      }),
      deleteServerDatabase: build.mutation<
        DeleteServerDatabaseApiResponse,
        DeleteServerDatabaseApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/databases/${queryArg.database}`,
          method: "DELETE",
        }),
        invalidatesTags: ["databases"],
      }),
      getServerDatabasePassword: build.query<
        GetServerDatabasePasswordApiResponse,
        GetServerDatabasePasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/databases/${queryArg.database}/password`,
        }),
        providesTags: ["databases"],
      }),
      rotateServerDatabasePassword: build.mutation<
        RotateServerDatabasePasswordApiResponse,
        RotateServerDatabasePasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/databases/${queryArg.database}/rotate-password`,
          method: "POST",
        }),
        invalidatesTags: ["databases"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as databasesApi };
export type ListServerDatabasesApiResponse =
  /** status 200 Default Response */ {
    data: ServerDatabase[];
    meta: {
      /** Whether the host’s admin set up a database host for this server (false: nothing can be created) */
      available: boolean;
      /** The plan’s number of databases */
      limit: number;
    };
  };
export type ListServerDatabasesApiArg = {
  /** Short id or uuid */
  id: string;
};
export type CreateServerDatabaseApiResponse =
  /** status 201 Default Response */ {
    data: {
      database: ServerDatabase;
      /** The new password; null when the caller lacks database.view_password */
      password: string | null;
    };
  };
export type CreateServerDatabaseApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Where the user may connect from; default % (anywhere) */
    connections_from?: string;
    /** Letters, digits and _; the panel adds the prefix s<server id>_ */
    name: string;
  };
};
export type DeleteServerDatabaseApiResponse = unknown;
export type DeleteServerDatabaseApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the database */
  database: string;
};
export type GetServerDatabasePasswordApiResponse =
  /** status 200 Default Response */ {
    data: {
      password: string;
    };
  };
export type GetServerDatabasePasswordApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the database */
  database: string;
};
export type RotateServerDatabasePasswordApiResponse =
  /** status 200 Default Response */ {
    data: {
      database: ServerDatabase;
      /** The new password; null when the caller lacks database.view_password */
      password: string | null;
    };
  };
export type RotateServerDatabasePasswordApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the database */
  database: string;
};
export type ServerDatabase = {
  /** Where the user may connect from (% = anywhere) */
  connections_from: string;
  created_at: string;
  /** Address to connect to */
  host: string;
  /** Full name on the host: s<server id>_<name> */
  name: string;
  port: number;
  /** The database user; it may use this database only */
  username: string;
  uuid: string;
};
export const {
  useListServerDatabasesQuery,
  useLazyListServerDatabasesQuery,
  useCreateServerDatabaseMutation,
  useDeleteServerDatabaseMutation,
  useGetServerDatabasePasswordQuery,
  useLazyGetServerDatabasePasswordQuery,
  useRotateServerDatabasePasswordMutation,
} = injectedRtkApi;
