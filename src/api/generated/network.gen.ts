import { baseApi as api } from "../baseApi";
export const addTagTypes = ["network"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerNetwork: build.query<
        GetServerNetworkApiResponse,
        GetServerNetworkApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/network` }),
        providesTags: ["network"],
      }),
      createServerAllocation: build.mutation<
        CreateServerAllocationApiResponse,
        CreateServerAllocationApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/network/allocations`,
          method: "POST",
        }),
        invalidatesTags: ["network"],
      }),
      deleteServerAllocation: build.mutation<
        DeleteServerAllocationApiResponse,
        DeleteServerAllocationApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/network/allocations/${queryArg.allocation}`,
          method: "DELETE",
        }),
        invalidatesTags: ["network"],
      }),
      updateServerAllocation: build.mutation<
        UpdateServerAllocationApiResponse,
        UpdateServerAllocationApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/network/allocations/${queryArg.allocation}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["network"],
      }),
      setServerPrimaryAllocation: build.mutation<
        SetServerPrimaryAllocationApiResponse,
        SetServerPrimaryAllocationApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/network/allocations/${queryArg.allocation}/primary`,
          method: "POST",
        }),
        invalidatesTags: ["network"],
      }),
      deleteServerSubdomain: build.mutation<
        DeleteServerSubdomainApiResponse,
        DeleteServerSubdomainApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/network/subdomain`,
          method: "DELETE",
        }),
        invalidatesTags: ["network"],
      }),
      setServerSubdomain: build.mutation<
        SetServerSubdomainApiResponse,
        SetServerSubdomainApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/network/subdomain`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["network"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as networkApi };
export type GetServerNetworkApiResponse = /** status 200 Default Response */ {
  data: {
    extra_ports: {
      /** The plan’s number of extra ports */
      limit: number;
      used: number;
    };
    /** The node’s public address */
    host: string;
    ports: ServerPort[];
    subdomain: ServerSubdomain | (null | null);
    /** Zones a subdomain can be under; empty: the host has not set up DNS */
    zones: string[];
  };
};
export type GetServerNetworkApiArg = {
  /** Short id or uuid */
  id: string;
};
export type CreateServerAllocationApiResponse =
  /** status 201 Default Response */ {
    data: ServerPort;
  };
export type CreateServerAllocationApiArg = {
  /** Short id or uuid */
  id: string;
};
export type DeleteServerAllocationApiResponse = unknown;
export type DeleteServerAllocationApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Id of the port */
  allocation: string;
};
export type UpdateServerAllocationApiResponse =
  /** status 200 Default Response */ {
    data: ServerPort;
  };
export type UpdateServerAllocationApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Id of the port */
  allocation: string;
  body: {
    /** Empty or null removes the note */
    notes: string | null;
  };
};
export type SetServerPrimaryAllocationApiResponse =
  /** status 200 Default Response */ {
    data: ServerPort;
  };
export type SetServerPrimaryAllocationApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Id of the port */
  allocation: string;
};
export type DeleteServerSubdomainApiResponse = unknown;
export type DeleteServerSubdomainApiArg = {
  /** Short id or uuid */
  id: string;
};
export type SetServerSubdomainApiResponse = /** status 200 Default Response */ {
  data: ServerSubdomain;
};
export type SetServerSubdomainApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** An RFC 1123 label (a-z, 0-9, hyphens), not reserved */
    label: string;
    /** One of the zones the network answer lists */
    zone: string;
  };
};
export type ServerPort = {
  /** Address players connect to (with the port) */
  host: string;
  id: number;
  /** Address the game listens on */
  ip: string;
  notes: string | null;
  port: number;
  /** The game’s main port; a change takes effect at the next start */
  primary: boolean;
  /** What the game needs it for (query, rcon …); such ports cannot be removed */
  purpose: string | null;
};
export type ServerSubdomain = {
  /** What players type: <label>.<zone> */
  address: string;
  label: string;
  /** The SRV record’s name: _minecraft._tcp.<address> */
  srv_record: string;
  zone: string;
};
export const {
  useGetServerNetworkQuery,
  useLazyGetServerNetworkQuery,
  useCreateServerAllocationMutation,
  useDeleteServerAllocationMutation,
  useUpdateServerAllocationMutation,
  useSetServerPrimaryAllocationMutation,
  useDeleteServerSubdomainMutation,
  useSetServerSubdomainMutation,
} = injectedRtkApi;
