import { accountApi } from './account';
import type { ListLinkedAccountsApiResponse } from './generated/account.gen';

/** The providers linked to the account (the account page's), refreshed after a link or an unlink. */
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

export const { useListLinkedAccountsQuery, useStartAccountLinkMutation, useStartLinkPasskeyConfirmationMutation, useFinishAccountLinkMutation, useUnlinkAccountMutation } = linkedAccountsApi;
/** One enabled provider on the account page, linked or not. */
export type LinkedAccount = ListLinkedAccountsApiResponse['data']['providers'][number];
