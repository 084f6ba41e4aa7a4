import type { CounterStore } from './counter-store';

/**
 * Counts events per key in a fixed window, in a store every process shares; answers whether the
 * key is over its limit. `name` keeps one limiter's keys apart from another's in the store.
 */
export const createRateLimiter = (input: { name: string; store: CounterStore; limit: number; windowMs: number }) => {
  const { store, limit, windowMs } = input;
  const keyOf = (key: string) => `${input.name}:${key}`;
  return {
    limit,
    count: (key: string) => store.read(keyOf(key)),
    isLimited: async (key: string) => (await store.read(keyOf(key))) >= limit,
    /** Counts one more event; answers the count after it. */
    hit: (key: string) => store.add({ key: keyOf(key), by: 1, windowMs }),
    /** Takes back one hit: an attempt counted up front that turned out to be no failure. */
    forgive: async (key: string) => {
      await store.add({ key: keyOf(key), by: -1, windowMs });
    },
    /** Counts one more event unless the key is over its limit, in one step; answers whether it was allowed. */
    consume: (key: string) => store.addBelow({ key: keyOf(key), limit, windowMs }),
    reset: (key: string) => store.remove(keyOf(key)),
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
