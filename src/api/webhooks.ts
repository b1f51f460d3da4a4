import { webhooksApi as generatedWebhooksApi } from './generated/webhooks.gen';

/** Cache tags: a server's webhook list (id: the server's id as in the address) and one hook's deliveries (id: the hook's uuid). */
const LIST = 'ServerWebhooks' as const;
const DELIVERIES = 'WebhookDeliveries' as const;

const invalidateList = (_result: unknown, error: unknown, { id }: { id: string }) => (error ? [] : [{ type: LIST, id }]);

/**
 * The webhook endpoints with a tag per server, and per hook for its delivery log (a test
 * delivery adds a line to it). A generated secret comes back once, in the create answer (field
 * `secret`, redacted from recorded action logs).
 */
export const webhooksApi = generatedWebhooksApi.enhanceEndpoints({
  addTagTypes: [LIST, DELIVERIES],
  endpoints: {
    listServerWebhooks: { providesTags: (_result, _error, { id }) => [{ type: LIST, id }] },
    createServerWebhook: { invalidatesTags: invalidateList },
    updateServerWebhook: { invalidatesTags: invalidateList },
    deleteServerWebhook: { invalidatesTags: invalidateList },
    listServerWebhookDeliveries: { providesTags: (_result, _error, { webhook }) => [{ type: DELIVERIES, id: webhook }] },
    testServerWebhook: { invalidatesTags: (_result, error, { webhook }) => (error ? [] : [{ type: DELIVERIES, id: webhook }]) },
  },
});

export const {
  useListServerWebhooksQuery,
  useCreateServerWebhookMutation,
  useUpdateServerWebhookMutation,
  useDeleteServerWebhookMutation,
  useTestServerWebhookMutation,
  useListServerWebhookDeliveriesQuery,
} = webhooksApi;

export type { Webhook, WebhookDelivery } from './generated/webhooks.gen';
