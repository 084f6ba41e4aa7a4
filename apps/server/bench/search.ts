/**
 * The job-search scenario's requests, and the raw SQL time of the same queries: the SQL text and
 * parameters the product runs (built by the product's own query), timed with EXPLAIN ANALYZE
 * straight on the database.
 */
import path from 'node:path';
import { type JobSearch, jobSearch } from '@app/contract/resources/job-board/job';
import { searchQuery } from '../src/areas/jobs/search';
import { openDatabase } from '../src/db/client';
import { createGazetteer } from '../src/services/gazetteer';
import type { DatabaseTarget } from './shared';

/** The words searched for, in turn; each request is the issue's: keyword, 25 miles around Leeds, two filters, by relevance. */
export const searchWords = ['developer', 'engineer', 'manager', 'nurse'];

export const searchPath = '/api/recruiter/job/list';

export const searchBody = (search: string) => ({
  search,
  location: { place: 'Leeds', radius: 25, unit: 'mi' },
  filter: { workModel: ['HYBRID', 'ON_SITE'], jobTypes: [1] },
  sort: 'relevance',
});

type Explained = { 'Execution Time': number; 'Planning Time': number };
type Client = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export type RawTime = { search: string; execution: number; planning: number };

/**
 * Each request's SQL, as the product builds it, under EXPLAIN (ANALYZE, BUFFERS) `runs` times
 * (after a few unmeasured ones): the median execution and planning times. With `explain` set, the
 * first request's plan is printed.
 */
export const timeRawSql = async (target: DatabaseTarget, input: { runs: number; explain: boolean }): Promise<RawTime[]> => {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: target.databaseUrl ? undefined : path.join(target.dataDir, 'db'),
    poolSize: 1,
  });
  const client = (database.db as unknown as { $client: Client }).$client;
  const gazetteer = createGazetteer();
  try {
    const times: RawTime[] = [];
    for (const [n, search] of searchWords.entries()) {
      const request: JobSearch = jobSearch.parse(searchBody(search));
      const { sql, params } = searchQuery(database.db, gazetteer, request).query.toSQL();
      if (input.explain && n === 0) {
        const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params);
        console.log(`\nPlan of the "${search}" search:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
      const execution: number[] = [];
      const planning: number[] = [];
      for (let i = 0; i < input.runs + 3; i++) {
        const { rows } = await client.query(`explain (analyze, buffers, format json) ${sql}`, params);
        const value = rows[0]?.['QUERY PLAN'];
        const [explained] = (typeof value === 'string' ? JSON.parse(value) : value) as Explained[];
        if (i < 3 || !explained) continue;
        execution.push(explained['Execution Time']);
        planning.push(explained['Planning Time']);
      }
      times.push({ search, execution: median(execution), planning: median(planning) });
    }
    return times;
  } finally {
    await database.close();
  }
};
