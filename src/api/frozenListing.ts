/**
 * Freezes a listing (its entries are flat) before it reaches the store. The store freezes what
 * it keeps anyway, but immer does so by walking every value of the answer inside the reducer,
 * which for 10,000 entries delays the list's first render; a frozen answer is left as it is.
 * On its own (not in ./files) so that the start-up listing can use it without the files API.
 */
export function frozenListing<T extends { data: object[] }>(answer: unknown): T {
  const listing = answer as T;
  for (const entry of listing.data) Object.freeze(entry);
  Object.freeze(listing.data);
  return Object.freeze(listing);
}
