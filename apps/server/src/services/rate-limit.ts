/** Counts events per key in a fixed window; answers whether the key is over its limit. */
export const createRateLimiter = (input: { limit: number; windowMs: number }) => {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const entry = (key: string) => {
    const now = Date.now();
    let hit = hits.get(key);
    if (!hit || hit.resetAt <= now) {
      hit = { count: 0, resetAt: now + input.windowMs };
      hits.set(key, hit);
      if (hits.size > 50_000) for (const [k, h] of hits) if (h.resetAt <= now) hits.delete(k);
    }
    return hit;
  };
  return {
    limit: input.limit,
    count: (key: string) => entry(key).count,
    isLimited: (key: string) => entry(key).count >= input.limit,
    hit: (key: string) => {
      entry(key).count += 1;
    },
    /** Takes back one hit: an attempt counted up front that turned out to be no failure. */
    forgive: (key: string) => {
      const hit = entry(key);
      hit.count = Math.max(0, hit.count - 1);
    },
    /** Counts one more event unless the key is over its limit; answers whether it was allowed. */
    consume: (key: string) => {
      const hit = entry(key);
      if (hit.count >= input.limit) return false;
      hit.count += 1;
      return true;
    },
    reset: (key: string) => hits.delete(key),
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
