/**
 * Answers kept for a short time by the request that asked for them: the same public search from
 * many visitors is run once. Whoever changes the underlying data clears it, so within this process
 * nobody sees an answer older than their own change; other changes show within `ttlMs`. With
 * `ttlMs` 0 nothing is kept: every ask computes.
 */
export const createResultCache = <T>(input: { ttlMs: number; maxEntries: number }) => {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      if (input.ttlMs <= 0) return compute();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (entries.size >= input.maxEntries) {
        for (const [k, e] of entries) if (e.until <= now) entries.delete(k);
        if (entries.size >= input.maxEntries) entries.delete(entries.keys().next().value as string);
      }
      // The promise itself is kept, so concurrent askers share one computation; a failure is not kept.
      const value = compute();
      entries.set(key, { value, until: now + input.ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
};

export type ResultCache<T> = ReturnType<typeof createResultCache<T>>;
