/**
 * The hiring scenario (PostgreSQL only, issue 29 point 9), on the data of seed-hiring.ts: an
 * organisation with 20,000 CRM jobs and 1,000,000 applications, beside 5 others.
 *
 * The board: `POST /crm-job-application/job-applicants-list { jobId, limit: 'ALL' }` of ten jobs of
 * 2,000 applications each, the requests rotating between them, at BENCH_CONNECTIONS (32) and alone
 * (one connection: the time one recruiter waits for the board to open). Target: p99 under 50 ms at 32.
 *
 * The job list: `POST /crm/job/list` with BENCH_HIRING_LISTS (500) distinct requests (searches by
 * title words, towns and JOB- numbers, status and client filters, later pages, sorts by title and
 * creation), each job answered with its applicationCount. Target: the candidate list's, p99 under
 * 50 ms and within 1.5× of the bare route's p99.
 *
 * Both beside a bare Fastify route running the product's own list (the engine's repository through
 * drizzle on the same pool, and for the jobs the same count of applications) with no routing,
 * access checks, validation of the answer or hooks; the two must agree on every board and the first
 * 100 lists. Then each statement's own time (EXPLAIN ANALYZE: the ten boards, a sample of the lists).
 *
 * The multi-move: `POST /crm-job-application/multi-move-to-stage` of 500 applications of another job
 * of 2,000, BENCH_HIRING_MOVES (20) times back and forth between Submitted and Interviewing, one at a
 * time, after one move not timed. Target: each commits in under 1 s. The 500 are put back where the
 * seed left them before the moves, so every run moves the same histories.
 */
import { listRequest } from '@app/contract/conventions/list';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { applicationCardFields, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import '../src/areas/crm/clients';
import '../src/areas/crm/candidate-repository';
import '../src/areas/lookups/routes';
import { applicationRepository } from '../src/areas/hiring/applications';
import { applicationCounts, crmJobRepository } from '../src/areas/hiring/crm-jobs';
import type { Executor } from '../src/db/client';
import { crmJobApplications } from '../src/db/schema/hiring';
import { fetchCall, load, type Measured, median, medianOf, micros, ms, type Numbers, table } from './load';
import { cities, jobTitles } from './seed-candidates';
import type { SeededHiring } from './seed-hiring';
import { random } from './seed-jobs';
import { type Child, type DatabaseTarget, startChild } from './shared';

export const boardPath = `/api${jobApplicantsList.path}`;
export const jobListPath = `/api${crmJob.calls.list!.path}`;
const moveManyPath = '/api/crm-job-application/multi-move-to-stage';
const jobListRequest = listRequest(crmJob.filters, crmJob.sortable);

type Caller = { organisationId: string | null };

/**
 * The bare server's two hiring routes: the product's repository calls on drizzle over the same pool,
 * in the caller's organisation, answered as the driver and repository give them.
 */
export const registerBareHiring = (
  app: FastifyInstance,
  input: { db: Executor; callerOf: (req: FastifyRequest) => Promise<Caller | null>; unauthorized: (reply: FastifyReply) => unknown },
) => {
  const { db, callerOf, unauthorized } = input;
  const ok = (data: unknown) => ({ code: 200, success: true, message: 'Fetched successfully', data });
  app.post(boardPath, async (req, reply) => {
    const caller = await callerOf(req);
    if (!caller?.organisationId) return unauthorized(reply);
    const { jobId, ...request } = jobApplicantsList.input.parse(req.body);
    return ok(
      await applicationRepository.list(db, { organisationId: caller.organisationId }, request, [eq(crmJobApplications.jobId, jobId)], {
        fields: applicationCardFields,
      }),
    );
  });
  app.post(jobListPath, async (req, reply) => {
    const caller = await callerOf(req);
    if (!caller?.organisationId) return unauthorized(reply);
    const page = await crmJobRepository.list(db, { organisationId: caller.organisationId }, jobListRequest.parse(req.body));
    const counts = await applicationCounts(
      db,
      page.results.map((job) => job._id),
    );
    return ok({ ...page, results: page.results.map((job) => ({ ...job, applicationCount: counts.get(job._id) ?? 0 })) });
  });
};

/** `count` distinct job list requests, drawn with a fixed seed so every run sends the same ones. */
export const jobListRequests = (seeded: SeededHiring, count: number) => {
  const next = random(29_009);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const titleWord = () => pick(pick(jobTitles).split(' ')).toLowerCase();
  const search = () => {
    const kind = next();
    if (kind < 0.4) return '';
    if (kind < 0.65) return titleWord();
    if (kind < 0.75) return pick(cities);
    if (kind < 0.85) return `${titleWord()} ${pick(cities)}`;
    if (kind < 0.9) return `senior ${titleWord()}`;
    return `JOB-${1 + Math.floor(next() * seeded.jobs)}`;
  };
  const seen = new Set<string>();
  const requests: Record<string, unknown>[] = [];
  while (requests.length < count) {
    const filter: Record<string, unknown> = {};
    if (next() < 0.5) filter.status = pick(['PUBLISHED', 'PUBLISHED', 'CLOSED', 'DRAFT', 'ARCHIVED']);
    if (next() < 0.25) filter.clientId = pick(seeded.clientIds);
    const sortKind = next();
    const request = {
      page: next() < 0.8 ? 1 : pick([2, 3, 5, 10]),
      limit: next() < 0.7 ? 10 : pick([20, 50]),
      search: search(),
      filter,
      ...(sortKind < 0.3
        ? { sort: { field: 'title', direction: next() < 0.5 ? 'asc' : 'desc' } }
        : sortKind < 0.5
          ? { sort: { field: 'createdAt', direction: next() < 0.5 ? 'asc' : 'desc' } }
          : {}),
    };
    const key = JSON.stringify(request);
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push(request);
  }
  return requests;
};

type Page = { totalResults: number; results: Record<string, any>[] };
/** What two answers must share: the total, and each row's id and what the screen shows of it. */
const boardKey = (page: Page) =>
  `${page.totalResults}:${page.results
    .map((r) => `${r._id}/${r.candidate?.label}/${r.pipelineCurrentStage}/${r.stageEnteredAt}`)
    .join(',')}`;
const jobsKey = (page: Page) =>
  `${page.totalResults}:${page.results.map((r) => `${r._id}/${r.title}/${r.client?.label}/${r.applicationCount}`).join(',')}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

type Statement = { sql: string; params: unknown[] };

/**
 * The statements the product's repository sends for a page (a list sends one; a call with hooks
 * may send more), recorded as they run on the database.
 */
const statementsOf = async (target: DatabaseTarget, list: (db: Executor) => Promise<unknown>) => {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  const recorded: Statement[] = [];
  try {
    const recordingDb = drizzle(
      {
        query: async (query: string | { text: string; values?: unknown[] }, params: unknown[] = []) => {
          const text = typeof query === 'string' ? query : query.text;
          const values = typeof query === 'string' ? params : (query.values ?? params);
          recorded.push({ sql: text, params: values });
          return client.query({ text, values: values as unknown[] });
        },
      } as never,
      { casing: 'snake_case' },
    ) as unknown as Executor;
    await list(recordingDb);
  } finally {
    await client.end();
  }
  if (recorded.length === 0) throw new Error('The list ran no statement');
  return recorded;
};

/** EXPLAIN ANALYZE of each request's statements, one request at a time: their summed execution times, and the slowest plan when asked. */
const timeStatements = async (target: DatabaseTarget, requests: { name: string; statements: Statement[] }[], explain: boolean) => {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const timed: { name: string; ms: number; slowest: Statement; slowestMs: number }[] = [];
    for (const { name, statements } of requests) {
      let total = 0;
      let slowest = statements[0] as Statement;
      let slowestMs = -1;
      for (const statement of statements) {
        await client.query(statement.sql, statement.params);
        const { rows } = await client.query(`explain (analyze, format json) ${statement.sql}`, statement.params);
        const [plan] = (rows[0]?.['QUERY PLAN'] ?? []) as { 'Execution Time': number }[];
        const took = plan?.['Execution Time'] ?? 0;
        total += took;
        if (took > slowestMs) {
          slowest = statement;
          slowestMs = took;
        }
      }
      timed.push({ name, ms: total, slowest, slowestMs });
    }
    if (explain) {
      const worst = [...timed].sort((a, b) => b.ms - a.ms)[0];
      if (worst) {
        const { rows } = await client.query(`explain (analyze, buffers) ${worst.slowest.sql}`, worst.slowest.params);
        console.log(
          `\nPlan of ${worst.name} (${ms(worst.ms)} in all; its slowest statement ${ms(worst.slowestMs)}):\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`,
        );
      }
    }
    const times = timed.map((t) => t.ms);
    return { sampled: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times) };
  } finally {
    await client.end();
  }
};

/** Puts the moved applications back where the seed left them: the history up to the seed's last day, the stage its last entry. */
const resetMoved = async (target: DatabaseTarget, ids: string[]) => {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update crm_job_applications a
       set pipeline_stage_history = h.kept, pipeline_current_stage = h.kept->-1->>'stage', stage_entered_at = (h.kept->-1->>'movedAt')::timestamptz
       from (select id, jsonb_agg(e order by n) as kept
             from crm_job_applications, jsonb_array_elements(pipeline_stage_history) with ordinality as t(e, n)
             where id = any($1) and e->>'movedAt' <= '2026-11-01T00:00:00.000Z'
             group by id) h
       where a.id = h.id`,
      [ids],
    );
  } finally {
    await client.end();
  }
};

const firstApplications = async (target: DatabaseTarget, jobId: string, count: number) => {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from crm_job_applications where job_id = $1 and not is_deleted order by id limit $2',
      [jobId, count],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
};

/** Waits (at most 2 minutes) until the server's CPU time grows by under 50 ms a second: the requests a client gave up on are done. */
const settle = async (server: Child) => {
  const until = Date.now() + 120_000;
  let before = await server.cpu();
  while (Date.now() < until) {
    await new Promise((done) => setTimeout(done, 1000));
    const now = await server.cpu();
    if (now - before < 50_000) return;
    before = now;
  }
};

const targetP99 = 50;
const targetRatio = 1.5;
const targetMoveMs = 1000;

type Options = { seconds: number; warmup: number; connections: number; rounds: number; lists: number; moves: number; sqlSamples: number };

/** Product and bare in turn (who goes first swapped each round), at `connections`: the median of the rounds. */
const measurePair = async (
  label: string,
  servers: { name: string; child: Child; call: Measured }[],
  token: string,
  options: Options & { connections: number },
  settling: Child[] = [],
) => {
  const runs: Record<string, Numbers[]> = Object.fromEntries(servers.map((s) => [s.name, []]));
  for (let round = 1; round <= options.rounds; round++) {
    console.log(
      `Measuring ${label} at ${options.connections} connections${options.rounds > 1 ? `, round ${round} of ${options.rounds}` : ''}:`,
    );
    for (const server of round % 2 === 1 ? servers : [...servers].reverse()) {
      await load(server.child, token, server.call, { seconds: options.warmup, connections: options.connections });
      const numbers = await load(server.child, token, server.call, { seconds: options.seconds, connections: options.connections });
      console.log(`  ${server.name.padEnd(8)} ${numbers.rps.toFixed(0)} req/s, p50 ${ms(numbers.p50)}, p99 ${ms(numbers.p99)}`);
      runs[server.name]?.push(numbers);
      for (const child of settling) await settle(child);
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([name, numbers]) => [name, medianOf(numbers)])) as Record<string, Numbers>;
};

/** A run whose every request timed out (autocannon gives up after 10 s) has no latency to show: over 10 s. */
const latencyOf = (x: Numbers, value: number) => (x.rps === 0 && x.errors > 0 ? '> 10 s' : ms(value));
const rowsOf = (rows: [string, Numbers][]) =>
  rows.map(([name, x]) => [
    name,
    x.rps.toFixed(x.rps < 10 ? 1 : 0),
    latencyOf(x, x.p50),
    latencyOf(x, x.p99),
    x.rps === 0 ? '-' : micros(x.cpuPerRequest),
    String(x.errors + x.non2xx),
  ]);
const header = ['server', 'req/s', 'p50', 'p99', 'CPU/req', 'errors'];

export const runHiring = async (target: DatabaseTarget, seeded: SeededHiring, options: Options) => {
  const [product, bare] = await Promise.all([
    startChild('product', 'product-server.ts', target),
    startChild('bare', 'bare-server.ts', target),
  ]);
  try {
    const { token } = seeded;
    const sides = (call: Measured) => [
      { name: 'product', child: product, call },
      { name: 'bare', child: bare, call },
    ];
    // The board: the same answers from both, for every job measured.
    const boardBodies = seeded.boardJobIds.map((jobId) => ({ jobId, limit: 'ALL' }));
    const boardCall: Measured = {
      name: `POST /crm-job-application/job-applicants-list (${boardBodies.length} jobs of 2,000, limit ALL, in turn)`,
      method: 'POST',
      path: boardPath,
      bodies: boardBodies,
    };
    const problems: string[] = [];
    let bytes = 0;
    for (const body of boardBodies) {
      const [a, b] = await Promise.all([fetchCall(product, token, { ...boardCall, body }), fetchCall(bare, token, { ...boardCall, body })]);
      if (a.status !== 200)
        throw new Error(`The board ${JSON.stringify(body)} answered ${a.status}: ${JSON.stringify(a.body).slice(0, 300)}`);
      bytes = JSON.stringify(a.body).length;
      if (a.body.data.results.length !== 2000) problems.push(`board ${body.jobId}: ${a.body.data.results.length} applications, not 2,000`);
      if (b.status !== 200 || boardKey(a.body.data) !== boardKey(b.body.data))
        problems.push(`board ${body.jobId}: product and bare differ`);
    }
    // The job list: the first 100 requests alike.
    const listBodies = jobListRequests(seeded, options.lists);
    const listCall: Measured = {
      name: `POST /crm/job/list (${listBodies.length} distinct requests, round-robin)`,
      method: 'POST',
      path: jobListPath,
      bodies: listBodies,
    };
    const found: number[] = [];
    for (const body of listBodies.slice(0, 100)) {
      const [a, b] = await Promise.all([fetchCall(product, token, { ...listCall, body }), fetchCall(bare, token, { ...listCall, body })]);
      if (a.status !== 200)
        throw new Error(`The job list ${JSON.stringify(body)} answered ${a.status}: ${JSON.stringify(a.body).slice(0, 300)}`);
      if (b.status !== 200 || jobsKey(a.body.data) !== jobsKey(b.body.data)) {
        problems.push(
          `list ${JSON.stringify(body)}: product ${jobsKey(a.body.data).slice(0, 120)}, bare ${b.status} ${jobsKey(b.body.data ?? { totalResults: 0, results: [] }).slice(0, 120)}`,
        );
      }
      found.push(a.body.data.totalResults);
    }
    if (problems.length > 0) console.log(`Warning:\n  ${problems.slice(0, 5).join('\n  ')}`);
    else console.log('\nProduct and bare answer alike: every board (2,000 applications each) and the first 100 job lists.');
    console.log(
      `Hiring: ${seeded.jobs} jobs and ${seeded.applications} applications in the measured organisation; a board answers ${(bytes / 1024 / 1024).toFixed(1)} MB; ` +
        `the first 100 job lists find ${Math.min(...found)} to ${Math.max(...found)} jobs (median ${median(found)})`,
    );

    // The board at 32 connections last: the requests autocannon gives up on (after 10 s) leave the
    // servers busy, so each measurement after it waits for them to be idle again.
    const boardAlone = await measurePair('the board alone', sides(boardCall), token, { ...options, connections: 1 });
    const jobs = await measurePair('the job list', sides(listCall), token, options);
    const board = await measurePair('the board', sides(boardCall), token, options, [product, bare]);

    // Each statement alone: the ten boards', and a sample of the lists'.
    const scope = { organisationId: seeded.organisationId };
    const boardStatements = [];
    for (const body of boardBodies) {
      const { jobId, ...request } = jobApplicantsList.input.parse(body);
      boardStatements.push({
        name: `the board of ${jobId}`,
        statements: await statementsOf(target, (db) =>
          applicationRepository.list(db, scope, request, [eq(crmJobApplications.jobId, jobId)], { fields: applicationCardFields }),
        ),
      });
    }
    const every = Math.max(1, Math.floor(listBodies.length / options.sqlSamples));
    const listStatements = [];
    for (let n = 0; n < listBodies.length; n += every) {
      listStatements.push({
        name: JSON.stringify(listBodies[n]),
        statements: await statementsOf(target, (db) => crmJobRepository.list(db, scope, jobListRequest.parse(listBodies[n]))),
      });
    }
    const explain = process.env.BENCH_EXPLAIN === '1';
    const boardSql = await timeStatements(target, boardStatements, explain);
    const listSql = await timeStatements(target, listStatements, explain);

    // The multi-move: 500 applications back and forth, one move at a time.
    const ids = await firstApplications(target, seeded.moveJobId, 500);
    await resetMoved(target, ids);
    const stages = [seeded.stageIds.SUBMITTED, seeded.stageIds.INTERVIEWING];
    const moveOnce = async (n: number) => {
      const started = performance.now();
      const answer = await fetchCall(product, token, {
        name: 'multi-move',
        method: 'POST',
        path: moveManyPath,
        body: { jobApplicationIds: ids, pipelineItemId: stages[n % 2], remarks: `Bench move ${n}` },
      });
      const took = performance.now() - started;
      if (answer.status !== 200) throw new Error(`The multi-move answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      return { took, changed: answer.body.data.changed as number };
    };
    await moveOnce(0);
    const moveTimes: number[] = [];
    const changed: number[] = [];
    for (let n = 1; n <= options.moves; n++) {
      const { took, changed: moved } = await moveOnce(n);
      moveTimes.push(took);
      changed.push(moved);
    }

    console.log(
      `\nHiring on PostgreSQL (req/s over ${options.seconds} s${options.rounds > 1 ? `, median of ${options.rounds} rounds` : ''}; bare: a bare Fastify route ` +
        `running the product's repository list (and for the jobs its count of applications) with none of its routing, checks or hooks):\n`,
    );
    console.log(`The board (job-applicants-list, 2,000 applications, limit ALL), ${options.connections} connections and alone:\n`);
    console.log(
      table([
        header,
        ...rowsOf([
          [`product, ${options.connections} connections`, board.product!],
          [`bare, ${options.connections} connections`, board.bare!],
          ['product, alone', boardAlone.product!],
          ['bare, alone', boardAlone.bare!],
        ]),
      ]),
    );
    console.log(`its SQL alone (EXPLAIN ANALYZE of the ${boardSql.sampled} boards): p50 ${ms(boardSql.p50)}, max ${ms(boardSql.max)}`);
    console.log(`\nThe job list (${listBodies.length} distinct requests), ${options.connections} connections:\n`);
    console.log(
      table([
        header,
        ...rowsOf([
          ['product', jobs.product!],
          ['bare', jobs.bare!],
        ]),
      ]),
    );
    console.log(
      `its SQL alone (EXPLAIN ANALYZE of ${listSql.sampled} of the requests): p50 ${ms(listSql.p50)}, p99 ${ms(listSql.p99)}, max ${ms(listSql.max)}`,
    );
    console.log(
      `\nThe multi-move of 500 applications, ${moveTimes.length} times (moved ${Math.min(...changed)} to ${Math.max(...changed)} each): ` +
        `median ${ms(median(moveTimes))}, max ${ms(Math.max(...moveTimes))}`,
    );

    const boardMet = board.product!.rps > 0 && board.product!.p99 < targetP99 && board.product!.errors + board.product!.non2xx === 0;
    const ratio = jobs.product!.p99 / Math.max(0.1, jobs.bare!.p99);
    const listMet = jobs.product!.p99 < targetP99 && jobs.product!.errors + jobs.product!.non2xx === 0;
    const moveMet = Math.max(...moveTimes) < targetMoveMs;
    console.log(
      `\nTarget (board p99 under ${targetP99} ms at ${options.connections} connections): ${boardMet ? 'MET' : 'NOT MET'} (p99 ${latencyOf(board.product!, board.product!.p99)}; bare ${latencyOf(board.bare!, board.bare!.p99)}; alone ${ms(boardAlone.product!.p99)}, bare alone ${ms(boardAlone.bare!.p99)})` +
        `\nTarget (job list p99 under ${targetP99} ms at ${options.connections} connections): ${listMet ? 'MET' : 'NOT MET'} (p99 ${ms(jobs.product!.p99)})` +
        `\nTarget (job list p99 within ${targetRatio}× of bare): ${ratio <= targetRatio ? 'MET' : 'NOT MET'} (${ratio.toFixed(2)}×; throughput ${(jobs.product!.rps / jobs.bare!.rps).toFixed(2)} of bare)` +
        `\nTarget (multi-move of 500 under ${targetMoveMs} ms): ${moveMet ? 'MET' : 'NOT MET'} (median ${ms(median(moveTimes))}, max ${ms(Math.max(...moveTimes))})`,
    );
  } finally {
    await Promise.all([product.stop(), bare.stop()]);
  }
};
