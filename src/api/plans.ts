import { plansApi as generatedPlansApi } from './generated/plans.gen';

/** Cache tag of a server's plan overview (id: the server's id as in the address). */
const PLANS = 'ServerPlans' as const;

/**
 * The plans endpoints: a plan change refetches the overview, the server (its tier picks the
 * theme) and its resources (the limits the overview shows).
 */
export const plansApi = generatedPlansApi.enhanceEndpoints({
  addTagTypes: [PLANS, 'Server', 'ServerResources'],
  endpoints: {
    getServerPlans: { providesTags: (_result, _error, { id }) => [{ type: PLANS, id }] },
    changeServerPlan: {
      invalidatesTags: (_result, _error, { id }) => [
        { type: PLANS, id },
        { type: 'Server', id },
        { type: 'Server', id: 'LIST' },
        { type: 'ServerResources', id },
      ],
    },
    recommendServerPlan: { invalidatesTags: [] },
  },
});

export const { useGetServerPlansQuery, useChangeServerPlanMutation, useRecommendServerPlanMutation, useListPlansQuery } = plansApi;
export type { Plan, PlanOverview, PlanOrder } from './generated/plans.gen';
