/** Measuring one call with autocannon, and printing the figures: shared by the scenarios of run.ts. */
import autocannon, { type Result } from 'autocannon';
import type { Child } from './shared';

export type Measured = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; bodies?: unknown[] };

export const headersOf = (token: string, call: Measured): Record<string, string> => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(call.body === undefined && call.bodies === undefined ? {} : { 'content-type': 'application/json' }),
});

export const fetchCall = async (server: Child, token: string, call: Measured) => {
  const response = await fetch(server.url + call.path, {
    method: call.method,
    headers: headersOf(token, call),
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  return { status: response.status, body: (await response.json()) as { data: any } };
};

/** Throughput of answered calls, latency, and the server process's CPU time per request (µs). */
export type Numbers = { rps: number; p50: number; p99: number; cpuPerRequest: number; errors: number; non2xx: number };

export const load = async (
  server: Child,
  token: string,
  call: Measured,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<Numbers> => {
  const bodies = call.bodies?.map((body) => JSON.stringify(body));
  let sent = 0;
  const cpuBefore = await server.cpu();
  const result: Result = await autocannon({
    url: server.url + call.path,
    method: call.method,
    headers: headersOf(token, call),
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    // Several bodies: sent in turn across all connections (each request takes the next), so at any
    // moment the connections are asking different things.
    requests: bodies && [
      {
        method: call.method,
        path: call.path,
        headers: headersOf(token, call),
        setupRequest: (request) => ({ ...request, body: bodies[sent++ % bodies.length] }),
      },
    ],
    connections,
    duration: seconds,
  });
  const cpuUsed = (await server.cpu()) - cpuBefore;
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: cpuUsed / Math.max(1, result['2xx'] + result.non2xx),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const medianOf = (runs: Numbers[]): Numbers => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  cpuPerRequest: median(runs.map((r) => r.cpuPerRequest)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
});

export const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n');
};

export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const micros = (value: number) => `${value.toFixed(0)} µs`;
