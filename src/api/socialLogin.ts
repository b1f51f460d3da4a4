import { accountApi } from './account';
import { authApi } from './auth';
import type { ListLinkedAccountsApiResponse } from './generated/account.gen';

/**
 * Social login's endpoints with the panel's cache rules: a finished login is handled by the session
 * listeners (like the password login), and the account's linked providers refresh after a link or
 * an unlink.
 */
export const socialLoginApi = authApi.enhanceEndpoints({
  endpoints: {
    listOAuthProviders: { providesTags: [] },
    finishOAuthLogin: { invalidatesTags: [] },
  },
});

export const linkedAccountsApi = accountApi.enhanceEndpoints({
  addTagTypes: ['LinkedAccount'],
  endpoints: {
    listLinkedAccounts: { providesTags: ['LinkedAccount'] },
    startAccountLink: { invalidatesTags: [] },
    startLinkPasskeyConfirmation: { invalidatesTags: [] },
    finishAccountLink: { invalidatesTags: ['LinkedAccount'] },
    unlinkAccount: { invalidatesTags: ['LinkedAccount'] },
    // A passkey is a way in and confirms linking: the list's has_passkeys follows (account.ts's tags kept).
    registerPasskey: { invalidatesTags: ['Passkey', 'CurrentUser', 'LinkedAccount'] },
    removePasskey: { invalidatesTags: ['Passkey', 'CurrentUser', 'LinkedAccount'] },
  },
});

export const { useListOAuthProvidersQuery, useFinishOAuthLoginMutation } = socialLoginApi;
export const { useListLinkedAccountsQuery, useStartAccountLinkMutation, useStartLinkPasskeyConfirmationMutation, useFinishAccountLinkMutation, useUnlinkAccountMutation } = linkedAccountsApi;
/** One enabled provider on the account page, linked or not. */
export type LinkedAccount = ListLinkedAccountsApiResponse['data']['providers'][number];
