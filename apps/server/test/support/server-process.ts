import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CallSpec } from '@app/contract/define-resource';
import { type Envelope, pathOf } from './test-app';

const serverDir = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const childPidsOf = (parent: number) =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // "pid (name) state ppid ...": the name may hold spaces, so read after its closing parenthesis.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const isChild = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
        // A server process is forked with the primary's own arguments (tsx's esbuild service is a child too).
        return isChild && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);

/** Whether something answers PING with PONG at a redis:// address, within a second. */
export const redisAnswers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });

/**
 * The server as `WEB_CONCURRENCY=N npm start` runs it, in a child process of its own on a free port
 * of 127.0.0.1: its primary and N server processes, on the database (and Redis) `env` names. Calls
 * go over HTTP from 127.0.0.1, so the cluster hands each to one of its processes in turn.
 */
export const startServerProcesses = async (input: { processes: number; env: Record<string, string> }) => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-processes-'));
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      WEB_CONCURRENCY: String(input.processes),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...input.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (data) => (output += data));
  child.stderr?.on('data', (data) => (output += data));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  // Ready once every process answers: the cluster hands connections in turn, so N answers in a row.
  const deadline = Date.now() + 150_000;
  let answeredInARow = 0;
  while (answeredInARow < input.processes * 2) {
    if (exitCode !== undefined) throw new Error(`the server processes ended (${exitCode}) before serving:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server processes did not answer within 150 s:\n${output}`);
    }
    const answered = await fetch(`${base}/api/setup/status`).then(
      (response) => response.status === 200,
      () => false,
    );
    answeredInARow = answered ? answeredInARow + 1 : 0;
    if (!answered) await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    /** The same call as test-app's `call`, over HTTP: JSON body, or query string for GET and DELETE. */
    call: async <T = any>(
      spec: Pick<CallSpec, 'method' | 'path'>,
      body: Record<string, unknown> = {},
      token?: string,
    ): Promise<{ status: number; body: Envelope<T> }> => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const url = new URL(pathOf(spec, body as Record<string, string>), base);
      const inQuery = spec.method === 'GET' || spec.method === 'DELETE';
      if (inQuery) for (const [key, value] of Object.entries(body)) url.searchParams.set(key, String(value));
      const response = await fetch(url, {
        method: spec.method,
        headers: inQuery ? headers : { ...headers, 'content-type': 'application/json' },
        body: inQuery ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Envelope<T> };
    },
    output: () => output,
    /** The server processes the primary runs now, read from /proc. */
    serverPids: () => childPidsOf(child.pid as number),
    /** SIGTERM to the primary, as a service manager stops it; answers its exit code. */
    stop: async () => {
      if (exitCode === undefined) child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
};

export type ServerProcesses = Awaited<ReturnType<typeof startServerProcesses>>;
