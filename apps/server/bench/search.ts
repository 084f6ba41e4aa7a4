/**
 * The job-search scenario's requests (a thousand and more distinct searches, as visitors send
 * them), and the time of the same searches run one at a time, with the index's share of it.
 */
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { jobSearch } from '@app/contract/resources/job-board/job';
import { searchOpenJobs } from '../src/areas/jobs/search';
import { createSearchIndexSync, type SearchIndexSync } from '../src/areas/jobs/search-index-sync';
import { openDatabase } from '../src/db/client';
import { createGazetteer } from '../src/services/gazetteer';
import { random, roles, towns } from './seed-jobs';
import { benchFileStore, type DatabaseTarget } from './shared';

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

/** The public job search's path. */
export const searchPath = '/api/recruiter/job/list';

/** The bare server's route running only `select 1`: what any call costs on this machine at the bench's connections. */
export const floorPath = '/bench/floor';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export type AloneTimes = { sampled: number; p50: number; p99: number; max: number; indexP50: number; loadSeconds: number; heapMb: number };

/**
 * Every `every`-th search, one at a time in this process (after one unmeasured run): the whole
 * search as the product runs it (catch-up, index, the page's rows), and the index's part alone; and
 * how long loading the index took, and the heap it holds.
 */
export const timeSearchesAlone = async (target: DatabaseTarget, input: { requests: unknown[]; every: number }): Promise<AloneTimes> => {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: target.databaseUrl ? undefined : path.join(target.dataDir, 'db'),
    poolSize: 1,
  });
  const gazetteer = createGazetteer();
  // Garbage collected before each heap reading, so the figure is what the index holds.
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  try {
    collect();
    const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const heapBefore = held();
    const started = performance.now();
    const index = createSearchIndexSync(database.db);
    await index.load();
    const loadSeconds = (performance.now() - started) / 1000;
    collect();
    const heapMb = (held() - heapBefore) / 1e6;
    const whole: number[] = [];
    const indexOnly: number[] = [];
    const loaded = await index.current();
    const timedIndex: SearchIndexSync = {
      ...index,
      current: async () => ({
        ...loaded,
        index: {
          ...loaded.index,
          search: (q) => {
            const at = performance.now();
            const answer = loaded.index.search(q);
            indexOnly.push(performance.now() - at);
            return answer;
          },
        },
      }),
    };
    const files = benchFileStore(target);
    for (let n = 0; n < input.requests.length; n += input.every) {
      const request = jobSearch.parse(input.requests[n]);
      await searchOpenJobs({ db: database.db, gazetteer, index, files, request });
      const at = performance.now();
      await searchOpenJobs({ db: database.db, gazetteer, index: timedIndex, files, request });
      whole.push(performance.now() - at);
    }
    return {
      sampled: whole.length,
      p50: percentile(whole, 50),
      p99: percentile(whole, 99),
      max: Math.max(...whole),
      indexP50: percentile(indexOnly, 50),
      loadSeconds,
      heapMb,
    };
  } finally {
    await database.close();
  }
};
