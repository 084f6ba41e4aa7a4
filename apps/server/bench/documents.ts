/**
 * The documents scenario: a job seeker with two-page CVs (the documents package's sample, which
 * fills two A4 pages), measured through the product's own calls.
 *
 * 1. Drawing: the CV is changed and its PDF asked for (`getCvUrl?cvId=`), one at a time, so every
 *    request draws a new file: the median and p90 time per PDF. Target: median under 300 ms.
 * 2. Drawing beside reading: 20 clients change and download CVs as fast as they can (20 drawings
 *    always wanted at once) while autocannon reads a CV's details; the details call's p99 with and
 *    without the drawing. Target: p99 under 50 ms while drawing.
 */
import { sampleCvInput } from '@app/documents/samples';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Child } from './shared';

export type SeededDocuments = { token: string; cvIds: string[] };

const inject = async (app: FastifyInstance, method: 'POST' | 'GET', url: string, payload?: object, token?: string) => {
  const response = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json().data;
};

/** A seeker with `count` copies of the two-page sample CV. */
export const seedDocuments = async (app: FastifyInstance, count: number): Promise<SeededDocuments> => {
  const registered = await inject(app, 'POST', '/api/job-seeker/', {
    name: { first: 'Bench', last: 'Seeker' },
    email: `bench-seeker-${Date.now()}@example.com`,
    phone: '+447700900123',
    password: 'Bench-seeker-secret!',
  });
  const token = registered.token as string;
  const cvIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const cv = await inject(app, 'POST', '/api/job-seeker/cv/create-cv', { ...sampleCvInput, cvTitle: `Bench CV ${i + 1}` }, token);
    cvIds.push(cv._id);
  }
  return { token, cvIds };
};

const request = async (server: Child, token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const response = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
};

let edits = 0;
/** Changes the CV (so its PDF must be drawn again), then times asking for the PDF. */
const drawOnce = async (server: Child, token: string, cvId: string) => {
  edits += 1;
  await request(server, token, 'POST', '/api/job-seeker/cv/update-cv', { _id: cvId, designation: `Senior Software Engineer ${edits}` });
  const started = performance.now();
  const answer = await request(server, token, 'GET', `/api/job-seeker/getCvUrl?cvId=${cvId}`);
  const elapsed = performance.now() - started;
  if (!answer.url) throw new Error('getCvUrl answered no link');
  return elapsed;
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

const detailsLoad = async (server: Child, token: string, cvId: string, seconds: number, connections: number) => {
  const result = await autocannon({
    url: `${server.url}/api/job-seeker/cv/get-cv-details?cvId=${cvId}`,
    headers: { authorization: `Bearer ${token}` },
    connections,
    duration: seconds,
  });
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
};

export const runDocuments = async (
  product: Child,
  seeded: SeededDocuments,
  options: { samples: number; concurrent: number; seconds: number; connections: number },
) => {
  const [first, ...others] = seeded.cvIds as [string, ...string[]];
  console.log(`\nDocuments: a two-page CV drawn through GET /job-seeker/getCvUrl?cvId= after each change`);
  // The workers load the renderer and fonts on their first file.
  for (let i = 0; i < 3; i++) await drawOnce(product, seeded.token, first);
  const times: number[] = [];
  for (let i = 0; i < options.samples; i++) times.push(await drawOnce(product, seeded.token, first));
  const medianDraw = quantile(times, 0.5);
  console.log(
    `  one at a time, ${options.samples} files: median ${medianDraw.toFixed(0)} ms, p90 ${quantile(times, 0.9).toFixed(0)} ms, fastest ${Math.min(...times).toFixed(0)} ms`,
  );

  const quiet = await detailsLoad(product, seeded.token, first, options.seconds, options.connections);
  let drawing = true;
  let drawn = 0;
  const drawers = others.slice(0, options.concurrent).map(async (cvId) => {
    while (drawing) {
      await drawOnce(product, seeded.token, cvId);
      drawn += 1;
    }
  });
  // Let the queue fill before measuring.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const busy = await detailsLoad(product, seeded.token, first, options.seconds, options.connections);
  drawing = false;
  await Promise.all(drawers);
  console.log(`  GET /job-seeker/cv/get-cv-details, ${options.connections} connections, ${options.seconds} s:`);
  console.log(`    alone:                        ${quiet.rps.toFixed(0)} req/s, p50 ${quiet.p50} ms, p99 ${quiet.p99} ms`);
  console.log(
    `    with ${options.concurrent} drawings always waiting: ${busy.rps.toFixed(0)} req/s, p50 ${busy.p50} ms, p99 ${busy.p99} ms (${drawn} PDFs drawn meanwhile)${busy.bad ? `, ${busy.bad} failed!` : ''}`,
  );
  console.log(
    `\nTargets: median PDF under 300 ms: ${medianDraw < 300 ? 'MET' : 'NOT MET'} (${medianDraw.toFixed(0)} ms); details p99 under 50 ms with ${options.concurrent} concurrent drawings: ${busy.p99 < 50 && !busy.bad ? 'MET' : 'NOT MET'} (${busy.p99} ms)`,
  );
};
