import { baseApi as api } from "../baseApi";
export const addTagTypes = ["schedules"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listServerSchedules: build.query<
        ListServerSchedulesApiResponse,
        ListServerSchedulesApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/schedules` }),
        providesTags: ["schedules"],
      }),
      createServerSchedule: build.mutation<
        CreateServerScheduleApiResponse,
        CreateServerScheduleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["schedules"],
      }),
      deleteServerSchedule: build.mutation<
        DeleteServerScheduleApiResponse,
        DeleteServerScheduleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}`,
          method: "DELETE",
        }),
        invalidatesTags: ["schedules"],
      }),
      getServerSchedule: build.query<
        GetServerScheduleApiResponse,
        GetServerScheduleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}`,
        }),
        providesTags: ["schedules"],
      }),
      updateServerSchedule: build.mutation<
        UpdateServerScheduleApiResponse,
        UpdateServerScheduleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["schedules"],
      }),
      runServerSchedule: build.mutation<
        RunServerScheduleApiResponse,
        RunServerScheduleApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}/run`,
          method: "POST",
        }),
        invalidatesTags: ["schedules"],
      }),
      listServerScheduleRuns: build.query<
        ListServerScheduleRunsApiResponse,
        ListServerScheduleRunsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}/runs`,
        }),
        providesTags: ["schedules"],
      }),
      createServerScheduleTask: build.mutation<
        CreateServerScheduleTaskApiResponse,
        CreateServerScheduleTaskApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}/tasks`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["schedules"],
      }),
      deleteServerScheduleTask: build.mutation<
        DeleteServerScheduleTaskApiResponse,
        DeleteServerScheduleTaskApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}/tasks/${queryArg.task}`,
          method: "DELETE",
        }),
        invalidatesTags: ["schedules"],
      }),
      updateServerScheduleTask: build.mutation<
        UpdateServerScheduleTaskApiResponse,
        UpdateServerScheduleTaskApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/schedules/${queryArg.schedule}/tasks/${queryArg.task}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["schedules"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as schedulesApi };
export type ListServerSchedulesApiResponse =
  /** status 200 Default Response */ {
    data: Schedule[];
    meta: {
      /** Schedules a server may have */
      limit: number;
    };
  };
export type ListServerSchedulesApiArg = {
  /** Short id or uuid */
  id: string;
};
export type CreateServerScheduleApiResponse =
  /** status 201 Default Response */ {
    data: Schedule;
  };
export type CreateServerScheduleApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Least time between two event runs (default 5), so a flapping server does not loop */
    cooldown_minutes?: number;
    /** Cron day-of-month field (1–31) */
    day_of_month: string;
    /** Cron day-of-week field (0–7 or SUN–SAT; 0 and 7 are Sunday) */
    day_of_week: string;
    enabled?: boolean;
    /** Cron hour field (0–23) */
    hour: string;
    /** Cron minute field (0–59) */
    minute: string;
    /** Cron month field (1–12 or JAN–DEC) */
    month: string;
    name: string;
    /** Skip the run when the server is not running */
    only_when_online?: boolean;
    /** Run once when the panel is back after missing a time (default false) */
    run_missed?: boolean;
    /** Let the cron times start runs (default true); false needs a trigger_event */
    run_on_cron?: boolean;
    /** The whole chain, in order */
    tasks?: {
      /** command: a console line; power: start, stop, restart or kill; backup: a backup (payload: ignore patterns) */
      action: "command" | "power" | "backup";
      continue_on_failure?: boolean;
      delay_seconds?: number;
      /** Command line, power signal, or backup ignore patterns */
      payload?: string;
    }[];
    /** IANA timezone (default UTC) */
    timezone?: string;
    trigger_event?:
      | ("crash" | "start" | "empty" | "player_join" | "threshold")
      | (null | null);
    /** For empty: minutes without players (1–1440) */
    trigger_minutes?: number | null;
  };
};
export type DeleteServerScheduleApiResponse = unknown;
export type DeleteServerScheduleApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the schedule */
  schedule: string;
};
export type GetServerScheduleApiResponse = /** status 200 Default Response */ {
  data: Schedule;
};
export type GetServerScheduleApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the schedule */
  schedule: string;
};
export type UpdateServerScheduleApiResponse =
  /** status 200 Default Response */ {
    data: Schedule;
  };
export type UpdateServerScheduleApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the schedule */
  schedule: string;
  body: {
    /** Least time between two event runs (default 5), so a flapping server does not loop */
    cooldown_minutes?: number;
    /** Cron day-of-month field (1–31) */
    day_of_month?: string;
    /** Cron day-of-week field (0–7 or SUN–SAT; 0 and 7 are Sunday) */
    day_of_week?: string;
    enabled?: boolean;
    /** Cron hour field (0–23) */
    hour?: string;
    /** Cron minute field (0–59) */
    minute?: string;
    /** Cron month field (1–12 or JAN–DEC) */
    month?: string;
    name?: string;
    /** Skip the run when the server is not running */
    only_when_online?: boolean;
    /** Run once when the panel is back after missing a time (default false) */
    run_missed?: boolean;
    /** Let the cron times start runs (default true); false needs a trigger_event */
    run_on_cron?: boolean;
    /** The whole chain, in order */
    tasks?: {
      /** command: a console line; power: start, stop, restart or kill; backup: a backup (payload: ignore patterns) */
      action: "command" | "power" | "backup";
      continue_on_failure?: boolean;
      delay_seconds?: number;
      /** Command line, power signal, or backup ignore patterns */
      payload?: string;
    }[];
    /** IANA timezone (default UTC) */
    timezone?: string;
    trigger_event?:
      | ("crash" | "start" | "empty" | "player_join" | "threshold")
      | (null | null);
    /** For empty: minutes without players (1–1440) */
    trigger_minutes?: number | null;
  };
};
export type RunServerScheduleApiResponse = /** status 202 Default Response */ {
  data: ScheduleRun;
};
export type RunServerScheduleApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the schedule */
  schedule: string;
};
export type ListServerScheduleRunsApiResponse =
  /** status 200 Default Response */ {
    data: ScheduleRun[];
  };
export type ListServerScheduleRunsApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the schedule */
  schedule: string;
};
export type CreateServerScheduleTaskApiResponse =
  /** status 201 Default Response */ {
    data: Schedule;
  };
export type CreateServerScheduleTaskApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the schedule */
  schedule: string;
  body: {
    /** command: a console line; power: start, stop, restart or kill; backup: a backup (payload: ignore patterns) */
    action: "command" | "power" | "backup";
    continue_on_failure?: boolean;
    delay_seconds?: number;
    /** Command line, power signal, or backup ignore patterns */
    payload?: string;
  };
};
export type DeleteServerScheduleTaskApiResponse =
  /** status 200 Default Response */ {
    data: Schedule;
  };
export type DeleteServerScheduleTaskApiArg = {
  id: string;
  schedule: string;
  /** Uuid of the task */
  task: string;
};
export type UpdateServerScheduleTaskApiResponse =
  /** status 200 Default Response */ {
    data: Schedule;
  };
export type UpdateServerScheduleTaskApiArg = {
  id: string;
  schedule: string;
  /** Uuid of the task */
  task: string;
  body: {
    /** command: a console line; power: start, stop, restart or kill; backup: a backup (payload: ignore patterns) */
    action?: "command" | "power" | "backup";
    continue_on_failure?: boolean;
    delay_seconds?: number;
    /** Command line, power signal, or backup ignore patterns */
    payload?: string;
    sequence?: number;
  };
};
export type ScheduleTask = {
  /** command: a console line; power: start, stop, restart or kill; backup: a backup (payload: ignore patterns) */
  action: "command" | "power" | "backup";
  /** Go on with the next task when this one fails */
  continue_on_failure: boolean;
  /** Wait after the previous task (or the start of the run) */
  delay_seconds: number;
  payload: string;
  /** Position in the chain, from 1 */
  sequence: number;
  uuid: string;
};
export type Schedule = {
  /** An event run waits this long after the previous event run */
  cooldown_minutes: number;
  created_at: string;
  day_of_month: string;
  day_of_week: string;
  enabled: boolean;
  hour: string;
  last_error: string | null;
  last_result:
    ("running" | "ok" | "failed" | "skipped" | "missed") | (null | null);
  last_run_at: string | null;
  last_triggered_at: string | null;
  minute: string;
  month: string;
  name: string;
  next_run_at: string | null;
  /** The next five times it is due (empty while disabled) */
  next_runs: string[];
  only_when_online: boolean;
  /** A time missed while the panel was down is run once when it is back */
  run_missed: boolean;
  /** The cron times start runs (false: only the event does) */
  run_on_cron: boolean;
  tasks: ScheduleTask[];
  timezone: string;
  trigger_event:
    ("crash" | "start" | "empty" | "player_join" | "threshold") | (null | null);
  /** For empty: minutes without players */
  trigger_minutes: number | null;
  uuid: string;
};
export type ScheduleRun = {
  due_at: string | null;
  error: string | null;
  finished_at: string | null;
  /** missed: the time passed while the panel was down and nothing ran then */
  result: "running" | "ok" | "failed" | "skipped" | "missed";
  started_at: string;
  tasks: {
    action: string;
    error: string | null;
    output: string;
    payload: string;
    result: "ok" | "failed" | "skipped";
    task: string;
  }[];
  /** catch-up: the one run after times missed while the panel was down (run_missed); event: started by trigger_event */
  trigger: "schedule" | "manual" | "catch-up" | "event";
  trigger_event:
    ("crash" | "start" | "empty" | "player_join" | "threshold") | (null | null);
  uuid: string;
};
export const {
  useListServerSchedulesQuery,
  useLazyListServerSchedulesQuery,
  useCreateServerScheduleMutation,
  useDeleteServerScheduleMutation,
  useGetServerScheduleQuery,
  useLazyGetServerScheduleQuery,
  useUpdateServerScheduleMutation,
  useRunServerScheduleMutation,
  useListServerScheduleRunsQuery,
  useLazyListServerScheduleRunsQuery,
  useCreateServerScheduleTaskMutation,
  useDeleteServerScheduleTaskMutation,
  useUpdateServerScheduleTaskMutation,
} = injectedRtkApi;
