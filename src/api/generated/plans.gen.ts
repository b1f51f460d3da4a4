import { baseApi as api } from "../baseApi";
export const addTagTypes = ["plans"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listPlans: build.query<ListPlansApiResponse, ListPlansApiArg>({
        query: () => ({ url: `/plans/` }),
        providesTags: ["plans"],
      }),
      changeServerPlan: build.mutation<
        ChangeServerPlanApiResponse,
        ChangeServerPlanApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/plan-changes`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["plans"],
      }),
      getServerPlans: build.query<
        GetServerPlansApiResponse,
        GetServerPlansApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/plans` }),
        providesTags: ["plans"],
      }),
      recommendServerPlan: build.mutation<
        RecommendServerPlanApiResponse,
        RecommendServerPlanApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/plans/recommendation`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["plans"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as plansApi };
export type ListPlansApiResponse = /** status 200 Default Response */ {
  data: {
    game: {
      name: string;
      slug: string;
    };
    plans: Plan[];
  }[];
};
export type ListPlansApiArg = void;
export type ChangeServerPlanApiResponse = /** status 200 Default Response */ {
  applied: {
    applied_live: string[];
    /** The game uses its new memory only after a restart */
    restart_needed: boolean;
    running: boolean;
    theme_tier: "budget" | "premium";
  } | null;
  order: PlanOrder;
  /** The billing system’s checkout (external provider) */
  redirect_url: string | null;
};
export type ChangeServerPlanApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    plan: string;
  };
};
export type GetServerPlansApiResponse = /** status 200 Default Response */ {
  data: PlanOverview;
};
export type GetServerPlansApiArg = {
  /** Short id or uuid */
  id: string;
};
export type RecommendServerPlanApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** The server already has this plan */
      current: boolean;
      needs: {
        cpu_percent: number;
        disk_mb: number;
        memory_mb: number;
        mods: number;
      };
      plan: Plan;
      reasons: {
        code:
          | "memory"
          | "cpu"
          | "disk"
          | "cheapest"
          | "short-within-budget"
          | "over-budget"
          | "too-small";
        values: {
          [key: string]: number;
        };
      }[];
    };
  };
export type RecommendServerPlanApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Most per month (minor units); absent: no limit */
    budget?: number;
    modpack_size: "small" | "medium" | "large";
    players: number;
    software: "vanilla" | "plugins" | "mods" | "modpack";
    view_distance: number;
    world_size: "small" | "medium" | "large";
  };
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
export type PlanOrder = {
  amount_due: number;
  created_at: string;
  currency: string;
  expires_at: string;
  failure_reason: string | null;
  from_plan: string;
  id: string;
  provider: "instant" | "external";
  status: "pending" | "completed" | "failed" | "expired";
  to_plan: string;
};
export type PlanOverview = {
  /** Whether the caller holds plan.change */
  can_change: boolean;
  current: Plan;
  options: {
    /** Prorated amount due now (minor units): the price difference for the days left in this month */
    amount_due: number;
    /** Limits the server is over for this plan: a change to it is refused (409) until they are removed */
    blockers: {
      limit: number;
      remove: number;
      resource: "diskMb" | "backups" | "extraPorts" | "databases";
      used: number;
    }[];
    current: boolean;
    direction: "current" | "upgrade" | "downgrade";
    period_days: number;
    plan: Plan;
    remaining_days: number;
  }[];
  orders: PlanOrder[];
  provider: "instant" | "external";
  usage: {
    backups: number;
    databases: number;
    disk_mb: number;
    extra_ports: number;
  };
};
export const {
  useListPlansQuery,
  useLazyListPlansQuery,
  useChangeServerPlanMutation,
  useGetServerPlansQuery,
  useLazyGetServerPlansQuery,
  useRecommendServerPlanMutation,
} = injectedRtkApi;
