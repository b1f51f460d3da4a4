import { apiKeysApi as generatedApiKeysApi } from './generated/api-keys.gen';

/** The account's client API keys: the list refreshes after a key is created or revoked. */
export const apiKeysApi = generatedApiKeysApi.enhanceEndpoints({
  addTagTypes: ['ApiKey'],
  endpoints: {
    listApiKeys: { providesTags: ['ApiKey'] },
    createApiKey: { invalidatesTags: (_result, error) => (error ? [] : ['ApiKey']) },
    revokeApiKey: { invalidatesTags: (_result, error) => (error ? [] : ['ApiKey']) },
  },
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;

export type { ApiKey, CreateApiKeyApiArg } from './generated/api-keys.gen';
