import type { InvalidationBus, InvalidationTopic } from './invalidation-bus';

/**
 * Answers kept for a short time by the request that asked for them: the same public search from
 * many visitors is run once. Whoever changes the underlying data clears it, through the
 * invalidation bus when one is given, so no process answers from before a change it has been told
 * of; anything missed still goes within `ttlMs`. With `ttlMs` 0 nothing is kept: every ask computes.
 */
export const createResultCache = <T>(input: {
  ttlMs: number;
  maxEntries: number;
  invalidation?: { bus: InvalidationBus; topic: InvalidationTopic };
}) => {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  const cache = {
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
    /** Drops every answer, in every process that shares the bus (here at once). */
    clear: async () => {
      if (input.invalidation) await input.invalidation.bus.publish(input.invalidation.topic);
      else entries.clear();
    },
  };
  input.invalidation?.bus.subscribe(input.invalidation.topic, () => entries.clear());
  return cache;
};

export type ResultCache<T> = ReturnType<typeof createResultCache<T>>;
