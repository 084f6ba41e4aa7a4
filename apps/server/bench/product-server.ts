/** The product, as `npm start` builds it, in a process of its own (started by bench/run.ts). */
import { buildApp } from '../src/app';
import { benchConfig, reportReady, targetFromEnv } from './shared';

const config = benchConfig(targetFromEnv());
const app = await buildApp({ config });
await app.listen({ port: 0, host: config.host });
const address = app.server.address();
reportReady(typeof address === 'object' && address ? address.port : 0, () => app.close());
