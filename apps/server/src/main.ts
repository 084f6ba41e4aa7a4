import cluster from 'node:cluster';
import { processCount, runPrimary } from './cluster-primary';
import { readConfig } from './config';
import { serve } from './serve';

const config = readConfig();
const processes = processCount(process.env.WEB_CONCURRENCY);

if (processes > 1 && cluster.isPrimary) await runPrimary({ config, processes });
else await serve(config);
