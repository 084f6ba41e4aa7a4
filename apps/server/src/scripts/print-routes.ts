import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { apiPath } from '../engine/register-call';

/** Prints every registered call as "METHOD /api/path", one a line, from an app on a throwaway database. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-routes-'));
const app = await buildApp({ config: { ...readConfig({}), inMemory: true, dataDir, logLevel: 'silent' } });
for (const call of app.calls) console.log(`${call.method} ${apiPath(call.path).replace(/:(\w+)/g, '{$1}')}`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
