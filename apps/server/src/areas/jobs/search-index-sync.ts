import { sql } from 'drizzle-orm';
import {
  horizonColumn,
  horizonOf,
  jsonOf,
  loadBatch,
  pruneChanges,
  pruneEveryMs,
  type Row,
  reloadAfterMs,
  rowsOf,
  sharedLooks,
} from '../../db/change-log';
import type { Db } from '../../db/client';
import { type CompanyCard, checkedCompanyCard, checkedJobCard, companyCardColumn, jobCardColumn } from './search-cards';
import { createSearchIndex, type IndexedJob, type SearchIndex, wordsOfVector } from './search-index';

const epochMs = (column: string) => sql.raw(`(extract(epoch from "job_search"."${column}") * 1000)::float8`);
const columns = sql`"job_search"."job_id", "job_search"."recruiter_id", "job_search"."is_featured_job", ${epochMs('posted_on')} as "posted_on",
  ${epochMs('application_start_date')} as "application_start_date", ${epochMs('application_end_date')} as "application_end_date",
  "job_search"."latitude", "job_search"."longitude", "job_search"."annual_salary_min", "job_search"."annual_salary_max",
  "job_search"."job_types", "job_search"."industries", "job_search"."work_model", "job_search"."experience",
  "job_search"."search_vector"::text as "words", ${jobCardColumn} as "card"`;
/** Open jobs with what their result cards show. */
const openJobs = sql`"job_search" join "jobs" on "jobs"."id" = "job_search"."job_id"`;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Where a job the search cannot show is reported. */
type SearchLog = { error: (details: object, message: string) => void };

const indexedJob = (row: Row, card: string): IndexedJob => ({
  jobId: row.job_id as string,
  recruiterId: row.recruiter_id as string,
  isFeaturedJob: Boolean(row.is_featured_job),
  postedOn: numberOrNull(row.posted_on),
  applicationStartDate: numberOrNull(row.application_start_date),
  applicationEndDate: numberOrNull(row.application_end_date),
  latitude: numberOrNull(row.latitude),
  longitude: numberOrNull(row.longitude),
  annualSalaryMin: numberOrNull(row.annual_salary_min),
  annualSalaryMax: numberOrNull(row.annual_salary_max),
  jobTypes: jsonOf<number[]>(row.job_types) ?? [],
  industries: jsonOf<string[]>(row.industries) ?? [],
  workModel: (row.work_model as string | null) ?? null,
  experience: (row.experience as string | null) ?? null,
  words: wordsOfVector(row.words as string),
  card,
});

/**
 * The job as the index takes it in, or null when its card does not pass the call's output schema (a
 * row written past the app): that job is left out of search and reported, and every other job is
 * still found.
 */
const openJobOf = (row: Row, log: SearchLog) => {
  try {
    return indexedJob(row, checkedJobCard(row.card as string));
  } catch (error) {
    log.error({ err: error, jobId: row.job_id }, 'A job is left out of search: its result card does not pass the output schema');
    return null;
  }
};

/** Companies (all, or those named): whether their jobs are on the board, and their cards. */
const companiesOf = async (db: Db, ids?: string[]) =>
  rowsOf(
    db,
    sql`select "id", ("status" = 'ACTIVE' and not "is_deleted") as "live", ${companyCardColumn} as "card" from "recruiter_companies" ${ids ? sql`where "id" in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))` : sql``}`,
  );

/** The index (with its jobs' cards) and every company's card. */
type Loaded = { index: SearchIndex; companyCards: Map<string, CompanyCard> };
export type SearchableJobs = Readonly<Loaded>;

const takeCompanies = (loaded: Loaded, rows: Row[]) => {
  for (const row of rows) {
    loaded.index.setCompanyLive(row.id as string, Boolean(row.live));
    loaded.companyCards.set(row.id as string, checkedCompanyCard(row.card as string));
  }
};

/**
 * Every open job, read in batches. The horizon is taken first: whatever changes while the batches
 * are read is in the change log from that horizon on, and is read again by the first catch-up.
 */
const loadIndex = async (db: Db, log: SearchLog) => {
  const horizon = await horizonOf(db);
  const loaded: Loaded = { index: createSearchIndex(), companyCards: new Map() };
  const batchAfter = (after: string) =>
    rowsOf(
      db,
      sql`select ${columns} from ${openJobs} where "job_search"."job_id" > ${after} order by "job_search"."job_id" limit ${loadBatch}`,
    );
  // The database reads the next batch while this process takes in the last.
  let reading = batchAfter('');
  for (;;) {
    const rows = await reading;
    const more = rows.length === loadBatch;
    if (more) reading = batchAfter(rows.at(-1)?.job_id as string);
    loaded.index.loadBatch(rows.flatMap((row) => openJobOf(row, log) ?? []));
    if (!more) break;
  }
  loaded.index.loaded();
  takeCompanies(loaded, await companiesOf(db));
  return { loaded, horizon };
};

/**
 * The process's search index and how it keeps up with the database: loaded when the app starts,
 * then before every search the changes since the last look (`job_search_changes`, written by
 * triggers in the writing transaction) are read and applied, so a job closed through any process is
 * gone from every process's next search. Searches that arrive while a look is under way wait for
 * the next one, which starts when it ends: one look serves all of them, and none is answered from
 * before it arrived.
 */
export const createSearchIndexSync = (db: Db, log: SearchLog = console) => {
  let state: { loaded: Loaded; horizon: number; lookedAt: number } | undefined;
  let loading: Promise<void> | undefined;
  let prunedAt = 0;

  const load = () => {
    loading ??= loadIndex(db, log)
      .then(({ loaded, horizon }) => {
        state = { loaded, horizon, lookedAt: Date.now() };
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  const look = async () => {
    if (!state || Date.now() - state.lookedAt > reloadAfterMs) return load();
    const current = state;
    const lookedAt = Date.now();
    const [seen] = await rowsOf(
      db,
      sql`select ${horizonColumn},
        (select coalesce(json_agg(distinct "job_id"), '[]') from "job_search_changes" where "changed" >= ${current.horizon} and "job_id" is not null) as "jobs",
        (select coalesce(json_agg(distinct "recruiter_id"), '[]') from "job_search_changes" where "changed" >= ${current.horizon} and "recruiter_id" is not null) as "companies"`,
    );
    const jobIds = jsonOf<string[]>(seen?.jobs) ?? [];
    const companyIds = jsonOf<string[]>(seen?.companies) ?? [];
    // Read after the look: newer than it, never older; a later change is in the log from this horizon on.
    if (jobIds.length) {
      const rows = await rowsOf(
        db,
        sql`select ${columns} from ${openJobs} where "job_search"."job_id" in (select jsonb_array_elements_text(${JSON.stringify(jobIds)}::jsonb))`,
      );
      const found = new Map(rows.map((row) => [row.job_id as string, openJobOf(row, log)]));
      current.loaded.index.apply(jobIds.map((jobId) => ({ jobId, job: found.get(jobId) ?? null })));
    }
    if (companyIds.length) {
      const rows = await companiesOf(db, companyIds);
      takeCompanies(current.loaded, rows);
      const found = new Set(rows.map((row) => row.id as string));
      for (const id of companyIds) {
        if (found.has(id)) continue;
        current.loaded.index.setCompanyLive(id, false);
        current.loaded.companyCards.delete(id);
      }
    }
    current.horizon = Number(seen?.horizon);
    current.lookedAt = lookedAt;
    if (lookedAt - prunedAt > pruneEveryMs) {
      prunedAt = lookedAt;
      await pruneChanges(db, 'job_search_changes');
    }
  };

  const caughtUp = sharedLooks(look);
  /** The index and the cards, up to date with everything committed before this call. */
  const current = async (): Promise<SearchableJobs> => {
    await caughtUp();
    return (state as NonNullable<typeof state>).loaded;
  };

  return { load, current };
};

export type SearchIndexSync = ReturnType<typeof createSearchIndexSync>;
