import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { organisation } from '@app/contract/resources/organisation';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { call, superAdmin } from './support/test-app';
import { signIn } from './support/world';

// Two starts of the app on a database on disk (migrations, seeds, a checkpoint at close): seconds on a
// quiet machine, far more on a busy one. Each step waits for the one before; only this bound is generous.
const twoStartsOnDisk = 300_000;

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the embedded database on disk keeps every committed row across a restart',
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-persist-'));
    const config = {
      ...readConfig({}),
      dataDir,
      logLevel: 'silent',
      superAdminEmail: superAdmin.email,
      superAdminPassword: superAdmin.password,
    };
    const opened: FastifyInstance[] = [];
    const start = async () => {
      const app = await buildApp({ config });
      opened.push(app);
      await app.ready();
      return app;
    };
    try {
      const first = await start();
      const token = await signIn(first, superAdmin.email, superAdmin.password);
      const input = {
        name: 'Kept Ltd',
        email: 'kept@example.com',
        phoneNumber: '0161',
        adminUser: { email: 'kept-admin@example.com', phone: '1', passwordHash: 'Passw0rd-long' },
      };
      expect((await call(first, organisation.calls.create!, input, token)).status).toBe(200);
      await first.close();
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);

      const second = await start();
      const again = await signIn(second, superAdmin.email, superAdmin.password);
      const { body } = await call(second, organisation.calls.list!, { search: 'Kept' }, again);
      expect(body.data.results.map((o: { name: string }) => o.name)).toEqual(['Kept Ltd']);
    } finally {
      // A failed step must not leave the database open on the folder it is about to remove.
      for (const app of opened) await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  twoStartsOnDisk,
);
