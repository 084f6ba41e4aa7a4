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
import { createSearchIndex, type IndexedJob, type SearchIndex, wordsOfVector } from './search-index';

const epochMs = (column: string) => sql.raw(`(extract(epoch from "${column}") * 1000)::float8`);
const jobColumns = sql`"job_id", "recruiter_id", "is_featured_job", ${epochMs('posted_on')} as "posted_on",
  ${epochMs('application_start_date')} as "application_start_date", ${epochMs('application_end_date')} as "application_end_date",
  "latitude", "longitude", "annual_salary_min", "annual_salary_max", "job_types", "industries", "work_model", "experience",
  "search_vector"::text as "words"`;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const indexedJob = (row: Row): IndexedJob => ({
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
});

const companiesDown = async (db: Db, ids?: string[]) =>
  rowsOf(
    db,
    sql`select "id", ("status" = 'ACTIVE' and not "is_deleted") as "live" from "recruiter_companies" ${ids ? sql`where "id" in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))` : sql`where "status" <> 'ACTIVE' or "is_deleted"`}`,
  );

/**
 * Every open job, read in batches. The horizon is taken first: whatever changes while the batches
 * are read is in the change log from that horizon on, and is read again by the first catch-up.
 */
const loadIndex = async (db: Db) => {
  const horizon = await horizonOf(db);
  const index = createSearchIndex();
  let after = '';
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`select ${jobColumns} from "job_search" where "job_id" > ${after} order by "job_id" limit ${loadBatch}`,
    );
    index.loadBatch(rows.map(indexedJob));
    if (rows.length < loadBatch) break;
    after = rows.at(-1)?.job_id as string;
  }
  index.loaded();
  for (const row of await companiesDown(db)) index.setCompanyLive(row.id as string, Boolean(row.live));
  return { index, horizon };
};

/**
 * The process's search index and how it keeps up with the database: loaded when the app starts,
 * then before every search the changes since the last look (`job_search_changes`, written by
 * triggers in the writing transaction) are read and applied, so a job closed through any process is
 * gone from every process's next search. Searches that arrive while a look is under way wait for
 * the next one, which starts when it ends: one look serves all of them, and none is answered from
 * before it arrived.
 */
export const createSearchIndexSync = (db: Db) => {
  let state: { index: SearchIndex; horizon: number; lookedAt: number } | undefined;
  let loading: Promise<void> | undefined;
  let prunedAt = 0;

  const load = () => {
    loading ??= loadIndex(db)
      .then(({ index, horizon }) => {
        state = { index, horizon, lookedAt: Date.now() };
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
        sql`select ${jobColumns} from "job_search" where "job_id" in (select jsonb_array_elements_text(${JSON.stringify(jobIds)}::jsonb))`,
      );
      const found = new Map(rows.map((row) => [row.job_id as string, indexedJob(row)]));
      current.index.apply(jobIds.map((jobId) => ({ jobId, job: found.get(jobId) ?? null })));
    }
    if (companyIds.length) {
      const rows = await companiesDown(db, companyIds);
      const live = new Map(rows.map((row) => [row.id as string, Boolean(row.live)]));
      for (const id of companyIds) current.index.setCompanyLive(id, live.get(id) ?? false);
    }
    current.horizon = Number(seen?.horizon);
    current.lookedAt = lookedAt;
    if (lookedAt - prunedAt > pruneEveryMs) {
      prunedAt = lookedAt;
      await pruneChanges(db, 'job_search_changes');
    }
  };

  const caughtUp = sharedLooks(look);
  /** The index, up to date with everything committed before this call. */
  const current = async (): Promise<SearchIndex> => {
    await caughtUp();
    return (state as NonNullable<typeof state>).index;
  };

  return { load, current };
};

export type SearchIndexSync = ReturnType<typeof createSearchIndexSync>;
