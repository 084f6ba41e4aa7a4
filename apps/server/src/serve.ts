import { buildApp } from './app';
import type { Config } from './config';

/** One server process: builds the app, listens, and on SIGTERM or SIGINT finishes what is in flight. */
export const serve = async (config: Config) => {
  const app = await buildApp({ config });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight, then closing the database');
    // close() stops accepting connections, waits for requests in flight, then runs onClose (database checkpoint and close).
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `serving the product at ${config.appUrl} (${app.database.kind} database, files in ${app.services.files.description}, ${app.services.invalidation.kind} cache drops)`,
  );
};
