// The store classes of @fastify/rate-limit (shipped without their own declarations); typed where
// they are used (server/src/lib/rateLimiter.ts).
declare module '@fastify/rate-limit/store/LocalStore' {
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => unknown;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore' {
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key?: string) => unknown;
  export default RedisStore;
}
