import { baseApi as api } from "../baseApi";
export const addTagTypes = ["branding"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getPanelBranding: build.query<
        GetPanelBrandingApiResponse,
        GetPanelBrandingApiArg
      >({
        query: () => ({ url: `/panel/branding` }),
        providesTags: ["branding"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as brandingApi };
export type GetPanelBrandingApiResponse = /** status 200 Default Response */ {
  brand_logo_url: string | null;
  /** Empty: the panel’s default name in the reader’s language */
  brand_name: string;
  signup_open: boolean;
};
export type GetPanelBrandingApiArg = void;
export const { useGetPanelBrandingQuery, useLazyGetPanelBrandingQuery } =
  injectedRtkApi;
