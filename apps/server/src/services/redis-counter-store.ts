import type { Redis } from 'ioredis';
import type { CounterStore } from './counter-store';

// Each script runs atomically in Redis: INCRBY and the window's PEXPIRE cannot be split by a crash
// (a key left without expiry would count for ever) nor by another process's count.
const addScript = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  count = 0
end
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return count`;

const addBelowScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

/** Counters in Redis (REDIS_URL), each key under `prefix`, expiring with its window. */
export const createRedisCounterStore = (input: { redis: Redis; prefix: string }): CounterStore => {
  const { redis } = input;
  const keyOf = (key: string) => `${input.prefix}limit:${key}`;
  return {
    add: async ({ key, by, windowMs }) => Number(await redis.eval(addScript, 1, keyOf(key), by, windowMs)),
    addBelow: async ({ key, limit, windowMs }) => Number(await redis.eval(addBelowScript, 1, keyOf(key), limit, windowMs)) === 1,
    read: async (key) => Number((await redis.get(keyOf(key))) ?? 0),
    remove: async (key) => {
      await redis.del(keyOf(key));
    },
  };
};
