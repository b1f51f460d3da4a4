import { baseApi as api } from "../baseApi";
export const addTagTypes = ["billing"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      receiveBillingWebhook: build.mutation<
        ReceiveBillingWebhookApiResponse,
        ReceiveBillingWebhookApiArg
      >({
        query: (queryArg) => ({
          url: `/billing/webhook`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["billing"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as billingApi };
export type ReceiveBillingWebhookApiResponse =
  /** status 200 Default Response */ {
    changed: boolean;
    order: string;
    status: string;
  };
export type ReceiveBillingWebhookApiArg = {
  body: {
    [key: string]: any;
  };
};
export const { useReceiveBillingWebhookMutation } = injectedRtkApi;
