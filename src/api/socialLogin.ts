import { authApi } from './auth';

/**
 * Social login's endpoints with the panel's cache rules: a finished login is handled by the session
 * listeners (like the password login). The account page's linked providers are in linkedAccounts.ts,
 * so the log-in page does not load the account's endpoints.
 */
export const socialLoginApi = authApi.enhanceEndpoints({
  endpoints: {
    listOAuthProviders: { providesTags: [] },
    finishOAuthLogin: { invalidatesTags: [] },
  },
});

export const { useListOAuthProvidersQuery, useFinishOAuthLoginMutation } = socialLoginApi;
