import { baseApi as api } from "../baseApi";
export const addTagTypes = ["admin"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listAdminAudit: build.query<
        ListAdminAuditApiResponse,
        ListAdminAuditApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/audit`,
          params: {
            actor: queryArg.actor,
            event: queryArg.event,
            target: queryArg.target,
            from: queryArg["from"],
            to: queryArg.to,
            page: queryArg.page,
            per_page: queryArg.perPage,
            format: queryArg.format,
          },
        }),
        providesTags: ["admin"],
      }),
      exportAdminAudit: build.query<
        ExportAdminAuditApiResponse,
        ExportAdminAuditApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/audit.csv`,
          params: {
            actor: queryArg.actor,
            event: queryArg.event,
            target: queryArg.target,
            from: queryArg["from"],
            to: queryArg.to,
            page: queryArg.page,
            per_page: queryArg.perPage,
            format: queryArg.format,
          },
        }),
        providesTags: ["admin"],
      }),
      listAdminDatabaseHosts: build.query<
        ListAdminDatabaseHostsApiResponse,
        ListAdminDatabaseHostsApiArg
      >({
        query: () => ({ url: `/admin/database-hosts` }),
        providesTags: ["admin"],
      }),
      createAdminDatabaseHost: build.mutation<
        CreateAdminDatabaseHostApiResponse,
        CreateAdminDatabaseHostApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/database-hosts`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      deleteAdminDatabaseHost: build.mutation<
        DeleteAdminDatabaseHostApiResponse,
        DeleteAdminDatabaseHostApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/database-hosts/${queryArg.host}`,
          method: "DELETE",
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminDatabaseHost: build.query<
        GetAdminDatabaseHostApiResponse,
        GetAdminDatabaseHostApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/database-hosts/${queryArg.host}`,
        }),
        providesTags: ["admin"],
      }),
      listAdminDnsZones: build.query<
        ListAdminDnsZonesApiResponse,
        ListAdminDnsZonesApiArg
      >({
        query: () => ({ url: `/admin/dns-zones` }),
        providesTags: ["admin"],
      }),
      addAdminDnsZone: build.mutation<
        AddAdminDnsZoneApiResponse,
        AddAdminDnsZoneApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/dns-zones`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      removeAdminDnsZone: build.mutation<
        RemoveAdminDnsZoneApiResponse,
        RemoveAdminDnsZoneApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/dns-zones/${queryArg.zone}`,
          method: "DELETE",
        }),
        invalidatesTags: ["admin"],
      }),
      listAdminNodes: build.query<
        ListAdminNodesApiResponse,
        ListAdminNodesApiArg
      >({
        query: () => ({ url: `/admin/nodes` }),
        providesTags: ["admin"],
      }),
      createAdminNode: build.mutation<
        CreateAdminNodeApiResponse,
        CreateAdminNodeApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/nodes`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      deleteAdminNode: build.mutation<
        DeleteAdminNodeApiResponse,
        DeleteAdminNodeApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/nodes/${queryArg.node}`,
          method: "DELETE",
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminNode: build.query<GetAdminNodeApiResponse, GetAdminNodeApiArg>({
        query: (queryArg) => ({ url: `/admin/nodes/${queryArg.node}` }),
        providesTags: ["admin"],
      }),
      updateAdminNode: build.mutation<
        UpdateAdminNodeApiResponse,
        UpdateAdminNodeApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/nodes/${queryArg.node}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      listAdminOAuthProviders: build.query<
        ListAdminOAuthProvidersApiResponse,
        ListAdminOAuthProvidersApiArg
      >({
        query: () => ({ url: `/admin/oauth-providers` }),
        providesTags: ["admin"],
      }),
      createAdminOAuthProvider: build.mutation<
        CreateAdminOAuthProviderApiResponse,
        CreateAdminOAuthProviderApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/oauth-providers`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      deleteAdminOAuthProvider: build.mutation<
        DeleteAdminOAuthProviderApiResponse,
        DeleteAdminOAuthProviderApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/oauth-providers/${queryArg.provider}`,
          method: "DELETE",
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminOAuthProvider: build.query<
        GetAdminOAuthProviderApiResponse,
        GetAdminOAuthProviderApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/oauth-providers/${queryArg.provider}`,
        }),
        providesTags: ["admin"],
      }),
      updateAdminOAuthProvider: build.mutation<
        UpdateAdminOAuthProviderApiResponse,
        UpdateAdminOAuthProviderApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/oauth-providers/${queryArg.provider}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminOverview: build.query<
        GetAdminOverviewApiResponse,
        GetAdminOverviewApiArg
      >({
        query: () => ({ url: `/admin/overview` }),
        providesTags: ["admin"],
      }),
      listAdminPlans: build.query<
        ListAdminPlansApiResponse,
        ListAdminPlansApiArg
      >({
        query: () => ({ url: `/admin/plans` }),
        providesTags: ["admin"],
      }),
      createAdminPlan: build.mutation<
        CreateAdminPlanApiResponse,
        CreateAdminPlanApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/plans`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      deleteAdminPlan: build.mutation<
        DeleteAdminPlanApiResponse,
        DeleteAdminPlanApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/plans/${queryArg.slug}`,
          method: "DELETE",
        }),
        invalidatesTags: ["admin"],
      }),
      updateAdminPlan: build.mutation<
        UpdateAdminPlanApiResponse,
        UpdateAdminPlanApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/plans/${queryArg.slug}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      listAdminServers: build.query<
        ListAdminServersApiResponse,
        ListAdminServersApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers`,
          params: {
            search: queryArg.search,
            owner: queryArg.owner,
            node: queryArg.node,
            game: queryArg.game,
            plan: queryArg.plan,
            state: queryArg.state,
          },
        }),
        providesTags: ["admin"],
      }),
      createAdminServer: build.mutation<
        CreateAdminServerApiResponse,
        CreateAdminServerApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      deleteAdminServer: build.mutation<
        DeleteAdminServerApiResponse,
        DeleteAdminServerApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}`,
          method: "DELETE",
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminServer: build.query<
        GetAdminServerApiResponse,
        GetAdminServerApiArg
      >({
        query: (queryArg) => ({ url: `/admin/servers/${queryArg.server}` }),
        providesTags: ["admin"],
      }),
      openAdminServer: build.mutation<
        OpenAdminServerApiResponse,
        OpenAdminServerApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}/open`,
          method: "POST",
        }),
        invalidatesTags: ["admin"],
      }),
      changeAdminServerPlan: build.mutation<
        ChangeAdminServerPlanApiResponse,
        ChangeAdminServerPlanApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}/plan`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      reinstallAdminServer: build.mutation<
        ReinstallAdminServerApiResponse,
        ReinstallAdminServerApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}/reinstall`,
          method: "POST",
        }),
        invalidatesTags: ["admin"],
      }),
      suspendAdminServer: build.mutation<
        SuspendAdminServerApiResponse,
        SuspendAdminServerApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}/suspend`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminServerTransfer: build.query<
        GetAdminServerTransferApiResponse,
        GetAdminServerTransferApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}/transfer`,
        }),
        providesTags: ["admin"],
      }),
      transferAdminServer: build.mutation<
        TransferAdminServerApiResponse,
        TransferAdminServerApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}/transfer`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      unsuspendAdminServer: build.mutation<
        UnsuspendAdminServerApiResponse,
        UnsuspendAdminServerApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/servers/${queryArg.server}/unsuspend`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminSettings: build.query<
        GetAdminSettingsApiResponse,
        GetAdminSettingsApiArg
      >({
        query: () => ({ url: `/admin/settings` }),
        providesTags: ["admin"],
      }),
      updateAdminSettings: build.mutation<
        UpdateAdminSettingsApiResponse,
        UpdateAdminSettingsApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/settings`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      listAdminTemplates: build.query<
        ListAdminTemplatesApiResponse,
        ListAdminTemplatesApiArg
      >({
        query: () => ({ url: `/admin/templates` }),
        providesTags: ["admin"],
      }),
      importAdminTemplate: build.mutation<
        ImportAdminTemplateApiResponse,
        ImportAdminTemplateApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/templates/import`,
          method: "POST",
          body: queryArg.body,
          params: {
            game: queryArg.game,
            preview: queryArg.preview,
          },
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminTemplate: build.query<
        GetAdminTemplateApiResponse,
        GetAdminTemplateApiArg
      >({
        query: (queryArg) => ({ url: `/admin/templates/${queryArg.template}` }),
        providesTags: ["admin"],
      }),
      mapAdminTemplateImages: build.mutation<
        MapAdminTemplateImagesApiResponse,
        MapAdminTemplateImagesApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/templates/${queryArg.template}/images`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      listAdminUsers: build.query<
        ListAdminUsersApiResponse,
        ListAdminUsersApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users`,
          params: {
            search: queryArg.search,
            page: queryArg.page,
            per_page: queryArg.perPage,
          },
        }),
        providesTags: ["admin"],
      }),
      createAdminUser: build.mutation<
        CreateAdminUserApiResponse,
        CreateAdminUserApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      deleteAdminUser: build.mutation<
        DeleteAdminUserApiResponse,
        DeleteAdminUserApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users/${queryArg.user}`,
          method: "DELETE",
        }),
        invalidatesTags: ["admin"],
      }),
      getAdminUser: build.query<GetAdminUserApiResponse, GetAdminUserApiArg>({
        query: (queryArg) => ({ url: `/admin/users/${queryArg.user}` }),
        providesTags: ["admin"],
      }),
      updateAdminUser: build.mutation<
        UpdateAdminUserApiResponse,
        UpdateAdminUserApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users/${queryArg.user}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      createAdminUserLoginToken: build.mutation<
        CreateAdminUserLoginTokenApiResponse,
        CreateAdminUserLoginTokenApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users/${queryArg.user}/login-token`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["admin"],
      }),
      sendAdminUserPasswordReset: build.mutation<
        SendAdminUserPasswordResetApiResponse,
        SendAdminUserPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users/${queryArg.user}/password-reset`,
          method: "POST",
        }),
        invalidatesTags: ["admin"],
      }),
      suspendAdminUser: build.mutation<
        SuspendAdminUserApiResponse,
        SuspendAdminUserApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users/${queryArg.user}/suspend`,
          method: "POST",
        }),
        invalidatesTags: ["admin"],
      }),
      resetAdminUserTwoFactor: build.mutation<
        ResetAdminUserTwoFactorApiResponse,
        ResetAdminUserTwoFactorApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users/${queryArg.user}/two-factor/reset`,
          method: "POST",
        }),
        invalidatesTags: ["admin"],
      }),
      unsuspendAdminUser: build.mutation<
        UnsuspendAdminUserApiResponse,
        UnsuspendAdminUserApiArg
      >({
        query: (queryArg) => ({
          url: `/admin/users/${queryArg.user}/unsuspend`,
          method: "POST",
        }),
        invalidatesTags: ["admin"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as adminApi };
export type ListAdminAuditApiResponse = /** status 200 Default Response */ {
  data: {
    /** Username of the admin whose session acted */
    actor: string | null;
    created_at: string;
    /** The admin operation (e.g. suspendAdminServer), or admin.denied for a refused attempt */
    event: string;
    id: number;
    ip: string | null;
    /** Identifier of the admin key that acted */
    key: string | null;
    method: string;
    path: string;
    properties: {
      [key: string]: any;
    };
    status: number;
    target: string | null;
    target_type: string | null;
  }[];
  meta: {
    page: number;
    per_page: number;
    total: number;
  };
};
export type ListAdminAuditApiArg = {
  /** Username or admin key identifier */
  actor?: string;
  event?: string;
  /** Part of the target’s identifier */
  target?: string;
  from?: string;
  to?: string;
  page?: number;
  perPage?: number;
  /** csv: the same as /admin/audit.csv */
  format?: "json" | "csv";
};
export type ExportAdminAuditApiResponse = unknown;
export type ExportAdminAuditApiArg = {
  /** Username or admin key identifier */
  actor?: string;
  event?: string;
  /** Part of the target’s identifier */
  target?: string;
  from?: string;
  to?: string;
  page?: number;
  perPage?: number;
  /** csv: the same as /admin/audit.csv */
  format?: "json" | "csv";
};
export type ListAdminDatabaseHostsApiResponse =
  /** status 200 Default Response */ {
    data: {
      created_at: string;
      /** Customers’ databases on this host */
      databases: number;
      host: string;
      name: string;
      /** Name of the node whose servers get databases here */
      node: string;
      port: number;
      /** The admin account the panel uses */
      username: string;
      uuid: string;
    }[];
  };
export type ListAdminDatabaseHostsApiArg = void;
export type CreateAdminDatabaseHostApiResponse =
  /** status 201 Default Response */ {
    data: {
      database_host: {
        created_at: string;
        /** Customers’ databases on this host */
        databases: number;
        host: string;
        name: string;
        /** Name of the node whose servers get databases here */
        node: string;
        port: number;
        /** The admin account the panel uses */
        username: string;
        uuid: string;
      };
    };
  };
export type CreateAdminDatabaseHostApiArg = {
  body: {
    /** Host name or IP address of the MariaDB/MySQL server */
    host: string;
    /** A name for the admin (unique) */
    name: string;
    /** Node name or uuid; default the local node */
    node?: string;
    /** Stored encrypted with the panel secret; never answered */
    password: string;
    /** Default 3306 */
    port?: number;
    /** An account that may create databases and users and grant on them (WITH GRANT OPTION) */
    username: string;
  };
};
export type DeleteAdminDatabaseHostApiResponse = unknown;
export type DeleteAdminDatabaseHostApiArg = {
  /** Name or uuid of the database host */
  host: string;
};
export type GetAdminDatabaseHostApiResponse =
  /** status 200 Default Response */ {
    data: {
      database_host: {
        created_at: string;
        /** Customers’ databases on this host */
        databases: number;
        host: string;
        name: string;
        /** Name of the node whose servers get databases here */
        node: string;
        port: number;
        /** The admin account the panel uses */
        username: string;
        uuid: string;
      };
    };
  };
export type GetAdminDatabaseHostApiArg = {
  /** Name or uuid of the database host */
  host: string;
};
export type ListAdminDnsZonesApiResponse = /** status 200 Default Response */ {
  data: {
    /** ok: the name server or API accepted a connection just now; down: it did not; unchecked: a public API not probed */
    health: "ok" | "down" | "unchecked";
    /** How its records are written */
    provider: "rfc2136" | "cloudflare";
    /** host:port of the name server (RFC 2136) or the API’s address (Cloudflare); null: the public API */
    server: string | null;
    /** Customers’ subdomains in the zone (each a set of A/AAAA and SRV records) */
    subdomains: number;
    /** TTL of the records written, seconds */
    ttl: number;
    /** The zone, lower case, without the trailing dot (the host’s list; default PANEL_DNS_ZONES) */
    zone: string;
  }[];
  meta: {
    /** false: the panel has no name server (PANEL_DNS_SERVER or PANEL_DNS_CLOUDFLARE_API_TOKEN), customers get no subdomains */
    configured: boolean;
    /** How many zones the list may hold */
    max_zones: number;
  };
};
export type ListAdminDnsZonesApiArg = void;
export type AddAdminDnsZoneApiResponse = /** status 201 Default Response */ {
  data: {
    /** ok: the name server or API accepted a connection just now; down: it did not; unchecked: a public API not probed */
    health: "ok" | "down" | "unchecked";
    /** How its records are written */
    provider: "rfc2136" | "cloudflare";
    /** host:port of the name server (RFC 2136) or the API’s address (Cloudflare); null: the public API */
    server: string | null;
    /** Customers’ subdomains in the zone (each a set of A/AAAA and SRV records) */
    subdomains: number;
    /** TTL of the records written, seconds */
    ttl: number;
    /** The zone, lower case, without the trailing dot (the host’s list; default PANEL_DNS_ZONES) */
    zone: string;
  };
};
export type AddAdminDnsZoneApiArg = {
  body: {
    /** e.g. play.example.com */
    zone: string;
  };
};
export type RemoveAdminDnsZoneApiResponse = unknown;
export type RemoveAdminDnsZoneApiArg = {
  zone: string;
};
export type ListAdminNodesApiResponse = /** status 200 Default Response */ {
  data: {
    /** Disk of the plans of its servers */
    allocated_disk_mb: number;
    /** Memory of the plans of its servers */
    allocated_memory_mb: number;
    created_at: string;
    /** Disk the node may hand out (null: no limit) */
    disk_mb: number | null;
    /** The engine’s API address (docker nodes) */
    docker_host: string | null;
    /** `local` (the panel’s own machine) or `docker` */
    driver: string;
    id: number;
    location: string;
    maintenance: boolean;
    /** Memory the node may hand out (null: no limit) */
    memory_mb: number | null;
    name: string;
    /** Ports handed out to servers on this node, e.g. 30000-30099 */
    port_range: string;
    /** The address players connect to */
    public_host: string;
    /** Servers on the node */
    servers: number;
    /** online, offline (the engine does not answer; noticed within 30 s) or maintenance (no new servers placed there) */
    state: "online" | "offline" | "maintenance";
    /** Whether the panel holds TLS certificates for the engine (they are never answered) */
    tls: boolean;
    updated_at: string;
    uuid: string;
  }[];
};
export type ListAdminNodesApiArg = void;
export type CreateAdminNodeApiResponse = /** status 201 Default Response */ {
  data: {
    node: {
      /** Disk of the plans of its servers */
      allocated_disk_mb: number;
      /** Memory of the plans of its servers */
      allocated_memory_mb: number;
      created_at: string;
      /** Disk the node may hand out (null: no limit) */
      disk_mb: number | null;
      /** The engine’s API address (docker nodes) */
      docker_host: string | null;
      /** `local` (the panel’s own machine) or `docker` */
      driver: string;
      id: number;
      location: string;
      maintenance: boolean;
      /** Memory the node may hand out (null: no limit) */
      memory_mb: number | null;
      name: string;
      /** Ports handed out to servers on this node, e.g. 30000-30099 */
      port_range: string;
      /** The address players connect to */
      public_host: string;
      /** Servers on the node */
      servers: number;
      /** online, offline (the engine does not answer; noticed within 30 s) or maintenance (no new servers placed there) */
      state: "online" | "offline" | "maintenance";
      /** Whether the panel holds TLS certificates for the engine (they are never answered) */
      tls: boolean;
      updated_at: string;
      uuid: string;
    };
  };
};
export type CreateAdminNodeApiArg = {
  body: {
    /** MiB the node may hand out (null: no limit) */
    disk_mb?: number | null;
    /** unix:///var/run/docker.sock, or tcp://HOST:PORT with tls */
    docker_host: string;
    /** docker */
    driver: string;
    /** Where the machine is (a data centre, a city) */
    location?: string;
    /** true: no new servers are placed on the node */
    maintenance?: boolean;
    /** MiB the node may hand out (null: no limit) */
    memory_mb?: number | null;
    /** A unique name (letters, digits, dots, dashes, underscores; not only digits) */
    name: string;
    /** e.g. 30000-30099 */
    port_range: string;
    /** IP address of the node the servers’ ports are published on */
    public_host: string;
    /** Stored encrypted with the panel secret; never answered */
    tls?: {
      /** PEM of the CA that signed the engine’s certificate */
      ca: string;
      /** PEM of the panel’s client certificate */
      cert: string;
      /** PEM of the panel’s client key */
      key: string;
    } | null;
  };
};
export type DeleteAdminNodeApiResponse = unknown;
export type DeleteAdminNodeApiArg = {
  /** Name, uuid or id of the node */
  node: string;
};
export type GetAdminNodeApiResponse = /** status 200 Default Response */ {
  data: {
    node: {
      /** Disk of the plans of its servers */
      allocated_disk_mb: number;
      /** Memory of the plans of its servers */
      allocated_memory_mb: number;
      created_at: string;
      /** Disk the node may hand out (null: no limit) */
      disk_mb: number | null;
      /** The engine’s API address (docker nodes) */
      docker_host: string | null;
      /** `local` (the panel’s own machine) or `docker` */
      driver: string;
      id: number;
      location: string;
      maintenance: boolean;
      /** Memory the node may hand out (null: no limit) */
      memory_mb: number | null;
      name: string;
      /** Ports handed out to servers on this node, e.g. 30000-30099 */
      port_range: string;
      /** The address players connect to */
      public_host: string;
      /** Servers on the node */
      servers: number;
      /** online, offline (the engine does not answer; noticed within 30 s) or maintenance (no new servers placed there) */
      state: "online" | "offline" | "maintenance";
      /** Whether the panel holds TLS certificates for the engine (they are never answered) */
      tls: boolean;
      updated_at: string;
      uuid: string;
    };
  };
};
export type GetAdminNodeApiArg = {
  /** Name, uuid or id of the node */
  node: string;
};
export type UpdateAdminNodeApiResponse = /** status 200 Default Response */ {
  data: {
    node: {
      /** Disk of the plans of its servers */
      allocated_disk_mb: number;
      /** Memory of the plans of its servers */
      allocated_memory_mb: number;
      created_at: string;
      /** Disk the node may hand out (null: no limit) */
      disk_mb: number | null;
      /** The engine’s API address (docker nodes) */
      docker_host: string | null;
      /** `local` (the panel’s own machine) or `docker` */
      driver: string;
      id: number;
      location: string;
      maintenance: boolean;
      /** Memory the node may hand out (null: no limit) */
      memory_mb: number | null;
      name: string;
      /** Ports handed out to servers on this node, e.g. 30000-30099 */
      port_range: string;
      /** The address players connect to */
      public_host: string;
      /** Servers on the node */
      servers: number;
      /** online, offline (the engine does not answer; noticed within 30 s) or maintenance (no new servers placed there) */
      state: "online" | "offline" | "maintenance";
      /** Whether the panel holds TLS certificates for the engine (they are never answered) */
      tls: boolean;
      updated_at: string;
      uuid: string;
    };
  };
};
export type UpdateAdminNodeApiArg = {
  /** Name, uuid or id of the node */
  node: string;
  body: {
    /** MiB the node may hand out (null: no limit) */
    disk_mb?: number | null;
    /** unix:///var/run/docker.sock, or tcp://HOST:PORT with tls */
    docker_host?: string;
    /** Where the machine is (a data centre, a city) */
    location?: string;
    /** true: no new servers are placed on the node */
    maintenance?: boolean;
    /** MiB the node may hand out (null: no limit) */
    memory_mb?: number | null;
    /** A unique name (letters, digits, dots, dashes, underscores; not only digits) */
    name?: string;
    /** e.g. 30000-30099 */
    port_range?: string;
    /** IP address of the node the servers’ ports are published on */
    public_host?: string;
    /** Stored encrypted with the panel secret; never answered */
    tls?: {
      /** PEM of the CA that signed the engine’s certificate */
      ca: string;
      /** PEM of the panel’s client certificate */
      cert: string;
      /** PEM of the panel’s client key */
      key: string;
    } | null;
  };
};
export type ListAdminOAuthProvidersApiResponse =
  /** status 200 Default Response */ {
    data: {
      client_id: string;
      /** null for providers of the settings */
      created_at: string | null;
      /** Whether people are offered it (login page, linking) */
      enabled: boolean;
      /** The secret itself is stored encrypted and never answered */
      has_client_secret: boolean;
      /** The id in addresses and linked identities */
      id: string;
      /** The OpenID Connect discovery base (kind oidc) */
      issuer: string | null;
      /** discord, google or github (their published endpoints), or oidc (any OpenID Connect issuer) */
      kind: "discord" | "google" | "github" | "oidc";
      /** Accounts that have an identity of this provider linked */
      linked_accounts: number;
      /** The name on the login page’s button */
      name: string;
      /** `settings`: from PANEL_OAUTH_* (read-only here); `admin`: added through the admin API */
      source: "settings" | "admin";
      updated_at: string | null;
    }[];
    meta: {
      /** The redirect URI to register at every provider (the web app’s /socialite page) */
      callback_url: string;
    };
  };
export type ListAdminOAuthProvidersApiArg = void;
export type CreateAdminOAuthProviderApiResponse =
  /** status 201 Default Response */ {
    data: {
      oauth_provider: {
        client_id: string;
        /** null for providers of the settings */
        created_at: string | null;
        /** Whether people are offered it (login page, linking) */
        enabled: boolean;
        /** The secret itself is stored encrypted and never answered */
        has_client_secret: boolean;
        /** The id in addresses and linked identities */
        id: string;
        /** The OpenID Connect discovery base (kind oidc) */
        issuer: string | null;
        /** discord, google or github (their published endpoints), or oidc (any OpenID Connect issuer) */
        kind: "discord" | "google" | "github" | "oidc";
        /** Accounts that have an identity of this provider linked */
        linked_accounts: number;
        /** The name on the login page’s button */
        name: string;
        /** `settings`: from PANEL_OAUTH_* (read-only here); `admin`: added through the admin API */
        source: "settings" | "admin";
        updated_at: string | null;
      };
    };
  };
export type CreateAdminOAuthProviderApiArg = {
  body: {
    client_id: string;
    /** Write-only: stored encrypted with the panel secret */
    client_secret: string;
    enabled?: boolean;
    /** a-z, 0-9 and -, starting with a letter; not one of the settings’ ids */
    id: string;
    /** kind oidc: https URL (http only on loopback) */
    issuer?: string | null;
    /** discord, google or github (their published endpoints), or oidc (any OpenID Connect issuer) */
    kind: "discord" | "google" | "github" | "oidc";
    /** Empty: the provider’s own name (Discord, Google, GitHub) or the id */
    name?: string;
  };
};
export type DeleteAdminOAuthProviderApiResponse = unknown;
export type DeleteAdminOAuthProviderApiArg = {
  provider: string;
};
export type GetAdminOAuthProviderApiResponse =
  /** status 200 Default Response */ {
    data: {
      oauth_provider: {
        client_id: string;
        /** null for providers of the settings */
        created_at: string | null;
        /** Whether people are offered it (login page, linking) */
        enabled: boolean;
        /** The secret itself is stored encrypted and never answered */
        has_client_secret: boolean;
        /** The id in addresses and linked identities */
        id: string;
        /** The OpenID Connect discovery base (kind oidc) */
        issuer: string | null;
        /** discord, google or github (their published endpoints), or oidc (any OpenID Connect issuer) */
        kind: "discord" | "google" | "github" | "oidc";
        /** Accounts that have an identity of this provider linked */
        linked_accounts: number;
        /** The name on the login page’s button */
        name: string;
        /** `settings`: from PANEL_OAUTH_* (read-only here); `admin`: added through the admin API */
        source: "settings" | "admin";
        updated_at: string | null;
      };
    };
  };
export type GetAdminOAuthProviderApiArg = {
  provider: string;
};
export type UpdateAdminOAuthProviderApiResponse =
  /** status 200 Default Response */ {
    data: {
      oauth_provider: {
        client_id: string;
        /** null for providers of the settings */
        created_at: string | null;
        /** Whether people are offered it (login page, linking) */
        enabled: boolean;
        /** The secret itself is stored encrypted and never answered */
        has_client_secret: boolean;
        /** The id in addresses and linked identities */
        id: string;
        /** The OpenID Connect discovery base (kind oidc) */
        issuer: string | null;
        /** discord, google or github (their published endpoints), or oidc (any OpenID Connect issuer) */
        kind: "discord" | "google" | "github" | "oidc";
        /** Accounts that have an identity of this provider linked */
        linked_accounts: number;
        /** The name on the login page’s button */
        name: string;
        /** `settings`: from PANEL_OAUTH_* (read-only here); `admin`: added through the admin API */
        source: "settings" | "admin";
        updated_at: string | null;
      };
    };
  };
export type UpdateAdminOAuthProviderApiArg = {
  provider: string;
  body: {
    client_id?: string;
    /** Absent: the stored secret stays */
    client_secret?: string;
    enabled?: boolean;
    /** kind oidc: https URL (http only on loopback) */
    issuer?: string | null;
    /** discord, google or github (their published endpoints), or oidc (any OpenID Connect issuer) */
    kind?: "discord" | "google" | "github" | "oidc";
    /** Empty: the provider’s own name (Discord, Google, GitHub) or the id */
    name?: string;
  };
};
export type GetAdminOverviewApiResponse = /** status 200 Default Response */ {
  data: {
    crashes_last_day: number;
    failed_installs_last_day: number;
    /** The panel’s own services; each node’s engine is its state under nodes */
    health: {
      detail: string | null;
      name: "database" | "redis" | "mail" | "dns" | "catalogue";
      status: "ok" | "down" | "not_configured" | "unchecked";
    }[];
    nodes: {
      /** Disk of the plans of its servers */
      allocated_disk_mb: number;
      /** Memory of the plans of its servers */
      allocated_memory_mb: number;
      created_at: string;
      /** Disk the node may hand out (null: no limit) */
      disk_mb: number | null;
      /** The engine’s API address (docker nodes) */
      docker_host: string | null;
      /** `local` (the panel’s own machine) or `docker` */
      driver: string;
      id: number;
      location: string;
      maintenance: boolean;
      /** Memory the node may hand out (null: no limit) */
      memory_mb: number | null;
      name: string;
      /** Ports handed out to servers on this node, e.g. 30000-30099 */
      port_range: string;
      /** The address players connect to */
      public_host: string;
      /** Servers on the node */
      servers: number;
      /** online, offline (the engine does not answer; noticed within 30 s) or maintenance (no new servers placed there) */
      state: "online" | "offline" | "maintenance";
      /** Whether the panel holds TLS certificates for the engine (they are never answered) */
      tls: boolean;
      updated_at: string;
      uuid: string;
    }[];
    /** suspended, installing, install_failed, or the power state (running, offline…) */
    servers_by_state: {
      [key: string]: number;
    };
    users: number;
  };
};
export type GetAdminOverviewApiArg = void;
export type ListAdminPlansApiResponse = /** status 200 Default Response */ {
  data: Plan[];
};
export type ListAdminPlansApiArg = void;
export type CreateAdminPlanApiResponse = /** status 201 Default Response */ {
  data: Plan;
};
export type CreateAdminPlanApiArg = {
  body: {
    /** 100 = one core */
    cpu_percent: number;
    disk_mb: number;
    /** Game slug (minecraft, rust, …); fixed once created */
    game: string;
    memory_mb: number;
    name: string;
    /** Minor units (cents) per month */
    price_monthly: number;
    slug: string;
    /** Picks the theme */
    tier: "budget" | "premium";
  } & {
    backups?: number;
    currency?: string;
    databases?: number;
    display_order?: number;
    extra_ports?: number;
  };
};
export type DeleteAdminPlanApiResponse = unknown;
export type DeleteAdminPlanApiArg = {
  slug: string;
};
export type UpdateAdminPlanApiResponse = /** status 200 Default Response */ {
  data: Plan;
};
export type UpdateAdminPlanApiArg = {
  slug: string;
  body: {
    backups?: number;
    /** 100 = one core */
    cpu_percent?: number;
    currency?: string;
    databases?: number;
    disk_mb?: number;
    display_order?: number;
    extra_ports?: number;
    memory_mb?: number;
    name?: string;
    /** Minor units (cents) per month */
    price_monthly?: number;
    slug?: string;
    /** Picks the theme */
    tier?: "budget" | "premium";
  };
};
export type ListAdminServersApiResponse = /** status 200 Default Response */ {
  data: {
    allocation: {
      host: string;
      ip: string;
      port: number;
    } | null;
    created_at: string;
    description: string;
    external_id: string | null;
    game: string;
    identifier: string;
    install_error: string | null;
    install_status: "installing" | "installed" | "install_failed";
    name: string;
    /** Name of the node the server runs on (local: the panel’s own machine) */
    node: string;
    owner: {
      username: string;
      uuid: string;
    };
    plan: string;
    /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
    state:
      | "offline"
      | "starting"
      | "running"
      | "stopping"
      | "node_offline"
      | "transferring";
    suspended: boolean;
    /** Why the host suspended it; the customer sees it */
    suspension_reason: string | null;
    template: string;
    uuid: string;
  }[];
};
export type ListAdminServersApiArg = {
  /** Part of the name, short id, uuid or external id */
  search?: string;
  /** Username, email or uuid of the owner */
  owner?: string;
  /** Node name */
  node?: string;
  /** Game slug */
  game?: string;
  /** Plan slug */
  plan?: string;
  state?:
    | "running"
    | "starting"
    | "stopping"
    | "offline"
    | "installing"
    | "install_failed"
    | "suspended";
};
export type CreateAdminServerApiResponse = /** status 201 Default Response */ {
  data: {
    server: {
      allocation: {
        host: string;
        ip: string;
        port: number;
      } | null;
      created_at: string;
      description: string;
      external_id: string | null;
      game: string;
      identifier: string;
      install_error: string | null;
      install_status: "installing" | "installed" | "install_failed";
      name: string;
      /** Name of the node the server runs on (local: the panel’s own machine) */
      node: string;
      owner: {
        username: string;
        uuid: string;
      };
      plan: string;
      /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
      state:
        | "offline"
        | "starting"
        | "running"
        | "stopping"
        | "node_offline"
        | "transferring";
      suspended: boolean;
      /** Why the host suspended it; the customer sees it */
      suspension_reason: string | null;
      template: string;
      uuid: string;
    };
  };
};
export type CreateAdminServerApiArg = {
  body: {
    description?: string;
    external_id?: string;
    /** Place the server only on nodes of this location (ignored when `node` is given). */
    location?: string;
    name: string;
    /** Name, uuid or id of the node to create it on (its port comes from that node’s range). When absent the panel places it: on the least used online node, not in maintenance, of `location` (any location when absent), with room for the plan’s memory and disk and a free port; the panel’s own machine counts as a node. 409 when the node given is in maintenance, offline or has no room, or when no node has room. */
    node?: string;
    /** uuid, username or email of the owner */
    owner: string;
    /** Plan slug, e.g. minecraft-budget */
    plan: string;
    /** Start the server once installed */
    start_on_completion?: boolean;
    /** Template slug, e.g. minecraft-flying-squid */
    template: string;
    variables?: {
      [key: string]: string;
    };
  };
};
export type DeleteAdminServerApiResponse = unknown;
export type DeleteAdminServerApiArg = {
  /** Short id, uuid or external id */
  server: string;
};
export type GetAdminServerApiResponse = /** status 200 Default Response */ {
  data: {
    server: {
      allocation: {
        host: string;
        ip: string;
        port: number;
      } | null;
      created_at: string;
      description: string;
      external_id: string | null;
      game: string;
      identifier: string;
      install_error: string | null;
      install_status: "installing" | "installed" | "install_failed";
      name: string;
      /** Name of the node the server runs on (local: the panel’s own machine) */
      node: string;
      owner: {
        username: string;
        uuid: string;
      };
      plan: string;
      /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
      state:
        | "offline"
        | "starting"
        | "running"
        | "stopping"
        | "node_offline"
        | "transferring";
      suspended: boolean;
      /** Why the host suspended it; the customer sees it */
      suspension_reason: string | null;
      template: string;
      uuid: string;
    };
  };
};
export type GetAdminServerApiArg = {
  /** Short id, uuid or external id */
  server: string;
};
export type OpenAdminServerApiResponse = /** status 200 Default Response */ {
  data: {
    /** The server’s pages in the panel: /server/{identifier} */
    path: string;
  };
};
export type OpenAdminServerApiArg = {
  /** Short id, uuid or external id */
  server: string;
};
export type ChangeAdminServerPlanApiResponse =
  /** status 200 Default Response */ {
    data: {
      server: {
        allocation: {
          host: string;
          ip: string;
          port: number;
        } | null;
        created_at: string;
        description: string;
        external_id: string | null;
        game: string;
        identifier: string;
        install_error: string | null;
        install_status: "installing" | "installed" | "install_failed";
        name: string;
        /** Name of the node the server runs on (local: the panel’s own machine) */
        node: string;
        owner: {
          username: string;
          uuid: string;
        };
        plan: string;
        /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
        state:
          | "offline"
          | "starting"
          | "running"
          | "stopping"
          | "node_offline"
          | "transferring";
        suspended: boolean;
        /** Why the host suspended it; the customer sees it */
        suspension_reason: string | null;
        template: string;
        uuid: string;
      };
    };
  };
export type ChangeAdminServerPlanApiArg = {
  /** Short id, uuid or external id */
  server: string;
  body: {
    plan: string;
  };
};
export type ReinstallAdminServerApiResponse = unknown;
export type ReinstallAdminServerApiArg = {
  /** Short id, uuid or external id */
  server: string;
};
export type SuspendAdminServerApiResponse = /** status 200 Default Response */ {
  data: {
    server: {
      allocation: {
        host: string;
        ip: string;
        port: number;
      } | null;
      created_at: string;
      description: string;
      external_id: string | null;
      game: string;
      identifier: string;
      install_error: string | null;
      install_status: "installing" | "installed" | "install_failed";
      name: string;
      /** Name of the node the server runs on (local: the panel’s own machine) */
      node: string;
      owner: {
        username: string;
        uuid: string;
      };
      plan: string;
      /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
      state:
        | "offline"
        | "starting"
        | "running"
        | "stopping"
        | "node_offline"
        | "transferring";
      suspended: boolean;
      /** Why the host suspended it; the customer sees it */
      suspension_reason: string | null;
      template: string;
      uuid: string;
    };
  };
};
export type SuspendAdminServerApiArg = {
  /** Short id, uuid or external id */
  server: string;
  body: {
    /** Shown to the customer on the server’s pages */
    reason?: string;
  } | null;
};
export type GetAdminServerTransferApiResponse =
  /** status 200 Default Response */ {
    data: {
      transfer: {
        /** Where players reach the server once moved (host:port) */
        address: string | null;
        bytes_copied: number;
        /** The server’s files on the source as last measured (null: unknown) */
        bytes_total: number | null;
        /** Why it failed; the server is then whole on its old node */
        error: string | null;
        finished_at: string | null;
        /** The node it is moved from */
        from: string;
        /** How far the move got, 0–100 (null while the size of the files is unknown) */
        percent: number | null;
        /** uuid of the server */
        server: string;
        started_at: string;
        state: "running" | "completed" | "failed";
        step: "stopping" | "copying" | "switching" | "starting" | "done";
        /** The node it is moved to */
        to: string;
      };
    };
  };
export type GetAdminServerTransferApiArg = {
  /** Short id, uuid or external id */
  server: string;
};
export type TransferAdminServerApiResponse =
  /** status 202 Default Response */ {
    data: {
      transfer: {
        /** Where players reach the server once moved (host:port) */
        address: string | null;
        bytes_copied: number;
        /** The server’s files on the source as last measured (null: unknown) */
        bytes_total: number | null;
        /** Why it failed; the server is then whole on its old node */
        error: string | null;
        finished_at: string | null;
        /** The node it is moved from */
        from: string;
        /** How far the move got, 0–100 (null while the size of the files is unknown) */
        percent: number | null;
        /** uuid of the server */
        server: string;
        started_at: string;
        state: "running" | "completed" | "failed";
        step: "stopping" | "copying" | "switching" | "starting" | "done";
        /** The node it is moved to */
        to: string;
      };
    };
  };
export type TransferAdminServerApiArg = {
  /** Short id, uuid or external id */
  server: string;
  body: {
    /** Name, uuid or id of the node to move the server to */
    node: string;
  };
};
export type UnsuspendAdminServerApiResponse =
  /** status 200 Default Response */ {
    data: {
      server: {
        allocation: {
          host: string;
          ip: string;
          port: number;
        } | null;
        created_at: string;
        description: string;
        external_id: string | null;
        game: string;
        identifier: string;
        install_error: string | null;
        install_status: "installing" | "installed" | "install_failed";
        name: string;
        /** Name of the node the server runs on (local: the panel’s own machine) */
        node: string;
        owner: {
          username: string;
          uuid: string;
        };
        plan: string;
        /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
        state:
          | "offline"
          | "starting"
          | "running"
          | "stopping"
          | "node_offline"
          | "transferring";
        suspended: boolean;
        /** Why the host suspended it; the customer sees it */
        suspension_reason: string | null;
        template: string;
        uuid: string;
      };
    };
  };
export type UnsuspendAdminServerApiArg = {
  /** Short id, uuid or external id */
  server: string;
  body: {
    /** Shown to the customer on the server’s pages */
    reason?: string;
  } | null;
};
export type GetAdminSettingsApiResponse = /** status 200 Default Response */ {
  data: {
    /** `instant`: orders and plan changes apply at once; `external`: the billing system’s signed checkout (needs PANEL_BILLING_URL and PANEL_BILLING_SECRET) */
    billing_provider: "instant" | "external";
    /** An https address or a path on the panel; null: no logo */
    brand_logo_url: string | null;
    /** The name the panel shows; empty: “Game Panel” in the reader’s language */
    brand_name: string;
    /** The sender of the panel’s mails, `Name <address>` or an address (default MAIL_FROM) */
    mail_from: string;
    /** Orders one customer may place; failed ones do not count (default PANEL_ORDER_LIMIT_PER_USER) */
    order_limit_per_user: number;
    /** Whether customers may order servers (default PANEL_ORDERING) */
    ordering_enabled: boolean;
    /** Anyone may sign up; closed: only people with a pending invitation to a server (default PANEL_SIGNUP_OPEN) */
    signup_open: boolean;
  };
  meta: {
    /** Whether PANEL_BILLING_URL and PANEL_BILLING_SECRET are set, so `external` can be chosen */
    external_billing_configured: boolean;
  };
};
export type GetAdminSettingsApiArg = void;
export type UpdateAdminSettingsApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** `instant`: orders and plan changes apply at once; `external`: the billing system’s signed checkout (needs PANEL_BILLING_URL and PANEL_BILLING_SECRET) */
      billing_provider: "instant" | "external";
      /** An https address or a path on the panel; null: no logo */
      brand_logo_url: string | null;
      /** The name the panel shows; empty: “Game Panel” in the reader’s language */
      brand_name: string;
      /** The sender of the panel’s mails, `Name <address>` or an address (default MAIL_FROM) */
      mail_from: string;
      /** Orders one customer may place; failed ones do not count (default PANEL_ORDER_LIMIT_PER_USER) */
      order_limit_per_user: number;
      /** Whether customers may order servers (default PANEL_ORDERING) */
      ordering_enabled: boolean;
      /** Anyone may sign up; closed: only people with a pending invitation to a server (default PANEL_SIGNUP_OPEN) */
      signup_open: boolean;
    };
    meta: {
      /** Whether PANEL_BILLING_URL and PANEL_BILLING_SECRET are set, so `external` can be chosen */
      external_billing_configured: boolean;
    };
  };
export type UpdateAdminSettingsApiArg = {
  body: {
    /** `instant`: orders and plan changes apply at once; `external`: the billing system’s signed checkout (needs PANEL_BILLING_URL and PANEL_BILLING_SECRET) */
    billing_provider?: "instant" | "external";
    brand_logo_url?: string | null;
    brand_name?: string;
    mail_from?: string;
    order_limit_per_user?: number;
    ordering_enabled?: boolean;
    signup_open?: boolean;
  };
};
export type ListAdminTemplatesApiResponse = /** status 200 Default Response */ {
  data: {
    description: string;
    game: string;
    id: number;
    /** Parts of the egg the panel keeps but does not apply */
    ignored: string[];
    /** Images the host runs instead of the ones the template names */
    image_map: {
      [key: string]: string;
    };
    images: {
      image: string;
      label: string;
    }[];
    name: string;
    slug: string;
    source: {
      author: string;
      format: string;
      imported_at: string;
      kind: "egg";
      url: string | null;
    } | null;
    startup: string;
    variables: {
      default_value: string;
      description: string;
      env_variable: string;
      name: string;
      /** Laravel rules (an egg’s); a built-in template’s pattern shows as regex: */
      rules: string[];
      user_editable: boolean;
      user_viewable: boolean;
    }[];
  }[];
};
export type ListAdminTemplatesApiArg = void;
export type ImportAdminTemplateApiResponse =
  | /** status 200 Default Response */ {
      data: {
        /** A new template (false: it updates the one an earlier import of this egg made) */
        created: boolean;
        /** false for a preview: nothing was written */
        saved: boolean;
        template: {
          description: string;
          game: string;
          id: number;
          /** Parts of the egg the panel keeps but does not apply */
          ignored: string[];
          /** Images the host runs instead of the ones the template names */
          image_map: {
            [key: string]: string;
          };
          images: {
            image: string;
            label: string;
          }[];
          name: string;
          slug: string;
          source: {
            author: string;
            format: string;
            imported_at: string;
            kind: "egg";
            url: string | null;
          } | null;
          startup: string;
          variables: {
            default_value: string;
            description: string;
            env_variable: string;
            name: string;
            /** Laravel rules (an egg’s); a built-in template’s pattern shows as regex: */
            rules: string[];
            user_editable: boolean;
            user_viewable: boolean;
          }[];
        };
      };
    }
  | /** status 201 Default Response */ {
      data: {
        /** A new template (false: it updates the one an earlier import of this egg made) */
        created: boolean;
        /** false for a preview: nothing was written */
        saved: boolean;
        template: {
          description: string;
          game: string;
          id: number;
          /** Parts of the egg the panel keeps but does not apply */
          ignored: string[];
          /** Images the host runs instead of the ones the template names */
          image_map: {
            [key: string]: string;
          };
          images: {
            image: string;
            label: string;
          }[];
          name: string;
          slug: string;
          source: {
            author: string;
            format: string;
            imported_at: string;
            kind: "egg";
            url: string | null;
          } | null;
          startup: string;
          variables: {
            default_value: string;
            description: string;
            env_variable: string;
            name: string;
            /** Laravel rules (an egg’s); a built-in template’s pattern shows as regex: */
            rules: string[];
            user_editable: boolean;
            user_viewable: boolean;
          }[];
        };
      };
    };
export type ImportAdminTemplateApiArg = {
  /** The game the egg is for (minecraft, rust …); guessed from the egg when absent */
  game?: string;
  /** true: answer what the import would make (200, `saved: false`) and write nothing */
  preview?: boolean;
  body:
    | {
        game?: string;
        url: string;
      }
    | {
        meta: {
          version: string;
          [key: string]: any;
        };
        [key: string]: any;
      }
    | string;
};
export type GetAdminTemplateApiResponse = /** status 200 Default Response */ {
  data: {
    template: {
      description: string;
      game: string;
      id: number;
      /** Parts of the egg the panel keeps but does not apply */
      ignored: string[];
      /** Images the host runs instead of the ones the template names */
      image_map: {
        [key: string]: string;
      };
      images: {
        image: string;
        label: string;
      }[];
      name: string;
      slug: string;
      source: {
        author: string;
        format: string;
        imported_at: string;
        kind: "egg";
        url: string | null;
      } | null;
      startup: string;
      variables: {
        default_value: string;
        description: string;
        env_variable: string;
        name: string;
        /** Laravel rules (an egg’s); a built-in template’s pattern shows as regex: */
        rules: string[];
        user_editable: boolean;
        user_viewable: boolean;
      }[];
    };
  };
};
export type GetAdminTemplateApiArg = {
  /** Slug or id */
  template: string;
};
export type MapAdminTemplateImagesApiResponse =
  /** status 200 Default Response */ {
    data: {
      template: {
        description: string;
        game: string;
        id: number;
        /** Parts of the egg the panel keeps but does not apply */
        ignored: string[];
        /** Images the host runs instead of the ones the template names */
        image_map: {
          [key: string]: string;
        };
        images: {
          image: string;
          label: string;
        }[];
        name: string;
        slug: string;
        source: {
          author: string;
          format: string;
          imported_at: string;
          kind: "egg";
          url: string | null;
        } | null;
        startup: string;
        variables: {
          default_value: string;
          description: string;
          env_variable: string;
          name: string;
          /** Laravel rules (an egg’s); a built-in template’s pattern shows as regex: */
          rules: string[];
          user_editable: boolean;
          user_viewable: boolean;
        }[];
      };
    };
  };
export type MapAdminTemplateImagesApiArg = {
  /** Slug or id */
  template: string;
  body: {
    /** Egg image → the host’s image; an empty value removes the mapping */
    images: {
      [key: string]: string;
    };
  };
};
export type ListAdminUsersApiResponse = /** status 200 Default Response */ {
  data: {
    created_at: string;
    email: string;
    language: string;
    name_first: string | null;
    name_last: string | null;
    root_admin: boolean;
    servers: number;
    suspended: boolean;
    updated_at: string;
    /** Two-factor sign-in is on */
    use_totp: boolean;
    username: string;
    uuid: string;
  }[];
  meta: {
    page: number;
    per_page: number;
    total: number;
  };
};
export type ListAdminUsersApiArg = {
  /** Part of the username, email or name */
  search?: string;
  page?: number;
  perPage?: number;
};
export type CreateAdminUserApiResponse = /** status 201 Default Response */ {
  data: {
    user: {
      created_at: string;
      email: string;
      language: string;
      name_first: string | null;
      name_last: string | null;
      root_admin: boolean;
      suspended: boolean;
      updated_at: string;
      /** Two-factor sign-in is on */
      use_totp: boolean;
      username: string;
      uuid: string;
    };
  };
};
export type CreateAdminUserApiArg = {
  body: {
    email: string;
    language?: string;
    name_first?: string;
    name_last?: string;
    /** Random when omitted */
    password?: string;
    root_admin?: boolean;
    username: string;
  };
};
export type DeleteAdminUserApiResponse = unknown;
export type DeleteAdminUserApiArg = {
  /** uuid, username or email */
  user: string;
};
export type GetAdminUserApiResponse = /** status 200 Default Response */ {
  data: {
    user: {
      created_at: string;
      email: string;
      language: string;
      name_first: string | null;
      name_last: string | null;
      root_admin: boolean;
      suspended: boolean;
      updated_at: string;
      /** Two-factor sign-in is on */
      use_totp: boolean;
      username: string;
      uuid: string;
    };
  };
};
export type GetAdminUserApiArg = {
  /** uuid, username or email */
  user: string;
};
export type UpdateAdminUserApiResponse = /** status 200 Default Response */ {
  data: {
    user: {
      created_at: string;
      email: string;
      language: string;
      name_first: string | null;
      name_last: string | null;
      root_admin: boolean;
      suspended: boolean;
      updated_at: string;
      /** Two-factor sign-in is on */
      use_totp: boolean;
      username: string;
      uuid: string;
    };
  };
};
export type UpdateAdminUserApiArg = {
  /** uuid, username or email */
  user: string;
  body: {
    email?: string;
    language?: string;
    name_first?: string | null;
    name_last?: string | null;
    root_admin?: boolean;
  };
};
export type CreateAdminUserLoginTokenApiResponse =
  /** status 201 Default Response */ {
    data: {
      expires_at: string;
      /** Single-use, valid for 60 seconds; shown only once */
      token: string;
      /** The panel address that logs the user in: /login?token=… */
      url: string;
    };
  };
export type CreateAdminUserLoginTokenApiArg = {
  /** uuid, username or email */
  user: string;
  body: {
    /** Panel path to open after the login, e.g. /server/abc123/console */
    redirect?: string;
  } | null;
};
export type SendAdminUserPasswordResetApiResponse =
  /** status 202 Default Response */ {
    message: string;
  };
export type SendAdminUserPasswordResetApiArg = {
  /** uuid, username or email */
  user: string;
};
export type SuspendAdminUserApiResponse = /** status 200 Default Response */ {
  data: {
    user: {
      created_at: string;
      email: string;
      language: string;
      name_first: string | null;
      name_last: string | null;
      root_admin: boolean;
      suspended: boolean;
      updated_at: string;
      /** Two-factor sign-in is on */
      use_totp: boolean;
      username: string;
      uuid: string;
    };
  };
};
export type SuspendAdminUserApiArg = {
  /** uuid, username or email */
  user: string;
};
export type ResetAdminUserTwoFactorApiResponse =
  /** status 200 Default Response */ {
    data: {
      user: {
        created_at: string;
        email: string;
        language: string;
        name_first: string | null;
        name_last: string | null;
        root_admin: boolean;
        suspended: boolean;
        updated_at: string;
        /** Two-factor sign-in is on */
        use_totp: boolean;
        username: string;
        uuid: string;
      };
    };
  };
export type ResetAdminUserTwoFactorApiArg = {
  /** uuid, username or email */
  user: string;
};
export type UnsuspendAdminUserApiResponse = /** status 200 Default Response */ {
  data: {
    user: {
      created_at: string;
      email: string;
      language: string;
      name_first: string | null;
      name_last: string | null;
      root_admin: boolean;
      suspended: boolean;
      updated_at: string;
      /** Two-factor sign-in is on */
      use_totp: boolean;
      username: string;
      uuid: string;
    };
  };
};
export type UnsuspendAdminUserApiArg = {
  /** uuid, username or email */
  user: string;
};
export type Plan = {
  backups: number;
  /** 100 = one core */
  cpu_percent: number;
  /** ISO 4217 */
  currency: string;
  databases: number;
  disk_mb: number;
  display_order: number;
  extra_ports: number;
  game: string;
  memory_mb: number;
  name: string;
  /** Minor units (cents) per month */
  price_monthly: number;
  slug: string;
  tier: "budget" | "premium";
};
export const {
  useListAdminAuditQuery,
  useLazyListAdminAuditQuery,
  useExportAdminAuditQuery,
  useLazyExportAdminAuditQuery,
  useListAdminDatabaseHostsQuery,
  useLazyListAdminDatabaseHostsQuery,
  useCreateAdminDatabaseHostMutation,
  useDeleteAdminDatabaseHostMutation,
  useGetAdminDatabaseHostQuery,
  useLazyGetAdminDatabaseHostQuery,
  useListAdminDnsZonesQuery,
  useLazyListAdminDnsZonesQuery,
  useAddAdminDnsZoneMutation,
  useRemoveAdminDnsZoneMutation,
  useListAdminNodesQuery,
  useLazyListAdminNodesQuery,
  useCreateAdminNodeMutation,
  useDeleteAdminNodeMutation,
  useGetAdminNodeQuery,
  useLazyGetAdminNodeQuery,
  useUpdateAdminNodeMutation,
  useListAdminOAuthProvidersQuery,
  useLazyListAdminOAuthProvidersQuery,
  useCreateAdminOAuthProviderMutation,
  useDeleteAdminOAuthProviderMutation,
  useGetAdminOAuthProviderQuery,
  useLazyGetAdminOAuthProviderQuery,
  useUpdateAdminOAuthProviderMutation,
  useGetAdminOverviewQuery,
  useLazyGetAdminOverviewQuery,
  useListAdminPlansQuery,
  useLazyListAdminPlansQuery,
  useCreateAdminPlanMutation,
  useDeleteAdminPlanMutation,
  useUpdateAdminPlanMutation,
  useListAdminServersQuery,
  useLazyListAdminServersQuery,
  useCreateAdminServerMutation,
  useDeleteAdminServerMutation,
  useGetAdminServerQuery,
  useLazyGetAdminServerQuery,
  useOpenAdminServerMutation,
  useChangeAdminServerPlanMutation,
  useReinstallAdminServerMutation,
  useSuspendAdminServerMutation,
  useGetAdminServerTransferQuery,
  useLazyGetAdminServerTransferQuery,
  useTransferAdminServerMutation,
  useUnsuspendAdminServerMutation,
  useGetAdminSettingsQuery,
  useLazyGetAdminSettingsQuery,
  useUpdateAdminSettingsMutation,
  useListAdminTemplatesQuery,
  useLazyListAdminTemplatesQuery,
  useImportAdminTemplateMutation,
  useGetAdminTemplateQuery,
  useLazyGetAdminTemplateQuery,
  useMapAdminTemplateImagesMutation,
  useListAdminUsersQuery,
  useLazyListAdminUsersQuery,
  useCreateAdminUserMutation,
  useDeleteAdminUserMutation,
  useGetAdminUserQuery,
  useLazyGetAdminUserQuery,
  useUpdateAdminUserMutation,
  useCreateAdminUserLoginTokenMutation,
  useSendAdminUserPasswordResetMutation,
  useSuspendAdminUserMutation,
  useResetAdminUserTwoFactorMutation,
  useUnsuspendAdminUserMutation,
} = injectedRtkApi;
