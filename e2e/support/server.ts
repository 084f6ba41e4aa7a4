import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type TestServer = {
  url: string;
  superAdmin: { email: string; password: string };
  stop: () => Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

const waitForExit = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (exited(child)) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Signals the server's whole process group: its own children (a worker per extra process) go too. */
const signal = (child: ChildProcess, name: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, name);
  } catch {
    // Already gone.
  }
};

/** The demo world (`npm run seed:demo`) in the data directory the server is about to open. */
const seedDemo = (env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const seeding = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed-demo.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    seeding.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    seeding.on('error', reject);
    seeding.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The demo world could not be made:\n${errors}`))));
  });

/**
 * Starts the real server (serving the built web app) on a free port with a fresh data directory
 * and a super admin from the environment (plus `env`, e.g. SMTP_URL to a mail catcher; none with `firstRun`). The web app must have been built (`npm test` does it).
 */
export const startServer = async (
  options: { env?: NodeJS.ProcessEnv; seedDemo?: boolean; firstRun?: boolean } = {},
): Promise<TestServer> => {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` before the browser journeys');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const superAdmin = { email: 'super.admin@example.com', password: 'Super-admin-123' };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    SUPER_ADMIN_EMAIL: superAdmin.email,
    SUPER_ADMIN_PASSWORD: superAdmin.password,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // The embedded database in the temporary directory, whatever the developer's shell points at.
  delete env.DATABASE_URL;
  // A fresh installation, as after `npm start` on a new clone: no super admin until the setup page makes one.
  if (options.firstRun) {
    delete env.SUPER_ADMIN_EMAIL;
    delete env.SUPER_ADMIN_PASSWORD;
  }
  if (options.seedDemo) await seedDemo(env);
  // The server is this very process (no npx or tsx launcher between), so its exit is the server's:
  // the data directory is removed only once nothing writes to it any more.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (!exited(child)) {
      signal(child, 'SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        signal(child, 'SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (true) {
    if (exited(child)) {
      await stop();
      throw new Error(`The server stopped while starting:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${url}/api/setup/status`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer within 120 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, superAdmin, stop };
};
