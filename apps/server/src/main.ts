import cluster from 'node:cluster';
import { readConfig } from './config';

const config = readConfig();

// The primary only supervises (it forks the server processes and replaces one that dies), on either
// database: a server process that crashes, on the embedded database too, is back within seconds.
// Each loads only its own part: the primary never serves, so it never loads the app (half a start's time).
if (cluster.isPrimary) {
  const { processCount, runPrimary } = await import('./cluster-primary');
  await runPrimary({ config, processes: processCount(process.env.WEB_CONCURRENCY) });
} else {
  const { serve } = await import('./serve');
  await serve(config);
}
