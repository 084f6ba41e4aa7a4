/**
 * The job-search scenario's requests (a thousand and more distinct searches, as visitors send
 * them), and the raw SQL time of the same queries: the SQL text and parameters the product runs
 * (built by the product's own query), timed with EXPLAIN ANALYZE straight on the database.
 */
import path from 'node:path';
import { jobSearch } from '@app/contract/resources/job-board/job';
import { fillPlaceholders } from 'drizzle-orm';
import { searchQuery } from '../src/areas/jobs/search';
import { type Database, openDatabase } from '../src/db/client';
import { createGazetteer, type Gazetteer } from '../src/services/gazetteer';
import { random, roles, towns } from './seed-jobs';
import type { DatabaseTarget } from './shared';

/** Words visitors search for most: the common ones match a large share of all jobs. */
const commonWords = ['manager', 'engineer', 'developer', 'assistant', 'driver', 'nurse', 'senior', 'support', 'sales', 'care'];

/**
 * The words searched for: every word of the seeded titles and skills (the common ones above among
 * them), a few two-word searches, and none at all (a search by place and filters only).
 */
const searchWordsOf = () => {
  const words = new Set<string>(commonWords);
  for (const role of roles) {
    for (const text of [role.title, ...role.skills]) {
      for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
    }
  }
  const titles = roles.map((role) => role.title.toLowerCase());
  return { words: [...words], phrases: [...titles, 'senior developer', 'junior engineer', 'care assistant', 'sql developer'] };
};

/** Postcodes visitors type instead of a town's name. */
const postcodes = ['LS1', 'M1', 'B1', 'SW19', 'E17', 'G1', 'EH1', 'CF10', 'BS1', 'NG1', 'S1', 'L1', 'NE1', 'YO1', 'BT1'];
const radii = [5, 10, 15, 20, 25, 30, 40, 50];
const workModelChoices = [['HYBRID', 'ON_SITE'], ['REMOTE'], ['HYBRID'], ['ON_SITE'], ['REMOTE', 'HYBRID']];
const jobTypeChoices = [[1], [2], [3], [1, 2], [4]];
const salaryChoices = ['20000-30000', '30000-40000', '40000-50000', '50000-70000'];
const experienceChoices = [['NONE', '0-1'], ['1-2', '3-5'], ['5-10']];

/**
 * `count` distinct public searches, as visitors send them (drawn with a fixed seed, so every run
 * sends the same ones): a keyword (a common one a quarter of the time) or none, one of the seeded
 * towns or a postcode within 5 to 50 miles, zero to three filters, by relevance or by date, now and
 * then a later page.
 */
export const searchRequests = (count: number) => {
  const next = random(7_340_001);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const { words, phrases } = searchWordsOf();
  const places = [...towns.map(([name]) => name), ...postcodes];
  const seen = new Set<string>();
  const requests: Record<string, unknown>[] = [];
  while (requests.length < count) {
    const kind = next();
    const search = kind < 0.12 ? '' : kind < 0.37 ? pick(commonWords) : kind < 0.85 ? pick(words) : pick(phrases);
    const filter: Record<string, unknown> = {};
    if (next() < 0.45) filter.workModel = pick(workModelChoices);
    if (next() < 0.35) filter.jobTypes = pick(jobTypeChoices);
    if (next() < 0.2) filter.salaryRange = pick(salaryChoices);
    if (next() < 0.1) filter.experience = pick(experienceChoices);
    if (next() < 0.1) filter.postedWithinDays = pick([1, 3, 7, 14]);
    const request = {
      search,
      location: { place: pick(places), radius: pick(radii), unit: 'mi' },
      filter,
      sort: next() < 0.8 ? 'relevance' : 'date',
      page: next() < 0.9 ? 1 : pick([2, 3]),
    };
    const key = JSON.stringify(request);
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push(request);
  }
  return requests;
};

/** The first search, whose plan BENCH_EXPLAIN=1 prints: a common word, 25 miles around Leeds, two filters. */
export const searchPath = '/api/recruiter/job/list';

/** The bare server's route running only `select 1`: what any call costs on this machine at the bench's connections. */
export const floorPath = '/bench/floor';

export const explainedRequest = {
  search: 'manager',
  location: { place: 'Leeds', radius: 25, unit: 'mi' },
  filter: { workModel: ['HYBRID', 'ON_SITE'], jobTypes: [1] },
  sort: 'relevance',
};

type Explained = { 'Execution Time': number; 'Planning Time': number };
type Client = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** The SQL the product runs for one search, as text and parameters. */
export const searchStatement = (db: Database['db'], gazetteer: Gazetteer, body: unknown) => {
  const { build, values } = searchQuery(db, gazetteer, jobSearch.parse(body));
  const { sql, params } = build().toSQL();
  return { sql, params: fillPlaceholders(params, values) };
};

/** As `searchStatement`, with the SQL text built once per shape, as the product prepares it (like for like). */
export const searchStatements = (db: Database['db'], gazetteer: Gazetteer) => {
  const shapes = new Map<string, { sql: string; params: unknown[] }>();
  return (body: unknown) => {
    const { shape, build, values } = searchQuery(db, gazetteer, jobSearch.parse(body));
    const built = shapes.get(shape) ?? build().toSQL();
    shapes.set(shape, built);
    return { sql: built.sql, params: fillPlaceholders(built.params, values) };
  };
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export type RawTimes = { sampled: number; p50: number; p99: number; max: number; planningP50: number };

/**
 * Every `every`-th request's SQL, as the product builds it, under EXPLAIN ANALYZE once (after one
 * unmeasured run), one at a time: the spread of execution times and the median planning time. With `explain` set, `explainedRequest`'s plans are printed.
 */
export const timeRawSql = async (
  target: DatabaseTarget,
  input: { requests: unknown[]; every: number; explain: boolean },
): Promise<RawTimes> => {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: target.databaseUrl ? undefined : path.join(target.dataDir, 'db'),
    poolSize: 1,
  });
  const client = (database.db as unknown as { $client: Client }).$client;
  const gazetteer = createGazetteer();
  const explained = async (text: string, params: unknown[]) => {
    const { rows } = await client.query(`explain (analyze, format json) ${text}`, params);
    const value = rows[0]?.['QUERY PLAN'];
    const [plan] = (typeof value === 'string' ? JSON.parse(value) : value) as Explained[];
    return plan ?? { 'Execution Time': 0, 'Planning Time': 0 };
  };
  try {
    if (input.explain) {
      const { sql, params } = searchStatement(database.db, gazetteer, explainedRequest);
      const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params);
      console.log(`\nPlan (${JSON.stringify(explainedRequest)}):\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
    const execution: number[] = [];
    const planning: number[] = [];
    for (let n = 0; n < input.requests.length; n += input.every) {
      const { sql, params } = searchStatement(database.db, gazetteer, input.requests[n]);
      await client.query(sql, params);
      const plan = await explained(sql, params);
      execution.push(plan['Execution Time']);
      planning.push(plan['Planning Time']);
    }
    return {
      sampled: execution.length,
      p50: percentile(execution, 50),
      p99: percentile(execution, 99),
      max: Math.max(...execution),
      planningP50: percentile(planning, 50),
    };
  } finally {
    await database.close();
  }
};
