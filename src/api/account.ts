import { accountApi as generatedAccountApi } from './generated/account.gen';

/**
 * The account endpoints with precise cache tags instead of the generated catch-all `account`
 * tag: the two-factor enrolment is never refetched behind the user's back (each load is a new
 * secret), the session list refreshes after a revoke or a password change (which ends the other
 * sessions), and two-factor changes refresh the current user. Profile and email answers carry
 * the updated user, which the session listeners put in the store.
 */
export const accountApi = generatedAccountApi.enhanceEndpoints({
  addTagTypes: ['AccountSession', 'CurrentUser', 'Passkey'],
  endpoints: {
    updateAccount: { invalidatesTags: [] },
    updateAccountEmail: { invalidatesTags: [] },
    updateAccountPassword: { invalidatesTags: ['AccountSession'] },
    listAccountSessions: { providesTags: ['AccountSession'] },
    revokeAccountSession: { invalidatesTags: ['AccountSession'] },
    getTwoFactorEnrolment: { providesTags: [], keepUnusedDataFor: 0 },
    enableTwoFactor: { invalidatesTags: ['CurrentUser'] },
    disableTwoFactor: { invalidatesTags: ['CurrentUser'] },
    // Never kept: the list must be the one of the moment the customer decides.
    getAccountDeletionPreview: { providesTags: [], keepUnusedDataFor: 0 },
    deleteAccount: { invalidatesTags: [] },
    // Passkeys change whether the account has any (the current user's has_passkeys).
    listPasskeys: { providesTags: ['Passkey'] },
    startPasskeyRegistration: { invalidatesTags: [] },
    registerPasskey: { invalidatesTags: ['Passkey', 'CurrentUser'] },
    renamePasskey: { invalidatesTags: ['Passkey'] },
    removePasskey: { invalidatesTags: ['Passkey', 'CurrentUser'] },
  },
});

export const {
  useUpdateAccountMutation,
  useUpdateAccountEmailMutation,
  useUpdateAccountPasswordMutation,
  useListAccountSessionsQuery,
  useLazyListAccountSessionsQuery,
  useRevokeAccountSessionMutation,
  useGetTwoFactorEnrolmentQuery,
  useLazyGetTwoFactorEnrolmentQuery,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useGetAccountDeletionPreviewQuery,
  useDeleteAccountMutation,
  useListPasskeysQuery,
  useStartPasskeyRegistrationMutation,
  useRegisterPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
} = accountApi;

export type {
  AccountSession,
  DisableTwoFactorApiArg,
  EnableTwoFactorApiArg,
  EnableTwoFactorApiResponse,
  GetTwoFactorEnrolmentApiResponse,
  ListAccountSessionsApiResponse,
  Passkey,
  UpdateAccountApiArg,
  UpdateAccountEmailApiArg,
  UpdateAccountPasswordApiArg,
} from './generated/account.gen';
