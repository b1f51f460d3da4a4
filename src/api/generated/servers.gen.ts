import { baseApi as api } from "../baseApi";
export const addTagTypes = ["servers"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listPermissionKeys: build.query<
        ListPermissionKeysApiResponse,
        ListPermissionKeysApiArg
      >({
        query: () => ({ url: `/permissions` }),
        providesTags: ["servers"],
      }),
      listServers: build.query<ListServersApiResponse, ListServersApiArg>({
        query: () => ({ url: `/servers/` }),
        providesTags: ["servers"],
      }),
      getServer: build.query<GetServerApiResponse, GetServerApiArg>({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}` }),
        providesTags: ["servers"],
      }),
      sendServerCommand: build.mutation<
        SendServerCommandApiResponse,
        SendServerCommandApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/command`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["servers"],
      }),
      sendServerPower: build.mutation<
        SendServerPowerApiResponse,
        SendServerPowerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/power`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["servers"],
      }),
      reinstallServer: build.mutation<
        ReinstallServerApiResponse,
        ReinstallServerApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/reinstall`,
          method: "POST",
        }),
        invalidatesTags: ["servers"],
      }),
      getServerResources: build.query<
        GetServerResourcesApiResponse,
        GetServerResourcesApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/resources` }),
        providesTags: ["servers"],
      }),
      getServerWebsocket: build.query<
        GetServerWebsocketApiResponse,
        GetServerWebsocketApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/websocket` }),
        providesTags: ["servers"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as serversApi };
export type ListPermissionKeysApiResponse = /** status 200 Default Response */ {
  data: {
    /** Whether the area works yet (some route of the panel checks one of its keys); areas still being set up are false */
    available: boolean;
    description: string;
    group: string;
    keys: {
      description: string;
      /** e.g. control.console */
      key: string;
    }[];
  }[];
};
export type ListPermissionKeysApiArg = void;
export type ListServersApiResponse = /** status 200 Default Response */ {
  data: Server[];
};
export type ListServersApiArg = void;
export type GetServerApiResponse = /** status 200 Default Response */ {
  data: Server;
};
export type GetServerApiArg = {
  /** Short id or uuid */
  id: string;
};
export type SendServerCommandApiResponse = unknown;
export type SendServerCommandApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** One console line, without a leading slash */
    command: string;
  };
};
export type SendServerPowerApiResponse = unknown;
export type SendServerPowerApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    signal: "start" | "stop" | "restart" | "kill";
  };
};
export type ReinstallServerApiResponse = unknown;
export type ReinstallServerApiArg = {
  /** Short id or uuid */
  id: string;
};
export type GetServerResourcesApiResponse = /** status 200 Default Response */ {
  data: ServerResources;
};
export type GetServerResourcesApiArg = {
  /** Short id or uuid */
  id: string;
};
export type GetServerWebsocketApiResponse = /** status 200 Default Response */ {
  data: {
    /** ws:// or wss:// URL of the socket */
    socket: string;
    token: string;
  };
};
export type GetServerWebsocketApiArg = {
  /** Short id or uuid */
  id: string;
};
export type Server = {
  allocation: {
    /** Address players connect to */
    host: string;
    ip: string;
    port: number;
  } | null;
  created_at: string;
  description: string;
  game: {
    name: string;
    /** minecraft, rust, terraria, ark or palworld */
    slug: string;
  };
  /** Short id (8 characters) used in URLs */
  identifier: string;
  /** The reason of a failed install */
  install_error: string | null;
  is_owner: boolean;
  name: string;
  node: string;
  owner: {
    username: string;
    uuid: string;
  };
  /** Permission keys the caller holds on this server */
  permissions: string[];
  plan: {
    limits: {
      backups: number;
      cpu_percent: number;
      databases: number;
      disk_mb: number;
      extra_ports: number;
      memory_mb: number;
    };
    name: string;
    slug: string;
    /** budget or premium */
    tier: string;
  };
  /** Where the caller reaches the server’s files over SFTP (GET of one server, when SFTP runs and the caller holds file.sftp) */
  sftp?: {
    host: string;
    port: number;
    /** <panel username>.<server identifier> */
    username: string;
  };
  /** Stopped, with the panel answering on its port to start it when someone joins */
  sleeping: boolean;
  /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
  state:
    | "offline"
    | "starting"
    | "running"
    | "stopping"
    | "node_offline"
    | "transferring";
  status: ("installing" | "install_failed" | "suspended") | (null | null);
  suspended: boolean;
  /** Why the host suspended the server (null: no reason given or not suspended) */
  suspension_reason: string | null;
  template: {
    name: string;
    slug: string;
  };
  updated_at: string;
  uuid: string;
};
export type ServerResources = {
  /** CPU use in percent of one core */
  cpu_absolute: number;
  /** Plan CPU in percent of one core */
  cpu_limit: number;
  /** Whether the server was held back to its plan CPU limit during the last sample period */
  cpu_limited: boolean;
  disk_bytes: number;
  disk_limit_bytes: number;
  /** How the server is kept apart from the host (for a running server, its process; else what its next start gets) */
  isolation: {
    /** The server cannot open connections to the host's own addresses (the panel, loopback services) */
    host_network_blocked: boolean;
    /** The kernel holds the disk quota (a file system of its own, the size of the plan); false: the panel checks the disk use every few seconds, so a game may briefly write more */
    kernel_disk_quota: boolean;
    /** The kernel holds the memory, CPU and process limits (a cgroup); false: CPU held by pausing the server and memory checked by polling */
    kernel_limits: boolean;
    /** The server runs in its sandbox (own user, own file system view, own namespaces); false only where the host allows unsandboxed servers */
    sandboxed: boolean;
  };
  memory_bytes: number;
  memory_limit_bytes: number;
  /** Protocol of the game port; the traffic of UDP games is not measured */
  network_protocol: "tcp" | "udp";
  /** Bytes received on the server ports since it started (null: not measured) */
  network_rx_bytes: number | null;
  /** Bytes sent on the server ports since it started (null: not measured) */
  network_tx_bytes: number | null;
  players: {
    max: number;
    online: number;
    /** Names of (some of) the players online */
    sample: string[];
  } | null;
  /** offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done). */
  state:
    | "offline"
    | "starting"
    | "running"
    | "stopping"
    | "node_offline"
    | "transferring";
  uptime_ms: number;
};
export const {
  useListPermissionKeysQuery,
  useLazyListPermissionKeysQuery,
  useListServersQuery,
  useLazyListServersQuery,
  useGetServerQuery,
  useLazyGetServerQuery,
  useSendServerCommandMutation,
  useSendServerPowerMutation,
  useReinstallServerMutation,
  useGetServerResourcesQuery,
  useLazyGetServerResourcesQuery,
  useGetServerWebsocketQuery,
  useLazyGetServerWebsocketQuery,
} = injectedRtkApi;
