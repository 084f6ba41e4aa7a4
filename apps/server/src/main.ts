import cluster from 'node:cluster';
import { processCount, runPrimary } from './cluster-primary';
import { readConfig } from './config';
import { serve } from './serve';

const config = readConfig();
const processes = processCount(process.env.WEB_CONCURRENCY);

// The primary only supervises (it forks the server processes and replaces one that dies), on either
// database: a server process that crashes, on the embedded database too, is back within seconds.
if (cluster.isPrimary) await runPrimary({ config, processes });
else await serve(config);
