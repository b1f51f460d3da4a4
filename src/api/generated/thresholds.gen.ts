import { baseApi as api } from "../baseApi";
export const addTagTypes = ["thresholds"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getServerThresholds: build.query<
        GetServerThresholdsApiResponse,
        GetServerThresholdsApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/thresholds` }),
        providesTags: ["thresholds"],
      }),
      updateServerThresholds: build.mutation<
        UpdateServerThresholdsApiResponse,
        UpdateServerThresholdsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/thresholds`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["thresholds"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as thresholdsApi };
export type GetServerThresholdsApiResponse =
  /** status 200 Default Response */ {
    data: ServerThresholds;
  };
export type GetServerThresholdsApiArg = {
  /** Short id or uuid */
  id: string;
};
export type UpdateServerThresholdsApiResponse =
  /** status 200 Default Response */ {
    data: ServerThresholds;
  };
export type UpdateServerThresholdsApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** CPU use above this percent of the plan's limit for `minutes` (null: not watched) */
    cpu_percent: number | null;
    /** Disk use above this percent of the plan's limit for `minutes` (null: not watched) */
    disk_percent: number | null;
    /** Memory use above this percent of the plan's limit for `minutes` (null: not watched) */
    memory_percent: number | null;
    /** How long a value stays above its threshold before the event fires */
    minutes: number;
  };
};
export type ServerThresholds = {
  /** CPU use above this percent of the plan's limit for `minutes` (null: not watched) */
  cpu_percent: number | null;
  /** Disk use above this percent of the plan's limit for `minutes` (null: not watched) */
  disk_percent: number | null;
  /** Resources whose threshold fired and has not cleared yet (it fires again only after clearing) */
  exceeded: ("cpu" | "memory" | "disk")[];
  /** Memory use above this percent of the plan's limit for `minutes` (null: not watched) */
  memory_percent: number | null;
  /** How long a value stays above its threshold before the event fires */
  minutes: number;
};
export const {
  useGetServerThresholdsQuery,
  useLazyGetServerThresholdsQuery,
  useUpdateServerThresholdsMutation,
} = injectedRtkApi;
