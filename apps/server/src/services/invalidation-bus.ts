import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { whenCommitted } from '../db/transaction-scope';

/**
 * What a process keeps in memory for a short time, by topic: `sessions` (signed-in callers, keyed
 * `user:<id>` or `session:<id>`), `access` (permission profiles), `search` (public job searches).
 */
export type InvalidationTopic = 'sessions' | 'access' | 'search';

/** The key that drops everything a topic keeps. */
export const everything = '*';

/**
 * Tells every process of the server that something it may keep in memory has changed: the process
 * that publishes drops it at once, the others as soon as the message reaches them. Inside a
 * transaction a message waits for the commit (and is never sent if it rolls back).
 */
export type InvalidationBus = {
  kind: 'in-process' | 'postgres' | 'redis';
  publish: (topic: InvalidationTopic, key?: string) => Promise<void>;
  subscribe: (topic: InvalidationTopic, drop: (key: string) => void) => void;
  close: () => Promise<void>;
};

type Message = { origin: string; topic: InvalidationTopic; key: string };
const topics: readonly InvalidationTopic[] = ['sessions', 'access', 'search'];

/**
 * The part every bus shares: subscribers in this process, and messages to and from the others as
 * text (`send` hands one to the broker; `receive` takes one from it, skipping this process's own).
 */
export const createBusCore = (input: {
  kind: InvalidationBus['kind'];
  log: FastifyBaseLogger;
  send?: (payload: string) => Promise<unknown>;
}) => {
  const origin = randomUUID();
  const subscribers = new Map<InvalidationTopic, ((key: string) => void)[]>();
  const deliver = (topic: InvalidationTopic, key: string) => {
    for (const drop of subscribers.get(topic) ?? []) {
      try {
        drop(key);
      } catch (error) {
        input.log.error({ err: error, topic }, 'a cache could not drop what changed');
      }
    }
  };
  return {
    kind: input.kind,
    publish: (topic: InvalidationTopic, key: string = everything) =>
      whenCommitted(async () => {
        deliver(topic, key);
        if (!input.send) return;
        try {
          await input.send(JSON.stringify({ origin, topic, key } satisfies Message));
        } catch (error) {
          // The other processes keep what they hold until it expires (seconds): logged, not failed.
          input.log.error({ err: error, topic }, 'other processes could not be told what changed');
        }
      }),
    subscribe: (topic: InvalidationTopic, drop: (key: string) => void) => {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), drop]);
    },
    receive: (payload: string) => {
      let message: Message;
      try {
        message = JSON.parse(payload) as Message;
      } catch {
        return;
      }
      if (message.origin === origin || !topics.includes(message.topic) || typeof message.key !== 'string') return;
      deliver(message.topic, message.key);
    },
    /** After messages may have been missed (the broker's connection was lost): everything is dropped. */
    dropEverything: () => {
      for (const topic of topics) deliver(topic, everything);
    },
  };
};

/** The embedded database is one process's: nobody else to tell. */
export const createInProcessBus = (input: { log: FastifyBaseLogger }): InvalidationBus => {
  const { kind, publish, subscribe } = createBusCore({ kind: 'in-process', log: input.log });
  return { kind, publish, subscribe, close: async () => {} };
};
