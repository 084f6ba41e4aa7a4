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
    isLimited: (key: string) => entry(key).count >= input.limit,
    hit: (key: string) => {
      entry(key).count += 1;
    },
    reset: (key: string) => hits.delete(key),
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
