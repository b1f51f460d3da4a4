import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * The one RTK Query root. It has no endpoints of its own: the generated files in ./generated
 * inject them, and the sibling `<area>.ts` files enhance them (cache tags) and re-export hooks.
 * Queries never refetch on focus or reconnect and are never retried.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
