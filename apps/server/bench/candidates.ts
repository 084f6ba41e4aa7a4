/**
 * The candidates scenario (PostgreSQL only): the CRM candidate list as recruiters use it, on
 * 1,000,000 candidates over 50 organisations, and the CSV export of the measured organisation's
 * 100,000. See seed-candidates.ts for the data.
 *
 * The list: BENCH_CANDIDATE_SEARCHES (1,000) distinct requests sent round-robin across the
 * connections, each a search (two in three a first name, a surname, a full name, the start of one, an
 * email fragment, a phone fragment or a CAN- number; one in three a recruiter's keywords: a skill, a
 * job title's word or "phrase", a town, a postcode district, an OR of two titles' words, or
 * (skill OR skill) town) with two filters (status and a skill, an owner or a creation range), now
 * and then a later page or a longer one, and one in six sorted by a column (name, town, job title,
 * last change) instead of newest first. Signed in as a staff member whose role
 * reads every candidate (Candidate READ, scope ALL). Beside it, a bare route running the product's
 * own search (its index, then the page's rows by id) with no routing, and a bare route running the
 * SQL search the index stands in for (built per request by the product's own repository, see
 * bare-server.ts); all three must agree on the first 200 requests. Then the raw time of that SQL for
 * a sample of the requests, with the plans of the slowest three under BENCH_EXPLAIN=1.
 *
 * The export: `POST /candidate/export` of the whole measured organisation (100,000 rows), its time,
 * and the server's resident memory and heap sampled every 50 ms while it streams.
 */
import pg from 'pg';
import { candidateListPath, candidateListStatement, candidateSqlListPath } from './candidate-sql';
import { fetchCall, load, type Measured, median, medianOf, micros, ms, type Numbers, table } from './load';
import { cities, firstNames, jobTitles, lastNames, postcodeAreas, type SeededCandidates, skillLabels } from './seed-candidates';
import { type Child, type DatabaseTarget, startChild } from './shared';

const exportPath = '/api/candidate/export';

const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** `count` distinct list requests, drawn with a fixed seed so every run sends the same ones. */
export const candidateRequests = (seeded: SeededCandidates, count: number) => {
  const next = random(14_009);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const day = 24 * 3600 * 1000;
  const now = Date.parse('2026-11-01T00:00:00Z');
  const person = () => {
    const kind = next();
    const first = pick(firstNames);
    const last = pick(lastNames);
    if (kind < 0.25) return last.toLowerCase();
    if (kind < 0.4) return first;
    if (kind < 0.55) return `${first} ${last}`;
    if (kind < 0.7) return (next() < 0.5 ? last : first).slice(0, 3 + Math.floor(next() * 2)).toLowerCase();
    if (kind < 0.8) return `${first.toLowerCase()}.${last.toLowerCase()}`;
    if (kind < 0.9)
      return String(Math.floor(next() * 1_000_000))
        .padStart(6, '0')
        .slice(0, 4 + Math.floor(next() * 3));
    return `CAN-${1 + Math.floor(next() * seeded.inMeasured)}`;
  };
  const quoted = (text: string) => (text.includes(' ') ? `"${text}"` : text);
  const titleWord = () => pick(pick(jobTitles).split(' ')).toLowerCase();
  const town = () => pick(cities).replace(/^./, (c) => c.toUpperCase());
  const keywords = () => {
    const kind = next();
    if (kind < 0.2) return quoted(pick(skillLabels).toLowerCase());
    if (kind < 0.4) return titleWord();
    if (kind < 0.5) return quoted(pick(jobTitles));
    if (kind < 0.65) return town();
    if (kind < 0.75) return `${pick(postcodeAreas)}${1 + Math.floor(next() * 20)}`;
    if (kind < 0.85) return `${titleWord()} OR ${titleWord()}`;
    if (kind < 0.95) return `(${quoted(pick(skillLabels))} OR ${quoted(pick(skillLabels))}) ${town()}`;
    return `${titleWord()} ${town()}`;
  };
  const word = () => (next() < 2 / 3 ? person() : keywords());
  const sortable = ['name.fullName', 'address.city', 'preferences.currentJobTitle', 'updatedAt'];
  const secondFilter = (): Record<string, unknown> => {
    const kind = next();
    if (kind < 0.4) return { skillIds: [pick(seeded.skillIds)] };
    if (kind < 0.7) return { ownerId: pick(seeded.ownerIds) };
    const days = pick([7, 30, 90, 365]);
    return { createdAt: { from: new Date(now - days * day).toISOString() } };
  };
  const seen = new Set<string>();
  const requests: Record<string, unknown>[] = [];
  while (requests.length < count) {
    const request = {
      page: next() < 0.85 ? 1 : pick([2, 3, 5]),
      limit: next() < 0.8 ? 10 : pick([20, 50]),
      search: word(),
      filter: { status: next() < 0.85 ? 'ACTIVE' : 'INACTIVE', ...secondFilter() },
      ...(next() < 1 / 6 ? { sort: { field: pick(sortable), direction: next() < 0.5 ? 'asc' : 'desc' } } : {}),
    };
    const key = JSON.stringify(request);
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push(request);
  }
  return requests;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** The server's memory (resident set and V8 heap, bytes), sampled while `work` runs: the peak and where it started. */
const watchMemory = async <T>(server: Child, work: () => Promise<T>) => {
  const before = await server.memory();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const now = await server.memory();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
      await new Promise((done) => setTimeout(done, 50));
    }
  })();
  try {
    return { result: await work(), before, peakRss, peakHeap };
  } finally {
    running = false;
    await sampling;
  }
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The whole export read as it streams: its time, size and lines. */
const exportOnce = async (server: Child, token: string, body: unknown) => {
  const started = performance.now();
  const response = await fetch(server.url + exportPath, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200 || !response.body) throw new Error(`The export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { seconds: (performance.now() - started) / 1000, bytes, lines };
};

type Client = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** EXPLAIN ANALYZE of a sample of the requests' SQL, one at a time; the plans of the slowest three when asked. */
const timeRawSql = async (
  target: DatabaseTarget,
  seeded: SeededCandidates,
  input: { requests: Record<string, unknown>[]; every: number; explain: boolean },
) => {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const timed: { request: unknown; ms: number; planning: number; sql: string; params: unknown[] }[] = [];
    for (let n = 0; n < input.requests.length; n += input.every) {
      const { sql, params } = await candidateListStatement(undefined, seeded.organisationId, input.requests[n]!);
      await client.query(sql, params);
      const { rows } = await (client as unknown as Client).query(`explain (analyze, format json) ${sql}`, params);
      const [plan] = (rows[0]?.['QUERY PLAN'] ?? [{}]) as { 'Execution Time': number; 'Planning Time': number }[];
      timed.push({ request: input.requests[n], ms: plan?.['Execution Time'] ?? 0, planning: plan?.['Planning Time'] ?? 0, sql, params });
    }
    const times = timed.map((t) => t.ms);
    if (input.explain) {
      for (const slow of [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3)) {
        const { rows } = await (client as unknown as Client).query(`explain (analyze, buffers) ${slow.sql}`, slow.params);
        console.log(`\nPlan of ${JSON.stringify(slow.request)} (${ms(slow.ms)}):\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    }
    return {
      sampled: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: Math.max(...times),
      planningP50: percentile(
        timed.map((t) => t.planning),
        50,
      ),
    };
  } finally {
    await client.end();
  }
};

const targetP99 = 50;
const targetRatio = 1.5;
const targetExportSeconds = 10;

export const runCandidates = async (
  target: DatabaseTarget,
  seeded: SeededCandidates,
  options: { seconds: number; warmup: number; connections: number; rounds: number; searches: number; sqlSamples: number },
) => {
  const [product, bare] = await Promise.all([
    startChild('product', 'product-server.ts', target),
    startChild('bare', 'bare-server.ts', target),
  ]);
  try {
    const bodies = candidateRequests(seeded, options.searches);
    const call: Measured = {
      name: `POST /candidate/list (${bodies.length} distinct searches with two filters, round-robin)`,
      method: 'POST',
      path: candidateListPath,
      bodies,
    };
    const sqlCall: Measured = { ...call, name: `${call.name}, the SQL search`, path: candidateSqlListPath };
    // All three must find the same candidates, in the same order, before their speeds mean anything:
    // the index against the SQL it stands in for, on real data.
    const found: number[] = [];
    const problems: string[] = [];
    const ids = (page: { data: { results: { _id: string }[]; totalResults: number } }) =>
      `${page.data.totalResults}:${page.data.results.map((r) => r._id).join(',')}`;
    for (const body of bodies.slice(0, 200)) {
      const [a, b, c] = await Promise.all([
        fetchCall(product, seeded.token, { ...call, body }),
        fetchCall(bare, seeded.token, { ...call, body }),
        fetchCall(bare, seeded.token, { ...sqlCall, body }),
      ]);
      if (a.status !== 200) throw new Error(`The list ${JSON.stringify(body)} answered ${a.status}: ${JSON.stringify(a.body)}`);
      for (const [name, other] of [
        ['bare', b],
        ['SQL', c],
      ] as const) {
        if (other.status !== 200 || ids(a.body) !== ids(other.body)) {
          problems.push(
            `${JSON.stringify(body)}: product ${ids(a.body)}, ${name} ${other.status === 200 ? ids(other.body) : `${other.status} ${JSON.stringify(other.body)}`}`,
          );
        }
      }
      found.push(a.body.data.totalResults);
    }
    if (problems.length > 0) console.log(`Warning:\n  ${problems.slice(0, 5).join('\n  ')}`);
    else console.log('\nProduct, bare and the SQL search find the same candidates, in the same order, for the first 200 requests.');
    console.log(
      `Candidates: ${seeded.total} in ${seeded.organisations} organisations, ${seeded.inMeasured} in the measured one; ${bodies.length} distinct ` +
        `requests; the first 200 find ${Math.min(...found)} to ${Math.max(...found)} (median ${median(found)})`,
    );

    const servers = [
      { name: 'product', child: product, call },
      { name: 'bare', child: bare, call },
      { name: 'bare SQL', child: bare, call: sqlCall },
    ];
    const runs: Record<string, Numbers[]> = { product: [], bare: [], 'bare SQL': [] };
    for (let round = 1; round <= options.rounds; round++) {
      console.log(
        options.rounds > 1 ? `Measuring the candidate list, round ${round} of ${options.rounds}:` : 'Measuring the candidate list:',
      );
      for (const server of round % 2 === 1 ? servers : [...servers].reverse()) {
        await load(server.child, seeded.token, server.call, { seconds: options.warmup, connections: options.connections });
        const numbers = await load(server.child, seeded.token, server.call, { seconds: options.seconds, connections: options.connections });
        console.log(`  ${server.name.padEnd(8)} ${numbers.rps.toFixed(0)} req/s, p99 ${ms(numbers.p99)}`);
        runs[server.name]?.push(numbers);
      }
    }
    const numbers = medianOf(runs.product as Numbers[]);
    const baseline = medianOf(runs.bare as Numbers[]);
    const sqlSearch = medianOf(runs['bare SQL'] as Numbers[]);
    const every = Math.max(1, Math.floor(bodies.length / options.sqlSamples));
    const raw = await timeRawSql(target, seeded, { requests: bodies, every, explain: process.env.BENCH_EXPLAIN === '1' });

    console.log('Exporting the measured organisation (all its live candidates) to CSV...');
    const exported = await watchMemory(product, () => exportOnce(product, seeded.token, { search: '', filter: {} }));

    console.log(
      `\nCandidate list on PostgreSQL (${options.connections} connections, req/s over ${options.seconds} s${options.rounds > 1 ? `, median of ${options.rounds} rounds` : ''}; ` +
        `bare: a bare Fastify route running the product's search and page read; bare SQL: one running the SQL search the index stands in for; ` +
        `raw SQL: EXPLAIN ANALYZE of ${raw.sampled} of the requests' SQL search):\n`,
    );
    console.log(
      table([
        ['server', 'req/s', 'p50', 'p99', 'CPU/req', 'errors'],
        ...(
          [
            ['product', numbers],
            ['bare', baseline],
            ['bare SQL', sqlSearch],
          ] as [string, Numbers][]
        ).map(([name, x]) => [name, x.rps.toFixed(0), ms(x.p50), ms(x.p99), micros(x.cpuPerRequest), String(x.errors + x.non2xx)]),
      ]),
    );
    console.log(`raw SQL: p50 ${ms(raw.p50)}, p99 ${ms(raw.p99)}, max ${ms(raw.max)}; planning, median ${raw.planningP50.toFixed(2)} ms`);
    const { result, before, peakRss, peakHeap } = exported;
    console.log(
      `Export: ${result.lines - 1} rows, ${(result.bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${result.seconds.toFixed(1)} s; ` +
        `server memory before ${mb(before.rss)} resident / ${mb(before.heapUsed)} heap, peak during ${mb(peakRss)} / ${mb(peakHeap)}`,
    );
    const ratio = numbers.p99 / Math.max(0.1, baseline.p99);
    const listMet = numbers.p99 < targetP99 && numbers.errors + numbers.non2xx === 0;
    console.log(
      `\nTarget (list p99 under ${targetP99} ms at ${options.connections} connections): ${listMet ? 'MET' : 'NOT MET'} (p99 ${ms(numbers.p99)})` +
        `\nTarget (product p99 within ${targetRatio}× of bare): ${ratio <= targetRatio ? 'MET' : 'NOT MET'} (${ratio.toFixed(2)}×; throughput ${(numbers.rps / baseline.rps).toFixed(2)} of bare)` +
        `\nTarget (export of ${result.lines - 1} rows under ${targetExportSeconds} s): ${result.seconds < targetExportSeconds ? 'MET' : 'NOT MET'} (${result.seconds.toFixed(1)} s, heap peak ${mb(peakHeap)})`,
    );
  } finally {
    await Promise.all([product.stop(), bare.stop()]);
  }
};
