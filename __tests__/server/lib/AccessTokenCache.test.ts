import { AccessTokenCache } from '../../../server/src/lib/AccessTokenCache';

describe('AccessTokenCache', () => {
  it('forgets entries after the TTL and never keeps one past its token expiry', () => {
    const cache = new AccessTokenCache<string>(1000);
    cache.set('a', 1, 'alice', 10_000, 0);
    cache.set('b', 2, 'bob', 500, 0);
    expect(cache.get('a', 999)).toBe('alice');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.get('b', 499)).toBe('bob');
    expect(cache.get('b', 500)).toBeUndefined();
  });

  it("drops one user's entries, or all of them", () => {
    const cache = new AccessTokenCache<string>(1000);
    cache.set('a1', 1, 'alice', 10_000, 0);
    cache.set('a2', 1, 'alice', 10_000, 0);
    cache.set('b', 2, 'bob', 10_000, 0);
    cache.forgetUser(1);
    expect([cache.get('a1', 1), cache.get('a2', 1), cache.get('b', 1)]).toEqual([undefined, undefined, 'bob']);
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const cache = new AccessTokenCache<number>(1000, 2);
    cache.set('1', 1, 1, 10_000, 0);
    cache.set('2', 2, 2, 10_000, 0);
    cache.set('3', 3, 3, 10_000, 0);
    expect([cache.get('1', 1), cache.get('2', 1), cache.get('3', 1)]).toEqual([undefined, 2, 3]);
  });
});
