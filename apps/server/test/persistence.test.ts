import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { organisation } from '@app/contract/resources/organisation';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { call, superAdmin } from './support/test-app';
import { signIn } from './support/world';

it('the embedded database on disk keeps every committed row across a restart', async () => {
  if (process.env.TEST_DATABASE_URL) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-persist-'));
  const config = {
    ...readConfig({}),
    dataDir,
    logLevel: 'silent',
    superAdminEmail: superAdmin.email,
    superAdminPassword: superAdmin.password,
  };
  try {
    const first = await buildApp({ config });
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

    const second = await buildApp({ config });
    const again = await signIn(second, superAdmin.email, superAdmin.password);
    const { body } = await call(second, organisation.calls.list!, { search: 'Kept' }, again);
    expect(body.data.results.map((o: { name: string }) => o.name)).toEqual(['Kept Ltd']);
    await second.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
