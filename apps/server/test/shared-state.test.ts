import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterStore, createDatabaseCounterStore } from '../src/services/counter-store';
import { createInProcessBus } from '../src/services/invalidation-bus';
import { createRedisCounterStore } from '../src/services/redis-counter-store';
import { redisAnswers } from './support/server-process';
import { startTestApp, type TestApp } from './support/test-app';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const withRedis = await redisAnswers(redisUrl);
if (process.env.TEST_REDIS_URL && !withRedis) throw new Error(`TEST_REDIS_URL names ${redisUrl}, but no Redis answers there`);

let t: TestApp;
let redis: Redis | undefined;
const redisPrefix = `test-${randomUUID()}:`;
beforeAll(async () => {
  t = await startTestApp();
  if (withRedis) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await t.close();
  if (redis) {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

const stores: { name: string; runs: boolean; open: () => CounterStore }[] = [
  { name: 'the rate_limits table', runs: true, open: () => createDatabaseCounterStore(t.app.database.db) },
  {
    name: 'Redis (when one answers at 127.0.0.1:6379 or TEST_REDIS_URL)',
    runs: withRedis,
    open: () => createRedisCounterStore({ redis: redis as Redis, prefix: redisPrefix }),
  },
];

describe.each(stores)('counts in $name', ({ runs, open }) => {
  it.runIf(runs)('many counts at once never pass the limit: exactly `limit` of them are allowed', async () => {
    const store = open();
    const key = `burst-${randomUUID()}`;
    const allowed = await Promise.all(Array.from({ length: 12 }, () => store.addBelow({ key, limit: 5, windowMs: 60_000 })));
    expect(allowed.filter(Boolean)).toHaveLength(5);
    expect(await store.read(key)).toBe(5);
  });

  it.runIf(runs)('adds and takes back, never below 0, and forgets a key on removal', async () => {
    const store = open();
    const key = `count-${randomUUID()}`;
    expect(await store.read(key)).toBe(0);
    expect(await store.add({ key, by: 1, windowMs: 60_000 })).toBe(1);
    expect(await store.add({ key, by: 1, windowMs: 60_000 })).toBe(2);
    expect(await store.add({ key, by: -1, windowMs: 60_000 })).toBe(1);
    expect(await store.add({ key, by: -1, windowMs: 60_000 })).toBe(0);
    expect(await store.add({ key, by: -1, windowMs: 60_000 })).toBe(0);
    await store.add({ key, by: 1, windowMs: 60_000 });
    await store.remove(key);
    expect(await store.read(key)).toBe(0);
  });

  it.runIf(runs)('a window that has passed counts from nothing again', async () => {
    const store = open();
    const key = `window-${randomUUID()}`;
    expect(await store.addBelow({ key, limit: 1, windowMs: 300 })).toBe(true);
    expect(await store.addBelow({ key, limit: 1, windowMs: 300 })).toBe(false);
    await sleep(400);
    expect(await store.read(key)).toBe(0);
    expect(await store.addBelow({ key, limit: 1, windowMs: 300 })).toBe(true);
    expect(await store.add({ key, by: 1, windowMs: 300 })).toBe(2);
  });
});

it('the database counts refuse to run inside a transaction (the count must outlive its rollback)', async () => {
  const store = createDatabaseCounterStore(t.app.database.db);
  await expect(t.app.database.db.transaction(() => store.add({ key: 'inside', by: 1, windowMs: 1000 }))).rejects.toThrow(
    'A rate limit was counted inside a database transaction: count first, then open it',
  );
});

it('a cache drop published inside a transaction is applied when it commits, and never if it rolls back', async () => {
  const bus = createInProcessBus({ log: t.app.log });
  const dropped: string[] = [];
  bus.subscribe('search', (key) => dropped.push(key));
  const { db } = t.app.database;
  await db.transaction(async (tx) => {
    await bus.publish('search', 'committed');
    await tx.execute(sql`select 1`);
    expect(dropped).toEqual([]);
  });
  expect(dropped).toEqual(['committed']);
  await expect(
    db.transaction(async () => {
      await bus.publish('search', 'rolled back');
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await bus.publish('search');
  expect(dropped).toEqual(['committed', '*']);
});
