import { baseApi as api } from "../baseApi";
export const addTagTypes = ["orders"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listOrders: build.query<ListOrdersApiResponse, ListOrdersApiArg>({
        query: (queryArg) => ({
          url: `/orders/`,
          params: {
            page: queryArg.page,
            per_page: queryArg.perPage,
          },
        }),
        providesTags: ["orders"],
      }),
      createOrder: build.mutation<CreateOrderApiResponse, CreateOrderApiArg>({
        query: (queryArg) => ({
          url: `/orders/`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["orders"],
      }),
      getOrderOptions: build.query<
        GetOrderOptionsApiResponse,
        GetOrderOptionsApiArg
      >({
        query: () => ({ url: `/orders/options` }),
        providesTags: ["orders"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as ordersApi };
export type ListOrdersApiResponse = /** status 200 Default Response */ {
  data: {
    /** The plan’s monthly price, minor units */
    amount_due: number;
    created_at: string;
    currency: string;
    /** Until when a pending order may be paid */
    expires_at: string;
    failure_reason: string | null;
    /** The order id the billing system sees */
    id: string;
    location: string | null;
    name: string;
    plan: string;
    provider: "instant" | "external";
    /** The new server’s identifier once created */
    server: string | null;
    /** `pending`: waiting for payment until `expires_at`, then `expired`; `paid`: being created; `created`: the server exists; `failed`: see `failure_reason` */
    state: "pending" | "paid" | "created" | "failed" | "expired";
    template: string;
  }[];
  meta: {
    page: number;
    per_page: number;
    total: number;
  };
};
export type ListOrdersApiArg = {
  page: number;
  perPage: number;
};
export type CreateOrderApiResponse =
  | /** status 201 Default Response */ {
      data: {
        order: {
          /** The plan’s monthly price, minor units */
          amount_due: number;
          created_at: string;
          currency: string;
          /** Until when a pending order may be paid */
          expires_at: string;
          failure_reason: string | null;
          /** The order id the billing system sees */
          id: string;
          location: string | null;
          name: string;
          plan: string;
          provider: "instant" | "external";
          /** The new server’s identifier once created */
          server: string | null;
          /** `pending`: waiting for payment until `expires_at`, then `expired`; `paid`: being created; `created`: the server exists; `failed`: see `failure_reason` */
          state: "pending" | "paid" | "created" | "failed" | "expired";
          template: string;
        };
        server: Server;
      };
    }
  | /** status 202 Default Response */ {
      data: {
        /** The billing system’s signed checkout; the customer goes there to pay */
        checkout_url: string;
        order: {
          /** The plan’s monthly price, minor units */
          amount_due: number;
          created_at: string;
          currency: string;
          /** Until when a pending order may be paid */
          expires_at: string;
          failure_reason: string | null;
          /** The order id the billing system sees */
          id: string;
          location: string | null;
          name: string;
          plan: string;
          provider: "instant" | "external";
          /** The new server’s identifier once created */
          server: string | null;
          /** `pending`: waiting for payment until `expires_at`, then `expired`; `paid`: being created; `created`: the server exists; `failed`: see `failure_reason` */
          state: "pending" | "paid" | "created" | "failed" | "expired";
          template: string;
        };
      };
    };
export type CreateOrderApiArg = {
  body: {
    /** One of the options’ locations; absent: any node with room */
    location?: string;
    /** The new server’s name */
    name: string;
    /** A plan of the template’s game */
    plan: string;
    /** A template slug of the options */
    template: string;
  };
};
export type GetOrderOptionsApiResponse = /** status 200 Default Response */ {
  games: {
    name: string;
    plans: Plan[];
    slug: string;
    templates: {
      description: string;
      name: string;
      slug: string;
    }[];
  }[];
  /** The nodes’ locations, when there are several to choose from (empty: placement chooses) */
  locations: string[];
  /** Orders one customer may place */
  order_limit: number;
  /** false: the host has turned ordering off (an order answers 403) */
  ordering_enabled: boolean;
  /** Orders this customer may still place (pending, paid and created ones count; failed and expired ones do not) */
  orders_left: number;
  /** `external`: an order leads to the billing system’s checkout */
  provider: "instant" | "external";
};
export type GetOrderOptionsApiArg = void;
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
  useListOrdersQuery,
  useLazyListOrdersQuery,
  useCreateOrderMutation,
  useGetOrderOptionsQuery,
  useLazyGetOrderOptionsQuery,
} = injectedRtkApi;
