import { baseApi as api } from "../baseApi";
export const addTagTypes = ["sharing"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listAccountInvitations: build.query<
        ListAccountInvitationsApiResponse,
        ListAccountInvitationsApiArg
      >({
        query: () => ({ url: `/account/invitations` }),
        providesTags: ["sharing"],
      }),
      acceptServerInvitation: build.mutation<
        AcceptServerInvitationApiResponse,
        AcceptServerInvitationApiArg
      >({
        query: (queryArg) => ({
          url: `/account/invitations/accept`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["sharing"],
      }),
      declineServerInvitation: build.mutation<
        DeclineServerInvitationApiResponse,
        DeclineServerInvitationApiArg
      >({
        query: (queryArg) => ({
          url: `/account/invitations/decline`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["sharing"],
      }),
      lookUpServerInvitation: build.mutation<
        LookUpServerInvitationApiResponse,
        LookUpServerInvitationApiArg
      >({
        query: (queryArg) => ({
          url: `/account/invitations/lookup`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["sharing"],
      }),
      listServerActivity: build.query<
        ListServerActivityApiResponse,
        ListServerActivityApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/activity`,
          params: {
            page: queryArg.page,
            per_page: queryArg.perPage,
            actor: queryArg.actor,
            event: queryArg.event,
            from: queryArg["from"],
            to: queryArg.to,
          },
        }),
        providesTags: ["sharing"],
      }),
      exportServerActivity: build.query<
        ExportServerActivityApiResponse,
        ExportServerActivityApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/activity/export`,
          params: {
            actor: queryArg.actor,
            event: queryArg.event,
            from: queryArg["from"],
            to: queryArg.to,
          },
        }),
        providesTags: ["sharing"],
      }),
      listServerRoles: build.query<
        ListServerRolesApiResponse,
        ListServerRolesApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/roles` }),
        providesTags: ["sharing"],
      }),
      createServerRole: build.mutation<
        CreateServerRoleApiResponse,
        CreateServerRoleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/roles`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["sharing"],
      }),
      deleteServerRole: build.mutation<
        DeleteServerRoleApiResponse,
        DeleteServerRoleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/roles/${queryArg.role}`,
          method: "DELETE",
          params: {
            reassign_to: queryArg.reassignTo,
          },
        }),
        invalidatesTags: ["sharing"],
      }),
      updateServerRole: build.mutation<
        UpdateServerRoleApiResponse,
        UpdateServerRoleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/roles/${queryArg.role}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["sharing"],
      }),
      listServerSubusers: build.query<
        ListServerSubusersApiResponse,
        ListServerSubusersApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/users` }),
        providesTags: ["sharing"],
      }),
      createServerSubuser: build.mutation<
        CreateServerSubuserApiResponse,
        CreateServerSubuserApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/users`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["sharing"],
      }),
      deleteServerSubuser: build.mutation<
        DeleteServerSubuserApiResponse,
        DeleteServerSubuserApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/users/${queryArg.subuser}`,
          method: "DELETE",
        }),
        invalidatesTags: ["sharing"],
      }),
      updateServerSubuser: build.mutation<
        UpdateServerSubuserApiResponse,
        UpdateServerSubuserApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/users/${queryArg.subuser}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["sharing"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as sharingApi };
export type ListAccountInvitationsApiResponse =
  /** status 200 Default Response */ {
    data: Invitation[];
  };
export type ListAccountInvitationsApiArg = void;
export type AcceptServerInvitationApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** Short id of the server, for its URL */
      server_identifier: string;
    };
  };
export type AcceptServerInvitationApiArg = {
  body: {
    token: string;
  };
};
export type DeclineServerInvitationApiResponse = unknown;
export type DeclineServerInvitationApiArg = {
  body: {
    /** The token from the invitation mail */
    token?: string;
    /** An invitation addressed to the caller’s email (GET /account/invitations) */
    uuid?: string;
  };
};
export type LookUpServerInvitationApiResponse =
  /** status 200 Default Response */ {
    data: Invitation;
  };
export type LookUpServerInvitationApiArg = {
  body: {
    token: string;
  };
};
export type ListServerActivityApiResponse = /** status 200 Default Response */ {
  data: ActivityEntry[];
  meta: {
    page: number;
    per_page: number;
    total: number;
  };
};
export type ListServerActivityApiArg = {
  page: number;
  perPage: number;
  /** Only actions of this user */
  actor?: string;
  /** Event prefix, e.g. server.power */
  event?: string;
  /** From this moment (inclusive) */
  from?: string;
  /** Until this moment (inclusive) */
  to?: string;
  /** Short id or uuid */
  id: string;
};
export type ExportServerActivityApiResponse = unknown;
export type ExportServerActivityApiArg = {
  /** Only actions of this user */
  actor?: string;
  /** Event prefix, e.g. server.power */
  event?: string;
  /** From this moment (inclusive) */
  from?: string;
  /** Until this moment (inclusive) */
  to?: string;
  /** Short id or uuid */
  id: string;
};
export type ListServerRolesApiResponse = /** status 200 Default Response */ {
  data: Role[];
};
export type ListServerRolesApiArg = {
  /** Short id or uuid */
  id: string;
};
export type CreateServerRoleApiResponse = /** status 201 Default Response */ {
  data: Role;
};
export type CreateServerRoleApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    description?: string;
    name: string;
    /** Permission keys (see GET /permissions) */
    permissions: string[];
  };
};
export type DeleteServerRoleApiResponse = unknown;
export type DeleteServerRoleApiArg = {
  /** Custom role that takes over the members of the deleted one */
  reassignTo?: string;
  /** Short id or uuid of the server */
  id: string;
  role: string;
};
export type UpdateServerRoleApiResponse = /** status 200 Default Response */ {
  data: Role;
};
export type UpdateServerRoleApiArg = {
  /** Short id or uuid of the server */
  id: string;
  role: string;
  body: {
    description?: string;
    name?: string;
    /** Permission keys (see GET /permissions) */
    permissions?: string[];
  };
};
export type ListServerSubusersApiResponse = /** status 200 Default Response */ {
  data: Subuser[];
};
export type ListServerSubusersApiArg = {
  /** Short id or uuid */
  id: string;
};
export type CreateServerSubuserApiResponse =
  /** status 201 Default Response */ {
    data: Subuser;
  };
export type CreateServerSubuserApiArg = {
  /** Short id or uuid */
  id: string;
  /** Exactly one of role_uuid and permissions */
  body: {
    email: string;
    /** Permission keys (see GET /permissions) */
    permissions?: string[];
    /** A custom role of this server */
    role_uuid?: string;
  };
};
export type DeleteServerSubuserApiResponse = unknown;
export type DeleteServerSubuserApiArg = {
  /** Short id or uuid of the server */
  id: string;
  subuser: string;
};
export type UpdateServerSubuserApiResponse =
  /** status 200 Default Response */ {
    data: Subuser;
  };
export type UpdateServerSubuserApiArg = {
  /** Short id or uuid of the server */
  id: string;
  subuser: string;
  /** Exactly one of role_uuid and permissions */
  body: {
    /** Permission keys (see GET /permissions) */
    permissions?: string[];
    role_uuid?: string;
  };
};
export type Invitation = {
  created_at: string;
  expires_at: string;
  invited_by: {
    username: string;
  } | null;
  permissions: string[];
  role: {
    name: string;
    uuid: string;
  } | null;
  server: {
    identifier: string;
    name: string;
  };
  uuid: string;
};
export type ActivityEntry = {
  actor: {
    username: string;
    uuid: string;
  } | null;
  created_at: string;
  /** e.g. server.power.start, server.subuser.created */
  event: string;
  id: number;
  ip: string | null;
  /** What happened; never holds a secret */
  properties: {
    [key: string]: any;
  };
};
export type Role = {
  /** Built-in roles cannot be changed; copy them into a custom role */
  built_in: boolean;
  description: string;
  key: ("viewer" | "moderator" | "admin") | (null | null);
  /** Shares using the role (built-in roles: shares whose explicit keys are exactly the role’s) */
  members: number;
  name: string;
  permissions: string[];
  /** null for built-in roles */
  uuid: string | null;
};
export type Subuser = {
  created_at: string;
  email: string;
  last_active_at: string | null;
  /** Effective keys: the role’s when a role is set, else the explicit ones */
  permissions: string[];
  role: {
    name: string;
    uuid: string;
  } | null;
  status: "active" | "pending";
  /** The account (the audit log's actor); null while the invitation is pending */
  user_uuid: string | null;
  /** null while the invitation is pending */
  username: string | null;
  /** Id of the share (the {subuser} of these routes) */
  uuid: string;
};
export const {
  useListAccountInvitationsQuery,
  useLazyListAccountInvitationsQuery,
  useAcceptServerInvitationMutation,
  useDeclineServerInvitationMutation,
  useLookUpServerInvitationMutation,
  useListServerActivityQuery,
  useLazyListServerActivityQuery,
  useExportServerActivityQuery,
  useLazyExportServerActivityQuery,
  useListServerRolesQuery,
  useLazyListServerRolesQuery,
  useCreateServerRoleMutation,
  useDeleteServerRoleMutation,
  useUpdateServerRoleMutation,
  useListServerSubusersQuery,
  useLazyListServerSubusersQuery,
  useCreateServerSubuserMutation,
  useDeleteServerSubuserMutation,
  useUpdateServerSubuserMutation,
} = injectedRtkApi;
