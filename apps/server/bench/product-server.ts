/** The product, as `npm start` builds it, in a process of its own, or BENCH_PROCESSES of them (started by bench/run.ts). */
import { buildApp } from '../src/app';
import { benchConfig, primaryOfWorkers, reportReady, targetFromEnv } from './shared';

// With BENCH_PROCESSES above one, this process only forks and answers for the servers (shared.ts).
if (await primaryOfWorkers()) await new Promise(() => {});
const config = benchConfig(targetFromEnv());
const app = await buildApp({ config });
await app.listen({ port: 0, host: config.host });
const address = app.server.address();
reportReady(typeof address === 'object' && address ? address.port : 0, () => app.close());
