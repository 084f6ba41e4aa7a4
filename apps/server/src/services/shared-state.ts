import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { type CounterStore, createDatabaseCounterStore } from './counter-store';
import { createInProcessBus, type InvalidationBus } from './invalidation-bus';
import { createPostgresBus } from './postgres-invalidation-bus';
import { createRedisCounterStore } from './redis-counter-store';
import { createRedisBus } from './redis-invalidation-bus';

export type SharedState = {
  /** Rate-limit counts every process sees. */
  counters: CounterStore;
  /** Cache drops every process applies. */
  bus: InvalidationBus;
  /** A line for the start-up log: where the counts and the messages go. */
  description: string;
  close: () => Promise<void>;
};

/**
 * What every process of the server must see alike, outside any one process's memory: in Redis when
 * REDIS_URL is set; otherwise counts in the database, and messages over PostgreSQL's LISTEN/NOTIFY
 * (on the embedded database, a single process by nature, within the process).
 */
export const openSharedState = async (input: { config: Config; database: Database; log: FastifyBaseLogger }): Promise<SharedState> => {
  const { config, database, log } = input;
  if (config.redisUrl) {
    // A request waits for Redis a short while, not for ever: unreachable, it fails and says why.
    const options = { maxRetriesPerRequest: 2, connectTimeout: 5000, lazyConnect: true };
    const redis = new Redis(config.redisUrl, options);
    const subscriber = new Redis(config.redisUrl, options);
    for (const connection of [redis, subscriber]) {
      connection.on('error', (error: Error) => log.warn({ err: error }, 'Redis connection error'));
    }
    try {
      await Promise.all([redis.connect(), subscriber.connect()]);
      const prefix = config.redisPrefix;
      return {
        counters: createRedisCounterStore({ redis, prefix }),
        bus: await createRedisBus({ redis, subscriber, prefix, log }),
        description: 'rate limits and cache drops in Redis',
        close: async () => {
          await Promise.all([redis.quit().catch(() => {}), subscriber.quit().catch(() => {})]);
        },
      };
    } catch (error) {
      redis.disconnect();
      subscriber.disconnect();
      throw error;
    }
  }
  const counters = createDatabaseCounterStore(database.db);
  if (database.kind === 'postgres') {
    if (!config.databaseUrl) throw new Error('PostgreSQL is in use but no DATABASE_URL names it: the invalidation listener needs it');
    const bus = await createPostgresBus({ url: config.databaseUrl, db: database.db, log });
    return { counters, bus, description: 'rate limits in the database, cache drops over LISTEN/NOTIFY', close: bus.close };
  }
  const bus = createInProcessBus({ log });
  return { counters, bus, description: 'rate limits in the database, cache drops within the process', close: bus.close };
};
