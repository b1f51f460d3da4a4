import { schedulesApi as generatedSchedulesApi } from './generated/schedules.gen';

/** Cache tag of a server's schedules (id: the server's id as in the address). */
const LIST = 'ServerSchedules' as const;

const invalidateList = (_result: unknown, error: unknown, { id }: { id: string }) => (error ? [] : [{ type: LIST, id }]);

/** The schedules endpoints with a tag per server: every change refetches that server's list and histories. */
export const schedulesApi = generatedSchedulesApi.enhanceEndpoints({
  addTagTypes: [LIST],
  endpoints: {
    listServerSchedules: { providesTags: (_result, _error, { id }) => [{ type: LIST, id }] },
    getServerSchedule: { providesTags: (_result, _error, { id }) => [{ type: LIST, id }] },
    listServerScheduleRuns: { providesTags: (_result, _error, { id }) => [{ type: LIST, id }] },
    createServerSchedule: { invalidatesTags: invalidateList },
    updateServerSchedule: { invalidatesTags: invalidateList },
    deleteServerSchedule: { invalidatesTags: invalidateList },
    runServerSchedule: { invalidatesTags: invalidateList },
    createServerScheduleTask: { invalidatesTags: invalidateList },
    updateServerScheduleTask: { invalidatesTags: invalidateList },
    deleteServerScheduleTask: { invalidatesTags: invalidateList },
  },
});

export const {
  useListServerSchedulesQuery,
  useListServerScheduleRunsQuery,
  useCreateServerScheduleMutation,
  useUpdateServerScheduleMutation,
  useDeleteServerScheduleMutation,
  useRunServerScheduleMutation,
} = schedulesApi;

export type { Schedule, ScheduleRun, ScheduleTask } from './generated/schedules.gen';
