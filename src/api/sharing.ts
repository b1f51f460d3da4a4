import { sharingApi as generatedSharingApi } from './generated/sharing.gen';

type ById = { id: string };

/*
 * Tags per server: a change of someone's access refreshes that server's people, its roles (their
 * member counts) and its audit log (which records the change), and nothing of other servers.
 */
const people = (_result: unknown, _error: unknown, { id }: ById) => [{ type: 'Subuser' as const, id }];
const changedAccess = (_result: unknown, _error: unknown, { id }: ById) => [
  { type: 'Subuser' as const, id },
  { type: 'Role' as const, id },
  { type: 'Activity' as const, id },
];

/**
 * The sharing endpoints with precise cache tags instead of the generated catch-all `sharing` tag.
 * Accepting an invitation adds a server to the caller's list, so it refreshes the server list.
 */
export const sharingApi = generatedSharingApi.enhanceEndpoints({
  addTagTypes: ['Subuser', 'Role', 'Activity', 'Invitation', 'Server'],
  endpoints: {
    listServerSubusers: { providesTags: people },
    createServerSubuser: { invalidatesTags: changedAccess },
    updateServerSubuser: { invalidatesTags: changedAccess },
    deleteServerSubuser: { invalidatesTags: changedAccess },
    listServerRoles: { providesTags: (_result, _error, { id }) => [{ type: 'Role', id }] },
    createServerRole: { invalidatesTags: changedAccess },
    updateServerRole: { invalidatesTags: changedAccess },
    deleteServerRole: { invalidatesTags: changedAccess },
    listServerActivity: { providesTags: (_result, _error, { id }) => [{ type: 'Activity', id }] },
    listAccountInvitations: { providesTags: ['Invitation'] },
    acceptServerInvitation: { invalidatesTags: ['Invitation', { type: 'Server', id: 'LIST' }] },
    declineServerInvitation: { invalidatesTags: ['Invitation'] },
  },
});

export const {
  useListServerSubusersQuery,
  useCreateServerSubuserMutation,
  useUpdateServerSubuserMutation,
  useDeleteServerSubuserMutation,
  useListServerRolesQuery,
  useCreateServerRoleMutation,
  useUpdateServerRoleMutation,
  useDeleteServerRoleMutation,
  useListServerActivityQuery,
  useListAccountInvitationsQuery,
  useAcceptServerInvitationMutation,
  useLookUpServerInvitationMutation,
  useDeclineServerInvitationMutation,
} = sharingApi;

export type { AcceptServerInvitationApiResponse, ActivityEntry, Invitation, ListServerActivityApiArg, ListServerActivityApiResponse, Role, Subuser } from './generated/sharing.gen';
