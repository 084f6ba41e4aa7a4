import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
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

type Booted = { stop: () => Promise<void> };

/** Spawns the server on `env` and waits until it answers; `stop` ends it (its data stays). */
const boot = async (env: NodeJS.ProcessEnv, url: string): Promise<Booted> => {
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
    if (exited(child)) return;
    signal(child, 'SIGTERM');
    if (!(await waitForExit(child, 10_000))) {
      signal(child, 'SIGKILL');
      await waitForExit(child, 5_000);
    }
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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { stop };
};

/** What a new installation's data directory is made of: the migrations, the seeds and the super admin it starts with. */
const installationKey = (env: NodeJS.ProcessEnv) => {
  const hash = createHash('sha256');
  const server = path.join(repoRoot, 'apps/server');
  const files = [
    ...fs.readdirSync(path.join(server, 'drizzle'), { recursive: true, encoding: 'utf8' }).map((file) => path.join('drizzle', file)),
    ...fs.readdirSync(path.join(server, 'src/db'), { recursive: true, encoding: 'utf8' }).map((file) => path.join('src/db', file)),
  ].sort();
  for (const file of files) {
    const full = path.join(server, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(`${env.SUPER_ADMIN_EMAIL ?? ''} ${env.SUPER_ADMIN_PASSWORD ?? ''}`);
  return hash.digest('hex').slice(0, 16);
};

/**
 * A new installation's data directory (migrated, seeded, its super admin made), made once and copied
 * for each server: migrating an empty database takes most of a server's start. Made under a name of
 * its own and renamed, so journeys starting at once never copy half of one.
 */
const installationTemplate = async (env: NodeJS.ProcessEnv) => {
  const template = path.join(os.tmpdir(), `e2e-installation-${installationKey(env)}`);
  if (fs.existsSync(template)) return template;
  const making = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-installation-making-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await boot({ ...env, PORT: String(port), DATA_DIR: making, APP_URL: url }, url);
  await server.stop();
  try {
    fs.renameSync(making, template);
  } catch {
    // Another journey made it first.
    fs.rmSync(making, { recursive: true, force: true });
  }
  return template;
};

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
  const superAdmin = { email: 'super.admin@example.com', password: 'Super-admin-123' };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  // A first run is seen as one: its directory starts empty.
  if (!options.firstRun) fs.cpSync(await installationTemplate(env), dataDir, { recursive: true });
  Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, APP_URL: url });
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (options.seedDemo)
    await seedDemo(env).catch((error) => {
      remove();
      throw error;
    });
  const server = await boot(env, url).catch((error) => {
    remove();
    throw error;
  });
  return {
    url,
    superAdmin,
    stop: async () => {
      await server.stop();
      remove();
    },
  };
};
