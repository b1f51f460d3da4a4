import { ordersApi as generatedOrdersApi } from './generated/orders.gen';

/** Cache tag of the order page's options (orders left change with every order). */
const OPTIONS = 'OrderOptions' as const;

/**
 * The order endpoints: an order refetches the options, the customer's orders (the generated
 * `orders` tag) and the dashboard's server list (the new server shows there).
 */
export const ordersApi = generatedOrdersApi.enhanceEndpoints({
  addTagTypes: [OPTIONS, 'Server'],
  endpoints: {
    getOrderOptions: { providesTags: [OPTIONS] },
    createOrder: { invalidatesTags: [OPTIONS, { type: 'Server', id: 'LIST' }] },
  },
});

export const { useGetOrderOptionsQuery, useCreateOrderMutation, useListOrdersQuery } = ordersApi;
export type { GetOrderOptionsApiResponse as OrderOptions, Plan } from './generated/orders.gen';
/** One of the customer's own orders, as "Your orders" lists it. */
export type Order = import('./generated/orders.gen').ListOrdersApiResponse['data'][number];
