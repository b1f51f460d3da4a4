import { baseApi as api } from "../baseApi";
export const addTagTypes = ["api-keys"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listApiKeys: build.query<ListApiKeysApiResponse, ListApiKeysApiArg>({
        query: () => ({ url: `/account/api-keys` }),
        providesTags: ["api-keys"],
      }),
      createApiKey: build.mutation<CreateApiKeyApiResponse, CreateApiKeyApiArg>(
        {
          query: (queryArg) => ({
            url: `/account/api-keys`,
            method: "POST",
            body: queryArg.body,
          }),
          invalidatesTags: ["api-keys"],
        },
      ),
      revokeApiKey: build.mutation<RevokeApiKeyApiResponse, RevokeApiKeyApiArg>(
        {
          query: (queryArg) => ({
            url: `/account/api-keys/${queryArg.key}`,
            method: "DELETE",
          }),
          invalidatesTags: ["api-keys"],
        },
      ),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as apiKeysApi };
export type ListApiKeysApiResponse = /** status 200 Default Response */ {
  data: ApiKey[];
};
export type ListApiKeysApiArg = void;
export type CreateApiKeyApiResponse = /** status 201 Default Response */ {
  data: {
    key: ApiKey;
    /** The key itself: shown this once, stored only as its hash */
    token: string;
  };
};
export type CreateApiKeyApiArg = {
  body: {
    /** IPv4/IPv6 addresses or CIDR networks; empty or absent means any address */
    allowed_ips?: string[];
    description: string;
    /** When the key stops working; null or absent for never */
    expires_at?: string | null;
    /** Permission keys (e.g. `control.start`, `file.read`) and `read-only` (every `*.read` key); empty or absent means everything the user may do */
    scopes?: string[];
  };
};
export type RevokeApiKeyApiResponse = unknown;
export type RevokeApiKeyApiArg = {
  /** The key’s identifier */
  key: string;
};
export type ApiKey = {
  /** Addresses and CIDR networks the key may be used from; empty means any */
  allowed_ips: string[];
  created_at: string;
  description: string;
  expired: boolean;
  expires_at: string | null;
  /** The public beginning of the key (its prefix included): names the key in listings and addresses */
  identifier: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  /** Permission keys and `read-only`; empty means everything the user may do */
  scopes: string[];
};
export const {
  useListApiKeysQuery,
  useLazyListApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
} = injectedRtkApi;
