import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createBusCore, type InvalidationBus } from './invalidation-bus';

/**
 * The invalidation bus over Redis pub/sub (REDIS_URL): messages go out on the shared connection and
 * come in on one that only subscribes (Redis allows nothing else on it). The client reconnects and
 * subscribes again by itself; everything kept is dropped then, since messages sent meanwhile were missed.
 */
export const createRedisBus = async (input: {
  redis: Redis;
  subscriber: Redis;
  prefix: string;
  log: FastifyBaseLogger;
}): Promise<InvalidationBus> => {
  const channel = `${input.prefix}invalidation`;
  const core = createBusCore({ kind: 'redis', log: input.log, send: (payload) => input.redis.publish(channel, payload) });
  input.subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) core.receive(payload);
  });
  await input.subscriber.subscribe(channel);
  let connected = true;
  input.subscriber.on('close', () => {
    connected = false;
  });
  input.subscriber.on('ready', () => {
    if (connected) return;
    connected = true;
    core.dropEverything();
  });
  return { kind: core.kind, publish: core.publish, subscribe: core.subscribe, close: async () => {} };
};
