import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { createBusCore, type InvalidationBus } from './invalidation-bus';

const channel = 'app_invalidation';
/** The listening connection's name in pg_stat_activity. */
export const listenerName = 'recruit-invalidation';

/**
 * The invalidation bus over PostgreSQL's LISTEN/NOTIFY: messages go out with pg_notify on the pool,
 * and come in on one connection of their own that only listens. When that connection is lost it is
 * opened again (waiting longer each time, up to 30 s), and everything kept is dropped, since messages
 * sent meanwhile were missed.
 */
export const createPostgresBus = async (input: { url: string; db: Db; log: FastifyBaseLogger }): Promise<InvalidationBus> => {
  const { log } = input;
  const core = createBusCore({
    kind: 'postgres',
    log,
    send: (payload) => input.db.execute(sql`select pg_notify(${channel}, ${payload})`),
  });
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = 500;

  const listen = async () => {
    const client = new pg.Client({ connectionString: input.url, application_name: listenerName });
    const lost = (error?: Error) => {
      if (listener !== client || closed) return;
      listener = null;
      log.warn({ err: error }, 'the invalidation listener lost its connection; reconnecting');
      void client.end().catch(() => {});
      reconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) core.receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
    retryMs = 500;
  };

  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        await listen();
        core.dropEverything();
        log.info('the invalidation listener is connected again');
      } catch (error) {
        retryMs = Math.min(retryMs * 2, 30_000);
        log.warn({ err: error, retryMs }, 'the invalidation listener could not reconnect');
        reconnect();
      }
    }, retryMs);
  };

  await listen();
  return {
    kind: core.kind,
    publish: core.publish,
    subscribe: core.subscribe,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
};
