import { authApi as generatedAuthApi } from './generated/auth.gen';

/**
 * The auth endpoints with the panel's cache rules. The session listeners, not cache tags, act on
 * logins and logouts (they store the token, authenticate, and reset the whole cache), so these
 * calls invalidate nothing; the current user is tagged so account changes can refresh it.
 */
export const authApi = generatedAuthApi.enhanceEndpoints({
  addTagTypes: ['CurrentUser'],
  endpoints: {
    getCurrentUser: { providesTags: ['CurrentUser'] },
    login: { invalidatesTags: [] },
    loginCheckpoint: { invalidatesTags: [] },
    register: { invalidatesTags: [] },
    logout: { invalidatesTags: [] },
    exchangeLoginToken: { invalidatesTags: [] },
    forgotPassword: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },
    checkResetLink: { invalidatesTags: [] },
    startPasskeyLogin: { invalidatesTags: [] },
    loginWithPasskey: { invalidatesTags: [] },
    startPasskeyCheckpoint: { invalidatesTags: [] },
    passkeyCheckpoint: { invalidatesTags: [] },
  },
});

export const {
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useLoginMutation,
  useLoginCheckpointMutation,
  useRegisterMutation,
  useLogoutMutation,
  useExchangeLoginTokenMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useCheckResetLinkMutation,
  useStartPasskeyLoginMutation,
  useLoginWithPasskeyMutation,
  useStartPasskeyCheckpointMutation,
  usePasskeyCheckpointMutation,
} = authApi;

export type { GetCurrentUserApiResponse, LoginApiArg, LoginApiResponse, LoginCheckpointApiArg, LoginCheckpointApiResponse, RegisterApiArg, RegisterApiResponse, User } from './generated/auth.gen';
